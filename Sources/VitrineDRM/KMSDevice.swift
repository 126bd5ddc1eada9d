import SystemPackage
import Vitrine
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
public protocol KMSDevice: AnyObject {
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
    public func describe(supportsAtomic: Bool, probingConnectors: Bool = false) throws(Errno) -> KMSDeviceDescription {
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

/// Constants of DRM_IOCTL_GET_CAP and DRM_IOCTL_SET_CLIENT_CAP (drm.h), named.
public enum KMSCapability {
    /// DRM_CAP_DUMB_BUFFER: the driver makes dumb buffers.
    public static let dumbBuffer: UInt64 = 0x1
    /// DRM_CAP_TIMESTAMP_MONOTONIC: event timestamps are CLOCK_MONOTONIC (always, since 4.15).
    public static let timestampMonotonic: UInt64 = 0x6
    /// DRM_CLIENT_CAP_UNIVERSAL_PLANES: list primary and cursor planes too.
    public static let universalPlanes: UInt64 = 2
    /// DRM_CLIENT_CAP_ATOMIC: atomic modesetting (implies universal planes).
    public static let atomic: UInt64 = 3
}

/// The driver behind a node (DRM_IOCTL_VERSION).
public struct KMSDriver: Hashable, Sendable {
    /// Short name: `vkms`, `vc4`, `i915`, `virtio_gpu`.
    public var name: String
    /// The driver's own description.
    public var description: String

    /// Creates a driver description.
    public init(name: String, description: String = "") {
        self.name = name
        self.description = description
    }
}

/// The kind of a mode object, for property calls (DRM_MODE_OBJECT_*).
public enum KMSObjectType: UInt32, Sendable, Hashable {
    /// DRM_MODE_OBJECT_CRTC.
    case crtc = 0xcccc_cccc
    /// DRM_MODE_OBJECT_CONNECTOR.
    case connector = 0xc0c0_c0c0
    /// DRM_MODE_OBJECT_PLANE.
    case plane = 0xeeee_eeee
}

/// The ids of a device's mode objects, in the kernel's order.
public struct KMSResources: Hashable, Sendable {
    /// CRTC ids; a CRTC's *index* (what `possibleCRTCs` bits count) is its position here.
    public var crtcIDs: [UInt32]
    /// Connector ids.
    public var connectorIDs: [UInt32]
    /// Encoder ids.
    public var encoderIDs: [UInt32]

    /// Creates a resource list.
    public init(crtcIDs: [UInt32], connectorIDs: [UInt32], encoderIDs: [UInt32]) {
        self.crtcIDs = crtcIDs
        self.connectorIDs = connectorIDs
        self.encoderIDs = encoderIDs
    }
}

/// A display mode as the kernel describes it (drm_mode_modeinfo): pixel clock and timings.
public struct KMSMode: Hashable, Sendable, CustomStringConvertible {
    /// Pixel clock in kHz.
    public var clock: UInt32
    /// Visible width in pixels.
    public var hdisplay: UInt16
    /// Horizontal sync start.
    public var hsyncStart: UInt16
    /// Horizontal sync end.
    public var hsyncEnd: UInt16
    /// Total pixels per line, blanking included.
    public var htotal: UInt16
    /// Horizontal skew.
    public var hskew: UInt16
    /// Visible height in lines.
    public var vdisplay: UInt16
    /// Vertical sync start.
    public var vsyncStart: UInt16
    /// Vertical sync end.
    public var vsyncEnd: UInt16
    /// Total lines per frame, blanking included.
    public var vtotal: UInt16
    /// Line repeat count (0 or 1: none).
    public var vscan: UInt16
    /// Refresh in whole hertz, as the kernel rounds it.
    public var vrefresh: UInt32
    /// DRM_MODE_FLAG_* (sync polarities, interlace, double scan).
    public var flags: UInt32
    /// DRM_MODE_TYPE_* (preferred, driver, user defined).
    public var type: UInt32
    /// The kernel's name for it (`1024x768`).
    public var name: String

    /// DRM_MODE_TYPE_PREFERRED: the mode the sink says it prefers (its native resolution).
    public static let typePreferred: UInt32 = 1 << 3
    /// DRM_MODE_TYPE_DRIVER.
    public static let typeDriver: UInt32 = 1 << 6
    /// DRM_MODE_FLAG_INTERLACE.
    public static let flagInterlace: UInt32 = 1 << 4
    /// DRM_MODE_FLAG_DBLSCAN.
    public static let flagDoubleScan: UInt32 = 1 << 5

    /// Creates a mode from all its kernel fields.
    public init(clock: UInt32, hdisplay: UInt16, hsyncStart: UInt16, hsyncEnd: UInt16, htotal: UInt16, hskew: UInt16 = 0,
                vdisplay: UInt16, vsyncStart: UInt16, vsyncEnd: UInt16, vtotal: UInt16, vscan: UInt16 = 0,
                vrefresh: UInt32, flags: UInt32 = 0, type: UInt32 = KMSMode.typeDriver, name: String) {
        self.clock = clock
        self.hdisplay = hdisplay
        self.hsyncStart = hsyncStart
        self.hsyncEnd = hsyncEnd
        self.htotal = htotal
        self.hskew = hskew
        self.vdisplay = vdisplay
        self.vsyncStart = vsyncStart
        self.vsyncEnd = vsyncEnd
        self.vtotal = vtotal
        self.vscan = vscan
        self.vrefresh = vrefresh
        self.flags = flags
        self.type = type
        self.name = name
    }

    /// A mode of `width`×`height` at `refreshRate` Hz with blanking-free timings whose pixel
    /// clock gives that refresh to within a kHz: for describing devices in tests and tools.
    public init(width: Int, height: Int, refreshRate: Int = 60, isPreferred: Bool = false) {
        let clock = UInt32((width * height * refreshRate + 500) / 1000)
        self.init(clock: clock, hdisplay: UInt16(width), hsyncStart: UInt16(width), hsyncEnd: UInt16(width), htotal: UInt16(width),
                  vdisplay: UInt16(height), vsyncStart: UInt16(height), vsyncEnd: UInt16(height), vtotal: UInt16(height),
                  vrefresh: UInt32(refreshRate), type: KMSMode.typeDriver | (isPreferred ? KMSMode.typePreferred : 0),
                  name: "\(width)x\(height)")
    }

    /// Visible width in pixels.
    public var width: Int { Int(hdisplay) }
    /// Visible height in lines.
    public var height: Int { Int(vdisplay) }
    /// Whether the sink prefers it.
    public var isPreferred: Bool { type & KMSMode.typePreferred != 0 }

    /// The refresh rate in hertz from the timings (what the kernel's `drm_mode_vrefresh`
    /// computes, without its rounding), or `vrefresh` when the timings are missing.
    public var refreshRate: Double {
        guard clock > 0, htotal > 0, vtotal > 0 else { return Double(vrefresh) }
        var rate = Double(clock) * 1000 / (Double(htotal) * Double(vtotal))
        if flags & KMSMode.flagInterlace != 0 { rate *= 2 }
        if flags & KMSMode.flagDoubleScan != 0 { rate /= 2 }
        if vscan > 1 { rate /= Double(vscan) }
        return rate
    }

    /// The mode as Vitrine's `DisplayMode`.
    public var displayMode: DisplayMode {
        DisplayMode(width: width, height: height, refreshRate: refreshRate)
    }

    /// `1024x768@60.00`.
    public var description: String {
        let hundredths = Int((refreshRate * 100).rounded())
        let fraction = hundredths % 100
        return "\(width)x\(height)@\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// Whether a sink is plugged into a connector.
public enum KMSConnectionStatus: UInt32, Sendable, Hashable, CustomStringConvertible {
    /// DRM_MODE_CONNECTED.
    case connected = 1
    /// DRM_MODE_DISCONNECTED.
    case disconnected = 2
    /// DRM_MODE_UNKNOWNCONNECTION: the hardware cannot tell.
    case unknown = 3

    /// `connected`, `disconnected`, `unknown`.
    public var description: String {
        switch self {
        case .connected: "connected"
        case .disconnected: "disconnected"
        case .unknown: "unknown"
        }
    }
}

/// A connector: where a panel or a monitor is plugged (HDMI-A-1, DSI-1, Virtual-1).
public struct KMSConnector: Hashable, Sendable {
    /// The object id.
    public var id: UInt32
    /// DRM_MODE_CONNECTOR_* (11 is HDMI-A, 16 DSI, 15 Virtual).
    public var type: UInt32
    /// The number of this connector among those of its type, from 1.
    public var typeID: UInt32
    /// Whether a sink is plugged in.
    public var status: KMSConnectionStatus
    /// The modes the sink offers (empty when disconnected), in the kernel's order.
    public var modes: [KMSMode]
    /// The encoder driving it now, or 0.
    public var encoderID: UInt32
    /// The encoders that can drive it.
    public var possibleEncoderIDs: [UInt32]
    /// The panel's physical size in millimetres (0 when unknown).
    public var widthMillimeters: UInt32
    /// The panel's physical height in millimetres (0 when unknown).
    public var heightMillimeters: UInt32
    /// Its properties (filled by `describe()`; empty from `connector(_:probing:)`).
    public var properties: [KMSProperty]

    /// Creates a connector description.
    public init(id: UInt32, type: UInt32, typeID: UInt32, status: KMSConnectionStatus, modes: [KMSMode] = [],
                encoderID: UInt32 = 0, possibleEncoderIDs: [UInt32] = [], widthMillimeters: UInt32 = 0,
                heightMillimeters: UInt32 = 0, properties: [KMSProperty] = []) {
        self.id = id
        self.type = type
        self.typeID = typeID
        self.status = status
        self.modes = modes
        self.encoderID = encoderID
        self.possibleEncoderIDs = possibleEncoderIDs
        self.widthMillimeters = widthMillimeters
        self.heightMillimeters = heightMillimeters
        self.properties = properties
    }

    /// The kernel's name: type name, `-`, type id (`HDMI-A-1`), as in /sys/class/drm and board profiles.
    public var name: String { "\(KMSConnector.typeName(type))-\(typeID)" }

    /// The kernel's name of connector type `type` (drm_connector_enum_list), `Unknown<n>` past the table.
    public static func typeName(_ type: UInt32) -> String {
        let names = ["Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component",
                     "DIN", "DP", "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB"]
        return Int(type) < names.count ? names[Int(type)] : "Unknown\(type)"
    }

    /// DRM_MODE_CONNECTOR_HDMIA.
    public static let typeHDMIA: UInt32 = 11
    /// DRM_MODE_CONNECTOR_VIRTUAL.
    public static let typeVirtual: UInt32 = 15
    /// DRM_MODE_CONNECTOR_DSI.
    public static let typeDSI: UInt32 = 16
    /// DRM_MODE_CONNECTOR_WRITEBACK.
    public static let typeWriteback: UInt32 = 18
}

/// An encoder: turns a CRTC's stream into the connector's signal.
public struct KMSEncoder: Hashable, Sendable {
    /// The object id.
    public var id: UInt32
    /// DRM_MODE_ENCODER_*.
    public var type: UInt32
    /// The CRTC it is fed by now, or 0.
    public var crtcID: UInt32
    /// Bit *i* set: it can be fed by the CRTC at index *i*.
    public var possibleCRTCs: UInt32

    /// Creates an encoder description.
    public init(id: UInt32, type: UInt32 = 0, crtcID: UInt32 = 0, possibleCRTCs: UInt32) {
        self.id = id
        self.type = type
        self.crtcID = crtcID
        self.possibleCRTCs = possibleCRTCs
    }
}

/// A CRTC: scans a framebuffer out in a mode.
public struct KMSCRTC: Hashable, Sendable {
    /// The object id.
    public var id: UInt32
    /// The framebuffer it shows now, or 0 (off).
    public var framebufferID: UInt32
    /// Where in that framebuffer the scan starts (pixels).
    public var x: Int
    /// Where in that framebuffer the scan starts (lines).
    public var y: Int
    /// Its mode, or nil when off.
    public var mode: KMSMode?
    /// Its properties (filled by `describe()`).
    public var properties: [KMSProperty]

    /// Creates a CRTC description.
    public init(id: UInt32, framebufferID: UInt32 = 0, x: Int = 0, y: Int = 0, mode: KMSMode? = nil, properties: [KMSProperty] = []) {
        self.id = id
        self.framebufferID = framebufferID
        self.x = x
        self.y = y
        self.mode = mode
        self.properties = properties
    }
}

/// What a plane is for (its `type` property).
public enum KMSPlaneType: UInt64, Sendable, Hashable, CustomStringConvertible {
    /// DRM_PLANE_TYPE_OVERLAY.
    case overlay = 0
    /// DRM_PLANE_TYPE_PRIMARY: the CRTC's main picture.
    case primary = 1
    /// DRM_PLANE_TYPE_CURSOR.
    case cursor = 2

    /// `Overlay`, `Primary`, `Cursor`, as the kernel names them.
    public var description: String {
        switch self {
        case .overlay: "Overlay"
        case .primary: "Primary"
        case .cursor: "Cursor"
        }
    }
}

/// A plane: one framebuffer layer a CRTC blends.
public struct KMSPlane: Hashable, Sendable {
    /// The object id.
    public var id: UInt32
    /// Bit *i* set: it can be shown on the CRTC at index *i*.
    public var possibleCRTCs: UInt32
    /// The CRTC it is on now, or 0.
    public var crtcID: UInt32
    /// The framebuffer it shows now, or 0.
    public var framebufferID: UInt32
    /// The pixel formats it scans out (fourcc codes).
    public var formats: [UInt32]
    /// Its properties (filled by `describe()`).
    public var properties: [KMSProperty]

    /// Creates a plane description.
    public init(id: UInt32, possibleCRTCs: UInt32, crtcID: UInt32 = 0, framebufferID: UInt32 = 0,
                formats: [UInt32], properties: [KMSProperty] = []) {
        self.id = id
        self.possibleCRTCs = possibleCRTCs
        self.crtcID = crtcID
        self.framebufferID = framebufferID
        self.formats = formats
        self.properties = properties
    }

    /// Its type, from the `type` property (nil when the property is missing).
    public var type: KMSPlaneType? {
        properties.first { $0.name == "type" }.flatMap { KMSPlaneType(rawValue: $0.value) }
    }
}

/// One named value of an enum or bitmask property.
public struct KMSPropertyEnum: Hashable, Sendable {
    /// The name (`rotate-90`, `Primary`, `On`).
    public var name: String
    /// The value; for a bitmask property, the *bit number*.
    public var value: UInt64

    /// Creates a named value.
    public init(name: String, value: UInt64) {
        self.name = name
        self.value = value
    }
}

/// What values a property takes.
public enum KMSPropertyKind: Hashable, Sendable {
    /// An unsigned range.
    case range(min: UInt64, max: UInt64)
    /// A signed range (values are two's-complement in the UInt64).
    case signedRange(min: Int64, max: Int64)
    /// One of named values.
    case enumeration([KMSPropertyEnum])
    /// A set of named bits (the value is a mask; each enum value is a bit number).
    case bitmask([KMSPropertyEnum])
    /// A blob id (MODE_ID, FB_DAMAGE_CLIPS, EDID).
    case blob
    /// A mode-object id (CRTC_ID, FB_ID).
    case object
}

/// A property of a mode object, with the value it has now.
public struct KMSProperty: Hashable, Sendable {
    /// The property id (what an atomic commit names).
    public var id: UInt32
    /// The name (`FB_ID`, `rotation`, `FB_DAMAGE_CLIPS`).
    public var name: String
    /// The values it takes.
    public var kind: KMSPropertyKind
    /// The current value.
    public var value: UInt64
    /// Whether userspace cannot change it.
    public var isImmutable: Bool
    /// Whether it exists only for atomic clients.
    public var isAtomic: Bool

    /// Creates a property description.
    public init(id: UInt32, name: String, kind: KMSPropertyKind, value: UInt64 = 0, isImmutable: Bool = false, isAtomic: Bool = false) {
        self.id = id
        self.name = name
        self.kind = kind
        self.value = value
        self.isImmutable = isImmutable
        self.isAtomic = isAtomic
    }

    /// The named values of an enum or bitmask property (empty otherwise).
    public var enums: [KMSPropertyEnum] {
        switch kind {
        case .enumeration(let e), .bitmask(let e): e
        default: []
        }
    }
}

extension Array where Element == KMSProperty {
    /// The property called `name`, if the object has it.
    public func named(_ name: String) -> KMSProperty? { first { $0.name == name } }
}

/// A dumb buffer: CPU-written memory the display can scan out.
public struct KMSDumbBuffer: Hashable, Sendable {
    /// The GEM handle.
    public var handle: UInt32
    /// Bytes per row, as the kernel chose it.
    public var pitch: Int
    /// Bytes in all.
    public var size: Int

    /// Creates a buffer description.
    public init(handle: UInt32, pitch: Int, size: Int) {
        self.handle = handle
        self.pitch = pitch
        self.size = size
    }
}

/// The content of a property blob.
public enum KMSBlob: Hashable, Sendable {
    /// A mode, for the CRTC's MODE_ID (a drm_mode_modeinfo).
    case mode(KMSMode)
    /// Rectangles for a plane's FB_DAMAGE_CLIPS (an array of drm_mode_rect, framebuffer pixels).
    case damageClips([PixelRect])
}

/// Flags of an atomic commit (DRM_MODE_PAGE_FLIP_EVENT, DRM_MODE_ATOMIC_*).
public struct AtomicCommitFlags: OptionSet, Hashable, Sendable {
    /// The raw bits, as the ioctl takes them.
    public var rawValue: UInt32
    /// Creates flags from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// DRM_MODE_PAGE_FLIP_EVENT: queue a flip event when the commit reaches the screen.
    public static let pageFlipEvent = AtomicCommitFlags(rawValue: 0x01)
    /// DRM_MODE_ATOMIC_TEST_ONLY: check, change nothing.
    public static let testOnly = AtomicCommitFlags(rawValue: 0x0100)
    /// DRM_MODE_ATOMIC_NONBLOCK: return at once; EBUSY while a commit is pending.
    public static let nonBlocking = AtomicCommitFlags(rawValue: 0x0200)
    /// DRM_MODE_ATOMIC_ALLOW_MODESET: the commit may change modes and routing.
    public static let allowModeset = AtomicCommitFlags(rawValue: 0x0400)
}

/// The property changes of one atomic commit, in the order they were added. A value the
/// display keeps and refills, so a frame's commit reuses its storage.
public struct AtomicRequest: Hashable, Sendable {
    /// One change: `property` of `object` becomes `value`.
    public struct Change: Hashable, Sendable {
        /// The object (CRTC, connector or plane) id.
        public var object: UInt32
        /// The property id.
        public var property: UInt32
        /// The new value.
        public var value: UInt64

        /// Creates a change.
        public init(object: UInt32, property: UInt32, value: UInt64) {
            self.object = object
            self.property = property
            self.value = value
        }
    }

    /// The changes, in order.
    public private(set) var changes: [Change] = []

    /// An empty request.
    public init() {}

    /// Adds a change.
    public mutating func add(_ object: UInt32, _ property: UInt32, _ value: UInt64) {
        changes.append(Change(object: object, property: property, value: value))
    }

    /// Empties it, keeping its storage.
    public mutating func removeAll() { changes.removeAll(keepingCapacity: true) }

    /// The value it sets for `property` of `object`, if it sets one.
    public func value(of property: UInt32, on object: UInt32) -> UInt64? {
        changes.last { $0.object == object && $0.property == property }?.value
    }
}

/// An event read from the device.
public struct KMSEvent: Hashable, Sendable {
    /// What completed.
    public enum Kind: Hashable, Sendable {
        /// A requested vblank happened (DRM_EVENT_VBLANK).
        case vblank
        /// A page flip or atomic commit reached the screen (DRM_EVENT_FLIP_COMPLETE).
        case pageFlip
    }

    /// What completed.
    public var kind: Kind
    /// The CRTC it happened on (0 from kernels before 4.12).
    public var crtcID: UInt32
    /// The kernel's vblank counter for that CRTC.
    public var sequence: UInt32
    /// The vblank time, CLOCK_MONOTONIC: seconds part.
    public var seconds: UInt32
    /// The vblank time: microseconds part.
    public var microseconds: UInt32
    /// What the request carried.
    public var userData: UInt64

    /// Creates an event.
    public init(kind: Kind, crtcID: UInt32, sequence: UInt32, seconds: UInt32, microseconds: UInt32, userData: UInt64 = 0) {
        self.kind = kind
        self.crtcID = crtcID
        self.sequence = sequence
        self.seconds = seconds
        self.microseconds = microseconds
        self.userData = userData
    }

    /// The vblank time in seconds on CLOCK_MONOTONIC (the run loop's clock on Linux).
    public var timestamp: Double { Double(seconds) + Double(microseconds) / 1_000_000 }

    /// Parses the events in `bytes` as read(2) returns them from a DRM descriptor (struct
    /// drm_event headers, vblank and flip-complete payloads); unknown events are skipped by
    /// their length, a truncated tail is ignored. What drmHandleEvent does, without a table of
    /// C callbacks.
    public static func parse(_ bytes: UnsafeRawBufferPointer, _ handler: (KMSEvent) -> Void) {
        var offset = 0
        while offset + 8 <= bytes.count {
            let type = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
            guard length >= 8, offset + length <= bytes.count else { return }
            // struct drm_event_vblank: header (8), user_data (8), tv_sec, tv_usec, sequence, crtc_id.
            if (type == 1 || type == 2), length >= 32 {
                handler(KMSEvent(kind: type == 1 ? .vblank : .pageFlip,
                                 crtcID: bytes.loadUnaligned(fromByteOffset: offset + 28, as: UInt32.self),
                                 sequence: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt32.self),
                                 seconds: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt32.self),
                                 microseconds: bytes.loadUnaligned(fromByteOffset: offset + 20, as: UInt32.self),
                                 userData: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            }
            offset += length
        }
    }
}

/// Fourcc codes of the scanout formats Vitrine uses (drm_fourcc.h).
public enum KMSFourCC {
    /// DRM_FORMAT_XRGB8888 (`XR24`).
    public static let xrgb8888: UInt32 = fourcc("XR24")
    /// DRM_FORMAT_ARGB8888 (`AR24`).
    public static let argb8888: UInt32 = fourcc("AR24")
    /// DRM_FORMAT_RGB565 (`RG16`).
    public static let rgb565: UInt32 = fourcc("RG16")

    /// The code of a four-character name, little-endian as drm_fourcc.h builds it.
    public static func fourcc(_ name: String) -> UInt32 {
        var code: UInt32 = 0
        for (i, byte) in name.utf8.prefix(4).enumerated() { code |= UInt32(byte) << (8 * UInt32(i)) }
        return code
    }

    /// The four characters of `code` (`XR24`); unprintable bytes as `?`.
    public static func name(_ code: UInt32) -> String {
        var s = ""
        for i in 0..<4 {
            let byte = UInt8((code >> (8 * UInt32(i))) & 0xFF)
            s.append(byte >= 0x20 && byte < 0x7F ? Character(Unicode.Scalar(byte)) : "?")
        }
        return s
    }

    /// The code for a Vitrine pixel format, when it is a scanout format.
    public static func code(for format: PixelFormat) -> UInt32? {
        switch format {
        case .xrgb8888: xrgb8888
        case .argb8888: argb8888
        case .rgb565: rgb565
        case .a8: nil
        }
    }
}
