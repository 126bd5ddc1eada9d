import Testing
import VitrineGraphics
import VitrineTestSupport

/// `GraphicsContext.fill(_:sparing:)`: the rect is filled exactly outside the spared
/// rectangles, within the clip, and the count of spared pixels is exact; against a per-pixel
/// model, with seeded random rectangles and clips.
@MainActor
struct SparingFillTests {
    private func randomRect(_ g: inout SeededRandom, within width: Int, _ height: Int) -> PixelRect {
        let x = Int.random(in: -10..<width, using: &g), y = Int.random(in: -10..<height, using: &g)
        return PixelRect(x: x, y: y, width: Int.random(in: 1...width / 2, using: &g), height: Int.random(in: 1...height / 2, using: &g))
    }

    @Test(arguments: 1...12 as ClosedRange<UInt64>)
    func fillsEveryPixelButTheSparedOnes(seed: UInt64) {
        var g = SeededRandom(seed: seed &* 0x9E37_79B9_7F4A_7C15)
        let (width, height) = (240, 200)
        let surface = Surface(width: width, height: height, format: .xrgb8888)
        let below = Color(red: 1, green: 0, blue: 1), paint = Color(red: 0, green: 0.5, blue: 0.25)
        surface.fill(surface.bounds, with: below)
        let spared = (0..<Int.random(in: 1...30, using: &g)).map { _ in randomRect(&g, within: width, height) }
        let clip = Bool.random(using: &g) ? nil : Region((0..<Int.random(in: 1...4, using: &g)).map { _ in randomRect(&g, within: width, height) })
        let target = PixelRect(x: Int.random(in: -20...20, using: &g), y: Int.random(in: -20...20, using: &g), width: 230, height: 210)
        let context = GraphicsContext(surface: surface, transform: .identity, clip: clip)
        context.fillColor = paint
        let count = context.fill(target.rect, minimumArea: 0) { $0.append(contentsOf: spared) }
        var expectedSpared = 0
        for y in 0..<height {
            for x in 0..<width {
                let inFill = target.contains(x: x, y: y) && (clip?.contains(x: x, y: y) ?? true)
                let isSpared = spared.contains { $0.contains(x: x, y: y) }
                if inFill && isSpared { expectedSpared += 1 }
                let want = inFill && !isSpared ? paint : below
                guard surface.color(x: x, y: y).rgba8 == want.rgba8 else {
                    Issue.record("seed \(seed): pixel (\(x), \(y)) is not \(inFill && !isSpared ? "filled" : "left")")
                    return
                }
            }
        }
        #expect(count == expectedSpared)
    }

    /// 64 staggered columns spared cut the fill into about 127 bands of up to 65 gaps each:
    /// thousands of boxes, many more than one batch of fills holds (256). Every gap is filled
    /// still, whichever batch it falls in.
    @Test func moreGapsThanABatchHoldsAreAllFilled() {
        let (width, height) = (250, 210)
        let surface = Surface(width: width, height: height, format: .xrgb8888)
        let below = Color(red: 1, green: 0, blue: 1), paint = Color(red: 0, green: 0.5, blue: 0.25)
        surface.fill(surface.bounds, with: below)
        let spared = (0..<64).map { PixelRect(x: 3 * $0, y: $0, width: 2, height: 150) }
        let context = GraphicsContext(surface: surface)
        context.fillColor = paint
        let count = context.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), minimumArea: 0) {
            $0.append(contentsOf: spared)
        }
        var wrong = 0, expectedSpared = 0
        for y in 0..<height {
            for x in 0..<width {
                let isSpared = spared.contains { $0.contains(x: x, y: y) }
                if isSpared { expectedSpared += 1 }
                if surface.color(x: x, y: y).rgba8 != (isSpared ? below : paint).rgba8 { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels wrong")
        #expect(count == expectedSpared)
    }

    @Test func aSmallFillDoesNotLookForWhatToSpare() {
        let surface = Surface(width: 100, height: 100, format: .xrgb8888)
        let context = GraphicsContext(surface: surface)
        context.fillColor = .black
        var asked = false
        #expect(context.fill(Rect(x: 0, y: 0, width: 100, height: 100), minimumArea: 10_001) { _ in asked = true } == 0)
        #expect(!asked)
        #expect(surface.color(x: 50, y: 50).rgba8 == Color.black.rgba8)
        #expect(context.fill(Rect(x: 0, y: 0, width: 100, height: 100), minimumArea: 10_000) { $0.append(PixelRect(x: 0, y: 0, width: 10, height: 10)) } == 100)
    }

    @Test func itDeclinesWhereASparedFillWouldNotEqualAWholeOne() {
        let surface = Surface(width: 50, height: 50, format: .argb8888)
        let context = GraphicsContext(surface: surface)
        context.fillColor = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        #expect(context.fill(Rect(x: 0, y: 0, width: 40, height: 40)) { _ in Issue.record("asked for what to spare") } == nil)
        context.fillColor = .black
        #expect(context.fill(Rect(x: 0.5, y: 0, width: 40, height: 40)) { _ in Issue.record("asked for what to spare") } == nil)
        context.alpha = 0.5
        #expect(context.fill(Rect(x: 0, y: 0, width: 40, height: 40)) { _ in Issue.record("asked for what to spare") } == nil)
    }
}
