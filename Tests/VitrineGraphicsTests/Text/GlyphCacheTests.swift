import Testing
import VitrineGraphics
import VitrineTestSupport

@MainActor
struct GlyphCacheTests {
    /// Runs `body` with the shared cache emptied, its counters zeroed and its limit set to
    /// `limit`; puts the default limit back after.
    func withFreshCache(limit: Int = 4 << 20, _ body: (GlyphCache) -> Void) {
        let cache = GlyphCache.shared
        let saved = cache.byteLimit
        cache.removeAll()
        cache.resetStatistics()
        cache.byteLimit = limit
        body(cache)
        cache.byteLimit = saved
        cache.removeAll()
    }

    @Test func drawingTheSameTextAgainHitsTheCache() {
        withFreshCache { cache in
            let surface = whiteSurface(width: 200, height: 40)
            let layout = TextLayout(text: "abcabc", font: body)
            layout.draw(in: surface, at: Point(x: 2, y: 2), scale: 1, color: .black)
            // "abc" twice at the same x phase or not: at most 6 rasterizations, at least 3.
            #expect(cache.misses >= 3 && cache.misses <= 6)
            let misses = cache.misses, hits = cache.hits
            #expect(misses + hits == 6)
            layout.draw(in: surface, at: Point(x: 2, y: 2), scale: 1, color: .black)
            #expect(cache.misses == misses)
            #expect(cache.hits == hits + 6)
            #expect(cache.bytes > 0 && cache.count == misses)
        }
    }

    @Test func memoryStaysWithinTheLimit() {
        let limit = 3000
        withFreshCache(limit: limit) { cache in
            let surface = whiteSurface(width: 1400, height: 60)
            let layout = TextLayout(text: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", font: .system(size: 30))
            layout.draw(in: surface, at: Point(x: 0, y: 0), scale: 1, color: .black)
            #expect(cache.misses == 52)
            #expect(cache.bytes <= limit)
            #expect(cache.evictions > 0)
            #expect(cache.count > 0 && cache.count < 52)
            // Every glyph was drawn even though most were dropped again.
            #expect(inkBounds(of: surface)!.width > 900)
        }
    }

    /// Under a limit that drops glyphs all the time (their entries reused by others), every
    /// lookup still gives its own glyph: text drawn through the churning cache has the pixels
    /// of the same text drawn through an ample one, in random orders of random glyphs.
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func aChurningCacheGivesEachKeyItsOwnGlyph(seed: UInt64) {
        var g = SeededRandom(seed: seed)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let lines = (0..<12).map { _ in
            String((0..<24).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &g)] })
        }
        let sizes = (0..<12).map { _ in Double.random(in: 10...28, using: &g) }
        func drawAll(into surface: Surface) {
            for (index, line) in lines.enumerated() {
                TextLayout(text: line, font: .system(size: sizes[index]))
                    .draw(in: surface, at: Point(x: Double(index % 3) * 0.25, y: Double(index) * 30), scale: 1, color: .black)
            }
        }
        var ample: Surface?
        withFreshCache { _ in
            let surface = whiteSurface(width: 500, height: 370)
            drawAll(into: surface)
            drawAll(into: surface)
            ample = surface
        }
        withFreshCache(limit: 4000) { cache in
            let surface = whiteSurface(width: 500, height: 370)
            drawAll(into: surface)
            drawAll(into: surface)
            #expect(cache.evictions > 100)
            var differing = 0
            for y in 0..<370 { for x in 0..<500 where surface.word(x: x, y: y) != ample!.word(x: x, y: y) { differing += 1 } }
            #expect(differing == 0, "seed \(seed): \(differing) pixels differ")
        }
    }

    @Test func loweringTheLimitEvictsAtOnce() {
        withFreshCache { cache in
            let surface = whiteSurface(width: 400, height: 40)
            TextLayout(text: "Vitrine glyphs", font: body).draw(in: surface, at: .zero, scale: 1, color: .black)
            let before = cache.bytes
            #expect(before > 0)
            cache.byteLimit = before / 2
            #expect(cache.bytes <= before / 2)
            #expect(cache.evictions > 0)
            cache.byteLimit = 0
            #expect(cache.bytes == 0 && cache.count == 0)
        }
    }

    @Test func aGlyphLargerThanTheLimitIsDrawnButNotKept() {
        withFreshCache(limit: 100) { cache in
            let surface = whiteSurface(width: 100, height: 100)
            TextLayout(text: "W", font: .system(size: 60)).draw(in: surface, at: .zero, scale: 1, color: .black)
            #expect(cache.count == 0 && cache.bytes == 0)
            #expect(inkBounds(of: surface) != nil)
        }
    }

    @Test func leastRecentlyUsedGoesFirst() {
        withFreshCache { cache in
            let surface = whiteSurface(width: 100, height: 40)
            @MainActor func draw(_ s: String) { TextLayout(text: s, font: body).draw(in: surface, at: .zero, scale: 1, color: .black) }
            draw("a")
            draw("b")
            let twoGlyphs = cache.bytes
            // Room for a third glyph of a's or b's size only if one goes: touch "a", add "c".
            draw("a")
            cache.byteLimit = twoGlyphs + GlyphCache.entryOverhead
            cache.resetStatistics()
            draw("c")
            #expect(cache.evictions >= 1)
            cache.resetStatistics()
            draw("a")
            #expect(cache.hits == 1 && cache.misses == 0)
        }
    }
}
