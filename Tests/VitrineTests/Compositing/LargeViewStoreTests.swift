import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Vertical stripes 10 points wide, red and blue in turn from the bounds' left edge: a drawing
/// whose every pixel can be predicted, at any size.
@MainActor
final class StripesView: View {
    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let first = Int((rect.minX / 10).rounded(.down)), last = Int((rect.maxX / 10).rounded(.up))
        guard first <= last else { return }
        for index in first...last {
            context.fillColor = index % 2 == 0 ? .red : .blue
            context.fill(Rect(x: Double(index) * 10, y: rect.minY, width: 10, height: rect.height))
        }
    }

    /// The colour the stripes have at `x` (bounds space).
    static func expected(atX x: Double) -> Color { Int((x / 10).rounded(.down)) % 2 == 0 ? .red : .blue }
}

/// Memory bounded by the screen, not the views (issue 15): a view larger than the screen keeps
/// a store of its visible part plus a margin, at full resolution; a background-only one none.
@MainActor
struct LargeViewStoreTests {
    /// The most bytes a store may take on an 800×480 screen at scale 1.
    private let bound = (800 + 2 * 128) * (480 + 2 * 128) * 4

    private func storeBytes(_ view: View) -> Int { view.backingStore.map { $0.width * $0.height * 4 } ?? 0 }

    private func expectStripes(_ h: Harness, _ view: View, _ note: Comment) {
        guard let shown = h.display.shownBuffer else { Issue.record("nothing shown"); return }
        for x in stride(from: 3, to: 800, by: 37) {
            let content = Double(x) - view.frame.minX
            let got = shown.color(x: x, y: 240).rgba8
            if got != StripesView.expected(atX: content).rgba8 {
                Issue.record("\(note): at x \(x) (content \(content)) \(shown.color(x: x, y: 240))")
                return
            }
        }
    }

    @Test func aHugeDrawingViewKeepsOnlyItsVisiblePartAtFullResolution() {
        let h = Harness(width: 800, height: 480)
        let huge = StripesView(frame: Rect(x: -5000, y: -3000, width: 16_000, height: 16_000))
        h.window.addSubview(huge)
        h.settle()
        #expect(storeBytes(huge) > 0)
        #expect(storeBytes(huge) <= bound)   // not 16,000² (1 GB), nor the old 4096² stretched
        expectStripes(h, huge, "first frame")
    }

    @Test func aMillionPointWideViewScrolledAcrossRedrawsWhatBecomesVisible() {
        let h = Harness(width: 800, height: 480)
        let wide = StripesView(frame: Rect(x: 0, y: 0, width: 1_000_000, height: 480))
        h.window.addSubview(wide)
        h.settle()
        #expect(storeBytes(wide) <= bound)
        expectStripes(h, wide, "at 0")
        // Within the margin: recomposed from the same store, no redraw.
        let store = wide.backingStore
        wide.center.x -= 101
        h.settle()
        #expect(wide.backingStore === store)
        expectStripes(h, wide, "at -101")
        // Far away: the store follows what is visible, still bounded.
        for offset in [-50_003.0, -999_200, -420_017] {
            wide.frame.origin.x = offset
            h.settle()
            #expect(storeBytes(wide) <= bound)
            expectStripes(h, wide, "at \(offset)")
        }
    }

    @Test func aBackgroundOnlyHugeViewKeepsNoStore() {
        let h = Harness(width: 800, height: 480)
        let plain = View(frame: Rect(x: 0, y: 0, width: 16_000, height: 16_000))
        plain.backgroundColor = .red
        h.window.addSubview(plain)
        h.settle()
        #expect(plain.backingStore == nil)
        #expect(h.display.shownBuffer?.color(x: 400, y: 240).rgba8 == Color.red.rgba8)
    }
}
