import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// `View.animate`: the model changes at once, the screen follows frame by frame, nothing is
/// redrawn for a move or a fade, and completions say whether the animation finished.
@MainActor
struct ViewAnimationTests {
    private func setUp() -> (Harness, DrawRecordingView) {
        let h = Harness()
        let view = DrawRecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .red
        h.window.addSubview(view)
        h.settle()
        return (h, view)
    }

    @Test func theModelChangesAtOnceAndTheScreenFollowsFrameByFrame() {
        let (h, view) = setUp()
        View.animate(withDuration: 1, options: .curveLinear) {
            view.center = Point(x: 450, y: 50)
        }
        #expect(view.center == Point(x: 450, y: 50))
        #expect(view.frame == Rect(x: 400, y: 0, width: 100, height: 100))
        var shown: [Double] = []
        for _ in 0..<70 {
            h.advance(throughVblanks: 1)
            shown.append(view.renderTransformToSuperview.tx)
        }
        // x of the top-left corner: from 0 to 400, increasing, ending at 400.
        #expect(shown.first! > 0 && shown.first! < 20)
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(shown.last == 400)
        #expect(view.presentation == nil)
    }

    /// With two applications in one process (as tests have), an animation runs on the one
    /// whose window shows the view, not on the one made last: the other's loop never turns.
    @Test func anAnimationRunsOnTheApplicationShowingTheView() {
        let (h, view) = setUp()
        let later = Harness()
        later.settle()
        let laterTurns = later.loop.turnCount
        View.animate(withDuration: 0.3, options: .curveLinear) { view.alpha = 0.2 }
        #expect(view.presentation != nil)
        later.advance(by: 1)
        #expect(later.loop.turnCount == laterTurns, "the animation ticked on the other application's loop")
        h.advance(by: 1)
        #expect(view.presentation == nil, "the animation did not run on its own application")
    }

    @Test func movingAndFadingCallDrawZeroTimes() {
        let (h, view) = setUp()
        let draws = view.drawCount
        View.animate(withDuration: 0.5) {
            view.center = Point(x: 300, y: 200)
            view.alpha = 0.4
        }
        let presents = h.display.presentCount
        h.advance(by: 1)
        #expect(view.drawCount == draws)
        // It was recomposed on many frames, though: about one per vblank over 0.5 s.
        #expect(h.display.presentCount - presents >= 25)
        #expect(view.renderAlpha == 0.4)
    }

    @Test func halfwayThroughALinearFadeTheAlphaIsHalfway() {
        let (h, view) = setUp()
        let start = h.clock.now
        View.animate(withDuration: 1, options: .curveLinear) { view.alpha = 0 }
        h.loop.advance(to: start + 0.5)
        // Frames are shown at their target time, at most a period ahead of now.
        let shown = view.renderAlpha
        #expect(shown > 0.45 && shown < 0.52)
    }

    @Test func completionReportsFinished() {
        let (h, view) = setUp()
        var result: Bool?
        View.animate(withDuration: 0.3, animations: { view.alpha = 0.5 }, completion: { result = $0 })
        h.advance(by: 0.2)
        #expect(result == nil)
        h.advance(by: 0.2)
        #expect(result == true)
    }

    @Test func animatingThePropertyAgainInterruptsAndStartsFromWhatIsShown() {
        let (h, view) = setUp()
        var first: Bool?
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.center = Point(x: 450, y: 50) },
                     completion: { first = $0 })
        h.advance(by: 0.5)
        let shownX = view.renderTransformToSuperview.tx
        var second: Bool?
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.center = Point(x: 50, y: 50) },
                     completion: { second = $0 })
        #expect(first == false)
        // The new animation starts where the view was seen, not where the model was.
        #expect(view.renderTransformToSuperview.tx == shownX)
        h.advance(by: 1.1)
        #expect(second == true)
        #expect(view.renderTransformToSuperview.tx == 0)
    }

    @Test func settingThePropertyDirectlyCancelsItsAnimation() {
        let (h, view) = setUp()
        var result: Bool?
        View.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { result = $0 })
        h.advance(by: 0.3)
        view.alpha = 0.8
        #expect(result == false)
        #expect(view.renderAlpha == 0.8)
    }

    @Test func removeAllAnimationsShowsTheModelAndReportsUnfinished() {
        let (h, view) = setUp()
        var result: Bool?
        View.animate(withDuration: 1, animations: { view.center = Point(x: 300, y: 300) }, completion: { result = $0 })
        h.advance(by: 0.2)
        view.removeAllAnimations()
        #expect(result == false)
        #expect(view.presentation == nil)
        #expect(view.renderTransformToSuperview == view.transformToSuperview)
    }

    @Test func anIdleAppStopsTickingWhenTheAnimationEnds() {
        let (h, view) = setUp()
        View.animate(withDuration: 0.2) { view.alpha = 0.5 }
        h.advance(by: 0.5)
        let frames = h.display.frameCount
        let turns = h.loop.turnCount
        h.advance(by: 2)
        #expect(h.display.frameCount == frames)
        #expect(h.loop.turnCount == turns)
    }

    @Test func aDelayedAnimationShowsTheOldValueUntilItStarts() {
        let (h, view) = setUp()
        View.animate(withDuration: 0.5, delay: 0.5, options: .curveLinear) { view.alpha = 0 }
        h.advance(by: 0.3)
        #expect(view.renderAlpha == 1)
        h.advance(by: 0.5)
        #expect(view.renderAlpha < 1 && view.renderAlpha > 0)
        h.advance(by: 0.5)
        #expect(view.renderAlpha == 0)
    }

    @Test func aZeroDurationChangeIsImmediateAndCompletesOnTheNextTurn() {
        let (h, view) = setUp()
        var result: Bool?
        View.animate(withDuration: 0, animations: { view.alpha = 0.25 }, completion: { result = $0 })
        #expect(view.renderAlpha == 0.25)
        #expect(result == nil)
        h.turn()
        #expect(result == true)
    }

    @Test func backgroundColorAnimatesThroughTheColoursBetween() {
        let (h, view) = setUp()
        View.animate(withDuration: 1, options: .curveLinear) { view.backgroundColor = .blue }
        h.advance(by: 0.5)
        let mid = view.renderBackgroundColor!
        #expect(mid.red > 0.3 && mid.red < 0.7)
        #expect(mid.blue > 0.3 && mid.blue < 0.7)
        h.advance(by: 0.6)
        #expect(view.renderBackgroundColor == .blue)
    }

    @Test func aSpringOvershootsItsTarget() {
        let (h, view) = setUp()
        View.animate(withDuration: 1, usingSpringWithDamping: 0.3, initialSpringVelocity: 0) {
            view.center = Point(x: 150, y: 50)
        }
        var maxX = 0.0
        for _ in 0..<70 {
            h.advance(throughVblanks: 1)
            maxX = max(maxX, view.renderTransformToSuperview.tx)
        }
        #expect(maxX > 100)
        #expect(view.renderTransformToSuperview.tx == 100)
    }

    @Test func animatingViewsIgnoreTouchesUnlessAllowed() {
        let (h, view) = setUp()
        View.animate(withDuration: 1) { view.alpha = 0.9 }
        #expect(h.window.hitTest(Point(x: 50, y: 50), with: nil) === h.window)
        view.removeAllAnimations()
        View.animate(withDuration: 1, options: .allowUserInteraction) { view.alpha = 0.8 }
        #expect(h.window.hitTest(Point(x: 50, y: 50), with: nil) === view)
    }

    @Test func theScreenShowsTheAnimatedPosition() {
        let (h, view) = setUp()
        View.animate(withDuration: 1, options: .curveLinear) { view.center = Point(x: 650, y: 50) }
        h.advance(by: 0.5)
        let x = Int(view.renderTransformToSuperview.tx.rounded(.up))
        // The scene holds the frame composed for the values shown now (the display shows it
        // at the next vblank).
        let shown = h.app.compositor!.scene
        // Red where the view is seen, not at its model position (600...700) nor its start.
        #expect(shown.color(x: x + 50, y: 50).rgba8 == Color.red.rgba8)
        #expect(shown.color(x: 650, y: 50).rgba8 == Color.black.rgba8)
        #expect(shown.color(x: 5, y: 50).rgba8 == Color.black.rgba8)
    }
}

/// Completions may start and stop animations of their own.
@MainActor
struct ChainedAnimationTests {
    @Test func aCompletionCanStartTheNextAnimationAndCancelAnother() {
        let h = Harness()
        let a = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = View(frame: Rect(x: 0, y: 20, width: 10, height: 10))
        let c = View(frame: Rect(x: 0, y: 40, width: 10, height: 10))
        for view in [a, b, c] { h.window.addSubview(view) }
        h.settle()
        var log: [String] = []
        View.animate(withDuration: 0.2, animations: { a.alpha = 0.5 }, completion: { finished in
            log.append("a \(finished)")
            c.removeAllAnimations()
            View.animate(withDuration: 0.2, animations: { a.alpha = 1 }, completion: { log.append("a again \($0)") })
        })
        View.animate(withDuration: 0.2, animations: { b.alpha = 0.5 }, completion: { log.append("b \($0)") })
        View.animate(withDuration: 5, animations: { c.alpha = 0.5 }, completion: { log.append("c \($0)") })
        h.advance(by: 1)
        #expect(log == ["a true", "c false", "b true", "a again true"])
        #expect(a.renderAlpha == 1 && b.renderAlpha == 0.5 && c.renderAlpha == 0.5)
        #expect(c.presentation == nil)
    }
}

/// Changes made inside `performWithoutAnimation` are not animated, even inside an animation.
@MainActor
struct WithoutAnimationTests {
    @Test func changesInsidePerformWithoutAnimationAreImmediate() {
        let h = Harness()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(view)
        h.settle()
        View.animate(withDuration: 1) {
            view.alpha = 0.5
            View.performWithoutAnimation { view.center = Point(x: 100, y: 100) }
        }
        #expect(view.renderTransformToSuperview == view.transformToSuperview)
        #expect(view.presentation?.animates(.alpha) == true)
        #expect(view.presentation?.animates(.center) == false)
    }
}
