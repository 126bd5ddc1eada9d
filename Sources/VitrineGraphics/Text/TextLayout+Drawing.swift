import CPixman

extension TextLayout {
    /// The largest glyphs drawn, in pixels per em: a glyph larger is larger than any screen
    /// (and than what FreeType rasterizes in reasonable memory), and is not drawn.
    public static let maximumPixelsPerEm = 8192.0

    /// Draws the text into `surface` in `color`: the layout's top-left corner at `origin` (in
    /// the surface's pixels), `scale` pixels per layout point, limited to `clip` (surface
    /// pixels) when given. Glyphs are rasterized at `font.pointSize × scale` pixels per em
    /// (through `GlyphCache.shared`), placed at quarter-pixel horizontal positions, their
    /// baselines on whole pixels, and blended over what is there (Porter-Duff OVER).
    @MainActor
    public func draw(in surface: Surface, at origin: Point, scale: Double, color: Color, clip: Region? = nil) {
        guard color.alpha > 0, scale > 0 else { return }
        let source = Surface.solidImage(color)
        defer { pixman_image_unref(source) }
        let visible = (clip?.boundingBox ?? surface.bounds).intersection(surface.bounds)
        guard !visible.isEmpty else { return }
        surface.withClip(clip) {
            forEachGlyphMask(at: origin, scale: scale, within: visible) { mask, x, y in
                pixman_image_composite32(PIXMAN_OP_OVER, source, mask.image, surface.image, 0, 0, 0, 0,
                                         Int32(x), Int32(y), Int32(mask.width), Int32(mask.height))
            }
        }
    }

    /// Calls `body` with every inked glyph's coverage mask and the pixel where its top-left
    /// corner goes, for the layout drawn with its top-left at `origin` (pixels) at `scale`
    /// pixels per point. Lines and glyphs that cannot reach `visible` (pixels) are skipped,
    /// so redrawing a small dirty rect of a long text rasterizes little.
    @MainActor
    ///
    /// Text whose size in pixels is not finite, or more than `maximumPixelsPerEm` (larger than
    /// any screen), draws nothing.
    func forEachGlyphMask(at origin: Point, scale: Double, within visible: PixelRect,
                          _ body: (Surface, Int, Int) -> Void) {
        let pixelsPerEm = font.pointSize * scale
        guard pixelsPerEm > 0, pixelsPerEm <= Self.maximumPixelsPerEm, origin.x.isFinite, origin.y.isFinite else { return }
        let pixelSize = Int((pixelsPerEm * 64).rounded())
        guard pixelSize > 0 else { return }
        let cache = GlyphCache.shared
        // Ink may overhang a line box or a glyph's advance (accents, italics, wide marks):
        // an em of slack on every side.
        let slack = font.pointSize * scale
        let left = Double(visible.x) - slack, right = Double(visible.maxX) + slack
        for line in lines {
            let top = origin.y + line.rect.minY * scale, bottom = origin.y + line.rect.maxY * scale
            guard bottom + slack >= Double(visible.y), top - slack <= Double(visible.maxY) else { continue }
            // Baselines on whole pixels: a line's glyphs share one row, and text stays crisp
            // vertically.
            let baseline = (origin.y + line.baseline * scale).rounded()
            for run in line.runs {
                for glyph in run.glyphs {
                    let x = origin.x + glyph.position.x * scale
                    guard x + glyph.advance * scale >= left, x <= right else { continue }
                    let quarters = (x * 4).rounded()
                    let whole = (quarters / 4).rounded(.down)
                    let subpixel = Int(quarters - whole * 4)
                    guard let rendered = cache.glyph(glyph.glyph, of: run.face, pixelSize: pixelSize, subpixel: subpixel),
                          let mask = rendered.mask else { continue }
                    let rise = ((glyph.position.y - line.baseline) * scale).rounded()
                    body(mask, Int(whole) + rendered.left, Int(baseline + rise) - rendered.top)
                }
            }
        }
    }
}
