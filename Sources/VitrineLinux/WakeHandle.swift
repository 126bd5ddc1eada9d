import CVitrineShims
import Glibc
import SystemPackage

/// The eventfd that wakes an `EpollMainLoop`. Shared by the loop and every `WakeHandle`, and
/// closed when the last of them goes away, so that a handle kept by another thread can never
/// write to a descriptor number the process has since reused for something else.
final class WakeEvent: Sendable {
    let descriptor: FileDescriptor

    init() throws(MainLoopError) {
        let made = retryingOnInterrupt { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }
        switch made {
        case .success(let raw): descriptor = FileDescriptor(rawValue: raw)
        case .failure(let error): throw MainLoopError("eventfd", error)
        }
    }

    deinit {
        try? descriptor.close()
    }

    /// Adds one to the counter, making the descriptor readable. Safe from any thread; the only
    /// possible failure (the counter full, after 2⁶⁴−2 unread wake-ups) still leaves it
    /// readable, which is all a wake-up needs.
    func signal() {
        var one: UInt64 = 1
        _ = try? withUnsafeBytes(of: &one) { try descriptor.write($0) }
    }

    /// Resets the counter so the descriptor stops being readable. Called by the loop only.
    func clear() {
        var count: UInt64 = 0
        _ = try? withUnsafeMutableBytes(of: &count) { try descriptor.read(into: $0) }
    }
}

/// Wakes an `EpollMainLoop` from any thread: the loop's next turn runs soon after `wakeUp()`,
/// whether the loop was asleep in `epoll_wait` or about to go there (the eventfd keeps the
/// request until the loop reads it, so none is lost).
///
/// A handle is cheap to copy and may outlive its loop; waking a loop that is gone does nothing.
/// It only wakes: to run code on the loop, use `DispatchQueue.main.async` or
/// `Task { @MainActor in … }` (the loop drains the main queue).
public struct WakeHandle: Sendable {
    let event: WakeEvent

    /// Makes the loop run a turn soon. Safe from any thread: it is a single `write(2)` to the
    /// loop's eventfd, and never blocks.
    public func wakeUp() {
        event.signal()
    }
}
