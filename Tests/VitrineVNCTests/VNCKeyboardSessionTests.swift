import CVNCServer
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
@testable import VitrineVNC

/// A control-mode viewer that types is a hardware keyboard for its session: its first key
/// attaches the remote device as one (the on-screen keyboard's `.auto` policy stays down), the
/// end of the last such session detaches it.
@Suite @MainActor struct VNCKeyboardSessionTests {
    private func server(_ mode: VNCMode, on app: Application) throws -> VNCServer {
        let server = try VNCServer(configuration: VNCConfiguration(
            mode: mode, listen: VNCListenAddress(host: "127.0.0.1", port: VNCServerTests.freePort())))
        try server.start(on: app)
        return server
    }

    /// Posts what the server queued, as its `process()` does after libvncserver returns.
    private func deliver(_ server: VNCServer, to app: Application) {
        for event in server.pendingInput { app.post(event) }
        server.pendingInput.removeAll()
    }

    @Test func aViewersFirstKeyAttachesAKeyboardAndItsSessionsEndDetachesIt() throws {
        let app = Application(platform: HeadlessPlatform(mode: DisplayMode(width: 320, height: 240)))
        let control = try server(.control, on: app)
        defer { control.stop() }
        let viewer = rfbClientPtr.allocate(capacity: 1)   // only its identity is used
        defer { viewer.deallocate() }
        control.key(down: true, keysym: 0x61, from: viewer)
        #expect(control.pendingInput.first == .keyboardAttached(device: VNCServer.remoteKeyboardDevice, timestamp: 0))
        control.key(down: false, keysym: 0x61, from: viewer)
        control.key(down: true, keysym: 0x62, from: viewer)
        #expect(control.pendingInput.count(where: { if case .keyboardAttached = $0 { true } else { false } }) == 1)
        deliver(control, to: app)
        #expect(app.isHardwareKeyboardAttached)
        control.typingSessionEnded(viewer)
        #expect(control.pendingInput == [.deviceRemoved(device: VNCServer.remoteKeyboardDevice, timestamp: 0)])
        deliver(control, to: app)
        #expect(!app.isHardwareKeyboardAttached)
    }

    @Test func theKeyboardStaysWhileAnotherViewerThatTypedRemains() throws {
        let app = Application(platform: HeadlessPlatform(mode: DisplayMode(width: 320, height: 240)))
        let control = try server(.control, on: app)
        defer { control.stop() }
        let first = rfbClientPtr.allocate(capacity: 1), second = rfbClientPtr.allocate(capacity: 1)
        defer { first.deallocate(); second.deallocate() }
        control.key(down: true, keysym: 0x61, from: first)
        control.key(down: true, keysym: 0x62, from: second)
        deliver(control, to: app)
        control.typingSessionEnded(first)
        #expect(control.pendingInput.isEmpty)
        control.typingSessionEnded(second)
        deliver(control, to: app)
        #expect(!app.isHardwareKeyboardAttached)
    }

    /// Records the phases of the touches it gets.
    final class Pad: View {
        var phases: [String] = []
        override func touchesBegan(_ touches: TouchSet, with event: Event?) { phases.append("began") }
        override func touchesEnded(_ touches: TouchSet, with event: Event?) { phases.append("ended") }
        override func touchesCancelled(_ touches: TouchSet, with event: Event?) { phases.append("cancelled") }
    }

    @Test func theLastTypistLeavingCancelsNoTouchOfAViewerStillPointing() throws {
        // The remote keyboard is a device of its own: detaching it releases keys only.
        let app = Application(platform: HeadlessPlatform(mode: DisplayMode(width: 320, height: 240)))
        let window = Window(frame: app.screen.bounds)
        let pad = Pad(frame: window.bounds)
        window.addSubview(pad)
        window.makeKeyAndVisible(in: app)
        let control = try server(.control, on: app)
        defer { control.stop() }
        let pointing = rfbClientPtr.allocate(capacity: 1), typing = rfbClientPtr.allocate(capacity: 1)
        defer { pointing.deallocate(); typing.deallocate() }
        control.pointer(mask: 1, x: 100, y: 100)
        control.key(down: true, keysym: 0x61, from: typing)
        control.key(down: false, keysym: 0x61, from: typing)
        deliver(control, to: app)
        #expect(pad.phases == ["began"])
        control.typingSessionEnded(typing)
        deliver(control, to: app)
        #expect(!app.isHardwareKeyboardAttached)
        #expect(pad.phases == ["began"])
        control.pointer(mask: 0, x: 100, y: 100)
        deliver(control, to: app)
        #expect(pad.phases == ["began", "ended"])
    }

    @Test func stoppingTheServerDetachesTheKeyboardAndViewModeNeverAttachesOne() throws {
        let app = Application(platform: HeadlessPlatform(mode: DisplayMode(width: 320, height: 240)))
        let control = try server(.control, on: app)
        control.key(down: true, keysym: 0x61)
        deliver(control, to: app)
        #expect(app.isHardwareKeyboardAttached)
        control.stop()
        #expect(!app.isHardwareKeyboardAttached)

        let view = try server(.view, on: app)
        defer { view.stop() }
        view.key(down: true, keysym: 0x61)
        #expect(view.pendingInput.isEmpty)
    }
}
