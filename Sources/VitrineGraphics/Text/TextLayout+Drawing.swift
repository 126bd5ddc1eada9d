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
    ///
    /// Attributed text draws each run's glyphs in its foreground colour (`color` where it sets
    /// none); backgrounds and lines under and through text are drawn by
    /// `GraphicsContext.draw(_:at:color:)`, not here.
    public func draw(in surface: Surface, at origin: Point, scale: Double, color: Color, clip: Region? = nil) {
        guard scale > 0 else { return }
        guard attributedText != nil || color.alpha > 0 else { return }
        let source = Surface.solidImage(color)
        defer { pixman_image_unref(source) }
        let visible = (clip?.boundingBox ?? surface.bounds).intersection(surface.bounds)
        guard !visible.isEmpty else { return }
        // One solid image per run colour of attributed text (this path is for drawing through
        // a rotation or into an image, not a view's every frame).
        var runSource: (run: Int, image: OpaquePointer?)?
        defer { if let image = runSource?.image { pixman_image_unref(image) } }
        surface.withClip(clip) {
            forEachGlyphMask(at: origin, scale: scale, within: visible) { mask, x, y, run in
                var image = source
                if attributedText != nil, let runColor = attributes(of: run).foregroundColor {
                    if runSource?.run != run.attributeRun {
                        if let old = runSource?.image { pixman_image_unref(old) }
                        runSource = (run.attributeRun, Surface.solidImage(runColor))
                    }
                    image = runSource?.image ?? source
                }
                pixman_image_composite32(PIXMAN_OP_OVER, image, mask.image, surface.image, 0, 0, 0, 0,
                                         Int32(x), Int32(y), Int32(mask.width), Int32(mask.height))
            }
        }
    }

    /// `forEachGlyphMask` without the run.
    @MainActor
    func forEachGlyphMask(at origin: Point, scale: Double, within visible: PixelRect,
                          _ body: (Surface, Int, Int) -> Void) {
        forEachGlyphMask(at: origin, scale: scale, within: visible) { mask, x, y, _ in body(mask, x, y) }
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
                          _ body: (Surface, Int, Int, GlyphRun) -> Void) {
        guard origin.x.isFinite, origin.y.isFinite, scale > 0 else { return }
        let cache = GlyphCache.shared
        // Ink may overhang a line box or a glyph's advance (accents, italics, wide marks):
        // an em of slack on every side (the largest em, for attributed text).
        var largest = font.pointSize
        if attributedText != nil {
            for line in lines { for run in line.runs { largest = max(largest, run.pointSize) } }
        }
        let slack = largest * scale
        let left = Double(visible.x) - slack, right = Double(visible.maxX) + slack
        for line in lines {
            let top = origin.y + line.rect.minY * scale, bottom = origin.y + line.rect.maxY * scale
            guard bottom + slack >= Double(visible.y), top - slack <= Double(visible.maxY) else { continue }
            // Baselines on whole pixels: a line's glyphs share one row, and text stays crisp
            // vertically.
            let baseline = (origin.y + line.baseline * scale).rounded()
            for run in line.runs {
                let pixelsPerEm = run.pointSize * scale
                guard pixelsPerEm > 0, pixelsPerEm <= Self.maximumPixelsPerEm else { continue }
                let pixelSize = Int((pixelsPerEm * 64).rounded())
                guard pixelSize > 0 else { continue }
                for glyph in run.glyphs {
                    let x = origin.x + glyph.position.x * scale
                    guard x + glyph.advance * scale >= left, x <= right else { continue }
                    let quarters = (x * 4).rounded()
                    let whole = (quarters / 4).rounded(.down)
                    let subpixel = Int(quarters - whole * 4)
                    guard let rendered = cache.glyph(glyph.glyph, of: run.face, pixelSize: pixelSize, subpixel: subpixel),
                          let mask = rendered.mask else { continue }
                    let rise = ((glyph.position.y - line.baseline) * scale).rounded()
                    body(mask, Int(whole) + rendered.left, Int(baseline + rise) - rendered.top, run)
                }
            }
        }
    }
}

extension TextLayout {
    /// A stretch of a line to fill in attributed text: a run's background, or a line under
    /// or through it. In layout points.
    struct Decoration {
        var rect: Rect
        var color: Color
    }

    /// The backgrounds (`behind` true) or the underlines and strikethroughs (false) of an
    /// attributed text's runs, in layout points, for text drawn in `color` where a run sets
    /// none. Lines are a sixteenth of the em thick (at least a point), thick ones twice that;
    /// an underline sits an eighth of the em under the run's baseline, a strikethrough
    /// 0.3 em above it.
    func forEachDecoration(behind: Bool, color: Color, _ body: (Decoration) -> Void) {
        guard attributedText != nil else { return }
        for line in lines {
            for run in line.runs where !run.glyphs.isEmpty {
                let attributes = attributes(of: run)
                let minX = run.glyphs[0].position.x
                var width = 0.0
                for glyph in run.glyphs { width += glyph.advance }
                if behind {
                    if let background = attributes.backgroundColor {
                        body(Decoration(rect: Rect(x: minX, y: line.rect.minY, width: width, height: line.rect.height),
                                        color: background))
                    }
                    continue
                }
                let ink = attributes.foregroundColor ?? color
                let baseline = line.baseline - (attributes.baselineOffset ?? 0)
                let thin = max(run.pointSize / 16, 1)
                func stroke(_ style: UnderlineStyle, at y: Double) {
                    let thickness = style.contains(.thick) ? 2 * thin : thin
                    body(Decoration(rect: Rect(x: minX, y: y - thickness / 2, width: width, height: thickness), color: ink))
                    if style.contains(.double) {
                        body(Decoration(rect: Rect(x: minX, y: y + thickness * 1.5, width: width, height: thickness),
                                        color: ink))
                    }
                }
                if let underline = attributes.underlineStyle, !underline.isEmpty {
                    stroke(underline, at: baseline + run.pointSize / 8)
                }
                if let strike = attributes.strikethroughStyle, !strike.isEmpty {
                    stroke(strike, at: baseline - run.pointSize * 0.3)
                }
            }
        }
    }
}
