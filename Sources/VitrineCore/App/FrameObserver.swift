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
///
/// A display plane above the scene (a video on a KMS overlay plane, VitrineVideo) covers part
/// of what the scene shows, without a present: `application(_:planeDidShow:source:destination:)`
/// tells an observer that mirrors the screen what the plane shows, and
/// `applicationPlaneDidClear(_:)` that it is gone. Both have empty default implementations.
@MainActor
public protocol FrameObserver: AnyObject {
    /// The frame showing `scene` was presented; `damage` (scene pixels) is what changed.
    func application(_ application: Application, didPresent scene: Surface, damage: Region, rotation: ScreenRotation)
    /// A display plane above the scene shows the `source` part of `frame` (frame pixels,
    /// XRGB8888), scaled to `destination` (scene pixels, upright: a plane is used only while
    /// the display is not turned), covering the scene there from now on — until the next call
    /// or `applicationPlaneDidClear(_:)`. Called with every frame the plane is given, and when
    /// the plane moves. `frame` stays valid and unchanged until then (it may be kept, not
    /// written). Called on the main actor; must be quick when nobody watches.
    func application(_ application: Application, planeDidShow frame: Surface, source: PixelRect, destination: PixelRect)
    /// The plane is gone: the scene is what the screen shows everywhere again (the commit
    /// that composites what the plane showed follows). Forget the frame given last.
    func applicationPlaneDidClear(_ application: Application)
}

extension FrameObserver {
    /// Nothing: an observer that does not mirror the screen need not follow planes.
    public func application(_ application: Application, planeDidShow frame: Surface, source: PixelRect, destination: PixelRect) {}
    /// Nothing.
    public func applicationPlaneDidClear(_ application: Application) {}
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

    /// Tells the frame observers that a display plane above the scene shows `frame`'s
    /// `source` at `destination` (see `FrameObserver`). For the owner of a plane (VitrineVideo's
    /// video views); nothing is done without observers.
    package func planeDidShow(_ frame: Surface, source: PixelRect, destination: PixelRect) {
        for observer in frameObservers {
            observer.application(self, planeDidShow: frame, source: source, destination: destination)
        }
    }

    /// Tells the frame observers that the plane is gone.
    package func planeDidClear() {
        for observer in frameObservers { observer.applicationPlaneDidClear(self) }
    }
}
