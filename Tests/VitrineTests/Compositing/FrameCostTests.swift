import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Small changes cost small frames: counted in pixels and bytes, never in time.
@MainActor
struct FrameCostTests {
    /// A 1920×1080 screen of ~100 views: a header, a grid of buttons, a footer.
    private func kioskScreen() -> (Harness, highlight: DrawRecordingView) {
        let h = Harness(width: 1920, height: 1080)
        h.window.backgroundColor = .white
        let header = View(frame: Rect(x: 0, y: 0, width: 1920, height: 120))
        header.backgroundColor = Color(rgb: 0x1E3A5F)
        h.window.addSubview(header)
        for row in 0..<8 {
            for column in 0..<12 {
                let button = DrawRecordingView(frame: Rect(x: 40 + Double(column) * 150, y: 160 + Double(row) * 100, width: 140, height: 60))
                button.backgroundColor = Color(rgb: 0xDDE6F0)
                button.cornerRadius = 8
                h.window.addSubview(button)
            }
        }
        let big = DrawRecordingView(frame: Rect(x: 860, y: 990, width: 200, height: 60))
        big.backgroundColor = Color(rgb: 0x2E7D32)
        h.window.addSubview(big)
        h.settle()
        return (h, big)
    }

    @Test func highlightingOneButtonDrawsOneViewAndComposesAndCopiesOnlyItsArea() {
        let (h, button) = kioskScreen()
        // Highlight on, then off: after the second frame the back buffer (age 2) lacks this
        // frame's and the previous frame's damage, both the button's 200×60 pixels.
        button.backgroundColor = Color(rgb: 0x66BB6A)
        button.setNeedsDisplay()
        h.settle()
        let drawsBefore = button.drawCount
        button.backgroundColor = Color(rgb: 0x2E7D32)
        button.setNeedsDisplay()
        h.settle()
        let frame = h.app.statistics.lastFrame
        #expect(button.drawCount == drawsBefore + 1)
        #expect(frame.viewsDrawn == 1)
        #expect(frame.pixelsComposed == 200 * 60)
        #expect(frame.bytesCopied == 200 * 60 * 4)
        #expect(frame.damageRects == 1)
        // At most 3% of a full 1920×1080 frame (it is 0.58%).
        #expect(frame.pixelsComposed * 100 <= 1920 * 1080 * 3)
    }

    @Test func aFrameWithNothingDirtyDrawsAndPresentsNothing() {
        let (h, _) = kioskScreen()
        let presents = h.display.presentCount
        let stats = h.app.statistics
        h.turn()
        h.advance(by: 1)
        #expect(h.display.presentCount == presents)
        #expect(h.app.statistics.viewsDrawn == stats.viewsDrawn)
        #expect(h.app.statistics.pixelsComposed == stats.pixelsComposed)
        #expect(h.app.statistics.bytesCopied == stats.bytesCopied)
    }

    @Test func movingAViewComposesItsOldAndNewAreaWithoutRedrawingIt() {
        let (h, button) = kioskScreen()
        let draws = button.drawCount
        button.center = Point(x: button.center.x + 300, y: button.center.y)
        h.settle()
        #expect(button.drawCount == draws)
        #expect(h.app.statistics.lastFrame.viewsDrawn == 0)
        #expect(h.app.statistics.lastFrame.pixelsComposed == 2 * 200 * 60)
    }

    @Test func theFirstFrameComposesTheWholeScreen() {
        let (h, _) = kioskScreen()
        #expect(h.display.presentedCopies.first == Region(PixelRect(x: 0, y: 0, width: 1920, height: 1080)))
    }

    @Test func aDisplayThatIsOffGetsNothingAndIsRepaintedWholeWhenOn() {
        let h = Harness(width: 64, height: 48)
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = .red
        h.window.addSubview(view)
        h.settle()
        h.display.setPower(false)
        let presents = h.display.presentCount
        view.backgroundColor = .blue
        h.settle()
        #expect(h.display.presentCount == presents)
        h.display.setPower(true)
        h.settle()
        #expect(h.display.presentCount == presents + 1)
        #expect(h.display.presentedCopies.last == Region(PixelRect(x: 0, y: 0, width: 64, height: 48)))
        #expect(h.display.shownBuffer?.color(x: 5, y: 5).rgba8 == Color.blue.rgba8)
    }
}
