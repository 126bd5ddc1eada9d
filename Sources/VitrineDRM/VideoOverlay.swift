import VitrineSeams
import VitrineGraphics

/// The overlay plane a `DRMDisplay` shows video on, and the ids of the properties a commit
/// sets on it: found once, at creation, from the device's description.
///
/// The plane is an overlay (not the primary, not a cursor) that the display's CRTC can use,
/// that no other CRTC uses now, and that scans out XRGB8888 (the frames' format: GStreamer's
/// BGRx). Its stacking against the primary comes from their `zpos` properties when both have
/// one (Debian 6.1's vkms has none), else the overlay is above: that is what "overlay" means
/// to every driver that orders planes by type.
struct VideoOverlay {
    let planeID: UInt32
    let stacking: VideoPlaneStacking
    let fbID: UInt32
    let crtcID: UInt32
    let srcX: UInt32, srcY: UInt32, srcW: UInt32, srcH: UInt32
    let crtcX: UInt32, crtcY: UInt32, crtcW: UInt32, crtcH: UInt32

    /// The overlay for `pipeline`'s CRTC in `description`, or why there is none (a phrase for
    /// `VideoPlaneError.noPlane`).
    static func find(in description: KMSDeviceDescription, pipeline: KMSPipeline) -> (overlay: VideoOverlay?, absence: String) {
        guard pipeline.crtcIndex < 32 else { return (nil, "the CRTC's index is past what planes can name") }
        let usable = description.planes.filter {
            $0.type == .overlay && $0.possibleCRTCs & (1 << UInt32(pipeline.crtcIndex)) != 0
                && ($0.crtcID == 0 || $0.crtcID == pipeline.crtcID)
        }
        guard !usable.isEmpty else {
            return (nil, "\(description.driver.name) has no free overlay plane for CRTC \(pipeline.crtcID)"
                + (description.driver.name == "vkms" ? " — load vkms with enable_overlay=1" : ""))
        }
        guard let plane = usable.first(where: { $0.formats.contains(KMSFourCC.xrgb8888) }) else {
            return (nil, "no overlay plane for CRTC \(pipeline.crtcID) takes XRGB8888")
        }
        func id(_ name: String) -> UInt32? { plane.properties.named(name)?.id }
        guard let fb = id("FB_ID"), let crtc = id("CRTC_ID"), let sx = id("SRC_X"), let sy = id("SRC_Y"),
              let sw = id("SRC_W"), let sh = id("SRC_H"), let cx = id("CRTC_X"), let cy = id("CRTC_Y"),
              let cw = id("CRTC_W"), let ch = id("CRTC_H") else {
            return (nil, "overlay plane \(plane.id) lacks a property an atomic commit sets")
        }
        var stacking = VideoPlaneStacking.aboveUI
        let primary = description.planes.first { $0.id == pipeline.planeID }
        if let own = plane.properties.named("zpos")?.value, let under = primary?.properties.named("zpos")?.value, own < under {
            stacking = .belowUI
        }
        let overlay = VideoOverlay(planeID: plane.id, stacking: stacking, fbID: fb, crtcID: crtc, srcX: sx, srcY: sy, srcW: sw,
                                   srcH: sh, crtcX: cx, crtcY: cy, crtcW: cw, crtcH: ch)
        return (overlay, "")
    }

    /// Adds to `request` the changes that put `framebuffer` on the plane at `geometry` on
    /// `crtc` (every property: the first frame's commit, a new geometry, a test).
    func addSetup(to request: inout AtomicRequest, crtc: UInt32, framebuffer: UInt32, geometry: VideoPlaneGeometry) {
        let source = geometry.source, destination = geometry.destination
        request.add(planeID, fbID, UInt64(framebuffer))
        request.add(planeID, crtcID, UInt64(crtc))
        request.add(planeID, srcX, UInt64(source.x) << 16)
        request.add(planeID, srcY, UInt64(source.y) << 16)
        request.add(planeID, srcW, UInt64(source.width) << 16)
        request.add(planeID, srcH, UInt64(source.height) << 16)
        // CRTC_X and CRTC_Y are signed: two's complement in the 64-bit value.
        request.add(planeID, crtcX, UInt64(bitPattern: Int64(destination.x)))
        request.add(planeID, crtcY, UInt64(bitPattern: Int64(destination.y)))
        request.add(planeID, crtcW, UInt64(destination.width))
        request.add(planeID, crtcH, UInt64(destination.height))
    }

    /// Adds to `request` the one change of a frame's commit: the plane's framebuffer.
    func addFrame(to request: inout AtomicRequest, framebuffer: UInt32) {
        request.add(planeID, fbID, UInt64(framebuffer))
    }

    /// Adds to `request` the changes that take the plane off its CRTC.
    func addDisable(to request: inout AtomicRequest) {
        request.add(planeID, fbID, 0)
        request.add(planeID, crtcID, 0)
    }
}
