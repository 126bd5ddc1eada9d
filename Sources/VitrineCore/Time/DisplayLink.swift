/// Calls back once per frame of the display, with the frame's timing; the way animations and
/// anything else that must keep pace with the screen are driven (UIKit's `CADisplayLink`).
///
/// While at least one unpaused link is added, the application asks the display for a callback
/// at every vblank; when every link is paused or invalidated it asks for none, so an idle app
/// wakes up zero times.
@MainActor
public final class DisplayLink {
    /// When the last frame reached the screen, in seconds on the run loop's clock.
    public private(set) var timestamp: Double = 0
    /// When the frame being prepared now is expected to reach the screen.
    public private(set) var targetTimestamp: Double = 0
    /// The time between frames, in seconds (`targetTimestamp - timestamp`).
    public var duration: Double { targetTimestamp - timestamp }
    /// When true the link is not called and does not keep the display ticking.
    public var isPaused = false {
        didSet { if !isPaused { application?.requestFrameForDisplayLinks() } }
    }
    /// Whether the link is still attached.
    public private(set) var isValid = true

    package weak var application: Application?
    private let callback: @MainActor (DisplayLink) -> Void

    /// Creates a link that calls `callback` once per frame once it is added to an application.
    public init(_ callback: @escaping @MainActor (DisplayLink) -> Void) {
        self.callback = callback
    }

    /// Starts calling back at every frame of `application`'s display.
    /// An invalidated link stays invalid: adding it again is an app bug, logged and ignored.
    public func add(to application: Application) {
        guard isValid else {
            application.logger.warning("an invalidated DisplayLink cannot be added again: make a new one — fix the app")
            return
        }
        self.application = application
        application.addDisplayLink(self)
    }

    /// Detaches the link for good.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        application?.removeDisplayLink(self)
        application = nil
    }

    /// Leaves the application's list without being invalidated, so `add(to:)` can attach it
    /// again later (a scroll view keeps one link and attaches it only while something moves:
    /// nothing allocated per gesture, nothing ticking at rest).
    func detach() {
        application?.removeDisplayLink(self)
        application = nil
    }

    func tick(_ timing: FrameTiming) {
        guard isValid, !isPaused else { return }
        timestamp = timing.timestamp
        targetTimestamp = timing.targetTimestamp
        callback(self)
    }
}
