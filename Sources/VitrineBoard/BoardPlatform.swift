import Glibc
import Logging
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineHeadless
import VitrineInput
import VitrineLinux
#if Speech
import VitrineSpeech
#endif
#if RemoteView
import VitrineVNC
#endif
#if Window
import VitrineSDL
#endif

/// The backends a board profile asks for, started and owned as one `Platform`:
///
/// - `virtual`: the headless platform (`HeadlessPlatform`: manual loop, virtual display of the
///   profile's mode, rotation, scale, pixel format and buffers, scripted input);
/// - `drm`: the console taken over (`[system] console`), the epoll loop and the DRM display
///   (`DRMPlatform`, configured from `[display]`), libinput on the seat or the device paths of
///   `[input]` with the `[touch]` calibration, and the accelerometer of `[accelerometer]`
///   (created stopped: it is read only while something needs it); the encoder, the
///   accelerometer and the headphone jack are followed as they are plugged in and unplugged
///   (`hotplug`);
/// - `Screen.screenless` (what `main` runs with no panel): the epoll loop and a virtual display
///   of the profile's mode (`ScreenlessPlatform`), seen through the remote view;
/// - `Screen.window` (with the `Window` part): a desktop window of the profile's screen
///   (`SDLPlatform`), its mouse as a finger and its keys through the profile's keymap.
///
/// **The session** (`[system] session`): devices are opened directly (open(2): root, or groups
/// `video` and `input`), or through a `SeatSession` (libseat: seatd, logind, or its builtin seat
/// as root) — `"auto"` uses the seat when seatd or a logind session is reachable. Through the
/// seat, the DRM card and libinput's devices are opened by the seat manager, which also owns the
/// console (it is not taken over here, and VT switches are not negotiated here): a disabled seat
/// (switched away) cancels every touch, pauses the display without dropping master (the seat
/// manager does) and releases input before the disable is acknowledged; an enabled seat resumes
/// the display (full repaint) and reopens input. Ctrl+Alt+F`n` asks the seat to switch session
/// when the profile allows VT switching (see `startSeatSession`).
///
/// **VT switching** is off unless the profile allows it (`[input] vt_switching = true`): a
/// kiosk is locked down, Ctrl+Alt+F1…F12 reach the app as ordinary keys and the console does
/// not switch. When it is allowed and a console is held, the console negotiates switches
/// (`VirtualTerminal.negotiateSwitches(on:)`) and Ctrl+Alt+F`n` asks it to show console `n`;
/// switching away cancels every touch, pauses the display dropping DRM master and releases
/// the input devices, and coming back takes master again, repaints the whole screen and
/// reopens input (see `startVTSwitching`). A failure is logged with its remedy, and the keys
/// stay ordinary keys.
///
/// Under systemd (a `Type=notify` unit, see `scripts/install-kiosk`) it also tells systemd the
/// app is ready once the first frame is on the screen, feeds the watchdog from the run loop
/// (`[system] watchdog`), and says STOPPING=1 at shutdown. Not under systemd none of that exists.
///
/// The touch pool holds `max([touch] capacity, the most fingers a touchscreen reports)`, at
/// most 64. Resources are released by `shutdown()` in the reverse order of their making: input,
/// display (restored), seat.
///
/// An app runs on it with `BoardPlatform.main(delegate:)`, `Application.main(platform:delegate:)`,
/// or by hand — every way makes the application with `Application(platform:)`, which applies
/// the profile's policies (`configure(_:)`); there is nothing else to call:
///
///     let platform = try BoardPlatform(profile: try BoardSelector().select().profile)
///     let application = Application(platform: platform)
///     application.delegate = delegate
///     application.run()
///     platform.shutdown()
@MainActor
public final class BoardPlatform: ConfigurablePlatform {
    /// The backends of each kind of display.
    public enum Backend {
        /// The headless platform (profile backend `virtual`).
        case headless(HeadlessPlatform)
        /// The epoll loop and the DRM display (profile backend `drm`).
        case drm(DRMPlatform)
        /// A live app with no screen (`Screen.screenless`): epoll loop, virtual display.
        case screenless(ScreenlessPlatform)
        #if Window
        /// A desktop window showing the profile's screen (`Screen.window`).
        case window(SDLPlatform)
        #endif
    }

    /// Where the app's screen is.
    public enum Screen: Sendable, Equatable {
        /// Where the profile says: the DRM panel (`drm`), or the deterministic headless
        /// platform with a manual loop (`virtual`: what tests drive).
        case asProfileSays
        /// Nowhere: the app runs live on the epoll loop with a virtual display
        /// (`ScreenlessPlatform`), seen only through the remote view.
        case screenless
        /// A desktop window titled `title` showing the profile's screen, or one of
        /// `width`×`height` pixels (the `Window` part).
        case window(title: String, width: Int? = nil, height: Int? = nil)
    }

    /// The profile the backends were started from.
    public let profile: BoardProfile
    /// The display backends.
    public let backend: Backend
    /// libinput, on DRM boards; nil headless.
    public let libInput: LibInputSource?
    /// The rotary encoder read with libevdev because it turns as a dial (REL_DIAL), on DRM
    /// boards whose `[input] encoder` has one, found at start or plugged in since; nil
    /// otherwise (and once it is unplugged).
    public internal(set) var dialEncoder: DialEncoderSource?
    /// The barcode scanners of `[input] scanners`, on DRM boards that name any; nil otherwise
    /// (headless, a test sends scans with `ScriptedInput.scan`).
    public private(set) var scanners: ScannerSource?
    /// Devices plugged in and unplugged after start, on DRM boards: the one owner of the udev
    /// monitor, which follows the encoder, the accelerometer and the headphone jack of the
    /// profile. Nil headless, or when udev cannot be listened to (logged). Another kind of
    /// device is followed with `hotplug.follow(_:)`.
    public private(set) var hotplug: DeviceHotplug?
    /// The kinds `configure(_:)` follows on `hotplug`, unfollowed when another application takes
    /// the platform over.
    var followedKinds: [DeviceHotplug.Following] = []
    /// The accelerometer (stopped until something needs it), when the profile has one and it
    /// is not `"none"`; nil headless.
    public let accelerometer: AccelerometerSource?
    /// The backlight `[power] backlight` chose (the kernel's backlight class on DRM, a
    /// `VirtualBacklight` headless); nil: none, or it could not be opened (logged with the remedy).
    public let backlight: (any Backlight)?
    /// The virtual console taken over, when there is one (never with a seat: the seat manager
    /// owns the console).
    public private(set) var console: VirtualTerminal?
    /// The seat devices are opened through, when `[system] session` chose one; nil: direct.
    public private(set) var seat: SeatSession?
    /// systemd's notification socket, when running as a `Type=notify` service.
    public let notifier: SystemdNotifier?
    /// The watchdog feeder, when systemd asked for one and the profile allows it.
    public private(set) var watchdog: SystemdWatchdog?
    /// Pixels per point (`[display] scale`).
    public let screenScale: Double
    /// Fingers down at once: the profile's capacity, raised to what the touchscreens report.
    public let touchCapacity: Int
    /// Whether READY=1 was sent (the first frame reached the screen).
    public private(set) var hasSentReady = false
    #if RemoteView
    /// The VNC server of `[remote]`, once the application exists (BoardPlatform+Remote.swift).
    public internal(set) var remoteView: VNCServer?
    #endif
    #if Speech
    /// Speech for the screen reader (`[accessibility]`), once the application exists, unless
    /// speech is off (BoardPlatform+Speech.swift).
    public internal(set) var speech: SpeechService?
    #endif
    /// Whether `shutdown()` has run.
    public private(set) var isShutDown = false
    /// Whether Ctrl+Alt+F1…F12 switch consoles: the profile allows it (`[input] vt_switching`),
    /// and a seat switches sessions or a held console negotiates switches. Otherwise those
    /// keys are ordinary keys.
    public var switchesVTs: Bool {
        libInput?.vtSwitchHandler != nil && (seat != nil || console?.isNegotiatingSwitches == true)
    }

    /// The board's log.
    let logger: Logger
    /// The application `configure(_:)` was given, whose touches a VT switch cancels.
    weak var application: Application?

    /// Starts the backends `profile` asks for. `notifier` is systemd's (default: from the
    /// environment; nil when not a notify service). Throws `BoardPlatformError` (DRM, input,
    /// accelerometer or run-loop errors, each with its remedy), having released whatever it
    /// had started.
    ///
    /// `screen` says where the app's screen is (default: where the profile says). A profile
    /// that asks for an optional part this build lacks throws `.partNotBuilt` before anything
    /// starts.
    public init(profile: BoardProfile, screen: Screen = .asProfileSays,
                notifier: SystemdNotifier? = SystemdNotifier.fromEnvironment(),
                logger: Logger = Logger(label: "vitrine.board")) throws(BoardPlatformError) {
        try profile.checkParts()
        self.profile = profile
        self.notifier = notifier
        self.logger = logger
        self.screenScale = profile.display.scale
        let display = profile.display
        switch screen {
        case .asProfileSays: break
        case .screenless:
            let platform: ScreenlessPlatform
            do {
                platform = try ScreenlessPlatform(mode: display.virtualMode, scale: display.scale,
                                                  touchCapacity: profile.touch.capacity, logger: logger)
            } catch {
                throw .mainLoop(error)
            }
            backend = .screenless(platform)
            libInput = nil
            accelerometer = nil
            touchCapacity = profile.touch.capacity
            backlight = nil
            startWatchdog()
            return
        case .window(let title, let width, let height):
            #if Window
            var mode = display.virtualMode
            if let width, let height { mode = DisplayMode(width: width, height: height, refreshRate: mode.refreshRate) }
            let platform: SDLPlatform
            do {
                platform = try SDLPlatform(mode: mode, scale: display.scale, rotation: display.rotation,
                                           touchCapacity: profile.touch.capacity, keymap: profile.input.keymap,
                                           title: "\(title) (\(profile.name))")
            } catch {
                throw .window(reason: "no desktop window: \(error)")
            }
            backend = .window(platform)
            libInput = nil
            accelerometer = nil
            touchCapacity = profile.touch.capacity
            backlight = nil
            return
            #else
            _ = (title, width, height)
            throw .window(reason: "a desktop window was asked for, and this app was built without it — \(OptionalPart.window.remedy)")
            #endif
        }
        switch display.backend {
        case .virtual:
            let headless = HeadlessPlatform(mode: display.virtualMode, scale: display.scale,
                                            touchCapacity: profile.touch.capacity, bufferCount: display.buffers,
                                            rotation: display.rotation, pixelFormat: display.pixelFormat)
            backend = .headless(headless)
            libInput = nil
            accelerometer = nil
            touchCapacity = profile.touch.capacity
            backlight = profile.power.backlight == .none ? nil : VirtualBacklight(clock: headless.manualMainLoop.clock)
        case .drm:
            // Made in this order, released in the reverse: seat or console, loop + display,
            // input, accelerometer (and then VT switching and the watchdog).
            let seat = try Self.openSeat(for: profile, logger: logger)
            self.seat = seat
            var heldConsole: VirtualTerminal?
            if seat == nil {
                heldConsole = Self.takeOverConsole(profile.system.console, logger: logger)
            } else if case .path(let path) = profile.system.console {
                logger.notice("board \(profile.name): \(path) is left to the seat manager, which owns the console ([system] session)")
            }
            console = heldConsole
            /// Releases what was made before a failure, in reverse.
            func releaseSessionAndConsole() {
                seat?.close()
                heldConsole?.restore()
            }
            // One opener for the card and every input device: the seat's, or open(2).
            let opener: any DeviceOpener = seat.map { SeatDeviceOpener(session: $0) } ?? DirectDeviceOpener()
            let drm: DRMPlatform
            do {
                drm = try Self.drmPlatform(display: display, touchCapacity: profile.touch.capacity, opener: opener,
                                           seat: seat, profileName: profile.name, logger: logger)
            } catch {
                releaseSessionAndConsole()
                throw error
            }
            /// Releases the display, loop and session before a failure, in reverse.
            func releaseAll() {
                seat?.stopWatching()
                drm.shutdown()
                releaseSessionAndConsole()
            }
            let input: LibInputSource
            do {
                input = try LibInputSource(configuration: Self.inputConfiguration(profile), display: drm.drmDisplay,
                                           screenScale: display.scale, clock: drm.epollMainLoop.clock, opener: opener,
                                           logger: logger)
            } catch {
                releaseAll()
                throw .input(error, profile: profile.name)
            }
            // Listening before the devices are opened: one plugged in meanwhile is not missed.
            hotplug = Self.startHotplug(on: drm.epollMainLoop, logger: logger)
            dialEncoder = DialEncoderSource.open(for: input, loop: drm.epollMainLoop, logger: logger)
            scanners = Self.scannerSource(profile.input.scanner, libInput: input, loop: drm.epollMainLoop, logger: logger)
            let capacity = Self.touchCapacity(profile: profile.touch.capacity, reported: input.maximumTouchCount)
            input.touchPoolCapacity = capacity
            do {
                accelerometer = try Self.accelerometer(profile.accelerometer, mainLoop: drm.epollMainLoop, logger: logger)
            } catch {
                hotplug?.stop()
                input.suspend()
                releaseAll()
                throw .accelerometer(error, profile: profile.name)
            }
            backend = .drm(drm)
            libInput = input
            touchCapacity = capacity
            let card = drm.drmDisplay.device.path.split(separator: "/").last.map(String.init)
            backlight = Self.openBacklight(profile.power.backlight, card: card, connector: drm.drmDisplay.pipeline.connectorName,
                                           profileName: profile.name, logger: logger)
        }
        startVTSwitching()
        startWatchdog()
    }

    // MARK: Platform

    /// The loop: manual headless, epoll on DRM.
    public var mainLoop: any MainLoop { base.mainLoop }

    /// The virtual or DRM display.
    public var display: (any Display)? { base.display }

    /// The platform of the backend, whose loop, display and input this one is.
    private var base: any Platform {
        switch backend {
        case .headless(let headless): headless
        case .drm(let drm): drm
        case .screenless(let screenless): screenless
        #if Window
        case .window(let window): window
        #endif
        }
    }

    /// The scripted input headless; libinput and the accelerometer on DRM. The accelerometer is
    /// an `OnDemandInputSource`: the application starts it only while shake detection or
    /// auto-rotation is on.
    public var inputSources: [any InputSource] {
        switch backend {
        case .headless, .screenless: return base.inputSources
        #if Window
        case .window: return base.inputSources
        #endif
        case .drm:
            var sources: [any InputSource] = []
            if let libInput { sources.append(libInput) }
            if let dialEncoder, !dialEncoder.isLost { sources.append(dialEncoder) }
            if let scanners { sources.append(scanners) }
            if let accelerometer { sources.append(accelerometer) }
            return sources
        }
    }

    /// The headless platform, when the profile's backend is `virtual`.
    public var headless: HeadlessPlatform? {
        if case .headless(let headless) = backend { return headless }
        return nil
    }

    /// The DRM platform, when the profile's backend is `drm`.
    public var drm: DRMPlatform? {
        if case .drm(let drm) = backend { return drm }
        return nil
    }

    /// Tells systemd the app is stopping, then releases everything in the reverse order of
    /// its making: watchdog, the udev monitor, speech, VT switching (the console back to
    /// `VT_AUTO`), accelerometer,
    /// input (its devices handed back to the seat), display (restored as found) and loop, the
    /// seat (closed) or the console. Idempotent.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        watchdog?.stop()
        watchdog = nil
        // No device is opened while the rest is released.
        hotplug?.stop()
        #if Speech
        speech?.stop()
        #endif
        if let notifier {
            do { try notifier.stopping() } catch { logger.warning("\(error)") }
        }
        libInput?.vtSwitchHandler = nil
        console?.stopNegotiatingSwitches()
        // No pause or resume while shutting down: the seat is closed last.
        seat?.paused = nil
        seat?.resumed = nil
        accelerometer?.stop()
        dialEncoder?.close()
        scanners?.close()
        libInput?.suspend()
        seat?.stopWatching()
        base.shutdown()
        seat?.close()
        console?.restore()
        console = nil
    }

    // MARK: The application

    /// Applies the profile's runtime policies to `application` (made on this platform): the
    /// panel's safe area (`[display] safe_area`), the backlight and the idle policy of `[power]`, the lid policy, shake detection and auto-rotation with their tuning (they start the
    /// accelerometer, which is read only while one of them is on), and arranges READY=1 for
    /// systemd when the first frame is on the screen. `Application(platform:)` calls it, once,
    /// before the app runs; the app may change any of these afterwards
    /// (`applicationDidFinishLaunching` comes later). An application made later on the same
    /// platform takes the platform over (VT switches then pause and resume that one).
    public func configure(_ application: Application) {
        self.application = application
        #if Window
        if case .window(let window) = backend { window.configure(application) }
        #endif
        application.backlight = backlight
        application.screen.panelSafeAreaInsets = profile.display.safeArea
        application.idlePolicy = profile.power.idlePolicy
        application.audioDevice = profile.audio.device
        profile.language.apply(to: application, logger: logger)
        profile.keyboard.apply(to: application)
        // No touchscreen (an appliance with a knob or a keypad): focus shows from the first frame.
        if let libInput { application.focusBehavior = Self.focusBehavior(devices: libInput.devices) }
        // Switched away before the application existed: it starts inactive for that reason.
        if console?.isNegotiatingSwitches == true && console?.isSessionActive == false {
            application.resignActive(reason: .consoleSwitchedAway)
        }
        if let seat, !seat.isActive { application.resignActive(reason: .seatDisabled) }
        application.switchPolicy.lid = switch profile.switches.lid {
        case .displayOff: .displayOffAndCancelTouches
        case .ignore: .ignore
        }
        let shake = profile.accelerometer.shake
        application.shakeDetector.configuration.threshold = shake.threshold
        application.shakeDetector.configuration.minimumDuration = shake.duration
        application.shakeDetector.configuration.quietPeriod = shake.quietPeriod
        application.orientationDetector.configuration.hysteresis = profile.accelerometer.orientationHysteresis
        if let accelerometer {
            // The source logged it; plugged in again, hotplug resumes it (`followDevices`).
            accelerometer.deviceLostHandler = { [weak accelerometer, weak application] _ in
                guard let accelerometer else { return }
                application?.suspendOnDemandSource(accelerometer)
            }
            application.detectsShakes = shake.enabled
            application.autoRotates = profile.accelerometer.autoRotate
        }
        if let notifier {
            application.whenFirstFrameIsOnScreen { [weak self] in
                guard let self, !self.hasSentReady else { return }
                self.hasSentReady = true
                do {
                    try notifier.ready(status: self.statusLine)
                } catch {
                    self.logger.error("\(error)")
                }
            }
        }
        #if RemoteView
        startRemoteView(on: application)
        #endif
        #if Speech
        startSpeech(on: application)
        #endif
        followDevices(for: application)
    }

    /// One line for logs and systemd's STATUS=: the board, the mode and the connector (and the
    /// seat, when devices are opened through one).
    public var statusLine: String {
        switch backend {
        case .headless(let headless):
            return "board \(profile.name): virtual display \(headless.virtualDisplay.mode), scale \(screenScale)"
        case .screenless(let screenless):
            return "board \(profile.name): no screen, a virtual display \(screenless.virtualDisplay.mode), scale \(screenScale)"
        #if Window
        case .window(let window):
            return "board \(profile.name): a desktop window of \(window.sdlDisplay.mode), scale \(screenScale)"
        #endif
        case .drm(let drm):
            let display = drm.drmDisplay
            return "board \(profile.name): \(display.mode) on \(display.pipeline.connectorName) of \(display.device.path), "
                + "rotation \(display.rotation), scale \(screenScale), \(touchCapacity) touches"
                + (seat.map { ", through \($0.seatName)" } ?? "")
        }
    }

    private func startWatchdog() {
        let timeout = SystemdWatchdog.timeoutFromEnvironment()
        guard let timeout else { return }
        guard profile.system.watchdog else {
            logger.warning("""
                systemd expects watchdog pings every \(timeout / 2) s (WatchdogSec=\(timeout)) but the board profile \
                \(profile.name) turns the watchdog off ([system] watchdog = false): systemd will restart the app — \
                remove WatchdogSec= from the unit or set watchdog = true
                """)
            return
        }
        guard let notifier else { return }
        watchdog = SystemdWatchdog(notifier: notifier, timeout: timeout, mainLoop: mainLoop, logger: logger)
    }
}
