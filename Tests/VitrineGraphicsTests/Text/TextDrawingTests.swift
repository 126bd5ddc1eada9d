import Testing
import VitrineGraphics

@MainActor
struct TextDrawingTests {
    @Test func drawsInkInsideTheLayoutBox() {
        let surface = whiteSurface(width: 120, height: 40)
        let layout = TextLayout(text: "Hello", font: body)
        layout.draw(in: surface, at: Point(x: 10, y: 5), scale: 1, color: .black)
        let ink = inkBounds(of: surface)!
        #expect(ink.x >= 10 && ink.maxX <= 10 + Int(layout.size.width.rounded(.up)) + 1)
        #expect(ink.y >= 5 && ink.maxY <= 5 + Int(layout.size.height.rounded(.up)))
        // "H" has a solid vertical stem: some pixels are fully covered, in the colour given.
        var solid = 0
        for y in 0..<surface.height { for x in 0..<surface.width where surface.color(x: x, y: y).rgba8 == Color.black.rgba8 { solid += 1 } }
        #expect(solid > 20)
    }

    @Test func capitalHeightFollowsTheFontSize() {
        // DejaVu Sans's capitals are 1493 units of 2048 tall: 29.2 pixels at 40 points.
        let surface = whiteSurface(width: 100, height: 60)
        TextLayout(text: "H", font: .system(size: 40)).draw(in: surface, at: .zero, scale: 1, color: .black)
        let ink = inkBounds(of: surface)!
        #expect(abs(Double(ink.height) - 1493.0 / 2048 * 40) <= 1)
        // The baseline is at the ascender, rounded to a pixel: the stem ends there.
        #expect(ink.maxY == Int((1901.0 / 2048 * 40).rounded()))
    }

    @Test func scaleTwoDrawsAtDoubleThePixelSize() {
        let one = whiteSurface(width: 200, height: 60), two = whiteSurface(width: 400, height: 120)
        let layout = TextLayout(text: "Hxg", font: body)
        layout.draw(in: one, at: Point(x: 4, y: 4), scale: 1, color: .black)
        layout.draw(in: two, at: Point(x: 8, y: 8), scale: 2, color: .black)
        let a = inkBounds(of: one)!, b = inkBounds(of: two)!
        #expect(abs(b.width - 2 * a.width) <= 2)
        #expect(abs(b.height - 2 * a.height) <= 2)
        #expect(abs(b.x - 2 * a.x) <= 2 && abs(b.y - 2 * a.y) <= 2)
    }

    @Test func clipLimitsWhatChanges() {
        let surface = whiteSurface(width: 120, height: 40)
        let layout = TextLayout(text: "HHHHHHHH", font: body)
        layout.draw(in: surface, at: Point(x: 0, y: 0), scale: 1, color: .black, clip: Region(PixelRect(x: 0, y: 0, width: 40, height: 40)))
        let ink = inkBounds(of: surface)!
        #expect(ink.maxX <= 40)
        #expect(ink.width > 30)
    }

    @Test func colourAndAlphaApply() {
        let surface = whiteSurface(width: 60, height: 40)
        TextLayout(text: "H", font: .system(size: 30)).draw(in: surface, at: .zero, scale: 1, color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        // A fully covered stem pixel: half red over white is (255, 128, 128).
        var found = false
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let c = surface.color(x: x, y: y).rgba8
                if c == 0xFF80_80FF || c == 0xFF7F_7FFF { found = true }
                #expect(c >> 24 == 0xFF)  // red stays full everywhere
            }
        }
        #expect(found)
    }

    @Test func contextDrawsLikeTheLayoutAtItsScaleAndTranslation() {
        let layout = TextLayout(text: "Grüße, 你好", font: body)
        let direct = whiteSurface(width: 300, height: 80)
        layout.draw(in: direct, at: Point(x: 20, y: 10), scale: 2, color: .blue)
        let viaContext = whiteSurface(width: 300, height: 80)
        let context = GraphicsContext(surface: viaContext, transform: AffineTransform(scaleX: 2, y: 2))
        context.translateBy(x: 10, y: 5)
        context.draw(layout, at: .zero, color: .blue)
        #expect(viaContext.hasSamePixels(as: direct))
    }

    @Test func contextClipAndAlphaApplyToText() {
        let surface = whiteSurface(width: 200, height: 40)
        let context = GraphicsContext(surface: surface)
        context.clip(to: Rect(x: 0, y: 0, width: 50, height: 40))
        context.alpha = 0.5
        context.draw("HHHHHHHHHH", at: Point(x: 0, y: 0), font: body, color: .black)
        let ink = inkBounds(of: surface)!
        #expect(ink.maxX <= 50)
        // At half alpha nothing is darker than mid grey.
        for y in 0..<40 { for x in 0..<50 { #expect(surface.color(x: x, y: y).red >= 0.49) } }
    }

    @Test func rotatedContextDrawsTheTextTurned() {
        let surface = whiteSurface(width: 100, height: 200)
        let context = GraphicsContext(surface: surface)
        context.translateBy(x: 60, y: 20)
        context.rotate(by: Double.pi / 2)
        context.draw("Vitrine", at: .zero, font: body, color: .black)
        let ink = inkBounds(of: surface)!
        // A quarter turn clockwise: the line runs down from (60, 20), its glyphs' tops
        // turned toward +x, as wide as the text is tall and as tall as the text is long.
        #expect(ink.height > 2 * ink.width)
        #expect(abs(Double(ink.height) - advance(of: "Vitrine")) <= 3)
        #expect(ink.x < 60 && ink.maxX > 60 - 5)
        #expect(ink.y >= 19)
    }

    /// A centred or trailing line starts right of the layout's x 0: under a squeeze (drawn
    /// through an intermediate image) it must land where the unsqueezed one does, across, not
    /// fall outside that image (it once drew nothing).
    @Test(arguments: [TextAlignment.left, .center, .right])
    func squeezedAlignedTextLandsWhereItsLineIs(alignment: TextAlignment) {
        let layout = TextLayout(text: "0:3", font: body, width: 160, alignment: alignment)
        let plain = whiteSurface(width: 200, height: 60), squeezed = whiteSurface(width: 200, height: 60)
        GraphicsContext(surface: plain).draw(layout, at: Point(x: 20, y: 10), color: .black)
        let context = GraphicsContext(surface: squeezed)
        context.scaleBy(x: 1, y: 0.8)
        context.draw(layout, at: Point(x: 20, y: 10), color: .black)
        let a = inkBounds(of: plain)!
        guard let b = inkBounds(of: squeezed) else {
            Issue.record("the squeezed text drew nothing")
            return
        }
        #expect(abs(b.x - a.x) <= 1 && abs(b.maxX - a.maxX) <= 1)
        #expect(Double(b.height) < Double(a.height) * 0.9)
    }
}

@MainActor
struct TextCullingTests {
    @Test func glyphsOutsideTheClipAreNotRasterized() {
        let cache = GlyphCache.shared
        let saved = cache.byteLimit
        cache.removeAll()
        cache.resetStatistics()
        defer { cache.byteLimit = saved; cache.removeAll() }
        // Ten distinct lines; only the first is inside the clip.
        let text = (0..<10).map { "line \($0): " + String("ABCDEFGHIJ".dropFirst($0).prefix(1)) }.joined(separator: "\n")
        let layout = TextLayout(text: text, font: body)
        let surface = whiteSurface(width: 200, height: 220)
        layout.draw(in: surface, at: .zero, scale: 1, color: .black, clip: Region(PixelRect(x: 0, y: 0, width: 200, height: 10)))
        // Each line is 9 glyphs ("line 0: A"); the 10 clipped rows, with an em of slack for
        // overhanging ink, reach two lines at most: the other eight are never looked up.
        #expect(cache.misses + cache.hits <= 2 * 9)
        #expect(cache.misses > 0)
    }
}
