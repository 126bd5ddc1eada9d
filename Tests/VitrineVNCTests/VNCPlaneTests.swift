import Glibc
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
@testable import VitrineVNC

/// A video on a display plane is not in the scene; the viewers see it anyway: the server draws
/// the plane's frames into its framebuffer (`FrameObserver`'s plane calls), over the scene's
/// damage too, and forgets it when the plane goes. Checked with a real RFB client over
/// loopback reading raw updates from libvncserver.
@Suite(.serialized) @MainActor struct VNCPlaneTests {
    /// A 320×240 headless app with a white window, a `.view` server and one viewer connected.
    @MainActor
    final class Rig {
        let platform = HeadlessPlatform(mode: DisplayMode(width: 320, height: 240))
        let app: Application
        let window: Window
        let server: VNCServer
        let viewer: RawViewer

        init() throws {
            app = Application(platform: platform)
            window = Window(frame: app.screen.bounds)
            window.backgroundColor = .white
            window.makeKeyAndVisible(in: app)
            platform.manualMainLoop.runUntilIdle()
            server = try VNCServer(configuration: VNCConfiguration(mode: .view, listen: VNCListenAddress(host: "127.0.0.1", port: VNCServerTests.freePort())))
            try server.start(on: app)
            viewer = try RawViewer(server: server, loop: platform.manualMainLoop)
            settle()
        }

        /// Lets commits and flips land.
        func settle() {
            platform.manualMainLoop.advance(by: 0.1)
        }

        /// The screen as the viewer reads it now (a whole, non-incremental update).
        func screen() throws -> [[UInt32]] {
            try viewer.update(width: 320, height: 240)
        }
    }

    /// An XRGB8888 frame of `width`×`height`, `color` on the left half and black on the right.
    static func frame(width: Int, height: Int, color: Color) -> Surface {
        let frame = Surface(width: width, height: height, format: .xrgb8888)
        frame.fill(PixelRect(x: 0, y: 0, width: width / 2, height: height), with: color)
        frame.fill(PixelRect(x: width / 2, y: 0, width: width - width / 2, height: height), with: .black)
        return frame
    }

    static func rgb(_ pixel: UInt32) -> (Int, Int, Int) {
        (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
    }

    @Test func aPlaneFrameReachesTheViewerAtItsDestination() throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        #expect(rig.server.viewerCount == 1)
        let frame = Self.frame(width: 80, height: 60, color: .red)
        rig.app.planeDidShow(frame, source: PixelRect(x: 0, y: 0, width: 80, height: 60),
                             destination: PixelRect(x: 40, y: 30, width: 80, height: 60))
        #expect(rig.server.planeFramesMirrored == 1)
        let screen = try rig.screen()
        #expect(Self.rgb(screen[30][40]) == (255, 0, 0), "the frame's red half at its destination")
        #expect(Self.rgb(screen[89][119]) == (0, 0, 0), "its black half")
        #expect(Self.rgb(screen[29][40]) == (255, 255, 255), "the scene above it")
        #expect(Self.rgb(screen[90][119]) == (255, 255, 255), "the scene below it")
    }

    @Test func aScaledPlaneIsScaledForTheViewer() throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        // The right half of an 80×60 frame (black) shown over 160×120: all black; the left
        // half (red) at twice its size.
        let frame = Self.frame(width: 80, height: 60, color: .red)
        rig.app.planeDidShow(frame, source: PixelRect(x: 0, y: 0, width: 80, height: 60),
                             destination: PixelRect(x: 100, y: 50, width: 160, height: 120))
        let screen = try rig.screen()
        #expect(Self.rgb(screen[50][100]) == (255, 0, 0))
        #expect(Self.rgb(screen[169][179]) == (255, 0, 0), "red reaches x = 100 + 2 × 40 − 1")
        #expect(Self.rgb(screen[169][180]) == (0, 0, 0))
        #expect(Self.rgb(screen[170][180]) == (255, 255, 255))
    }

    @Test func theSceneRepaintedUnderThePlaneDoesNotHideItAndItsEndShowsTheSceneAgain() throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let frame = Self.frame(width: 80, height: 60, color: .red)
        rig.app.planeDidShow(frame, source: PixelRect(x: 0, y: 0, width: 80, height: 60),
                             destination: PixelRect(x: 40, y: 30, width: 80, height: 60))
        // The whole window repainted blue, the plane's place included (the scene holds the
        // poster there, not the video).
        rig.window.backgroundColor = .blue
        rig.settle()
        var screen = try rig.screen()
        #expect(Self.rgb(screen[30][40]) == (255, 0, 0), "the plane stays over the scene's damage")
        #expect(Self.rgb(screen[10][10]) == (0, 0, 255))
        // The plane goes; the commit that composites its place follows.
        rig.app.planeDidClear()
        rig.window.backgroundColor = .green
        rig.settle()
        screen = try rig.screen()
        #expect(Self.rgb(screen[30][40]).1 > 100 && Self.rgb(screen[30][40]).0 == 0, "the scene again: \(Self.rgb(screen[30][40]))")
    }

    @Test func withoutAViewerAPlaneFrameIsNotDrawn() throws {
        let platform = HeadlessPlatform(mode: DisplayMode(width: 320, height: 240))
        let app = Application(platform: platform)
        let server = try VNCServer(configuration: VNCConfiguration(mode: .view, listen: VNCListenAddress(host: "127.0.0.1", port: VNCServerTests.freePort())))
        try server.start(on: app)
        defer { server.stop() }
        let frame = Self.frame(width: 80, height: 60, color: .red)
        app.planeDidShow(frame, source: PixelRect(x: 0, y: 0, width: 80, height: 60),
                         destination: PixelRect(x: 0, y: 0, width: 80, height: 60))
        #expect(server.planeFramesMirrored == 0)
    }
}

/// A minimal RFB 3.8 viewer over loopback (security "none", the server's pixel format, raw
/// encoding), driven from the test: the server's side runs on the test's `ManualMainLoop`,
/// turned whenever its socket is readable, as the epoll loop would.
@MainActor
final class RawViewer {
    let server: VNCServer
    let loop: ManualMainLoop
    let socket: Int32
    private(set) var serverSocket: Int32 = -1

    init(server: VNCServer, loop: ManualMainLoop) throws {
        self.server = server
        self.loop = loop
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(server.configuration.listen.port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let fd = socket
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ViewerError.handshake("connect: errno \(errno)") }
        turn(server.listeningSocket, waiting: 2_000)
        guard let accepted = server.viewerSockets.first else { throw ViewerError.handshake("the server accepted no viewer") }
        serverSocket = accepted
        let version = try receive(12)
        guard version.starts(with: Array("RFB 003.".utf8)) else { throw ViewerError.handshake("not an RFB server") }
        send(Array("RFB 003.008\n".utf8))
        let types = try receive(Int(try receive(1)[0]))
        guard types.contains(1) else { throw ViewerError.handshake("security 'none' not offered: \(types)") }
        send([1])
        guard try receive(4) == [0, 0, 0, 0] else { throw ViewerError.handshake("security refused") }
        send([1]) // shared
        let initMessage = try receive(24)
        let nameLength = initMessage[20...23].reduce(0) { $0 << 8 | Int($1) }
        _ = try receive(nameLength)
    }

    isolated deinit {
        close(socket)
    }

    /// Asks for the whole `width`×`height` screen (not incremental) and reads the update's raw
    /// rectangles into rows of pixels (the server's XRGB8888 words).
    func update(width: Int, height: Int) throws -> [[UInt32]] {
        send([3, 0, 0, 0, 0, 0, UInt8(width >> 8), UInt8(width & 0xFF), UInt8(height >> 8), UInt8(height & 0xFF)])
        var pixels = [[UInt32]](repeating: [UInt32](repeating: 0, count: width), count: height)
        var header = try receive(1)
        // Anything before the update (none is expected) is a test failure, not skipped.
        guard header[0] == 0 else { throw ViewerError.protocolError("message \(header[0]) instead of an update") }
        header = try receive(3)
        let rects = Int(header[1]) << 8 | Int(header[2])
        for _ in 0..<rects {
            let rect = try receive(12)
            func word(_ i: Int) -> Int { Int(rect[i]) << 8 | Int(rect[i + 1]) }
            let x = word(0), y = word(2), w = word(4), h = word(6)
            let encoding = rect[8...11].reduce(0) { $0 << 8 | Int($1) }
            guard encoding == 0 else { throw ViewerError.protocolError("encoding \(encoding), not raw") }
            let bytes = try receive(w * h * 4)
            for row in 0..<h {
                for column in 0..<w {
                    let i = (row * w + column) * 4
                    // The server's format is little-endian XRGB8888 (blue first).
                    pixels[y + row][x + column] = UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16
                }
            }
        }
        return pixels
    }

    private func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// One turn of the server's loop with `descriptor` readable, when it becomes so within
    /// `milliseconds`.
    private func turn(_ descriptor: Int32, waiting milliseconds: Int32) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, milliseconds) > 0 else { return }
        loop.setReadiness(.readable, of: descriptor)
        loop.runTurn()
        loop.setReadiness([], of: descriptor)
    }

    /// Reads `count` bytes, turning the server's loop whenever what the viewer sent is
    /// readable there; blocks in poll(2), never sleeps for a time.
    private func receive(_ count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        var buffer = [UInt8](repeating: 0, count: max(min(count, 1 << 16), 1))
        while bytes.count < count {
            let got = recv(socket, &buffer, min(count - bytes.count, buffer.count), Int32(MSG_DONTWAIT))
            if got > 0 {
                bytes += buffer[0..<got]
                continue
            }
            if got == 0 { throw ViewerError.handshake("the server closed the connection") }
            // Nothing to read: the server must be woken by what we sent, or is writing.
            var entries = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: serverSocket, events: Int16(POLLIN), revents: 0)]
            guard poll(&entries, serverSocket >= 0 ? 2 : 1, 5_000) > 0 else {
                throw ViewerError.handshake("the server did not answer in 5 s")
            }
            if serverSocket >= 0, entries[1].revents != 0 { turn(serverSocket, waiting: 0) }
        }
        return bytes
    }

    enum ViewerError: Error {
        case handshake(String)
        case protocolError(String)
    }
}
