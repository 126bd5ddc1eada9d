import CEvdev
import Glibc
import Logging
import SystemPackage
import Testing
import Vitrine
import VitrineDRM
import VitrineHeadless
import VitrineInput
import VitrineLinux
@testable import VitrineBoard

/// The board's VT-switch wiring (`BoardPlatform.startVTSwitching`), on stand-ins: a console
/// that behaves as the kernel's VT code, a display, and the real `LibInputSource` reading a
/// scripted keyboard. (The DRM board itself cannot start on a machine without a display.)
@MainActor
@Suite
struct VTSwitchingTests {
    private let journal = SwitchJournal()
    private let loop = ManualRunLoop()
    private let signals = SwitchSignals()
    private let console: SwitchConsole
    private let display: SwitchDisplay
    private let backend: SwitchKeyboard
    private let logs = SwitchLogLines()

    init() {
        console = SwitchConsole(journal: journal, signals: signals)
        display = SwitchDisplay(journal: journal)
        backend = SwitchKeyboard(journal: journal)
    }

    private func profile(allowsVTSwitching: Bool) -> BoardProfile {
        var profile = BoardProfile(name: "test-board")
        profile.input.allowsVTSwitching = allowsVTSwitching
        return profile
    }

    private func input(for profile: BoardProfile) throws -> LibInputSource {
        try LibInputSource(backend: backend, configuration: BoardPlatform.inputConfiguration(profile),
                           display: VirtualDisplay(runLoop: loop), screenScale: 1, clock: loop.clock)
    }

    private var logger: Logger {
        Logger(label: "test") { [logs] _ in SwitchLogLines.Handler(lines: logs) }
    }

    /// Starts the wiring as the board does; the console and keyboard journal from here on.
    private func start(_ profile: BoardProfile, input: LibInputSource,
                       console: VirtualTerminal?) -> Bool {
        let started = BoardPlatform.startVTSwitching(
            profile: profile, console: console, runLoop: loop, display: display, input: input,
            cancelTouches: { [journal] in journal.record("touches cancelled") }, signals: signals, logger: logger)
        journal.clear()
        return started
    }

    /// Ctrl+Alt+F2 on the scripted keyboard, read by the source; the keys it delivered.
    private func pressCtrlAltF2(_ input: LibInputSource) -> [String] {
        backend.keys([(KEY_LEFTCTRL, true), (KEY_LEFTALT, true), (KEY_F2, true), (KEY_F2, false),
                      (KEY_LEFTALT, false), (KEY_LEFTCTRL, false)])
        var delivered: [String] = []
        input.dispatch { event in
            if case .key(let code, let state, _, _, _) = event { delivered.append("key \(code) \(state)") }
        }
        return delivered
    }

    @Test func lockedDownNothingIsWiredAndCtrlAltFnAreOrdinaryKeys() throws {
        let profile = profile(allowsVTSwitching: false)
        let input = try input(for: profile)
        let terminal = try VirtualTerminal(device: console)
        defer { terminal.restore() }
        #expect(!start(profile, input: input, console: terminal))
        #expect(input.vtSwitchHandler == nil)
        #expect(!terminal.isNegotiatingSwitches)
        #expect(console.switchMode == .automatic)
        let delivered = pressCtrlAltF2(input)
        #expect(delivered.contains("key \(KEY_F2) pressed"))
        #expect(delivered.contains("key \(KEY_F2) released"))
        loop.runUntilIdle()
        #expect(journal.entries.isEmpty)
    }

    @Test func allowedCtrlAltF2PausesTouchesDisplayAndInputThenLetsTheKernelSwitch() throws {
        let profile = profile(allowsVTSwitching: true)
        let input = try input(for: profile)
        let terminal = try VirtualTerminal(device: console)
        defer { terminal.restore() }
        journal.clear()
        let started = BoardPlatform.startVTSwitching(
            profile: profile, console: terminal, runLoop: loop, display: display, input: input,
            cancelTouches: { [journal] in journal.record("touches cancelled") }, signals: signals, logger: logger)
        #expect(started)
        #expect(journal.entries == ["VT_SETMODE VT_PROCESS"])
        journal.clear()
        let delivered = pressCtrlAltF2(input)
        #expect(!delivered.contains { $0.hasPrefix("key \(KEY_F2)") })
        #expect(journal.entries == ["VT_ACTIVATE 2"])
        loop.runUntilIdle()
        #expect(journal.entries == ["VT_ACTIVATE 2", "touches cancelled", "display paused, dropping master",
                                    "input suspended", "VT_RELDISP 1"])
        #expect(console.foreground == 2)
        #expect(!terminal.isSessionActive)
    }

    @Test func comingBackAcknowledgesThenTakesTheDisplayBackThenInput() throws {
        let profile = profile(allowsVTSwitching: true)
        let input = try input(for: profile)
        let terminal = try VirtualTerminal(device: console)
        defer { terminal.restore() }
        #expect(start(profile, input: input, console: terminal))
        console.requestSwitch(to: 3)
        loop.runUntilIdle()
        journal.clear()
        console.requestSwitch(to: 1)
        loop.runUntilIdle()
        #expect(journal.entries == ["VT_RELDISP VT_ACKACQ", "display resumed, taking master", "input resumed"])
        #expect(terminal.isSessionActive)
        #expect(logs.lines.contains { $0.contains("shown again") })
    }

    @Test func aDisplayThatCannotTakeMasterBackIsLoggedWithARemedyAndInputStillResumes() throws {
        let profile = profile(allowsVTSwitching: true)
        let input = try input(for: profile)
        let terminal = try VirtualTerminal(device: console)
        defer { terminal.restore() }
        #expect(start(profile, input: input, console: terminal))
        console.requestSwitch(to: 3)
        loop.runUntilIdle()
        display.resumeFailure = .takingMaster("/dev/dri/card0", errno: .resourceBusy)
        journal.clear()
        console.requestSwitch(to: 1)
        loop.runUntilIdle()
        #expect(journal.entries == ["VT_RELDISP VT_ACKACQ", "display resumed, taking master", "input resumed"])
        #expect(logs.lines.contains { $0.hasPrefix("error:") && $0.contains("stop the program holding DRM master") })
    }

    @Test func negotiationThatCannotStartIsLoggedAndLeavesTheKeysOrdinary() throws {
        let profile = profile(allowsVTSwitching: true)
        let input = try input(for: profile)
        let terminal = try VirtualTerminal(device: console)
        defer { terminal.restore() }
        console.failing = .notPermitted
        #expect(!start(profile, input: input, console: terminal))
        #expect(input.vtSwitchHandler == nil)
        #expect(!terminal.isNegotiatingSwitches)
        #expect(logs.lines.contains { $0.hasPrefix("error:") && $0.contains("run as root") && $0.contains("ordinary keys") })
        #expect(pressCtrlAltF2(input).contains("key \(KEY_F2) pressed"))
    }

    @Test func withoutAConsoleTheKeysStayOrdinaryAndTheLogSaysWhy() throws {
        let profile = profile(allowsVTSwitching: true)
        let input = try input(for: profile)
        #expect(!start(profile, input: input, console: nil))
        #expect(input.vtSwitchHandler == nil)
        #expect(signals.isClosed)
        #expect(logs.lines.contains { $0.hasPrefix("warning:") && $0.contains("no console is held") })
    }

    @Test func aFailedSwitchRequestIsLogged() throws {
        let profile = profile(allowsVTSwitching: true)
        let input = try input(for: profile)
        let terminal = try VirtualTerminal(device: console)
        defer { terminal.restore() }
        #expect(start(profile, input: input, console: terminal))
        console.failing = .ioError
        _ = pressCtrlAltF2(input)
        #expect(logs.lines.contains { $0.contains("Ctrl+Alt+F2") && $0.contains("VT_ACTIVATE 2 failed") })
        #expect(terminal.isSessionActive)
    }
}

// MARK: Stand-ins

/// Console requests, display and input calls in one ordered list.
@MainActor
private final class SwitchJournal {
    private(set) var entries: [String] = []
    func record(_ entry: String) { entries.append(entry) }
    func clear() { entries.removeAll() }
}

/// Log lines as "level: message".
private final class SwitchLogLines: @unchecked Sendable {
    private var stored: [String] = []
    private let lock = SwitchLogLock()
    var lines: [String] { lock.withLock { stored } }
    func append(_ line: String) { lock.withLock { stored.append(line) } }

    struct Handler: LogHandler {
        let lines: SwitchLogLines
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            lines.append("\(event.level): \(event.message)")
        }
    }
}

/// A pthread mutex, for the log lines (a log handler may be called from any thread).
private final class SwitchLogLock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}

/// The switch signal: `send()` is the kernel signalling the process.
@MainActor
private final class SwitchSignals: VTSignalReading {
    let signal: Int32 = 40
    var fileDescriptor: Int32? { nil }
    var readinessHandler: (@MainActor () -> Void)?
    private var pending = 0
    private(set) var isClosed = false

    func send() {
        guard !isClosed else { return }
        pending += 1
        readinessHandler?()
    }

    func nextSignal() -> Bool {
        guard !isClosed, pending > 0 else { return false }
        pending -= 1
        return true
    }

    func close() { isClosed = true }
}

/// Console 1, as the kernel's VT code treats it: in `VT_PROCESS` a switch away waits for
/// `VT_RELDISP`; being shown again is signalled. `failing` fails `VT_SETMODE` and `VT_ACTIVATE`.
@MainActor
private final class SwitchConsole: VTDevice {
    let path = "/dev/tty1"
    let journal: SwitchJournal
    let signals: SwitchSignals
    var switchMode = VTSwitchMode.automatic
    var foreground = 1
    var waitingSwitch: Int?
    var failing: Errno?

    init(journal: SwitchJournal, signals: SwitchSignals) {
        self.journal = journal
        self.signals = signals
    }

    func requestSwitch(to number: Int) {
        guard number != foreground else { return }
        let negotiated = switchMode != .automatic
        if foreground == 1 && negotiated {
            waitingSwitch = number
            signals.send()
        } else {
            foreground = number
            if number == 1 && negotiated { signals.send() }
        }
    }

    func consoleMode() throws(Errno) -> Int32 { 0 }
    func setConsoleMode(_ mode: Int32) throws(Errno) {}
    func keyboardMode() throws(Errno) -> Int32 { 3 }
    func setKeyboardMode(_ mode: Int32) throws(Errno) {}

    func setSwitchMode(_ mode: VTSwitchMode) throws(Errno) {
        journal.record(mode == .automatic ? "VT_SETMODE VT_AUTO" : "VT_SETMODE VT_PROCESS")
        if let failing { throw failing }
        switchMode = mode
        waitingSwitch = nil
    }

    func releaseDisplay(_ answer: VTReleaseAnswer) throws(Errno) {
        journal.record(answer == .acknowledgeAcquire ? "VT_RELDISP VT_ACKACQ" : answer == .allow ? "VT_RELDISP 1" : "VT_RELDISP 0")
        guard let waiting = waitingSwitch else {
            if answer != .acknowledgeAcquire { throw .invalidArgument }
            return
        }
        waitingSwitch = nil
        if answer != .refuse { foreground = waiting }
    }

    func activate(_ number: Int) throws(Errno) {
        journal.record("VT_ACTIVATE \(number)")
        if let failing { throw failing }
        requestSwitch(to: number)
    }

    func number() throws(Errno) -> Int { 1 }
    func foregroundNumber() throws(Errno) -> Int { foreground }
    func close() {}
}

/// The display's side of a switch.
@MainActor
private final class SwitchDisplay: VTSwitchDisplay {
    let journal: SwitchJournal
    var resumeFailure: DRMError?

    init(journal: SwitchJournal) { self.journal = journal }

    func pause(droppingMaster: Bool) {
        journal.record(droppingMaster ? "display paused, dropping master" : "display paused")
    }

    func resume(takingMaster: Bool) throws(DRMError) {
        journal.record(takingMaster ? "display resumed, taking master" : "display resumed")
        if let resumeFailure { throw resumeFailure }
    }
}

/// A scripted libinput with one keyboard (device 1); suspend and resume are journalled.
@MainActor
private final class SwitchKeyboard: LibInputBackend {
    /// Not a real descriptor: the tests dispatch the source themselves.
    let fileDescriptor: Int32 = 1_000
    let origin = "seat seat0"
    let openFailures: [InputDeviceOpenFailure] = []
    let journal: SwitchJournal
    private var queue: [RawInputEvent] = []
    private var time: UInt64 = 1_000_000
    private let device = RawDeviceHandle(1)

    init(journal: SwitchJournal) {
        self.journal = journal
        queue.append(.deviceAdded(RawDeviceInfo(handle: device, name: "keyboard", sysname: "event1",
                                                capabilities: .keyboard)))
    }

    /// Queues key presses and releases.
    func keys(_ keys: [(Int32, Bool)]) {
        for (code, pressed) in keys {
            time += 1_000
            queue.append(.key(device, code: Int(code), isPressed: pressed, seatKeyCount: pressed ? 1 : 0, time: time))
        }
    }

    func dispatch(panelWidth: Int, panelHeight: Int, _ body: (RawInputEvent) -> Void) throws(InputError) {
        let events = queue
        queue.removeAll()
        for event in events { body(event) }
    }

    func setCalibration(_ matrix: CalibrationMatrix, for device: RawDeviceHandle) -> Bool { false }
    func requestDispatch() {}

    func suspend() {
        journal.record("input suspended")
        queue.append(.deviceRemoved(device))
    }

    func resume() throws(InputError) {
        journal.record("input resumed")
        queue.append(.deviceAdded(RawDeviceInfo(handle: device, name: "keyboard", sysname: "event1", capabilities: .keyboard)))
    }
}
