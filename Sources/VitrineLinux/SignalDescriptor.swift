import CVitrineShims
import Dispatch
import Glibc
import Logging
import SystemPackage
import VitrineSeams

/// The signalfd of the loop, and the signal mask and actions it changed to make one.
final class SignalDescriptor {
    let descriptor: FileDescriptor
    /// The thread whose mask was changed: the mask is per thread and can only be restored there.
    let thread: pid_t
    /// The handled signals that were not blocked before, to unblock again.
    private var newlyBlocked = sigset_t()
    private var isClosed = false

    init(_ numbers: [Int32]) throws(MainLoopError) {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        var previous = sigset_t()
        let blocked = pthread_sigmask(SIG_BLOCK, &set, &previous)
        guard blocked == 0 else { throw MainLoopError("pthread_sigmask", Errno(rawValue: blocked)) }
        sigemptyset(&newlyBlocked)
        for number in numbers where sigismember(&previous, number) == 0 { sigaddset(&newlyBlocked, number) }
        thread = vitrine_gettid()
        switch retryingOnInterrupt({ signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC)) }) {
        case .success(let raw): descriptor = FileDescriptor(rawValue: raw)
        case .failure(let error):
            _ = pthread_sigmask(SIG_UNBLOCK, &newlyBlocked, nil)
            throw MainLoopError("signalfd", error)
        }
        let installed = numbers.withUnsafeBufferPointer { buffer in
            vitrine_signal_forwarding_install(buffer.baseAddress, Int32(buffer.count), thread)
        }
        if installed != 0 {
            let error = Errno(rawValue: errno)
            try? descriptor.close()
            _ = pthread_sigmask(SIG_UNBLOCK, &newlyBlocked, nil)
            if error == .resourceBusy {
                throw MainLoopError("installing the signal forwarder", error,
                                   remedy: "another EpollMainLoop in this process handles signals already: close it, or create this one with handlesSignals: false")
            }
            throw MainLoopError("sigaction", error)
        }
    }

    deinit { close() }

    /// The next pending signal's number, or nil when none is pending.
    func next() -> Int32? {
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        let read = withUnsafeMutableBytes(of: &info) { bytes in
            retryingOnInterrupt { Glibc.read(descriptor.rawValue, bytes.baseAddress, bytes.count) }
        }
        guard case .success(let count) = read, count == size else { return nil }
        return Int32(bitPattern: info.ssi_signo)
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        vitrine_signal_forwarding_remove()
        // Unread signals would be delivered with their default action (termination) the moment
        // they are unblocked: the loop that would have handled them is going away, so drop them.
        while next() != nil {}
        if vitrine_gettid() == thread {
            _ = pthread_sigmask(SIG_UNBLOCK, &newlyBlocked, nil)
        }
        try? descriptor.close()
    }
}
