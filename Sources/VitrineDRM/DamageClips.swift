import VitrineGraphics

/// Turns a frame's damage into FB_DAMAGE_CLIPS rectangles.
///
/// The kernel reads the clips in *framebuffer* pixels. When the display rotates in software the
/// framebuffer is the panel, so scene damage is turned by the rotation; when the plane rotates
/// in hardware the framebuffer holds the scene upright and the damage stays as it is (pass
/// `.none`).
public enum DamageClips {
    /// Past this many rectangles a frame sends one, their bounding box: a long blob costs the
    /// driver more than the few extra pixels (wlroots' damage ring caps the same way).
    public static let maximumCount = 64

    /// The clip rectangles, in framebuffer pixels, for `damage` (scene pixels) of a scene of
    /// `sceneWidth`×`sceneHeight` copied into the framebuffer turned by `rotation`. Damage
    /// outside the scene is dropped; the result is disjoint and in the region's band order.
    public static func rectangles(for damage: Region, sceneWidth: Int, sceneHeight: Int, rotation: ScreenRotation,
                                  maximumCount: Int = DamageClips.maximumCount) -> [PixelRect] {
        let inside = damage.intersection(PixelRect(x: 0, y: 0, width: sceneWidth, height: sceneHeight))
        guard !inside.isEmpty else { return [] }
        if inside.rectCount > maximumCount {
            return [rotation.rect(inside.boundingBox, sceneWidth: sceneWidth, sceneHeight: sceneHeight)]
        }
        return inside.rects.map { rotation.rect($0, sceneWidth: sceneWidth, sceneHeight: sceneHeight) }
    }
}
