import Glibc
import Logging
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineHeadless
import VitrineInput
import VitrineLinux

/// Why a board's backends could not start, with what to do (each wrapped error says it).
public enum BoardPlatformError: Error, CustomStringConvertible {
    /// The profile could not be chosen or read.
    case profile(BoardProfileError)
    /// The epoll run loop could not be made.
    case runLoop(RunLoopError)
    /// The DRM display could not be opened (no device, permission, master held, connector…).
    case display(DRMError, profile: String)
    /// libinput could not be started on the profile's devices.
    case input(InputError, profile: String)
    /// The profile's accelerometer settings cannot work.
    case accelerometer(AccelerometerError, profile: String)
    /// The seat could not be opened or would not open the display (`[system] session = "seat"`).
    case session(SeatError, profile: String)

    /// The wrapped error's message, after the profile it happened with.
    public var description: String {
        switch self {
        case .profile(let error): "\(error)"
        case .runLoop(let error): "\(error)"
        case .display(let error, let profile): "board \(profile): \(error)"
        case .input(let error, let profile): "board \(profile): \(error)"
        case .accelerometer(let error, let profile): "board \(profile): \(error)"
        case .session(let error, let profile): "board \(profile): \(error)"
        }
    }

    /// A process exit status for the error, as the `vitrine` tool uses them: 2 a profile
    /// problem, 3 no display device, 4 permission denied (or no seat to open devices through),
    /// 5 DRM master held, 1 anything else.
    public var exitStatus: Int32 {
        switch self {
        case .profile: 2
        case .display(let error, _):
            switch error {
            case .noDevice, .notADirectory, .deviceNotFound, .noConnectedDevice: 3
            case .permissionDenied: 4
            case .masterHeld: 5
            default: 1
            }
        case .input(.permissionDenied, _): 4
        case .session(.noSeat, _), .session(.inactive, _): 4
        default: 1
        }
    }
}

/// The backends a board profile asks for, started and owned as one `Platform`:
///
/// - `virtual`: the headless platform (`HeadlessPlatform`: manual loop, virtual display of the
///   profile's mode, rotation, scale, pixel format and buffers, scripted input);
/// - `drm`: the console taken over (`[system] console`), the epoll loop and the DRM display
///   (`DRMPlatform`, configured from `[display]`), libinput on the seat or the device paths of
///   `[input]` with the `[touch]` calibration, and the accelerometer of `[accelerometer]`
///   (created stopped: it is read only while something needs it).
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
public final class BoardPlatform: Platform {
    /// The backends of each kind of display.
    public enum Backend {
        /// The headless platform (profile backend `virtual`).
        case headless(HeadlessPlatform)
        /// The epoll loop and the DRM display (profile backend `drm`).
        case drm(DRMPlatform)
    }

    /// The profile the backends were started from.
    public let profile: BoardProfile
    /// The display backends.
    public let backend: Backend
    /// libinput, on DRM boards; nil headless.
    public let libInput: LibInputSource?
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
    /// Whether `shutdown()` has run.
    public private(set) var isShutDown = false
    /// Whether Ctrl+Alt+F1…F12 switch consoles: the profile allows it (`[input] vt_switching`),
    /// and a seat switches sessions or a held console negotiates switches. Otherwise those
    /// keys are ordinary keys.
    public var switchesVTs: Bool {
        libInput?.vtSwitchHandler != nil && (seat != nil || console?.isNegotiatingSwitches == true)
    }

    private let logger: Logger
    /// The application attached, whose touches a VT switch cancels.
    private weak var application: Application?

    /// Starts the backends `profile` asks for. `notifier` is systemd's (default: from the
    /// environment; nil when not a notify service). Throws `BoardPlatformError` (DRM, input,
    /// accelerometer or run-loop errors, each with its remedy), having released whatever it
    /// had started.
    public init(profile: BoardProfile, notifier: SystemdNotifier? = SystemdNotifier.fromEnvironment(),
                logger: Logger = Logger(label: "vitrine.board")) throws(BoardPlatformError) {
        self.profile = profile
        self.notifier = notifier
        self.logger = logger
        self.screenScale = profile.display.scale
        let display = profile.display
        switch display.backend {
        case .virtual:
            let headless = HeadlessPlatform(mode: display.virtualMode, scale: display.scale,
                                            touchCapacity: profile.touch.capacity, bufferCount: display.buffers,
                                            rotation: display.rotation, pixelFormat: display.pixelFormat)
            backend = .headless(headless)
            libInput = nil
            accelerometer = nil
            touchCapacity = profile.touch.capacity
            backlight = profile.power.backlight == .none ? nil : VirtualBacklight(clock: headless.manualRunLoop.clock)
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
                                           screenScale: display.scale, clock: drm.epollRunLoop.clock, opener: opener,
                                           logger: logger)
            } catch {
                releaseAll()
                throw .input(error, profile: profile.name)
            }
            let capacity = Self.touchCapacity(profile: profile.touch.capacity, reported: input.maximumTouchCount)
            input.touchPoolCapacity = capacity
            do {
                accelerometer = try Self.accelerometer(profile.accelerometer, runLoop: drm.epollRunLoop, logger: logger)
            } catch {
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
    public var runLoop: any RunLoop {
        switch backend {
        case .headless(let headless): headless.runLoop
        case .drm(let drm): drm.runLoop
        }
    }

    /// The virtual or DRM display.
    public var display: (any Display)? {
        switch backend {
        case .headless(let headless): headless.display
        case .drm(let drm): drm.display
        }
    }

    /// The scripted input headless; libinput and the accelerometer on DRM. The accelerometer is
    /// an `OnDemandInputSource`: the application starts it only while shake detection or
    /// auto-rotation is on.
    public var inputSources: [any InputSource] {
        switch backend {
        case .headless(let headless): return headless.inputSources
        case .drm:
            var sources: [any InputSource] = []
            if let libInput { sources.append(libInput) }
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
    /// its making: watchdog, VT switching (the console back to `VT_AUTO`), accelerometer,
    /// input (its devices handed back to the seat), display (restored as found) and loop, the
    /// seat (closed) or the console. Idempotent.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        watchdog?.stop()
        watchdog = nil
        if let notifier {
            do { try notifier.stopping() } catch { logger.warning("\(error)") }
        }
        libInput?.vtSwitchHandler = nil
        console?.stopNegotiatingSwitches()
        // No pause or resume while shutting down: the seat is closed last.
        seat?.paused = nil
        seat?.resumed = nil
        accelerometer?.stop()
        libInput?.suspend()
        seat?.stopWatching()
        switch backend {
        case .headless(let headless): headless.shutdown()
        case .drm(let drm): drm.shutdown()
        }
        seat?.close()
        console?.restore()
        console = nil
    }

    // MARK: The application

    /// Applies the profile's runtime policies to `application` (made on this platform): the
    /// backlight and the idle policy of `[power]`, the lid policy, shake detection and auto-rotation with their tuning (they start the
    /// accelerometer, which is read only while one of them is on), and arranges READY=1 for
    /// systemd when the first frame is on the screen. `Application(platform:)` calls it, once,
    /// before the app runs; the app may change any of these afterwards
    /// (`applicationDidFinishLaunching` comes later). An application made later on the same
    /// platform takes the platform over (VT switches then pause and resume that one).
    public func configure(_ application: Application) {
        self.application = application
        application.backlight = backlight
        application.idlePolicy = profile.power.idlePolicy
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
            accelerometer.deviceLostHandler = { [weak accelerometer, weak application, logger] error in
                logger.error("\(error); shakes and auto-rotation stop until the app restarts")
                guard let accelerometer else { return }
                application?.runLoop.removeInputSource(accelerometer)
                accelerometer.stop()
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
    }

    /// One line for logs and systemd's STATUS=: the board, the mode and the connector (and the
    /// seat, when devices are opened through one).
    public var statusLine: String {
        switch backend {
        case .headless(let headless):
            return "board \(profile.name): virtual display \(headless.virtualDisplay.mode), scale \(screenScale)"
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
        watchdog = SystemdWatchdog(notifier: notifier, timeout: timeout, runLoop: runLoop, logger: logger)
    }

    // MARK: From the profile to the backends' configurations

    /// The touch pool's capacity: the profile's, raised to the most fingers a touchscreen
    /// reports, at most 64 (a `TouchPool` holds one bit per touch in a 64-bit mask).
    public static func touchCapacity(profile: Int, reported: Int) -> Int {
        min(64, max(profile, reported))
    }

    /// The DRM node to open: `[display] device`, else the card sysfs shows with the profile's
    /// connector, else nil (the first card with a display connected).
    public static func devicePath(for display: BoardProfile.Display,
                                  connectors: BoardConnectors = BoardConnectors(),
                                  drmDirectory: String = "/dev/dri") -> String? {
        if let device = display.device { return device }
        guard let connector = display.connector else { return nil }
        return connectors.devicePath(forConnector: connector, drmDirectory: drmDirectory)
    }

    /// libinput's configuration from `[input]` and `[touch]`. On the seat, starting with no
    /// device is allowed (one may be plugged in later); explicit device paths must open.
    public static func inputConfiguration(_ profile: BoardProfile) -> InputConfiguration {
        let input = profile.input
        let calibration = profile.touch.calibration
        return InputConfiguration(
            devices: input.devices.isEmpty ? .seat(input.seat) : .paths(input.devices),
            calibration: CalibrationMatrix(a: calibration[0], b: calibration[1], c: calibration[2],
                                           d: calibration[3], e: calibration[4], f: calibration[5]),
            keymap: input.keymap,
            allowsVTSwitching: input.allowsVTSwitching, pointerDrivesTouch: input.pointerDrivesTouch,
            allowsNoDevices: input.devices.isEmpty)
    }

    /// The accelerometer's configuration from `[accelerometer]`, or nil for `device = "none"`.
    public static func accelerometerConfiguration(
        _ accelerometer: BoardProfile.Accelerometer) throws(AccelerometerError) -> AccelerometerConfiguration? {
        let device: AccelerometerDevice?
        switch accelerometer.device {
        case .none: return nil
        case .automatic: device = nil
        case .path(let path): device = AccelerometerDevice(path: path)
        }
        let matrix = try accelerometer.mountMatrix.map { values throws(AccelerometerError) in try MountMatrix(rowMajor: values) }
        return AccelerometerConfiguration(device: device, mountMatrix: matrix, unitsPerG: accelerometer.unitsPerG)
    }

    private static func accelerometer(_ settings: BoardProfile.Accelerometer, runLoop: any RunLoop,
                                      logger: Logger) throws(AccelerometerError) -> AccelerometerSource? {
        guard let configuration = try accelerometerConfiguration(settings) else { return nil }
        try configuration.validate()
        return AccelerometerSource(configuration: configuration, runLoop: runLoop, logger: logger)
    }

    /// The backlight `choice` names, for connector `connector` of DRM card `card` (`card0`):
    /// nil for `"none"`; `"auto"` picks with `BacklightDirectory.automatic` (none found is an
    /// info line: an HDMI screen has no backlight). A backlight that cannot be opened is logged
    /// as an error with its remedy and gives nil: the app runs on and brightness does nothing.
    static func openBacklight(_ choice: BoardProfile.BacklightChoice, card: String?, connector: String?,
                              directory: BacklightDirectory = BacklightDirectory(), profileName: String,
                              logger: Logger) -> SysfsBacklight? {
        let name: String
        switch choice {
        case .none:
            return nil
        case .named(let named):
            name = named
        case .automatic:
            switch directory.automatic(card: card, connector: connector) {
            case .none(let reason):
                logger.info("board \(profileName): no backlight ([power] backlight = \"auto\": \(reason)); Screen.brightness does nothing")
                return nil
            case .backlight(let chosen, let reason):
                logger.info("board \(profileName): backlight \(chosen) (\(reason))")
                name = chosen
            }
        }
        do {
            return try SysfsBacklight(name: name, directory: directory.path, logger: logger)
        } catch {
            logger.error("board \(profileName): \(error)")
            return nil
        }
    }

    /// Takes over the console `choice` names; a failure is logged (the app runs on without
    /// console control) and gives nil.
    private static func takeOverConsole(_ choice: BoardProfile.DeviceChoice, logger: Logger) -> VirtualTerminal? {
        do {
            switch choice {
            case .none: return nil
            case .automatic: return try VirtualTerminal.takeOverConsole()
            case .path(let path): return try VirtualTerminal(path: path)
            }
        } catch {
            logger.warning("console not taken over: \(error)")
            return nil
        }
    }
}

// MARK: VT switching

/// What a VT switch pauses and resumes of the display: `DRMDisplay`, or a stand-in in tests.
@MainActor
protocol VTSwitchDisplay: AnyObject {
    /// Stops presenting and (with `droppingMaster`) drops DRM master.
    func pause(droppingMaster: Bool)
    /// Takes master back (with `takingMaster`), modesets and asks for a full repaint.
    func resume(takingMaster: Bool) throws(DRMError)
}

extension DRMDisplay: VTSwitchDisplay {}

/// What a VT switch pauses and resumes of input, and where Ctrl+Alt+Fn arrive:
/// `LibInputSource`, or a stand-in in tests.
@MainActor
protocol VTSwitchInput: AnyObject {
    /// Called with `n` for Ctrl+Alt+F`n`; nil leaves those keys ordinary keys.
    var vtSwitchHandler: (@MainActor (Int) -> Void)? { get set }
    /// Releases every device (their touches are cancelled).
    func suspend()
    /// Opens the devices again.
    func resume() throws(InputError)
}

extension LibInputSource: VTSwitchInput {}

extension BoardPlatform {
    /// Wires the seat's pause and resume (with a seat), or turns VT switching on when the
    /// profile allows it and a console is held (DRM boards).
    private func startVTSwitching() {
        guard case .drm(let drm) = backend, let libInput else { return }
        if let seat {
            Self.startSeatSession(profile: profile, session: seat, display: drm.drmDisplay, input: libInput,
                                  resignActive: { [weak self] in self?.application?.resignActive(reason: .seatDisabled) },
                                  becomeActive: { [weak self] in self?.application?.becomeActive(reason: .seatDisabled) },
                                  logger: logger)
            return
        }
        Self.startVTSwitching(profile: profile, console: console, runLoop: drm.epollRunLoop, display: drm.drmDisplay,
                              input: libInput,
                              resignActive: { [weak self] in self?.application?.resignActive(reason: .consoleSwitchedAway) },
                              becomeActive: { [weak self] in self?.application?.becomeActive(reason: .consoleSwitchedAway) },
                              logger: logger)
    }

    /// Wires a VT switch through the board's parts and starts negotiating switches on
    /// `console` (reading its switch signal from `signals`, default a signalfd for
    /// `VirtualTerminal.defaultSwitchSignal`, on `runLoop`) — when `profile` allows VT switching
    /// (`[input] vt_switching = true`) and a console is held:
    ///
    /// - switching away (`sessionPaused`): `resignActive` (the application's
    ///   `resignActive(reason: .consoleSwitchedAway)`: every view hears `touchesCancelled`, the
    ///   first responder `pressesCancelled`, the delegate `applicationWillResignActive`), `display.pause(droppingMaster: true)` (so the
    ///   other console can modeset), `input.suspend()` (devices released); then the console
    ///   lets the kernel switch;
    /// - coming back (`sessionResumed`, after the console acknowledged it):
    ///   `display.resume(takingMaster: true)` (which asks the application for a full repaint),
    ///   then `input.resume()`, then `becomeActive` (`applicationDidBecomeActive`);
    /// - Ctrl+Alt+F`n` (`input.vtSwitchHandler`): `console.activate(vt: n)`.
    ///
    /// Locked down (the default) it touches nothing: the handler stays nil, so Ctrl+Alt+Fn reach
    /// the app as ordinary keys, and the console stays in `VT_AUTO`. Every failure is logged with
    /// its remedy; when negotiation cannot start the handler is not set either. Returns whether
    /// switching is on.
    @discardableResult
    static func startVTSwitching(profile: BoardProfile, console: VirtualTerminal?, runLoop: any RunLoop,
                                 display: any VTSwitchDisplay, input: any VTSwitchInput,
                                 resignActive: @escaping @MainActor () -> Void,
                                 becomeActive: @escaping @MainActor () -> Void,
                                 signals: (any VTSignalReading)? = nil, logger: Logger) -> Bool {
        guard profile.input.allowsVTSwitching else {
            signals?.close()
            return false
        }
        guard let console else {
            signals?.close()
            logger.warning("""
                board \(profile.name) allows VT switching ([input] vt_switching = true) but no console is held \
                ([system] console): Ctrl+Alt+F1…F12 stay ordinary keys — run the app on a virtual console as root
                """)
            return false
        }
        let path = console.path
        console.sessionPaused = { [weak display, weak input, logger] in
            logger.notice("\(path): switching to another console: display paused, input released")
            resignActive()
            display?.pause(droppingMaster: true)
            input?.suspend()
        }
        console.sessionResumed = { [weak display, weak input, logger] in
            logger.notice("\(path): shown again: display and input resumed")
            do {
                try display?.resume(takingMaster: true)
            } catch {
                logger.error("""
                    \(error); the screen stays as the other console left it — stop the program holding DRM master, \
                    or switch away and back
                    """)
            }
            do {
                try input?.resume()
            } catch {
                logger.error("\(error); touches and keys stay off until the next switch back to this console")
            }
            becomeActive()
        }
        console.negotiationFailed = { [logger] error in logger.error("VT switching: \(error)") }
        do {
            if let signals {
                try console.negotiateSwitches(on: runLoop, reading: signals)
            } else {
                try console.negotiateSwitches(on: runLoop)
            }
        } catch {
            logger.error("board \(profile.name) allows VT switching but it cannot start: \(error); Ctrl+Alt+F1…F12 stay ordinary keys")
            console.sessionPaused = nil
            console.sessionResumed = nil
            return false
        }
        input.vtSwitchHandler = { [weak console, logger] number in
            guard let console else { return }
            do {
                try console.activate(vt: number)
            } catch {
                logger.error("Ctrl+Alt+F\(number): \(error)")
            }
        }
        return true
    }
}

extension BoardPlatform {
    /// Runs an app on this board, as its `main`: makes every log line journal-ready
    /// (`SystemdLogHandler`, unless `bootstrapsLogging` is false because the app did it),
    /// chooses the profile (`--board NAME|PATH`, `VITRINE_BOARD`, the device-tree model, …:
    /// see `BoardSelector`), starts the backends, runs the application with `delegate` until it
    /// terminates (SIGTERM, SIGINT), and shuts everything down.
    ///
    /// Returns the process's exit status: 0, or the `BoardPlatformError.exitStatus` of what
    /// stopped it from starting (after writing the error to the log).
    public static func main(delegate: any ApplicationDelegate, selector: BoardSelector = BoardSelector(),
                            bootstrapsLogging: Bool = true) -> Int32 {
        if bootstrapsLogging { SystemdLogHandler.bootstrap() }
        let logger = Logger(label: "vitrine.board")
        let platform: BoardPlatform
        do {
            let selection: BoardSelector.Selection
            do {
                selection = try selector.select()
            } catch {
                throw BoardPlatformError.profile(error)
            }
            logger.info("board \(selection.profile.name) (\(selection.profile.path ?? "built in")): \(selection.reason)")
            platform = try BoardPlatform(profile: selection.profile, logger: logger)
        } catch let error as BoardPlatformError {
            logger.critical("\(error)")
            return error.exitStatus
        } catch {
            logger.critical("\(error)")
            return 1
        }
        logger.info("\(platform.statusLine)")
        Application.main(platform: platform, delegate: delegate)
        return 0
    }
}

// MARK: The session

extension BoardPlatform {
    /// The seat `profile`'s `[system] session` asks for: nil for `"direct"`; for `"seat"` the one
    /// `open` gives (libseat choosing its backend), or `.session` saying why there is none; for
    /// `"auto"`, when `reachable` finds seatd or a logind session, a seat on that one (a failure
    /// is logged and devices are opened directly), else nil.
    static func openSeat(for profile: BoardProfile, reachable: () -> SeatManager? = { SeatManager.reachable() },
                         open: (String?) throws(SeatError) -> SeatSession = { backend throws(SeatError) in
                             try SeatSession(libseatBackend: backend)
                         },
                         logger: Logger) throws(BoardPlatformError) -> SeatSession? {
        switch profile.system.session {
        case .direct:
            return nil
        case .seat:
            do {
                let session = try open(nil)
                logger.info("board \(profile.name): devices opened through \(session.seatName) ([system] session = \"seat\")")
                return session
            } catch {
                throw .session(error, profile: profile.name)
            }
        case .automatic:
            guard let manager = reachable() else {
                logger.info("board \(profile.name): no seatd and no logind session: devices are opened directly")
                return nil
            }
            do {
                let session = try open(manager.libseatBackend)
                logger.info("board \(profile.name): devices opened through \(session.seatName) (\(manager))")
                return session
            } catch {
                logger.warning("""
                    board \(profile.name): \(manager) is reachable but \(error); opening devices directly \
                    (set [system] session = "seat" to make this an error, or "direct" to skip the seat)
                    """)
                return nil
            }
        }
    }

    /// The loop and the DRM display with the card opened by `opener` (through `seat`, when there
    /// is one, or directly): `[display] device`, else the card with the profile's connector, else
    /// the first card with a display connected; the seat's connection watched by the loop. Throws
    /// `BoardPlatformError` (`.session` when the seat would not open the card, `.display`,
    /// `.runLoop`), having released what it made (not the seat).
    static func drmPlatform(display: BoardProfile.Display, touchCapacity: Int, opener: any DeviceOpener,
                            seat: SeatSession?, profileName: String, logger: Logger) throws(BoardPlatformError) -> DRMPlatform {
        let loop: EpollRunLoop
        do { loop = try EpollRunLoop(logger: logger) } catch { throw .runLoop(error) }
        let device: LibDRMDevice
        do {
            if let path = devicePath(for: display) {
                device = try LibDRMDevice.open(path: path, through: opener)
            } else {
                device = try LibDRMDevice.openFirstConnected(through: opener)
            }
        } catch let error as SeatError {
            loop.close()
            throw .session(error, profile: profileName)
        } catch let error as DRMError {
            loop.close()
            throw .display(error, profile: profileName)
        } catch {
            loop.close()
            throw .display(.systemCall(path: "/dev/dri", operation: "opening", errno: .ioError), profile: profileName)
        }
        let drmDisplay: DRMDisplay
        do {
            drmDisplay = try DRMDisplay.open(device: device, configuration: display.drm, runLoop: loop,
                                             logger: logger)
        } catch {
            loop.close()
            throw .display(error, profile: profileName)
        }
        seat?.watch(on: loop)
        return DRMPlatform(runLoop: loop, display: drmDisplay, screenScale: display.scale, touchCapacity: touchCapacity)
    }

    /// Wires the seat's pause and resume through the board's parts, and Ctrl+Alt+Fn to the seat
    /// when `profile` allows VT switching:
    ///
    /// - seat disabled (`session.paused`, before the disable is acknowledged): `resignActive`
    ///   (the application's `resignActive(reason: .seatDisabled)`: touches and held keys
    ///   cancelled, the delegate told), `display.pause(droppingMaster: false)` (the seat manager drops master
    ///   itself), `input.suspend()` (devices handed back: the seat revokes them);
    /// - seat enabled again (`session.resumed`): `display.resume(takingMaster: false)` (full
    ///   repaint), then `input.resume()` (devices reopened through the seat), then `becomeActive`;
    /// - Ctrl+Alt+F`n` (`input.vtSwitchHandler`, only with `[input] vt_switching = true`):
    ///   `session.switchSession(n)`. Locked down they stay ordinary keys.
    ///
    /// Failures are logged with their remedies. Returns whether Ctrl+Alt+Fn switch sessions.
    @discardableResult
    static func startSeatSession(profile: BoardProfile, session: SeatSession, display: any VTSwitchDisplay,
                                 input: any VTSwitchInput, resignActive: @escaping @MainActor () -> Void,
                                 becomeActive: @escaping @MainActor () -> Void, logger: Logger) -> Bool {
        let name = session.seatName
        session.paused = { [weak display, weak input, logger] in
            logger.notice("\(name) disabled (switched away): display paused, input released")
            resignActive()
            display?.pause(droppingMaster: false)
            input?.suspend()
        }
        session.resumed = { [weak display, weak input, logger] in
            logger.notice("\(name) enabled again: display and input resumed")
            do {
                try display?.resume(takingMaster: false)
            } catch {
                logger.error("\(error); the screen stays as the other session left it — switch away and back")
            }
            do {
                try input?.resume()
            } catch {
                logger.error("\(error); touches and keys stay off until the seat is enabled again")
            }
            becomeActive()
        }
        session.failed = { [logger] error in logger.error("\(name): \(error)") }
        guard profile.input.allowsVTSwitching else { return false }
        input.vtSwitchHandler = { [weak session, logger] number in
            guard let session else { return }
            do {
                try session.switchSession(number)
            } catch {
                logger.error("Ctrl+Alt+F\(number): \(error)")
            }
        }
        return true
    }
}
