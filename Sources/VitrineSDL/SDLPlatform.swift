import Logging
import VitrineCore
import VitrineGraphics
import VitrineInput
import VitrineLinux

/// The desktop window as a `Platform`: the epoll run loop, an `SDLDisplay` showing the panel
/// of `mode` turned by `rotation` at `scale`, and its `SDLInputSource`. The app sleeps as on a
/// panel: the loop wakes for the X connection, the simulated vblank while frames are asked for,
/// and signals; SIGINT, SIGTERM and closing the window end `Application.main` cleanly.
@MainActor
public final class SDLPlatform: ConfigurablePlatform {
    /// The epoll loop.
    public let epollMainLoop: EpollMainLoop
    /// The window.
    public let sdlDisplay: SDLDisplay
    /// The window's input.
    public let input: SDLInputSource
    /// Pixels per point.
    public let screenScale: Double
    /// Fingers at once.
    public let touchCapacity: Int

    /// Opens a window titled `title` (the shortcuts are appended) for a panel of `mode` turned
    /// by `rotation`, at `scale`; keys go through the XKB keymap `keymap` (the board profile's
    /// `[input.keymap]`, as on the panel). Throws `MainLoopError` or `SDLError`.
    public init(mode: DisplayMode, scale: Double = 1, rotation: ScreenRotation = .none, touchCapacity: Int = 10,
                keymap: KeymapNames = KeymapNames(), title: String = "Vitrine",
                logger: Logger = Logger(label: "vitrine.sdl")) throws {
        let loop = try EpollMainLoop(logger: logger)
        do {
            sdlDisplay = try SDLDisplay(mode: mode, rotation: rotation,
                                        title: "\(title) — \(SDLInputSource.shortcutHelp)",
                                        mainLoop: loop, logger: logger)
        } catch {
            loop.close()
            throw error
        }
        epollMainLoop = loop
        screenScale = scale
        self.touchCapacity = touchCapacity
        input = SDLInputSource(display: sdlDisplay, scale: scale, clock: loop.clock, keymap: keymap, logger: logger)
    }

    /// The epoll loop.
    public var mainLoop: any MainLoop { epollMainLoop }
    /// The window.
    public var display: (any Display)? { sdlDisplay }
    /// The window's input.
    public var inputSources: [any InputSource] { [input] }

    /// Gives the input source the application its shortcuts and the close button act on.
    public func configure(_ application: Application) {
        input.application = application
    }

    /// Closes the window, then releases the loop's descriptors.
    public func shutdown() {
        sdlDisplay.close()
        epollMainLoop.close()
    }
}
