import CPixman
#if canImport(Glibc)
import Glibc
#endif

// How a shape, an image or a gradient becomes pixels: coverage (whole pixels, a polygon
// rasterized into a mask, a gradient's half-planes), then pixman compositing through the clip.
// Split from GraphicsContext.swift by role; the members are internal so both files reach them.
extension GraphicsContext {
    // MARK: - Painting

    /// What is painted through the coverage.
    enum Source {
        /// A solid colour (straight alpha; `alpha` still applies).
        case color(Color)
        /// A pixman image sampled through `transform` (surface pixels to its coordinates),
        /// counted from surface pixel `anchor` (see `setSourceTransform`); `applyAlpha` when
        /// `alpha` has not been folded into it yet.
        case image(OpaquePointer, transform: AffineTransform, anchor: (x: Int, y: Int), applyAlpha: Bool)
    }

    /// Paints the pixman gradient `image` (alpha folded in, sampled through `transform` from
    /// surface pixels, counted from `anchor`) through `coverage` on `bounds`.
    ///
    /// pixman evaluates a linear gradient along each row incrementally from where the row
    /// starts, so a pixel can come out a step different when a row starts elsewhere. A
    /// gradient that changes along rows is therefore evaluated in blocks of columns that start
    /// at fixed places (every 256 pixels from the anchor), whatever part is drawn, so that a
    /// partial redraw gets exactly the pixels of a full one.
    func paintGradient(_ image: OpaquePointer, transform: AffineTransform, anchor: (x: Int, y: Int), changesAlongRows: Bool,
                               coverage: Coverage, bounds: PixelRect) {
        let area = bounds.intersection(clipBounds)
        guard !area.isEmpty else { return }
        guard changesAlongRows else {
            paint(.image(image, transform: transform, anchor: anchor, applyAlpha: false), coverage: coverage, bounds: area, mode: blendMode)
            return
        }
        let block = 256
        func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
        let firstStart = anchor.x + floorDivide(area.x - anchor.x, block) * block
        let rows = Surface(width: area.maxX - firstStart, height: area.height, format: .argb8888)
        var blockStart = firstStart
        while blockStart < area.maxX {
            let columns = PixelRect(x: blockStart, y: area.y, width: min(block, area.maxX - blockStart), height: area.height)
            let origin = setSourceTransform(image, transform, anchor: anchor, area: columns)
            pixman_image_composite32(PIXMAN_OP_SRC, image, nil, rows.image, origin.x, origin.y, 0, 0,
                                     Int32(blockStart - firstStart), 0, Int32(columns.width), Int32(columns.height))
            blockStart += block
        }
        let toRows = AffineTransform(translationX: Double(-firstStart), y: Double(-area.y))
        paint(.image(rows.image, transform: toRows, anchor: (0, 0), applyAlpha: false), coverage: coverage, bounds: area, mode: blendMode)
    }

    /// Where, within the bounds being painted, the source shows.
    enum Coverage {
        /// Every pixel.
        case full
        /// Inside polygons in surface pixels.
        case polygons([[Point]], FillRule)
        /// An A8 image whose pixel (0, 0) lies on surface pixel (x, y).
        case mask(OpaquePointer, x: Int, y: Int)
    }

    /// The whole pixels `rect` covers under the current transform, if it covers them exactly
    /// (axis-aligned, edges on pixel boundaries).
    func alignedPixels(of rect: Rect) -> PixelRect? {
        guard ctm.b == 0, ctm.c == 0 else { return nil }
        let r = rect.applying(ctm)
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite,
              r.minX == r.minX.rounded(), r.minY == r.minY.rounded(), r.maxX == r.maxX.rounded(), r.maxY == r.maxY.rounded() else {
            return nil
        }
        let limit = target.bounds.rect.insetBy(dx: -1, dy: -1)
        return PixelRect(covering: r.intersection(limit))
    }

    func fillRect(_ rect: Rect, source: Source, mode: BlendMode) {
        let rect = rect.standardized
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return }
        if let pixels = alignedPixels(of: rect) {
            paint(source, coverage: .full, bounds: pixels, mode: mode)
            return
        }
        // The corners go into the scratch's one quadrilateral (no arrays made per fill).
        let ctm = self.ctm
        scratch.quadrilateral[0][0] = Point(x: rect.minX, y: rect.minY).applying(ctm)
        scratch.quadrilateral[0][1] = Point(x: rect.maxX, y: rect.minY).applying(ctm)
        scratch.quadrilateral[0][2] = Point(x: rect.maxX, y: rect.maxY).applying(ctm)
        scratch.quadrilateral[0][3] = Point(x: rect.minX, y: rect.maxY).applying(ctm)
        paintPolygons(scratch.quadrilateral, rule: .nonZero, source: source, mode: mode)
    }

    /// `path` in surface pixels, flattened.
    func devicePolygons(of path: Path) -> [[Point]] {
        path.flattened(transform: ctm, tolerance: GraphicsContext.flatness).map(\.points)
    }

    /// The whole pixels touched by `polygons`, within the surface; non-finite points make it
    /// empty.
    func pixelBounds(of polygons: [[Point]]) -> PixelRect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for p in polygon {
                guard p.x.isFinite, p.y.isFinite else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
                minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
            }
        }
        guard minX < maxX, minY < maxY else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let r = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).intersection(target.bounds.rect)
        return PixelRect(covering: r)
    }

    func paintPolygons(_ polygons: [[Point]], rule: FillRule, source: Source, mode: BlendMode) {
        let box = pixelBounds(of: polygons)
        guard !box.isEmpty else { return }
        paint(source, coverage: .polygons(polygons, rule), bounds: box, mode: mode)
    }

    /// Where a gradient from `start` to `end` paints: everywhere, less the half-planes before
    /// `start` and after `end` that `options` leaves out; nil if nothing is left.
    func gradientCoverage(start: Point, end: Point, options: GradientDrawingOptions) -> Coverage? {
        if options.contains([.drawsBeforeStartLocation, .drawsAfterEndLocation]) { return .full }
        // Cut in user space, where the gradient's ends are perpendicular to its axis. The
        // polygon starts from the surface (not the clip) so a partial redraw gets the same
        // edges as a full one.
        let toUser = ctm.inverted()
        let r = rasterLimit
        var polygon = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                       Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)].map { $0.applying(toUser) }
        let axis = end - start
        func dot(_ p: Point, _ origin: Point) -> Double { (p.x - origin.x) * axis.x + (p.y - origin.y) * axis.y }
        if !options.contains(.drawsBeforeStartLocation) { polygon = cutHalfPlane(polygon) { dot($0, start) } }
        if !options.contains(.drawsAfterEndLocation) { polygon = cutHalfPlane(polygon) { -dot($0, end) } }
        guard polygon.count >= 3 else { return nil }
        return .polygons([polygon.map { $0.applying(ctm) }], .nonZero)
    }

    /// The part of convex `polygon` where `side` is ≥ 0 (`side` is affine).
    func cutHalfPlane(_ polygon: [Point], side: (Point) -> Double) -> [Point] {
        var result: [Point] = []
        guard var previous = polygon.last else { return result }
        var previousSide = side(previous)
        for p in polygon {
            let s = side(p)
            if (s >= 0) != (previousSide >= 0) {
                let t = previousSide / (previousSide - s)
                result.append(Point(x: previous.x + (p.x - previous.x) * t, y: previous.y + (p.y - previous.y) * t))
            }
            if s >= 0 { result.append(p) }
            previous = p
            previousSide = s
        }
        return result
    }

    /// Paints `source` through `coverage` on the pixels of `bounds` that the clip lets
    /// through, by `alpha` and `mode`: the one place pixels change.
    func paint(_ source: Source, coverage: Coverage, bounds: PixelRect, mode: BlendMode) {
        let area = bounds.intersection(clipBounds)
        guard !area.isEmpty else { return }
        let alpha = min(max(self.alpha, 0), 1)
        if alpha == 0 && mode != .clear && mode != .copy { return }
        if case .full = coverage, clipMask == nil {
            paintUnmasked(source, area: area, alpha: alpha, mode: mode)
            return
        }
        if case .mask(let image, let x, let y) = coverage, clipMask == nil, case .color = source {
            blend(source, mask: image, maskX: area.x - x, maskY: area.y - y, area: area, alpha: alpha, mode: mode)
            return
        }
        let (w, h) = (Int32(area.width), Int32(area.height))
        scratch.withMask(width: area.width, height: area.height) { mask in
            switch coverage {
            case .full:
                let clip = clipMask!
                pixman_image_composite32(PIXMAN_OP_SRC, clip.image, nil, mask, Int32(area.x - clip.x), Int32(area.y - clip.y), 0, 0, 0, 0, w, h)
            case .polygons(let polygons, let rule):
                Rasterizer.rasterize(polygons, rule: rule, into: mask, maskOrigin: (area.x, area.y), maskHeight: area.height,
                                     limit: rasterLimit, scratch: scratch.raster)
                if let clipMask {
                    pixman_image_composite32(PIXMAN_OP_IN, clipMask.image, nil, mask, Int32(area.x - clipMask.x), Int32(area.y - clipMask.y),
                                             0, 0, 0, 0, w, h)
                }
            case .mask(let image, let x, let y):
                pixman_image_composite32(PIXMAN_OP_SRC, image, nil, mask, Int32(area.x - x), Int32(area.y - y), 0, 0, 0, 0, w, h)
                if let clipMask {
                    pixman_image_composite32(PIXMAN_OP_IN, clipMask.image, nil, mask, Int32(area.x - clipMask.x), Int32(area.y - clipMask.y),
                                             0, 0, 0, 0, w, h)
                }
            }
            blend(source, mask: mask, maskX: 0, maskY: 0, area: area, alpha: alpha, mode: mode, maskIsScratch: true)
        }
    }

    /// Full coverage without a clip mask: fills and plain composites limited by the region.
    func paintUnmasked(_ source: Source, area: PixelRect, alpha: Double, mode: BlendMode) {
        if mode == .clear {
            forEachClipRect(in: area) { target.fillStored($0, with: .clear) }
            return
        }
        switch source {
        case .color(let color):
            let c = color.withAlphaComponent(color.alpha * alpha)
            if mode == .copy || (mode == .normal && c.alpha == 1) {
                forEachClipRect(in: area) { target.fillStored($0, with: c) }
                return
            }
            if c.alpha == 0 && mode != .copy { return }
            let solid = scratch.solidImage(c)
            forEachClipRect(in: area) { r in
                pixman_image_composite32(mode.pixmanOperator, solid, nil, target.image, 0, 0, 0, 0,
                                         Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
            }
        case .image(let image, let transform, let anchor, let applyAlpha):
            let mask = applyAlpha && alpha < 1 ? scratch.solidImage(Color(white: 0, alpha: alpha)) : nil
            let origin = setSourceTransform(image, transform, anchor: anchor, area: area)
            forEachClipRect(in: area) { r in
                let (dx, dy) = (Int32(r.x - area.x), Int32(r.y - area.y))
                pixman_image_composite32(mode.pixmanOperator, image, mask, target.image, origin.x &+ dx, origin.y &+ dy,
                                         0, 0, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
            }
        }
    }

    /// Paints `source` through the A8 `mask` (its pixel (`maskX`, `maskY`) on `area`'s
    /// top-left). Clear and copy are not bounded by the mask in pixman, so they are done as
    /// "remove by coverage, then add the source by coverage".
    func blend(_ source: Source, mask: OpaquePointer, maskX: Int, maskY: Int, area: PixelRect,
                       alpha: Double, mode: BlendMode, maskIsScratch: Bool = false) {
        let (x, y, w, h) = (Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height))
        let (mx, my) = (Int32(maskX), Int32(maskY))
        let image: OpaquePointer, sx: Int32, sy: Int32
        var alphaForMask = 1.0
        switch source {
        case .color(let color):
            (image, sx, sy) = (scratch.solidImage(color.withAlphaComponent(color.alpha * alpha)), 0, 0)
        case .image(let i, let transform, let anchor, let applyAlpha):
            let origin = setSourceTransform(i, transform, anchor: anchor, area: area)
            (image, sx, sy) = (i, origin.x, origin.y)
            if applyAlpha { alphaForMask = alpha }
        }
        func scaleMaskByAlpha() {
            guard alphaForMask < 1, maskIsScratch else { return }
            let solid = scratch.solidImage(Color(white: 0, alpha: alphaForMask))
            pixman_image_composite32(PIXMAN_OP_IN, solid, nil, mask, 0, 0, 0, 0, mx, my, w, h)
        }
        /// `op` of the source through the mask on each clip rectangle of `area`.
        func composite(_ op: pixman_op_t, _ source: OpaquePointer?, _ sx: Int32, _ sy: Int32) {
            forEachClipRect(in: area) { r in
                let (dx, dy) = (Int32(r.x) - x, Int32(r.y) - y)
                pixman_image_composite32(op, source, mask, target.image, sx &+ dx, sy &+ dy, mx &+ dx, my &+ dy,
                                         Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
            }
        }
        switch mode {
        case .clear, .copy:
            // The mask as the source of OUT_REVERSE (no mask), where the others read it as the mask.
            forEachClipRect(in: area) { r in
                let (dx, dy) = (Int32(r.x) - x, Int32(r.y) - y)
                pixman_image_composite32(PIXMAN_OP_OUT_REVERSE, mask, nil, target.image, mx &+ dx, my &+ dy, 0, 0,
                                         Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
            }
            guard mode == .copy else { return }
            scaleMaskByAlpha()
            composite(PIXMAN_OP_ADD, image, sx, sy)
        default:
            scaleMaskByAlpha()
            composite(mode.pixmanOperator, image, sx, sy)
        }
    }

    /// Calls `body` with each rectangle of the clip region within `area` (surface pixels), or
    /// with `area` when there is no clip region. Painting rectangle by rectangle keeps pixman
    /// on one box per call, where a many-rectangle clip region set on the destination (the
    /// damage of a key, its preview and the field) would be copied and intersected on the heap.
    func forEachClipRect(in area: PixelRect, _ body: (PixelRect) -> Void) {
        touch(area)
        guard let clipRegion else { body(area); return }
        clipRegion.forEachRect { r in
            let piece = r.intersection(area)
            if !piece.isEmpty { body(piece) }
        }
    }

    /// What a fill of `color` through `paint` would set every covered pixel to, when that is
    /// all it does (the colour at the context's alpha, opaque in the normal blend mode, or any
    /// in the copy mode, with no clip mask): then fills may be batched (`addToFillBatch`).
    /// Nil when the fill blends.
    func plainFill(of color: Color) -> Color? {
        guard clipMask == nil else { return nil }
        let c = color.withAlphaComponent(color.alpha * min(max(alpha, 0), 1))
        return blendMode == .copy || (blendMode == .normal && c.alpha == 1) ? c : nil
    }

    /// Adds `piece` (surface pixels, within the surface and the clip) to the scratch's batch
    /// of fills in `color`, sending the batch first when it is full. A piece that continues
    /// the last batched box (right beside it on the same rows, or right below it on the same
    /// columns) widens or lengthens that box instead: a rounded rectangle's middle rows are
    /// then one fill of whole rows rather than three side by side, each row of which pixman's
    /// fill starts afresh.
    func addToFillBatch(_ piece: PixelRect, color: Color) {
        let (x1, y1, x2, y2) = (Int32(piece.x), Int32(piece.y), Int32(piece.maxX), Int32(piece.maxY))
        if let last = scratch.fillBoxes.last {
            if last.y1 == y1, last.y2 == y2, last.x2 == x1 {
                scratch.fillBoxes[scratch.fillBoxes.count - 1].x2 = x2
                return
            }
            if last.x1 == x1, last.x2 == x2, last.y2 == y1 {
                scratch.fillBoxes[scratch.fillBoxes.count - 1].y2 = y2
                return
            }
        }
        if scratch.fillBoxes.count == DrawingScratch.fillBatchCapacity { sendFillBatch(color: color) }
        scratch.fillBoxes.append(pixman_box32_t(x1: x1, y1: y1, x2: x2, y2: y2))
    }

    /// Fills the scratch's batch of boxes with `color` in one call, and empties it.
    func sendFillBatch(color: Color) {
        guard !scratch.fillBoxes.isEmpty else { return }
        scratch.fillBoxes.withUnsafeBufferPointer { boxes in
            target.fillStored(boxes.baseAddress!, count: boxes.count, with: color)
        }
        scratch.fillBoxes.removeAll(keepingCapacity: true)
    }

    /// Adds `area` (surface pixels) to `touchedBounds`: every call that changes pixels makes
    /// it first, with the area it is limited to (and so clears what is pending first).
    @inline(__always)
    func touch(_ area: PixelRect) {
        guard !area.isEmpty else { return }
        if pendingClear != nil { finishPendingClear() }
        touchedBounds = touchedBounds.isEmpty ? area : touchedBounds.union(area)
    }

    /// Makes `rect` (surface pixels) transparent before the first painting call, or when the
    /// surface is lent, or at `finishPendingClear()`, whichever comes first; the caller
    /// promises that every pixel within the clip outside `rect` is transparent already (a
    /// backing store being redrawn: outside its old ink it is). Text composed first through
    /// its kept coverage in the normal blend mode then writes its box as the colour through
    /// the coverage (pixman's SRC) instead of clearing it and blending onto it: the same
    /// pixels, since OVER onto a transparent pixel is the source through the coverage.
    package func clearBeforePainting(_ rect: PixelRect) {
        finishPendingClear()
        let area = rect.intersection(target.bounds)
        pendingClear = area.isEmpty ? nil : area
    }

    /// Whether the next painting call may write its whole box by SRC instead of clearing it
    /// and blending onto it (`clearBeforePainting(_:)`): a clear is pending (nothing is
    /// painted yet), in the normal blend mode, with no clip mask, and a clip of one rectangle,
    /// so that the box within the clip is written whole and nothing in it stays uncleared.
    var mayWriteBoxOverPendingClear: Bool {
        pendingClear != nil && blendMode == .normal && clipMask == nil && (clipRegion.map { $0.rectCount == 1 } ?? true)
    }

    /// Clears what `clearBeforePainting(_:)` left pending, if anything.
    package func finishPendingClear() {
        guard let pending = pendingClear else { return }
        pendingClear = nil
        target.fillStored(pending, with: .clear)
    }

    /// Clears what is pending except `kept` (surface pixels), which the caller is about to
    /// write whole: up to four bands around it.
    func finishPendingClear(except kept: PixelRect) {
        guard let pending = pendingClear else { return }
        pendingClear = nil
        let inside = pending.intersection(kept)
        guard !inside.isEmpty else { return target.fillStored(pending, with: .clear) }
        func clear(_ band: PixelRect) { if !band.isEmpty { target.fillStored(band, with: .clear) } }
        clear(PixelRect(x: pending.x, y: pending.y, width: pending.width, height: inside.y - pending.y))
        clear(PixelRect(x: pending.x, y: inside.maxY, width: pending.width, height: pending.maxY - inside.maxY))
        clear(PixelRect(x: pending.x, y: inside.y, width: inside.x - pending.x, height: inside.height))
        clear(PixelRect(x: inside.maxX, y: inside.y, width: pending.maxX - inside.maxX, height: inside.height))
    }

    /// Sets `image`'s pixman transform to `transform` (surface pixels to source coordinates)
    /// counted from surface pixel `anchor`, and returns the source origin to composite `area`
    /// from. An integer translation is done with the origin alone, which keeps pixman on its
    /// untransformed fast paths.
    ///
    /// pixman's matrix is 16.16 fixed point. Counting from an anchor that moves with the
    /// drawing (the device position of an image's corner, of a gradient's start) keeps its
    /// numbers small, and makes a drawing sample exactly the same source points when its
    /// surface is a layer whose origin is moved by whole pixels.
    func setSourceTransform(_ image: OpaquePointer, _ transform: AffineTransform, anchor: (x: Int, y: Int),
                                    area: PixelRect) -> (x: Int32, y: Int32) {
        let t = AffineTransform(translationX: Double(anchor.x), y: Double(anchor.y)).concatenating(transform)
        let (dx, dy) = (Int32(clamping: area.x - anchor.x), Int32(clamping: area.y - anchor.y))
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx == t.tx.rounded(), t.ty == t.ty.rounded(), abs(t.tx) < 1e9, abs(t.ty) < 1e9 {
            pixman_image_set_transform(image, nil)
            return (dx &+ Int32(t.tx), dy &+ Int32(t.ty))
        }
        var matrix = pixman_transform_t()
        matrix.matrix.0 = (pixmanFixed(t.a), pixmanFixed(t.c), pixmanFixed(t.tx))
        matrix.matrix.1 = (pixmanFixed(t.b), pixmanFixed(t.d), pixmanFixed(t.ty))
        matrix.matrix.2 = (0, 0, pixmanFixed(1))
        pixman_image_set_transform(image, &matrix)
        return (dx, dy)
    }

    /// The surface pixel holding `p` (surface pixels), clamped far inside Int32: where a
    /// source transform is counted from.
    func anchorPixel(_ p: Point) -> (x: Int, y: Int) {
        func whole(_ v: Double) -> Int { v.isFinite ? Int(min(max(v.rounded(.down), -1e8), 1e8)) : 0 }
        return (whole(p.x), whole(p.y))
    }
}
