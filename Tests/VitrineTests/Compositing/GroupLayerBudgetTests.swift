import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Translucent groups keep layers only for what is visible and damaged, within a budget
/// however deep they nest (issue 15): past it a group is made band by band, with the same
/// pixels as one layer would give.
@MainActor
struct GroupLayerBudgetTests {
    /// `depth` nested views at alpha 0.9, each inset 3 points in its parent, each with a
    /// background and a rounded child overlapping the next (so group opacity shows).
    private func nest(depth: Int, in window: Window) -> View {
        let outer = View(frame: Rect(x: 20.5, y: 10, width: 700, height: 440))
        var parent = outer
        window.addSubview(outer)
        for level in 0..<depth {
            parent.alpha = 0.9
            parent.backgroundColor = Color(red: Double(level % 3) / 2, green: 0.5, blue: Double(level % 5) / 4)
            let badge = View(frame: Rect(x: 7.3, y: 5, width: 40, height: 30))
            badge.backgroundColor = .white
            badge.cornerRadius = 6
            parent.addSubview(badge)
            let child = View(frame: parent.bounds.insetBy(dx: 3, dy: 3))
            parent.addSubview(child)
            parent = child
        }
        return outer
    }

    @Test func bandedLayersGiveTheSamePixelsWithinTheBudget() {
        let h = Harness()
        let outer = nest(depth: 40, in: h.window)
        let budget = RenderScratch.layerBudget
        defer { RenderScratch.layerBudget = budget }
        // Without a budget, a layer of each of 40 levels at once (about 30 MB).
        RenderScratch.layerBudget = 1 << 40
        RenderScratch.peakLayerBytes = 0
        let whole = h.window.snapshot()
        #expect(RenderScratch.peakLayerBytes > 40 * 460 * 200 * 4)
        RenderScratch.layerBudget = 200_000
        RenderScratch.peakLayerBytes = 0
        let banded = h.window.snapshot()
        #expect(banded.hasSamePixels(as: whole))
        // Within the budget, but for one row a level once it is spent.
        #expect(RenderScratch.peakLayerBytes <= 200_000 + 40 * 701 * 4)
        #expect(RenderScratch.layerBytes == 0)
        // And a partial repaint of the composed screen under the small budget equals a full one.
        h.advance(by: 0.1)
        outer.subviews[0].backgroundColor = .red
        h.advance(by: 0.1)
        let partial = Surface(width: 800, height: 480, format: .xrgb8888)
        partial.copy(Region(PixelRect(x: 0, y: 0, width: 800, height: 480)), from: h.display.shownBuffer!)
        h.app.setNeedsFullRepaint()
        h.advance(by: 0.1)
        #expect(h.display.shownBuffer!.hasSamePixels(as: partial))
    }
}
