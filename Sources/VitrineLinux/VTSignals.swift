import CVitrineShims
import Glibc
import SystemPackage
import VitrineSeams

/// Where a `VirtualTerminal` reads the console's switch signal from: a signalfd
/// (`VTSignalDescriptor`), or a stand-in in tests.
///
/// Contract: the console is told to send `signal`; each time the process receives it,
/// `nextSignal()` returns true once, in the order received (real-time signals queue, so none
/// is merged with another). A reader with a `fileDescriptor` has the run loop watch it
/// (`MainLoop.watch`; it is readable while a signal is pending); one without calls
/// `readinessHandler` when a signal arrives, and the console reads it in the loop's next turn. After `close()`, `nextSignal()` returns false.
@MainActor
package protocol VTSignalReading: AnyObject {
    /// The signal number the console sends on a switch, away and back.
    var signal: Int32 { get }
    /// The descriptor to watch, or nil for a reader that calls `readinessHandler`.
    var fileDescriptor: Int32? { get }
    /// Set by the console while it negotiates switches: called by a reader without a descriptor
    /// when a signal is pending.
    var readinessHandler: (@MainActor () -> Void)? { get set }
    /// Takes the next pending signal; false when none is pending. Never blocks.
    func nextSignal() -> Bool
    /// Stops receiving the signal and releases what the reader holds. Idempotent.
    func close()
}

/// Receives one signal through a signalfd, so that it is handled on the run loop (the epoll
/// loop watches the descriptor) and never by code running inside a signal handler.
///
/// It blocks the signal in the calling thread (which must be the loop's: the main thread),
/// reads it from a signalfd, and installs a small forwarder for the threads that already exist
/// and do not block it: the kernel sends a console's switch signal to the process, and such a
/// thread would otherwise take it with the default action, which for a real-time signal is
/// termination. Threads created afterwards from the calling thread inherit the blocked mask.
/// One per process (the forwarder is process-wide). `close()` undoes all of it, in reverse.
@MainActor
package final class VTSignalDescriptor: VTSignalReading {
    /// The signal received.
    package let signal: Int32
    /// The signalfd.
    package var fileDescriptor: Int32? { isClosed ? nil : descriptor.rawValue }
    /// Unused: the run loop watches the descriptor.
    package var readinessHandler: (@MainActor () -> Void)?
    /// The thread whose mask was changed (the mask is per thread and is restored there only).
    package let thread: pid_t

    private let descriptor: FileDescriptor
    private let wasBlocked: Bool
    private var isClosed = false

    /// Starts receiving `signal` on the calling thread. Throws
    /// `VirtualTerminalError.switchSignal` naming the step that failed: `pthread_sigmask`,
    /// `signalfd` (too many open files), or installing the forwarder (`EBUSY`: another
    /// console in this process negotiates switches; `EINVAL`: a signal that cannot be caught).
    /// Leaves nothing changed when it throws.
    package init(signal: Int32) throws(VirtualTerminalError) {
        self.signal = signal
        guard signal > 0, signal <= vitrine_sigrtmax(), signal != SIGKILL, signal != SIGSTOP else {
            throw .switchSignal(signal: signal, operation: "choosing the signal", errno: .invalidArgument)
        }
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        var previous = sigset_t()
        let blocked = pthread_sigmask(SIG_BLOCK, &set, &previous)
        guard blocked == 0 else {
            throw .switchSignal(signal: signal, operation: "pthread_sigmask", errno: Errno(rawValue: blocked))
        }
        let wasBlocked = sigismember(&previous, signal) == 1
        let thread = vitrine_gettid()
        func unblock() {
            if !wasBlocked { _ = pthread_sigmask(SIG_UNBLOCK, &set, nil) }
        }
        let raw: Int32
        switch retryingOnInterrupt({ signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC)) }) {
        case .success(let made):
            raw = made
        case .failure(let error):
            unblock()
            throw .switchSignal(signal: signal, operation: "signalfd", errno: error)
        }
        if vitrine_vt_signal_forwarding_install(signal, thread) != 0 {
            let error = Errno(rawValue: errno)
            _ = Glibc.close(raw)
            unblock()
            throw .switchSignal(signal: signal, operation: "installing the signal forwarder", errno: error)
        }
        descriptor = FileDescriptor(rawValue: raw)
        self.wasBlocked = wasBlocked
        self.thread = thread
    }

    isolated deinit { close() }

    /// Reads one pending signal from the signalfd.
    package func nextSignal() -> Bool {
        guard !isClosed else { return false }
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        let read = withUnsafeMutableBytes(of: &info) { bytes in
            retryingOnInterrupt { Glibc.read(descriptor.rawValue, bytes.baseAddress, bytes.count) }
        }
        guard case .success(let count) = read, count == size else { return false }
        return Int32(bitPattern: info.ssi_signo) == signal
    }

    /// Removes the forwarder (putting the signal's action back as it was), drops pending
    /// signals (unblocking them would deliver them with that action), unblocks the signal when
    /// it was not blocked before (on the thread that blocked it only) and closes the
    /// descriptor. Idempotent.
    package func close() {
        guard !isClosed else { return }
        vitrine_vt_signal_forwarding_remove()
        while nextSignal() {}
        isClosed = true
        if !wasBlocked && vitrine_gettid() == thread {
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, signal)
            _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
        }
        try? descriptor.close()
    }
}
