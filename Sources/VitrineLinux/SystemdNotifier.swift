import CSystemd
import Glibc
import SystemPackage

/// Why a message to systemd could not be sent, and what to do about it.
public struct SystemdNotifyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message (`READY=1`, `WATCHDOG=1`…).
    public let state: String
    /// Where it was going: the socket path, or `NOTIFY_SOCKET` when libsystemd chose it.
    public let socket: String
    /// The error the kernel (or libsystemd) returned.
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
/// Not under systemd (no `NOTIFY_SOCKET`), `fromEnvironment()` returns nil: there is then
/// nothing to notify and nothing is done at all.
public final class SystemdNotifier: Sendable {
    /// Where messages go.
    public enum Destination: Sendable, Hashable {
        /// The process's `NOTIFY_SOCKET`, through libsystemd's `sd_notify` (which also handles
        /// abstract and vsock addresses): what a service uses.
        case environment
        /// A Unix datagram socket at this path (a leading `@` names an abstract socket): for
        /// tests, and for a socket passed by other means.
        case socket(path: String)
    }

    /// Where messages go.
    public let destination: Destination

    /// A notifier for this process's service manager, or nil when the process was not started
    /// by systemd as a `Type=notify` service (no `NOTIFY_SOCKET` in the environment).
    public static func fromEnvironment() -> SystemdNotifier? {
        guard let socket = getenv("NOTIFY_SOCKET"), socket.pointee != 0 else { return nil }
        return SystemdNotifier(destination: .environment)
    }

    /// A notifier sending to `destination`.
    public init(destination: Destination) {
        self.destination = destination
    }

    /// A notifier sending datagrams to the Unix socket at `socketPath`.
    public convenience init(socketPath: String) {
        self.init(destination: .socket(path: socketPath))
    }

    /// Sends `state`: newline-separated `KEY=value` assignments (sd_notify(3)).
    public func send(_ state: String) throws(SystemdNotifyError) {
        switch destination {
        case .environment:
            let result = state.withCString { sd_notify(0, $0) }
            if result < 0 {
                let socket = getenv("NOTIFY_SOCKET").map { String(cString: $0) } ?? "NOTIFY_SOCKET"
                throw SystemdNotifyError(state: state, socket: socket, errno: Errno(rawValue: -result))
            }
        case .socket(let path):
            if let errno = Self.sendDatagram(state, to: path) {
                throw SystemdNotifyError(state: state, socket: path, errno: errno)
            }
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
