import SystemPackage
import VitrineSeams
import VitrineGraphics

/// The DRM/KMS operations the display backend uses, and nothing more: the seam between
/// `DRMDisplay` and the kernel. `LibDRMDevice` implements it with libdrm on a `/dev/dri/card*`
/// node; tests implement it in memory with scripted resources, scripted errors and flip events
/// delivered when the test says.
///
/// Contract, for every implementation:
/// - Every call is synchronous and made on the main actor; none blocks except where the kernel
///   call itself does (a blocking atomic commit, a legacy `setCRTC`).
/// - Failures are reported as the kernel's `Errno` (EBUSY, EACCES, EINVAL…), never hidden.
/// - Object ids (connectors, encoders, CRTCs, planes, properties, framebuffers, blobs) are the
///   kernel's; CRTC *indexes* are positions in `resources().crtcIDs`, which is what encoders' and
///   planes' `possibleCRTCs` bitmasks count.
/// - `readEvents` never blocks: it hands over the events queued on the descriptor (page-flip
///   completions, requested vblanks) in the order the kernel queued them, and returns.
/// - Timestamps of events are CLOCK_MONOTONIC, the clock `MonotonicClock` reads.
@MainActor
package protocol KMSDevice: AnyObject {
    /// The device node, for messages (`/dev/dri/card0`).
    var path: String { get }

    /// The descriptor the run loop watches for events (readable when one is queued).
    var fileDescriptor: Int32 { get }

    /// The kernel driver's name and description (`vkms`, `vc4`…), from DRM_IOCTL_VERSION.
    func driver() throws(Errno) -> KMSDriver

    /// Whether this node does modesetting (a render-only node does not).
    var isKMS: Bool { get }

    /// Whether this descriptor is the DRM master (may modeset).
    var isMaster: Bool { get }

    /// Becomes DRM master (drmSetMaster). EBUSY or EACCES: another client holds it or the
    /// process may not take it.
    func setMaster() throws(Errno)

    /// Gives up DRM master (drmDropMaster), so another client can modeset.
    func dropMaster() throws(Errno)

    /// A driver capability (DRM_CAP_*), as drmGetCap reports it.
    func capability(_ capability: UInt64) throws(Errno) -> UInt64

    /// Tells the kernel this client understands a feature (DRM_CLIENT_CAP_*): universal planes,
    /// atomic. Fails when the driver does not offer it.
    func setClientCapability(_ capability: UInt64, to value: UInt64) throws(Errno)

    /// The ids of the mode objects (drmModeGetResources).
    func resources() throws(Errno) -> KMSResources

    /// One connector. `probing: true` asks the kernel to probe the sink again (slow on some
    /// hardware: it may read EDID); `false` returns what the kernel knows.
    func connector(_ id: UInt32, probing: Bool) throws(Errno) -> KMSConnector

    /// One encoder.
    func encoder(_ id: UInt32) throws(Errno) -> KMSEncoder

    /// One CRTC, with its current framebuffer, position and mode (drmModeGetCrtc).
    func crtc(_ id: UInt32) throws(Errno) -> KMSCRTC

    /// The ids of every plane (needs the universal-planes client capability to list primary and
    /// cursor planes).
    func planeIDs() throws(Errno) -> [UInt32]

    /// One plane, without its properties.
    func plane(_ id: UInt32) throws(Errno) -> KMSPlane

    /// The properties of a mode object, with their current values.
    func properties(of objectID: UInt32, type: KMSObjectType) throws(Errno) -> [KMSProperty]

    /// Creates a dumb buffer of `width`×`height` pixels of `bitsPerPixel` (CPU-drawable,
    /// scanout-capable memory).
    func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) throws(Errno) -> KMSDumbBuffer

    /// Maps a dumb buffer into this process (DRM_IOCTL_MODE_MAP_DUMB, then mmap of the fd at the
    /// offset it gives), read-write, shared. Released with `unmapDumbBuffer`.
    func mapDumbBuffer(_ buffer: KMSDumbBuffer) throws(Errno) -> UnsafeMutableRawPointer

    /// Unmaps what `mapDumbBuffer` mapped.
    func unmapDumbBuffer(_ buffer: KMSDumbBuffer, at pointer: UnsafeMutableRawPointer)

    /// Destroys a dumb buffer (its memory lives on while a framebuffer or mapping holds it).
    func destroyDumbBuffer(_ buffer: KMSDumbBuffer)

    /// Makes a framebuffer of `width`×`height` over `buffer` in `fourcc` (drmModeAddFB2); returns its id.
    func addFramebuffer(_ buffer: KMSDumbBuffer, width: Int, height: Int, fourcc: UInt32) throws(Errno) -> UInt32

    /// Removes a framebuffer (one on screen is taken off its CRTC by the kernel).
    func removeFramebuffer(_ id: UInt32)

    /// Creates a property blob (a mode for MODE_ID, damage rectangles for FB_DAMAGE_CLIPS); returns its id.
    func createPropertyBlob(_ blob: KMSBlob) throws(Errno) -> UInt32

    /// Releases a blob (a commit that used it keeps its own reference).
    func destroyPropertyBlob(_ id: UInt32)

    /// Applies `request` in one atomic commit with `flags`. With `.pageFlipEvent` a flip event
    /// (carrying `userData`) is queued when the commit reaches the screen; with `.nonBlocking`
    /// it returns at once, and fails with EBUSY while an earlier commit on the CRTC is pending.
    func atomicCommit(_ request: AtomicRequest, flags: AtomicCommitFlags, userData: UInt64) throws(Errno)

    /// Legacy modeset (drmModeSetCrtc): shows `framebuffer` at (`x`, `y`) on `crtcID` in `mode`
    /// through `connectors`; blocking, no event. Framebuffer 0 with no connectors and no mode
    /// turns the CRTC off.
    func setCRTC(_ crtcID: UInt32, framebuffer: UInt32, x: Int, y: Int, connectors: [UInt32], mode: KMSMode?) throws(Errno)

    /// Legacy page flip (drmModePageFlip with DRM_MODE_PAGE_FLIP_EVENT): shows `framebuffer` on
    /// `crtcID` at the next vblank and queues a flip event; EBUSY while a flip is pending.
    func pageFlip(_ crtcID: UInt32, framebuffer: UInt32, userData: UInt64) throws(Errno)

    /// Tells the driver which parts of `framebuffer` changed (drmModeDirtyFB), `clips` in
    /// framebuffer pixels: drivers that upload by hand (USB, SPI, virtual GPUs) then copy only
    /// those. ENOSYS (or EOPNOTSUPP) when the driver has no use for it.
    func dirtyFramebuffer(_ framebuffer: UInt32, clips: [PixelRect]) throws(Errno)

    /// Sets one property of one object outside an atomic commit (the legacy DPMS property).
    func setProperty(_ propertyID: UInt32, of objectID: UInt32, type: KMSObjectType, to value: UInt64) throws(Errno)

    /// Asks for a vblank event at the next vblank of the CRTC at `crtcIndex` (drmWaitVBlank
    /// with DRM_VBLANK_EVENT | DRM_VBLANK_RELATIVE, sequence 1). Fails while the CRTC is off.
    func requestVBlankEvent(crtcIndex: Int, userData: UInt64) throws(Errno)

    /// Hands every queued event to `handler`, in order, without blocking.
    func readEvents(_ handler: (KMSEvent) -> Void) throws(Errno)
}

extension KMSDevice {
    /// Describes the whole device: every connector, encoder, CRTC and plane
    /// with their properties, in the kernel's order. Planes are listed only when the
    /// universal-planes capability is set; `supportsAtomic` says whether the caller's atomic
    /// client capability was accepted (which also reveals atomic-only properties).
    /// `probingConnectors` asks the kernel to probe each connector again (as `vitrine devices`
    /// does); otherwise their last known state is used.
    package func describe(supportsAtomic: Bool, probingConnectors: Bool = false) throws(Errno) -> KMSDeviceDescription {
        let res = try resources()
        let info = try driver()
        var connectors: [KMSConnector] = []
        for id in res.connectorIDs {
            var c = try connector(id, probing: probingConnectors)
            c.properties = try properties(of: id, type: .connector)
            connectors.append(c)
        }
        var encoders: [KMSEncoder] = []
        for id in res.encoderIDs { encoders.append(try encoder(id)) }
        var crtcs: [KMSCRTC] = []
        for id in res.crtcIDs {
            var c = try crtc(id)
            c.properties = try properties(of: id, type: .crtc)
            crtcs.append(c)
        }
        var planes: [KMSPlane] = []
        for id in try planeIDs() {
            var p = try plane(id)
            p.properties = try properties(of: id, type: .plane)
            planes.append(p)
        }
        let dumb = (try? capability(KMSCapability.dumbBuffer)) == 1
        return KMSDeviceDescription(path: path, driver: info, supportsDumbBuffers: dumb, supportsAtomic: supportsAtomic,
                                    connectors: connectors, encoders: encoders, crtcs: crtcs, planes: planes)
    }
}
