import Glibc

/// Which seat manager this process could open a seat with, found without opening one: what
/// `[system] session = "auto"` decides by. Nothing reachable means devices are opened directly,
/// as a kiosk running as root or in groups `video` and `input` does.
public enum SeatManager: Sendable, Hashable, CustomStringConvertible {
    /// seatd listens on `socket` (`SEATD_SOCK`, else `/run/seatd.sock`).
    case seatd(socket: String)
    /// systemd-logind runs and this process belongs to a session (`XDG_SESSION_ID`, as
    /// pam_systemd sets for a unit with `PAMName=`, or a `session-N.scope` cgroup).
    case logind(session: String)

    /// The `LIBSEAT_BACKEND` name that opens a seat with this manager.
    public var libseatBackend: String {
        switch self {
        case .seatd: "seatd"
        case .logind: "logind"
        }
    }

    /// "seatd at /run/seatd.sock", "logind session 3", for logs.
    public var description: String {
        switch self {
        case .seatd(let socket): "seatd at \(socket)"
        case .logind(let session): "logind session \(session)"
        }
    }

    /// The seat manager reachable now, seatd first (as libseat tries them); nil when neither is.
    public static func reachable() -> SeatManager? {
        detect(environment: { getenv($0).map { String(cString: $0) } },
               isSocket: { path in
                   var info = stat()
                   return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
               },
               isDirectory: { path in
                   var info = stat()
                   return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
               },
               controlGroup: { readControlGroup() })
    }

    /// `reachable()` on given facts (the seam for tests): the environment, which paths are
    /// sockets and directories, and the text of `/proc/self/cgroup`.
    package static func detect(environment: (String) -> String?, isSocket: (String) -> Bool,
                              isDirectory: (String) -> Bool, controlGroup: () -> String?) -> SeatManager? {
        let socket = environment("SEATD_SOCK").flatMap { $0.isEmpty ? nil : $0 } ?? "/run/seatd.sock"
        if isSocket(socket) { return .seatd(socket: socket) }
        // logind runs when it publishes its seats; libseat's logind backend needs a session.
        guard isDirectory("/run/systemd/seats") else { return nil }
        if let id = environment("XDG_SESSION_ID"), !id.isEmpty { return .logind(session: id) }
        if let session = controlGroup().flatMap(sessionScope(in:)) { return .logind(session: session) }
        return nil
    }

    /// The N of a `session-N.scope` in the text of /proc/self/cgroup.
    static func sessionScope(in text: String) -> String? {
        for line in text.split(separator: "\n") {
            for component in line.split(separator: "/") where component.hasPrefix("session-") && component.hasSuffix(".scope") {
                let id = component.dropFirst("session-".count).dropLast(".scope".count)
                if !id.isEmpty { return String(id) }
            }
        }
        return nil
    }

    private static func readControlGroup() -> String? {
        guard let file = fopen("/proc/self/cgroup", "r") else { return nil }
        defer { fclose(file) }
        var text = ""
        var buffer = [CChar](repeating: 0, count: 512)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return text
    }
}
