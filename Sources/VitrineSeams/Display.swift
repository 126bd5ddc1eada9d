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
/// Spaces: the **scene** is the picture the compositor renders, `sceneSize` pixels, upright as
/// the user sees it; the **panel** is the unrotated scanout buffer, `mode.width`×`mode.height`.
/// `rotation` turns one into the other; the display alone applies it (plane rotation in
/// hardware, or in software during the copy), and input uses the same value for touches.
///
/// Contract:
/// - `present(scene:copying:damage:)` copies the pixels of `copying` (scene pixels) from the
///   scene buffer into the back buffer, converting format and rotation, and queues that buffer
///   for the next vblank. `copying` is the damage accumulated since the back buffer was last
///   shown (see `bufferAge`); `damage` is what changed since the previous frame (it becomes
///   FB_DAMAGE_CLIPS) and is a subset of `copying`. Neither is empty: nothing renders when
///   nothing changed. The scene buffer is only read; scanout memory is never read. At most one
///   flip is in flight: present again only once `isFlipPending` is false (after `frameHandler`
///   reported the flip). Returns the bytes written to scanout memory.
/// - `requestFrame()` asks for a `frameHandler` call at the next vblank without presenting
///   anything, so display links can tick while nothing changes. Requests coalesce.
/// - `frameHandler` is called on the main actor once per vblank that completed a flip or that
///   was requested, with the vblank's timestamp on the run loop's clock.
/// - `bufferAge` is the age of the buffer the next frame will be copied into: 1 if it holds the
///   previous frame, 2 if the one before, …, 0 when unknown (copy everything).
/// - `isPoweredOn`: a display that is off (lid closed, idle policy) shows nothing and
///   presents nothing, and sends no vblank: a `requestFrame()` is served once it is on again;
///   turning it on again makes every buffer's age unknown.
/// - `needsFullRepaint` is called when what the panel shows was lost (powered on again, a
///   cable plugged back, the VT switched back): the application damages the whole screen.
/// - `modeDidChange` is called on the main actor when the panel's mode changed by itself (a
///   hotplug brought a monitor with another mode, a desktop window was resized), never while a
///   flip is in flight: a display that learns of a new mode then waits for the flip's vblank
///   and calls it just before that `frameHandler` call. When it is called, `mode` is already
///   the new mode, the buffers were remade for it, every buffer's age is unknown (`bufferAge`
///   is 0) and `sceneSize` is the new mode turned by `rotation`: the next present must bring a
///   scene of that size, repainted whole (touch positions are mapped by the new size from now
///   on too). It implies `needsFullRepaint`, which a display may call as well. A mode the
///   display cannot show (see `DisplayMode.checkUsable()`) is refused with a log line or a
///   `DisplayModeError`, keeping the old mode, and this is not called.
@MainActor
public protocol Display: AnyObject {
    /// The current mode of the panel (unrotated pixels, refresh).
    var mode: DisplayMode { get }

    /// How the scene is turned on the panel.
    var rotation: ScreenRotation { get }

    /// The format of the scanout buffers.
    var pixelFormat: PixelFormat { get }

    /// The age of the back buffer, as above; 0 means unknown.
    var bufferAge: Int { get }

    /// Whether a presented frame has not reached the screen yet.
    var isFlipPending: Bool { get }

    /// Whether the panel is lit and showing frames.
    var isPoweredOn: Bool { get }

    /// Called once per completed flip or requested vblank.
    var frameHandler: (@MainActor (FrameTiming) -> Void)? { get set }

    /// Called when the picture on the panel was lost and must be repainted whole.
    var needsFullRepaint: (@MainActor () -> Void)? { get set }

    /// Called with the new mode when the panel's mode changed (buffers remade, ages unknown,
    /// the scene now the new mode turned by `rotation`), never while a flip is in flight.
    var modeDidChange: (@MainActor (DisplayMode) -> Void)? { get set }

    /// Copies `copying` from `scene` into the back buffer and queues it for the next vblank;
    /// `damage` is the frame's own change. Both in scene pixels. `scene` may keep a scrolled
    /// area turned (`Surface.scrollRing`): read it through `Surface.copy(_:from:rotation:)`
    /// (or `CopyAhead`), which reads each pixel where it is stored. Returns bytes written.
    @discardableResult
    func present(scene: Surface, copying: Region, damage: Region) -> Int

    /// Copies `rect` (scene pixels) of `scene` into the back buffer now, ahead of this
    /// frame's `present`, which then leaves it out of what it copies; returns false, copying
    /// nothing, when the display cannot (the default) or may not now (a flip pending, off).
    /// The compositor calls it while it moves a scrolled area band by band, so that each band
    /// is copied out while still in the cache, only for pixels that are final (nothing is
    /// composed over them later in the frame), and always presents in the same turn. The
    /// bytes are counted in that `present`'s result.
    func copyAhead(from scene: Surface, rect: PixelRect) -> Bool

    /// Moves the pixels of `rect` (scene pixels) of `scene` by (`dx`, `dy`), exactly as
    /// `Surface.move(_:dx:dy:)` would, and in the same pass writes the moved pixels into the
    /// back buffer ahead of this frame's `present`, which then leaves them out of what it
    /// copies: one read of the area instead of two. Returns the pixels moved, or nil having
    /// done nothing when the display cannot (the default, or a turned buffer) or may not now
    /// (as `copyAhead`). The compositor calls it only for a move whose every moved pixel is
    /// final, and always presents in the same turn; the bytes are counted in that `present`.
    func moveCopyingAhead(in scene: Surface, rect: PixelRect, dx: Int, dy: Int) -> Int?

    /// Asks for one `frameHandler` call at the next vblank, presenting nothing.
    func requestFrame()

    /// Turns the panel off (`false`) or on (`true`).
    func setPower(_ on: Bool)

    /// Turns the picture to `rotation` from the next present on (auto-rotation): the scene
    /// size becomes the mode turned by it, and every buffer's age becomes unknown. Called only
    /// while no flip is pending. Returns false, changing nothing, when the display cannot.
    func setRotation(_ rotation: ScreenRotation) -> Bool
}

extension Display {
    /// Default: a display that cannot turn accepts only the rotation it has.
    public func setRotation(_ rotation: ScreenRotation) -> Bool { rotation == self.rotation }

    /// Default: no copy ahead; `present` copies everything.
    public func copyAhead(from scene: Surface, rect: PixelRect) -> Bool { false }

    /// Default: declines; the compositor moves the pixels itself.
    public func moveCopyingAhead(in scene: Surface, rect: PixelRect, dx: Int, dy: Int) -> Int? { nil }

    /// The scene's size in pixels: the mode, turned by `rotation`.
    public var sceneSize: (width: Int, height: Int) {
        rotation.rotatedSize(width: mode.width, height: mode.height)
    }
}
