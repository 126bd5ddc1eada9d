import SystemPackage
import VitrineSeams
import VitrineGraphics

/// One scanout buffer: a dumb buffer, mapped once, with its framebuffer and a surface over the mapping.
@MainActor
struct ScanoutBuffer {
    let dumb: KMSDumbBuffer
    let pointer: UnsafeMutableRawPointer
    let framebufferID: UInt32
    let surface: Surface

    init(device: any KMSDevice, width: Int, height: Int, format: PixelFormat, fourcc: UInt32) throws(Errno) {
        // Rows of 16-bit pixels are padded to an even width so the pitch stays a multiple of 4,
        // which pixman needs.
        let allocatedWidth = format.bytesPerPixel == 2 ? (width + 1) & ~1 : width
        let dumb = try device.createDumbBuffer(width: allocatedWidth, height: height, bitsPerPixel: format.bytesPerPixel * 8)
        guard dumb.pitch % 4 == 0, dumb.pitch >= width * format.bytesPerPixel else {
            device.destroyDumbBuffer(dumb)
            throw .invalidArgument
        }
        let pointer: UnsafeMutableRawPointer
        do { pointer = try device.mapDumbBuffer(dumb) } catch {
            device.destroyDumbBuffer(dumb)
            throw error
        }
        let framebufferID: UInt32
        do { framebufferID = try device.addFramebuffer(dumb, width: width, height: height, fourcc: fourcc) } catch {
            device.unmapDumbBuffer(dumb, at: pointer)
            device.destroyDumbBuffer(dumb)
            throw error
        }
        self.dumb = dumb
        self.pointer = pointer
        self.framebufferID = framebufferID
        // Scanout memory: mapped write-combined by a real GPU, so large copies into it stream.
        self.surface = Surface(wrapping: pointer, width: width, height: height, stride: dumb.pitch, format: format, isScanout: true)
    }

    /// Releases in the reverse order of creation.
    func release(_ device: any KMSDevice) {
        device.removeFramebuffer(framebufferID)
        device.unmapDumbBuffer(dumb, at: pointer)
        device.destroyDumbBuffer(dumb)
    }
}

/// The CRTC configuration found at start, which `restore()` puts back.
struct SavedConfiguration {
    let crtc: KMSCRTC
    /// Connectors the CRTC drove.
    let connectorsOnCRTC: [UInt32]
    /// The primary plane's `rotation` value.
    let planeRotation: UInt64?
    /// The connector's legacy DPMS property.
    let connectorDPMS: UInt32?

    init(description: KMSDeviceDescription, pipeline: KMSPipeline) {
        crtc = description.crtcs[pipeline.crtcIndex]
        connectorsOnCRTC = description.connectors.filter { description.currentCRTC(of: $0) == pipeline.crtcID }.map(\.id)
        let plane = description.planes.first { $0.id == pipeline.planeID }
        planeRotation = plane?.properties.named("rotation")?.value
        connectorDPMS = description.connectors.first { $0.id == pipeline.connectorID }?.properties.named("DPMS")?.id
    }
}
