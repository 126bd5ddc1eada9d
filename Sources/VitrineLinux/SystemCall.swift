import Glibc
import SystemPackage

/// Calls `call`, a C system-call wrapper that returns -1 and sets `errno` on failure, again for
/// as long as it fails with `EINTR`, and returns its result or its `Errno`.
///
/// The one place this module retries `EINTR` (swift-system retries it inside its own
/// `FileDescriptor` calls). A signal handler running on the loop's thread (a profiler's
/// SIGPROF, a debugger's stop and continue) interrupts `epoll_wait` even with `SA_RESTART`;
/// the loop must go back to sleep rather than report an error or count a wake-up.
@inline(__always)
func retryingOnInterrupt<Value: FixedWidthInteger & SignedInteger>(_ call: () -> Value) -> Result<Value, Errno> {
    while true {
        let value = call()
        if value != -1 { return .success(value) }
        let error = Errno(rawValue: errno)
        if error != .interrupted { return .failure(error) }
    }
}
