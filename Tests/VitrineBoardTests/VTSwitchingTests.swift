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
import VitrineTestSupport
@testable import VitrineBoard

/// The board's VT-switch wiring (`BoardPlatform.startVTSwitching`), on stand-ins: a console
/// that behaves as the kernel's VT code, a display, and the real `LibInputSource` reading a
/// scripted keyboard. (The DRM board itself cannot start on a machine without a display.)
@MainActor
@Suite
struct VTSwitchingTests {
    private let journal = SwitchingJournal()
    private let loop = ManualMainLoop()
    private let signals = SwitchSignals()
    private let console: SwitchConsole
    private let display: SwitchingDisplay
    private let backend: SwitchingKeyboard
    private let logs = LogCapture()

    init() {
        console = SwitchConsole(journal: journal, signals: signals)
        display = SwitchingDisplay(journal: journal)
        backend = SwitchingKeyboard(journal: journal)
    }

    private func profile(allowsVTSwitching: Bool) -> BoardProfile {
        var profile = BoardProfile(name: "test-board")
        profile.input.allowsVTSwitching = allowsVTSwitching
        return profile
    }

    private func input(for profile: BoardProfile) throws -> LibInputSource {
        try LibInputSource(backend: backend, configuration: BoardPlatform.inputConfiguration(profile),
                           display: VirtualDisplay(mainLoop: loop), screenScale: 1, clock: loop.clock)
    }

    private var logger: Logger {
        logs.logger
    }

    /// Starts the wiring as the board does; the console and keyboard journal from here on.
    private func start(_ profile: BoardProfile, input: LibInputSource,
                       console: VirtualTerminal?) -> Bool {
        let started = BoardPlatform.startVTSwitching(
            profile: profile, console: console, mainLoop: loop, display: display, input: input,
            resignActive: { [journal] in journal.record("resigned active") },
            becomeActive: { [journal] in journal.record("became active") }, signals: signals, logger: logger)
        journal.clear()
        return started
    }

    /// Ctrl+Alt+F2 on the scripted keyboard, read by the source; the keys it delivered.
    private func pressCtrlAltF2(_ input: LibInputSource) -> [String] {
        backend.keys([(KEY_LEFTCTRL, true), (KEY_LEFTALT, true), (KEY_F2, true), (KEY_F2, false),
                      (KEY_LEFTALT, false), (KEY_LEFTCTRL, false)])
        var delivered: [String] = []
        input.dispatch { event in
            if case .key(let code, let state, _, _, _, _) = event { delivered.append("key \(code) \(state)") }
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
            profile: profile, console: terminal, mainLoop: loop, display: display, input: input,
            resignActive: { [journal] in journal.record("resigned active") },
            becomeActive: { [journal] in journal.record("became active") }, signals: signals, logger: logger)
        #expect(started)
        #expect(journal.entries == ["VT_SETMODE VT_PROCESS"])
        journal.clear()
        let delivered = pressCtrlAltF2(input)
        #expect(!delivered.contains { $0.hasPrefix("key \(KEY_F2)") })
        #expect(journal.entries == ["VT_ACTIVATE 2"])
        loop.runUntilIdle()
        #expect(journal.entries == ["VT_ACTIVATE 2", "resigned active", "display paused, dropping master",
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
        #expect(journal.entries == ["VT_RELDISP VT_ACKACQ", "display resumed, taking master", "input resumed", "became active"])
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
        #expect(journal.entries == ["VT_RELDISP VT_ACKACQ", "display resumed, taking master", "input resumed", "became active"])
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
    let journal: SwitchingJournal
    let signals: SwitchSignals
    var switchMode = VTSwitchMode.automatic
    var foreground = 1
    var waitingSwitch: Int?
    var failing: Errno?

    init(journal: SwitchingJournal, signals: SwitchSignals) {
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
