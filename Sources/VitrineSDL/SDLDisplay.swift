import CSDL2
import Logging
import VitrineCore
import VitrineGraphics

/// Why the desktop window could not be opened. Each case says what to do.
public enum SDLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SDL could not start its video subsystem (no X server reachable): SDL's message.
    case videoUnavailable(String)
    /// The window could not be made: SDL's message.
    case windowFailed(String)
    /// The window is not on X11 (the only window system whose descriptor this backend watches).
    case notX11
    /// The run loop refused to watch the X connection.
    case watchFailed(DescriptorWatchError)
    /// The window's pixels are not 32-bit XRGB/ARGB (a depth-16 X server): SDL's format name.
    case unsupportedFormat(String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .videoUnavailable(let message):
            "no desktop to open a window on (\(message)): set DISPLAY to a running X server (or XWayland), or run with --headless"
        case .windowFailed(let message): "the window could not be made (\(message))"
        case .notX11: "the window is not on X11: run under X11 or XWayland (SDL_VIDEODRIVER=x11)"
        case .watchFailed(let error): "the X connection cannot be watched: \(error)"
        case .unsupportedFormat(let name):
            "the window's pixel format \(name) is not 32-bit RGB: run the X server at depth 24"
        }
    }
}

/// The desktop window as a `Display` (SDL2 on X11, its software path): the window is the
/// screen as the user sees it, `sceneSize` pixels (the panel's `mode` turned by `rotation`), so
/// a present copies the damaged scene rects into the window surface as they are and updates
/// only those rects (`SDL_UpdateWindowSurfaceRects`). SDL keeps the window's pixels in one
/// retained image: after the first present every buffer's age is 1.
///
/// Vblank is simulated as `VirtualDisplay` does, by a `LoopTimer` at `mode.refreshRate` armed
/// only while a frame is pending or requested: an idle window costs no wake-ups. Resizing the
/// window changes `mode` through `modeDidChange` (at the vblank when a flip is in flight).
/// Unlike a DRM display nothing is restored at `close()`: the window just goes away.
@MainActor
public final class SDLDisplay: Display {
    /// The panel's mode: the window's size turned back by `rotation`.
    public private(set) var mode: DisplayMode
    /// How the scene is turned: the window shows the turned picture upright.
    public private(set) var rotation: ScreenRotation
    /// Window pixels are 32-bit XRGB.
    public let pixelFormat: PixelFormat = .xrgb8888
    /// 0 before the first present and after a mode change, else 1 (one retained image).
    public private(set) var bufferAge = 0
    /// Whether a present waits for its simulated vblank.
    public private(set) var isFlipPending = false
    /// Whether the window shows frames (off: black, as a panel whose light is out).
    public private(set) var isPoweredOn = true
    /// Called at each simulated vblank that completed a present or was requested.
    public var frameHandler: (@MainActor (FrameTiming) -> Void)?
    /// Called when the window's picture must be repainted whole (powered on again).
    public var needsFullRepaint: (@MainActor () -> Void)?
    /// Called when the window was resized (or its size changed by a rotation shortcut).
    public var modeDidChange: (@MainActor (DisplayMode) -> Void)?
    /// Frames presented into the window so far (for tests).
    public private(set) var presentCount = 0
    /// Vblank callbacks delivered so far.
    public private(set) var frameCount: UInt64 = 0

    /// The SDL window.
    let window: OpaquePointer
    /// The X connection's descriptor, watched on the loop.
    let connectionDescriptor: Int32
    /// The X connection (Xlib's `Display *`).
    private let xDisplay: UnsafeMutableRawPointer
    /// The X window's id.
    private let xWindow: UInt
    private let mainLoop: any MainLoop
    private let logger: Logger
    private var watch: DescriptorWatch?
    private var isFrameRequested = false
    private var pendingMode: DisplayMode?
    private var vblankTimer: LoopTimer?
    /// The window surface, wrapped once per size (no allocation per frame).
    private var wrapped: (pointer: UnsafeMutablePointer<SDL_Surface>, surface: Surface)?
    private var updateRects: [SDL_Rect] = []
    /// Called after SDL was pumped and has events queued (the input source's readiness).
    var eventsPending: (@MainActor () -> Void)?

    /// Opens a window titled `title` showing a panel of `mode` turned by `rotation`, and
    /// watches its X connection on `mainLoop`. Throws `SDLError`.
    public init(mode: DisplayMode, rotation: ScreenRotation = .none, title: String,
                mainLoop: any MainLoop, logger: Logger = Logger(label: "vitrine.sdl")) throws(SDLError) {
        self.mode = mode
        self.rotation = rotation
        self.mainLoop = mainLoop
        self.logger = logger
        // The loop watches the X socket: SDL must be on X11, and must not install signal
        // handlers (the loop reads SIGINT/SIGTERM from a signalfd) or map touches and mouse
        // onto each other (each is translated here).
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_PING, "0")
        // The software path (XShm/XPutImage of the window surface): exact pixels, and the
        // window is never remade for an OpenGL renderer behind our back.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { throw .videoUnavailable(Self.lastError) }
        let size = rotation.rotatedSize(width: mode.width, height: mode.height)
        guard let window = SDL_CreateWindow(title, Int32(SDL_WINDOWPOS_UNDEFINED_MASK), Int32(SDL_WINDOWPOS_UNDEFINED_MASK),
                                            Int32(size.width), Int32(size.height),
                                            SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue) else {
            let message = Self.lastError
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw .windowFailed(message)
        }
        self.window = window
        guard let xDisplay = vitrine_sdl_x11_display(window) else {
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw .notX11
        }
        self.xDisplay = xDisplay
        xWindow = vitrine_sdl_x11_window(window)
        vitrine_x11_catch_errors()
        connectionDescriptor = vitrine_x11_connection_number(xDisplay)
        updateRects.reserveCapacity(64)
        do throws(DescriptorWatchError) {
            watch = try mainLoop.watch(connectionDescriptor) { [weak self] events in self?.connectionReady(events) }
        } catch {
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw .watchFailed(error)
        }
        // Before the loop sleeps: requests SDL left in Xlib's buffer go out, and events Xlib
        // read off the socket while waiting for a reply (the socket is then no longer
        // readable) are taken, so nothing waits for the next wake-up. No system call when
        // nothing is buffered either way.
        mainLoop.addBeforeWaitingObserver { [weak self] in self?.pump() }
    }

    static var lastError: String { String(cString: SDL_GetError()) }

    /// The window's size in pixels (what the scene is).
    var windowSize: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    /// Sets the window's title (the shortcuts are listed there).
    public func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

    /// Reads what the X connection has into SDL's queue and tells the input source when
    /// something is queued. Called when the descriptor is readable and after each present
    /// (whose XSync may have read events off the socket into Xlib's queue).
    func pump() {
        guard watch != nil else { return }
        vitrine_x11_flush(xDisplay)
        SDL_PumpEvents()
        if vitrine_x11_take_bad_window() == xWindow {
            logger.notice("the window was destroyed by someone else: ending")
            isConnectionLost = true
            watch?.cancel()
            watch = nil
            eventsPending?()
            return
        }
        if SDL_PeepEvents(nil, 0, SDL_PEEKEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) > 0 {
            eventsPending?()
        }
    }

    /// Whether the window or the X connection is gone (destroyed by another client, the server
    /// ended): the input source then ends the app.
    public private(set) var isConnectionLost = false

    private func connectionReady(_ events: DescriptorEvents) {
        if !events.isDisjoint(with: .terminal) {
            logger.error("the X connection was closed: the window is gone")
            isConnectionLost = true
            watch = nil
            eventsPending?()
            return
        }
        pump()
    }

    /// The window surface wrapped as a `Surface`, remade only when SDL remade it (a resize).
    private func windowSurface() -> Surface? {
        guard let pointer = SDL_GetWindowSurface(window) else {
            logger.error("the window has no surface: \(Self.lastError)")
            return nil
        }
        if let wrapped, wrapped.pointer == pointer, wrapped.surface.width == Int(pointer.pointee.w),
           wrapped.surface.height == Int(pointer.pointee.h) {
            return wrapped.surface
        }
        let format = pointer.pointee.format.pointee.format
        guard format == SDL_PIXELFORMAT_RGB888.rawValue || format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              let pixels = pointer.pointee.pixels else {
            logger.error("\(SDLError.unsupportedFormat(String(cString: SDL_GetPixelFormatName(format))))")
            return nil
        }
        let surface = Surface(wrapping: pixels, width: Int(pointer.pointee.w), height: Int(pointer.pointee.h),
                              stride: Int(pointer.pointee.pitch), format: .xrgb8888)
        wrapped = (pointer, surface)
        return surface
    }

    /// Copies `copying` from `scene` into the window and shows those rects; the simulated
    /// vblank then completes it. Returns the bytes written.
    @discardableResult
    public func present(scene: Surface, copying: Region, damage: Region) -> Int {
        guard !isFlipPending, !copying.isEmpty, isPoweredOn, let target = windowSurface() else { return 0 }
        guard target.width == scene.width, target.height == scene.height else {
            // The window was resized and the mode change is on its way: skip this frame.
            isFlipPending = true
            armVblank()
            return 0
        }
        let bytes = target.copy(copying, from: scene)
        updateRects.removeAll(keepingCapacity: true)
        copying.forEachRect { rect in
            updateRects.append(SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height)))
        }
        if SDL_UpdateWindowSurfaceRects(window, updateRects, Int32(updateRects.count)) != 0 {
            logger.error("the window could not be updated: \(Self.lastError)")
        }
        presentCount += 1
        bufferAge = 1
        isFlipPending = true
        armVblank()
        pump()
        return bytes
    }

    /// Asks for a frame callback at the next simulated vblank.
    public func requestFrame() {
        isFrameRequested = true
        if isPoweredOn { armVblank() }
    }

    /// Off: the window goes black and presents nothing; on: repainted whole.
    public func setPower(_ on: Bool) {
        guard on != isPoweredOn else { return }
        isPoweredOn = on
        if on {
            bufferAge = 0
            needsFullRepaint?()
            if isFrameRequested { armVblank() }
        } else if let target = windowSurface() {
            target.fill(target.bounds, with: Color(red: 0, green: 0, blue: 0))
            SDL_UpdateWindowSurface(window)
        }
    }

    /// Turns the picture: the window takes the new scene size (the panel's mode stays).
    public func setRotation(_ rotation: ScreenRotation) -> Bool {
        guard !isFlipPending else { return false }
        guard rotation != self.rotation else { return true }
        self.rotation = rotation
        bufferAge = 0
        let size = sceneSize
        SDL_SetWindowSize(window, Int32(size.width), Int32(size.height))
        return true
    }

    /// The window now measures `width`×`height` pixels (a resize by the user or the window
    /// manager): the panel's mode follows, at once or at the pending flip's vblank.
    func windowResized(width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        let panel = rotation.rotatedSize(width: width, height: height)
        let newMode = DisplayMode(width: panel.width, height: panel.height, refreshRate: mode.refreshRate)
        do throws(DisplayModeError) {
            try newMode.checkUsable()
        } catch {
            logger.warning("window size \(width)×\(height) refused: \(error)")
            return
        }
        if isFlipPending {
            pendingMode = newMode
        } else {
            applyMode(newMode)
        }
    }

    /// The window was exposed: SDL still holds its pixels, so they are shown again as they are.
    func windowExposed() {
        guard bufferAge > 0 else { return }
        SDL_UpdateWindowSurface(window)
    }

    private func applyMode(_ newMode: DisplayMode) {
        pendingMode = nil
        guard newMode != mode else { return }
        mode = newMode
        bufferAge = 0
        wrapped = nil
        modeDidChange?(newMode)
    }

    private func armVblank() {
        if let vblankTimer, vblankTimer.isValid { return }
        let period = 1 / mode.refreshRate
        let now = mainLoop.clock.now
        let next = ((now / period).rounded(.down) + 1) * period
        if let vblankTimer {
            vblankTimer.rearm(at: next)
            return
        }
        let timer = LoopTimer(fireDate: next) { [weak self] _ in self?.vblank() }
        vblankTimer = timer
        timer.schedule(on: mainLoop)
    }

    private func vblank() {
        guard isFlipPending || isFrameRequested else { return }
        guard isPoweredOn || isFlipPending else { return }
        isFlipPending = false
        if let pendingMode { applyMode(pendingMode) }
        isFrameRequested = false
        frameCount += 1
        let now = mainLoop.clock.now
        frameHandler?(FrameTiming(timestamp: now, targetTimestamp: now + 1 / mode.refreshRate, sequence: frameCount))
    }

    /// Stops watching the X connection and closes the window (SDL's video is shut down).
    public func close() {
        watch?.cancel()
        watch = nil
        vblankTimer?.invalidate()
        SDL_DestroyWindow(window)
        // A window destroyed by someone else makes SDL's own destroy fail: let that error reach
        // our handler now, not Xlib's default one (which exits 1) after SDL restored it.
        vitrine_x11_sync(xDisplay)
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }
}
