import VitrineGraphics

/// A display mode: the panel's size in pixels and its refresh rate.
public struct DisplayMode: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Vertical refresh in hertz.
    public var refreshRate: Double

    /// Creates a mode of `width`×`height` pixels at `refreshRate` Hz.
    public init(width: Int, height: Int, refreshRate: Double = 60) {
        self.width = width
        self.height = height
        self.refreshRate = refreshRate
    }

    /// `WxH@R`.
    public var description: String { "\(width)x\(height)@\(refreshRate)" }
}

/// Timing of one presented (or merely vblank-signalled) frame, on the run loop's clock.
public struct FrameTiming: Hashable, Sendable {
    /// When the frame reached the screen (the vblank of the flip), in seconds.
    public var timestamp: Double
    /// When the next frame is expected to reach the screen, in seconds.
    public var targetTimestamp: Double
    /// A running count of frames signalled by this display.
    public var sequence: UInt64

    /// Creates a timing value.
    public init(timestamp: Double, targetTimestamp: Double, sequence: UInt64) {
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.sequence = sequence
    }
}

/// A screen that shows frames: DRM/KMS on hardware, `VirtualDisplay` headless.
///
/// Contract:
/// - `present(damage:)` queues the current frame for the next vblank. `damage` lists the
///   rectangles, in **pixels** of the unrotated panel, that changed since the previous frame;
///   an empty list is never passed (nothing renders when nothing changed). At most one flip is
///   in flight: the caller presents again only after `frameHandler` reported the previous one
///   (`isFlipPending` is false).
/// - `requestFrame()` asks for a `frameHandler` call at the next vblank without presenting
///   anything, so display links can tick while nothing changes. Requests coalesce.
/// - `frameHandler` is called on the main actor once per vblank that completed a flip or that
///   was requested.
/// - `bufferAge` is the age of the buffer the next frame will be drawn into: 1 if it holds the
///   previous frame, 2 if the one before, …, 0 when unknown (redraw everything).
@MainActor
public protocol Display: AnyObject {
    /// The current mode.
    var mode: DisplayMode { get }

    /// The age of the back buffer, as above; 0 means unknown.
    var bufferAge: Int { get }

    /// Whether a presented frame has not reached the screen yet.
    var isFlipPending: Bool { get }

    /// Called once per completed flip or requested vblank.
    var frameHandler: (@MainActor (FrameTiming) -> Void)? { get set }

    /// Queues the frame whose changed areas are `damage` (pixels) for the next vblank.
    func present(damage: [Rect])

    /// Asks for one `frameHandler` call at the next vblank, presenting nothing.
    func requestFrame()
}
