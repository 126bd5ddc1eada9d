import Testing
import Vitrine
import VitrineGraphics

@MainActor
struct ControlGestureTests {
    /// UIKit: a button's tap beats a single-tap recognizer on an ancestor, and a tap beside the
    /// button still reaches the recognizer.
    @Test func aButtonKeepsItsTapFromAnAncestorsSingleTapRecognizer() {
        let h = Harness()
        let panel = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let button = Button(frame: Rect(x: 50, y: 50, width: 100, height: 50))
        h.window.addSubview(panel)
        panel.addSubview(button)
        var log: [String] = []
        let tap = TapGestureRecognizer { _ in log.append("panel tap") }
        panel.addGestureRecognizer(tap)
        button.addAction({ _ in log.append("button") }, for: .touchUpInside)

        h.tap(at: Point(x: 60, y: 60))
        h.advance(by: 1)
        #expect(log == ["button"])
        h.tap(at: Point(x: 300, y: 300))
        h.advance(by: 1)
        #expect(log == ["button", "panel tap"])

        // A disabled button does not claim the tap.
        button.isEnabled = false
        h.tap(at: Point(x: 60, y: 60))
        h.advance(by: 1)
        #expect(log == ["button", "panel tap", "panel tap"])
    }

    @Test func aDoubleTapOnAnAncestorIsNotRefusedByAButton() {
        let h = Harness()
        let panel = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let button = Button(frame: Rect(x: 50, y: 50, width: 100, height: 50))
        h.window.addSubview(panel)
        panel.addSubview(button)
        var log: [String] = []
        let doubleTap = TapGestureRecognizer { _ in log.append("double") }
        doubleTap.numberOfTapsRequired = 2
        panel.addGestureRecognizer(doubleTap)
        h.tap(at: Point(x: 60, y: 60))
        h.advance(by: 0.1)
        h.tap(at: Point(x: 60, y: 60))
        h.advance(by: 1)
        #expect(log == ["double"])
    }
}
