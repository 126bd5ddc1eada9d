import CPixman
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension GraphicsContext {
    /// Draws `layout` with its top-left corner at `point` (user space) in `color`, through
    /// the clip, `alpha` and `blendMode` like any other drawing.
    ///
    /// Under a transform that only translates and scales both axes alike (what a view's
    /// context has), glyphs are rasterized at the transform's scale and composited directly,
    /// sharp at any screen scale; text drawn again exactly alike is composited in one go
    /// through the coverage kept of it (`TextCoverageCache`: the same pixels, in bounded
    /// memory). Under any other transform (rotation, skew, unequal or mirrored scales) the
    /// text is drawn into an intermediate image at the transform's mean scale, which is then
    /// drawn through the transform (bilinear filtering: correct but softer).
    ///
    /// Attributed text (`TextLayout(attributedText:…)`) draws each run in its own colour
    /// (`color` where it sets none), its background behind it, then the lines under and
    /// through it; it is not kept in the coverage cache.
    @MainActor
    public func draw(_ layout: TextLayout, at point: Point, color: Color) {
        guard !layout.lines.isEmpty else { return }
        if layout.attributedText != nil {
            drawAttributed(layout, at: point, color: color)
            return
        }
        drawGlyphs(layout, at: point, color: color)
    }

    @MainActor
    private func drawAttributed(_ layout: TextLayout, at point: Point, color: Color) {
        let savedFill = fillColor
        defer { fillColor = savedFill }
        let t = ctm
        let snaps = t.b == 0 && t.c == 0 && t.a > 0 && t.d > 0
        // Lines and backgrounds on whole pixels vertically when the transform allows it, so
        // that a thin underline is one crisp row rather than two faint ones.
        func fillDecoration(_ decoration: TextLayout.Decoration) {
            fillColor = decoration.color
            var rect = decoration.rect.offsetBy(dx: point.x, dy: point.y)
            if snaps {
                let top = (rect.minY * t.d + t.ty).rounded()
                let bottom = max((rect.maxY * t.d + t.ty).rounded(), top + 1)
                rect = Rect(x: rect.minX, y: (top - t.ty) / t.d, width: rect.width, height: (bottom - top) / t.d)
            }
            fill(rect)
        }
        layout.forEachDecoration(behind: true, color: color, fillDecoration)
        drawGlyphs(layout, at: point, color: color)
        layout.forEachDecoration(behind: false, color: color, fillDecoration)
    }

    @MainActor
    private func drawGlyphs(_ layout: TextLayout, at point: Point, color: Color) {
        let t = ctm
        if t.b == 0, t.c == 0, t.a == t.d, t.a > 0, layout.attributedText != nil {
            let origin = point.applying(t)
            let visible = clipBounds
            guard !visible.isEmpty else { return }
            layout.forEachGlyphMask(at: origin, scale: t.a, within: visible) { mask, x, y, run in
                compositeMask(mask, at: (x, y), color: layout.attributes(of: run).foregroundColor ?? color)
            }
            return
        }
        if t.b == 0, t.c == 0, t.a == t.d, t.a > 0 {
            let origin = point.applying(t)
            let visible = clipBounds
            guard !visible.isEmpty else { return }
            guard clipMask == nil, blendMode != .clear, blendMode != .copy else {
                layout.forEachGlyphMask(at: origin, scale: t.a, within: visible) { mask, x, y in
                    compositeMask(mask, at: (x, y), color: color)
                }
                return
            }
            // What `compositeMask` does for each glyph (the same pixman call, so the same
            // pixels), with the colour's solid image and the operator found once for the
            // layout rather than once a glyph: a label's text is hundreds of small composites.
            let alpha = min(max(self.alpha, 0), 1)
            guard alpha > 0 else { return }
            let solid = scratch.solidImage(color.withAlphaComponent(color.alpha * alpha))
            let op = blendMode.pixmanOperator
            // Text drawn again alike: one composite through its glyphs' kept coverage, which
            // gives the same pixels (see `TextCoverageCache`).
            if let (coverage, box) = TextCoverageCache.shared.coverage(of: layout, at: origin, scale: t.a, in: target) {
                let area = box.intersection(visible)
                guard !area.isEmpty else { return }
                // The first thing painted into pixels about to be cleared (a label's store
                // redrawn): the colour through the coverage is what OVER would leave on them.
                var compositeOp = op
                if mayWriteBoxOverPendingClear {
                    finishPendingClear(except: area)
                    compositeOp = PIXMAN_OP_SRC
                }
                forEachClipRect(in: area) { r in
                    pixman_image_composite32(compositeOp, solid, coverage.image, target.image, 0, 0, Int32(r.x - box.x),
                                             Int32(r.y - box.y), Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
                }
                return
            }
            layout.forEachGlyphMask(at: origin, scale: t.a, within: visible) { mask, x, y in
                let area = PixelRect(x: x, y: y, width: mask.width, height: mask.height).intersection(visible)
                guard !area.isEmpty else { return }
                let image = mask.image
                forEachClipRect(in: area) { r in
                    pixman_image_composite32(op, solid, image, target.image, 0, 0, Int32(r.x - x), Int32(r.y - y),
                                             Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
                }
            }
            return
        }
        let scale = sqrt(abs(t.determinant))
        guard scale > 0, scale.isFinite else { return }
        // Glyphs may reach past the line boxes (accents, swashes): leave half an em around.
        let margin = layout.font.pointSize / 2
        // The lines' boxes, not only `size`: an aligned line starts right of x 0 (centred or
        // trailing text in a layout wider than it).
        var box = Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
        for line in layout.lines { box = box.union(line.rect) }
        let pixelsWide = ((box.width + 2 * margin) * scale).rounded(.up)
        let pixelsHigh = ((box.height + 2 * margin) * scale).rounded(.up)
        // Text with no finite size draws nothing; a larger image than a surface may be is cut
        // to it (a surface's side is at most 32767 pixels, far beyond any screen).
        guard pixelsWide > 0, pixelsHigh > 0, pixelsWide.isFinite, pixelsHigh.isFinite, margin.isFinite else { return }
        let width = Int(min(pixelsWide, 16384)), height = Int(min(pixelsHigh, 16384))
        let image = Surface(width: width, height: height, format: .argb8888)
        layout.draw(in: image, at: Point(x: (margin - box.minX) * scale, y: (margin - box.minY) * scale), scale: scale, color: color)
        draw(image, in: Rect(x: point.x + box.minX - margin, y: point.y + box.minY - margin,
                             width: Double(width) / scale, height: Double(height) / scale))
    }

    /// Draws `string` on one line (line feeds still break) in `font` and `color`, its
    /// top-left corner at `point` (user space). Lays the text out on every call: keep a
    /// `TextLayout` for text drawn often.
    @MainActor
    public func draw(_ string: String, at point: Point, font: Font, color: Color) {
        draw(TextLayout(text: string, font: font), at: point, color: color)
    }
}
