import VitrineGraphics

/// How views become pixels: the backing store a view draws into, and the composition of a
/// view tree into a surface. Shared by the compositor (into the scene, limited to the damage)
/// and by snapshots (into a fresh surface), so a partial repaint and a full one are the same
/// code with different clips.
extension View {
    /// Pixels per point of the screen the view is on (1 off screen).
    var renderScale: Double { window?.application?.screen.scale ?? 1 }

    /// The longest side of a backing store, in pixels: a view drawn longer is longer than any
    /// screen, and its store is made at a lower resolution and stretched. On screen, a view
    /// much larger than the screen keeps only its visible part (`backingStoreRegion`), so this
    /// applies to views without a screen or not invertibly placed.
    static let maximumBackingStoreSide = 16384.0
    /// The most pixels a backing store has (4096², 64 MiB), for the same reason.
    static let maximumBackingStorePixels = 4096.0 * 4096

    /// The backing store's size for the current bounds at `scale`: whole pixels, at least 1×1,
    /// each side at most `maximumBackingStoreSide` and the whole at most
    /// `maximumBackingStorePixels` (both sides reduced alike). Bounds with no finite size get
    /// 1×1 (they draw nothing; see `hasDrawableGeometry`).
    func backingStoreSize(scale: Double, of region: Rect? = nil) -> (width: Int, height: Int) {
        let region = region ?? bounds
        func side(_ points: Double) -> Double {
            let pixels = (points * scale).rounded(.up)
            return pixels >= 1 ? min(pixels, Self.maximumBackingStoreSide) : 1   // NaN: 1
        }
        var width = side(region.width), height = side(region.height)
        if width * height > Self.maximumBackingStorePixels {
            let reduction = (Self.maximumBackingStorePixels / (width * height)).squareRoot()
            width = max((width * reduction).rounded(.down), 1)
            height = max((height * reduction).rounded(.down), 1)
        }
        return (Int(width), Int(height))
    }

    /// The view's geometry as shown now, if it can be drawn: its transform to the superview
    /// (centre and transform) and its bounds, all finite. Geometry is sanitised where it enters
    /// drawing: a view without it draws nothing (nor do its subviews), and nothing traps.
    var drawableGeometry: (toSuperview: AffineTransform, bounds: Rect)? {
        let b = renderBounds, t = renderTransformToSuperview
        guard b.minX.isFinite, b.minY.isFinite, b.width.isFinite, b.height.isFinite,
              t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite else { return nil }
        return (t, b)
    }

    /// How far beyond a redrawn rect (in window points) its change may show on screen: 0 when
    /// the backing store lands on whole screen pixels one to one; else the store is placed at
    /// the nearest pixel or resampled, which can move a pixel's effect by up to one pixel times
    /// the transform's stretch. `toRoot` is `transformToRoot` when the caller has it.
    func contentDamageMargin(scale: Double, toRoot: AffineTransform? = nil) -> Double {
        let t = toRoot ?? transformToRoot
        let widthPixels = bounds.width * scale, heightPixels = bounds.height * scale
        if t.a == 1, t.d == 1, t.b == 0, t.c == 0,
           (t.tx * scale).rounded() == t.tx * scale, (t.ty * scale).rounded() == t.ty * scale,
           widthPixels.rounded() == widthPixels, heightPixels.rounded() == heightPixels {
            return 0
        }
        let stretch = max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot(), 1)
        return (1 + stretch) / scale
    }

    /// Maps bounds space to the pixels of a backing store holding `region` (bounds space; all
    /// the bounds when nil): `scale` pixels a point, or fewer along an axis whose store was
    /// reduced (see `backingStoreSize`).
    func backingStoreTransform(scale: Double, region: Rect? = nil) -> AffineTransform {
        let region = region ?? bounds
        let size = backingStoreSize(scale: scale, of: region)
        let widthPixels = (region.width * scale).rounded(.up), heightPixels = (region.height * scale).rounded(.up)
        let sx = widthPixels > Double(size.width) ? Double(size.width) / region.width : scale
        let sy = heightPixels > Double(size.height) ? Double(size.height) / region.height : scale
        return AffineTransform(translationX: -region.minX, y: -region.minY).concatenating(AffineTransform(scaleX: sx, y: sy))
    }

    /// Redraws `rect` (bounds space) of the backing store: clears it and calls `draw(_:in:)`
    /// clipped to it. A backing store of the wrong size (the view was resized, or the scale
    /// changed) is replaced and redrawn whole.
    func drawContent(_ rect: Rect) {
        let scale = renderScale
        guard bounds.minX.isFinite, bounds.minY.isFinite, bounds.width.isFinite, bounds.height.isFinite else {
            // Nothing to draw into: the store is made again when the bounds are sane.
            backingStore = nil
            return
        }
        let region = backingStoreRegion(scale: scale)
        let size = backingStoreSize(scale: scale, of: region)
        var rect = rect
        if backingStore?.width != size.width || backingStore?.height != size.height || region != backingStoreRect {
            backingStore = nil   // the old store goes before the new one is made: never both at once
            backingStore = Surface(width: size.width, height: size.height, format: .argb8888)
            backingStoreRect = region
            backingStoreInk = PixelRect(x: 0, y: 0, width: 0, height: 0)
            backingStoreOpaque = PixelRect(x: 0, y: 0, width: 0, height: 0)
            rect = region
        }
        guard let store = backingStore else { return }
        backingStoreScale = scale
        let toPixels = backingStoreTransform(scale: scale, region: region)
        let pixels = PixelRect(covering: rect.applying(toPixels)).intersection(store.bounds)
        guard !pixels.isEmpty else { return }
        // Cleared before drawing (by the context, before it first paints: text painted first
        // writes its box instead); outside the ink (a box holding every pixel drawn so far)
        // the store is transparent already, a new one whole.
        let inked = pixels.intersection(backingStoreInk)
        // What the drawing touched: the context's box of what it painted, unless `draw` took
        // the surface from it (then the pixels are scanned).
        let touched: PixelRect? = RenderScratch.drawing.withContext(surface: store, transform: toPixels, clip: Region(pixels)) { context in
            if !inked.isEmpty { context.clearBeforePainting(inked) }
            draw(rect, in: context)
            context.finishPendingClear()
            return context.surfaceLent ? nil : context.touchedBounds
        }
        if !drawsContent { backingStore = nil; return }
        // What is inked now: the redrawn pixels' ink, and the old ink where it lies outside
        // them (as a box: a superset is enough, composing transparent pixels changes nothing).
        // Within the redrawn pixels, the store was cleared where it had ink and was clear
        // elsewhere, so only what the drawing touched can hold ink.
        let drawn = touched.map { $0.intersection(pixels) } ?? store.inkBounds(in: pixels)
        let old = backingStoreInk
        let oldInside = old.isEmpty || (old.x >= pixels.x && old.y >= pixels.y && old.maxX <= pixels.maxX && old.maxY <= pixels.maxY)
        backingStoreInk = oldInside ? drawn : (drawn.isEmpty ? old : old.union(drawn))
        backingStoreOpaque = opaqueCore(of: store, redrawn: pixels, old: backingStoreOpaque)
    }

    /// Whether backing stores' opaque cores are copied rather than blended (tests compare
    /// both ways; always true otherwise).
    @exclusivity(unchecked) static var copiesOpaqueStores = true

    /// The opaque core of `store` after `redrawn` (store pixels) was drawn again: found anew
    /// after a whole redraw; after a partial one, the old core kept if what was redrawn of it
    /// is still opaque, else found anew. A core of under a quarter of the store is not worth
    /// splitting the composition for (a label's letters): none.
    private func opaqueCore(of store: Surface, redrawn: PixelRect, old: PixelRect) -> PixelRect {
        let none = PixelRect(x: 0, y: 0, width: 0, height: 0)
        guard Self.copiesOpaqueStores else { return none }
        let whole = store.bounds
        if RenderCulling.contains(redrawn, whole) { return store.opaqueCore(in: whole, minimumArea: whole.area / 4) }
        guard !old.isEmpty else { return none }
        let touched = old.intersection(redrawn)
        if touched.isEmpty || store.isOpaque(in: touched) { return old }
        return store.opaqueCore(in: whole, minimumArea: whole.area / 4)
    }

    /// The transform from this view's bounds space to its superview's as it is shown now: the
    /// animated (presentation) values while an animation runs, else the model values.
    var renderTransformToSuperview: AffineTransform {
        guard presentation != nil else { return transformToSuperview }
        let p = shownValues
        let toMiddle = AffineTransform(translationX: -(p.bounds.minX + p.bounds.width / 2), y: -(p.bounds.minY + p.bounds.height / 2))
        let place = AffineTransform(translationX: p.center.x, y: p.center.y)
        if p.transform.isIdentity { return toMiddle.concatenating(place) }
        return toMiddle.concatenating(p.transform).concatenating(place)
    }

    /// Bounds as shown now.
    var renderBounds: Rect {
        if let p = presentation, p.animates(.bounds) { return p.bounds }
        return bounds
    }
    /// Alpha as shown now.
    var renderAlpha: Double {
        if let p = presentation, p.animates(.alpha) { return p.alpha }
        return alpha
    }
    /// Background as shown now.
    var renderBackgroundColor: Color? {
        if let p = presentation, p.animates(.backgroundColor) { return p.backgroundColor }
        return backgroundColor
    }

    /// Composes this view and its subtree into `context`, whose transform maps this view's
    /// superview space to the target's pixels and whose clip limits what is touched.
    /// `scale` is pixels per point of the target (for group layers).
    func render(in context: GraphicsContext, scale: Double) {
        let alpha = renderAlpha
        // A subtree that does not meet the damage costs one rectangle test (its kept extent,
        // null without drawable geometry).
        guard !isHidden, alpha > 0, subtreeMeetsClip(of: context), let (toSuperview, bounds) = drawableGeometry else { return }
        RenderCulling.viewsVisited += 1
        if let occluder = RenderCulling.occluder, occluder === self {
            RenderCulling.occluder = nil   // reached: it and everything after it paint as usual
        } else if RenderCulling.occluder != nil {
            // Below the opaque view that covers the whole damage: only what lies above it.
            guard RenderCulling.isAboveOccluderPath(self) else { return }
            context.saveGState()
            defer { context.restoreGState() }
            context.concatenateCTM(toSuperview)
            renderSubviews(in: context, bounds: bounds, scale: scale)
            renderBorder(in: context, bounds: bounds)
            return
        }
        let roundedClip = clipsToBounds && cornerRadius > 0
        if !meetsClip(of: context, bounds: bounds, toSuperview: toSuperview) {
            // Nothing of the view's own paints into the damage. A clipping view's subtree
            // cannot either; a group's extent is decided by `renderAsGroup`.
            if clipsToBounds || subviews.isEmpty { return }
            if alpha >= 1 && !roundedClip {
                context.saveGState()
                defer { context.restoreGState() }
                context.concatenateCTM(toSuperview)
                Self.render(subviews, in: context, scale: scale)
                return
            }
        }
        context.saveGState()
        defer { context.restoreGState() }
        context.concatenateCTM(toSuperview)
        let visibleSubviews = subviews.contains { !$0.isHidden && $0.renderAlpha > 0 }
        // Any alpha below 1 goes through a layer, even for a view that could be blended
        // directly: the choice must not depend on anything whose change damages less than the
        // whole view (a subview shown or added), or the two ways' rounding would differ
        // between a partial and a full repaint.
        if alpha < 1 || roundedClip {
            renderAsGroup(in: context, bounds: bounds, alpha: alpha, roundedClip: roundedClip, scale: scale)
            return
        }
        RenderCulling.viewsPainted += 1
        renderOwnContent(in: context, bounds: bounds, scale: scale)
        if visibleSubviews { renderSubviews(in: context, bounds: bounds, scale: scale) }
        renderBorder(in: context, bounds: bounds)
    }

    /// Renders the subviews, clipped to `bounds` if the view clips. Each subview's render
    /// leaves the context's state as it found it, so only a clip needs a saved state.
    private func renderSubviews(in context: GraphicsContext, bounds: Rect, scale: Double) {
        let clips = clipsToBounds
        if clips {
            context.saveGState()
            context.clip(to: bounds)
        }
        Self.render(subviews, in: context, scale: scale)
        if clips { context.restoreGState() }
    }

    /// Renders `views` (siblings, in paint order) into `context`, passing over at once each
    /// whose kept extent lies clearly apart from the clip (`extentIsApart`): a long list of
    /// subviews away from the damage costs a few comparisons each.
    static func render(_ views: [View], in context: GraphicsContext, scale: Double) {
        guard let box = context.clipBox else {
            for view in views { view.render(in: context, scale: scale) }
            return
        }
        let ctm = context.ctm
        for view in views where !view.extentIsApart(from: box, toPixels: ctm) { view.render(in: context, scale: scale) }
    }

    /// Whether anything the view paints itself (background, backing store, border: all inside
    /// the pixels its bounds cover) can land in the context's clip. One pixel of slack on each
    /// side, so antialiasing can never be cut by this test rather than by the clip.
    private func meetsClip(of context: GraphicsContext, bounds: Rect, toSuperview: AffineTransform) -> Bool {
        guard let box = context.clipBox else { return true }
        guard !box.isEmpty else { return false }
        let pixels = PixelRect(covering: bounds.applying(toSuperview.concatenating(context.ctm)))
        guard !pixels.isEmpty else { return false }
        return pixels.x - 1 < box.maxX && box.x < pixels.maxX + 1 && pixels.y - 1 < box.maxY && box.y < pixels.maxY + 1
    }

    /// Background, then the backing store.
    private func renderOwnContent(in context: GraphicsContext, bounds: Rect, scale: Double) {
        if let color = renderBackgroundColor, color.alpha > 0 {
            context.fillColor = color
            if cornerRadius > 0 {
                context.fillRoundedRect(bounds, cornerRadius: cornerRadius)
            } else if !subviews.isEmpty, View.sparesCoveredFill, let spared = context.fill(bounds, sparing: { spared in
                // Not under what the subviews paint over opaquely (see `addOpaqueCover`).
                let limit = PixelRect(covering: bounds.applying(context.ctm)).intersection(context.clipBounds)
                addOpaqueCover(toTarget: context.ctm, within: limit, into: &spared)
            }) {
                RenderCulling.pixelsSpared += spared
            } else {
                context.fill(bounds)
            }
        }
        if let store = backingStore {
            drawBackingStore(store, in: context, bounds: bounds, scale: scale)
        }
    }

    /// Composes the backing store over `bounds`. When it maps one to one onto the target's
    /// pixels (no rotation or scaling beyond the store's own), it is placed at the nearest whole
    /// pixel and copied unfiltered, so text and lines stay as sharp as they were drawn; else it
    /// is resampled (bilinear). Either way nothing lands outside the pixels `bounds` covers, so
    /// the view's damage always holds everything it shows.
    private func drawBackingStore(_ store: Surface, in context: GraphicsContext, bounds: Rect, scale: Double) {
        var store = store
        var region = backingStoreRect
        var ink = backingStoreInk
        var opaque = backingStoreOpaque
        if scale != backingStoreScale {
            // A snapshot at another scale than the screen's: draw afresh at that scale, so it
            // is as sharp as a screen of that scale would show it.
            let size = backingStoreSize(scale: scale)
            store = Surface(width: size.width, height: size.height, format: .argb8888)
            region = self.bounds
            ink = store.bounds
            opaque = PixelRect(x: 0, y: 0, width: 0, height: 0)
            draw(self.bounds, in: GraphicsContext(surface: store, transform: backingStoreTransform(scale: scale)))
        } else if region != self.bounds, backingStoreRegion(scale: scale) != region {
            // A store of the visible part only, and what is visible changed: draw the new part.
            drawContent(self.bounds)
            guard let redrawn = backingStore else { return }
            store = redrawn
            region = backingStoreRect
            ink = backingStoreInk
            opaque = backingStoreOpaque
        }
        guard !region.isEmpty else { return }   // nothing of the view is on screen
        // The store's rect in the bounds as shown (stretched while the size animates).
        let model = self.bounds
        let shown = region == model ? bounds : Rect(
            x: bounds.minX + (region.minX - model.minX) * bounds.width / max(model.width, .leastNonzeroMagnitude),
            y: bounds.minY + (region.minY - model.minY) * bounds.height / max(model.height, .leastNonzeroMagnitude),
            width: region.width * bounds.width / max(model.width, .leastNonzeroMagnitude),
            height: region.height * bounds.height / max(model.height, .leastNonzeroMagnitude))
        let storeScale = Double(store.width) / max(shown.width, .leastNonzeroMagnitude)
        let storeScaleY = Double(store.height) / max(shown.height, .leastNonzeroMagnitude)
        let ctm = context.ctm
        let covered = PixelRect(covering: bounds.applying(ctm))
        let origin = Point(x: shown.minX, y: shown.minY).applying(ctm)
        if ctm.b == 0, ctm.c == 0, ctm.a == ctm.d, ctm.a == scale, abs(storeScale - scale) * shown.width < 1,
           abs(storeScaleY - scale) * shown.height < 1,
           abs(origin.x) < Double(PixelRect.coordinateLimit), abs(origin.y) < Double(PixelRect.coordinateLimit) {
            // floor(x + ½), not rounded(): ties must go the same way in a layer whose origin is
            // a whole number of pixels away (negative coordinates included), or a partial
            // repaint would place the store a pixel off from a full one. Limited to `covered`
            // rather than clipped to it: no clip region to build per frame.
            // Only the inked part: the rest is transparent, and composing it changes nothing.
            let x = Int((origin.x + 0.5).rounded(.down)), y = Int((origin.y + 0.5).rounded(.down))
            guard !ink.isEmpty else { return }
            let inked = PixelRect(x: ink.x + x, y: ink.y + y, width: ink.width, height: ink.height)
            context.composite(store, atPixel: x, y, within: covered.intersection(inked), opaque: opaque)
        } else {
            context.saveGState()
            defer { context.restoreGState() }
            context.clip(to: Region(covered))
            // The store was drawn for the model bounds; while a size animates it is stretched.
            context.draw(store, in: shown)
        }
    }

    /// The border, above content and subviews.
    private func renderBorder(in context: GraphicsContext, bounds: Rect) {
        guard borderWidth > 0, borderColor.alpha > 0 else { return }
        let inset = bounds.insetBy(dx: borderWidth / 2, dy: borderWidth / 2)
        context.strokeColor = borderColor
        context.lineWidth = borderWidth
        if cornerRadius > 0 {
            context.strokeRoundedRect(inset, cornerRadius: max(cornerRadius - borderWidth / 2, 0))
        } else {
            context.stroke(inset)
        }
    }

    /// Renders the view and its subviews into a transparent layer the size of what is visible
    /// of it in the target, then composes the layer at `alpha` (group opacity: overlapping
    /// subviews do not show through each other), clipped to the rounded bounds if asked.
    private func renderAsGroup(in context: GraphicsContext, bounds: Rect, alpha: Double, roundedClip: Bool, scale: Double) {
        let toTarget = context.ctm
        // The layer covers what the group shows within the clip. Its subtree's extent is a walk
        // of the whole subtree; when the clip is no larger than the view itself (a band, a small
        // damage, a group nested in another) the clip's box bounds the layer as well, so
        // nested groups do not walk their subtrees once per level.
        let clipBox = context.clipBounds
        let ownBox = PixelRect(covering: bounds.applying(toTarget))
        var extent = clipsToBounds ? bounds : (clipBox.area <= ownBox.area ? nil : renderExtent(in: bounds))
        extent = extent?.applying(toTarget)
        var area = extent.map { Region(covering: $0) } ?? Region(clipBox)
        area.formIntersection(context.target.bounds)
        if let clip = context.clipRegion { area.formIntersection(clip) }
        let box = area.boundingBox
        guard !box.isEmpty else { return }
        // Memory follows what is visible and damaged, not the depth of nested groups: past the
        // budget, the group is made band by band (each a layer of a few rows, down to one).
        if let rows = RenderScratch.bandRows(forLayer: box) {
            var top = box.y
            while top < box.maxY {
                context.saveGState()
                context.clip(to: Region(PixelRect(x: box.x, y: top, width: box.width, height: min(rows, box.maxY - top))))
                renderAsGroup(in: context, bounds: bounds, alpha: alpha, roundedClip: roundedClip, scale: scale)
                context.restoreGState()
                top += rows
            }
            return
        }
        RenderCulling.viewsPainted += 1
        let layer = RenderScratch.takeLayer(width: box.width, height: box.height)
        defer { RenderScratch.giveBack(layer) }
        // Whole-pixel offset, so the layer's pixels line up with the target's exactly.
        let toLayer = toTarget.concatenating(AffineTransform(translationX: Double(-box.x), y: Double(-box.y)))
        RenderScratch.drawing.withContext(surface: layer, transform: toLayer, clip: area.translated(dx: -box.x, dy: -box.y)) { layerContext in
            renderOwnContent(in: layerContext, bounds: bounds, scale: scale)
            layerContext.saveGState()
            if clipsToBounds && !roundedClip { layerContext.clip(to: bounds) }
            for subview in subviews { subview.render(in: layerContext, scale: scale) }
            layerContext.restoreGState()
            renderBorder(in: layerContext, bounds: bounds)
        }
        context.saveGState()
        context.alpha *= alpha
        if roundedClip {
            context.clip(toRoundedRect: bounds, cornerRadius: cornerRadius)
        }
        context.composite(layer, atPixel: box.x, box.y)
        context.restoreGState()
    }

    /// The area, in this view's bounds space, that it and its visible subviews cover as shown
    /// now.
    func renderExtent(in bounds: Rect) -> Rect {
        var extent = bounds
        guard !clipsToBounds else { return extent }
        for subview in subviews where !subview.isHidden {
            extent = extent.union(subview.subtreeExtentInSuperview)
        }
        return extent
    }

    /// Renders the view and its subviews, as shown now, into a new surface of `bounds.size`
    /// at `scale` pixels per point (default: the screen's), transparent where nothing is drawn:
    /// the snapshot golden tests and headless frames are made of. Draws what is dirty first.
    public func snapshot(scale: Double? = nil) -> Surface {
        let scale = scale ?? renderScale
        _ = displayIfNeeded()
        let size = backingStoreSize(scale: scale)
        let surface = Surface(width: size.width, height: size.height, format: .argb8888)
        let context = GraphicsContext(surface: surface, transform: AffineTransform(scaleX: scale, y: scale))
        // Bounds space to pixels is "minus the origin, then scale"; render(in:) first places
        // the view in its superview, so undo that placement before anything else.
        context.concatenateCTM(AffineTransform(translationX: -bounds.minX, y: -bounds.minY))
        context.concatenateCTM(renderTransformToSuperview.inverted())
        render(in: context, scale: scale)
        return surface
    }
}
