import SystemPackage
import VitrineSeams
import VitrineGraphics

// The objects the KMSDevice seam describes, as libdrm gives them: capabilities, the driver,
// resources, modes, connectors, encoders, CRTCs and planes.

/// Constants of DRM_IOCTL_GET_CAP and DRM_IOCTL_SET_CLIENT_CAP (drm.h), named.
package enum KMSCapability {
    /// DRM_CAP_DUMB_BUFFER: the driver makes dumb buffers.
    package static let dumbBuffer: UInt64 = 0x1
    /// DRM_CAP_TIMESTAMP_MONOTONIC: event timestamps are CLOCK_MONOTONIC (always, since 4.15).
    package static let timestampMonotonic: UInt64 = 0x6
    /// DRM_CLIENT_CAP_UNIVERSAL_PLANES: list primary and cursor planes too.
    package static let universalPlanes: UInt64 = 2
    /// DRM_CLIENT_CAP_ATOMIC: atomic modesetting (implies universal planes).
    package static let atomic: UInt64 = 3
}

/// The driver behind a node (DRM_IOCTL_VERSION).
package struct KMSDriver: Hashable, Sendable {
    /// Short name: `vkms`, `vc4`, `i915`, `virtio_gpu`.
    package var name: String
    /// The driver's own description.
    package var description: String

    /// Creates a driver description.
    package init(name: String, description: String = "") {
        self.name = name
        self.description = description
    }
}

/// The kind of a mode object, for property calls (DRM_MODE_OBJECT_*).
package enum KMSObjectType: UInt32, Sendable, Hashable {
    /// DRM_MODE_OBJECT_CRTC.
    case crtc = 0xcccc_cccc
    /// DRM_MODE_OBJECT_CONNECTOR.
    case connector = 0xc0c0_c0c0
    /// DRM_MODE_OBJECT_PLANE.
    case plane = 0xeeee_eeee
}

/// The ids of a device's mode objects, in the kernel's order.
package struct KMSResources: Hashable, Sendable {
    /// CRTC ids; a CRTC's *index* (what `possibleCRTCs` bits count) is its position here.
    package var crtcIDs: [UInt32]
    /// Connector ids.
    package var connectorIDs: [UInt32]
    /// Encoder ids.
    package var encoderIDs: [UInt32]

    /// Creates a resource list.
    package init(crtcIDs: [UInt32], connectorIDs: [UInt32], encoderIDs: [UInt32]) {
        self.crtcIDs = crtcIDs
        self.connectorIDs = connectorIDs
        self.encoderIDs = encoderIDs
    }
}

/// A display mode as the kernel describes it (drm_mode_modeinfo): pixel clock and timings.
package struct KMSMode: Hashable, Sendable, CustomStringConvertible {
    /// Pixel clock in kHz.
    package var clock: UInt32
    /// Visible width in pixels.
    package var hdisplay: UInt16
    /// Horizontal sync start.
    package var hsyncStart: UInt16
    /// Horizontal sync end.
    package var hsyncEnd: UInt16
    /// Total pixels per line, blanking included.
    package var htotal: UInt16
    /// Horizontal skew.
    package var hskew: UInt16
    /// Visible height in lines.
    package var vdisplay: UInt16
    /// Vertical sync start.
    package var vsyncStart: UInt16
    /// Vertical sync end.
    package var vsyncEnd: UInt16
    /// Total lines per frame, blanking included.
    package var vtotal: UInt16
    /// Line repeat count (0 or 1: none).
    package var vscan: UInt16
    /// Refresh in whole hertz, as the kernel rounds it.
    package var vrefresh: UInt32
    /// DRM_MODE_FLAG_* (sync polarities, interlace, double scan).
    package var flags: UInt32
    /// DRM_MODE_TYPE_* (preferred, driver, user defined).
    package var type: UInt32
    /// The kernel's name for it (`1024x768`).
    package var name: String

    /// DRM_MODE_TYPE_PREFERRED: the mode the sink says it prefers (its native resolution).
    package static let typePreferred: UInt32 = 1 << 3
    /// DRM_MODE_TYPE_DRIVER.
    package static let typeDriver: UInt32 = 1 << 6
    /// DRM_MODE_FLAG_INTERLACE.
    package static let flagInterlace: UInt32 = 1 << 4
    /// DRM_MODE_FLAG_DBLSCAN.
    package static let flagDoubleScan: UInt32 = 1 << 5

    /// Creates a mode from all its kernel fields.
    package init(clock: UInt32, hdisplay: UInt16, hsyncStart: UInt16, hsyncEnd: UInt16, htotal: UInt16, hskew: UInt16 = 0,
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
    package init(width: Int, height: Int, refreshRate: Int = 60, isPreferred: Bool = false) {
        let clock = UInt32((width * height * refreshRate + 500) / 1000)
        self.init(clock: clock, hdisplay: UInt16(width), hsyncStart: UInt16(width), hsyncEnd: UInt16(width), htotal: UInt16(width),
                  vdisplay: UInt16(height), vsyncStart: UInt16(height), vsyncEnd: UInt16(height), vtotal: UInt16(height),
                  vrefresh: UInt32(refreshRate), type: KMSMode.typeDriver | (isPreferred ? KMSMode.typePreferred : 0),
                  name: "\(width)x\(height)")
    }

    /// Visible width in pixels.
    package var width: Int { Int(hdisplay) }
    /// Visible height in lines.
    package var height: Int { Int(vdisplay) }
    /// Whether the sink prefers it.
    package var isPreferred: Bool { type & KMSMode.typePreferred != 0 }

    /// The refresh rate in hertz from the timings (what the kernel's `drm_mode_vrefresh`
    /// computes, without its rounding), or `vrefresh` when the timings are missing.
    package var refreshRate: Double {
        guard clock > 0, htotal > 0, vtotal > 0 else { return Double(vrefresh) }
        var rate = Double(clock) * 1000 / (Double(htotal) * Double(vtotal))
        if flags & KMSMode.flagInterlace != 0 { rate *= 2 }
        if flags & KMSMode.flagDoubleScan != 0 { rate /= 2 }
        if vscan > 1 { rate /= Double(vscan) }
        return rate
    }

    /// The mode as Vitrine's `DisplayMode`.
    package var displayMode: DisplayMode {
        DisplayMode(width: width, height: height, refreshRate: refreshRate)
    }

    /// `1024x768@60.00`.
    package var description: String {
        let hundredths = Int((refreshRate * 100).rounded())
        let fraction = hundredths % 100
        return "\(width)x\(height)@\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// Whether a sink is plugged into a connector.
package enum KMSConnectionStatus: UInt32, Sendable, Hashable, CustomStringConvertible {
    /// DRM_MODE_CONNECTED.
    case connected = 1
    /// DRM_MODE_DISCONNECTED.
    case disconnected = 2
    /// DRM_MODE_UNKNOWNCONNECTION: the hardware cannot tell.
    case unknown = 3

    /// `connected`, `disconnected`, `unknown`.
    package var description: String {
        switch self {
        case .connected: "connected"
        case .disconnected: "disconnected"
        case .unknown: "unknown"
        }
    }
}

/// A connector: where a panel or a monitor is plugged (HDMI-A-1, DSI-1, Virtual-1).
package struct KMSConnector: Hashable, Sendable {
    /// The object id.
    package var id: UInt32
    /// DRM_MODE_CONNECTOR_* (11 is HDMI-A, 16 DSI, 15 Virtual).
    package var type: UInt32
    /// The number of this connector among those of its type, from 1.
    package var typeID: UInt32
    /// Whether a sink is plugged in.
    package var status: KMSConnectionStatus
    /// The modes the sink offers (empty when disconnected), in the kernel's order.
    package var modes: [KMSMode]
    /// The encoder driving it now, or 0.
    package var encoderID: UInt32
    /// The encoders that can drive it.
    package var possibleEncoderIDs: [UInt32]
    /// The panel's physical size in millimetres (0 when unknown).
    package var widthMillimeters: UInt32
    /// The panel's physical height in millimetres (0 when unknown).
    package var heightMillimeters: UInt32
    /// Its properties (filled by `describe()`; empty from `connector(_:probing:)`).
    package var properties: [KMSProperty]

    /// Creates a connector description.
    package init(id: UInt32, type: UInt32, typeID: UInt32, status: KMSConnectionStatus, modes: [KMSMode] = [],
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
    package var name: String { "\(KMSConnector.typeName(type))-\(typeID)" }

    /// The kernel's name of connector type `type` (drm_connector_enum_list), `Unknown<n>` past the table.
    package static func typeName(_ type: UInt32) -> String {
        let names = ["Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component",
                     "DIN", "DP", "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB"]
        return Int(type) < names.count ? names[Int(type)] : "Unknown\(type)"
    }

    /// DRM_MODE_CONNECTOR_HDMIA.
    package static let typeHDMIA: UInt32 = 11
    /// DRM_MODE_CONNECTOR_VIRTUAL.
    package static let typeVirtual: UInt32 = 15
    /// DRM_MODE_CONNECTOR_DSI.
    package static let typeDSI: UInt32 = 16
    /// DRM_MODE_CONNECTOR_WRITEBACK.
    package static let typeWriteback: UInt32 = 18
}

/// An encoder: turns a CRTC's stream into the connector's signal.
package struct KMSEncoder: Hashable, Sendable {
    /// The object id.
    package var id: UInt32
    /// DRM_MODE_ENCODER_*.
    package var type: UInt32
    /// The CRTC it is fed by now, or 0.
    package var crtcID: UInt32
    /// Bit *i* set: it can be fed by the CRTC at index *i*.
    package var possibleCRTCs: UInt32

    /// Creates an encoder description.
    package init(id: UInt32, type: UInt32 = 0, crtcID: UInt32 = 0, possibleCRTCs: UInt32) {
        self.id = id
        self.type = type
        self.crtcID = crtcID
        self.possibleCRTCs = possibleCRTCs
    }
}

/// A CRTC: scans a framebuffer out in a mode.
package struct KMSCRTC: Hashable, Sendable {
    /// The object id.
    package var id: UInt32
    /// The framebuffer it shows now, or 0 (off).
    package var framebufferID: UInt32
    /// Where in that framebuffer the scan starts (pixels).
    package var x: Int
    /// Where in that framebuffer the scan starts (lines).
    package var y: Int
    /// Its mode, or nil when off.
    package var mode: KMSMode?
    /// Its properties (filled by `describe()`).
    package var properties: [KMSProperty]

    /// Creates a CRTC description.
    package init(id: UInt32, framebufferID: UInt32 = 0, x: Int = 0, y: Int = 0, mode: KMSMode? = nil, properties: [KMSProperty] = []) {
        self.id = id
        self.framebufferID = framebufferID
        self.x = x
        self.y = y
        self.mode = mode
        self.properties = properties
    }
}

/// What a plane is for (its `type` property).
package enum KMSPlaneType: UInt64, Sendable, Hashable, CustomStringConvertible {
    /// DRM_PLANE_TYPE_OVERLAY.
    case overlay = 0
    /// DRM_PLANE_TYPE_PRIMARY: the CRTC's main picture.
    case primary = 1
    /// DRM_PLANE_TYPE_CURSOR.
    case cursor = 2

    /// `Overlay`, `Primary`, `Cursor`, as the kernel names them.
    package var description: String {
        switch self {
        case .overlay: "Overlay"
        case .primary: "Primary"
        case .cursor: "Cursor"
        }
    }
}

/// A plane: one framebuffer layer a CRTC blends.
package struct KMSPlane: Hashable, Sendable {
    /// The object id.
    package var id: UInt32
    /// Bit *i* set: it can be shown on the CRTC at index *i*.
    package var possibleCRTCs: UInt32
    /// The CRTC it is on now, or 0.
    package var crtcID: UInt32
    /// The framebuffer it shows now, or 0.
    package var framebufferID: UInt32
    /// The pixel formats it scans out (fourcc codes).
    package var formats: [UInt32]
    /// Its properties (filled by `describe()`).
    package var properties: [KMSProperty]

    /// Creates a plane description.
    package init(id: UInt32, possibleCRTCs: UInt32, crtcID: UInt32 = 0, framebufferID: UInt32 = 0,
                formats: [UInt32], properties: [KMSProperty] = []) {
        self.id = id
        self.possibleCRTCs = possibleCRTCs
        self.crtcID = crtcID
        self.framebufferID = framebufferID
        self.formats = formats
        self.properties = properties
    }

    /// Its type, from the `type` property (nil when the property is missing).
    package var type: KMSPlaneType? {
        properties.first { $0.name == "type" }.flatMap { KMSPlaneType(rawValue: $0.value) }
    }
}
