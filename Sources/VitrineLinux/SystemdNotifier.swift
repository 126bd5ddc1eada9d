import Glibc
import SystemPackage

/// Why a message to systemd could not be sent, and what to do about it.
public struct SystemdNotifyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message (`READY=1`, `WATCHDOG=1`…).
    public let state: String
    /// Where it was going: the socket's path (`@` first for an abstract socket) or, for an
    /// address that is not a Unix socket's, `NOTIFY_SOCKET`'s value.
    public let socket: String
    /// The error the kernel returned (`addressFamilyNotSupported`: the address is not a Unix
    /// socket's).
    public let errno: Errno

    /// Creates an error.
    public init(state: String, socket: String, errno: Errno) {
        self.state = state
        self.socket = socket
        self.errno = errno
    }

    /// "`<state>` to `<socket>` failed: `<error>` — `<remedy>`".
    public var description: String {
        let remedy: String
        switch errno {
        case .noSuchFileOrDirectory, .connectionRefused:
            remedy = "the notification socket is gone: is systemd (the service manager) still running?"
        case .addressFamilyNotSupported:
            remedy = "Vitrine speaks the notify protocol over Unix sockets (a path, or @ for an abstract one) only; give the service a Unix NOTIFY_SOCKET"
        case .permissionDenied, .notPermitted:
            remedy = "systemd refuses messages from this process: set NotifyAccess=main in the unit and send from the main process"
        default:
            remedy = "systemd will not hear it; with Type=notify it then considers the start failed after TimeoutStartSec="
        }
        let first = state.split(separator: "\n").first.map(String.init) ?? state
        return "\(first) to \(socket) failed: \(errno) — \(remedy)"
    }
}

/// Tells systemd how the service is doing, over the notification socket of a `Type=notify`
/// unit (sd_notify(3)): `READY=1` once the app shows its first frame, `STATUS=` for
/// `systemctl status`, `WATCHDOG=1` to feed the watchdog, `STOPPING=1` when shutting down.
///
/// The protocol is a datagram of text to a Unix socket, spoken here directly rather than
/// through libsystemd's `sd_notify`: linking libsystemd brings six more libraries (libcap,
/// libgcrypt and its compressors) into every app for one `sendto`.
///
/// Not under systemd (no `NOTIFY_SOCKET`), `fromEnvironment()` returns nil: there is then
/// nothing to notify and nothing is done at all.
public final class SystemdNotifier: Sendable {
    /// The Unix datagram socket messages go to: a path, or `@` and a name for an abstract
    /// socket, as `NOTIFY_SOCKET` gives it.
    public let socketPath: String

    /// A notifier for this process's service manager, or nil when the process was not started
    /// by systemd as a `Type=notify` service (no `NOTIFY_SOCKET` in `environment`, which
    /// looks a variable up; the process's environment by default).
    public static func fromEnvironment(_ environment: (String) -> String? = SystemdEnvironment.process) -> SystemdNotifier? {
        guard let socket = environment("NOTIFY_SOCKET"), !socket.isEmpty else { return nil }
        return SystemdNotifier(socketPath: socket)
    }

    /// A notifier sending datagrams to the Unix socket at `socketPath` (`@` first: an abstract
    /// socket). Any other address (systemd's `vsock:`) fails each send with
    /// `addressFamilyNotSupported`.
    public init(socketPath: String) {
        self.socketPath = socketPath
    }

    /// Sends `state`: newline-separated `KEY=value` assignments (sd_notify(3)).
    public func send(_ state: String) throws(SystemdNotifyError) {
        if let errno = Self.sendDatagram(state, to: socketPath) {
            throw SystemdNotifyError(state: state, socket: socketPath, errno: errno)
        }
    }

    /// `READY=1`, with a `STATUS=` line when `status` is given: the service is up. For a
    /// kiosk: the first frame is on the screen.
    public func ready(status: String? = nil) throws(SystemdNotifyError) {
        try send("READY=1" + (status.map { "\nSTATUS=" + Self.oneLine($0) } ?? ""))
    }

    /// `STATUS=text`: one line shown by `systemctl status` (newlines become spaces).
    public func status(_ text: String) throws(SystemdNotifyError) {
        try send("STATUS=" + Self.oneLine(text))
    }

    /// `WATCHDOG=1`: the service is alive; the watchdog's timeout starts again.
    public func watchdogAlive() throws(SystemdNotifyError) {
        try send("WATCHDOG=1")
    }

    /// `STOPPING=1`: the service is shutting down (sent before restoring the display).
    public func stopping() throws(SystemdNotifyError) {
        try send("STOPPING=1")
    }

    /// `text` on one line, as a `STATUS=` value must be.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    /// Sends `message` as one datagram to the Unix socket `path`; nil on success.
    private static func sendDatagram(_ message: String, to path: String) -> Errno? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") || bytes.first == UInt8(ascii: "@") else { return .addressFamilyNotSupported }
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else { return .fileNameTooLong }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes[0] == 0 ? 0 : 1))
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return Errno(rawValue: errno) }
        defer { close(fd) }
        let utf8 = Array(message.utf8)
        let result = retryingOnInterrupt {
            utf8.withUnsafeBytes { buffer in
                withUnsafePointer(to: &address) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        sendto(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), $0, length)
                    }
                }
            }
        }
        if case .failure(let error) = result { return error }
        return nil
    }
}

/// The process's environment as the notifier and the watchdog read it, and where a test gives
/// them another.
public enum SystemdEnvironment {
    /// Looks `name` up in this process's environment.
    public static func process(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
