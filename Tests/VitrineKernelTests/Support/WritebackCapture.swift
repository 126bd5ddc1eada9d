import CDRM
import Glibc
import SystemPackage
import VitrineDRM
import VitrineGraphics

/// Captures what a CRTC shows, through vkms's writeback connector: the picture as the kernel
/// composed it for scanout, read back into memory. Test code, on the display's own descriptor
/// (an atomic commit needs DRM master, which the display holds).
///
/// A capture is one blocking atomic commit that routes the writeback connector to the CRTC with
/// `WRITEBACK_FB_ID` (our buffer) and `WRITEBACK_OUT_FENCE_PTR`, leaving the planes as the
/// display last committed them; the out-fence signals once vkms has written the frame. A
/// second commit takes the connector off again, so the display's own commits never see it.
/// Routing a connector is a modeset (ALLOW_MODESET), so capture only while no flip is pending.
/// (The two encoders may share the CRTC thanks to `scripts/lib/vm/vkms.patch`.)
@MainActor
final class WritebackCapture {
    let device: any KMSDevice
    let crtcID: UInt32
    let width: Int
    let height: Int
    private let connectorID: UInt32
    private let crtcIDProperty: UInt32
    private let framebufferProperty: UInt32
    private let fenceProperty: UInt32
    private let buffer: KMSDumbBuffer
    private let pixels: UnsafeMutableRawPointer
    private let framebufferID: UInt32
    private var isClosed = false

    /// Prepares capturing `crtcID` of `device`, whose mode is `width`×`height` (panel pixels).
    init(device: any KMSDevice, crtcID: UInt32, width: Int, height: Int) throws {
        let fd = device.fileDescriptor
        // Writeback connectors are listed only to clients that say they understand them
        // (and that are atomic, which the display made this descriptor).
        guard drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_WRITEBACK_CONNECTORS), 1) == 0 else {
            throw KernelSetupError("\(device.path): no writeback connectors (\(Errno(rawValue: errno))) — vkms needs enable_writeback=1")
        }
        var found: UInt32?
        for id in try device.resources().connectorIDs where (try? device.connector(id, probing: false))?.type == KMSConnector.typeWriteback {
            found = id
        }
        guard let connectorID = found else { throw KernelSetupError("\(device.path) has no writeback connector") }
        let properties = try device.properties(of: connectorID, type: .connector)
        guard let crtcProperty = properties.named("CRTC_ID")?.id, let fbProperty = properties.named("WRITEBACK_FB_ID")?.id,
              let fenceProperty = properties.named("WRITEBACK_OUT_FENCE_PTR")?.id else {
            throw KernelSetupError("\(device.path): the writeback connector lacks CRTC_ID, WRITEBACK_FB_ID or WRITEBACK_OUT_FENCE_PTR")
        }
        let buffer = try device.createDumbBuffer(width: width, height: height, bitsPerPixel: 32)
        let pixels: UnsafeMutableRawPointer
        do { pixels = try device.mapDumbBuffer(buffer) } catch {
            device.destroyDumbBuffer(buffer)
            throw error
        }
        let framebufferID: UInt32
        do { framebufferID = try device.addFramebuffer(buffer, width: width, height: height, fourcc: KMSFourCC.xrgb8888) } catch {
            device.unmapDumbBuffer(buffer, at: pixels)
            device.destroyDumbBuffer(buffer)
            throw error
        }
        self.device = device
        self.crtcID = crtcID
        self.width = width
        self.height = height
        self.connectorID = connectorID
        self.crtcIDProperty = crtcProperty
        self.framebufferProperty = fbProperty
        self.fenceProperty = fenceProperty
        self.buffer = buffer
        self.pixels = pixels
        self.framebufferID = framebufferID
    }

    /// Releases the buffer, in the reverse order of making it. Idempotent.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        device.removeFramebuffer(framebufferID)
        device.unmapDumbBuffer(buffer, at: pixels)
        device.destroyDumbBuffer(buffer)
    }

    isolated deinit { close() }

    /// The frame the CRTC shows now, as XRGB8888 panel pixels.
    func capture() throws -> Surface {
        precondition(!isClosed, "capture() after close()")
        // A frame from an earlier capture must not pass for this one.
        memset(pixels, 0x5A, buffer.size)
        let fence = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        fence.pointee = -1
        defer { fence.deallocate() }
        var request = AtomicRequest()
        request.add(connectorID, crtcIDProperty, UInt64(crtcID))
        request.add(connectorID, framebufferProperty, UInt64(framebufferID))
        request.add(connectorID, fenceProperty, UInt64(UInt(bitPattern: fence)))
        do {
            try device.atomicCommit(request, flags: .allowModeset, userData: 0)
        } catch {
            throw KernelSetupError("\(device.path): the writeback commit failed: \(error)"
                + (error == .invalidArgument ? " (is vkms built with scripts/lib/vm/vkms.patch, which lets the writeback encoder clone the CRTC?)" : ""))
        }
        defer { detach() }
        guard fence.pointee >= 0 else { throw KernelSetupError("\(device.path): the writeback commit returned no out-fence") }
        defer { _ = Glibc.close(fence.pointee) }
        var poll = pollfd(fd: fence.pointee, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat { ready = Glibc.poll(&poll, 1, 5000) } while ready < 0 && errno == EINTR
        guard ready == 1 else { throw KernelSetupError("\(device.path): the writeback fence did not signal within 5 s") }
        let surface = Surface(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            (surface.baseAddress + y * surface.stride).copyMemory(from: pixels + y * buffer.pitch, byteCount: width * 4)
        }
        return surface
    }

    private func detach() {
        var request = AtomicRequest()
        request.add(connectorID, crtcIDProperty, 0)
        try? device.atomicCommit(request, flags: .allowModeset, userData: 0)
    }
}
