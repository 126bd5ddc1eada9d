import VitrineGraphics

/// Memory bounded by the screen (issue 15): a view much larger than the screen keeps a backing
/// store of its visible part plus a margin, at full resolution, redrawn when what is visible
/// leaves it, instead of a store of its whole bounds.
extension View {
    /// Points kept drawn beyond the visible part on every side, so that small moves and scrolls
    /// recompose without a redraw.
    static let backingStoreMargin = 128.0

    /// The part of the bounds shown on the screen (bounds space, model values), or nil when the
    /// view keeps a store of its whole bounds: off screen, not invertibly placed, or no larger
    /// than twice the screen's pixels.
    func backingStoreVisibleRect(scale: Double) -> Rect? {
        guard let screen = window?.application?.screen else { return nil }
        let screenBounds = screen.bounds
        guard bounds.width * bounds.height > 2 * screenBounds.width * screenBounds.height else { return nil }
        let toRoot = transformToRoot
        guard toRoot.isInvertible else { return nil }
        let visible = screenBounds.applying(toRoot.inverted()).intersection(bounds)
        guard !visible.isNull, visible.minX.isFinite, visible.minY.isFinite, visible.maxX.isFinite, visible.maxY.isFinite else {
            return Rect(x: bounds.minX, y: bounds.minY, width: 0, height: 0)
        }
        return visible
    }

    /// What the backing store holds (bounds space): the whole bounds, or for a view much larger
    /// than the screen the store's current rect while it still holds what is visible, else the
    /// visible part plus `backingStoreMargin`, on the whole-pixel grid of the full store (so
    /// each pixel is drawn exactly as a store of the whole bounds would draw it).
    func backingStoreRegion(scale: Double) -> Rect {
        guard let visible = backingStoreVisibleRect(scale: scale) else { return bounds }
        if backingStore != nil, backingStoreScale == scale, backingStoreRect != bounds, !backingStoreRect.isEmpty,
           bounds.contains(backingStoreRect), backingStoreRect.contains(visible),
           ((backingStoreRect.minX - bounds.minX) * scale).rounded() == (backingStoreRect.minX - bounds.minX) * scale,
           ((backingStoreRect.minY - bounds.minY) * scale).rounded() == (backingStoreRect.minY - bounds.minY) * scale {
            return backingStoreRect
        }
        let margin = Self.backingStoreMargin
        let wanted = visible.insetBy(dx: -margin, dy: -margin).intersection(bounds)
        guard !wanted.isNull, !wanted.isEmpty else { return Rect(x: bounds.minX, y: bounds.minY, width: 0, height: 0) }
        let left = ((wanted.minX - bounds.minX) * scale).rounded(.down) / scale
        let top = ((wanted.minY - bounds.minY) * scale).rounded(.down) / scale
        let right = min(((wanted.maxX - bounds.minX) * scale).rounded(.up) / scale, bounds.width)
        let bottom = min(((wanted.maxY - bounds.minY) * scale).rounded(.up) / scale, bounds.height)
        return Rect(x: bounds.minX + left, y: bounds.minY + top, width: right - left, height: bottom - top)
    }
}
