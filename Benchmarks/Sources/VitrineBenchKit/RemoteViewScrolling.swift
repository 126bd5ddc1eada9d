import Glibc
import Synchronization
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineVNC

/// What a connected VNC viewer costs the local frame (issue 19): `ScrollingCards` (a
/// 1920×1080 list scrolling 33 pixels a frame, so every frame changes the 1920×960 list area)
/// with a `.view` VNC server started on it, and optionally one viewer connected over loopback.
///
/// The viewer is a minimal RFB 3.8 client of our own, in a thread of its own (as a remote
/// viewer is another machine): it asks for one encoding (raw, or ZRLE as TigerVNC-like viewers
/// prefer), reads each framebuffer update whole and asks for the next one at once — the fastest
/// viewer there can be. Frames back to back come faster than a 60 Hz app makes them, so a
/// benchmark waits for the viewer's request before each frame (`waitForViewerRequest`,
/// not measured): every frame is then sent, as to a viewer that keeps up. The server's side runs on the main
/// actor as in the app: the frame's damage copied into its framebuffer, encoded and written
/// (libvncserver writes blocking: a full socket makes the frame wait), and the viewer's next
/// request read when its socket is readable. The scene's loop is a `ManualMainLoop`, whose
/// descriptors are not real: before each frame the viewer's socket is polled and, when
/// readable, one turn delivers it to the server, as the epoll loop would wake for it.
@MainActor
public final class RemoteViewScrolling {
    /// Which viewer is connected.
    public enum Viewer: String, Sendable, CaseIterable {
        /// None: the server listens, nothing is copied or sent.
        case none
        /// A viewer asking for raw pixels (4 bytes each).
        case raw
        /// A viewer asking for ZRLE (zlib-compressed tiles; the server compresses).
        case zrle
    }

    /// The scrolling list.
    public let cards: ScrollingCards
    /// The VNC server on it.
    public let server: VNCServer
    /// The viewer connected.
    public let viewer: Viewer
    /// What the viewer thread has read (for checks).
    public let received: ViewerCounts
    private var serverSocket: Int32 = -1
    private var clientSocket: Int32 = -1
    /// Whether the server has read a request of the viewer that no frame has answered yet.
    private var requestHeld = false

    /// Builds the scene, starts the server on a free loopback port and connects `viewer`.
    /// Throws `RemoteViewSetupError` when the viewer cannot connect.
    public init(viewer: Viewer) throws {
        cards = ScrollingCards()
        self.viewer = viewer
        received = ViewerCounts()
        let port = Self.freePort()
        server = try VNCServer(configuration: VNCConfiguration(mode: .view, listen: VNCListenAddress(host: "127.0.0.1", port: port)))
        try server.start(on: cards.application)
        guard viewer != .none else { return }
        try connect(port: port)
        // The first viewer makes the app repaint the whole screen: let that frame pass, and
        // the updates in flight be read, until the viewer's request waits with nothing to send.
        loop.advance(by: 0.1)
        for _ in 0..<10 {
            var entry = pollfd(fd: serverSocket, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { break }
            deliverIfReadable(serverSocket)
        }
    }

    /// One scroll frame: the viewer's request delivered when it came, then `ScrollingCards.frame()`.
    @discardableResult
    public func frame() -> FrameCounters? {
        deliverIfReadable(serverSocket)
        defer { requestHeld = false }
        return cards.frame()
    }

    /// Waits (at most `milliseconds`) until the viewer has asked for its next update, as it has
    /// when frames come 16.7 ms apart and it keeps up; true when it has. Not a frame's cost:
    /// a benchmark calls it outside the measured region.
    @discardableResult
    public func waitForViewerRequest(milliseconds: Int32 = 500) -> Bool {
        guard serverSocket >= 0, !requestHeld else { return true }
        var entry = pollfd(fd: serverSocket, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    // MARK: Setup

    private var loop: ManualMainLoop { cards.platform.manualMainLoop }

    /// One turn with `socket` ready, when it really is readable.
    private func deliverIfReadable(_ socket: Int32) {
        guard socket >= 0 else { return }
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return }
        loop.setReadiness(.readable, of: socket)
        loop.runTurn()
        loop.setReadiness([], of: socket)
        if socket == serverSocket { requestHeld = true }
    }

    private func connect(port: Int) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RemoteViewSetupError.handshake("socket: errno \(errno)") }
        clientSocket = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw RemoteViewSetupError.handshake("connect: errno \(errno)") }
        deliverIfReadable(server.listeningSocket)
        guard let accepted = server.viewerSockets.first else { throw RemoteViewSetupError.handshake("the server accepted no viewer") }
        serverSocket = accepted
        // RFB 3.8: versions, security "none", shared, the server's init, then our encoding
        // and a first full update request; the thread takes over from there.
        let version = try receive(12)
        guard version.starts(with: Array("RFB 003.".utf8)) else { throw RemoteViewSetupError.handshake("not an RFB server") }
        send(Array("RFB 003.008\n".utf8))
        let typeCount = Int(try receive(1)[0])
        let types = try receive(typeCount)
        guard types.contains(1) else { throw RemoteViewSetupError.handshake("security 'none' not offered: \(types)") }
        send([1])
        guard try receive(4) == [0, 0, 0, 0] else { throw RemoteViewSetupError.handshake("security refused") }
        send([1])
        let initMessage = try receive(24)
        let width = Int(initMessage[0]) << 8 | Int(initMessage[1]), height = Int(initMessage[2]) << 8 | Int(initMessage[3])
        let nameLength = initMessage[20...23].reduce(0) { $0 << 8 | Int($1) }
        _ = try receive(nameLength)
        let encoding: Int32 = viewer == .raw ? 0 : 16
        send([2, 0, 0, 1] + Self.bytes(UInt32(bitPattern: encoding)))
        send(ViewerThread.updateRequest(incremental: false, width: width, height: height))
        let thread = ViewerThread(socket: fd, width: width, height: height, counts: received)
        thread.start()
    }

    private func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(clientSocket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads `count` bytes from the viewer's socket, turning the server's loop meanwhile.
    private func receive(_ count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: max(count, 1))
        for _ in 0..<10_000 where bytes.count < count {
            deliverIfReadable(serverSocket)
            let got = recv(clientSocket, &buffer, count - bytes.count, Int32(MSG_DONTWAIT))
            if got > 0 {
                bytes += buffer[0..<got]
            } else if got == 0 {
                throw RemoteViewSetupError.handshake("the server closed the connection")
            } else {
                usleep(100)
            }
        }
        guard bytes.count == count else { throw RemoteViewSetupError.handshake("the server did not answer") }
        return bytes
    }

    static func bytes(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    /// A port nothing listens on now.
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// The viewer could not be connected: what went wrong.
public enum RemoteViewSetupError: Error, Sendable {
    /// The RFB handshake failed.
    case handshake(String)
}

/// What the viewer thread has read: updates and bytes.
public final class ViewerCounts: Sendable {
    /// Framebuffer updates read whole.
    public let updates = Atomic<Int>(0)
    /// Bytes read.
    public let bytes = Atomic<Int>(0)
    init() {}
}

/// The viewer's reading loop, on a thread of its own: reads server messages (framebuffer
/// updates of raw or ZRLE rectangles, bells, cut text) and asks for the next incremental update
/// after each one. Ends when the socket closes.
final class ViewerThread: Sendable {
    let socket: Int32
    let width: Int
    let height: Int
    let counts: ViewerCounts

    init(socket: Int32, width: Int, height: Int, counts: ViewerCounts) {
        self.socket = socket
        self.width = width
        self.height = height
        self.counts = counts
    }

    static func updateRequest(incremental: Bool, width: Int, height: Int) -> [UInt8] {
        [3, incremental ? 1 : 0, 0, 0, 0, 0, UInt8(width >> 8), UInt8(width & 0xFF), UInt8(height >> 8), UInt8(height & 0xFF)]
    }

    func start() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            let viewer = Unmanaged<ViewerThread>.fromOpaque(context!).takeRetainedValue()
            viewer.run()
            return nil
        }, context)
        if status == 0 { pthread_detach(thread) } else { Unmanaged<ViewerThread>.fromOpaque(context).release() }
    }

    private func run() {
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { scratch.deallocate() }
        let request = Self.updateRequest(incremental: true, width: width, height: height)
        func read(_ count: Int) -> Bool {
            var left = count
            while left > 0 {
                // Headers land whole at the start of the scratch; long payloads wrap over it.
                let offset = count <= 1 << 20 ? count - left : 0
                let got = recv(socket, scratch + offset, min(left, 1 << 20), 0)
                if got <= 0 { return false }
                left -= got
            }
            counts.bytes.add(count, ordering: .relaxed)
            return true
        }
        func byte(_ offset: Int) -> Int { Int(scratch.load(fromByteOffset: offset, as: UInt8.self)) }
        func word(_ offset: Int) -> Int { byte(offset) << 8 | byte(offset + 1) }
        func long(_ offset: Int) -> Int { word(offset) << 16 | word(offset + 2) }
        while read(1) {
            switch byte(0) {
            case 0: // FramebufferUpdate
                guard read(3) else { return }
                let rects = word(1)
                for _ in 0..<rects {
                    guard read(12) else { return }
                    let w = word(4), h = word(6), encoding = Int32(truncatingIfNeeded: long(8))
                    switch encoding {
                    case 0: guard read(w * h * 4) else { return }
                    case 16:
                        guard read(4) else { return }
                        guard read(long(0)) else { return }
                    default: return // not asked for
                    }
                }
                counts.updates.add(1, ordering: .relaxed)
                _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            case 2: // Bell
                break
            case 3: // ServerCutText
                guard read(7) else { return }
                guard read(long(3)) else { return }
            default:
                return
            }
        }
    }
}
