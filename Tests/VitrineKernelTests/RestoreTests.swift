import Glibc
import Testing
import VitrineDRM
import VitrineGraphics

extension KernelRing {
    /// A program that modesets must leave the CRTC as it found it, when it exits and when it is
    /// told to stop with SIGTERM. The test sets up a configuration no one else would (its own
    /// 800×600 framebuffer), hands DRM master over, lets a real child process take the screen,
    /// ends it, and reads the CRTC back. Its descriptor stays open throughout, so the kernel's
    /// own last-close restore (fbdev emulation) cannot be what put the picture back.
    @Suite("The screen is left as it was found")
    @MainActor
    struct LeftAsFound {
        enum Case: String, CaseIterable, CustomTestStringConvertible {
            case flipTestExits = "vitrine flip-test, normal exit"
            case flipTestTerminated = "vitrine flip-test, SIGTERM"
            case demoTerminated = "vitrine-demo (Application.main on DRMPlatform), SIGTERM"
            var testDescription: String { rawValue }
        }

        @Test("the CRTC configuration is restored", arguments: Case.allCases)
        func crtcRestored(_ run: Case) throws {
            let path = try KernelDevices.vkmsPath()
            let found = try FoundConfiguration(path: path)
            defer { found.release() }
            let before = try found.device.crtc(found.crtcID)
            #expect(before.framebufferID == found.framebufferID && before.mode?.width == 800,
                    "the test's own configuration did not take: \(before)")
            try found.device.dropMaster()

            let bin = KernelRing.binDirectory
            let child: ChildProcess
            switch run {
            case .flipTestExits:
                child = try ChildProcess(bin + "/vitrine", ["flip-test", "--device", path, "--frames", "30"])
            case .flipTestTerminated:
                child = try ChildProcess(bin + "/vitrine", ["flip-test", "--device", path, "--frames", "1000000", "--timeout", "600"])
            case .demoTerminated:
                child = try ChildProcess(bin + "/vitrine-demo", [])
            }
            // Wait until the child shows its own picture (another framebuffer on the CRTC).
            var tookOver = false
            var remaining = 90_000
            while remaining > 0 {
                let shown = (try? found.device.crtc(found.crtcID))?.framebufferID ?? 0
                if shown != 0 && shown != found.framebufferID { tookOver = true; break }
                if !child.readOutput(waitingAtMost: 20) { break }   // it exited
                remaining -= 20
            }
            if run == .flipTestExits {
                let ending = child.wait(seconds: 60)
                #expect(ending == .exited(0), "\(child.commandLine) \(ending):\n\(child.text)")
            } else {
                #expect(tookOver, "\(child.commandLine) never showed a frame:\n\(child.text)")
                kill(child.pid, SIGTERM)
                let ending = child.wait(seconds: 30)
                // Handled, not killed: the loop stopped and the display restored itself.
                if case .exited = ending {} else {
                    Issue.record("\(child.commandLine) did not exit on SIGTERM: \(ending)\n\(child.text)")
                }
            }
            #expect(tookOver || run == .flipTestExits, "the child never modeset")

            let after = try found.device.crtc(found.crtcID)
            #expect(after.framebufferID == found.framebufferID, "the CRTC shows framebuffer \(after.framebufferID), not the one found (\(found.framebufferID))")
            #expect(after.mode == before.mode, "mode \(String(describing: after.mode)), found \(String(describing: before.mode))")
            #expect(after.x == before.x && after.y == before.y)
            let connector = try found.device.connector(found.connectorID, probing: false)
            let encoder = try found.device.encoder(connector.encoderID)
            #expect(encoder.crtcID == found.crtcID, "\(KernelDevices.virtualConnector) is no longer fed by the CRTC")
            // And the pixels are ours: the writeback of the restored CRTC shows the test pattern.
            try found.device.setMaster()
            _ = try? found.device.setClientCapability(KMSCapability.atomic, to: 1)
            let capture = try WritebackCapture(device: found.device, crtcID: found.crtcID, width: 800, height: 600)
            defer { capture.close() }
            PictureCheck.expectEqual(try capture.capture(), found.pattern, name: "restored-\(run)")
        }
    }
}

/// A CRTC configuration only this test would make: vkms's Virtual connector at 800×600 showing
/// a pattern from the test's own dumb buffer, on the test's own descriptor.
@MainActor
final class FoundConfiguration {
    let device: LibDRMDevice
    let crtcID: UInt32
    let connectorID: UInt32
    let framebufferID: UInt32
    let pattern: Surface
    private let buffer: KMSDumbBuffer
    private let pixels: UnsafeMutableRawPointer
    private var isReleased = false

    init(path: String) throws {
        let device = try LibDRMDevice(path: path)
        if !device.isMaster { try device.setMaster() }
        guard let crtc = try device.resources().crtcIDs.first else { throw KernelSetupError("\(path) has no CRTC") }
        let connectorID = try KernelDevices.connectorID(named: KernelDevices.virtualConnector, on: device)
        let connector = try device.connector(connectorID, probing: true)
        guard let mode = connector.modes.first(where: { $0.width == 800 && $0.height == 600 }) else {
            throw KernelSetupError("\(KernelDevices.virtualConnector) offers no 800x600 mode: \(connector.modes)")
        }
        let pattern = Surface(width: 800, height: 600, format: .xrgb8888)
        for band in 0..<8 {
            let color = Color(red: Double(band % 2), green: Double((band / 2) % 2), blue: Double(band) / 7)
            pattern.fill(PixelRect(x: band * 100, y: 0, width: 100, height: 600), with: color)
        }
        pattern.fill(PixelRect(x: 350, y: 250, width: 100, height: 100), with: Color(white: 0.5))
        // Made in order, undone in reverse if a later step fails.
        let buffer = try device.createDumbBuffer(width: 800, height: 600, bitsPerPixel: 32)
        let pixels: UnsafeMutableRawPointer
        do { pixels = try device.mapDumbBuffer(buffer) } catch {
            device.destroyDumbBuffer(buffer)
            throw error
        }
        let scanout = Surface(wrapping: pixels, width: 800, height: 600, stride: buffer.pitch, format: .xrgb8888)
        _ = scanout.copy(Region(pattern.bounds), from: pattern)
        let framebufferID: UInt32
        do { framebufferID = try device.addFramebuffer(buffer, width: 800, height: 600, fourcc: KMSFourCC.xrgb8888) } catch {
            device.unmapDumbBuffer(buffer, at: pixels)
            device.destroyDumbBuffer(buffer)
            throw error
        }
        do { try device.setCRTC(crtc, framebuffer: framebufferID, x: 0, y: 0, connectors: [connectorID], mode: mode) } catch {
            device.removeFramebuffer(framebufferID)
            device.unmapDumbBuffer(buffer, at: pixels)
            device.destroyDumbBuffer(buffer)
            throw error
        }
        self.device = device
        self.crtcID = crtc
        self.connectorID = connectorID
        self.framebufferID = framebufferID
        self.pattern = pattern
        self.buffer = buffer
        self.pixels = pixels
    }

    /// Turns the CRTC off and frees the buffer, in reverse order.
    func release() {
        guard !isReleased else { return }
        isReleased = true
        if !device.isMaster { try? device.setMaster() }
        try? device.setCRTC(crtcID, framebuffer: 0, x: 0, y: 0, connectors: [], mode: nil)
        device.removeFramebuffer(framebufferID)
        device.unmapDumbBuffer(buffer, at: pixels)
        device.destroyDumbBuffer(buffer)
    }
}
