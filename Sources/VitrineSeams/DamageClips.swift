import VitrineGraphics

/// Turns a frame's damage into the rectangles a display hands its driver (DRM's atomic
/// FB_DAMAGE_CLIPS, or the legacy DirtyFB call).
///
/// The kernel reads the clips in *framebuffer* pixels. When the display rotates in software the
/// framebuffer is the panel, so scene damage is turned by the rotation; when the plane rotates
/// in hardware the framebuffer holds the scene upright and the damage stays as it is (pass
/// `.none`). Past `DamagePolicy.maximumRectangles` a frame sends one clip, their bounding box.
public enum DamageClips {
    /// The clip rectangles, in framebuffer pixels, for `damage` (scene pixels) of a scene of
    /// `sceneWidth`×`sceneHeight` copied into the framebuffer turned by `rotation`. Damage
    /// outside the scene is dropped; the result is disjoint and in the region's band order.
    /// `maximumCount` is the policy's limit (another value only in tests).
    public static func rectangles(for damage: Region, sceneWidth: Int, sceneHeight: Int, rotation: ScreenRotation,
                                  maximumCount: Int = DamagePolicy.maximumRectangles) -> [PixelRect] {
        let inside = damage.intersection(PixelRect(x: 0, y: 0, width: sceneWidth, height: sceneHeight))
        guard !inside.isEmpty else { return [] }
        return DamagePolicy.capped(inside, maximumRectangles: maximumCount).rects.map { rotation.rect($0, sceneWidth: sceneWidth, sceneHeight: sceneHeight) }
    }
}
