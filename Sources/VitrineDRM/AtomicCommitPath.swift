import Logging
import SystemPackage
import VitrineSeams
import VitrineGraphics

/// The atomic API: one commit per modeset or flip, FB_DAMAGE_CLIPS with each flip when the
/// plane has the property, CRTC ACTIVE for power, and test-only commits to check a plane
/// rotation. Its request is kept and refilled, so a frame's commit reuses its storage.
///
/// Other planes (the video plane, DRMDisplay+VideoPlane.swift) ride along: the display puts
/// their changes in `planeChanges` before a commit, and every commit (modeset, flip, power,
/// restore) adds them to its own and empties it, whatever the kernel answers, so the display
/// never has two commits in flight. `commitPlanes` commits them alone.
@MainActor
final class AtomicCommitPath: KMSCommitPath {
    let device: any KMSDevice
    let properties: AtomicPropertyIDs
    private let logger: Logger
    private let planeRotationAtStart: UInt64?
    /// What `restore` falls back on when the atomic commit is refused.
    private let legacy: LegacyCommitPath
    private var request = AtomicRequest()
    /// Changes of other planes for the next commit, emptied by it (storage kept).
    var planeChanges = AtomicRequest()

    init(device: any KMSDevice, properties: AtomicPropertyIDs, saved: SavedConfiguration, logger: Logger) {
        self.device = device
        self.properties = properties
        self.logger = logger
        planeRotationAtStart = saved.planeRotation
        legacy = LegacyCommitPath(device: device, saved: saved, logger: logger)
    }

    var isAtomic: Bool { true }
    var takesDamage: Bool { properties.planeDamageClips != nil }
    var modesetSendsFlipEvent: Bool { true }

    func modeset(_ setup: ScanoutSetup, framebuffer: UInt32, token: UInt64) throws(Errno) {
        let modeBlob = try device.createPropertyBlob(.mode(setup.pipeline.mode))
        defer { device.destroyPropertyBlob(modeBlob) }
        request.removeAll()
        addModeset(to: &request, setup, modeBlob: modeBlob, framebuffer: framebuffer)
        takePlaneChanges()
        try device.atomicCommit(request, flags: [.allowModeset, .pageFlipEvent], userData: token)
    }

    /// Commits `planeChanges` alone (a video frame: the UI's plane is not committed again),
    /// non-blocking, with a flip event carrying `token`; EBUSY while a commit is in flight.
    func commitPlanes(token: UInt64) throws(Errno) {
        request.removeAll()
        takePlaneChanges()
        guard !request.isEmpty else { return }
        try device.atomicCommit(request, flags: [.pageFlipEvent, .nonBlocking], userData: token)
    }

    /// Moves `planeChanges` into this commit's request.
    private func takePlaneChanges() {
        guard !planeChanges.isEmpty else { return }
        request.append(planeChanges)
        planeChanges.removeAll()
    }

    func flip(_ setup: ScanoutSetup, framebuffer: UInt32, clips: [PixelRect], token: UInt64) throws(Errno) {
        guard let planeID = setup.pipeline.planeID else { return }
        request.removeAll()
        request.add(planeID, properties.planeFBID, UInt64(framebuffer))
        var clipsBlob: UInt32 = 0
        // Without clips the kernel updates the whole plane: a failed blob costs time, not pixels.
        if let clipsProperty = properties.planeDamageClips, !clips.isEmpty,
           let blob = try? device.createPropertyBlob(.damageClips(clips)) {
            clipsBlob = blob
            request.add(planeID, clipsProperty, UInt64(blob))
        }
        defer { if clipsBlob != 0 { device.destroyPropertyBlob(clipsBlob) } }
        takePlaneChanges()
        try device.atomicCommit(request, flags: [.pageFlipEvent, .nonBlocking], userData: token)
    }

    func setActive(_ on: Bool, _ setup: ScanoutSetup) throws(Errno) -> Bool {
        request.removeAll()
        request.add(setup.pipeline.crtcID, properties.crtcActive, on ? 1 : 0)
        takePlaneChanges()
        try device.atomicCommit(request, flags: .allowModeset, userData: 0)
        return true
    }

    func restore(_ saved: SavedConfiguration, _ setup: ScanoutSetup) {
        let crtc = saved.crtc
        let pipeline = setup.pipeline
        let showing = crtc.framebufferID != 0 && crtc.mode != nil
        let connectors = showing ? saved.connectorsOnCRTC : []
        guard let planeID = pipeline.planeID else {
            legacy.restore(saved, setup)
            return
        }
        do {
            var blob: UInt32 = 0
            if showing, let mode = crtc.mode { blob = try device.createPropertyBlob(.mode(mode)) }
            defer { if blob != 0 { device.destroyPropertyBlob(blob) } }
            request.removeAll()
            request.add(crtc.id, properties.crtcModeID, UInt64(blob))
            request.add(crtc.id, properties.crtcActive, showing ? 1 : 0)
            if !connectors.contains(pipeline.connectorID) {
                request.add(pipeline.connectorID, properties.connectorCRTCID, 0)
            }
            for connector in connectors {
                if let property = properties.connectorCRTCIDProperties[connector] {
                    request.add(connector, property, UInt64(crtc.id))
                }
            }
            request.add(planeID, properties.planeFBID, showing ? UInt64(crtc.framebufferID) : 0)
            request.add(planeID, properties.planeCRTCID, showing ? UInt64(crtc.id) : 0)
            if showing, let mode = crtc.mode {
                request.add(planeID, properties.srcX, UInt64(crtc.x) << 16)
                request.add(planeID, properties.srcY, UInt64(crtc.y) << 16)
                request.add(planeID, properties.srcW, UInt64(mode.width) << 16)
                request.add(planeID, properties.srcH, UInt64(mode.height) << 16)
                request.add(planeID, properties.crtcX, 0)
                request.add(planeID, properties.crtcY, 0)
                request.add(planeID, properties.crtcW, UInt64(mode.width))
                request.add(planeID, properties.crtcH, UInt64(mode.height))
            }
            if let rotationProperty = properties.planeRotation, let value = planeRotationAtStart {
                request.add(planeID, rotationProperty.id, value)
            }
            takePlaneChanges()
            try device.atomicCommit(request, flags: .allowModeset, userData: 0)
        } catch {
            logger.warning("\(device.path): atomic restore failed (\(error)); trying legacy SetCrtc")
            legacy.restore(saved, setup)
        }
    }

    /// Some planes list a rotation they refuse for a format or size: a test-only modeset tells.
    func acceptsPlaneRotation(_ setup: ScanoutSetup, framebuffer: UInt32) -> Bool {
        guard setup.pipeline.planeID != nil, properties.rotationValue(for: setup.planeRotation) != nil,
              let blob = try? device.createPropertyBlob(.mode(setup.pipeline.mode)) else {
            return false
        }
        defer { device.destroyPropertyBlob(blob) }
        var test = AtomicRequest()
        addModeset(to: &test, setup, modeBlob: blob, framebuffer: framebuffer)
        return (try? device.atomicCommit(test, flags: [.testOnly, .allowModeset], userData: 0)) != nil
    }

    /// The changes of a full modeset: mode and routing, the plane covering the CRTC with
    /// `framebuffer`, turned by `setup.planeRotation` (set even when upright: whoever had the
    /// plane before may have left it turned).
    private func addModeset(to request: inout AtomicRequest, _ setup: ScanoutSetup, modeBlob: UInt32, framebuffer fb: UInt32) {
        let pipeline = setup.pipeline
        guard let planeID = pipeline.planeID else { return }
        let crtc = pipeline.crtcID
        request.add(crtc, properties.crtcModeID, UInt64(modeBlob))
        request.add(crtc, properties.crtcActive, 1)
        request.add(pipeline.connectorID, properties.connectorCRTCID, UInt64(crtc))
        // Outputs that shared the CRTC (a console mirrored elsewhere) would make it a clone
        // configuration the driver may refuse: they are detached, and put back by restore().
        for other in properties.otherConnectorsOnCRTC { request.add(other.connector, other.crtcIDProperty, 0) }
        for other in properties.otherPlanesOnCRTC {
            request.add(other.plane, other.fbIDProperty, 0)
            request.add(other.plane, other.crtcIDProperty, 0)
        }
        request.add(planeID, properties.planeFBID, UInt64(fb))
        request.add(planeID, properties.planeCRTCID, UInt64(crtc))
        request.add(planeID, properties.srcX, 0)
        request.add(planeID, properties.srcY, 0)
        request.add(planeID, properties.srcW, UInt64(setup.bufferWidth) << 16)
        request.add(planeID, properties.srcH, UInt64(setup.bufferHeight) << 16)
        request.add(planeID, properties.crtcX, 0)
        request.add(planeID, properties.crtcY, 0)
        request.add(planeID, properties.crtcW, UInt64(pipeline.mode.width))
        request.add(planeID, properties.crtcH, UInt64(pipeline.mode.height))
        if let rotationProperty = properties.planeRotation, let value = properties.rotationValue(for: setup.planeRotation) {
            request.add(planeID, rotationProperty.id, value)
        }
    }
}

/// The ids of the properties an atomic commit sets.
struct AtomicPropertyIDs {
    let crtcModeID: UInt32
    let crtcActive: UInt32
    let connectorCRTCID: UInt32
    let planeFBID: UInt32
    let planeCRTCID: UInt32
    let srcX: UInt32, srcY: UInt32, srcW: UInt32, srcH: UInt32
    let crtcX: UInt32, crtcY: UInt32, crtcW: UInt32, crtcH: UInt32
    let planeDamageClips: UInt32?
    let planeRotation: KMSProperty?
    /// CRTC_ID of every connector, to re-route them on restore.
    let connectorCRTCIDProperties: [UInt32: UInt32]
    let otherConnectorsOnCRTC: [(connector: UInt32, crtcIDProperty: UInt32)]
    let otherPlanesOnCRTC: [(plane: UInt32, fbIDProperty: UInt32, crtcIDProperty: UInt32)]

    /// Nil when a property every atomic driver has is missing.
    init?(description: KMSDeviceDescription, pipeline: KMSPipeline) {
        guard let crtc = description.crtcs.first(where: { $0.id == pipeline.crtcID }),
              let connector = description.connectors.first(where: { $0.id == pipeline.connectorID }),
              let plane = description.planes.first(where: { $0.id == pipeline.planeID }) else { return nil }
        func id(_ list: [KMSProperty], _ name: String) -> UInt32? { list.named(name)?.id }
        guard let modeID = id(crtc.properties, "MODE_ID"), let active = id(crtc.properties, "ACTIVE"),
              let connectorCRTC = id(connector.properties, "CRTC_ID"),
              let fb = id(plane.properties, "FB_ID"), let planeCRTC = id(plane.properties, "CRTC_ID"),
              let sx = id(plane.properties, "SRC_X"), let sy = id(plane.properties, "SRC_Y"),
              let sw = id(plane.properties, "SRC_W"), let sh = id(plane.properties, "SRC_H"),
              let cx = id(plane.properties, "CRTC_X"), let cy = id(plane.properties, "CRTC_Y"),
              let cw = id(plane.properties, "CRTC_W"), let ch = id(plane.properties, "CRTC_H") else { return nil }
        crtcModeID = modeID
        crtcActive = active
        connectorCRTCID = connectorCRTC
        planeFBID = fb
        planeCRTCID = planeCRTC
        srcX = sx; srcY = sy; srcW = sw; srcH = sh
        crtcX = cx; crtcY = cy; crtcW = cw; crtcH = ch
        planeDamageClips = id(plane.properties, "FB_DAMAGE_CLIPS")
        planeRotation = plane.properties.named("rotation")
        var routing: [UInt32: UInt32] = [:]
        for c in description.connectors { if let p = id(c.properties, "CRTC_ID") { routing[c.id] = p } }
        connectorCRTCIDProperties = routing
        otherConnectorsOnCRTC = description.connectors.compactMap { c in
            guard c.id != connector.id, description.currentCRTC(of: c) == crtc.id, let p = routing[c.id] else { return nil }
            return (c.id, p)
        }
        otherPlanesOnCRTC = description.planes.compactMap { p in
            guard p.id != plane.id, p.crtcID == crtc.id, let fb = id(p.properties, "FB_ID"), let c = id(p.properties, "CRTC_ID") else { return nil }
            return (p.id, fb, c)
        }
    }

    /// The plane `rotation` value that turns the scene by `rotation` (clockwise), when the
    /// plane offers it.
    func rotationValue(for rotation: ScreenRotation) -> UInt64? {
        guard let planeRotation else { return nil }
        return DRMDisplay.planeRotationValue(for: rotation, property: planeRotation)
    }
}

extension DRMDisplay {
    /// The value of a plane's `rotation` property that turns the scene by `rotation`
    /// (clockwise), or nil when the property lacks it. The kernel counts its angles
    /// counter-clockwise (`rotate-90` turns the picture a quarter to the left), so a quarter
    /// turn clockwise is `rotate-270`; a bitmask property names bit numbers, so the value is
    /// 1 << bit.
    nonisolated package static func planeRotationValue(for rotation: ScreenRotation, property: KMSProperty) -> UInt64? {
        let name = switch rotation {
        case .none: "rotate-0"
        case .clockwise90: "rotate-270"
        case .upsideDown: "rotate-180"
        case .clockwise270: "rotate-90"
        }
        guard case .bitmask(let bits) = property.kind, let bit = bits.first(where: { $0.name == name }), bit.value < 64 else {
            return nil
        }
        return 1 << bit.value
    }
}
