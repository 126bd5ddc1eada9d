import Glibc
import Logging
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineHeadless
import VitrineInput
import VitrineLinux

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
    func startVTSwitching() {
        guard case .drm(let drm) = backend, let libInput else { return }
        if let seat {
            Self.startSeatSession(profile: profile, session: seat, display: drm.drmDisplay, input: libInput,
                                  resignActive: { [weak self] in self?.application?.resignActive(reason: .seatDisabled) },
                                  becomeActive: { [weak self] in self?.application?.becomeActive(reason: .seatDisabled) },
                                  logger: logger)
            return
        }
        Self.startVTSwitching(profile: profile, console: console, mainLoop: drm.epollMainLoop, display: drm.drmDisplay,
                              input: libInput,
                              resignActive: { [weak self] in self?.application?.resignActive(reason: .consoleSwitchedAway) },
                              becomeActive: { [weak self] in self?.application?.becomeActive(reason: .consoleSwitchedAway) },
                              logger: logger)
    }

    /// Wires a VT switch through the board's parts and starts negotiating switches on
    /// `console` (reading its switch signal from `signals`, default a signalfd for
    /// `VirtualTerminal.defaultSwitchSignal`, on `mainLoop`) — when `profile` allows VT switching
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
    static func startVTSwitching(profile: BoardProfile, console: VirtualTerminal?, mainLoop: any MainLoop,
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
                try console.negotiateSwitches(on: mainLoop, reading: signals)
            } else {
                try console.negotiateSwitches(on: mainLoop)
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
    /// `.mainLoop`), having released what it made (not the seat).
    static func drmPlatform(display: BoardProfile.Display, touchCapacity: Int, opener: any DeviceOpener,
                            seat: SeatSession?, profileName: String, logger: Logger) throws(BoardPlatformError) -> DRMPlatform {
        let loop: EpollMainLoop
        do { loop = try EpollMainLoop(logger: logger) } catch { throw .mainLoop(error) }
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
            drmDisplay = try DRMDisplay.open(device: device, configuration: display.drm, mainLoop: loop,
                                             logger: logger)
        } catch {
            loop.close()
            throw .display(error, profile: profileName)
        }
        seat?.watch(on: loop)
        return DRMPlatform(mainLoop: loop, display: drmDisplay, screenScale: display.scale, touchCapacity: touchCapacity)
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
