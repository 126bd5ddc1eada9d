import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// `ViewPropertyAnimator`, as UIKit documents `UIViewPropertyAnimator`: its states, completion
/// positions, scrubbing while paused, reversing, continuing with a velocity, stopping where it
/// is; and that a held animator asks for no frames.
@MainActor
@Suite struct ViewPropertyAnimatorTests {
    private func setUp() -> (Harness, View) {
        let h = Harness()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .red
        h.window.addSubview(view)
        h.settle()
        return (h, view)
    }

    /// x of the view's top-left corner as shown on screen.
    private func shownX(_ view: View) -> Double { view.renderTransformToSuperview.tx }

    /// A linear move of `view` 400 points to the right over 1 s.
    private func slide(_ view: View, curve: AnimationCurve = .linear) -> ViewPropertyAnimator {
        ViewPropertyAnimator(duration: 1, curve: curve) { view.center = Point(x: 450, y: 50) }
    }

    @Test func itGoesFromInactiveToActiveToStoppedToInactive() {
        let (h, view) = setUp()
        let animator = slide(view)
        var positions: [ViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        #expect(animator.state == .inactive && !animator.isRunning)
        #expect(view.center == Point(x: 50, y: 50), "the animations run when it starts, not when it is made")
        animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning)
        #expect(view.center == Point(x: 450, y: 50), "the model takes the end value at once")
        h.advance(by: 0.3)
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped && !animator.isRunning)
        #expect(positions.isEmpty)
        animator.finishAnimation(at: .end)
        #expect(animator.state == .inactive)
        #expect(positions == [.end])
        #expect(view.center == Point(x: 450, y: 50) && view.presentation == nil)
    }

    @Test func runningToTheEndCompletesAtTheEnd() {
        let (h, view) = setUp()
        let animator = slide(view)
        var positions: [ViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        var shown: [Double] = []
        for _ in 0..<70 {
            h.advance(throughVblanks: 1)
            shown.append(shownX(view))
        }
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(shown.first! > 0 && shown.last == 400)
        #expect(positions == [.end] && animator.state == .inactive && view.presentation == nil)
    }

    @Test func aReversedAnimatorCompletesAtTheStartWithTheStartValues() {
        let (h, view) = setUp()
        let animator = slide(view)
        var positions: [ViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        h.advance(by: 0.4)
        let turnedAt = shownX(view)
        animator.isReversed = true
        #expect(animator.isRunning)
        h.advance(throughVblanks: 2)
        #expect(shownX(view) < turnedAt, "it runs back from where it was")
        h.advance(by: 1)
        #expect(positions == [.start])
        #expect(view.center == Point(x: 50, y: 50), "the model is back at the start values")
        #expect(shownX(view) == 0 && view.presentation == nil)
    }

    @Test func fractionCompleteWhilePausedMovesTheViewsLinearly() {
        let (h, view) = setUp()
        let animator = slide(view, curve: .easeInOut)
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning)
        #expect(shownX(view) == 0, "paused at the start")
        animator.fractionComplete = 0.25
        #expect(animator.fractionComplete == 0.25)
        #expect(abs(shownX(view) - 100) < 1e-9, "scrubbing is linear by default, whatever the curve")
        animator.scrubsLinearly = false
        animator.fractionComplete = 0.25
        let onCurve = AnimationCurve.easeInOut.progress(atFraction: 0.25, duration: 1) * 400
        #expect(abs(shownX(view) - onCurve) < 1e-9 && onCurve < 90)
        h.advance(by: 1)
        #expect(animator.fractionComplete == 0.25 && abs(shownX(view) - onCurve) < 1e-9, "time does not move it")
    }

    @Test func settingFractionCompleteOnAnInactiveAnimatorPausesIt() {
        let (_, view) = setUp()
        let animator = slide(view)
        animator.fractionComplete = 0.5
        #expect(animator.state == .active && !animator.isRunning)
        #expect(abs(shownX(view) - 200) < 1e-9)
    }

    @Test func fractionCompleteIsIgnoredWhileRunning() {
        let (h, view) = setUp()
        let animator = slide(view)
        animator.startAnimation()
        h.advance(by: 0.2)
        let before = animator.fractionComplete
        animator.fractionComplete = 0.9
        #expect(animator.fractionComplete == before)
        #expect(before > 0.1 && before < 0.3)
    }

    @Test func resumingAfterAScrubContinuesFromThereOverTheTimeLeft() {
        let (h, view) = setUp()
        let animator = slide(view)
        var positions: [ViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.fractionComplete = 0.75
        animator.startAnimation()
        h.advance(throughVblanks: 1)
        #expect(shownX(view) >= 300)
        // A quarter of the second is left.
        h.advance(by: 0.2)
        #expect(positions.isEmpty)
        h.advance(by: 0.1)
        #expect(positions == [.end])
    }

    @Test func finishingAtCurrentLeavesTheValuesWhereTheyAre() {
        let (h, view) = setUp()
        let animator = slide(view)
        var positions: [ViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        h.advance(by: 0.5)
        animator.stopAnimation(false)
        let stoppedX = view.frame.minX
        #expect(stoppedX > 300 * 0.5 && stoppedX < 400, "the model holds the value shown when stopped")
        #expect(view.presentation == nil && shownX(view) == stoppedX)
        animator.finishAnimation(at: .current)
        #expect(positions == [.current])
        #expect(view.frame.minX == stoppedX && shownX(view) == stoppedX)
        h.advance(by: 1)
        #expect(view.frame.minX == stoppedX)
    }

    @Test func finishingAtTheStartPutsTheStartValuesBack() {
        let (h, view) = setUp()
        let animator = slide(view)
        var positions: [ViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        h.advance(by: 0.5)
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(positions == [.start] && view.frame.minX == 0)
    }

    @Test func stoppingWithoutFinishingCallsNoCompletion() {
        let (h, view) = setUp()
        let animator = slide(view)
        var calls = 0
        animator.addCompletion { _ in calls += 1 }
        animator.startAnimation()
        h.advance(by: 0.5)
        animator.stopAnimation(true)
        #expect(animator.state == .inactive && !animator.isRunning)
        let stoppedX = view.frame.minX
        #expect(stoppedX > 100 && stoppedX < 400 && shownX(view) == stoppedX)
        h.advance(by: 2)
        #expect(calls == 0)
        animator.finishAnimation(at: .end)
        #expect(calls == 0 && view.frame.minX == stoppedX, "finishing is for a stopped animator only")
    }

    @Test func continuingWithAVelocityStartsFaster() {
        let (h, slow) = setUp()
        let fast = View(frame: Rect(x: 0, y: 200, width: 100, height: 100))
        h.window.addSubview(fast)
        let slowAnimator = slide(slow)
        let fastAnimator = ViewPropertyAnimator(duration: 1, curve: .linear) { fast.center = Point(x: 450, y: 250) }
        var positions: [ViewAnimatingPosition] = []
        fastAnimator.addCompletion { positions.append($0) }
        slowAnimator.fractionComplete = 0.5
        fastAnimator.fractionComplete = 0.5
        slowAnimator.continueAnimation(withTimingParameters: SpringTimingParameters(dampingRatio: 1), durationFactor: 1)
        // 1000 points a second with 200 left: 5 remaining distances a second.
        fastAnimator.continueAnimation(withTimingParameters: SpringTimingParameters(dampingRatio: 1, initialVelocity: 5),
                                       durationFactor: 1)
        #expect(fastAnimator.isRunning && slowAnimator.isRunning)
        h.advance(throughVblanks: 2)
        #expect(shownX(fast) > shownX(slow) + 5, "the finger's speed carries on")
        h.advance(by: 1)
        #expect(positions == [.end] && fast.frame.minX == 400 && shownX(fast) == 400)
    }

    @Test func aDurationFactorStretchesTheTimeLeft() {
        let (h, view) = setUp()
        let animator = slide(view)
        var positions: [ViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.fractionComplete = 0.5
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 2)
        // Half the animation left, at twice the time: one second.
        h.advance(by: 0.9)
        #expect(positions.isEmpty)
        h.advance(by: 0.2)
        #expect(positions == [.end])
    }

    @Test func aPausedAnimatorAsksForNoFrames() {
        let (h, view) = setUp()
        let animator = slide(view)
        animator.startAnimation()
        h.advance(by: 0.3)
        animator.pauseAnimation()
        h.advance(by: 0.1)
        let frames = h.display.frameCount
        let turns = h.loop.turnCount
        h.advance(by: 2)
        #expect(h.display.frameCount == frames, "nothing changed: nothing rendered")
        #expect(h.loop.turnCount == turns, "a held animator does not wake the loop")
        // A finger moving it makes one frame, then rest again.
        animator.fractionComplete = 0.6
        h.settle()
        let afterScrub = h.display.frameCount
        #expect(afterScrub > frames)
        h.advance(by: 2)
        #expect(h.display.frameCount == afterScrub)
        #expect(shownX(view) == 240)
    }

    @Test func aDelayShowsTheStartValuesUntilItEnds() {
        let (h, view) = setUp()
        let animator = slide(view)
        animator.startAnimation(afterDelay: 0.5)
        #expect(animator.isRunning && animator.delay == 0.5)
        h.advance(by: 0.4)
        #expect(shownX(view) == 0)
        h.advance(by: 0.3)
        #expect(shownX(view) > 0)
    }

    @Test func pausesOnCompletionHoldsAtTheEndUntilReversed() {
        let (h, view) = setUp()
        let animator = slide(view)
        animator.pausesOnCompletion = true
        var positions: [ViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        h.advance(by: 1.2)
        #expect(positions.isEmpty && animator.state == .active && !animator.isRunning)
        #expect(animator.fractionComplete == 1 && shownX(view) == 400)
        let frames = h.display.frameCount
        h.advance(by: 1)
        #expect(h.display.frameCount == frames)
        animator.isReversed = true
        animator.pausesOnCompletion = false
        animator.startAnimation()
        h.advance(by: 1.2)
        #expect(positions == [.start] && view.frame.minX == 0)
    }

    @Test func animationsAddedWhileRunningCoverTheRestOfTheWay() {
        let (h, view) = setUp()
        let animator = slide(view)
        var positions: [ViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        h.advance(by: 0.5)
        animator.addAnimations { view.alpha = 0 }
        #expect(view.alpha == 0 && view.renderAlpha == 1, "it starts from what is shown")
        h.advance(by: 0.25)
        #expect(view.renderAlpha > 0.3 && view.renderAlpha < 0.7)
        h.advance(by: 0.5)
        #expect(positions == [.end] && view.renderAlpha == 0)
    }

    @Test func settingAPropertyDirectlyTakesItFromTheAnimator() {
        let (h, view) = setUp()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) {
            view.center = Point(x: 450, y: 50)
            view.alpha = 0.2
        }
        var positions: [ViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        h.advance(by: 0.3)
        view.alpha = 0.8
        #expect(view.renderAlpha == 0.8)
        h.advance(by: 0.1)
        #expect(view.renderAlpha == 0.8, "the animator let the alpha go")
        #expect(shownX(view) > 0 && shownX(view) < 400, "and moves the rest")
        h.advance(by: 1)
        #expect(positions == [.end] && view.presentation == nil)
    }

    @Test func viewAnimateTakesOverFromAnAnimator() {
        let (h, view) = setUp()
        let animator = slide(view)
        animator.fractionComplete = 0.5
        View.animate(withDuration: 0.2) { view.center = Point(x: 50, y: 50) }
        #expect(shownX(view) == 200, "the new animation starts from what is shown")
        h.advance(by: 0.5)
        #expect(shownX(view) == 0 && view.presentation == nil)
        animator.stopAnimation(true)
        #expect(view.frame.minX == 0, "the animator no longer holds the view")
    }

    @Test func aNonInterruptibleAnimatorCannotBePaused() {
        let (h, view) = setUp()
        let animator = slide(view)
        animator.isInterruptible = false
        var positions: [ViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        animator.isInterruptible = true
        #expect(!animator.isInterruptible, "set only while inactive")
        h.advance(by: 0.2)
        animator.pauseAnimation()
        animator.stopAnimation(true)
        #expect(animator.isRunning)
        h.advance(by: 1)
        #expect(positions == [.end])
    }
}
