import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The progress view's values and animation, and the activity indicator, which turns only
/// while animating and visible in a window: no link, no frame and no wake-up otherwise.
@MainActor
struct ProgressViewTests {
    let h = Harness()
    let bar = ProgressView(frame: Rect(x: 100, y: 100, width: 200, height: 4))

    init() {
        h.window.addSubview(bar)
        h.settleControls()
    }

    @Test func progressIsClampedAndNonFiniteValuesAreIgnored() {
        bar.progress = 0.4
        bar.progress = .nan
        #expect(bar.progress == 0.4)
        bar.setProgress(7, animated: true)
        #expect(bar.progress == 1)
        bar.progress = -1
        #expect(bar.progress == 0)
    }

    @Test func anAnimatedChangeRedrawsOverAFewFramesThenSleeps() {
        let drawn = h.app.statistics.viewsDrawn
        bar.setProgress(0.8, animated: true)
        h.advance(by: 0.5)
        h.settleControls()
        #expect(h.app.statistics.viewsDrawn > drawn + 5)
        #expect(!h.display.isFrameRequested)
        let turns = h.loop.turnCount
        h.advance(by: 10)
        #expect(h.loop.turnCount == turns)
    }
}

@MainActor
struct ActivityIndicatorTests {
    let h = Harness()
    let indicator = ActivityIndicatorView(style: .large)

    init() {
        indicator.center = Point(x: 200, y: 200)
        h.window.addSubview(indicator)
        h.settleControls()
    }

    /// Loop turns while `seconds` pass.
    func turns(over seconds: Double) -> Int {
        let before = h.loop.turnCount
        h.advance(by: seconds)
        return h.loop.turnCount - before
    }

    @Test func stoppedItIsHiddenAndWakesNothing() {
        #expect(indicator.isHidden)
        #expect(!indicator.isTurning)
        #expect(turns(over: 10) == 0)
    }

    @Test func animatingItRedrawsOnlyWhenTheLitSpokeMoves() {
        indicator.startAnimating()
        #expect(!indicator.isHidden)
        #expect(indicator.isTurning)
        h.loop.runUntilIdle()
        let drawn = h.app.statistics.viewsDrawn
        let frames = h.app.statistics.frames
        h.advance(by: 1)
        #expect(h.app.statistics.frames - frames >= 50)
        // Eight spokes a second, not one redraw per frame.
        let redraws = h.app.statistics.viewsDrawn - drawn
        #expect(redraws >= 7 && redraws <= 9)
        indicator.stopAnimating()
        h.settleControls()
        #expect(indicator.isHidden && !indicator.isTurning)
        #expect(!h.display.isFrameRequested)
        #expect(turns(over: 10) == 0)
    }

    @Test func hiddenItStopsTurningAndShownItTurnsAgain() {
        indicator.hidesWhenStopped = false
        indicator.startAnimating()
        indicator.isHidden = true
        h.settleControls()
        #expect(indicator.isAnimating && !indicator.isTurning)
        #expect(turns(over: 10) == 0)
        indicator.isHidden = false
        #expect(indicator.isTurning)
    }

    @Test func aHiddenAncestorStopsItToo() {
        let panel = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.window.addSubview(panel)
        panel.addSubview(indicator)
        indicator.startAnimating()
        #expect(indicator.isTurning)
        panel.isHidden = true
        h.settleControls()
        #expect(!indicator.isTurning)
        #expect(turns(over: 10) == 0)
        panel.isHidden = false
        #expect(indicator.isTurning)
    }

    @Test func offWindowItDoesNotTurnUntilItJoinsOne() {
        indicator.removeFromSuperview()
        indicator.startAnimating()
        #expect(indicator.isAnimating && !indicator.isTurning)
        h.settleControls()
        #expect(turns(over: 10) == 0)
        h.window.addSubview(indicator)
        #expect(indicator.isTurning)
        indicator.removeFromSuperview()
        #expect(!indicator.isTurning)
        h.settleControls()
        #expect(turns(over: 10) == 0)
    }
}

@MainActor
struct ActivityIndicatorLifetimeTests {
    @Test func anIndicatorReleasedWhileAnimatingGoesAndTakesItsLinkWithIt() {
        let h = Harness()
        weak var released: ActivityIndicatorView?
        do {
            let indicator = ActivityIndicatorView(style: .medium)
            h.window.addSubview(indicator)
            indicator.startAnimating()
            #expect(indicator.isTurning)
            indicator.removeFromSuperview()
            released = indicator
        }
        #expect(released == nil)
        h.settleControls()
        #expect(!h.display.isFrameRequested)
    }
}
