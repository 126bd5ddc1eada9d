import VitrineGraphics

// Each view keeps the area its subtree covers, so that a composition skips a subtree that does
// not meet the damage with one rectangle test, and the search for an occluder skips a subtree
// that cannot hold the damage (issue 15: a frame costs what its damage meets).
extension View {
    /// The area this view and its visible subviews cover as shown now (presentation values
    /// while animating), in the superview's bounds space; `Rect.null` when the view has no
    /// drawable geometry (it and its subviews draw nothing). With a transform beyond
    /// translation and scale it is the bounding box. Everything the view paints lies inside
    /// the pixels this area covers.
    ///
    /// Kept between frames and recomputed only after a change that moves it: the view's bounds,
    /// center or transform, its subviews, `isHidden` or `clipsToBounds` of itself or of a view
    /// in its subtree (`invalidateSubtreeExtent`). A subtree under way in an animation is not
    /// kept: its presentation values move every frame.
    var subtreeExtentInSuperview: Rect {
        if let cached = cachedSubtreeExtent { return cached }
        guard let (toSuperview, bounds) = drawableGeometry else {
            if presentation == nil { cachedSubtreeExtent = .null }
            return .null
        }
        var extent = bounds
        var keep = presentation == nil
        if !clipsToBounds {
            for subview in subviews where !subview.isHidden {
                let sub = subview.subtreeExtentInSuperview
                extent = sub.isInfinite || extent.isInfinite ? .infinite : extent.union(sub)
                // A subview that could not keep its extent (an animation inside) makes this one
                // change with it. Hidden subviews do not count; showing one invalidates upward.
                if subview.cachedSubtreeExtent == nil { keep = false }
            }
        }
        var result = extent.applying(toSuperview)
        // Far beyond any screen (or not finite), sums of edges lose the small terms: a
        // rectangle from -1e300 to 400 would end at 0. Such an extent is taken as unbounded,
        // so it never culls (what is far away is clamped or left out when painted).
        let limit = Self.extentLimit
        if !(abs(result.minX) < limit && abs(result.maxX) < limit && abs(result.minY) < limit && abs(result.maxY) < limit) {
            result = result.isNull ? .null : .infinite
        }
        if keep { cachedSubtreeExtent = result }
        return result
    }

    /// The largest coordinate (points) a kept extent holds exactly enough (to 1e-4 point);
    /// beyond it an extent is `Rect.infinite`.
    static var extentLimit: Double { 1e12 }

    /// Forgets the kept extent of this view and of every ancestor (their extents hold it).
    /// Stops at an ancestor that keeps none: its own ancestors keep none either, since a kept
    /// extent is only made from subviews' kept extents (hidden subviews aside, and this view's
    /// own extent is always dropped, which covers a hidden view being shown).
    func invalidateSubtreeExtent() {
        cachedSubtreeExtent = nil
        var view = superview
        while let current = view, current.cachedSubtreeExtent != nil {
            current.cachedSubtreeExtent = nil
            view = current.superview
        }
    }

    /// Whether anything of this view's subtree can land in the context's clip: its extent, in
    /// the target's pixels, meets the clip's bounding box, with one pixel of slack on each side
    /// (antialiasing is cut by the clip, never by this test). True without a clip.
    func subtreeMeetsClip(of context: GraphicsContext) -> Bool {
        guard let box = context.clipBox else { return true }
        guard !box.isEmpty else { return false }
        let pixels = PixelRect(covering: subtreeExtentInSuperview.applying(context.ctm))
        guard !pixels.isEmpty else { return false }
        return pixels.x - 1 < box.maxX && box.x < pixels.maxX + 1 && pixels.y - 1 < box.maxY && box.y < pixels.maxY + 1
    }

    /// Whether this subtree's kept extent, taken to pixels by `toPixels`, certainly lies apart
    /// from `box` (pixels) by more than two pixels: the test a parent makes for each subview
    /// before walking into it, so that a long list of subviews away from the damage costs a
    /// few comparisons each, with no geometry built, no call, no reference counted. Implies
    /// that `subtreeMeetsClip` is false for a clip whose box is `box`. False when unsure: no
    /// kept extent, a transform beyond a positive scale and translation.
    @inline(__always)
    func extentIsApart(from box: PixelRect, toPixels t: AffineTransform) -> Bool {
        guard t.b == 0, t.c == 0, t.a > 0, t.d > 0, let e = cachedSubtreeExtent else { return false }
        // Rect.applying's own sums (a·x + tx), so the rounding is the exact test's.
        let left = e.minX * t.a + t.tx, right = e.maxX * t.a + t.tx
        let top = e.minY * t.d + t.ty, bottom = e.maxY * t.d + t.ty
        return right <= Double(box.x - 2) || left >= Double(box.maxX + 2)
            || bottom <= Double(box.y - 2) || top >= Double(box.maxY + 2)
    }

    /// Whether this subtree's kept extent, taken to pixels by `toPixels`, certainly fails to
    /// hold all of `box` (pixels), by more than two pixels on a side: the occluder search's
    /// form of `extentIsApart(from:toPixels:)`. False when unsure.
    @inline(__always)
    func extentCannotHold(_ box: PixelRect, toPixels t: AffineTransform) -> Bool {
        guard t.b == 0, t.c == 0, t.a > 0, t.d > 0, let e = cachedSubtreeExtent else { return false }
        let left = e.minX * t.a + t.tx, right = e.maxX * t.a + t.tx
        let top = e.minY * t.d + t.ty, bottom = e.maxY * t.d + t.ty
        return left >= Double(box.x + 2) || right <= Double(box.maxX - 2)
            || top >= Double(box.y + 2) || bottom <= Double(box.maxY - 2)
    }
}
