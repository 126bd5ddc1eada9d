import VitrineGraphics

/// Something that follows every frame the application presents, whatever the `Display`: a
/// remote view (VitrineVNC) mirroring the screen, a recorder.
///
/// Contract: `Application` calls `application(_:didPresent:damage:rotation:)` once per present,
/// right after the scene was handed to the display, with the scene (in scene pixels, upright)
/// and the region of it that changed on screen (repainted and scrolled areas; never empty).
/// `rotation` is the display's: the panel shows the scene turned by it. The scene may keep a
/// scrolled area turned (`Surface.scrollRing`): read it through `Surface`'s own reads
/// (`copy(_:from:rotation:)`, `color`, `word`, `pngData`, `jpegData`), which map its pixels,
/// or call `unwindRing()` before reading its memory directly. The scene is only
/// valid during the call: copy what you need. Observers run on the main actor inside the
/// commit, so they must be quick and must not allocate per frame. To keep `damage`, copy it
/// into a region of your own with `replaceContents(with:)` (or union it into one): a stored
/// `damage` shares the commit's blocks, which then cannot be reused. No UIKit counterpart.
@MainActor
public protocol FrameObserver: AnyObject {
    /// The frame showing `scene` was presented; `damage` (scene pixels) is what changed.
    func application(_ application: Application, didPresent scene: Surface, damage: Region, rotation: ScreenRotation)
}

extension Application {
    /// Starts calling `observer` after every present (held strongly until removed; adding one
    /// twice is ignored). It sees only frames presented from now on: call
    /// `setNeedsFullRepaint()` if it needs the whole screen.
    public func addFrameObserver(_ observer: any FrameObserver) {
        guard !frameObservers.contains(where: { $0 === observer }) else { return }
        frameObservers.append(observer)
    }

    /// Stops calling `observer`.
    public func removeFrameObserver(_ observer: any FrameObserver) {
        frameObservers.removeAll { $0 === observer }
    }
}
