import CVitrineShims
import Glibc
import SystemPackage
import Testing
import Vitrine
@testable import VitrineLinux

/// The switch signal on this machine's kernel: blocked, read from a signalfd on the epoll
/// loop, forwarded from other threads. Serialized: the forwarder is one per process, and the
/// mask belongs to the thread running the test.
///
/// The test runner's threads (libdispatch workers) block every signal already; each test
/// unblocks its signals first (`withSignalsUnblocked`, on the thread running the test body), so
/// that the descriptor's own blocking and unblocking show, and puts the mask back at the end.
@MainActor
@Suite(.serialized)
struct VTSignalDescriptorTests {
    /// A real-time signal nothing else in the test process uses.
    let signal = vitrine_sigrtmin() + 5

    private func withSignalsUnblocked(_ body: () throws -> Void) rethrows {
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signal)
        sigaddset(&unblock, signal + 1)
        var found = sigset_t()
        _ = pthread_sigmask(SIG_UNBLOCK, &unblock, &found)
        defer { _ = pthread_sigmask(SIG_SETMASK, &found, nil) }
        try body()
    }

    @Test func aSwitchSignalSentToTheProcessReachesTheTerminalThroughTheEpollLoop() throws {
        try withSignalsUnblocked {
            guard let loop = makeLoop(handlesSignals: false) else { return }
            defer { loop.close() }
            let journal = VTJournal()
            let console = FakeVTConsole(journal: journal)
            let terminal = try VirtualTerminal(device: console)
            defer { terminal.restore() }
            terminal.sessionPaused = { [journal, weak loop] in
                journal.record("paused")
                loop?.stop()
            }
            terminal.sessionResumed = { [journal] in journal.record("resumed") }
            try terminal.negotiateSwitches(on: loop, reading: VTSignalDescriptor(signal: signal))
            #expect(console.switchMode == .process(releaseSignal: signal, acquireSignal: signal))
            journal.clear()
            // What the kernel does when another console is asked for: wait, and signal the process.
            console.waitingSwitch = 2
            #expect(kill(getpid(), signal) == 0)
            let watchdog = Watchdog(loop)
            loop.run()
            watchdog.disarm()
            #expect(!watchdog.fired, "the switch signal never reached the loop")
            #expect(journal.entries == ["paused", "VT_RELDISP 1"])
            #expect(console.foreground == 2)
            #expect(!terminal.isSessionActive)
        }
    }

    @Test func closingPutsTheMaskAndTheActionBack() throws {
        try withSignalsUnblocked {
            #expect(!isBlocked(signal))
            #expect(handlerAddress(of: signal) == 0)
            let descriptor = try VTSignalDescriptor(signal: signal)
            #expect(descriptor.fileDescriptor != nil)
            #expect(isBlocked(signal))
            #expect(handlerAddress(of: signal) != 0)
            descriptor.close()
            #expect(descriptor.fileDescriptor == nil)
            #expect(!isBlocked(signal))
            #expect(handlerAddress(of: signal) == 0)
            #expect(!descriptor.nextSignal())
            descriptor.close()
        }
    }

    @Test func pendingSignalsAreReadInTurnAndDroppedOnClose() throws {
        try withSignalsUnblocked {
            let descriptor = try VTSignalDescriptor(signal: signal)
            // Sent to this thread, which blocks it: pending at once, no forwarding involved.
            #expect(pthread_kill(pthread_self(), signal) == 0)
            #expect(pthread_kill(pthread_self(), signal) == 0)
            #expect(descriptor.nextSignal())
            #expect(descriptor.nextSignal())
            #expect(!descriptor.nextSignal())
            // One left pending at close is dropped, not delivered with the default action.
            #expect(pthread_kill(pthread_self(), signal) == 0)
            descriptor.close()
            #expect(!isBlocked(signal))
        }
    }

    @Test func onlyOneConsolePerProcessReceivesTheSignal() throws {
        try withSignalsUnblocked {
            let first = try VTSignalDescriptor(signal: signal)
            #expect(throws: VirtualTerminalError.switchSignal(signal: signal + 1, operation: "installing the signal forwarder",
                                                              errno: .resourceBusy)) {
                _ = try VTSignalDescriptor(signal: signal + 1)
            }
            // The refused one changed nothing.
            #expect(!isBlocked(signal + 1))
            first.close()
            let second = try VTSignalDescriptor(signal: signal + 1)
            second.close()
        }
    }

    @Test(arguments: [SIGKILL, SIGSTOP, 0, 200])
    func aSignalThatCannotBeCaughtIsRefused(number: Int32) {
        #expect(throws: VirtualTerminalError.switchSignal(signal: number, operation: "choosing the signal", errno: .invalidArgument)) {
            _ = try VTSignalDescriptor(signal: number)
        }
    }

    private func isBlocked(_ signal: Int32) -> Bool {
        var current = sigset_t()
        _ = pthread_sigmask(SIG_BLOCK, nil, &current)
        return sigismember(&current, signal) == 1
    }

    /// The installed handler's address: 0 for SIG_DFL.
    private func handlerAddress(of signal: Int32) -> UInt {
        var action = sigaction()
        _ = sigaction(signal, nil, &action)
        return withUnsafeBytes(of: action.__sigaction_handler) { $0.load(as: UInt.self) }
    }
}
