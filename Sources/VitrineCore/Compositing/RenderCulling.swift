import VitrineGraphics

/// What one composition skips: views that do not meet the damage (culled by damage) and views
/// below an opaque view that covers the whole damage (culled by occlusion). The state lives for
/// one `Compositor.compose`; snapshots compose with none (nothing is occluded, nothing counted
/// towards a frame).
@MainActor
enum RenderCulling {
    // The state is read and written on every view a frame walks; it is only ever touched from
    // the main actor, one access at a time, so the runtime's exclusivity checks (a call each)
    // are left out.
    /// The top-most opaque view covering the whole damage of the composition under way, until
    /// the walk reaches it: views painted before it (below it) are skipped, its ancestors paint
    /// only what lies above it (their borders).
    @exclusivity(unchecked) static var occluder: View?
    /// Views whose render walk ran (not hidden, drawable geometry), this composition.
    @exclusivity(unchecked) static var viewsVisited = 0
    /// Views whose own background, backing store or border was painted, this composition.
    @exclusivity(unchecked) static var viewsPainted = 0
    /// Pixels backgrounds did not fill because subviews paint over them opaquely
    /// (`View.addOpaqueCover`), counted since the last `begin` (within the clip's box).
    @exclusivity(unchecked) static var pixelsSpared = 0

    /// Starts a composition of `damage` (scene pixels) of `windows` at `scale` pixels per
    /// point: zeroes the counters and finds the occluder. Returns true when an occluder paints
    /// every damaged pixel opaquely, so the scene needs no clear first.
    static func begin(damage: PixelRect, windows: [Window], scale: Double) -> Bool {
        viewsVisited = 0
        viewsPainted = 0
        pixelsSpared = 0
        var found: View?
        let toPixels = AffineTransform(scaleX: scale, y: scale)
        for window in windows { findOccluder(in: window, parentToPixels: toPixels, covering: damage, found: &found) }
        occluder = found
        return found != nil
    }

    /// Ends the composition: later walks (snapshots) are not occluded.
    static func end() { occluder = nil }

    /// True when `view` is an ancestor of the pending occluder.
    static func isAboveOccluderPath(_ view: View) -> Bool {
        var ancestor = occluder?.superview
        while let current = ancestor {
            if current === view { return true }
            ancestor = current.superview
        }
        return false
    }

    /// The pixels that fully lie inside `rect` (scene pixels): where a fill of `rect` with full
    /// coverage replaces what was below exactly.
    static func innerPixels(of rect: Rect) -> PixelRect {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let limit = Double(PixelRect.coordinateLimit)
        func clamped(_ v: Double) -> Int { Int(min(max(v, -limit), limit)) }
        let left = clamped(rect.minX.rounded(.up)), top = clamped(rect.minY.rounded(.up))
        let right = clamped(rect.maxX.rounded(.down)), bottom = clamped(rect.maxY.rounded(.down))
        guard right > left, bottom > top else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether `outer` holds all of `inner`.
    static func contains(_ outer: PixelRect, _ inner: PixelRect) -> Bool {
        !outer.isEmpty && inner.x >= outer.x && inner.y >= outer.y && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
    }

    /// Walks `view`'s subtree in paint order and records in `found` the last (top-most) view
    /// that paints every pixel of `damage` opaquely: an opaque background at alpha 1 along
    /// the whole path, no transform beyond translation and scale, no group layer (alpha below
    /// 1, rounded clip) on the path, not clipped away by an ancestor, the damage clear of its
    /// rounded corners. A clipping view that does not hold the damage ends the walk into its
    /// subtree: nothing in it can cover the damage.
    private static func findOccluder(in view: View, parentToPixels: AffineTransform, covering damage: PixelRect, found: inout View?) {
        guard !view.isHidden, view.renderAlpha == 1 else { return }
        // A leaf without an opaque background covers nothing: no need for its geometry.
        if view.subviews.isEmpty, (view.renderBackgroundColor?.alpha ?? 0) < 1 { return }
        // A subtree whose extent does not hold the damage holds no view that covers it.
        guard contains(PixelRect(covering: view.subtreeExtentInSuperview.applying(parentToPixels)), damage) else { return }
        guard let (toSuperview, bounds) = view.drawableGeometry else { return }
        let toPixels = toSuperview.concatenating(parentToPixels)
        guard toPixels.b == 0, toPixels.c == 0, toPixels.a > 0, toPixels.d > 0 else { return }
        let radius = view.cornerRadius
        if view.clipsToBounds && radius > 0 { return }
        let rect = bounds.applying(toPixels)
        if view.clipsToBounds && !contains(innerPixels(of: rect), damage) { return }
        if let color = view.renderBackgroundColor, color.alpha >= 1 {
            if radius <= 0 {
                if contains(innerPixels(of: rect), damage) { found = view }
            } else {
                // The rounded shape holds the rect inset by the radius along either axis.
                let rx = radius * toPixels.a, ry = radius * toPixels.d
                if contains(innerPixels(of: rect.insetBy(dx: rx, dy: 0)), damage)
                    || contains(innerPixels(of: rect.insetBy(dx: 0, dy: ry)), damage) {
                    found = view
                }
            }
        }
        for subview in view.subviews where !subview.extentCannotHold(damage, toPixels: toPixels) {
            findOccluder(in: subview, parentToPixels: toPixels, covering: damage, found: &found)
        }
    }
}
