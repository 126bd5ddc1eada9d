import Foundation
import Testing
import VitrineDRM

/// The DRM report encoded as `vitrine devices --json` encodes it (JSONEncoder, pretty printed,
/// sorted keys, slashes as they are), with its final line feed.
func encodedJSON(_ report: DeviceReport.JSONReport) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
}

/// `json` parsed and written back compactly with sorted keys: equal for the same JSON facts,
/// whatever the whitespace and key order.
func canonicalJSON(_ json: String) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
    return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]), as: UTF8.self)
}

/// `vitrine devices` output, from described devices.
@MainActor
struct DeviceReportTests {
    /// A Raspberry-Pi-like DSI panel: one connector, one CRTC (off), one primary plane that can
    /// only turn upside down.
    let panel = KMSDeviceDescription(
        path: "/dev/dri/card1", driver: KMSDriver(name: "vc4", description: "Broadcom VC4 graphics"), supportsAtomic: true,
        connectors: [KMSConnector(id: 32, type: KMSConnector.typeDSI, typeID: 1, status: .connected,
                                  modes: [KMSMode(width: 800, height: 480, refreshRate: 60, isPreferred: true)],
                                  encoderID: 31, possibleEncoderIDs: [31], widthMillimeters: 155, heightMillimeters: 86,
                                  properties: [KMSProperty(id: 2, name: "DPMS", kind: .enumeration([.init(name: "On", value: 0),
                                                                                                     .init(name: "Off", value: 3)]))])],
        encoders: [KMSEncoder(id: 31, crtcID: 40, possibleCRTCs: 0b1)],
        crtcs: [KMSCRTC(id: 40)],
        planes: [KMSPlane(id: 50, possibleCRTCs: 0b1, formats: [KMSFourCC.xrgb8888], properties: [
            KMSProperty(id: 6, name: "type", kind: .enumeration([.init(name: "Overlay", value: 0), .init(name: "Primary", value: 1),
                                                                 .init(name: "Cursor", value: 2)]), value: 1, isImmutable: true),
            KMSProperty(id: 7, name: "rotation", kind: .bitmask([.init(name: "rotate-0", value: 0), .init(name: "rotate-180", value: 2)]),
                        value: 1),
        ])])

    @Test func textListsConnectorsModesCRTCsAndPlanes() {
        #expect(DeviceReport.text([.device(panel)]) == """
            /dev/dri/card1: vc4 (Broadcom VC4 graphics), atomic, dumb buffers
              connectors:
                DSI-1 (id 32): connected, 155×86 mm, on CRTC 40
                  modes (* preferred): 800x480@60.00*
                  properties: DPMS=On
              encoders:
                encoder 31: CRTCs 0, on CRTC 40
              CRTCs:
                CRTC 40 (index 0): off
              planes:
                plane 50: Primary, CRTCs 0
                  formats: XR24
                  rotation: rotate-0 rotate-180 (now rotate-0)
                  FB_DAMAGE_CLIPS: no
                  properties: type=Primary rotation=rotate-0


            """)
    }

    @Test func jsonHasTheSameFactsForScripts() throws {
        let expected = #"{"drm":[{"path":"/dev/dri/card1","driver":"vc4","driverDescription":"Broadcom VC4 graphics","#
            + #""atomic":true,"dumbBuffers":true,"connectors":[{"id":32,"name":"DSI-1","status":"connected","#
            + #""widthMM":155,"heightMM":86,"crtc":40,"modes":[{"name":"800x480","width":800,"height":480,"#
            + #""refresh":60.00,"preferred":true}],"properties":[{"id":2,"name":"DPMS","value":0,"immutable":false,"#
            + #""values":["On","Off"]}]}],"encoders":[{"id":31,"possibleCrtcs":[0],"crtc":40}],"#
            + #""crtcs":[{"id":40,"index":0,"framebuffer":0,"x":0,"y":0,"mode":null,"properties":[]}],"#
            + #""planes":[{"id":50,"type":"Primary","possibleCrtcs":[0],"crtc":null,"framebuffer":0,"formats":["XR24"],"#
            + #""rotation":["rotate-0","rotate-180"],"damageClips":false,"properties":["#
            + #"{"id":6,"name":"type","value":1,"immutable":true,"values":["Overlay","Primary","Cursor"]},"#
            + #"{"id":7,"name":"rotation","value":1,"immutable":false,"values":["rotate-0","rotate-180"]}]}]}]}"#
        let json = try encodedJSON(.init([.device(panel)]))
        #expect(try canonicalJSON(json) == canonicalJSON(expected))
        // Pretty printed with sorted keys, for people reading it too; one object, one line feed.
        #expect(json.hasPrefix("{\n  \"drm\" : [\n    {\n      \"atomic\" : true,\n"))
        #expect(json.hasSuffix("}\n") && !json.hasSuffix("\n\n"))
    }

    @Test func aVkmsLikeDeviceShowsThePreferredModeDamageClipsAndCurrentState() throws {
        let fake = FakeKMSDevice.vkmsLike(rotations: ["rotate-0", "rotate-90", "rotate-180", "rotate-270"])
        try fake.setClientCapability(KMSCapability.universalPlanes, to: 1)
        try fake.setClientCapability(KMSCapability.atomic, to: 1)
        let text = DeviceReport.text([.device(try fake.describe(supportsAtomic: true))])
        #expect(text.contains("    Virtual-1 (id 50): connected, on CRTC 40\n"))
        #expect(text.contains("      modes (* preferred): 1024x768@60.00* 800x600@60.00 1920x1080@60.00\n"))
        #expect(text.contains("    CRTC 40 (index 0): framebuffer 7, 800x600@60.00 at (0, 0)\n"))
        #expect(text.contains("    plane 31: Primary, CRTCs 0, on CRTC 40 framebuffer 7\n      formats: XR24 AR24 RG16\n"
            + "      rotation: rotate-0 rotate-90 rotate-180 rotate-270 (now rotate-0)\n      FB_DAMAGE_CLIPS: yes\n"))
        #expect(text.contains("    plane 33: Cursor, CRTCs 0\n      formats: AR24\n      rotation: none\n      FB_DAMAGE_CLIPS: no\n"))
        let json = try canonicalJSON(try encodedJSON(.init([.device(try fake.describe(supportsAtomic: true))])))
        #expect(json.contains(#""damageClips":true"#))
        #expect(json.contains(#""rotation":["rotate-0","rotate-90","rotate-180","rotate-270"]"#))
    }

    @Test func aDeviceThatCannotBeReadIsReportedAndTheRestStill() throws {
        let denied = DRMError.permissionDenied(path: "/dev/dri/card0")
        let text = DeviceReport.text([.failed(path: "/dev/dri/card0", denied), .device(panel)])
        #expect(text.hasPrefix("/dev/dri/card0: permission denied — add the user to group video, or run under seatd (or as root)\n\n"
            + "/dev/dri/card1: vc4"))
        let json = try encodedJSON(.init([.failed(path: "/dev/dri/card0", denied)]))
        #expect(try canonicalJSON(json) == #"{"drm":[{"error":"/dev/dri/card0: permission denied — add the user to group video, "#
            + #"or run under seatd (or as root)","path":"/dev/dri/card0"}]}"#)
    }

    @Test func noDeviceAtAllIsAnErrorObject() throws {
        let json = try canonicalJSON(try encodedJSON(.init(error: .noDevice(directory: "/dev/dri", directoryExists: false))))
        #expect(json.hasPrefix(#"{"drm":[],"error":"no DRM device: /dev/dri does not exist — is the GPU driver loaded?"#))
        #expect(json.hasSuffix("\"}"))
    }

    @Test func jsonStringsAreEscaped() throws {
        let odd = KMSDeviceDescription(path: "/dev/dri/\"card\"\\0\n\u{1}", driver: KMSDriver(name: "x"), supportsAtomic: false,
                                       connectors: [], encoders: [], crtcs: [], planes: [])
        let json = try encodedJSON(.init([.device(odd)]))
        #expect(json.contains(#""path" : "/dev/dri/\"card\"\\0\n\u0001""#))
        // Read back, the path is the same string.
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let devices = object?["drm"] as? [[String: Any]]
        #expect(devices?.first?["path"] as? String == "/dev/dri/\"card\"\\0\n\u{1}")
    }

    @Test func refreshRatesAreNumbersRoundedToHundredths() throws {
        #expect(DeviceReport.hundredths(59.9401) == 59.94)
        #expect(DeviceReport.hundredths(-0.499) == -0.5)
        #expect(DeviceReport.hundredths(.nan) == 0 && DeviceReport.hundredths(.infinity) == 0)
        let json = try canonicalJSON(try encodedJSON(.init([.device(panel)])))
        #expect(json.contains(#""refresh":60,"#))
    }
}
