import Glibc

// What a board profile's `[remote]` says, kept below the remote view's module (VitrineVNC) so
// that a profile can be read, and a request for the remote view refused with its line, by an app
// built without that optional part.

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
