import VitrineGraphics

// What a view's opaque background need not fill: the pixels its subviews will paint over
// opaquely anyway (issue 15: the root of the kiosk screen was filled whole under its header,
// navigation, cards and status bar, about 1.7 M of a frame's pixels written twice).
extension View {
    /// At most this many views are looked at for one fill: past it the rest of the subtree
    /// is simply painted over (correct, only slower), so a fill never walks a huge list.
    static let opaqueCoverBudget = 64
    /// Whether opaque backgrounds spare what their subviews cover (tests turn it off to make
    /// the reference picture a spared fill must equal).
    @exclusivity(unchecked) static var sparesCoveredFill = true

    /// Appends to `spared` (the target's pixels) the rectangles of pixels within `limit` that this view's
    /// subviews will paint over opaquely when this view is composed with `toTarget` (bounds
    /// space to target pixels): the inner pixels of each opaque background (the rectangle,
    /// or a rounded one's rect inset by its radius along either axis), in a subview shown at
    /// alpha 1, with a transform that keeps axes, on a path of views at alpha 1 with no
    /// rounded clip (a group layer), cut to the clipping views on the way. The same rules
    /// as the occluder's (`RenderCulling`): what is spared is replaced whole, so a spared fill
    /// gives exactly the pixels of a whole one.
    func addOpaqueCover(toTarget: AffineTransform, within limit: PixelRect, into spared: inout [PixelRect]) {
        var budget = Self.opaqueCoverBudget
        // Subviews clearly away from `limit` are passed over without counting against the
        // budget: the test costs a few comparisons.
        for subview in subviews where !subview.extentIsApart(from: limit, toPixels: toTarget) {
            Self.addCover(of: subview, parentToPixels: toTarget, within: limit, budget: &budget, into: &spared)
        }
    }

    private static func addCover(of view: View, parentToPixels: AffineTransform, within limit: PixelRect,
                                 budget: inout Int, into spared: inout [PixelRect]) {
        guard budget > 0 else { return }
        budget -= 1
        guard !view.isHidden, view.renderAlpha >= 1, !(view.clipsToBounds && view.cornerRadius > 0) else { return }
        let extent = PixelRect(covering: view.subtreeExtentInSuperview.applying(parentToPixels))
        guard !extent.intersection(limit).isEmpty, let (toSuperview, bounds) = view.drawableGeometry else { return }
        let toPixels = toSuperview.concatenating(parentToPixels)
        guard toPixels.b == 0, toPixels.c == 0, toPixels.a > 0, toPixels.d > 0 else { return }
        let rect = bounds.applying(toPixels)
        if let color = view.renderBackgroundColor, color.alpha >= 1 {
            let radius = view.cornerRadius
            if radius <= 0 {
                add(RenderCulling.innerPixels(of: rect), within: limit, to: &spared)
            } else {
                add(RenderCulling.innerPixels(of: rect.insetBy(dx: radius * toPixels.a, dy: 0)), within: limit, to: &spared)
                add(RenderCulling.innerPixels(of: rect.insetBy(dx: 0, dy: radius * toPixels.d)), within: limit, to: &spared)
            }
            // Its subviews, all within its bounds, can cover nothing more but pixels in its
            // rounded corners: not worth a walk that would spend the budget (on the kiosk
            // screen the cards' labels and buttons spent it, and the root was filled whole
            // under the last card, the ticker and the status bar).
            // The kept extent equals the bounds' exactly when no subview reaches beyond them.
            if view.subtreeExtentInSuperview == bounds.applying(toSuperview) { return }
        }
        guard !view.subviews.isEmpty else { return }
        // A clipping view cuts its subviews to its bounds: only its inner pixels are sure.
        let inner = view.clipsToBounds ? limit.intersection(RenderCulling.innerPixels(of: rect)) : limit
        guard !inner.isEmpty else { return }
        for subview in view.subviews where !subview.extentIsApart(from: inner, toPixels: toPixels) {
            addCover(of: subview, parentToPixels: toPixels, within: inner, budget: &budget, into: &spared)
        }
    }

    private static func add(_ pixels: PixelRect, within limit: PixelRect, to spared: inout [PixelRect]) {
        let piece = pixels.intersection(limit)
        if !piece.isEmpty, spared.count < DrawingScratch.sparedRectCapacity { spared.append(piece) }
    }
}
