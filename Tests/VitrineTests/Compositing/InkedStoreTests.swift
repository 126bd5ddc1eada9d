import Testing
import VitrineTestSupport
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// A view's backing store is composed only where it is inked (issue 15): after partial
/// redraws that ink new places and clear others, the screen must equal a fresh view drawn
/// whole, so no ink outside the redrawn part may be forgotten. The ink is what the drawing's
/// context painted, or, when the view wrote into the context's surface itself, what a scan
/// of the redrawn pixels finds.
@MainActor
struct InkedStoreTests {
    /// Squares at given places, each in its colour; a square taken away leaves nothing.
    final class SquaresView: View {
        var squares: [Int: Color] = [:]   // cell index → colour
        static let cell = 10.0
        func cellRect(_ index: Int) -> Rect {
            Rect(x: Double(index % 16) * Self.cell, y: Double(index / 16) * Self.cell, width: Self.cell - 2, height: Self.cell - 2)
        }
        /// Whether the squares are written straight into the context's surface (its pixels at
        /// scale 1 are the bounds' points), past the context: then what the context painted
        /// does not tell where the ink is.
        var writesPixelsDirectly = false
        override func draw(_ rect: Rect, in context: GraphicsContext) {
            for (index, color) in squares {
                if writesPixelsDirectly {
                    let cell = PixelRect(covering: cellRect(index)).intersection(PixelRect(covering: rect))
                    if !cell.isEmpty { context.surface.fill(cell, with: color) }
                } else {
                    context.fillColor = color
                    context.fill(cellRect(index))
                }
            }
        }
    }

    @Test(arguments: 1...6 as ClosedRange<UInt64>, [false, true])
    func partialRedrawsKeepEveryInkedPixel(seed: UInt64, writesPixelsDirectly: Bool) {
        var g = SeededRandom(seed: seed)
        let h = Harness(width: 200, height: 120)
        h.window.backgroundColor = .white
        let view = SquaresView(frame: Rect(x: 20, y: 10, width: 160, height: 100))
        view.writesPixelsDirectly = writesPixelsDirectly
        h.window.addSubview(view)
        h.settle()
        for step in 0..<60 {
            // Add, recolour or take away one square, redrawing only its cell.
            let index = Int.random(in: 0..<160, using: &g)
            if view.squares[index] != nil, Bool.random(using: &g) {
                view.squares[index] = nil
            } else {
                view.squares[index] = Color(red: Double.random(in: 0...1, using: &g), green: 0.3, blue: 0.6)
            }
            view.setNeedsDisplay(view.cellRect(index))
            h.settle()
            // Recompose everything from the stores (the view does not redraw): every square
            // must come from the kept ink, not only the cell just redrawn.
            if Bool.random(using: &g) {
                h.window.setNeedsDisplay()
                h.settle()
            }
            let fresh = SquaresView(frame: view.bounds)
            fresh.squares = view.squares
            let reference = View(frame: h.window.bounds)
            reference.backgroundColor = .white
            fresh.frame = view.frame
            reference.addSubview(fresh)
            let expected = reference.snapshot(scale: 1)
            guard let shown = h.display.shownBuffer else { Issue.record("nothing shown"); return }
            for y in 0..<120 {
                for x in 0..<200 where shown.color(x: x, y: y).rgba8 != expected.color(x: x, y: y).rgba8 {
                    Issue.record("seed \(seed), step \(step): pixel (\(x), \(y)) differs")
                    return
                }
            }
        }
    }

    @Test func aLabelComposesOnlyAroundItsText() {
        let h = Harness(width: 400, height: 100)
        let label = Label(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        label.text = "Hi"
        h.window.addSubview(label)
        h.settle()
        let ink = label.backingStoreInk
        #expect(!ink.isEmpty)
        #expect(ink.width < 60 && ink.height < 40)
        // Centred vertically: the ink lies in the middle band.
        #expect(ink.y > 20 && ink.maxY < 80)
    }
}
