/// What a watched file descriptor is ready for, as a run loop reports it (`MainLoop.watch`).
///
/// `readable` and `writable` are asked for; `hangUp` and `error` are reported whether asked for
/// or not (as poll(2) and epoll do), and end the watch: see `MainLoop.watch`.
public struct DescriptorEvents: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public var rawValue: UInt32
    /// Creates events from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Data can be read without blocking (POLLIN / EPOLLIN), or the peer closed its end and a
    /// read returns 0.
    public static let readable = DescriptorEvents(rawValue: 1 << 0)
    /// Data can be written without blocking (POLLOUT / EPOLLOUT).
    public static let writable = DescriptorEvents(rawValue: 1 << 1)
    /// The peer hung up (POLLHUP / EPOLLHUP, EPOLLRDHUP): nothing more will arrive once what
    /// is buffered has been read.
    public static let hangUp = DescriptorEvents(rawValue: 1 << 2)
    /// The descriptor is in an error state (POLLERR / EPOLLERR).
    public static let error = DescriptorEvents(rawValue: 1 << 3)

    /// The events that end a watch after they are reported: `hangUp` and `error`.
    public static let terminal: DescriptorEvents = [.hangUp, .error]
}

/// Why a run loop refused to watch a descriptor. Each case says what to do.
public enum DescriptorWatchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The number is not an open descriptor (EBADF, or negative): it was closed, or never
    /// opened. `errno` is the system's code (0 when the loop refused it itself).
    case invalidDescriptor(Int32, errno: Int32)
    /// The loop watches this descriptor already (EEXIST): one descriptor, one watch. Cancel the
    /// other watch first, or share its handler.
    case alreadyWatched(Int32)
    /// The descriptor cannot be watched (EPERM: a regular file or a directory, which are always
    /// ready): read it directly instead.
    case unwatchable(Int32, errno: Int32)
    /// The system refused (ENOMEM, ENOSPC: the per-user epoll limit), with its code.
    case systemRefused(Int32, errno: Int32)

    /// The error's code from the system, or 0 when the loop decided alone.
    public var errno: Int32 {
        switch self {
        case .invalidDescriptor(_, let code), .unwatchable(_, let code), .systemRefused(_, let code): code
        case .alreadyWatched: 17 // EEXIST
        }
    }

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .invalidDescriptor(let fd, let code):
            "descriptor \(fd) is not open (errno \(code)): watch a descriptor before closing it, and cancel its watch first"
        case .alreadyWatched(let fd):
            "descriptor \(fd) is watched by this run loop already: cancel that watch first, or share its handler"
        case .unwatchable(let fd, let code):
            "descriptor \(fd) cannot be watched (errno \(code); a regular file or directory is always ready): read it directly"
        case .systemRefused(let fd, let code):
            "the system refused to watch descriptor \(fd) (errno \(code)): raise the open-file or epoll watch limits"
        }
    }
}

/// One descriptor watched by a run loop, as `MainLoop.watch` returns it: the caller owns it and
/// calls `cancel()` when it no longer wants the handler called — **before closing the
/// descriptor** (a closed number may be reused by the next open, which the loop would then take
/// for this one).
///
/// The loop keeps the watch (and its handler) until it is cancelled or ended by a `hangUp` or
/// `error` event: dropping the handle does not stop it. Every call is on the main actor.
@MainActor
public final class DescriptorWatch {
    /// The descriptor watched.
    public let descriptor: Int32
    /// The events asked for (`hangUp` and `error` are reported as well).
    public let events: DescriptorEvents
    /// Whether the handler can still be called: false after `cancel()`, or once the loop ended
    /// the watch after a `hangUp` or `error`.
    public private(set) var isActive = true

    private let handler: @MainActor (DescriptorEvents) -> Void
    private var onEnd: (@MainActor (DescriptorWatch) -> Void)?

    /// Made by a run loop's `watch`: `handler` is the caller's, `onEnd` the loop's own
    /// bookkeeping (stop watching the descriptor, forget the watch), run once when the watch ends.
    public init(descriptor: Int32, events: DescriptorEvents,
                handler: @escaping @MainActor (DescriptorEvents) -> Void,
                onEnd: @escaping @MainActor (DescriptorWatch) -> Void) {
        self.descriptor = descriptor
        self.events = events
        self.handler = handler
        self.onEnd = onEnd
    }

    /// Stops the watch: the handler is not called again, even for readiness already collected
    /// in this turn. Idempotent; may be called from the handler itself.
    public func cancel() {
        guard isActive else { return }
        isActive = false
        let end = onEnd
        onEnd = nil
        end?(self)
    }

    /// Called by the loop in a turn in which the descriptor is ready, with what it is ready for
    /// (`ready`, limited to `events` plus `hangUp` and `error`). After a `hangUp` or `error` the
    /// watch ends, so a descriptor that stays in that state cannot make the loop spin. Returns
    /// whether the watch ended.
    @discardableResult
    public func deliver(_ ready: DescriptorEvents) -> Bool {
        guard isActive else { return true }
        let reported = ready.intersection(events.union(.terminal))
        guard !reported.isEmpty else { return false }
        handler(reported)
        guard reported.isDisjoint(with: .terminal) else {
            cancel()
            return true
        }
        return !isActive
    }
}
