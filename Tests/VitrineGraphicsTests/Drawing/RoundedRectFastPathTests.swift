import Testing
import VitrineGraphics

/// Rounded rectangles on whole pixels are painted as solid bands plus four rasterized corners;
/// the picture must be exactly the one the whole shape through a mask gives.
struct RoundedRectFastPathTests {
    struct Case: CustomStringConvertible, Sendable {
        var rect: Rect
        var radius: Double
        var scale: Double
        var lineWidth: Double
        var description: String { "\(rect) r\(radius) ×\(scale) w\(lineWidth)" }
    }

    static let cases: [Case] = [
        Case(rect: Rect(x: 10, y: 10, width: 200, height: 60), radius: 14, scale: 1, lineWidth: 2),
        Case(rect: Rect(x: 3, y: 7, width: 50, height: 50), radius: 25, scale: 1, lineWidth: 1),   // a circle
        Case(rect: Rect(x: 5, y: 5, width: 120, height: 40), radius: 7.5, scale: 2, lineWidth: 3),
        Case(rect: Rect(x: 4, y: 6, width: 100, height: 30), radius: 10, scale: 1.5, lineWidth: 2),
        Case(rect: Rect(x: 8, y: 8, width: 90, height: 90), radius: 3, scale: 1, lineWidth: 8),    // side thicker than the corner
        Case(rect: Rect(x: 2, y: 2, width: 40, height: 20), radius: 40, scale: 1, lineWidth: 4),   // radius clamped
    ]

    /// Paints with `body` on a fresh surface with some background, under `scale`, through an
    /// optional rounded clip, with a translucent colour.
    func render(_ c: Case, clipped: Bool, _ body: (GraphicsContext) -> Void) -> Surface {
        let surface = Surface(width: 420, height: 220, format: .argb8888)
        let context = GraphicsContext(surface: surface, transform: AffineTransform(scaleX: c.scale, y: c.scale))
        context.fillColor = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        context.fill(Rect(x: 0, y: 0, width: 60, height: 220))
        if clipped { context.clip(toRoundedRect: Rect(x: 15, y: 0, width: 100, height: 100), cornerRadius: 20) }
        context.fillColor = Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.7)
        context.strokeColor = Color(red: 0.1, green: 0.8, blue: 0.3, alpha: 0.6)
        context.lineWidth = c.lineWidth
        body(context)
        return surface
    }

    @Test(arguments: cases, [false, true])
    func theFastFillEqualsTheWholeShape(_ c: Case, clipped: Bool) {
        let fast = render(c, clipped: clipped) { $0.fillRoundedRect(c.rect, cornerRadius: c.radius) }
        let whole = render(c, clipped: clipped) { $0.fill(Path(roundedRect: c.rect, cornerRadius: c.radius)) }
        #expect(fast.hasSamePixels(as: whole))
        #expect(!fast.hasSamePixels(as: render(c, clipped: clipped) { _ in }), "something was painted")
    }

    @Test(arguments: cases, [false, true])
    func theFastStrokeEqualsTheWholeShape(_ c: Case, clipped: Bool) {
        // A border as views draw it: the band inside the bounds.
        let inset = c.rect.insetBy(dx: c.lineWidth / 2, dy: c.lineWidth / 2)
        let radius = max(c.radius - c.lineWidth / 2, 0)
        let fast = render(c, clipped: clipped) { $0.strokeRoundedRect(inset, cornerRadius: radius) }
        let whole = render(c, clipped: clipped) { $0.stroke(Path(roundedRect: inset, cornerRadius: radius)) }
        #expect(fast.hasSamePixels(as: whole))
    }
}
