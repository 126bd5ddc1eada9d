import Logging
import VitrineSeams
import VitrineLinux

/// The display half of a Linux device: the epoll run loop and the DRM/KMS display, with no
/// input. `Application.main(platform:delegate:)` runs an app full-screen on it; SIGINT,
/// SIGTERM and SIGHUP stop the loop, after which `shutdown()` restores the screen.
///
/// Apps normally run on `VitrineBoard.BoardPlatform`, which builds this from a board profile
/// and adds libinput and the accelerometer; `DRMPlatform` alone serves tools and tests that
/// need only the screen (`vitrine flip-test`, the kernel ring).
@MainActor
public final class DRMPlatform: Platform {
    /// The epoll loop.
    public let epollMainLoop: EpollMainLoop
    /// The DRM display.
    public let drmDisplay: DRMDisplay
    /// Pixels per point.
    public let screenScale: Double
    /// Fingers at once.
    public let touchCapacity: Int

    /// Creates the loop, then opens the display (`path`, or the first card with a connected
    /// connector) as `configuration` says. Throws `MainLoopError` or `DRMError`, whose
    /// descriptions say what to do.
    public init(path: String? = nil, configuration: DRMDisplay.Configuration = DRMDisplay.Configuration(),
                screenScale: Double = 1, touchCapacity: Int = 10, logger: Logger = Logger(label: "vitrine.drm")) throws {
        let loop = try EpollMainLoop(logger: logger)
        do {
            drmDisplay = try DRMDisplay.open(path: path, configuration: configuration, mainLoop: loop, logger: logger)
        } catch {
            loop.close()
            throw error
        }
        epollMainLoop = loop
        self.screenScale = screenScale
        self.touchCapacity = touchCapacity
    }

    /// Takes `mainLoop` and `display` made already (the board opens the card through the seat
    /// before making the display); owns both from here on, as the other initializer does.
    public init(mainLoop: EpollMainLoop, display: DRMDisplay, screenScale: Double = 1, touchCapacity: Int = 10) {
        epollMainLoop = mainLoop
        drmDisplay = display
        self.screenScale = screenScale
        self.touchCapacity = touchCapacity
    }

    /// The epoll loop.
    public var mainLoop: any MainLoop { epollMainLoop }
    /// The DRM display.
    public var display: (any Display)? { drmDisplay }
    /// None: `BoardPlatform` adds libinput and the accelerometer.
    public var inputSources: [any InputSource] { [] }

    /// Restores the screen as it was found, then releases the loop's descriptors.
    public func shutdown() {
        drmDisplay.restore()
        epollMainLoop.close()
    }
}
