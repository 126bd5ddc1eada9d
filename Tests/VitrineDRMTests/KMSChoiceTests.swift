import Testing
import VitrineDRM

@MainActor
struct KMSChoiceTests {
    // MARK: Connector

    @Test func connectorNamesAreTheKernelsTypeNameAndNumber() {
        #expect(connector(1, type: 11, typeID: 1, .connected, encoders: []).name == "HDMI-A-1")
        #expect(connector(1, type: 11, typeID: 2, .connected, encoders: []).name == "HDMI-A-2")
        #expect(connector(1, type: 16, typeID: 1, .connected, encoders: []).name == "DSI-1")
        #expect(connector(1, type: 15, typeID: 1, .connected, encoders: []).name == "Virtual-1")
        #expect(connector(1, type: 14, typeID: 1, .connected, encoders: []).name == "eDP-1")
        #expect(connector(1, type: 10, typeID: 3, .connected, encoders: []).name == "DP-3")
        #expect(connector(1, type: 99, typeID: 1, .connected, encoders: []).name == "Unknown99-1")
    }

    @Test func aNamedConnectorIsChosenOverTheFirstConnected() throws {
        let device = describedDevice(
            connectors: [connector(1, type: 11, typeID: 1, .connected, encoders: []),
                         connector(2, type: 11, typeID: 2, .connected, encoders: []),
                         connector(3, type: 16, typeID: 1, .connected, encoders: [])],
            encoders: [], crtcs: [])
        #expect(try KMSChoice.connector(in: device, named: "HDMI-A-2").id == 2)
        #expect(try KMSChoice.connector(in: device, named: "dsi-1").id == 3)
    }

    @Test func withoutANameTheFirstConnectedConnectorIsChosen() throws {
        let device = describedDevice(
            connectors: [connector(1, type: 11, .disconnected, modes: [], encoders: []),
                         connector(2, type: 18, .unknown, encoders: []),
                         connector(3, type: 16, .connected, encoders: []),
                         connector(4, type: 15, .connected, encoders: [])],
            encoders: [], crtcs: [])
        #expect(try KMSChoice.connector(in: device, named: nil).id == 3)
    }

    @Test func aMissingOrUnpluggedNamedConnectorIsAnErrorThatSaysWhatThereIs() {
        let device = describedDevice(
            connectors: [connector(1, type: 11, .disconnected, modes: [], encoders: []),
                         connector(2, type: 16, .connected, encoders: [])],
            encoders: [], crtcs: [])
        #expect(throws: DRMError.connectorNotFound(path: "/dev/dri/card0", name: "HDMI-A-2", available: ["HDMI-A-1", "DSI-1"])) {
            try KMSChoice.connector(in: device, named: "HDMI-A-2")
        }
        #expect(throws: DRMError.connectorDisconnected(path: "/dev/dri/card0", name: "HDMI-A-1")) {
            try KMSChoice.connector(in: device, named: "HDMI-A-1")
        }
    }

    @Test func noConnectedConnectorIsAnError() {
        let device = describedDevice(connectors: [connector(1, type: 11, .disconnected, modes: [], encoders: [])], encoders: [], crtcs: [])
        #expect(throws: DRMError.noConnectedConnector(path: "/dev/dri/card0", connectors: ["HDMI-A-1 (disconnected)"])) {
            try KMSChoice.connector(in: device, named: nil)
        }
    }

    // MARK: Mode

    @Test func modeRequestsParseWidthHeightAndOptionalRefresh() {
        #expect(ModeRequest("1024x768") == ModeRequest(width: 1024, height: 768))
        #expect(ModeRequest("800x480@60") == ModeRequest(width: 800, height: 480, refreshRate: 60))
        #expect(ModeRequest("1920x1080@59.94") == ModeRequest(width: 1920, height: 1080, refreshRate: 59.94))
        #expect(ModeRequest("1024") == nil)
        #expect(ModeRequest("x768") == nil)
        #expect(ModeRequest("axb") == nil)
        #expect(ModeRequest("1024x768@") == nil)
        #expect(ModeRequest("0x768") == nil)
        #expect(ModeRequest("800x480@60")?.description == "800x480@60")
    }

    /// Where the board profile's parser and this one used to disagree: this one accepted any
    /// size and any positive rate, infinity included. There is one parser now, with limits.
    @Test func modeRequestsRefuseSizesAndRatesNoDisplayHas() {
        #expect(ModeRequest("16384x16384@1000") == ModeRequest(width: 16384, height: 16384, refreshRate: 1000))
        #expect(ModeRequest("16385x480") == nil)
        #expect(ModeRequest("800x20000") == nil)
        #expect(ModeRequest("800x480@1000.5") == nil)
        #expect(ModeRequest("800x480@inf") == nil)
        #expect(ModeRequest("800x480@infinity") == nil)
        #expect(ModeRequest("800x480@nan") == nil)
        #expect(ModeRequest("800x480@0") == nil)
        #expect(ModeRequest("800x480@-60") == nil)
        #expect(ModeRequest("-800x480") == nil)
    }

    @Test func theRequestedModeWinsAndItsRefreshChoosesAmongSameSizes() {
        let m60 = KMSMode(width: 800, height: 600, refreshRate: 60)
        let m75 = KMSMode(width: 800, height: 600, refreshRate: 75)
        let c = connector(1, type: 11, .connected, modes: [Modes.xga, m60, m75], encoders: [])
        #expect(KMSChoice.mode(of: c, request: ModeRequest(width: 800, height: 600, refreshRate: 75)) == m75)
        #expect(KMSChoice.mode(of: c, request: ModeRequest(width: 800, height: 600)) == m60)
    }

    @Test func withoutAMatchingRequestThePreferredModeIsChosen() {
        let c = connector(1, type: 11, .connected, modes: [Modes.svga, Modes.fullHD, Modes.xga], encoders: [])
        #expect(KMSChoice.mode(of: c, request: nil) == Modes.xga)
        #expect(KMSChoice.mode(of: c, request: ModeRequest(width: 640, height: 480)) == Modes.xga)
    }

    @Test func withoutAPreferredModeTheLargestIsChosenThenTheFastest() {
        let slowBig = KMSMode(width: 1920, height: 1080, refreshRate: 30)
        let fastBig = KMSMode(width: 1920, height: 1080, refreshRate: 50)
        let c = connector(1, type: 11, .connected, modes: [Modes.svga, slowBig, fastBig, KMSMode(width: 1280, height: 1024)], encoders: [])
        #expect(KMSChoice.mode(of: c, request: nil) == fastBig)
        #expect(KMSChoice.mode(of: connector(1, type: 11, .connected, modes: [], encoders: []), request: nil) == nil)
    }

    // MARK: Encoder and CRTC

    @Test func theCurrentEncoderAndCRTCArePreferred() throws {
        let device = describedDevice(
            connectors: [connector(1, type: 11, .connected, encoder: 21, encoders: [20, 21])],
            encoders: [KMSEncoder(id: 20, possibleCRTCs: 0b11), KMSEncoder(id: 21, crtcID: 101, possibleCRTCs: 0b11)],
            crtcs: [100, 101])
        let choice = try #require(KMSChoice.encoderAndCRTC(for: device.connectors[0], in: device))
        #expect(choice.encoder.id == 21)
        #expect(choice.crtcIndex == 1)
    }

    @Test func theEncodersPossibleCRTCsConstrainTheChoice() throws {
        // The encoder can only be fed by the CRTC at index 2.
        let device = describedDevice(
            connectors: [connector(1, type: 16, .connected, encoders: [20])],
            encoders: [KMSEncoder(id: 20, possibleCRTCs: 0b100)],
            crtcs: [100, 101, 102])
        let choice = try #require(KMSChoice.encoderAndCRTC(for: device.connectors[0], in: device))
        #expect(choice.crtcIndex == 2)
        #expect(device.crtcs[choice.crtcIndex].id == 102)
    }

    @Test func aCRTCAnotherConnectedOutputUsesIsAvoided() throws {
        // HDMI-A-1 shows on CRTC 100 through encoder 30; DSI-1's encoder could use 100 or 101.
        let device = describedDevice(
            connectors: [connector(1, type: 11, .connected, encoder: 30, encoders: [30]),
                         connector(2, type: 16, .connected, encoders: [20])],
            encoders: [KMSEncoder(id: 30, crtcID: 100, possibleCRTCs: 0b01), KMSEncoder(id: 20, possibleCRTCs: 0b11)],
            crtcs: [100, 101])
        let choice = try #require(KMSChoice.encoderAndCRTC(for: device.connectors[1], in: device))
        #expect(choice.encoder.id == 20)
        #expect(choice.crtcIndex == 1)
    }

    @Test func aBusyCRTCIsTakenWhenItIsTheOnlyOne() throws {
        let device = describedDevice(
            connectors: [connector(1, type: 11, .connected, encoder: 30, encoders: [30]),
                         connector(2, type: 16, .connected, encoders: [20])],
            encoders: [KMSEncoder(id: 30, crtcID: 100, possibleCRTCs: 0b1), KMSEncoder(id: 20, possibleCRTCs: 0b1)],
            crtcs: [100])
        let choice = try #require(KMSChoice.encoderAndCRTC(for: device.connectors[1], in: device))
        #expect(choice.crtcIndex == 0)
        #expect(KMSChoice.encoderAndCRTC(for: connector(3, type: 16, .connected, encoders: []), in: device) == nil)
    }

    // MARK: Plane

    @Test func thePrimaryPlaneOfTheCRTCForTheFormatIsChosen() {
        let overlay = KMSPlane(id: 1, possibleCRTCs: 0b11, formats: [KMSFourCC.xrgb8888],
                               properties: planeProperties(type: .overlay, damageClips: false, rotations: nil))
        let primary0 = KMSPlane(id: 2, possibleCRTCs: 0b01, formats: [KMSFourCC.xrgb8888],
                                properties: planeProperties(type: .primary, damageClips: false, rotations: nil))
        let primary1 = KMSPlane(id: 3, possibleCRTCs: 0b10, formats: [KMSFourCC.xrgb8888],
                                properties: planeProperties(type: .primary, damageClips: false, rotations: nil))
        let cursor = KMSPlane(id: 4, possibleCRTCs: 0b11, formats: [KMSFourCC.argb8888],
                              properties: planeProperties(type: .cursor, damageClips: false, rotations: nil))
        let device = describedDevice(connectors: [], encoders: [], crtcs: [100, 101], planes: [overlay, primary0, primary1, cursor])
        #expect(KMSChoice.primaryPlane(forCRTCAt: 1, fourcc: KMSFourCC.xrgb8888, in: device)?.id == 3)
        #expect(KMSChoice.primaryPlane(forCRTCAt: 0, fourcc: KMSFourCC.xrgb8888, in: device)?.id == 2)
        #expect(KMSChoice.primaryPlane(forCRTCAt: 0, fourcc: KMSFourCC.rgb565, in: device) == nil)
    }

    @Test func thePrimaryPlaneAlreadyOnTheCRTCIsPreferred() {
        let spare = KMSPlane(id: 5, possibleCRTCs: 0b1, formats: [KMSFourCC.xrgb8888],
                             properties: planeProperties(type: .primary, damageClips: false, rotations: nil))
        let onCRTC = KMSPlane(id: 6, possibleCRTCs: 0b1, crtcID: 100, formats: [KMSFourCC.xrgb8888],
                              properties: planeProperties(type: .primary, damageClips: false, rotations: nil))
        let device = describedDevice(connectors: [], encoders: [], crtcs: [100], planes: [spare, onCRTC])
        #expect(KMSChoice.primaryPlane(forCRTCAt: 0, fourcc: KMSFourCC.xrgb8888, in: device)?.id == 6)
    }

    @Test func theWholePipelineNamesWhatIsMissing() throws {
        let d = FakeKMSDevice.vkmsLike()
        _ = try? d.setClientCapability(KMSCapability.universalPlanes, to: 1)
        _ = try? d.setClientCapability(KMSCapability.atomic, to: 1)
        let description = try d.describe(supportsAtomic: true)
        let pipeline = try KMSChoice.pipeline(in: description, connectorName: "Virtual-1", request: nil,
                                              fourcc: KMSFourCC.xrgb8888, needsPlane: true)
        #expect(pipeline == KMSPipeline(connectorID: ObjectID.connector, connectorName: "Virtual-1", mode: Modes.xga,
                                        encoderID: ObjectID.encoder, crtcID: ObjectID.crtc, crtcIndex: 0, planeID: ObjectID.primaryPlane))
        #expect(throws: DRMError.noPrimaryPlane(path: "/dev/dri/card0", crtcID: ObjectID.crtc, format: "AB24")) {
            try KMSChoice.pipeline(in: description, connectorName: nil, request: nil, fourcc: KMSFourCC.fourcc("AB24"), needsPlane: true)
        }
    }
}
