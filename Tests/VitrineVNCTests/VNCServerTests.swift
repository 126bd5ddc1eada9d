import Glibc
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
@testable import VitrineVNC

/// The VNC server's own rules: addresses, passwords, keysyms, and what it costs without a
/// viewer. (A real client drives it in scripts/test-vnc, ring 2c.)
@Suite @MainActor struct VNCServerTests {
    @Test func listenAddressesAreIPv4AndAPort() {
        #expect(VNCListenAddress.parse("127.0.0.1:5900") == .loopback)
        #expect(VNCListenAddress.parse("10.0.0.2:1")?.isLoopback == false)
        #expect(VNCListenAddress.parse("localhost:5900") == nil)
        #expect(VNCListenAddress.parse("127.0.0.1:0") == nil)
        #expect(VNCListenAddress.parse("127.0.0.1") == nil)
    }

    @Test func anUnprotectedListenerBeyondLoopbackIsRefused() {
        let open = VNCConfiguration(mode: .view, listen: VNCListenAddress(host: "0.0.0.0", port: 5900))
        #expect(throws: VNCServerError.unprotectedListen(open.listen)) { try VNCServer(configuration: open) }
        #expect(VNCServerError.unprotectedListen(open.listen).description.contains("ssh -L"))
    }

    @Test func thePasswordIsTheFilesFirstLine() throws {
        let path = "/tmp/vitrine-vnc-test-\(getpid())"
        defer { unlink(path) }
        #expect(throws: VNCServerError.passwordFileUnreadable(path, errno: ENOENT)) {
            try VNCConfiguration(passwordFile: path).loadPassword()
        }
        let file = try #require(fopen(path, "w"))
        fputs("\n", file)
        fclose(file)
        #expect(throws: VNCServerError.emptyPassword(path)) { try VNCConfiguration(passwordFile: path).loadPassword() }
        let again = try #require(fopen(path, "w"))
        fputs("s3cret\nignored\n", again)
        fclose(again)
        let remote = VNCConfiguration(mode: .control, listen: VNCListenAddress(host: "0.0.0.0", port: 5900), passwordFile: path)
        #expect(try remote.loadPassword() == "s3cret")
    }

    @Test func keysymsTypeTheirCharacters() {
        #expect(VNCServer.characters(0x61) == "a")
        #expect(VNCServer.characters(0xe9) == "é")
        #expect(VNCServer.characters(0x0100_20ac) == "€")
        #expect(VNCServer.characters(0xff0d) == "\r")
        #expect(VNCServer.characters(0xffbe) == "") // F1 types nothing
        #expect(VNCServer.linuxKeyCode(0xff08) == 14)
        #expect(VNCServer.modifier(0xffe1) == .shift)
    }

    @Test func withNoViewerAFrameCostsNothingAndOnlyTheListenerIsWatched() throws {
        let platform = HeadlessPlatform()
        let app = Application(platform: platform)
        let window = Window(frame: app.screen.bounds)
        window.makeKeyAndVisible(in: app)
        platform.manualMainLoop.runUntilIdle()
        let server = try VNCServer(configuration: VNCConfiguration(mode: .view, listen: VNCListenAddress(host: "127.0.0.1", port: Self.freePort())))
        try server.start(on: app)
        defer { server.stop() }
        let presents = app.statistics.presents
        window.backgroundColor = .red
        platform.manualMainLoop.runUntilIdle()
        platform.manualMainLoop.advance(by: 0.1)
        #expect(app.statistics.presents > presents)
        #expect(server.viewerCount == 0)
        #expect(server.framesMirrored == 0)
        // Starting twice is one server.
        try server.start(on: app)
    }

    @Test func aTakenPortIsATypedError() throws {
        let platform = HeadlessPlatform()
        let app = Application(platform: platform)
        let port = Self.freePort()
        let first = try VNCServer(configuration: VNCConfiguration(mode: .view, listen: VNCListenAddress(host: "127.0.0.1", port: port)))
        try first.start(on: app)
        defer { first.stop() }
        let second = try VNCServer(configuration: first.configuration)
        #expect(throws: VNCServerError.listenFailed(first.configuration.listen)) { try second.start(on: app) }
    }

    @Test func theRemotePointerIsOneRemoteFingerInPointsThroughTheRotation() throws {
        // An 800×480 panel turned a quarter (the scene 480×800) at 2 pixels per point.
        let platform = HeadlessPlatform(mode: DisplayMode(width: 800, height: 480), scale: 2, rotation: .clockwise90)
        let app = Application(platform: platform)
        let control = try VNCServer(configuration: VNCConfiguration(mode: .control, listen: VNCListenAddress(host: "127.0.0.1", port: Self.freePort())))
        try control.start(on: app)
        defer { control.stop() }
        control.pointer(mask: 1, x: 99, y: 9)   // panel pixel (99, 9) → scene (9.5, 800 − 99.5)
        control.pointer(mask: 0, x: 99, y: 9)
        let finger = TouchIdentifier(device: VNCServer.remoteDevice, slot: 0)
        guard case let .touchDown(id, location, _, _) = control.pendingInput.first else {
            Issue.record("no touch down: \(control.pendingInput)")
            return
        }
        #expect(id == finger)
        #expect(location == Point(x: 9.5 / 2, y: 700.5 / 2))
        #expect(control.pendingInput.contains(.touchUp(finger, timestamp: 0)))
        control.key(down: true, keysym: 0x41)
        #expect(control.pendingInput.last == .key(code: VNCServer.keyCodeBase + 0x41, state: .pressed, characters: "A",
                                                  modifiers: [], device: VNCServer.remoteKeyboardDevice, timestamp: 0))

        let view = try VNCServer(configuration: VNCConfiguration(mode: .view, listen: VNCListenAddress(host: "127.0.0.1", port: Self.freePort())))
        try view.start(on: app)
        defer { view.stop() }
        view.pointer(mask: 1, x: 10, y: 10)
        view.key(down: true, keysym: 0x41)
        #expect(view.pendingInput.isEmpty, "view mode ignores the viewer's input")
    }

    /// A port nothing listens on now.
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
