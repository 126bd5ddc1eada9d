import Glibc

/// What a remote viewer may do: the board profile's `[remote] vnc`.
public enum VNCMode: String, Sendable, Hashable, CaseIterable {
    /// No server (the default).
    case off
    /// The viewer sees the screen; its pointer and keys are ignored.
    case view
    /// The viewer sees the screen; its pointer is one finger and its keys are presses, marked
    /// as remote (`VNCServer.remoteDevice`, `VNCServer.remoteKeyboardDevice`).
    case control
}

/// Where the server listens: an IPv4 address and a TCP port (`[remote] listen`, "127.0.0.1:5900").
public struct VNCListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The dotted IPv4 address ("127.0.0.1", or "0.0.0.0" for every interface).
    public var host: String
    /// The TCP port (1…65535).
    public var port: Int

    /// The default: loopback, port 5900 (reach it through `ssh -L 5900:127.0.0.1:5900 kiosk`).
    public static let loopback = VNCListenAddress(host: "127.0.0.1", port: 5900)

    /// Creates an address; see `parse(_:)` for one from text.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads "HOST:PORT" (an IPv4 address and a port 1…65535), or nil when it is not one.
    public static func parse(_ text: String) -> VNCListenAddress? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        let host = String(text[..<colon])
        guard let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port) else { return nil }
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { return nil }
        return VNCListenAddress(host: host, port: port)
    }

    /// Whether only this machine can connect (127.0.0.0/8).
    public var isLoopback: Bool { host.hasPrefix("127.") }

    /// "HOST:PORT".
    public var description: String { "\(host):\(port)" }
}

/// How the VNC server runs: the board profile's `[remote]` section, or the demo's `--vnc`.
public struct VNCConfiguration: Sendable, Hashable {
    /// What the viewer may do.
    public var mode: VNCMode
    /// Where to listen.
    public var listen: VNCListenAddress
    /// The file holding the password (its first line; VNC authentication uses at most 8
    /// characters), or nil for none — allowed only on loopback.
    public var passwordFile: String?

    /// Creates a configuration (default: off, loopback, no password).
    public init(mode: VNCMode = .off, listen: VNCListenAddress = .loopback, passwordFile: String? = nil) {
        self.mode = mode
        self.listen = listen
        self.passwordFile = passwordFile
    }
}

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
