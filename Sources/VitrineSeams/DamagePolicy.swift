import VitrineGraphics

/// Vitrine's one rule for how detailed damage stays: damage of more than `maximumRectangles`
/// rectangles is replaced by its bounding box.
///
/// Past a few rectangles, one larger copy (or one clip sent to the kernel) costs less than many
/// small ones: each rectangle is a separate pass of the compositor's fill and copy, a separate
/// entry the driver walks, and a list that keeps growing while a frame collects damage. The
/// limit is wlroots' (`WLR_DAMAGE_RING_MAX_RECTS`, 20), and the rule is its damage ring's.
///
/// It applies wherever damage is kept or handed on, all in `Compositing/`:
/// - `DamageList`: a window's damage as it is collected (window points): the rectangle past
///   the limit turns the list into its bounding box;
/// - `DamageRing`: what a buffer of some age lacks (scene pixels);
/// - `DamageClips`: the rectangles a display hands the kernel (framebuffer pixels), atomic
///   FB_DAMAGE_CLIPS or legacy DirtyFB.
/// Growing damage to its bounding box only repaints or copies more, so it never changes the
/// picture; the partial-repaint tests hold that against full repaints.
public enum DamagePolicy {
    /// The most rectangles damage keeps before it becomes its bounding box.
    public static let maximumRectangles = 20

    /// `region`, or its bounding box when it has more than `maximumRectangles` rectangles
    /// (a parameter for tests; Vitrine always uses the policy's). Same space as `region`.
    public static func capped(_ region: Region, maximumRectangles: Int = DamagePolicy.maximumRectangles) -> Region {
        region.rectCount > maximumRectangles ? Region(region.boundingBox) : region
    }
}
