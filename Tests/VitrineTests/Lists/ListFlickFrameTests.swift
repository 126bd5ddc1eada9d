import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A finger's flick on a list, frame by frame: the shown offsets are whole pixels, so each
/// frame of the drag and of the momentum moves the pixels already drawn and repaints only the
/// rows it exposes (plus the indicator), and every frame's scene equals a full repaint.
@MainActor
struct ListFlickFrameTests {
    @Test(arguments: [1.0, 2.0])
    func aFlickMovesPixelsEveryFrameAndStaysExact(scale: Double) {
        let h = Harness(width: Int(800 * scale), height: Int(480 * scale), scale: scale)
        h.window.backgroundColor = .white
        let rows = Rows([200])
        let table = makeTable(rows, frame: Rect(x: 0, y: 40, width: 800, height: 440))
        h.window.addSubview(table)
        h.settle()
        let area = 800 * 440 * Int(scale * scale)

        // Up by 200 points in 0.1 s: about 2,000 points per second at the lift.
        h.down(0, at: Point(x: 400, y: 400))
        var moved = 0, frames = 0, exact = true
        func measure() {
            let frame = h.app.statistics.lastFrame
            frames += 1
            if frame.pixelsMoved > 0 {
                moved += 1
                #expect(frame.pixelsComposed < area / 2, "a scroll frame repainted \(frame.pixelsComposed) of \(area) pixels")
            }
            // The scene as the last commit composed it (the panel shows it at the next vblank,
            // by which time the finger or the momentum has moved the list again).
            // (Every 7th frame: a full repaint per frame in a debug build takes a minute.)
            if frames % 7 == 1, let scene = h.app.compositor?.scene, !scene.hasSamePixels(as: fullRepaintAsShown(h)) {
                exact = false
            }
        }
        for step in 1...6 {
            h.move(0, to: Point(x: 400, y: 400 - 200 * Double(step) / 6))
            h.advance(by: 1.0 / 60)
            measure()
        }
        h.up(0)
        var framesOfMomentum = 0
        while framesOfMomentum < 600 {
            h.advance(by: 1.0 / 60)
            framesOfMomentum += 1
            measure()
            if !table.isDecelerating { break }
        }
        #expect(!table.isDecelerating)
        #expect(table.contentOffset.y > 600, "the flick coasted to \(table.contentOffset.y)")
        #expect(table.contentOffset.y == (table.contentOffset.y * scale).rounded() / scale)
        #expect(exact, "a frame differed from a full repaint")
        // Most frames moved pixels; the last ones of the decay move less than a pixel per frame.
        #expect(moved * 10 >= frames * 6, "only \(moved) of \(frames) frames moved pixels")
    }
}
