import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
struct SmokeTests {
    @Test func tapReachesTheViewUnderTheFinger() {
        let h = Harness()
        let view = RecordingView("v", frame: Rect(x: 100, y: 100, width: 100, height: 50))
        h.window.addSubview(view)
        h.tap(at: Point(x: 120, y: 120))
        #expect(view.log == ["began 1", "ended 1"])
        #expect(h.app.touchPool.activeCount == 0)
    }
}
