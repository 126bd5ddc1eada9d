import Testing
import VitrineGraphics
import VitrineTestSupport

/// `Surface.inkBounds(in:)` against a brute-force scan, on seeded random sparse pixels and
/// random rectangles (what composition trims a backing store to).
struct InkBoundsTests {
    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func theBoxHoldsExactlyTheInkedPixels(seed: UInt64) {
        var g = SeededRandom(seed: seed &* 0x2545_F491_4F6C_DD1D)
        let surface = Surface(width: Int.random(in: 1...90, using: &g), height: Int.random(in: 1...70, using: &g), format: .argb8888)
        for _ in 0..<Int.random(in: 0...12, using: &g) {
            let x = Int.random(in: 0..<surface.width, using: &g), y = Int.random(in: 0..<surface.height, using: &g)
            surface.fill(PixelRect(x: x, y: y, width: 1, height: 1), with: Color(white: 0, alpha: Double.random(in: 0.01...1, using: &g)))
        }
        for _ in 0..<10 {
            let rect = PixelRect(x: Int.random(in: -5...surface.width, using: &g), y: Int.random(in: -5...surface.height, using: &g),
                                 width: Int.random(in: 0...surface.width + 5, using: &g), height: Int.random(in: 0...surface.height + 5, using: &g))
            var expected = PixelRect(x: 0, y: 0, width: 0, height: 0)
            let area = rect.intersection(surface.bounds)
            if !area.isEmpty {
                for y in area.y..<area.maxY {
                    for x in area.x..<area.maxX where surface.word(x: x, y: y) != 0 {
                        expected = expected.union(PixelRect(x: x, y: y, width: 1, height: 1))
                    }
                }
            }
            #expect(surface.inkBounds(in: rect) == expected, "seed \(seed), \(rect) of \(surface.width)×\(surface.height)")
        }
    }

    @Test func aTransparentSurfaceHasNoInkAndAnOpaqueOneIsInkedWhole() {
        let surface = Surface(width: 30, height: 20, format: .argb8888)
        #expect(surface.inkBounds(in: surface.bounds).isEmpty)
        surface.fill(surface.bounds, with: .white)
        #expect(surface.inkBounds(in: surface.bounds) == surface.bounds)
        #expect(surface.inkBounds(in: PixelRect(x: 5, y: 5, width: 3, height: 3)) == PixelRect(x: 5, y: 5, width: 3, height: 3))
    }
}
