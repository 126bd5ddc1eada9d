import Glibc
import SystemPackage

/// Why an `EpollMainLoop` could not be created: which system call failed, its `errno`, and what
/// to do about it.
public struct MainLoopError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed, for example `epoll_create1` or `signalfd`.
    public let operation: String
    /// The error the kernel returned.
    public let errno: Errno
    /// What the user or the developer can do about it.
    public let remedy: String

    /// Creates an error for `operation` failing with `errno`, with the remedy that fits it
    /// unless one is given.
    public init(_ operation: String, _ errno: Errno, remedy: String? = nil) {
        self.operation = operation
        self.errno = errno
        self.remedy = remedy ?? Self.remedy(for: errno)
    }

    /// "<operation> failed: <error> — <remedy>".
    public var description: String { "\(operation) failed: \(errno) — \(remedy)" }

    private static func remedy(for errno: Errno) -> String {
        switch errno {
        case .tooManyOpenFiles, .tooManyOpenFilesInSystem:
            return "too many open files: raise the limit (ulimit -n, or LimitNOFILE= in the systemd unit)"
        case .noMemory:
            return "the system is out of memory (or locked memory): free some and start again"
        case .noFunction:
            return "the kernel lacks epoll, timerfd, eventfd or signalfd; Vitrine needs a Linux kernel built with them (CONFIG_EPOLL, CONFIG_TIMERFD, CONFIG_EVENTFD, CONFIG_SIGNALFD)"
        case .notPermitted, .permissionDenied:
            return "permission denied: a sandbox (seccomp, systemd SystemCallFilter=) forbids the call; allow it"
        default:
            return "this is unexpected: report it with the error above"
        }
    }
}
