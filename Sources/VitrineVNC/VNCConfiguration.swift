import Glibc
import VitrineCore

/// Why the VNC server did not start. Each case says what to do.
public enum VNCServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Listening beyond loopback with no password: anyone on the network could see (or
    /// operate) the kiosk.
    case unprotectedListen(VNCListenAddress)
    /// The password file could not be read (errno).
    case passwordFileUnreadable(String, errno: Int32)
    /// The password file's first line is empty.
    case emptyPassword(String)
    /// The application has no display to mirror.
    case noDisplay
    /// libvncserver could not listen on the address (in use, or not this machine's).
    case listenFailed(VNCListenAddress)
    /// The run loop refused to watch the listening socket.
    case watchFailed(DescriptorWatchErrorText)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .unprotectedListen(let address):
            "refusing to serve VNC on \(address) without a password: listen on 127.0.0.1 and reach it over ssh (ssh -L 5900:127.0.0.1:5900), or set [remote] password_file"
        case .passwordFileUnreadable(let path, let code):
            "cannot read the VNC password file \(path) (errno \(code)): create it (one line, at most 8 characters used), readable by the app's user"
        case .emptyPassword(let path):
            "the VNC password file \(path) is empty: write the password on its first line"
        case .noDisplay:
            "the application has no display to mirror: start the VNC server on an app with a screen"
        case .listenFailed(let address):
            "cannot listen for VNC on \(address): the port is in use or the address is not this machine's; choose another [remote] listen"
        case .watchFailed(let text):
            "the run loop cannot watch the VNC socket: \(text.text)"
        }
    }
}

/// A run-loop error's text, kept as a `Hashable` value inside `VNCServerError`.
public struct DescriptorWatchErrorText: Sendable, Hashable {
    /// The error's description.
    public var text: String
}

extension VNCConfiguration {
    /// Reads the password file's first line (nil when there is no file); throws when it cannot
    /// be read or is empty, or when the listen address is not loopback and there is no password.
    public func loadPassword() throws(VNCServerError) -> String? {
        guard let path = passwordFile else {
            if !listen.isLoopback { throw .unprotectedListen(listen) }
            return nil
        }
        guard let file = fopen(path, "r") else { throw .passwordFileUnreadable(path, errno: errno) }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { throw .emptyPassword(path) }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).trimmingCharacters(in: ["\r", "\n", "\r\n"])
        guard !line.isEmpty else { throw .emptyPassword(path) }
        return line
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        var s = Substring(self)
        while let last = s.last, set.contains(last) { s = s.dropLast() }
        return String(s)
    }
}
