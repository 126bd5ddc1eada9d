import Logging
import SystemPackage
import VitrineSeams
import VitrineGraphics

/// What a commit shows: the pipeline (CRTC, connector, plane, mode), the size of the buffers,
/// and the plane's rotation (`.none` when the copy turns the picture).
struct ScanoutSetup {
    var pipeline: KMSPipeline
    var bufferWidth: Int
    var bufferHeight: Int
    var planeRotation: ScreenRotation
}

/// How frames reach the CRTC: the one small interface `DRMDisplay` commits through, with an
/// atomic and a legacy implementation (as wlroots' `backend/drm/iface.h`). The display owns the
/// state machine, buffers and events; a path only turns "show this" into kernel calls.
///
/// Every call is on the main actor and reports the kernel's `Errno`. Events a path asks for
/// carry the `token` it is given.
@MainActor
protocol KMSCommitPath: AnyObject {
    /// Whether this is the atomic API.
    var isAtomic: Bool { get }
    /// Whether `flip` hands the driver damage clips (FB_DAMAGE_CLIPS or DirtyFB): when false the
    /// display need not compute them.
    var takesDamage: Bool { get }
    /// Whether a modeset queues a flip event (atomic); otherwise it returns with the frame on
    /// screen and no event, and the next vblank reports it (legacy SetCrtc).
    var modesetSendsFlipEvent: Bool { get }

    /// Shows `framebuffer` with `setup`'s mode and routing (detaching whatever else used the
    /// CRTC), the plane turned by its rotation.
    func modeset(_ setup: ScanoutSetup, framebuffer: UInt32, token: UInt64) throws(Errno)
    /// Shows `framebuffer` at the next vblank and queues a flip event carrying `token`;
    /// `clips` (framebuffer pixels, may be empty) say what changed. EBUSY while the kernel
    /// still works on an earlier commit.
    func flip(_ setup: ScanoutSetup, framebuffer: UInt32, clips: [PixelRect], token: UInt64) throws(Errno)
    /// Turns the CRTC on or off. Returns false when this path cannot (no DPMS property).
    func setActive(_ on: Bool, _ setup: ScanoutSetup) throws(Errno) -> Bool
    /// Puts back the configuration found at start. Failures are logged: nothing more can be done.
    func restore(_ saved: SavedConfiguration, _ setup: ScanoutSetup)
    /// Whether a test-only modeset with the plane turned by `setup.planeRotation` is accepted.
    func acceptsPlaneRotation(_ setup: ScanoutSetup, framebuffer: UInt32) -> Bool
}

/// The legacy API: SetCrtc to modeset, PageFlip to flip, the DPMS property for power, and
/// DirtyFB to tell drivers that need it what changed.
@MainActor
final class LegacyCommitPath: KMSCommitPath {
    let device: any KMSDevice
    private let logger: Logger
    private let connectorDPMS: UInt32?
    /// Whether the driver takes DirtyFB; false once it answered that it has no use for it.
    private(set) var sendsDirtyFramebuffer = true

    init(device: any KMSDevice, saved: SavedConfiguration, logger: Logger) {
        self.device = device
        self.logger = logger
        connectorDPMS = saved.connectorDPMS
    }

    var isAtomic: Bool { false }
    var takesDamage: Bool { sendsDirtyFramebuffer }
    var modesetSendsFlipEvent: Bool { false }

    func modeset(_ setup: ScanoutSetup, framebuffer: UInt32, token: UInt64) throws(Errno) {
        let pipeline = setup.pipeline
        try device.setCRTC(pipeline.crtcID, framebuffer: framebuffer, x: 0, y: 0, connectors: [pipeline.connectorID], mode: pipeline.mode)
    }

    /// PageFlip, then DirtyFB with the clips: the framebuffer is on the CRTC by then, which is
    /// when drivers that upload by hand (USB and SPI panels, virtual GPUs) act on it. A driver
    /// without a use for it answers ENOSYS (or EOPNOTSUPP) and is not asked again; another
    /// failure costs only the hint, not the frame.
    func flip(_ setup: ScanoutSetup, framebuffer: UInt32, clips: [PixelRect], token: UInt64) throws(Errno) {
        try device.pageFlip(setup.pipeline.crtcID, framebuffer: framebuffer, userData: token)
        guard sendsDirtyFramebuffer, !clips.isEmpty else { return }
        do {
            try device.dirtyFramebuffer(framebuffer, clips: clips)
        } catch where error == .noFunction || error == .notSupported {
            sendsDirtyFramebuffer = false
            logger.debug("\(device.path): the driver takes no DirtyFB; frames go without damage clips")
        } catch {
            logger.warning("\(device.path): DirtyFB failed: \(error)")
        }
    }

    func setActive(_ on: Bool, _ setup: ScanoutSetup) throws(Errno) -> Bool {
        guard let connectorDPMS else { return false }
        // DRM_MODE_DPMS_ON = 0, DRM_MODE_DPMS_OFF = 3.
        try device.setProperty(connectorDPMS, of: setup.pipeline.connectorID, type: .connector, to: on ? 0 : 3)
        return true
    }

    func restore(_ saved: SavedConfiguration, _ setup: ScanoutSetup) {
        let crtc = saved.crtc
        let showing = crtc.framebufferID != 0 && crtc.mode != nil
        do {
            try device.setCRTC(crtc.id, framebuffer: showing ? crtc.framebufferID : 0, x: crtc.x, y: crtc.y,
                               connectors: showing ? saved.connectorsOnCRTC : [], mode: showing ? crtc.mode : nil)
        } catch {
            logger.error("\(device.path): restoring CRTC \(crtc.id) failed: \(error)")
        }
    }

    /// The legacy API cannot turn a plane.
    func acceptsPlaneRotation(_ setup: ScanoutSetup, framebuffer: UInt32) -> Bool { false }
}
