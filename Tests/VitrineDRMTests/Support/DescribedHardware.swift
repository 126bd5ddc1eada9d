import Vitrine
import VitrineDRM

/// Property ids of the described hardware (the kernel gives each property name one id).
enum PropertyID {
    static let modeID: UInt32 = 101
    static let active: UInt32 = 102
    static let connectorCRTC: UInt32 = 103
    static let dpms: UInt32 = 104
    static let type: UInt32 = 110
    static let fbID: UInt32 = 111
    static let planeCRTC: UInt32 = 112
    static let srcX: UInt32 = 113
    static let srcY: UInt32 = 114
    static let srcW: UInt32 = 115
    static let srcH: UInt32 = 116
    static let crtcX: UInt32 = 117
    static let crtcY: UInt32 = 118
    static let crtcW: UInt32 = 119
    static let crtcH: UInt32 = 120
    static let damageClips: UInt32 = 121
    static let rotation: UInt32 = 122
}

/// Object ids of the described hardware.
enum ObjectID {
    static let crtc: UInt32 = 40
    static let encoder: UInt32 = 45
    static let connector: UInt32 = 50
    static let primaryPlane: UInt32 = 31
    static let cursorPlane: UInt32 = 33
    /// The overlay plane (`vkmsLike(overlay: true)`, as vkms's enable_overlay=1).
    static let overlayPlane: UInt32 = 32
    /// The console's framebuffer, on screen before the display starts.
    static let consoleFramebuffer: UInt32 = 7
}

/// Modes of the described Virtual-1 connector.
enum Modes {
    static let xga = KMSMode(width: 1024, height: 768, refreshRate: 60, isPreferred: true)
    static let svga = KMSMode(width: 800, height: 600, refreshRate: 60)
    static let fullHD = KMSMode(width: 1920, height: 1080, refreshRate: 60)
    static let hd = KMSMode(width: 1280, height: 720, refreshRate: 60, isPreferred: true)
}

func planeProperties(type: KMSPlaneType, damageClips: Bool, rotations: [String]?) -> [KMSProperty] {
    var list = [
        KMSProperty(id: PropertyID.type, name: "type",
                    kind: .enumeration([.init(name: "Overlay", value: 0), .init(name: "Primary", value: 1), .init(name: "Cursor", value: 2)]),
                    value: type.rawValue, isImmutable: true),
        KMSProperty(id: PropertyID.fbID, name: "FB_ID", kind: .object, isAtomic: true),
        KMSProperty(id: PropertyID.planeCRTC, name: "CRTC_ID", kind: .object, isAtomic: true),
        KMSProperty(id: PropertyID.srcX, name: "SRC_X", kind: .range(min: 0, max: UInt64(UInt32.max)), isAtomic: true),
        KMSProperty(id: PropertyID.srcY, name: "SRC_Y", kind: .range(min: 0, max: UInt64(UInt32.max)), isAtomic: true),
        KMSProperty(id: PropertyID.srcW, name: "SRC_W", kind: .range(min: 0, max: UInt64(UInt32.max)), isAtomic: true),
        KMSProperty(id: PropertyID.srcH, name: "SRC_H", kind: .range(min: 0, max: UInt64(UInt32.max)), isAtomic: true),
        KMSProperty(id: PropertyID.crtcX, name: "CRTC_X", kind: .signedRange(min: Int64(Int32.min), max: Int64(Int32.max)), isAtomic: true),
        KMSProperty(id: PropertyID.crtcY, name: "CRTC_Y", kind: .signedRange(min: Int64(Int32.min), max: Int64(Int32.max)), isAtomic: true),
        KMSProperty(id: PropertyID.crtcW, name: "CRTC_W", kind: .range(min: 0, max: UInt64(Int32.max)), isAtomic: true),
        KMSProperty(id: PropertyID.crtcH, name: "CRTC_H", kind: .range(min: 0, max: UInt64(Int32.max)), isAtomic: true),
    ]
    if damageClips {
        list.append(KMSProperty(id: PropertyID.damageClips, name: "FB_DAMAGE_CLIPS", kind: .blob, isAtomic: true))
    }
    if let rotations {
        // Bit numbers as the kernel numbers them: rotate-0 is bit 0 … rotate-270 bit 3, reflect-x bit 4.
        let bits = ["rotate-0": 0, "rotate-90": 1, "rotate-180": 2, "rotate-270": 3, "reflect-x": 4, "reflect-y": 5]
        list.append(KMSProperty(id: PropertyID.rotation, name: "rotation",
                                kind: .bitmask(rotations.map { KMSPropertyEnum(name: $0, value: UInt64(bits[$0]!)) }), value: 1))
    }
    return list
}

extension FakeKMSDevice {
    /// A device like vkms: one CRTC showing the console (framebuffer 7, 800×600) through
    /// Virtual-1, which offers 1024×768 (preferred), 800×600 and 1920×1080; a primary plane
    /// (XR24, AR24, RG16) and a cursor plane.
    static func vkmsLike(damageClips: Bool = true, rotations: [String]? = nil, atomic: Bool = true, overlay: Bool = false) -> FakeKMSDevice {
        let d = FakeKMSDevice()
        d.acceptsAtomic = atomic
        d.crtcs = [KMSCRTC(id: ObjectID.crtc, framebufferID: ObjectID.consoleFramebuffer, x: 0, y: 0, mode: Modes.svga)]
        d.crtcIDs = [ObjectID.crtc]
        d.encoders = [KMSEncoder(id: ObjectID.encoder, crtcID: ObjectID.crtc, possibleCRTCs: 0b1)]
        d.connectors = [KMSConnector(id: ObjectID.connector, type: KMSConnector.typeVirtual, typeID: 1, status: .connected,
                                     modes: [Modes.xga, Modes.svga, Modes.fullHD], encoderID: ObjectID.encoder,
                                     possibleEncoderIDs: [ObjectID.encoder])]
        d.planes = [
            KMSPlane(id: ObjectID.primaryPlane, possibleCRTCs: 0b1, crtcID: ObjectID.crtc, framebufferID: ObjectID.consoleFramebuffer,
                     formats: [KMSFourCC.xrgb8888, KMSFourCC.argb8888, KMSFourCC.rgb565]),
            KMSPlane(id: ObjectID.cursorPlane, possibleCRTCs: 0b1, formats: [KMSFourCC.argb8888]),
        ]
        d.objectProperties = [
            ObjectID.crtc: [
                KMSProperty(id: PropertyID.modeID, name: "MODE_ID", kind: .blob, value: 9, isAtomic: true),
                KMSProperty(id: PropertyID.active, name: "ACTIVE", kind: .range(min: 0, max: 1), value: 1, isAtomic: true),
            ],
            ObjectID.connector: [
                KMSProperty(id: PropertyID.connectorCRTC, name: "CRTC_ID", kind: .object, value: UInt64(ObjectID.crtc), isAtomic: true),
                KMSProperty(id: PropertyID.dpms, name: "DPMS",
                            kind: .enumeration([.init(name: "On", value: 0), .init(name: "Standby", value: 1),
                                                .init(name: "Suspend", value: 2), .init(name: "Off", value: 3)])),
            ],
            ObjectID.primaryPlane: planeProperties(type: .primary, damageClips: damageClips, rotations: rotations),
            ObjectID.cursorPlane: planeProperties(type: .cursor, damageClips: false, rotations: nil),
        ]
        if overlay {
            // Like vkms with enable_overlay=1 (Debian 6.1): no zpos, so above the primary.
            d.planes.insert(KMSPlane(id: ObjectID.overlayPlane, possibleCRTCs: 0b1,
                                     formats: [KMSFourCC.argb8888, KMSFourCC.xrgb8888, KMSFourCC.rgb565]), at: 1)
            d.objectProperties[ObjectID.overlayPlane] = planeProperties(type: .overlay, damageClips: false, rotations: nil)
        }
        return d
    }

    /// The last applied atomic commit's value for `property` of `object`.
    func committed(_ property: UInt32, on object: UInt32) -> UInt64? {
        appliedCommits.last?.request.value(of: property, on: object)
    }
}

/// A connector for choice tests.
func connector(_ id: UInt32, type: UInt32, typeID: UInt32 = 1, _ status: KMSConnectionStatus, modes: [KMSMode] = [Modes.xga],
               encoder: UInt32 = 0, encoders: [UInt32]) -> KMSConnector {
    KMSConnector(id: id, type: type, typeID: typeID, status: status, modes: modes, encoderID: encoder, possibleEncoderIDs: encoders)
}

/// A described device for choice tests.
func describedDevice(connectors: [KMSConnector], encoders: [KMSEncoder], crtcs: [UInt32], planes: [KMSPlane] = []) -> KMSDeviceDescription {
    KMSDeviceDescription(path: "/dev/dri/card0", driver: KMSDriver(name: "test"), supportsAtomic: true, connectors: connectors,
                         encoders: encoders, crtcs: crtcs.map { KMSCRTC(id: $0) }, planes: planes)
}
