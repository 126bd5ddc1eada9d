import CVitrineShims
import Glibc
import SystemPackage
import Testing
import Vitrine
@testable import VitrineLinux

/// The console takeover and VT switch negotiation, on a stand-in console that behaves as the
/// kernel's VT code does (there is no console to switch on a build machine).
@MainActor
@Suite
struct VirtualTerminalSwitchingTests {
    let journal = VTJournal()
    let console: FakeVTConsole
    let signals = FakeVTSignals(signal: 40)
    let loop = FakeMainLoop()

    init() {
        console = FakeVTConsole(journal: journal)
        console.signals = signals
    }

    /// A terminal taken over on the stand-in, negotiating switches, its callbacks journalled.
    private func negotiatingTerminal() throws -> VirtualTerminal {
        let terminal = try VirtualTerminal(device: console)
        terminal.sessionPaused = { [journal] in journal.record("paused") }
        terminal.sessionResumed = { [journal] in journal.record("resumed") }
        terminal.negotiationFailed = { [journal] error in journal.record("failed: \(error)") }
        try terminal.negotiateSwitches(on: loop, reading: signals)
        journal.clear()
        return terminal
    }

    @Test func takingOverSetsGraphicsModeAndTurnsTheKeyboardOff() throws {
        let terminal = try VirtualTerminal(device: console)
        #expect(journal.entries == ["KDGETMODE", "KDGKBMODE", "KDSETMODE \(VITRINE_KD_GRAPHICS)", "KDSKBMODE \(VITRINE_K_OFF)"])
        #expect(terminal.previousMode == VITRINE_KD_TEXT)
        #expect(terminal.previousKeyboardMode == 3)
        #expect(terminal.number == 1)
        #expect(!terminal.isNegotiatingSwitches)
        #expect(terminal.isSessionActive)
        terminal.restore()
    }

    @Test func negotiationSetsProcessModeWithOneSignalForBothDirections() throws {
        let terminal = try VirtualTerminal(device: console)
        journal.clear()
        try terminal.negotiateSwitches(on: loop, reading: signals)
        #expect(journal.entries == ["VT_SETMODE VT_PROCESS 40/40"])
        #expect(console.switchMode == .process(releaseSignal: 40, acquireSignal: 40))
        #expect(terminal.isNegotiatingSwitches)
        #expect(loop.watches.count == 1)
        // Asking again changes nothing.
        try terminal.negotiateSwitches(on: loop, reading: FakeVTSignals())
        #expect(loop.watches.count == 1)
        terminal.restore()
    }

    @Test func theDefaultSignalIsTheFirstRealTimeSignal() {
        #expect(VirtualTerminal.defaultSwitchSignal == vitrine_sigrtmin())
        #expect(VirtualTerminal.defaultSwitchSignal > SIGUSR2)
    }

    @Test func aSwitchAwayPausesTheSessionBeforeLettingTheKernelSwitch() throws {
        let terminal = try negotiatingTerminal()
        try terminal.activate(vt: 2)
        #expect(journal.entries == ["VT_ACTIVATE 2"])
        // Nothing happens inside activate: the signal is handled on the loop.
        #expect(terminal.isSessionActive)
        #expect(console.foreground == 1)
        loop.runTurn()
        #expect(journal.entries == ["VT_ACTIVATE 2", "paused", "VT_RELDISP 1"])
        #expect(!terminal.isSessionActive)
        #expect(console.foreground == 2)
        terminal.restore()
    }

    @Test func comingBackAcknowledgesTheAcquireThenResumes() throws {
        let terminal = try negotiatingTerminal()
        console.requestSwitch(to: 3)
        loop.runTurn()
        journal.clear()
        console.requestSwitch(to: 1)
        #expect(journal.entries.isEmpty)
        loop.runTurn()
        #expect(journal.entries == ["VT_RELDISP VT_ACKACQ", "resumed"])
        #expect(terminal.isSessionActive)
        #expect(console.foreground == 1)
        terminal.restore()
    }

    @Test func switchingBackAndAwayAgainBeforeTheLoopRunsEndsPaused() throws {
        let terminal = try negotiatingTerminal()
        console.requestSwitch(to: 2)
        loop.runTurn()
        journal.clear()
        // Shown again, and at once asked to switch away: both signals wait for one turn.
        console.requestSwitch(to: 1)
        console.requestSwitch(to: 4)
        #expect(signals.pending == 2)
        loop.runTurn()
        // The acknowledgement lets the waiting switch happen (the session was paused all along);
        // the session never resumes on a console that is not in front.
        #expect(!journal.entries.contains("resumed"))
        #expect(!terminal.isSessionActive)
        #expect(console.foreground == 4)
        #expect(console.waitingSwitch == nil)
        // And coming back later still works.
        journal.clear()
        console.requestSwitch(to: 1)
        loop.runTurn()
        #expect(journal.entries == ["VT_RELDISP VT_ACKACQ", "resumed"])
        #expect(terminal.isSessionActive)
        terminal.restore()
    }

    @Test func aStraySignalWhileActiveResumesTheSessionAtOnce() throws {
        let terminal = try negotiatingTerminal()
        signals.send()
        loop.runTurn()
        let failure = VirtualTerminalError.ioctlFailed(path: "/dev/tty1", request: "VT_RELDISP 1", errno: .invalidArgument)
        #expect(journal.entries == ["paused", "VT_RELDISP 1", "failed: \(failure)", "resumed"])
        #expect(terminal.isSessionActive)
        #expect(failure.description.contains("no switch waiting"))
        terminal.restore()
    }

    @Test func startingInTheBackgroundStartsPausedAndResumesWhenShown() throws {
        console.foreground = 5
        let terminal = try VirtualTerminal(device: console)
        terminal.sessionPaused = { [journal] in journal.record("paused") }
        terminal.sessionResumed = { [journal] in journal.record("resumed") }
        journal.clear()
        try terminal.negotiateSwitches(on: loop, reading: signals)
        #expect(journal.entries == ["VT_SETMODE VT_PROCESS 40/40", "paused"])
        #expect(!terminal.isSessionActive)
        console.requestSwitch(to: 1)
        loop.runTurn()
        #expect(journal.entries.suffix(2) == ["VT_RELDISP VT_ACKACQ", "resumed"])
        #expect(terminal.isSessionActive)
        terminal.restore()
    }

    @Test func activateAsksForTheConsoleByNumberAndNeverWaits() throws {
        let terminal = try negotiatingTerminal()
        for number in [12, 63, 1] {
            try terminal.activate(vt: number)
        }
        #expect(journal.entries == ["VT_ACTIVATE 12", "VT_ACTIVATE 63", "VT_ACTIVATE 1"])
        #expect(!journal.entries.contains { $0.hasPrefix("VT_WAITACTIVE") })
        terminal.restore()
    }

    @Test(arguments: [0, 64, -1])
    func activatingAConsoleThatCannotExistIsRefused(number: Int) throws {
        let terminal = try negotiatingTerminal()
        #expect(throws: VirtualTerminalError.noSuchConsole(number: number)) { try terminal.activate(vt: number) }
        #expect(journal.entries.isEmpty)
        #expect(VirtualTerminalError.noSuchConsole(number: number).description.contains("1…63"))
        terminal.restore()
    }

    @Test func activatingWithoutNegotiationIsRefusedBecauseItWouldLeaveTheFrameBehind() throws {
        let terminal = try VirtualTerminal(device: console)
        journal.clear()
        #expect(throws: VirtualTerminalError.switchingNotNegotiated(path: "/dev/tty1")) { try terminal.activate(vt: 2) }
        #expect(journal.entries.isEmpty)
        #expect(VirtualTerminalError.switchingNotNegotiated(path: "/dev/tty1").description.contains("vt_switching = true"))
        terminal.restore()
    }

    @Test func restoreGoesBackToAutomaticSwitchingThenTheModesFound() throws {
        let terminal = try negotiatingTerminal()
        terminal.restore()
        #expect(journal.entries == ["VT_SETMODE VT_AUTO", "KDSKBMODE 3", "KDSETMODE \(VITRINE_KD_TEXT)", "close"])
        #expect(console.switchMode == .automatic)
        #expect(console.keyboardModeValue == 3)
        #expect(console.consoleModeValue == VITRINE_KD_TEXT)
        #expect(terminal.isRestored)
        #expect(!terminal.isNegotiatingSwitches)
        #expect(loop.watches.isEmpty)
        #expect(signals.isClosed)
        // Idempotent, and a switch afterwards is refused.
        terminal.restore()
        #expect(journal.entries.count == 4)
        #expect(throws: VirtualTerminalError.switchingNotNegotiated(path: "/dev/tty1")) { try terminal.activate(vt: 2) }
    }

    @Test func restoreWithoutNegotiationLeavesTheSwitchModeAlone() throws {
        let terminal = try VirtualTerminal(device: console)
        journal.clear()
        terminal.restore()
        #expect(journal.entries == ["KDSKBMODE 3", "KDSETMODE \(VITRINE_KD_TEXT)", "close"])
    }

    @Test func aSignalAfterStoppingIsIgnored() throws {
        let terminal = try negotiatingTerminal()
        terminal.stopNegotiatingSwitches()
        journal.clear()
        signals.send()
        loop.runTurn()
        #expect(journal.entries.isEmpty)
        #expect(terminal.isSessionActive)
        terminal.restore()
    }

    @Test func aRefusedSwitchModeIsAPermissionErrorWithARemedyAndLeavesNothingBehind() throws {
        let terminal = try VirtualTerminal(device: console)
        console.failing["VT_SETMODE"] = .notPermitted
        #expect(throws: VirtualTerminalError.permissionDenied(path: "/dev/tty1")) {
            try terminal.negotiateSwitches(on: loop, reading: signals)
        }
        #expect(VirtualTerminalError.permissionDenied(path: "/dev/tty1").description.contains("run as root"))
        #expect(!terminal.isNegotiatingSwitches)
        #expect(loop.watches.isEmpty)
        #expect(signals.isClosed)
        #expect(console.switchMode == .automatic)
        terminal.restore()
    }

    @Test func aFailingSwitchModeIsATypedErrorNamingTheRequestAndTheRemedy() throws {
        let terminal = try VirtualTerminal(device: console)
        console.failing["VT_SETMODE"] = .invalidArgument
        let expected = VirtualTerminalError.ioctlFailed(path: "/dev/tty1", request: "VT_SETMODE VT_PROCESS", errno: .invalidArgument)
        #expect(throws: expected) { try terminal.negotiateSwitches(on: loop, reading: signals) }
        #expect(expected.description.contains("/dev/tty1: VT_SETMODE VT_PROCESS failed"))
        #expect(expected.description.contains("vt_switching = false"))
        terminal.restore()
    }

    @Test func aFailingActivateIsATypedError() throws {
        let terminal = try negotiatingTerminal()
        console.failing["VT_ACTIVATE"] = .ioError
        #expect(throws: VirtualTerminalError.ioctlFailed(path: "/dev/tty1", request: "VT_ACTIVATE 2", errno: .ioError)) {
            try terminal.activate(vt: 2)
        }
        console.failing["VT_ACTIVATE"] = .noSuchAddressOrDevice
        #expect(throws: VirtualTerminalError.noSuchConsole(number: 2)) { try terminal.activate(vt: 2) }
        console.failing["VT_ACTIVATE"] = .notPermitted
        #expect(throws: VirtualTerminalError.permissionDenied(path: "/dev/tty1")) { try terminal.activate(vt: 2) }
        terminal.restore()
    }

    @Test func aFailingAcknowledgementIsReportedAndTheSessionStillResumes() throws {
        let terminal = try negotiatingTerminal()
        console.requestSwitch(to: 2)
        loop.runTurn()
        console.failing["VT_RELDISP VT_ACKACQ"] = .ioError
        journal.clear()
        console.requestSwitch(to: 1)
        loop.runTurn()
        let failure = VirtualTerminalError.ioctlFailed(path: "/dev/tty1", request: "VT_RELDISP VT_ACKACQ", errno: .ioError)
        #expect(journal.entries == ["VT_RELDISP VT_ACKACQ", "failed: \(failure)", "resumed"])
        #expect(terminal.isSessionActive)
        terminal.restore()
    }

    @Test func aConsoleThatIsNotOneIsRefusedAndClosed() {
        console.failing["KDGETMODE"] = Errno(rawValue: ENOTTY)
        #expect(throws: VirtualTerminalError.notAVirtualTerminal(path: "/dev/tty1")) {
            _ = try VirtualTerminal(device: console)
        }
        #expect(console.isClosed)
    }

    @Test func aKeyboardThatCannotBeTurnedOffPutsTheConsoleModeBack() {
        console.failing["KDSKBMODE"] = .notPermitted
        #expect(throws: VirtualTerminalError.permissionDenied(path: "/dev/tty1")) {
            _ = try VirtualTerminal(device: console)
        }
        #expect(console.consoleModeValue == VITRINE_KD_TEXT)
        #expect(console.isClosed)
    }

    @Test func signalErrorsNameTheSignalAndTheRemedy() {
        let busy = VirtualTerminalError.switchSignal(signal: vitrine_sigrtmin() + 2, operation: "installing the signal forwarder",
                                                     errno: .resourceBusy)
        #expect(busy.description.contains("SIGRTMIN+2"))
        #expect(busy.description.contains("only one console per process"))
        let uncatchable = VirtualTerminalError.switchSignal(signal: SIGKILL, operation: "choosing the signal", errno: .invalidArgument)
        #expect(uncatchable.description.contains("real-time signal"))
    }
}
