import VitrineGraphics

/// Where a video plane is stacked against the plane the UI's scene is shown on.
public enum VideoPlaneStacking: Sendable, Hashable {
    /// The video covers the UI inside its destination: nothing the UI draws there is seen, so
    /// no view may be above the video there, and the UI need not be composed for a frame.
    case aboveUI
    /// The UI covers the video: the UI's scene must be transparent where the video shows
    /// (an ARGB scanout format). No display offers this yet.
    case belowUI
}

/// What part of a video frame a plane shows and where: the plane's source and destination
/// rectangles. A plane scales when the two differ in size, if the hardware can (its test
/// commit says).
public struct VideoPlaneGeometry: Sendable, Hashable, CustomStringConvertible {
    /// The part of the frame shown, in frame pixels (within the frame's size).
    public var source: PixelRect
    /// Where it is shown, in scene pixels (within the scene; the scene is the panel, upright,
    /// since a plane is offered only while the display is not turned).
    public var destination: PixelRect

    /// Creates a geometry.
    public init(source: PixelRect, destination: PixelRect) {
        self.source = source
        self.destination = destination
    }

    /// `source → destination`.
    public var description: String { "\(source) → \(destination)" }
}

/// Why a display could not give (or keep) a video plane. Each says what to do; the video is
/// composited meanwhile.
public enum VideoPlaneError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The display has no plane that can show video (no overlay plane for its CRTC taking
    /// XRGB8888, the legacy modesetting API, a headless or window display). For good.
    case noPlane(detail: String)
    /// The driver's test commit refused this geometry (scaling, position or size the plane
    /// cannot do). Another geometry may pass.
    case refused(geometry: VideoPlaneGeometry, detail: String)
    /// Not now: the display is off, turned, switched away, has shown no frame yet, or
    /// another view has the plane. Worth asking again when that changes.
    case unavailable(reason: String)
    /// The plane's buffers could not be made (out of memory, or the driver's limits).
    case buffers(detail: String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .noPlane(let detail):
            "no display plane for video (\(detail)); the video is composited — fine, at about two copies of its rectangle per frame"
        case .refused(let geometry, let detail):
            "the display refused a video plane at \(geometry) (\(detail)); the video is composited — show it at its own size (1:1, no scaling) if the plane cannot scale"
        case .unavailable(let reason):
            "no video plane now (\(reason)); the video is composited until that changes"
        case .buffers(let detail):
            "the video plane's buffers could not be made (\(detail)); the video is composited — free memory or use a smaller video"
        }
    }
}

/// Why a display took a video plane away. The plane is inactive from then on and its owner
/// goes back to compositing.
public enum VideoPlaneDropReason: Sendable, Hashable {
    /// The picture was turned (`Display.setRotation`).
    case rotation
    /// The panel's mode changed (hotplug).
    case modeChange
    /// The panel was turned off.
    case powerOff
    /// The session was switched away (another VT) or the connector unplugged.
    case sessionLost
    /// The display was restored (the app is ending).
    case restored
    /// The driver refused a commit of the plane's frame (other than "busy"), though its test
    /// commit had passed.
    case commitRefused
}

/// A display that can show video on a plane of its own (a KMS overlay plane), besides the
/// UI's scene: an optional capability of a `Display`. `DRMDisplay` on an atomic driver with an
/// overlay plane is one; the headless and window displays are not, and video is composited
/// there.
///
/// Contract:
/// - `makeVideoPlane` asks the driver (a test-only commit) whether a plane can show frames of
///   `frameWidth`×`frameHeight` XRGB8888 pixels at `geometry`, with the UI as it is; it makes
///   the plane's buffers only when it can, and throws a `VideoPlaneError` saying why not. It
///   changes nothing on screen: the plane appears with its first frame. One plane at a time:
///   a second is `.unavailable` until the first is released.
/// - It is offered only while the display is on, upright (`rotation == .none`), has shown a
///   frame, and is not switched away.
/// - The plane belongs to its owner until `release()`; the display drops it (calling its
///   `droppedHandler` once, on the main actor) when the picture turns, the mode changes, the
///   panel goes off, the session goes away, the display is restored or the driver refuses a
///   frame's commit. A dropped plane is
///   inactive: it takes no more frames, and its owner composites the video again.
@MainActor
public protocol VideoPlaneDisplay: Display {
    /// Makes a video plane for frames of `frameWidth`×`frameHeight` pixels showing
    /// `geometry`, if the hardware can (see the protocol's contract).
    func makeVideoPlane(frameWidth: Int, frameHeight: Int, geometry: VideoPlaneGeometry) throws(VideoPlaneError) -> any VideoPlane
}

/// A display plane showing video frames, made by a `VideoPlaneDisplay`.
///
/// Contract:
/// - **Stacking.** `stacking` says where the plane is against the UI. `.aboveUI`: the video
///   covers the UI inside `geometry.destination`, so what the UI shows there is never seen;
///   the owner keeps views from being above it there. `.belowUI`: the UI's scene must be
///   transparent there.
/// - **Format and buffers.** Frames are `frameWidth`×`frameHeight` XRGB8888. The plane owns
///   two buffers of that size in display memory; `setFrame` hands it a frame, which it copies
///   (once, on the main actor) into the buffer not on screen when it commits it.
/// - **Timing.** A frame set is shown at the next vblank at which the display can commit:
///   at once if nothing is in flight, else in the commit after the one in flight (merged
///   with the UI's frame if that is due too). The display never has two commits in flight,
///   so frames are paced on vblank; a frame replaced before it was committed is never copied.
///   A frame commit changes only this plane (the UI's plane is not committed again), and
///   needs nothing composed.
/// - **The frame's memory.** The surface given to `setFrame` must stay valid and unchanged
///   until the next `setFrame`, `clearFrame()` or `release()`: it is read only when committed.
/// - **Geometry.** `setGeometry` tests the new geometry (a test-only commit) and takes it
///   with the next frame (or, with none waiting, moves the frame on screen in the display's
///   next commit), or throws `.refused` keeping the old one.
/// - **End.** `release()` takes the plane off the screen in the display's next commit (with
///   the UI frame that composites the video instead, when there is one) and frees its buffers
///   once that commit is shown. A plane the display dropped (`droppedHandler`, see
///   `VideoPlaneDropReason`) is inactive already; releasing it is harmless.
@MainActor
public protocol VideoPlane: AnyObject {
    /// Where the plane is stacked against the UI.
    var stacking: VideoPlaneStacking { get }
    /// The width of the frames it takes, in pixels.
    var frameWidth: Int { get }
    /// The height of the frames it takes, in pixels.
    var frameHeight: Int { get }
    /// What part of a frame it shows and where (frame pixels → scene pixels).
    var geometry: VideoPlaneGeometry { get }
    /// False once released or dropped by the display: it shows nothing and takes no frames.
    var isActive: Bool { get }
    /// Called once, on the main actor, when the display drops the plane (not on `release()`).
    var droppedHandler: (@MainActor (VideoPlaneDropReason) -> Void)? { get set }

    /// Shows `frame` (`frameWidth`×`frameHeight`, XRGB8888) from the next vblank the display
    /// can commit at (see the type's contract). Ignored when inactive or of another size.
    func setFrame(_ frame: Surface)
    /// Forgets a frame set and not yet committed (its memory may go away).
    func clearFrame()
    /// Moves the plane to `geometry` from the display's next commit; throws `.refused` (keeping
    /// the old geometry) when the driver's test commit refuses it, `.unavailable` when inactive.
    func setGeometry(_ geometry: VideoPlaneGeometry) throws(VideoPlaneError)
    /// Takes the plane off the screen at the display's next commit and frees its buffers.
    func release()
}
