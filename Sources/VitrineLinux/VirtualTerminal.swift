import CVitrineShims
import Glibc
import SystemPackage
import VitrineSeams

/// Why the console could not be taken over or switched, and what to do about it. None of them
/// is fatal: the app can run without console control (text and keystrokes may then leak onto
/// the screen) and without VT switching (Ctrl+Alt+Fn are then ordinary keys).
public enum VirtualTerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device is not a Linux virtual console (a pty over ssh, a serial line, /dev/null).
    case notAVirtualTerminal(path: String)
    /// The console exists but this user may not open or reconfigure it.
    case permissionDenied(path: String)
    /// The device could not be opened for another reason.
    case cannotOpen(path: String, errno: Errno)
    /// A console ioctl failed; `request` names it as the kernel does (`VT_SETMODE VT_PROCESS`).
    case ioctlFailed(path: String, request: String, errno: Errno)
    /// The console's switch signal cannot be received: `operation` (`signalfd`, installing the
    /// forwarder…) failed.
    case switchSignal(signal: Int32, operation: String, errno: Errno)
    /// A switch was asked for on a console that does not negotiate switches
    /// (`negotiateSwitches(on:)` was not called, failed, or the console was restored).
    case switchingNotNegotiated(path: String)
    /// There is no virtual console with this number (Linux has 1…63).
    case noSuchConsole(number: Int)

    /// What went wrong, with the remedy.
    public var description: String {
        switch self {
        case .notAVirtualTerminal(let path):
            "\(path) is not a Linux virtual console: start the app on one (systemd: TTYPath=/dev/tty1 with StandardInput=tty), or run it without console control"
        case .permissionDenied(let path):
            "\(path): permission denied — run as root (or with CAP_SYS_TTY_CONFIG), or start the app on that console so that it is its controlling terminal"
        case .cannotOpen(let path, let errno):
            "\(path) cannot be opened: \(errno) — check that the console exists (ls -l \(path)) or choose another with [system] console in the board profile"
        case .ioctlFailed(let path, let request, let errno):
            "\(path): \(request) failed: \(errno) — \(Self.remedy(forFailed: request, errno: errno))"
        case .switchSignal(let signal, let operation, let errno):
            "cannot receive \(Self.name(of: signal)) for VT switches: \(operation) failed: \(errno) — \(Self.remedy(forSignal: signal, errno: errno))"
        case .switchingNotNegotiated(let path):
            "\(path) does not negotiate VT switches, so switching away would leave this app's frame on the other console: call negotiateSwitches(on:) first (the board does when [input] vt_switching = true)"
        case .noSuchConsole(let number):
            "there is no virtual console \(number): Linux numbers them \(VirtualTerminal.consoleNumbers.lowerBound)…\(VirtualTerminal.consoleNumbers.upperBound)"
        }
    }

    private static func remedy(forFailed request: String, errno: Errno) -> String {
        if request.hasPrefix("VT_RELDISP") && errno == .invalidArgument {
            return "the kernel had no switch waiting for this answer (a stray switch signal sent by another program?); the app carries on"
        }
        if request.hasPrefix("VT_SETMODE") {
            return "the console refuses switch negotiation: run as root on the console itself, or set [input] vt_switching = false"
        }
        if request.hasPrefix("VT_ACTIVATE") {
            return "the switch did not happen; check that the console exists and that the app runs as root"
        }
        return "the console may be in use by another program (a display server, another kiosk): stop it, or run the app on another console"
    }

    /// "SIGRTMIN+2" for real-time signals, the conventional name otherwise.
    static func name(of signal: Int32) -> String {
        let first = vitrine_sigrtmin()
        if signal >= first && signal <= vitrine_sigrtmax() { return "SIGRTMIN+\(signal - first)" }
        return SignalHandling.name(of: signal)
    }

    private static func remedy(forSignal signal: Int32, errno: Errno) -> String {
        switch errno {
        case .resourceBusy:
            "another VirtualTerminal in this process negotiates switches already: only one console per process can"
        case .invalidArgument:
            "signal \(signal) cannot be caught: use a real-time signal (SIGRTMIN…SIGRTMAX)"
        case .tooManyOpenFiles, .tooManyOpenFilesInSystem:
            "too many open files: raise the limit (systemd: LimitNOFILE=)"
        default:
            "set [input] vt_switching = false to run without VT switching"
        }
    }
}

/// The Linux virtual console (VT) the app shows on, taken over for graphics: while held, the
/// kernel draws no console text over the app's frames (`KD_GRAPHICS`) and keystrokes no longer
/// reach the console and the shell behind it (`K_OFF`, which also stops Ctrl-C from becoming a
/// SIGINT, and the kernel from switching consoles on Ctrl+Alt+Fn). The modes found are
/// restored by `restore()`, or at deinit.
///
/// A kiosk started by systemd on tty1 as root is the target. Without console control (not a
/// VT, not root) the errors say so and the app can carry on.
///
/// **VT switching.** By default switches are not negotiated: the console stays in `VT_AUTO`,
/// the keyboard cannot switch it (`K_OFF`), and a `chvt` from elsewhere leaves the display with
/// this app — a locked-down kiosk. `negotiateSwitches(on:signal:)` does what a display server
/// without logind does (weston's direct launcher, libseat's builtin seat): `VT_SETMODE
/// VT_PROCESS`, after which the kernel asks before switching away and says when the console is
/// shown again, with a signal read on the run loop through a signalfd:
///
/// - switch away asked for (by `activate(vt:)`, `chvt`, …): `sessionPaused` runs (the app
///   stops touching the display and input: drops DRM master, releases input devices), then
///   `VT_RELDISP 1` lets the kernel switch;
/// - console shown again: `VT_RELDISP VT_ACKACQ`, then `sessionResumed` (take master back,
///   repaint everything, reopen input).
///
/// One **real-time** signal (`SIGRTMIN` by default) serves as both `relsig` and `acqsig`, as in
/// weston: real-time signals queue in the order sent and are never merged, whereas pending
/// SIGUSR1 and SIGUSR2 would be read lowest number first — a "shown again" followed at once by
/// a "switch away" could be read in the wrong order and acknowledge a switch the app had not
/// paused for. Since the kernel alternates the two, the session's state says which one a
/// signal is; the foreground console (`VT_GETSTATE`) is checked before resuming, so a stray
/// signal cannot take the display from the console in front. A real-time signal also leaves
/// SIGUSR1 and SIGUSR2 to the app.
@MainActor
public final class VirtualTerminal {
    /// The numbers Linux gives virtual consoles (`MAX_NR_CONSOLES` is 63).
    public nonisolated static let consoleNumbers = 1...63

    /// The signal `negotiateSwitches(on:)` asks the kernel to send: `SIGRTMIN`.
    public nonisolated static var defaultSwitchSignal: Int32 { vitrine_sigrtmin() }

    /// The device that was opened, for example `/dev/tty1`.
    public let path: String
    /// The console mode found (`KD_TEXT` normally), put back by `restore()`.
    public let previousMode: Int32
    /// The keyboard mode found (`K_UNICODE`, `K_XLATE`…), put back by `restore()`.
    public let previousKeyboardMode: Int32
    /// This console's number (1…63), when the device says (`TIOCGDEV`); also for `/dev/tty0`,
    /// the console in the foreground when it was opened.
    public let number: Int?
    /// Whether `restore()` has run.
    public private(set) var isRestored = false
    /// Whether switches are negotiated (`VT_PROCESS`) now.
    public var isNegotiatingSwitches: Bool { negotiation != nil }
    /// Whether the app has the screen: true unless a negotiated switch took the console to the
    /// background (after `sessionPaused`, until `sessionResumed`). Always true when switches
    /// are not negotiated.
    public private(set) var isSessionActive = true

    /// Runs on the run loop when the console is about to be switched away, before the kernel
    /// is told it may: stop presenting and drop DRM master, release input devices. The kernel
    /// waits for it to return.
    public var sessionPaused: (@MainActor () -> Void)?
    /// Runs on the run loop once the console is shown again and acknowledged: take DRM master
    /// back, repaint the whole screen, reopen input.
    public var sessionResumed: (@MainActor () -> Void)?
    /// Told about a negotiation step that failed while switching (the switch signal arrives
    /// outside any call, so it cannot throw): log it. The session is left consistent: a
    /// release the kernel refused resumes the session at once.
    public var negotiationFailed: (@MainActor (VirtualTerminalError) -> Void)?

    private let device: any VTDevice
    private var negotiation: Negotiation?

    private struct Negotiation {
        let reader: any VTSignalReading
        let watch: ReadinessWatch
    }

    /// Opens the console at `path` and takes it over: graphics mode, keyboard off.
    ///
    /// Throws `VirtualTerminalError.notAVirtualTerminal` when `path` is not a virtual console,
    /// `.permissionDenied` when the user may not open or configure it, and leaves the console
    /// as it was whenever it throws.
    public convenience init(path: String) throws(VirtualTerminalError) {
        try self.init(device: VTConsoleDevice(path: path))
    }

    /// Takes over the console behind `device` (the seam: tests pass a stand-in): graphics
    /// mode, keyboard off. The terminal owns `device` from here on and closes it in `restore()`,
    /// or at once when it throws (errors as `init(path:)`, with the console left as it was).
    package init(device: any VTDevice) throws(VirtualTerminalError) {
        let path = device.path
        self.path = path
        self.device = device
        do {
            // KDGETMODE succeeds on virtual consoles only: it is the test of being one.
            let mode: Int32
            do {
                mode = try device.consoleMode()
            } catch {
                if error == Errno(rawValue: ENOTTY) || error == .invalidArgument || error == Errno(rawValue: ENODEV) {
                    throw VirtualTerminalError.notAVirtualTerminal(path: path)
                }
                throw Self.error(path, "KDGETMODE", error)
            }
            let keyboardMode: Int32
            do { keyboardMode = try device.keyboardMode() } catch { throw Self.error(path, "KDGKBMODE", error) }
            do { try device.setConsoleMode(VITRINE_KD_GRAPHICS) } catch {
                throw Self.error(path, "KDSETMODE KD_GRAPHICS", error)
            }
            do { try device.setKeyboardMode(VITRINE_K_OFF) } catch {
                try? device.setConsoleMode(mode)
                throw Self.error(path, "KDSKBMODE K_OFF", error)
            }
            previousMode = mode
            previousKeyboardMode = keyboardMode
        } catch let error as VirtualTerminalError {
            device.close()
            throw error
        } catch {
            device.close()
            throw .cannotOpen(path: path, errno: .ioError)
        }
        number = (try? device.number()).flatMap { Self.consoleNumbers.contains($0) ? $0 : nil }
    }

    isolated deinit {
        restore()
    }

    /// Takes over the console the app was started on: standard input when it is a virtual
    /// console (`/proc/self/fd/0` is `/dev/ttyN`, as under systemd with `StandardInput=tty`),
    /// otherwise `/dev/tty0`, the console in the foreground (which needs root). The display is
    /// shown on the foreground console, so that is the one to silence.
    public static func takeOverConsole() throws(VirtualTerminalError) -> VirtualTerminal {
        if let standardInput = standardInputPath(), isVirtualConsolePath(standardInput) {
            return try VirtualTerminal(path: standardInput)
        }
        return try VirtualTerminal(path: "/dev/tty0")
    }

    /// Whether `path` names a virtual console device: `/dev/tty` followed by a number
    /// (`/dev/tty0` is the foreground one). Serial lines (`/dev/ttyS0`), ptys (`/dev/pts/3`) and
    /// the controlling-terminal alias `/dev/tty` are not.
    public nonisolated static func isVirtualConsolePath(_ path: String) -> Bool {
        let prefix = "/dev/tty"
        guard path.hasPrefix(prefix) else { return false }
        let number = path.dropFirst(prefix.count)
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
    }

    // MARK: Switching

    /// Negotiates switches from now on: receives `signal` (default `SIGRTMIN`, see the type's
    /// notes; choose another real-time signal if the app uses that one) through a signalfd
    /// watched by `mainLoop`, then sets `VT_SETMODE VT_PROCESS`. Call it on the loop's thread
    /// (the main thread), early, before other threads start. Set `sessionPaused` and
    /// `sessionResumed` first.
    ///
    /// When this console is not in the foreground at that moment, the session starts paused
    /// (`sessionPaused` runs now) and resumes when the console is shown. Does nothing when
    /// switches are negotiated already. Throws `.switchSignal` (the signal cannot be received),
    /// `.permissionDenied` or `.ioctlFailed` (`VT_SETMODE`), having left the console in
    /// `VT_AUTO` and the signal as it was.
    public func negotiateSwitches(on mainLoop: any MainLoop, signal: Int32 = defaultSwitchSignal) throws(VirtualTerminalError) {
        guard !isNegotiatingSwitches else { return }
        guard !isRestored else { throw .switchingNotNegotiated(path: path) }
        try negotiateSwitches(on: mainLoop, reading: VTSignalDescriptor(signal: signal))
    }

    /// `negotiateSwitches(on:signal:)` with the signal read from `signals` (the seam: tests
    /// pass a stand-in). The terminal owns `signals` from here on and closes it when it stops
    /// negotiating, or at once when it throws.
    package func negotiateSwitches(on mainLoop: any MainLoop, reading signals: any VTSignalReading) throws(VirtualTerminalError) {
        guard !isNegotiatingSwitches, !isRestored else {
            signals.close()
            if isRestored { throw .switchingNotNegotiated(path: path) }
            return
        }
        // The signal is watched before the kernel may send anything; each one read is handled
        // on the loop, in order.
        let watch: ReadinessWatch
        do {
            watch = try ReadinessWatch(descriptor: signals.fileDescriptor, mainLoop: mainLoop,
                                       install: { signals.readinessHandler = $0 },
                                       uninstall: { signals.readinessHandler = nil }) { [weak self, weak signals] in
                guard let signals else { return }
                while signals.nextSignal() { self?.switchSignalReceived() }
            }
        } catch {
            signals.close()
            throw .switchSignal(signal: signals.signal, operation: "watching the signal on the run loop",
                                errno: Errno(rawValue: error.errno))
        }
        let mode = VTSwitchMode.process(releaseSignal: signals.signal, acquireSignal: signals.signal)
        do {
            try device.setSwitchMode(mode)
        } catch {
            watch.cancel()
            signals.close()
            throw Self.error(path, "VT_SETMODE VT_PROCESS", error)
        }
        negotiation = Negotiation(reader: signals, watch: watch)
        if let number, let foreground = try? device.foregroundNumber(), foreground != number {
            isSessionActive = false
            sessionPaused?()
        } else {
            isSessionActive = true
        }
    }

    /// Stops negotiating: `VT_SETMODE VT_AUTO`, then stops watching and receiving the signal
    /// (the reverse of starting). A session paused at that moment stays paused: its console is
    /// in the background and will not say when it is shown again. Idempotent; `restore()` does
    /// it first.
    public func stopNegotiatingSwitches() {
        guard let negotiation else { return }
        self.negotiation = nil
        do {
            try device.setSwitchMode(.automatic)
        } catch {
            negotiationFailed?(Self.error(path, "VT_SETMODE VT_AUTO", error))
        }
        negotiation.watch.cancel()
        negotiation.reader.close()
    }

    /// Asks the kernel to show console `number` (`VT_ACTIVATE`; what Ctrl+Alt+F`number` does on
    /// an ordinary console). It returns at once: the switch itself arrives on the run loop as
    /// the release signal (`sessionPaused`, then `VT_RELDISP 1`), never by waiting here
    /// (`VT_WAITACTIVE` would block the loop that must answer). Switching to this console
    /// itself does nothing.
    ///
    /// Throws `.switchingNotNegotiated` unless switches are negotiated (a switch without
    /// negotiation would leave this app's frame and DRM master on the other console),
    /// `.noSuchConsole` for a number outside 1…63, `.permissionDenied` or `.ioctlFailed`.
    public func activate(vt number: Int) throws(VirtualTerminalError) {
        guard isNegotiatingSwitches else { throw .switchingNotNegotiated(path: path) }
        guard Self.consoleNumbers.contains(number) else { throw .noSuchConsole(number: number) }
        do {
            try device.activate(number)
        } catch {
            if error == .noSuchAddressOrDevice { throw .noSuchConsole(number: number) }
            throw Self.error(path, "VT_ACTIVATE \(number)", error)
        }
    }

    /// The run loop read the switch signal. The kernel alternates "switch away?" and "shown
    /// again", so the session's state says which this is.
    private func switchSignalReceived() {
        guard isNegotiatingSwitches else { return }
        if isSessionActive {
            sessionPaused?()
            do {
                try device.releaseDisplay(.allow)
                isSessionActive = false
            } catch {
                // No switch was waiting (a stray signal) or the answer failed: the console is
                // still in front, so the app takes the display back rather than stay dark.
                negotiationFailed?(Self.error(path, "VT_RELDISP 1", error))
                sessionResumed?()
            }
        } else {
            do {
                try device.releaseDisplay(.acknowledgeAcquire)
            } catch {
                negotiationFailed?(Self.error(path, "VT_RELDISP VT_ACKACQ", error))
            }
            // A console shown again is in front; when it is not, this signal was the switch
            // away that followed at once (the acknowledgement let it happen, the session being
            // paused already) or a stray one: stay paused.
            if let number, let foreground = try? device.foregroundNumber(), foreground != number { return }
            isSessionActive = true
            sessionResumed?()
        }
    }

    // MARK: Restoring

    /// Stops negotiating switches (`VT_AUTO`), puts the keyboard and console modes back as
    /// they were found (keyboard first: the reverse of taking them), and closes the console.
    /// Idempotent.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        stopNegotiatingSwitches()
        try? device.setKeyboardMode(previousKeyboardMode)
        try? device.setConsoleMode(previousMode)
        device.close()
    }

    /// The console's mode now (`KD_TEXT` 0 or `KD_GRAPHICS` 1), read from the console at `path`;
    /// nil when it is not a virtual console or cannot be opened. For tests and diagnostics.
    package nonisolated static func currentMode(ofConsoleAt path: String) -> Int32? {
        let raw = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY) }
        guard raw >= 0 else { return nil }
        defer { _ = Glibc.close(raw) }
        var mode: Int32 = 0
        guard case .success = retryingOnInterrupt({ vitrine_ioctl_ptr(raw, VITRINE_KDGETMODE, &mode) }) else { return nil }
        return mode
    }

    private nonisolated static func error(_ path: String, _ request: String, _ errno: Errno) -> VirtualTerminalError {
        if errno == .notPermitted || errno == .permissionDenied { return .permissionDenied(path: path) }
        return .ioctlFailed(path: path, request: request, errno: errno)
    }

    private nonisolated static func standardInputPath() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = readlink("/proc/self/fd/0", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
