import CVitrineShims
import Dispatch
import Glibc
import Logging
import SystemPackage
import VitrineSeams

// The loop's epoll registrations: input sources and descriptor watches, added, changed and\n// removed, and what a hang-up or a refused descriptor does. Split from EpollMainLoop.swift by role.
extension EpollMainLoop {
    // MARK: Descriptors

    /// The loop's descriptors and what it changed in the process (signal mask and actions), in
    /// one owner that releases them in reverse order, whether by `close()` or by deinit.
    final class Resources {
        let epoll: FileDescriptor
        let timer: FileDescriptor
        let wake: WakeEvent
        var signals: SignalDescriptor?
        /// libdispatch's main-queue eventfd; libdispatch owns it.
        var mainQueue: Int32?
        let events: UnsafeMutableBufferPointer<epoll_event>
        private(set) var isClosed = false
        /// The deadline the timerfd was armed for when it last expired.
        private(set) var expiredDeadline: Double?
        /// The `fireDate + tolerance` the timerfd is armed for; nil when disarmed, or expired
        /// and read.
        private(set) var timerDeadline: Double?

        init() throws(MainLoopError) {
            switch retryingOnInterrupt({ epoll_create1(Int32(EPOLL_CLOEXEC)) }) {
            case .success(let raw): epoll = FileDescriptor(rawValue: raw)
            case .failure(let error): throw MainLoopError("epoll_create1", error)
            }
            switch retryingOnInterrupt({ timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC)) }) {
            case .success(let raw): timer = FileDescriptor(rawValue: raw)
            case .failure(let error):
                try? epoll.close()
                throw MainLoopError("timerfd_create", error)
            }
            do {
                wake = try WakeEvent()
            } catch {
                try? timer.close()
                try? epoll.close()
                throw error
            }
            events = .allocate(capacity: 64)
        }

        deinit {
            close()
            events.deallocate()
        }

        func startHandlingSignals(_ numbers: [Int32]) throws(MainLoopError) {
            signals = try SignalDescriptor(numbers)
        }

        func tryWatch(_ descriptor: Int32, token: UInt64, events: UInt32 = EPOLLIN.rawValue) -> Result<Void, Errno> {
            var event = epoll_event()
            event.events = events
            event.data.u64 = token
            return retryingOnInterrupt { epoll_ctl(epoll.rawValue, EPOLL_CTL_ADD, descriptor, &event) }.map { _ in }
        }

        func watch(_ descriptor: Int32, token: UInt64) throws(MainLoopError) {
            if case .failure(let error) = tryWatch(descriptor, token: token) {
                throw MainLoopError("epoll_ctl(EPOLL_CTL_ADD)", error)
            }
        }

        func unwatch(_ descriptor: Int32) {
            // EBADF/ENOENT: the owner closed the descriptor first, which unwatched it already.
            _ = retryingOnInterrupt { epoll_ctl(epoll.rawValue, EPOLL_CTL_DEL, descriptor, nil) }
        }

        /// Sleeps until something is ready (or, when not `sleeping`, only collects what is
        /// ready now) and returns how many entries of `events` are filled.
        func wait(sleeping: Bool) -> Int {
            let timeout: Int32 = sleeping ? -1 : 0
            let result = retryingOnInterrupt {
                epoll_wait(epoll.rawValue, events.baseAddress, Int32(events.count), timeout)
            }
            switch result {
            case .success(let count): return Int(count)
            case .failure(let error): fatalError("epoll_wait failed: \(error) (the loop's epoll descriptor is broken)")
            }
        }

        /// Arms the timerfd at `deadline` (absolute, on CLOCK_MONOTONIC), or disarms it.
        func armTimer(at deadline: Double?) {
            var setting = itimerspec()
            if let deadline { setting.it_value = MonotonicClock.timespecRoundingUp(deadline) }
            let result = retryingOnInterrupt {
                timerfd_settime(timer.rawValue, Int32(TFD_TIMER_ABSTIME), &setting, nil)
            }
            if case .failure(let error) = result {
                fatalError("timerfd_settime failed: \(error) (deadline \(String(describing: deadline)))")
            }
            // Setting a timerfd resets its expiry count: it is not readable until `deadline`.
            timerDeadline = deadline
        }

        func clearTimer() {
            var expirations: UInt64 = 0
            _ = try? withUnsafeMutableBytes(of: &expirations) { try timer.read(into: $0) }
            expiredDeadline = timerDeadline
            timerDeadline = nil
        }

        func clearMainQueue() {
            guard let mainQueue else { return }
            var count: UInt64 = 0
            _ = withUnsafeMutableBytes(of: &count) { bytes in
                retryingOnInterrupt { read(mainQueue, bytes.baseAddress, bytes.count) }
            }
        }

        func close() {
            guard !isClosed else { return }
            isClosed = true
            mainQueue = nil
            signals?.close()
            signals = nil
            // The wake eventfd closes when the last WakeHandle is gone; closing epoll below
            // stops the loop watching it.
            try? timer.close()
            try? epoll.close()
        }
    }
}
