import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

@MainActor
@Suite struct TapTimerReuseTests {
    @Test func aTapRecognizerReusesItsHoldTimerAndStillFailsALongPress() {
        let h = Harness()
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        h.window.addSubview(view)
        var taps = 0
        let tap = TapGestureRecognizer { _ in taps += 1 }
        view.addGestureRecognizer(tap)
        h.tap(at: Point(x: 50, y: 50))
        h.advance(by: 1)
        let timersAfterFirst = ObjectIdentifier(tap.holdTimerForTests!)
        h.tap(at: Point(x: 50, y: 50))
        h.advance(by: 1)
        #expect(taps == 2)
        #expect(ObjectIdentifier(tap.holdTimerForTests!) == timersAfterFirst, "one timer, armed again")
        // Held beyond the limit: the re-armed timer still fails the tap.
        h.down(0, at: Point(x: 50, y: 50))
        h.advance(by: tap.maximumTapDuration + 0.1)
        h.up(0)
        h.advance(by: 1)
        #expect(taps == 2)
    }
}
