import VitrineSeams

/// A snapshot of a DRM device's mode objects: what the choice of connector, mode, CRTC and
/// plane is made from, and what `vitrine devices` prints. A plain value, so choices are pure
/// functions that tests feed with described hardware.
package struct KMSDeviceDescription: Hashable, Sendable {
    /// The device node (`/dev/dri/card0`).
    package var path: String
    /// The kernel driver.
    package var driver: KMSDriver
    /// Whether the driver makes dumb buffers (DRM_CAP_DUMB_BUFFER).
    package var supportsDumbBuffers: Bool
    /// Whether the driver accepted the atomic client capability.
    package var supportsAtomic: Bool
    /// Connectors, in the kernel's order.
    package var connectors: [KMSConnector]
    /// Encoders, in the kernel's order.
    package var encoders: [KMSEncoder]
    /// CRTCs, in the kernel's order: a CRTC's index in `possibleCRTCs` bitmasks is its position here.
    package var crtcs: [KMSCRTC]
    /// Planes (with universal planes: overlay, primary and cursor).
    package var planes: [KMSPlane]

    /// Creates a description.
    package init(path: String, driver: KMSDriver, supportsDumbBuffers: Bool = true, supportsAtomic: Bool,
                connectors: [KMSConnector], encoders: [KMSEncoder], crtcs: [KMSCRTC], planes: [KMSPlane]) {
        self.path = path
        self.driver = driver
        self.supportsDumbBuffers = supportsDumbBuffers
        self.supportsAtomic = supportsAtomic
        self.connectors = connectors
        self.encoders = encoders
        self.crtcs = crtcs
        self.planes = planes
    }

    /// The encoder with id `id`.
    package func encoder(_ id: UInt32) -> KMSEncoder? { encoders.first { $0.id == id } }

    /// The position of CRTC `id` in `crtcs` (its bit in `possibleCRTCs`).
    package func crtcIndex(of id: UInt32) -> Int? { crtcs.firstIndex { $0.id == id } }

    /// The CRTC driving `connector` now (through its current encoder), if any.
    package func currentCRTC(of connector: KMSConnector) -> UInt32? {
        guard connector.encoderID != 0, let encoder = encoder(connector.encoderID), encoder.crtcID != 0 else { return nil }
        return encoder.crtcID
    }

    /// Whether some connected connector (other than `exceptConnector`) is driven by CRTC `crtcID` now.
    func isCRTCInUse(_ crtcID: UInt32, exceptConnector: UInt32) -> Bool {
        connectors.contains { $0.id != exceptConnector && $0.status == .connected && currentCRTC(of: $0) == crtcID }
    }
}

/// A mode asked for (a board profile's `[display] mode`, `flip-test --mode`): panel pixels and,
/// optionally, the refresh rate; written `WxH` or `WxH@R`.
public struct ModeRequest: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Refresh in hertz, or nil for any.
    public var refreshRate: Double?

    /// Creates a request.
    public init(width: Int, height: Int, refreshRate: Double? = nil) {
        self.width = width
        self.height = height
        self.refreshRate = refreshRate
    }

    /// The sizes a request may ask for, in pixels each way (KMS's own limit is 16384).
    public static let sizeLimits = 1...16384
    /// The refresh rates a request may ask for, in hertz (finite: "inf" is no rate).
    public static let refreshRateLimits = 0.0...1000.0

    /// Parses `1024x768` or `1024x768@60` (or `@59.94`): the one parser of modes, for board
    /// profiles (`[display] mode`) and `vitrine flip-test --mode` alike. Nil when malformed,
    /// when a size is outside `sizeLimits`, or when the rate is not above 0 and within
    /// `refreshRateLimits` (a NaN or infinite rate is malformed).
    public init?(_ text: String) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]),
              Self.sizeLimits.contains(w), Self.sizeLimits.contains(h) else { return nil }
        var rate: Double?
        if parts.count == 2 {
            guard let r = Double(parts[1]), r > 0, Self.refreshRateLimits.contains(r) else { return nil }
            rate = r
        }
        self.init(width: w, height: h, refreshRate: rate)
    }

    /// Whether `mode` is what was asked: same size, and a refresh within half a hertz when one was given.
    package func matches(_ mode: KMSMode) -> Bool {
        guard mode.width == width, mode.height == height else { return false }
        guard let refreshRate else { return true }
        return abs(mode.refreshRate - refreshRate) < 0.5
    }

    /// `WxH` or `WxH@R`.
    public var description: String {
        guard let refreshRate else { return "\(width)x\(height)" }
        let whole = refreshRate.rounded()
        return "\(width)x\(height)@" + (whole == refreshRate ? "\(Int(whole))" : "\(refreshRate)")
    }
}

/// What the display drives: a connector, its mode, the encoder and CRTC that feed it, and the
/// CRTC's primary plane (nil on the legacy path, which needs no plane).
package struct KMSPipeline: Hashable, Sendable {
    /// The connector's id.
    package var connectorID: UInt32
    /// The connector's kernel name (`HDMI-A-1`).
    package var connectorName: String
    /// The mode.
    package var mode: KMSMode
    /// The encoder's id.
    package var encoderID: UInt32
    /// The CRTC's id.
    package var crtcID: UInt32
    /// The CRTC's index (for vblank requests).
    package var crtcIndex: Int
    /// The primary plane's id, when planes are used.
    package var planeID: UInt32?

    /// Creates a pipeline.
    package init(connectorID: UInt32, connectorName: String, mode: KMSMode, encoderID: UInt32, crtcID: UInt32,
                crtcIndex: Int, planeID: UInt32?) {
        self.connectorID = connectorID
        self.connectorName = connectorName
        self.mode = mode
        self.encoderID = encoderID
        self.crtcID = crtcID
        self.crtcIndex = crtcIndex
        self.planeID = planeID
    }
}

/// How the display picks what to drive: pure functions over a `KMSDeviceDescription`, in the
/// order kmscube and every compositor use (connector, mode, encoder + CRTC, primary plane).
package enum KMSChoice {
    /// The connector called `name` (the kernel's `HDMI-A-1`, compared without case), or else
    /// the first connected one. Writeback connectors are never chosen. A named connector must
    /// be connected (or of unknown status with modes, as some panels report).
    package static func connector(in device: KMSDeviceDescription, named name: String?) throws(DRMError) -> KMSConnector {
        let candidates = device.connectors.filter { $0.type != KMSConnector.typeWriteback }
        func usable(_ c: KMSConnector) -> Bool {
            c.status == .connected || (c.status == .unknown && !c.modes.isEmpty)
        }
        if let name {
            guard let match = candidates.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw .connectorNotFound(path: device.path, name: name, available: candidates.map(\.name))
            }
            guard usable(match) else { throw .connectorDisconnected(path: device.path, name: match.name) }
            return match
        }
        if let connected = candidates.first(where: { $0.status == .connected }) { return connected }
        if let maybe = candidates.first(where: usable) { return maybe }
        throw .noConnectedConnector(path: device.path, connectors: candidates.map { "\($0.name) (\($0.status))" })
    }

    /// The mode `request` asks for (when it matches one; the preferred among several), else
    /// the connector's preferred mode, else its largest (most pixels, then fastest refresh).
    /// Nil when the connector offers none.
    package static func mode(of connector: KMSConnector, request: ModeRequest?) -> KMSMode? {
        if let request {
            let matching = connector.modes.filter(request.matches)
            if let m = matching.first(where: \.isPreferred) ?? matching.first { return m }
        }
        if let preferred = connector.modes.first(where: \.isPreferred) { return preferred }
        return connector.modes.max { a, b in
            (a.width * a.height, a.refreshRate) < (b.width * b.height, b.refreshRate)
        }
    }

    /// An encoder of `connector` and a CRTC it can be fed by: the ones driving it now when
    /// they are allowed, else the first possible pair (in the connector's encoder order, then
    /// CRTC index order) whose CRTC no other connected connector is using, else the first
    /// possible pair at all. Nil when no encoder can feed it.
    package static func encoderAndCRTC(for connector: KMSConnector, in device: KMSDeviceDescription) -> (encoder: KMSEncoder, crtcIndex: Int)? {
        if let encoder = device.encoder(connector.encoderID), encoder.crtcID != 0,
           let index = device.crtcIndex(of: encoder.crtcID), index < 32, encoder.possibleCRTCs & (1 << UInt32(index)) != 0 {
            return (encoder, index)
        }
        var fallback: (KMSEncoder, Int)?
        for encoderID in connector.possibleEncoderIDs {
            guard let encoder = device.encoder(encoderID) else { continue }
            for index in device.crtcs.indices where index < 32 && encoder.possibleCRTCs & (1 << UInt32(index)) != 0 {
                if !device.isCRTCInUse(device.crtcs[index].id, exceptConnector: connector.id) { return (encoder, index) }
                if fallback == nil { fallback = (encoder, index) }
            }
        }
        return fallback.map { (encoder: $0.0, crtcIndex: $0.1) }
    }

    /// The primary plane of the CRTC at `crtcIndex` that scans out `fourcc`: one of `type`
    /// Primary whose `possibleCRTCs` include the CRTC, preferring the one on it now.
    package static func primaryPlane(forCRTCAt crtcIndex: Int, fourcc: UInt32, in device: KMSDeviceDescription) -> KMSPlane? {
        guard crtcIndex >= 0, crtcIndex < min(device.crtcs.count, 32) else { return nil }
        let crtcID = device.crtcs[crtcIndex].id
        let candidates = device.planes.filter {
            $0.type == .primary && $0.possibleCRTCs & (1 << UInt32(crtcIndex)) != 0 && $0.formats.contains(fourcc)
        }
        return candidates.first { $0.crtcID == crtcID } ?? candidates.first
    }

    /// The whole choice: connector (`connectorName` or first connected), mode (`request`,
    /// preferred, largest), encoder and CRTC, and — when `needsPlane` — the primary plane for
    /// `fourcc`. Throws a `DRMError` naming what is missing.
    package static func pipeline(in device: KMSDeviceDescription, connectorName: String?, request: ModeRequest?,
                                fourcc: UInt32, needsPlane: Bool) throws(DRMError) -> KMSPipeline {
        let connector = try connector(in: device, named: connectorName)
        guard let mode = mode(of: connector, request: request) else {
            throw .noModes(path: device.path, connector: connector.name)
        }
        guard let (encoder, crtcIndex) = encoderAndCRTC(for: connector, in: device) else {
            throw .noCRTC(path: device.path, connector: connector.name)
        }
        let crtcID = device.crtcs[crtcIndex].id
        var planeID: UInt32?
        if needsPlane {
            guard let plane = primaryPlane(forCRTCAt: crtcIndex, fourcc: fourcc, in: device) else {
                throw .noPrimaryPlane(path: device.path, crtcID: crtcID, format: KMSFourCC.name(fourcc))
            }
            planeID = plane.id
        }
        return KMSPipeline(connectorID: connector.id, connectorName: connector.name, mode: mode, encoderID: encoder.id,
                           crtcID: crtcID, crtcIndex: crtcIndex, planeID: planeID)
    }
}
