import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Helpers of the time, display and view-controller tests (next to `Harness`, which they use).

extension Harness {
    /// One refresh period of the virtual display, in seconds.
    var period: Double { display.refreshPeriod }

    /// Brings the app to rest: runs the turn that commits whatever was set up outside a turn
    /// (a test's own code runs outside any turn, so it wakes the loop as a real event would),
    /// then lets every pending flip land. Afterwards nothing is dirty and the display is free.
    func settle() {
        loop.wakeUp()
        loop.runUntilIdle()
        // The next vblank is at most one period away; 1.5 periods always reach it.
        while display.isFlipPending || app.hasPendingCommit {
            loop.advance(by: 1.5 * period)
        }
    }

    /// The time of the first vblank strictly after now (vblanks fall on multiples of the period).
    var nextVblank: Double {
        let index = (clock.now / period).rounded(.down) + 1
        // Guard against `now` sitting on a vblank that the division put just below it.
        return index / display.mode.refreshRate > clock.now ? index / display.mode.refreshRate
            : (index + 1) / display.mode.refreshRate
    }

    /// Moves time to half a period past the `count`-th vblank from now: exactly `count` vblanks
    /// happen on the way, and the clock ends well away from any vblank.
    func advance(throughVblanks count: Int) {
        loop.advance(to: nextVblank + (Double(count) - 0.5) * period)
    }

    /// Runs one turn now, as the arrival of an unrelated event would (its commit included).
    func turn() {
        loop.wakeUp()
        loop.runUntilIdle()
    }
}

/// A view that records each `draw(_:)` call and the rect it was given.
@MainActor
final class DrawRecordingView: View {
    var drawnRects: [Rect] = []
    var drawCount: Int { drawnRects.count }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        drawnRects.append(rect)
    }
}

/// Equal within a nanosecond: vblank times are multiples of 1/60 s, which is not exact in
/// binary, so expected values computed by hand differ from them by an ulp or two.
func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
