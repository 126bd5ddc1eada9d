import VitrineGraphics

// Display invalidation and composition extents: what a change dirties and damages, in the\n// window's space. Split from View.swift by role; the members are internal so both reach them.
extension View {
    // MARK: Display invalidation

    /// Marks the whole view to be redrawn (`draw(_:in:)`) in the next display pass.
    public func setNeedsDisplay() {
        setNeedsDisplay(bounds)
    }

    /// Marks `rect` (bounds space) to be redrawn in the next display pass; dirty rects of one
    /// turn accumulate (as their bounding box, clipped to `bounds`) and cost one `draw(_:in:)`.
    /// A hidden view (or one in a hidden superview) keeps its dirty rect until it is shown: it
    /// damages nothing and asks for no commit meanwhile.
    public func setNeedsDisplay(_ rect: Rect) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isNull, !clipped.isEmpty else { return }
        let before = dirtyRect
        dirtyRect = dirtyRect.union(clipped)
        // One walk up marks the ancestors and finds what the damage needs (each step up reads
        // a weak reference, which costs more than the arithmetic).
        let window = self.window
        let placement = placementInWindow(window, markingSubtrees: true)
        if let window, !isHidden, !placement.hiddenAbove {
            let application = window.application
            window.addDamage(contentDamage(clipped, placement: placement, scale: application?.screen.scale ?? 1))
            application?.setNeedsCommit()
            // Whether the recorded damage covers the whole dirty rect: yes when this call's
            // rect holds it, or adds nothing to a rect already covered; else only pieces of it
            // are (their box is larger).
            let generation = window.damageGeneration
            let covered = dirtyRect == clipped || (dirtyRectDamageGeneration == generation && dirtyRect == before)
            dirtyRectDamageGeneration = covered ? generation : -1
        } else {
            dirtyRectDamageGeneration = -1
        }
    }

    /// Where a view sits: the maps from its bounds space to its window's space and to the top
    /// of the hierarchy, and whether an ancestor is hidden.
    typealias Placement = (toWindow: AffineTransform, toRoot: AffineTransform, hiddenAbove: Bool)

    /// The view's placement, from one walk up its superviews. `window` is its window, which
    /// must be the view or an ancestor (nil: the whole way up is the window's space). With
    /// `markingSubtrees`, every view on the way learns that a subtree needs display.
    func placementInWindow(_ window: Window?, markingSubtrees: Bool) -> Placement {
        var toWindow = AffineTransform.identity, toRoot = AffineTransform.identity
        var hiddenAbove = false, inWindow = window != nil
        var view: View? = self
        while let current = view {
            if markingSubtrees { current.subtreeNeedsDisplay = true }
            if current !== self, current.isHidden { hiddenAbove = true }
            if inWindow, current === window { inWindow = false }
            let step = current.transformToSuperview
            if inWindow || window == nil { toWindow = toWindow.concatenating(step) }
            toRoot = toRoot.concatenating(step)
            view = current.superview
        }
        return (toWindow, toRoot, hiddenAbove)
    }

    /// The window area a redraw of `rect` (bounds space) changes: the rect, widened by the
    /// margin placement can add (see `contentDamageMargin`).
    func contentDamage(_ rect: Rect) -> Rect {
        guard let window else {
            let margin = contentDamageMargin(scale: 1)
            return convert(rect, to: nil).insetBy(dx: -margin, dy: -margin)
        }
        return contentDamage(rect, placement: placementInWindow(window, markingSubtrees: false),
                             scale: window.application?.screen.scale ?? 1)
    }

    /// `contentDamage(_:)` from a placement already found, at `scale` pixels a point.
    private func contentDamage(_ rect: Rect, placement: Placement, scale: Double) -> Rect {
        let margin = contentDamageMargin(scale: scale, toRoot: placement.toRoot)
        return rect.applying(placement.toWindow).insetBy(dx: -margin, dy: -margin)
    }

    /// Called by the display pass: draws the dirty rect and clears it, then does the same for
    /// the subviews that need it. Returns how many views drew.
    func displayIfNeeded() -> Int {
        // Nothing of a hidden subtree is seen: its dirty rects wait, to be drawn when it is
        // shown again (`invalidateComposition` then leads the display pass back to them).
        guard !isHidden else { return 0 }
        var drawn = 0
        if !dirtyRect.isNull {
            let rect = dirtyRect
            dirtyRect = .null
            if drawsContent {
                drawContent(rect)
                if drawsContent { drawn += 1 }
            }
            // Damage goes with the drawing: a view marked after its damage was presented (from
            // a draw(_:in:) or layoutSubviews of an earlier pass) must still reach the screen.
            // Usually setNeedsDisplay recorded the same rect and it still waits: then it is not
            // worked out again. (A geometry change since damaged the view's old and new areas;
            // a scroll since moves waiting damage with the pixels, see `ScrollBlit`.)
            if let window, dirtyRectDamageGeneration != window.damageGeneration {
                window.addDamage(contentDamage(rect))
            }
            dirtyRectDamageGeneration = -1
        }
        subtreeNeedsDisplay = false
        for subview in subviews where subview.subtreeNeedsDisplay || !subview.dirtyRect.isNull {
            drawn += subview.displayIfNeeded()
        }
        return drawn
    }

    /// The area of the window the view and its visible subviews cover, in window space
    /// (null when not in a window, or hidden itself or through a superview).
    func compositionExtentInWindow() -> Rect {
        guard window != nil, !isHidden, !hasHiddenAncestor else { return .null }
        return compositionExtent(toWindow: transformToRootBelowWindow())
    }

    /// Whether a superview (up to and including the window) is hidden, so that nothing of
    /// this view is on screen whatever its own state.
    var hasHiddenAncestor: Bool {
        var view = superview
        while let current = view {
            if current.isHidden { return true }
            view = current.superview
        }
        return false
    }

    func compositionExtent(toWindow transform: AffineTransform) -> Rect {
        var extent = bounds.applying(transform)
        if !clipsToBounds {
            for subview in subviews where !subview.isHidden {
                extent = extent.union(subview.compositionExtent(
                    toWindow: subview.transformToSuperview.concatenating(transform)))
            }
        }
        return extent
    }

    /// Maps bounds space to window space.
    func transformToRootBelowWindow() -> AffineTransform {
        var result = AffineTransform.identity
        var view: View? = self
        while let current = view, !(current is Window) {
            result = result.concatenating(current.transformToSuperview)
            view = current.superview
        }
        return result
    }

    /// Records that the view's area must be recomposed (not redrawn): alpha, color, hidden,
    /// order. Hidden views damage nothing unless `force` (the change that hid them); nothing
    /// inside a hidden superview is on screen, so it damages nothing either.
    func invalidateComposition(force: Bool = false) {
        // Shown again with drawing left from while it was hidden: lead the display pass back
        // down to it (the pass that skipped it cleared the ancestors' flags). Done even under a
        // hidden superview, so that showing that one finds the way down too.
        if !isHidden && (subtreeNeedsDisplay || !dirtyRect.isNull) { markAncestorsNeedDisplay() }
        guard let window, !hasHiddenAncestor else { return }
        let extent: Rect
        if isHidden && force {
            extent = compositionExtent(toWindow: transformToRootBelowWindow())
        } else {
            extent = compositionExtentInWindow()
        }
        guard !extent.isNull else { return }
        window.addDamage(extent)
        window.application?.setNeedsCommit()
    }

    /// Records that only the view's own rectangle must be recomposed (its background changed;
    /// the subviews above it are unchanged).
    func invalidateOwnArea() {
        guard let window, !isHidden, !hasHiddenAncestor else { return }
        window.addDamage(bounds.applying(transformToRootBelowWindow()))
        window.application?.setNeedsCommit()
    }

    /// Flags every ancestor as having a descendant to draw.
    func markAncestorsNeedDisplay() {
        var view = superview
        while let current = view, !current.subtreeNeedsDisplay {
            current.subtreeNeedsDisplay = true
            view = current.superview
        }
    }

    func geometryDidChange(oldExtent: Rect, oldSize: Size) {
        // Constraints read this view's frame (it translates it): their solution must follow.
        if layoutEngineEntry >= 0 && translatesAutoresizingMaskStorage {
            LayoutEngine.shared.translatedFrameDidChange(self)
        }
        if let window {
            window.addDamage(oldExtent)
            window.addDamage(compositionExtentInWindow())
            window.application?.setNeedsCommit()
        }
        if oldSize != storedBounds.size {
            // A new size needs a new backing store: redraw, and lay out subviews.
            autoresizeSubviews(from: oldSize, to: storedBounds.size)
            setNeedsLayout()
            setNeedsDisplay()
            superview?.subviewVisibilityDidChange(self)
        }
    }

    /// A view that joins a new parent carries its pending work with it.
    func markSubtreeDirtyForNewParent() {
        if needsLayoutFlag || subtreeNeedsLayout { markAncestorsNeedLayout() }
        if subtreeNeedsUpdateConstraints { superview?.markSubtreeNeedsUpdateConstraints() }
        if !dirtyRect.isNull || subtreeNeedsDisplay { markAncestorsNeedDisplay() }
        invalidateComposition(force: true)
    }
}
