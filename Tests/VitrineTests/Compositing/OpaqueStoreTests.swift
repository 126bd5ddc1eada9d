import Testing
import VitrineTestSupport
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Draws a rounded or square background in `fill`, a dark bar, and optionally a translucent
/// `hole` copied over them (so that a partial redraw can make an opaque part translucent).
private final class StoreDrawingView: View {
    var fill = Color(red: 0.2, green: 0.6, blue: 0.3)
    var radius = 0.0
    var hole: Rect?

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fillColor = fill
        if radius > 0 { context.fillRoundedRect(bounds, cornerRadius: radius) } else { context.fill(bounds) }
        context.fillColor = Color(red: 0.1, green: 0.1, blue: 0.3)
        context.fill(Rect(x: bounds.minX + 3, y: bounds.midY - 1.5, width: bounds.width / 2, height: 3))
        if let hole {
            context.blendMode = .copy
            context.fillColor = Color(red: 1, green: 1, blue: 1, alpha: 0.4)
            context.fill(hole)
            context.blendMode = .normal
        }
    }
}

/// A backing store's opaque core is composed by copying instead of blending (issue 15: most
/// of a button's store), and the picture is exactly the blended one: two screens built alike,
/// one copying and one not, show the same pixels through random redraws, whole and partial,
/// that make opaque parts translucent and translucent ones opaque.
@MainActor
struct OpaqueStoreTests {
    private func screen(seed: UInt64, scale: Double, copying: Bool) -> (Harness, [StoreDrawingView]) {
        View.copiesOpaqueStores = copying
        defer { View.copiesOpaqueStores = true }
        let h = Harness(width: Int(320 * scale), height: Int(240 * scale), scale: scale)
        h.window.addSubview(PatternView(frame: h.window.bounds))
        var g = SeededRandom(seed: seed)
        var views: [StoreDrawingView] = []
        for _ in 0..<12 {
            let view = StoreDrawingView(frame: Rect(
                x: Double.random(in: -20...300, using: &g).rounded() + [0, 0, 0.5, 0.25].randomElement(using: &g)!,
                y: Double.random(in: -20...220, using: &g).rounded() + [0, 0.5].randomElement(using: &g)!,
                width: Double.random(in: 8...120, using: &g).rounded(), height: Double.random(in: 8...80, using: &g).rounded()))
            view.radius = [0, 0, 4, 12].randomElement(using: &g)!
            view.fill = Color(red: Double.random(in: 0...1, using: &g), green: 0.5, blue: 0.4,
                              alpha: [1, 1, 1, 0.7].randomElement(using: &g)!)
            switch Int.random(in: 0..<8, using: &g) {
            case 0: view.transform = AffineTransform(scaleX: 1.5, y: 1)
            case 1: view.alpha = 0.8
            default: break
            }
            h.window.addSubview(view)
            views.append(view)
        }
        h.settle()
        return (h, views)
    }

    @Test(arguments: [1.0, 2.0])
    func copyingOpaqueCoresShowsTheBlendedPicture(scale: Double) {
        var cores = 0
        for seed in UInt64(1)...12 {
            let (blended, blendedViews) = screen(seed: seed, scale: scale, copying: false)
            let (copied, copiedViews) = screen(seed: seed, scale: scale, copying: true)
            #expect(blendedViews.allSatisfy { $0.backingStoreOpaque.isEmpty })
            cores += copiedViews.filter { !$0.backingStoreOpaque.isEmpty }.count
            #expect(copied.display.shownBuffer?.hasSamePixels(as: blended.display.shownBuffer!) == true, "seed \(seed)")
            var g = SeededRandom(seed: seed &+ 1000)
            for step in 0..<8 {
                let index = Int.random(in: 0..<blendedViews.count, using: &g)
                let size = blendedViews[index].bounds.size
                let hole = Rect(x: Double.random(in: 0...size.width / 2, using: &g), y: Double.random(in: 0...size.height / 2, using: &g),
                                width: size.width / 3, height: size.height / 3)
                let change = Int.random(in: 0..<5, using: &g)
                // A translucent sliver in the top row's middle, outside a rounded store's core,
                // redrawn alone.
                let sliver = Rect(x: (size.width / 2).rounded() - 2, y: 0, width: 4, height: 1)
                var dirty = Int.random(in: 0..<2, using: &g) == 0 ? hole.insetBy(dx: -2, dy: -2) : Rect(origin: .zero, size: size)
                if change == 4 { dirty = sliver.insetBy(dx: -1, dy: -1) }
                for (h, views, copying) in [(blended, blendedViews, false), (copied, copiedViews, true)] {
                    View.copiesOpaqueStores = copying
                    defer { View.copiesOpaqueStores = true }
                    let view = views[index]
                    switch change {
                    case 0: view.hole = hole
                    case 1: view.hole = nil
                    case 2: view.fill = view.fill.withAlphaComponent(view.fill.alpha < 1 ? 1 : 0.5)
                    case 3: view.hole = hole.offsetBy(dx: 3, dy: 1)
                    default: view.hole = sliver
                    }
                    view.setNeedsDisplay(dirty)
                    h.settle()
                }
                #expect(copied.display.shownBuffer?.hasSamePixels(as: blended.display.shownBuffer!) == true,
                        "seed \(seed) step \(step): view \(index), change \(change)")
            }
        }
        // Not vacuous: most views have an opaque core to copy.
        #expect(cores > 40)
    }

    /// The core grows from the middle: a rounded button's store is opaque but for its corner
    /// rows; a store whose middle is clear, or whose opaque part is small, has none.
    @Test func theCoreOfARoundedStoreLeavesOnlyItsCornerRows() {
        let store = Surface(width: 200, height: 60, format: .argb8888)
        let context = GraphicsContext(surface: store)
        context.fillColor = Color(red: 0.2, green: 0.5, blue: 0.3)
        context.fillRoundedRect(Rect(x: 0, y: 0, width: 200, height: 60), cornerRadius: 8)
        let core = store.opaqueCore(in: store.bounds, minimumArea: store.bounds.area / 4)
        #expect(core == PixelRect(x: 0, y: 8, width: 200, height: 44))
        #expect(store.isOpaque(in: core))
        // Every pixel outside the core that is opaque lies in the corner rows.
        store.fill(PixelRect(x: 90, y: 28, width: 20, height: 4), with: .clear)
        #expect(store.opaqueCore(in: store.bounds).isEmpty)
        #expect(!store.isOpaque(in: core))
        let label = Surface(width: 200, height: 60, format: .argb8888)
        label.fill(PixelRect(x: 98, y: 28, width: 6, height: 6), with: .black)
        #expect(label.opaqueCore(in: label.bounds, minimumArea: label.bounds.area / 4).isEmpty)
        #expect(label.opaqueCore(in: label.bounds) == PixelRect(x: 98, y: 28, width: 6, height: 6))
    }
}
