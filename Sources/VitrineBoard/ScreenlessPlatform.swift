import Logging
import Vitrine
import VitrineHeadless
import VitrineLinux

/// The backends of a live app with no screen: the epoll loop and a virtual display on it, with
/// no input of its own. The app runs as it would on a panel (timers, animation, frames paced
/// by a simulated vblank only while something changes), and is seen only through what observes
/// its frames: the remote view (`[remote]`), or a test's `FrameObserver`.
///
/// `BoardPlatform.main` runs an app on it when there is neither a usable panel nor a window.
@MainActor
public final class ScreenlessPlatform: Platform {
    /// The epoll loop.
    public let epollMainLoop: EpollMainLoop
    /// The display nobody sees directly.
    public let virtualDisplay: VirtualDisplay
    /// Pixels per point.
    public let screenScale: Double
    /// Fingers at once (only a remote viewer's pointer touches it).
    public let touchCapacity: Int

    /// Makes the loop and a virtual display of `mode` on it. Throws `MainLoopError` when the
    /// loop cannot be made (descriptors exhausted).
    public init(mode: DisplayMode, scale: Double = 1, touchCapacity: Int = 10,
                logger: Logger = Logger(label: "vitrine.board")) throws(MainLoopError) {
        let loop = try EpollMainLoop(logger: logger)
        epollMainLoop = loop
        virtualDisplay = VirtualDisplay(mode: mode, mainLoop: loop)
        screenScale = scale
        self.touchCapacity = touchCapacity
    }

    /// The epoll loop.
    public var mainLoop: any MainLoop { epollMainLoop }
    /// The virtual display.
    public var display: (any Display)? { virtualDisplay }
    /// None: a remote viewer's input comes through the remote view's own source.
    public var inputSources: [any InputSource] { [] }

    /// Releases the loop's descriptors.
    public func shutdown() {
        epollMainLoop.close()
    }
}
