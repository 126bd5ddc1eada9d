import Testing
@testable import VitrineGraphics

/// Rounded rectangles drawn by spans and cached corner tiles (`fillRoundedRect`,
/// `strokeRoundedRect`) give the pixels of the general path (the outline rasterized through a
/// mask): exactly outside the corners, within one level of coverage in them.
@Suite struct RoundedRectSpanTests {
    /// A case: the view's bounds (points), its corner radius, its border width (nil: a fill),
    /// the scale, and a clip.
    struct Case: CustomStringConvertible {
        var bounds: Rect
        var radius: Double
        var border: Double?
        var scale: Double
        var clip: Int
        var description: String { "\(bounds) r=\(radius) border=\(border.map { "\($0)" } ?? "fill") ×\(scale) clip \(clip)" }
    }

    static var cases: [Case] {
        var all: [Case] = []
        let boxes = [Rect(x: 4, y: 6, width: 40, height: 30), Rect(x: 2, y: 2, width: 12, height: 50),
                     Rect(x: 4.3, y: 6.7, width: 40.2, height: 253.0 / 9)]
        for bounds in boxes {
            for radius in [0, 0.5, 3, 8, 13.3, 100] {
                for border in [nil, 1, 2, 3] as [Double?] {
                    for scale in [1, 1.5, 2] {
                        for clip in 0..<4 { all.append(Case(bounds: bounds, radius: radius, border: border, scale: scale, clip: clip)) }
                    }
                }
            }
        }
        return all
    }

    /// Draws `c` the new way (`spans`) or through the general path, on white, in translucent
    /// blue over a translucent red square (so blending shows).
    func render(_ c: Case, spans: Bool) -> Surface {
        let surface = Surface(width: 110, height: 120, format: .argb8888)
        surface.fill(surface.bounds, with: .white)
        let context = GraphicsContext(surface: surface, transform: AffineTransform(scaleX: c.scale, y: c.scale))
        context.fillColor = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        context.fill(Rect(x: 0, y: 0, width: 30, height: 30))
        switch c.clip {
        case 1: context.clip(to: Region(PixelRect(x: 9, y: 11, width: 33, height: 17)))
        case 2:
            var region = Region(PixelRect(x: 0, y: 0, width: 20, height: 120))
            region = region.union(Region(PixelRect(x: 25, y: 40, width: 80, height: 60)))
            context.clip(to: region)
        case 3: context.clip(to: Path(ellipseIn: Rect(x: 0, y: 0, width: 50, height: 45)))
        default: break
        }
        let color = Color(red: 0, green: 0.3, blue: 1, alpha: 0.8)
        if let border = c.border {
            context.strokeColor = color
            context.lineWidth = border
            let inset = c.bounds.insetBy(dx: border / 2, dy: border / 2)
            let radius = max(c.radius - border / 2, 0)
            if spans {
                context.strokeRoundedRect(inset, cornerRadius: radius)
            } else {
                context.stroke(Path(roundedRect: inset, cornerRadius: radius))
            }
        } else {
            context.fillColor = color
            if spans {
                context.fillRoundedRect(c.bounds, cornerRadius: c.radius)
            } else if c.radius <= 0 {
                context.fill(c.bounds)
            } else {
                context.fill(Path(roundedRect: c.bounds, cornerRadius: c.radius))
            }
        }
        return surface
    }

    @Test(arguments: cases)
    func spansEqualTheGeneralPath(_ c: Case) {
        let spans = render(c, spans: true), general = render(c, spans: false)
        // The corner squares, in pixels: the clamped radius plus half the pen, rounded out.
        let outer = c.bounds
        let pen = c.border ?? 0
        let radius = c.border == nil ? c.radius : max(c.radius - pen / 2, 0)
        let inner = c.bounds.insetBy(dx: pen / 2, dy: pen / 2)
        let clamped = min(radius, inner.width / 2, inner.height / 2)
        let fraction = max((outer.minX * c.scale).truncatingRemainder(dividingBy: 1), (outer.minY * c.scale).truncatingRemainder(dividingBy: 1))
        let r = Int((max(clamped + pen / 2, pen) * c.scale + fraction).rounded(.up)) + (c.border == nil ? 0 : 2)
        let o = PixelRect(x: Int(outer.minX * c.scale), y: Int(outer.minY * c.scale),
                          width: Int((outer.maxX * c.scale).rounded(.down)) - Int(outer.minX * c.scale),
                          height: Int((outer.maxY * c.scale).rounded(.down)) - Int(outer.minY * c.scale))
        func inCorner(_ x: Int, _ y: Int) -> Bool {
            let cx = x < o.x + r || x >= o.maxX - r, cy = y < o.y + r || y >= o.maxY - r  // maxX: its partial column too
            return cx && cy
        }
        var worst = 0, worstOutside = 0
        for y in 0..<spans.height {
            for x in 0..<spans.width {
                let a = spans.word(x: x, y: y), b = general.word(x: x, y: y)
                guard a != b else { continue }
                var d = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    d = max(d, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
                }
                if inCorner(x, y) { worst = max(worst, d) } else { worstOutside = max(worstOutside, d) }
            }
        }
        #expect(worstOutside == 0, "\(c): differs outside the corners by \(worstOutside)")
        let offWholePixels = [outer.minX, outer.minY, outer.maxX, outer.maxY].contains { ($0 * c.scale).rounded() != $0 * c.scale }
        if c.border != nil && offWholePixels && radius >= pen / 2 {
            // A border off whole pixels is the ring between two rounded rectangles, flattened
            // finely; the general path strokes a coarsely flattened arc with miter joins,
            // which bulge past it: corners differ by up to a fifth of a pixel's coverage
            // (`borderRingCoversItsArea` holds the ring to the true shape).
            #expect(worst <= 48, "\(c): differs in the corners by \(worst)")
        } else {
            // One level of coverage moves a channel by at most one.
            #expect(worst <= 1, "\(c): differs in the corners by \(worst)")
        }
    }

    /// The cases the fast path is for (whole device pixels, axis-aligned) do take it; the
    /// others (a rotation, a border off whole pixels) fall back to the general path.
    @Test func fastPathIsTakenOnlyWhereItApplies() {
        let surface = Surface(width: 64, height: 64)
        let context = GraphicsContext(surface: surface, transform: AffineTransform(scaleX: 1.5, y: 1.5))
        #expect(context.paintRoundedRectBySpans(Rect(x: 2, y: 2, width: 30, height: 20), cornerRadius: 6, stroked: false))
        #expect(context.paintRoundedRectBySpans(Rect(x: 2.3, y: 2, width: 30.1, height: 20), cornerRadius: 6, stroked: false))
        #expect(context.paintRoundedRectBySpans(Rect(x: 2.5, y: 2.5, width: 29, height: 19), cornerRadius: 6, stroked: true))
        // A border off whole pixels takes spans too, unless its inner corners are sharp.
        #expect(context.paintRoundedRectBySpans(Rect(x: 2.5, y: 2.5, width: 29.1, height: 19), cornerRadius: 6, stroked: true))
        context.lineWidth = 2
        #expect(!context.paintRoundedRectBySpans(Rect(x: 2.5, y: 2.5, width: 29.1, height: 19), cornerRadius: 0.5, stroked: true))
        context.lineWidth = 1
        context.rotate(by: 0.1)
        #expect(!context.paintRoundedRectBySpans(Rect(x: 2, y: 2, width: 30, height: 20), cornerRadius: 6, stroked: false))
    }

    /// A border off whole pixels drawn by spans covers the same area as the general path
    /// (its corners differ pixel by pixel, not in what they cover): the coverage of a kiosk
    /// card's 1-point border at 253.33 points tall, summed, is within a tenth of a pixel of
    /// the general path's at every scale.
    @Test(arguments: [1.0, 1.5, 2.0])
    func borderRingCoversTheStrokesArea(scale: Double) {
        func covered(spans: Bool) -> Double {
            let surface = Surface(width: 200, height: 700, format: .a8)
            let context = GraphicsContext(surface: surface, transform: AffineTransform(scaleX: scale, y: scale))
            let inset = Rect(x: 10.25, y: 13.7, width: 80.4, height: 253.0 + 1.0 / 3).insetBy(dx: 0.5, dy: 0.5)
            if spans {
                #expect(context.paintRoundedRectBySpans(inset, cornerRadius: 15.5, stroked: true))
            } else {
                context.stroke(Path(roundedRect: inset, cornerRadius: 15.5))
            }
            var total = 0.0
            for y in 0..<surface.height {
                for x in 0..<surface.width { total += surface.color(x: x, y: y).alpha }
            }
            return total
        }
        let spans = covered(spans: true), general = covered(spans: false)
        #expect(abs(spans - general) < 0.1 * scale * scale, "spans cover \(spans) px, the general path \(general) px")
    }

    /// The cache holds at most its capacity of tiles, however many radii are drawn.
    @Test func cacheIsBounded() {
        let surface = Surface(width: 64, height: 64)
        let context = GraphicsContext(surface: surface)
        for radius in 1...(RoundedCornerCache.capacity * 2) {
            context.fillRoundedRect(Rect(x: 0, y: 0, width: 64, height: 64), cornerRadius: Double(radius) / 2 + 0.25)
        }
        #expect(RoundedCornerCache.shared.count <= RoundedCornerCache.capacity)
    }
}
