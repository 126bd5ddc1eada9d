#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import VitrineGraphics

/// Facts about the drawing context checked pixel by pixel.
///
/// Antialiased coverage comes from pixman's rasterizer, which samples each pixel on a grid of
/// 17 columns × 15 rows (255 samples, one coverage step each). The ninth column sits exactly
/// on x + 0.5 and the eighth row exactly on y + 0.5; a sample on a vertical edge counts as left
/// of it, one on a horizontal edge as below it. So an edge through the middle of a pixel covers
/// 8 or 9 columns (120 or 135) or 7 or 8 rows (119 or 136), and the two sides sum to 255.
@Suite struct GraphicsContextTests {
    private func transparent(_ w: Int = 40, _ h: Int = 30) -> (Surface, GraphicsContext) {
        let s = Surface(width: w, height: h, format: .argb8888)
        return (s, GraphicsContext(surface: s))
    }

    /// The pixels whose word is not zero.
    private func paintedPixels(_ s: Surface) -> [PixelRect] {
        var result: [PixelRect] = []
        for y in 0..<s.height { for x in 0..<s.width where s.word(x: x, y: y) != 0 { result.append(PixelRect(x: x, y: y, width: 1, height: 1)) } }
        return result
    }

    // MARK: - Coverage

    @Test func wholePixelRectangleCoversExactlyItsPixels() {
        let (s, c) = transparent()
        c.fill(Rect(x: 10, y: 5, width: 20, height: 10))
        #expect(paintedPixels(s).count == 200)
        #expect(Region(paintedPixels(s)) == Region(PixelRect(x: 10, y: 5, width: 20, height: 10)))
        #expect(pixel(s, 10, 5) == 0xFF00_0000)
        #expect(pixel(s, 29, 14) == 0xFF00_0000)
    }

    @Test func wholePixelRectangleUnderARotationStillCoversExactlyItsPixels() {
        // Translate to (20, 10), turn a quarter clockwise: user (u, v) lands on (20 − v, 10 + u).
        // User rect u 0...2, v −3...−2 → x 22...23, y 10...12: pixels (22, 10) and (22, 11).
        let (s, c) = transparent()
        c.translateBy(x: 20, y: 10)
        c.rotate(by: Double.pi / 2)
        c.fill(Rect(x: 0, y: -3, width: 2, height: 1))
        #expect(paintedPixels(s) == [PixelRect(x: 22, y: 10, width: 1, height: 1), PixelRect(x: 22, y: 11, width: 1, height: 1)])
        #expect(alpha8(s, 22, 10) == 255 && alpha8(s, 22, 11) == 255)
    }

    @Test func halfPixelEdgesHaveHalfCoverage() {
        let (s, c) = transparent()
        c.fill(Rect(x: 10.5, y: 2, width: 10, height: 5))      // left edge 10.5, right edge 20.5
        #expect(alpha8(s, 9, 3) == 0)
        #expect(alpha8(s, 10, 3) == 8 * 15)                    // columns right of 10.5: 8
        #expect(alpha8(s, 11, 3) == 255)
        #expect(alpha8(s, 20, 3) == 9 * 15)                    // columns left of 20.5, the middle one included: 9
        #expect(alpha8(s, 10, 3) + alpha8(s, 20, 3) == 255)
        c.fill(Rect(x: 25, y: 2.5, width: 5, height: 5))       // top edge 2.5, bottom edge 7.5
        #expect(alpha8(s, 26, 2) == 8 * 17)                    // rows below 2.5, the middle one included: 8
        #expect(alpha8(s, 26, 7) == 7 * 17)                    // rows above 7.5: 7
        #expect(alpha8(s, 26, 1) == 0 && alpha8(s, 26, 8) == 0)
    }

    @Test func aSliverCoversTheColumnsItSpans() {
        // x 2.25...2.75: columns at 1/34, 3/34, … of the pixel; those from 9/34 (0.265) to
        // 25/34 (0.735) lie inside: 9 columns of 15 samples.
        let (s, c) = transparent()
        c.fill(Rect(x: 2.25, y: 10, width: 0.5, height: 3))
        #expect(alpha8(s, 2, 11) == 9 * 15)
        #expect(alpha8(s, 1, 11) == 0 && alpha8(s, 3, 11) == 0)
    }

    @Test func strokesStraddleThePath() {
        let (s, c) = transparent()
        // A 1-wide line at y = 10.5 covers row 10 exactly. At y = 20 it is the band 19.5...20.5:
        // in pixel 19 the rows from the middle one down (8), in pixel 20 those above the middle
        // one (7).
        c.strokeLine(from: Point(x: 5, y: 10.5), to: Point(x: 15, y: 10.5))
        #expect(alpha8(s, 5, 10) == 255 && alpha8(s, 14, 10) == 255)
        #expect(alpha8(s, 5, 9) == 0 && alpha8(s, 5, 11) == 0)
        #expect(alpha8(s, 4, 10) == 0 && alpha8(s, 15, 10) == 0)   // butt caps end at the points
        c.strokeLine(from: Point(x: 5, y: 20), to: Point(x: 15, y: 20))
        #expect(alpha8(s, 8, 19) == 8 * 17)
        #expect(alpha8(s, 8, 20) == 7 * 17)
    }

    @Test func squareCapsReachHalfTheWidthBeyondTheEnds() {
        let (s, c) = transparent()
        c.lineCap = .square
        c.strokeLine(from: Point(x: 10, y: 10.5), to: Point(x: 20, y: 10.5))
        // The band runs from 9.5 to 20.5.
        #expect(alpha8(s, 9, 10) == 8 * 15)
        #expect(alpha8(s, 20, 10) == 9 * 15)
        #expect(alpha8(s, 8, 10) == 0 && alpha8(s, 21, 10) == 0)
    }

    @Test func overlappingPartsOfAStrokeArePaintedOnce() {
        // A path that crosses itself at (20, 20), drawn at half alpha over white: the crossing
        // is as light as a single layer.
        let s = whiteSurface(width: 40, height: 40)
        let c = GraphicsContext(surface: s)
        var path = Path()
        path.move(to: Point(x: 5, y: 20))
        path.addLine(to: Point(x: 35, y: 20))
        path.addLine(to: Point(x: 20, y: 5))
        path.addLine(to: Point(x: 20, y: 35))
        c.lineWidth = 4
        c.strokeColor = Color(white: 0, alpha: 0.5)
        c.stroke(path)
        #expect(pixel(s, 10, 20) == 0xFF7F_7F7F)
        #expect(pixel(s, 20, 20) == 0xFF7F_7F7F)
        #expect(pixel(s, 20, 30) == 0xFF7F_7F7F)
    }

    @Test func fillRules() {
        // Two concentric circles drawn the same way round: nonzero fills the middle (winding
        // 2), even-odd leaves it empty.
        var rings = Path(ellipseIn: Rect(x: 0, y: 0, width: 20, height: 20))
        rings.addEllipse(in: Rect(x: 5, y: 5, width: 10, height: 10))
        let (s, c) = transparent()
        c.fill(rings, rule: .nonZero)
        #expect(alpha8(s, 10, 10) == 255)
        #expect(alpha8(s, 2, 10) == 255)
        let (t, d) = transparent()
        d.fill(rings, rule: .evenOdd)
        #expect(alpha8(t, 10, 10) == 0)
        #expect(alpha8(t, 2, 10) == 255)
    }

    // MARK: - Colour, alpha, blend

    @Test func halfAlphaOverWhite() {
        // Black at alpha 0.5 → 0x80 (32768 >> 8); over white: 255 × (255 − 128) / 255 = 127.
        let s = whiteSurface(width: 4, height: 4)
        let c = GraphicsContext(surface: s)
        c.alpha = 0.5
        c.fill(Rect(x: 0, y: 0, width: 2, height: 2))
        #expect(pixel(s, 0, 0) == 0xFF7F_7F7F)
        #expect(pixel(s, 3, 3) == 0xFFFF_FFFF)
        // Global alpha multiplies the colour's: 0.5 × 0.5 = 0.25 → 16384 >> 8 = 64 →
        // 255 × 191 / 255 = 191 = 0xBF.
        c.fillColor = Color(white: 0, alpha: 0.5)
        c.fill(Rect(x: 2, y: 2, width: 2, height: 2))
        #expect(pixel(s, 3, 3) == 0xFFBF_BFBF)
    }

    @Test func copyReplacesAndClearIgnoresAlpha() {
        let s = whiteSurface(width: 10, height: 4)
        let c = GraphicsContext(surface: s)
        c.blendMode = .copy
        c.fillColor = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        c.fill(Rect(x: 0, y: 0, width: 2, height: 2))
        // Replaced, not blended: red 0.5 premultiplied → 0x80 alpha, 0x80 red.
        #expect(pixel(s, 0, 0) == 0x8080_0000)
        c.blendMode = .normal
        c.alpha = 0.3
        c.clear(Rect(x: 4, y: 0, width: 2, height: 2))
        #expect(pixel(s, 4, 0) == 0)
        #expect(pixel(s, 6, 0) == 0xFFFF_FFFF)
        // Copy through antialiased coverage: half-covered pixel keeps half of what was there.
        c.alpha = 1
        c.blendMode = .copy
        c.fillColor = .clear
        c.fill(Rect(x: 8.5, y: 0, width: 1.5, height: 4))
        #expect(pixel(s, 9, 0) == 0)
        // Pixel 8 is 8/17 covered: 255 × (1 − 120/255) = 135.
        #expect(pixel(s, 8, 0) == 0x8787_8787)
    }

    // MARK: - Clip

    @Test func clippingLeavesOutsidePixelsUntouched() {
        let s = whiteSurface(width: 40, height: 30)
        let c = GraphicsContext(surface: s)
        c.clip(to: Rect(x: 10, y: 10, width: 20, height: 10))
        c.fillColor = .red
        c.fill(Rect(x: 0, y: 0, width: 40, height: 30))
        var red = 0
        for y in 0..<30 {
            for x in 0..<40 {
                let inside = x >= 10 && x < 30 && y >= 10 && y < 20
                #expect(pixel(s, x, y) == (inside ? 0xFFFF_0000 : 0xFFFF_FFFF))
                if inside { red += 1 }
            }
        }
        #expect(red == 200)
    }

    @Test func regionClipIsInSurfacePixels() {
        let (s, c) = transparent(20, 20)
        c.scaleBy(x: 2, y: 2)                  // does not apply to the region
        c.clip(to: Region([PixelRect(x: 0, y: 0, width: 2, height: 2), PixelRect(x: 10, y: 10, width: 1, height: 1)]))
        c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(Region(paintedPixels(s)) == Region([PixelRect(x: 0, y: 0, width: 2, height: 2), PixelRect(x: 10, y: 10, width: 1, height: 1)]))
    }

    @Test func roundedClipCutsTheCorners() {
        let s = whiteSurface(width: 40, height: 40)
        let c = GraphicsContext(surface: s)
        c.clip(toRoundedRect: Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 10)
        c.fillColor = .black
        c.fill(Rect(x: 0, y: 0, width: 40, height: 40))
        // The corner pixel's centre is 13.4 from the arc's centre (10, 10): outside.
        #expect(pixel(s, 0, 0) == 0xFFFF_FFFF)
        #expect(pixel(s, 39, 39) == 0xFFFF_FFFF)
        #expect(pixel(s, 20, 20) == 0xFF00_0000)
        #expect(pixel(s, 0, 20) == 0xFF00_0000)       // the straight sides are whole
        // Somewhere on the arc, partly covered.
        let arc = alpha8ofGrey(pixel(s, 2, 2))
        #expect(arc > 0 && arc < 255)
    }

    /// How dark a grey is (0 white ... 255 black).
    private func alpha8ofGrey(_ word: UInt32) -> Int { 255 - Int(word & 0xFF) }

    @Test func clipsIntersectAndRestoreWithTheState() {
        let (s, c) = transparent()
        c.saveGState()
        c.clip(to: Rect(x: 0, y: 0, width: 10, height: 10))
        c.clip(to: Rect(x: 5, y: 5, width: 10, height: 10))
        #expect(c.boundingBoxOfClipPath == Rect(x: 5, y: 5, width: 5, height: 5))
        c.fill(Rect(x: 0, y: 0, width: 40, height: 30))
        #expect(paintedPixels(s).count == 25)
        c.restoreGState()
        #expect(c.boundingBoxOfClipPath == Rect(x: 0, y: 0, width: 40, height: 30))
        c.clip(to: Rect(x: 50, y: 50, width: 5, height: 5))   // off the surface: nothing left
        #expect(c.boundingBoxOfClipPath.isNull)
        c.fill(Rect(x: 0, y: 0, width: 40, height: 30))
        #expect(paintedPixels(s).count == 25)
    }

    @Test func boundingBoxOfClipIsInUserSpace() {
        let (_, c) = transparent(100, 60)
        c.scaleBy(x: 2, y: 2)
        #expect(c.boundingBoxOfClipPath == Rect(x: 0, y: 0, width: 50, height: 30))
        c.translateBy(x: 10, y: 0)
        #expect(c.boundingBoxOfClipPath == Rect(x: -10, y: 0, width: 50, height: 30))
    }

    @Test func compositeMaskHonoursClipAndAlpha() {
        // A 4×1 glyph of full coverage at (10, 5), red at half alpha, clipped to x < 12.
        let s = whiteSurface(width: 20, height: 10)
        let c = GraphicsContext(surface: s)
        let glyph = Surface(width: 4, height: 1, format: .a8)
        glyph.fill(glyph.bounds, with: .black)
        c.clip(to: Region(PixelRect(x: 0, y: 0, width: 12, height: 10)))
        c.alpha = 0.5
        c.compositeMask(glyph, at: (x: 10, y: 5), color: .red)
        // Red at 0x80 over white: red 0x80 + 0xFF × 127/255 = 0xFF; green and blue 127.
        #expect(pixel(s, 10, 5) == 0xFFFF_7F7F)
        #expect(pixel(s, 11, 5) == 0xFFFF_7F7F)
        #expect(pixel(s, 12, 5) == 0xFFFF_FFFF)    // clipped
        #expect(pixel(s, 9, 5) == 0xFFFF_FFFF)     // outside the glyph
        // Through a rounded clip mask: the glyph pixel in a cut corner stays white.
        let t = whiteSurface(width: 20, height: 20)
        let d = GraphicsContext(surface: t)
        d.clip(toRoundedRect: Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 8)
        d.compositeMask(glyph, at: (x: 0, y: 0), color: .black)
        #expect(pixel(t, 0, 0) == 0xFFFF_FFFF)
        d.compositeMask(glyph, at: (x: 8, y: 10), color: .black)
        #expect(pixel(t, 9, 10) == 0xFF00_0000)
    }

    // MARK: - State and transforms

    @Test func saveAndRestoreTheWholeState() {
        let (_, c) = transparent()
        c.fillColor = .red
        c.strokeColor = .blue
        c.lineWidth = 3
        c.lineCap = .round
        c.lineJoin = .bevel
        c.miterLimit = 4
        c.alpha = 0.7
        c.blendMode = .multiply
        c.translateBy(x: 5, y: 6)
        let ctm = c.ctm
        c.withSavedGState {
            c.fillColor = .green
            c.strokeColor = .black
            c.lineWidth = 9
            c.lineCap = .square
            c.lineJoin = .miter
            c.miterLimit = 1
            c.alpha = 0.1
            c.blendMode = .copy
            c.scaleBy(x: 3, y: 3)
            c.clip(to: Rect(x: 0, y: 0, width: 1, height: 1))
        }
        #expect(c.fillColor == .red)
        #expect(c.strokeColor == .blue)
        #expect(c.lineWidth == 3)
        #expect(c.lineCap == .round)
        #expect(c.lineJoin == .bevel)
        #expect(c.miterLimit == 4)
        #expect(c.alpha == 0.7)
        #expect(c.blendMode == .multiply)
        #expect(c.ctm == ctm)
        #expect(c.clipRegion == nil)
        c.restoreGState()   // nothing saved: no change
        #expect(c.fillColor == .red)
    }

    @Test func transformsComposeLikeCoreGraphics() {
        let (s, c) = transparent(40, 40)
        let c0 = GraphicsContext(surface: s, transform: AffineTransform(scaleX: 2, y: 2))
        // Concatenating a translation of (5, 0) acts in user space first: (0, 0) → (5, 0) → (10, 0).
        c0.concatenateCTM(AffineTransform(translationX: 5, y: 0))
        #expect(Point.zero.applying(c0.ctm) == Point(x: 10, y: 0))
        // scale 2×3 then a unit square at (1, 1): pixels x 2..<4, y 3..<6.
        c.scaleBy(x: 2, y: 3)
        c.fill(Rect(x: 1, y: 1, width: 1, height: 1))
        #expect(Region(paintedPixels(s)) == Region(PixelRect(x: 2, y: 3, width: 2, height: 3)))
    }

    @Test func imagesDrawPixelForPixelAndWithAlpha() {
        let image = Surface(width: 2, height: 2, format: .argb8888)
        let words: [UInt32] = [0xFF11_2233, 0x8040_2010, 0x0000_0000, 0xFFFF_FFFF]
        for (i, w) in words.enumerated() { image.baseAddress.storeBytes(of: w, toByteOffset: (i / 2) * image.stride + (i % 2) * 4, as: UInt32.self) }
        let (s, c) = transparent(10, 10)
        c.draw(image, at: Point(x: 3, y: 4))
        #expect(pixel(s, 3, 4) == 0xFF11_2233)
        #expect(pixel(s, 4, 4) == 0x8040_2010)
        #expect(pixel(s, 3, 5) == 0)
        #expect(pixel(s, 4, 5) == 0xFFFF_FFFF)
        #expect(pixel(s, 2, 4) == 0 && pixel(s, 5, 4) == 0)
        // At alpha 0.5 (0x80): each premultiplied channel × 128 / 255, rounded:
        // 0xFF → 0x80, 0x11 (17) → 8.5 → 9, 0x22 (34) → 17, 0x33 (51) → 25.6 → 26.
        let (t, d) = transparent(10, 10)
        d.alpha = 0.5
        d.draw(image, at: Point(x: 0, y: 0))
        #expect(pixel(t, 0, 0) == 0x8009_111A)
    }

    @Test func scaledImagesAreFilteredWithinTheirRect() {
        // A 2×1 image, red | blue, drawn 4×2: samples at image x 0.25, 0.75, 1.25, 1.75: the
        // outer pixels take their own colour (the edges are padded, not faded), the inner ones
        // mix 3:1.
        let image = Surface(width: 2, height: 1, format: .xrgb8888)
        image.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), with: .red)
        image.fill(PixelRect(x: 1, y: 0, width: 1, height: 1), with: .blue)
        let (s, c) = transparent(10, 10)
        c.draw(image, in: Rect(x: 1, y: 1, width: 4, height: 2))
        #expect(pixel(s, 1, 1) == 0xFFFF_0000)
        #expect(pixel(s, 4, 2) == 0xFF00_00FF)
        let mixed = pixel(s, 2, 1)
        #expect(abs(Int((mixed >> 16) & 0xFF) - 191) <= 1)   // 255 × 3/4
        #expect(abs(Int(mixed & 0xFF) - 64) <= 1)            // 255 × 1/4
        #expect(pixel(s, 0, 1) == 0 && pixel(s, 5, 1) == 0 && pixel(s, 1, 3) == 0)
    }

    @Test func linearGradientRunsFromStartToEnd() {
        // Black to white across 256 pixels from x = 0.5 to 255.5: pixel x's centre is at
        // t = x / 255, so its grey is x (pixman's interpolation may round one step either way).
        let s = Surface(width: 256, height: 1, format: .xrgb8888)
        let c = GraphicsContext(surface: s)
        c.drawLinearGradient(Gradient(colors: [.black, .white]), start: Point(x: 0.5, y: 0), end: Point(x: 255.5, y: 0),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        for x in [0, 1, 64, 127, 128, 200, 255] {
            #expect(abs(Int(s.word(x: x, y: 0) & 0xFF) - x) <= 1, "pixel \(x)")
        }
        // Without the options nothing is painted before the start or after the end.
        let t = Surface(width: 30, height: 1, format: .argb8888)
        GraphicsContext(surface: t).drawLinearGradient(Gradient(colors: [.red, .blue]), start: Point(x: 10, y: 0), end: Point(x: 20, y: 0))
        #expect(pixel(t, 9, 0) == 0 && pixel(t, 20, 0) == 0)
        #expect(pixel(t, 10, 0) >> 24 == 0xFF && pixel(t, 19, 0) >> 24 == 0xFF)
    }

    // MARK: - Robustness

    @Test func degenerateAndHugeGeometryDoesNotTrap() {
        let (s, c) = transparent(20, 20)
        c.fill(Rect(x: 0, y: 0, width: Double.nan, height: 5))
        c.fill(Path())
        c.stroke(Path())
        c.lineWidth = 0
        c.strokeLine(from: Point(x: 0, y: 0), to: Point(x: 20, y: 20))   // zero width: nothing
        c.lineWidth = 1
        c.strokeLine(from: Point(x: 5, y: 5), to: Point(x: 5, y: 5))     // zero length, butt: nothing
        #expect(paintedPixels(s).isEmpty)
        c.rotate(by: 0.3)
        c.fill(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9))          // covers everything
        #expect(paintedPixels(s).count == 400)
        let image = Surface(width: 1000, height: 1000)
        c.draw(image, in: Rect(x: 3, y: 3, width: 0.001, height: 0.001))
    }

    @Test func zeroLengthSubpathsDrawDotsWithRoundAndSquareCaps() {
        let (s, c) = transparent(20, 20)
        c.lineWidth = 4
        c.lineCap = .square
        c.strokeLine(from: Point(x: 5, y: 5), to: Point(x: 5, y: 5))
        // A 4×4 square centred on (5, 5): pixels 3..<7.
        #expect(Region(paintedPixels(s)) == Region(PixelRect(x: 3, y: 3, width: 4, height: 4)))
        c.lineCap = .round
        c.strokeLine(from: Point(x: 15, y: 15), to: Point(x: 15, y: 15))
        #expect(alpha8(s, 15, 15) == 255)
        #expect(alpha8(s, 13, 13) < 255)
    }
}
