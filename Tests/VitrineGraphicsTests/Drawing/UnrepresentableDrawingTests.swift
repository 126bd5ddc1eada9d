import CPixman
import Testing
@testable import VitrineGraphics

/// Each entry point where geometry becomes pixels takes any Double without trapping:
/// non-finite geometry draws nothing, huge geometry is clamped to what a surface can mean.
@MainActor
@Suite struct UnrepresentableDrawingTests {
    static let white = Color(white: 1)

    /// A white 64×64 surface and a context on it.
    func canvas(transform: AffineTransform = .identity) -> (Surface, GraphicsContext) {
        let surface = Surface(width: 64, height: 64, format: .argb8888)
        surface.fill(surface.bounds, with: Self.white)
        return (surface, GraphicsContext(surface: surface, transform: transform))
    }

    func isUntouched(_ surface: Surface) -> Bool {
        for y in stride(from: 0, to: 64, by: 7) {
            for x in stride(from: 0, to: 64, by: 7) where surface.color(x: x, y: y) != Self.white { return false }
        }
        return true
    }

    @Test(arguments: [1e300, -1e300, 1e30, 3e9])
    func aShapeWhoseCornersAreHugeIsCutNotTrapped(far: Double) {
        let (surface, context) = canvas()
        var path = Path()
        path.move(to: Point(x: 10, y: 10))
        path.addLine(to: Point(x: far, y: 20))
        path.addLine(to: Point(x: 30, y: far))
        path.addLine(to: Point(x: -far, y: 40))
        path.closeSubpath()
        context.fillColor = .red
        context.fill(path)
        context.fill(path, rule: .evenOdd)
        context.clip(to: path)
        context.fill(Rect(x: 0, y: 0, width: 64, height: 64))
        context.stroke(path)
        // The renderer drew something or nothing; what matters is that it came back.
        _ = surface.color(x: 1, y: 1)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aShapeWithANonFinitePointDrawsNothing(bad: Double) {
        let (surface, context) = canvas()
        var path = Path()
        path.move(to: Point(x: 10, y: 10))
        path.addLine(to: Point(x: bad, y: 20))
        path.addLine(to: Point(x: 30, y: 50))
        path.closeSubpath()
        context.fillColor = .red
        context.strokeColor = .red
        context.fill(path)
        context.stroke(path)
        context.fillEllipse(in: Rect(x: bad, y: 2, width: 20, height: 20))
        context.fill(Rect(x: 2, y: 2, width: bad, height: 20))
        var arc = Path()
        arc.addArc(center: Point(x: 32, y: 32), radius: 10, startAngle: 0, endAngle: bad, clockwise: true)
        arc.addArc(center: Point(x: 32, y: 32), radius: bad, startAngle: 0, endAngle: 1, clockwise: false)
        context.stroke(arc)
        context.fill(arc)
        #expect(isUntouched(surface))
    }

    @Test(arguments: [Double.nan, .infinity, 1e300])
    func aNonFiniteOrHugeTransformDrawsNothingAndTrapsNot(value: Double) {
        let (surface, context) = canvas(transform: AffineTransform(a: value, b: 0, c: 0, d: value, tx: 0, ty: 0))
        context.fillColor = .red
        context.fill(Rect(x: 1, y: 1, width: 10, height: 10))
        context.fillRoundedRect(Rect(x: 1, y: 1, width: 10, height: 10), cornerRadius: 3)
        context.stroke(Rect(x: 1, y: 1, width: 10, height: 10))
        context.draw("Hi", at: Point(x: 1, y: 1), font: .system(size: 12), color: .red)
        let image = Surface(width: 2, height: 2, format: .argb8888)
        context.draw(image, in: Rect(x: 0, y: 0, width: 4, height: 4))
        context.clip(to: Rect(x: 0, y: 0, width: 4, height: 4))
        if !value.isFinite { #expect(isUntouched(surface)) }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -5])
    func textOfAnUnusableSizeDrawsNothing(size: Double) {
        let (surface, context) = canvas()
        let font = Font.system(size: size)
        #expect(font.pointSize >= 0 && font.pointSize <= Font.maximumPointSize)
        var changed = Font.system(size: 12)
        changed.pointSize = size
        #expect(changed.pointSize == font.pointSize)
        context.draw("Hello", at: Point(x: 1, y: 1), font: font, color: .red)
        context.rotate(by: 0.3)
        context.draw("Hello", at: Point(x: 1, y: 1), font: font, color: .red)
        let layout = TextLayout(text: "Hello", font: font)
        layout.draw(in: surface, at: Point(x: 1, y: 1), scale: 1, color: .red)
        if size != 1e300 { #expect(isUntouched(surface)) }
    }

    @Test func colourComponentsOfNaNTrapNot() {
        let (surface, context) = canvas()
        var color = Color(red: .nan, green: 0.5, blue: .infinity, alpha: .nan)
        #expect(color.red == 0 && color.blue == 1 && color.alpha == 0)
        color.alpha = .nan
        color.red = -.infinity
        context.fillColor = color
        context.fill(Rect(x: 0, y: 0, width: 8, height: 8))
        context.fill(Path(ellipseIn: Rect(x: 0, y: 0, width: 8, height: 8)))
        _ = color.rgba8
        #expect(isUntouched(surface))
    }

    @Test(arguments: [3_000_000_000, -3_000_000_000, Int.max - 4, Int.min + 4])
    func aRegionFarAwayIsCutToTheCoordinateLimit(x: Int) {
        var region = Region(PixelRect(x: x, y: 0, width: 10, height: 10))
        region.formUnion(PixelRect(x: 0, y: x, width: 10, height: 10))
        region.formUnion(PixelRect(x: 0, y: 0, width: 5, height: 5))
        #expect(region.contains(x: 1, y: 1))
        #expect(!region.contains(x: x, y: 0))
        region.translate(dx: x, dy: 0)
        region.translate(dx: -x / 2, dy: x / 2)
        _ = region.boundingBox
        let far = Region(covering: Rect(x: Double(x), y: 0, width: 10, height: 10))
        #expect(far.boundingBox.x >= -PixelRect.coordinateLimit && far.boundingBox.maxX <= PixelRect.coordinateLimit)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300])
    func aRectWithAnUnusableEdgeCoversNoPixelOrAClampedOne(value: Double) {
        let covered = PixelRect(covering: Rect(x: value, y: 0, width: 10, height: 10))
        if value.isNaN { #expect(covered.isEmpty) }
        #expect(covered.x >= -PixelRect.coordinateLimit && covered.maxX <= PixelRect.coordinateLimit)
        _ = PixelRect(covering: Rect(x: 0, y: 0, width: value, height: value))
        _ = Region(covering: Rect(x: -value, y: value, width: value, height: 1))
    }

    /// The rasterizer itself, below the context's own checks: polygons whose corners became
    /// non-finite, or whose cut to the raster limit overflows, give no trapezoid.
    @Test(arguments: [Double.nan, .infinity, 1e300, 1e308])
    func theRasterizerLeavesOutPolygonsItCannotCut(value: Double) {
        let limit = Rect(x: -16384, y: -16384, width: 32767, height: 32767)
        let polygons = [[Point(x: 1, y: 1), Point(x: value, y: 5), Point(x: 3, y: value)],
                        [Point(x: -value, y: 1), Point(x: value, y: -value), Point(x: 3, y: value), Point(x: 2, y: 2)]]
        let traps = Rasterizer.trapezoids(polygons, rule: .nonZero, limit: limit, rows: -100..<100)
        if !value.isFinite { #expect(traps.isEmpty) }
        let square = [[Point(x: 1, y: 1), Point(x: 9, y: 1), Point(x: 9, y: 9), Point(x: 1, y: 9)]]
        #expect(!Rasterizer.trapezoids(square + polygons, rule: .nonZero, limit: limit, rows: -100..<100).isEmpty)
    }

    @Test(arguments: [Int.max - 1, Int.min + 1, 3_000_000_000])
    func compositingFarAwayTrapsNot(x: Int) {
        let (surface, context) = canvas()
        let image = Surface(width: 4, height: 4, format: .argb8888)
        image.fill(image.bounds, with: .red)
        context.composite(image, atPixel: x, x)
        context.composite(image, atPixel: x, 0)
        #expect(isUntouched(surface))
    }
}
