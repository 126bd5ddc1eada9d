import Logging
import SystemPackage
import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics

/// A display on the vkms-like fake, a run loop that dispatches its descriptor when told, and
/// a recording frame handler.
@MainActor
final class DRMRig {
    let device: FakeKMSDevice
    let loop = DRMTestLoop()
    let display: DRMDisplay
    private(set) var frames: [FrameTiming] = []
    /// Run inside each frame callback (a display link asking for the next frame, say).
    var onFrame: (() -> Void)?

    init(_ device: FakeKMSDevice = .vkmsLike(), configuration: DRMDisplay.Configuration = DRMDisplay.Configuration()) throws {
        self.device = device
        // The scripted failures log errors on purpose; the tests check behaviour, not logs.
        var quiet = Logger(label: "vitrine.drm.test")
        quiet.logLevel = .critical
        display = try DRMDisplay(device: device, configuration: configuration, mainLoop: loop, logger: quiet)
        display.frameHandler = { [unowned self] timing in
            frames.append(timing)
            onFrame?()
        }
    }

    /// A scene of the display's scene size.
    func scene() -> Surface {
        let size = display.sceneSize
        return Surface(width: size.width, height: size.height, format: .xrgb8888)
    }

    var fullScene: Region {
        let size = display.sceneSize
        return Region(PixelRect(x: 0, y: 0, width: size.width, height: size.height))
    }

    @discardableResult
    func present(_ damage: Region? = nil, scene: Surface? = nil) -> Int {
        let d = damage ?? fullScene
        let copying = display.bufferAge == 0 ? fullScene : d
        return display.present(scene: scene ?? self.scene(), copying: copying, damage: d)
    }

    func flip(sequence: UInt32, at time: Double) {
        device.completeFlip(sequence: sequence, at: time)
        loop.dispatchReadySources()
    }

    func vblank(sequence: UInt32, at time: Double, userData: UInt64? = nil) {
        device.signalVBlank(sequence: sequence, at: time, userData: userData)
        loop.dispatchReadySources()
    }

    /// The framebuffer the last applied atomic commit put on the primary plane.
    var committedFramebuffer: UInt32? {
        device.committed(PropertyID.fbID, on: ObjectID.primaryPlane).map { UInt32($0) }
    }
}

@MainActor
struct DRMDisplayTests {
    // MARK: Setting up

    @Test func startingTakesMasterPicksAtomicAndAddsTheDescriptorToTheLoop() throws {
        let rig = try DRMRig()
        #expect(rig.device.setMasterCalls == 1)
        #expect(rig.display.usesAtomic)
        #expect(rig.device.clientCapabilities[KMSCapability.atomic] == 1)
        #expect(rig.display.pipeline.planeID == ObjectID.primaryPlane)
        #expect(rig.display.mode == DisplayMode(width: 1024, height: 768, refreshRate: Modes.xga.refreshRate))
        #expect(rig.loop.watches.map(\.descriptor) == [99])
        // Two XRGB8888 framebuffers of the panel's size, nothing shown yet.
        #expect(rig.device.framebuffers.count == 2)
        #expect(rig.device.framebuffers.values.allSatisfy { $0.width == 1024 && $0.height == 768 && $0.fourcc == KMSFourCC.xrgb8888 })
        #expect(rig.device.commits.isEmpty && rig.device.setCRTCCalls.isEmpty)
    }

    @Test func aDriverWithoutAtomicGetsTheLegacyPath() throws {
        let rig = try DRMRig(.vkmsLike(atomic: false))
        #expect(!rig.display.usesAtomic)
        #expect(rig.display.pipeline.planeID == nil)
    }

    @Test func legacyCanBeAskedForEvenWhenAtomicIsOffered() throws {
        let rig = try DRMRig(configuration: DRMDisplay.Configuration(modesetting: .legacy))
        #expect(!rig.display.usesAtomic)
        #expect(rig.device.clientCapabilities[KMSCapability.atomic] == nil)
    }

    @Test func aHeldMasterIsAnErrorWithARemedy() {
        let device = FakeKMSDevice.vkmsLike()
        device.setMasterError = .resourceBusy
        #expect(throws: DRMError.masterHeld(path: "/dev/dri/card0", errno: .resourceBusy)) {
            try DRMDisplay(device: device, mainLoop: DRMTestLoop())
        }
    }

    @Test func aDeviceWithNothingPluggedInIsAnError() {
        let device = FakeKMSDevice.vkmsLike()
        device.connectors[0].status = .disconnected
        device.connectors[0].modes = []
        #expect(throws: DRMError.noConnectedConnector(path: "/dev/dri/card0", connectors: ["Virtual-1 (disconnected)"])) {
            try DRMDisplay(device: device, mainLoop: DRMTestLoop())
        }
    }

    @Test func aRenderNodeIsNotAKMSDevice() {
        let device = FakeKMSDevice.vkmsLike()
        device.isKMS = false
        #expect(throws: DRMError.notKMS(path: "/dev/dri/card0")) { try DRMDisplay(device: device, mainLoop: DRMTestLoop()) }
    }

    @Test func theProfilesModeIsUsed() throws {
        let rig = try DRMRig(configuration: DRMDisplay.Configuration(mode: ModeRequest(width: 800, height: 600)))
        #expect(rig.display.mode.width == 800 && rig.display.mode.height == 600)
        #expect(rig.device.framebuffers.values.allSatisfy { $0.width == 800 && $0.height == 600 })
    }

    // MARK: The first frame

    @Test func theFirstPresentModesetsInOneAtomicCommit() throws {
        let rig = try DRMRig()
        rig.present()
        let commit = try #require(rig.device.appliedCommits.last)
        #expect(rig.device.appliedCommits.count == 1)
        #expect(commit.flags == [.allowModeset, .pageFlipEvent])
        let r = commit.request
        let blob = try #require(r.value(of: PropertyID.modeID, on: ObjectID.crtc))
        #expect(rig.device.blobs[UInt32(blob)] == .mode(Modes.xga))
        #expect(!rig.device.liveBlobs.contains(UInt32(blob)), "the mode blob is released once committed")
        #expect(r.value(of: PropertyID.active, on: ObjectID.crtc) == 1)
        #expect(r.value(of: PropertyID.connectorCRTC, on: ObjectID.connector) == UInt64(ObjectID.crtc))
        let plane = ObjectID.primaryPlane
        let fb = try #require(r.value(of: PropertyID.fbID, on: plane))
        #expect(rig.device.framebuffers[UInt32(fb)]?.width == 1024)
        #expect(r.value(of: PropertyID.planeCRTC, on: plane) == UInt64(ObjectID.crtc))
        #expect(r.value(of: PropertyID.srcX, on: plane) == 0)
        #expect(r.value(of: PropertyID.srcY, on: plane) == 0)
        // Source rectangle in 16.16 fixed point: 1024 << 16 = 67108864, 768 << 16 = 50331648.
        #expect(r.value(of: PropertyID.srcW, on: plane) == 67_108_864)
        #expect(r.value(of: PropertyID.srcH, on: plane) == 50_331_648)
        #expect(r.value(of: PropertyID.crtcX, on: plane) == 0)
        #expect(r.value(of: PropertyID.crtcY, on: plane) == 0)
        #expect(r.value(of: PropertyID.crtcW, on: plane) == 1024)
        #expect(r.value(of: PropertyID.crtcH, on: plane) == 768)
        #expect(r.value(of: PropertyID.damageClips, on: plane) == nil, "a modeset repaints everything")
        #expect(rig.display.isFlipPending)
        #expect(rig.display.pageFlip == .pending(buffer: 0, completesAtVBlank: false))
    }

    @Test func thePresentCopiesTheSceneIntoTheBufferItCommits() throws {
        let rig = try DRMRig()
        let scene = rig.scene()
        scene.fill(PixelRect(x: 5, y: 6, width: 1, height: 1), with: Color(red: 1, green: 0, blue: 0))
        let written = rig.present(scene: scene)
        // 1024 × 768 pixels of 4 bytes.
        #expect(written == 3_145_728)
        let fb = try #require(rig.committedFramebuffer)
        let shown = try #require(rig.device.surface(ofFramebuffer: fb))
        #expect(shown.word(x: 5, y: 6) & 0xFF_FFFF == 0xFF_0000)
        #expect(shown.word(x: 6, y: 6) & 0xFF_FFFF == 0)
    }

    // MARK: The page-flip state machine

    @Test func theFlipEventCompletesTheFrameWithItsVblankTime() throws {
        let rig = try DRMRig()
        rig.present()
        #expect(rig.frames.isEmpty)
        rig.flip(sequence: 100, at: 5.5)
        #expect(!rig.display.isFlipPending)
        #expect(rig.display.pageFlip == .idle)
        #expect(rig.frames.count == 1)
        #expect(rig.frames[0].timestamp == 5.5)
        #expect(abs(rig.frames[0].targetTimestamp - (5.5 + 1.0 / 60)) < 1e-5)
        #expect(rig.frames[0].sequence == 1)
    }

    @Test func laterFramesAreNonBlockingFlipsWithDamageClips() throws {
        let rig = try DRMRig()
        rig.present()
        let firstFB = rig.committedFramebuffer
        rig.flip(sequence: 100, at: 5.5)
        rig.present(Region(PixelRect(x: 10, y: 20, width: 30, height: 40)))
        let commit = try #require(rig.device.appliedCommits.last)
        #expect(rig.device.appliedCommits.count == 2)
        #expect(commit.flags == [.pageFlipEvent, .nonBlocking])
        // Only the plane's framebuffer and its clips change.
        #expect(commit.request.changes.count == 2)
        #expect(rig.committedFramebuffer != firstFB)
        let blob = try #require(commit.request.value(of: PropertyID.damageClips, on: ObjectID.primaryPlane))
        #expect(rig.device.blobs[UInt32(blob)] == .damageClips([PixelRect(x: 10, y: 20, width: 30, height: 40)]))
        #expect(!rig.device.liveBlobs.contains(UInt32(blob)))
    }

    @Test func aPlaneWithoutDamageClipsGetsNone() throws {
        let rig = try DRMRig(.vkmsLike(damageClips: false))
        #expect(!rig.display.sendsDamageClips)
        rig.present()
        rig.flip(sequence: 1, at: 1)
        rig.present(Region(PixelRect(x: 0, y: 0, width: 8, height: 8)))
        #expect(rig.device.appliedCommits.last?.request.changes.count == 1)
        #expect(rig.device.blobs.values.allSatisfy { if case .damageClips = $0 { false } else { true } })
    }

    @Test func framesAlternateBetweenTheTwoBuffers() throws {
        let rig = try DRMRig()
        var shown: [UInt32?] = []
        for i in 0..<4 {
            rig.present(Region(PixelRect(x: i, y: 0, width: 1, height: 1)))
            shown.append(rig.committedFramebuffer)
            rig.flip(sequence: UInt32(i), at: Double(i))
        }
        #expect(shown[0] != shown[1])
        #expect(shown[0] == shown[2])
        #expect(shown[1] == shown[3])
    }

    @Test func aFrameRequestWhileIdleAsksForOneVblankAndCommitsNothing() throws {
        let rig = try DRMRig()
        rig.display.requestFrame()
        rig.display.requestFrame()
        #expect(rig.device.vblankRequests == [0], "requests coalesce into one vblank event on CRTC index 0")
        #expect(rig.frames.isEmpty)
        rig.vblank(sequence: 7, at: 1.25)
        #expect(rig.frames.map(\.timestamp) == [1.25])
        #expect(!rig.display.isFrameRequested)
        #expect(rig.device.commits.isEmpty && rig.device.setCRTCCalls.isEmpty && rig.device.pageFlips.isEmpty,
                "no commit when nothing was presented")
    }

    @Test func aFrameRequestDuringAPendingFlipIsAnsweredByTheFlip() throws {
        let rig = try DRMRig()
        rig.present()
        rig.display.requestFrame()
        #expect(rig.device.vblankRequests.isEmpty)
        rig.flip(sequence: 3, at: 2)
        #expect(rig.frames.count == 1)
        #expect(!rig.display.isFrameRequested)
    }

    @Test func aVblankBeforeTheFlipCompletesIsNotAFrame() throws {
        let rig = try DRMRig()
        rig.display.requestFrame()
        rig.present()
        // The vblank came first and the flip missed it: the frame is reported by the flip, once.
        rig.vblank(sequence: 10, at: 1)
        #expect(rig.frames.isEmpty)
        #expect(rig.display.isFlipPending)
        rig.flip(sequence: 11, at: 1.0166)
        #expect(rig.frames.map(\.timestamp) == [1.0166])
    }

    @Test func oneVblankIsNeverTwoFrames() throws {
        let rig = try DRMRig()
        rig.display.requestFrame()
        rig.present()
        // Like a display link: each frame asks for the next.
        rig.onFrame = { rig.display.requestFrame() }
        // Flip and requested vblank land on the same vblank, flip event first.
        rig.flip(sequence: 20, at: 3)
        rig.vblank(sequence: 20, at: 3)
        #expect(rig.frames.map(\.timestamp) == [3])
        #expect(rig.device.vblankRequests.count == 2, "the request moves on to the next vblank")
        rig.vblank(sequence: 21, at: 3.0167)
        #expect(rig.frames.map(\.timestamp) == [3, 3.0167])
    }

    @Test func busyIsRetriedAtTheNextVblankAndNeverReachesTheApp() throws {
        let rig = try DRMRig()
        rig.present()
        rig.flip(sequence: 1, at: 1)
        rig.device.commitErrors = [.resourceBusy]
        let damage = Region(PixelRect(x: 1, y: 2, width: 3, height: 4))
        rig.present(damage)
        let refusedFB = rig.committedFramebuffer
        #expect(rig.display.isFlipPending)
        #expect(rig.display.pageFlip == .busy(buffer: 1, damage: damage))
        #expect(rig.device.vblankRequests == [0])
        #expect(rig.frames.count == 1)
        rig.vblank(sequence: 2, at: 1.0167)
        // Committed again, same buffer and clips; the vblank itself is no frame.
        #expect(rig.device.appliedCommits.count == 3)
        #expect(rig.committedFramebuffer == refusedFB)
        let blob = try #require(rig.device.appliedCommits.last?.request.value(of: PropertyID.damageClips, on: ObjectID.primaryPlane))
        #expect(rig.device.blobs[UInt32(blob)] == .damageClips([PixelRect(x: 1, y: 2, width: 3, height: 4)]))
        #expect(rig.display.pageFlip == .pending(buffer: 1, completesAtVBlank: false))
        #expect(rig.frames.count == 1)
        rig.flip(sequence: 3, at: 1.0333)
        #expect(rig.frames.map(\.timestamp) == [1, 1.0333])
        #expect(!rig.display.isFlipPending)
    }

    @Test func busyTwiceWaitsAnotherVblank() throws {
        let rig = try DRMRig()
        rig.present()
        rig.flip(sequence: 1, at: 1)
        rig.device.commitErrors = [.resourceBusy, .resourceBusy]
        rig.present(Region(PixelRect(x: 0, y: 0, width: 2, height: 2)))
        rig.vblank(sequence: 2, at: 2)
        #expect(rig.display.pageFlip == .busy(buffer: 1, damage: Region(PixelRect(x: 0, y: 0, width: 2, height: 2))))
        #expect(rig.device.vblankRequests.count == 2)
        rig.vblank(sequence: 3, at: 3)
        #expect(rig.display.pageFlip == .pending(buffer: 1, completesAtVBlank: false))
    }

    @Test func busyIsAlsoRetriedAtAFlipEventOfAnEarlierCommit() throws {
        let rig = try DRMRig()
        rig.present()
        rig.flip(sequence: 1, at: 1)
        rig.device.commitErrors = [.resourceBusy]
        rig.present(Region(PixelRect(x: 0, y: 0, width: 2, height: 2)))
        #expect(rig.display.pageFlip == .busy(buffer: 1, damage: Region(PixelRect(x: 0, y: 0, width: 2, height: 2))))
        // A flip event while the frame waits (an earlier commit finishing) is as good a moment
        // to commit again as a vblank.
        rig.flip(sequence: 2, at: 2)
        #expect(rig.display.pageFlip == .pending(buffer: 1, completesAtVBlank: false))
        #expect(rig.frames.count == 1, "the retry is not a frame")
    }

    @Test func aBusyFrameIsDroppedWhenTheDisplayGoesOff() throws {
        let rig = try DRMRig()
        rig.present()
        rig.flip(sequence: 1, at: 1)
        rig.device.commitErrors = [.resourceBusy]
        rig.present(Region(PixelRect(x: 0, y: 0, width: 2, height: 2)))
        rig.display.setPower(false)
        let commits = rig.device.appliedCommits.count
        rig.vblank(sequence: 2, at: 2)
        #expect(rig.device.appliedCommits.count == commits)
        #expect(!rig.display.isFlipPending)
    }

    @Test func anotherFailureDropsTheFrameAndForgetsTheAges() throws {
        let rig = try DRMRig()
        rig.present()
        rig.flip(sequence: 1, at: 1)
        rig.present(Region(PixelRect(x: 0, y: 0, width: 2, height: 2)))
        rig.flip(sequence: 2, at: 2)
        #expect(rig.display.bufferAge == 2)
        rig.device.commitErrors = [.invalidArgument]
        rig.present(Region(PixelRect(x: 0, y: 0, width: 2, height: 2)))
        #expect(!rig.display.isFlipPending)
        #expect(rig.display.bufferAge == 0)
    }

    // MARK: Legacy

    @Test func legacyModesetsWithSetCrtcAndCompletesAtTheNextVblank() throws {
        let rig = try DRMRig(.vkmsLike(atomic: false))
        rig.present()
        let call = try #require(rig.device.setCRTCCalls.first)
        #expect(rig.device.setCRTCCalls.count == 1)
        #expect(call.crtcID == ObjectID.crtc && call.x == 0 && call.y == 0)
        #expect(call.connectors == [ObjectID.connector])
        #expect(call.mode == Modes.xga)
        #expect(rig.device.framebuffers[call.framebuffer]?.width == 1024)
        #expect(rig.display.pageFlip == .pending(buffer: 0, completesAtVBlank: true))
        #expect(rig.device.vblankRequests == [0])
        rig.vblank(sequence: 5, at: 4)
        #expect(rig.frames.map(\.timestamp) == [4])
        #expect(!rig.display.isFlipPending)
        #expect(rig.device.commits.isEmpty)
    }

    @Test func legacyFlipsWithPageFlipAndItsEvent() throws {
        let rig = try DRMRig(.vkmsLike(atomic: false))
        rig.present()
        rig.vblank(sequence: 5, at: 4)
        rig.present(Region(PixelRect(x: 0, y: 0, width: 4, height: 4)))
        let modesetFB = rig.device.setCRTCCalls[0].framebuffer
        #expect(rig.device.pageFlips.count == 1)
        #expect(rig.device.pageFlips[0].crtcID == ObjectID.crtc)
        #expect(rig.device.pageFlips[0].framebuffer != modesetFB)
        rig.flip(sequence: 6, at: 4.0167)
        #expect(rig.frames.map(\.timestamp) == [4, 4.0167])
    }

    @Test func legacyBusyIsRetriedToo() throws {
        let rig = try DRMRig(.vkmsLike(atomic: false))
        rig.present()
        rig.vblank(sequence: 5, at: 4)
        rig.device.commitErrors = [.resourceBusy]
        rig.present(Region(PixelRect(x: 0, y: 0, width: 4, height: 4)))
        #expect(rig.display.isFlipPending)
        rig.vblank(sequence: 6, at: 4.0167)
        #expect(rig.device.pageFlips.count == 2)
        #expect(rig.device.pageFlips[0].framebuffer == rig.device.pageFlips[1].framebuffer)
        rig.flip(sequence: 7, at: 4.0333)
        #expect(rig.frames.count == 2)
    }

    // MARK: Buffer ages

    @Test func bufferAgesWithTwoBuffers() throws {
        let rig = try DRMRig()
        var ages: [Int] = []
        for i in 0..<5 {
            ages.append(rig.display.bufferAge)
            rig.present(Region(PixelRect(x: i, y: 0, width: 1, height: 1)))
            rig.flip(sequence: UInt32(i), at: Double(i))
        }
        // Two fresh buffers, then each back buffer holds the frame before the previous one.
        #expect(ages == [0, 0, 2, 2, 2])
    }

    @Test func bufferAgesWithThreeBuffers() throws {
        let rig = try DRMRig(configuration: DRMDisplay.Configuration(bufferCount: 3))
        #expect(rig.device.framebuffers.count == 3)
        var ages: [Int] = []
        for i in 0..<6 {
            ages.append(rig.display.bufferAge)
            rig.present(Region(PixelRect(x: i, y: 0, width: 1, height: 1)))
            rig.flip(sequence: UInt32(i), at: Double(i))
        }
        #expect(ages == [0, 0, 0, 3, 3, 3])
    }

    // MARK: Power

    @Test func powerOffAndOnSetsTheCRTCActiveAndForgetsTheAges() throws {
        let rig = try DRMRig()
        for i in 0..<2 {
            rig.present(Region(PixelRect(x: i, y: 0, width: 1, height: 1)))
            rig.flip(sequence: UInt32(i), at: Double(i))
        }
        #expect(rig.display.bufferAge == 2)
        rig.display.setPower(false)
        let off = try #require(rig.device.appliedCommits.last)
        #expect(off.flags == .allowModeset)
        #expect(off.request.changes == [AtomicRequest.Change(object: ObjectID.crtc, property: PropertyID.active, value: 0)])
        #expect(!rig.display.isPoweredOn)
        let commitsWhileOff = rig.device.appliedCommits.count
        #expect(rig.present(Region(PixelRect(x: 0, y: 0, width: 1, height: 1))) == 0)
        #expect(rig.device.appliedCommits.count == commitsWhileOff, "a display that is off presents nothing")
        rig.display.setPower(true)
        #expect(rig.device.committed(PropertyID.active, on: ObjectID.crtc) == 1)
        #expect(rig.display.isPoweredOn)
        #expect(rig.display.bufferAge == 0)
    }

    @Test func legacyPowerUsesTheConnectorsDPMS() throws {
        let rig = try DRMRig(.vkmsLike(atomic: false))
        rig.display.setPower(false)
        rig.display.setPower(true)
        // DRM_MODE_DPMS_OFF is 3, ON is 0.
        #expect(rig.device.propertySets.map { [$0.property, $0.object, UInt32($0.value)] }
            == [[PropertyID.dpms, ObjectID.connector, 3], [PropertyID.dpms, ObjectID.connector, 0]])
    }

    @Test func aFrameRequestedWhileOffIsServedOncePoweredOn() throws {
        let rig = try DRMRig()
        rig.display.setPower(false)
        rig.display.requestFrame()
        #expect(rig.device.vblankRequests.isEmpty, "an inactive CRTC has no vblank")
        rig.display.setPower(true)
        #expect(rig.device.vblankRequests == [0])
        rig.vblank(sequence: 1, at: 9)
        #expect(rig.frames.map(\.timestamp) == [9])
    }

    // MARK: Restore

    @Test func restorePutsTheSavedCRTCBackAtomically() throws {
        let rig = try DRMRig()
        rig.present()
        rig.flip(sequence: 1, at: 1)
        rig.display.restore()
        let commit = try #require(rig.device.appliedCommits.last)
        #expect(commit.flags == .allowModeset)
        let r = commit.request
        // The console's configuration: framebuffer 7, 800×600, on Virtual-1.
        let blob = try #require(r.value(of: PropertyID.modeID, on: ObjectID.crtc))
        #expect(rig.device.blobs[UInt32(blob)] == .mode(Modes.svga))
        #expect(r.value(of: PropertyID.active, on: ObjectID.crtc) == 1)
        #expect(r.value(of: PropertyID.connectorCRTC, on: ObjectID.connector) == UInt64(ObjectID.crtc))
        #expect(r.value(of: PropertyID.fbID, on: ObjectID.primaryPlane) == UInt64(ObjectID.consoleFramebuffer))
        #expect(r.value(of: PropertyID.planeCRTC, on: ObjectID.primaryPlane) == UInt64(ObjectID.crtc))
        // 800 << 16 = 52428800, 600 << 16 = 39321600.
        #expect(r.value(of: PropertyID.srcW, on: ObjectID.primaryPlane) == 52_428_800)
        #expect(r.value(of: PropertyID.srcH, on: ObjectID.primaryPlane) == 39_321_600)
        #expect(r.value(of: PropertyID.crtcW, on: ObjectID.primaryPlane) == 800)
        #expect(r.value(of: PropertyID.crtcH, on: ObjectID.primaryPlane) == 600)
        // Everything of ours is released, and master is given up.
        #expect(rig.device.framebuffers.isEmpty)
        #expect(rig.device.mappings.isEmpty)
        #expect(rig.device.liveDumbBuffers.isEmpty)
        #expect(rig.device.liveBlobs.isEmpty)
        #expect(rig.device.dropMasterCalls == 1)
        #expect(rig.loop.watches.isEmpty)
        let count = rig.device.appliedCommits.count
        rig.display.restore()
        #expect(rig.device.appliedCommits.count == count, "restore runs once")
    }

    @Test func restorePutsTheSavedCRTCBackWithSetCrtcOnTheLegacyPath() throws {
        let rig = try DRMRig(.vkmsLike(atomic: false))
        rig.present()
        rig.vblank(sequence: 1, at: 1)
        rig.display.restore()
        #expect(rig.device.setCRTCCalls.last == FakeKMSDevice.SetCRTC(crtcID: ObjectID.crtc, framebuffer: ObjectID.consoleFramebuffer,
                                                                     x: 0, y: 0, connectors: [ObjectID.connector], mode: Modes.svga))
        #expect(rig.device.framebuffers.isEmpty)
    }

    @Test func anOutputSharingTheCRTCIsDetachedAndPutBack() throws {
        // The console is mirrored on HDMI-A-1 (connector 60, encoder 46), on the same CRTC.
        let device = FakeKMSDevice.vkmsLike()
        device.encoders.append(KMSEncoder(id: 46, crtcID: ObjectID.crtc, possibleCRTCs: 0b1))
        device.connectors.append(KMSConnector(id: 60, type: KMSConnector.typeHDMIA, typeID: 1, status: .connected, modes: [Modes.svga],
                                              encoderID: 46, possibleEncoderIDs: [46]))
        device.objectProperties[60] = [KMSProperty(id: PropertyID.connectorCRTC, name: "CRTC_ID", kind: .object,
                                                   value: UInt64(ObjectID.crtc), isAtomic: true)]
        let rig = try DRMRig(device, configuration: DRMDisplay.Configuration(connectorName: "Virtual-1"))
        rig.present()
        #expect(device.committed(PropertyID.connectorCRTC, on: 60) == 0)
        #expect(device.committed(PropertyID.connectorCRTC, on: ObjectID.connector) == UInt64(ObjectID.crtc))
        rig.flip(sequence: 1, at: 1)
        rig.display.restore()
        #expect(device.committed(PropertyID.connectorCRTC, on: 60) == UInt64(ObjectID.crtc))
        #expect(device.committed(PropertyID.connectorCRTC, on: ObjectID.connector) == UInt64(ObjectID.crtc))
    }

    @Test func restoreBeforeAnyFrameLeavesTheCRTCAlone() throws {
        let rig = try DRMRig()
        rig.display.restore()
        #expect(rig.device.commits.isEmpty && rig.device.setCRTCCalls.isEmpty)
        #expect(rig.device.framebuffers.isEmpty)
        #expect(rig.present() == 0)
    }

    @Test func droppingTheDisplayRestores() throws {
        let device = FakeKMSDevice.vkmsLike(atomic: false)
        do {
            let rig = try DRMRig(device)
            rig.present()
        }
        #expect(device.setCRTCCalls.last?.framebuffer == ObjectID.consoleFramebuffer)
        #expect(device.framebuffers.isEmpty)
    }

    // MARK: Rotation

    @Test func aRotationThePlaneSupportsIsDoneInHardware() throws {
        let rig = try DRMRig(.vkmsLike(rotations: ["rotate-0", "rotate-90", "rotate-180", "rotate-270"]),
                             configuration: DRMDisplay.Configuration(rotation: .clockwise90))
        #expect(rig.display.usesPlaneRotation)
        #expect(rig.display.sceneSize == (768, 1024))
        // Buffers hold the scene upright: 768 wide, 1024 high.
        #expect(rig.device.framebuffers.values.allSatisfy { $0.width == 768 && $0.height == 1024 })
        rig.present()
        let r = try #require(rig.device.appliedCommits.last?.request)
        // Clockwise 90° is the kernel's rotate-270: bit 3.
        #expect(r.value(of: PropertyID.rotation, on: ObjectID.primaryPlane) == 8)
        #expect(r.value(of: PropertyID.srcW, on: ObjectID.primaryPlane) == 768 << 16)
        #expect(r.value(of: PropertyID.srcH, on: ObjectID.primaryPlane) == 1024 << 16)
        #expect(r.value(of: PropertyID.crtcW, on: ObjectID.primaryPlane) == 1024)
        #expect(r.value(of: PropertyID.crtcH, on: ObjectID.primaryPlane) == 768)
        rig.flip(sequence: 1, at: 1)
        rig.present(Region(PixelRect(x: 10, y: 20, width: 30, height: 40)))
        let blob = try #require(rig.device.committed(PropertyID.damageClips, on: ObjectID.primaryPlane))
        #expect(rig.device.blobs[UInt32(blob)] == .damageClips([PixelRect(x: 10, y: 20, width: 30, height: 40)]),
                "the framebuffer is the upright scene: clips are not turned")
    }

    @Test func aRotationThePlaneLacksIsDoneInTheCopy() throws {
        let rig = try DRMRig(.vkmsLike(rotations: ["rotate-0", "rotate-180"]), configuration: DRMDisplay.Configuration(rotation: .clockwise90))
        #expect(!rig.display.usesPlaneRotation)
        #expect(rig.device.framebuffers.values.allSatisfy { $0.width == 1024 && $0.height == 768 })
        let scene = rig.scene()
        scene.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), with: Color(red: 1, green: 0, blue: 0))
        rig.present(scene: scene)
        #expect(rig.device.committed(PropertyID.rotation, on: ObjectID.primaryPlane) == 1, "the plane is set upright")
        // Turned a quarter clockwise, the scene's top-left corner is the panel's top-right.
        let fb = try #require(rig.committedFramebuffer)
        let shown = try #require(rig.device.surface(ofFramebuffer: fb))
        #expect(shown.word(x: 1023, y: 0) & 0xFF_FFFF == 0xFF_0000)
        #expect(shown.word(x: 0, y: 0) & 0xFF_FFFF == 0)
        rig.flip(sequence: 1, at: 1)
        rig.present(Region(PixelRect(x: 10, y: 20, width: 30, height: 40)))
        // Scene 768×1024: x' = 1024 − 60 = 964, y' = 10, 40×30.
        let blob = try #require(rig.device.committed(PropertyID.damageClips, on: ObjectID.primaryPlane))
        #expect(rig.device.blobs[UInt32(blob)] == .damageClips([PixelRect(x: 964, y: 10, width: 40, height: 30)]))
    }

    @Test func aRotationThePlaneRefusesInATestCommitFallsBackToSoftware() throws {
        let device = FakeKMSDevice.vkmsLike(rotations: ["rotate-0", "rotate-90", "rotate-180", "rotate-270"])
        device.refusesRotationTests = true
        let rig = try DRMRig(device, configuration: DRMDisplay.Configuration(rotation: .clockwise270))
        #expect(!rig.display.usesPlaneRotation)
        #expect(device.commits.count == 1 && device.commits[0].flags.contains(.testOnly))
        #expect(device.framebuffers.count == 2)
        #expect(device.framebuffers.values.allSatisfy { $0.width == 1024 && $0.height == 768 })
    }

    @Test func turningAtRuntimeInSoftwareKeepsTheBuffersAndModesetsWithTheWholeScene() throws {
        let rig = try DRMRig(.vkmsLike(rotations: ["rotate-0", "rotate-180"]))
        rig.present()
        rig.flip(sequence: 1, at: 1)
        let framebuffers = Set(rig.device.framebuffers.keys)
        #expect(rig.display.setRotation(.clockwise90))
        #expect(rig.display.rotation == .clockwise90 && !rig.display.usesPlaneRotation)
        #expect(rig.display.sceneSize == (768, 1024))
        #expect(rig.display.bufferAge == 0)
        #expect(Set(rig.device.framebuffers.keys) == framebuffers, "panel-sized buffers serve every rotation")
        let scene = rig.scene()
        scene.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), with: Color(red: 1, green: 0, blue: 0))
        let commitsBefore = rig.device.appliedCommits.count
        rig.present(scene: scene)
        #expect(rig.device.appliedCommits.count == commitsBefore + 1)
        #expect(rig.device.appliedCommits.last?.flags.contains(.allowModeset) == true)
        let fb = try #require(rig.committedFramebuffer)
        let shown = try #require(rig.device.surface(ofFramebuffer: fb))
        #expect(shown.word(x: 1023, y: 0) & 0xFF_FFFF == 0xFF_0000)
    }

    @Test func turningAtRuntimeWithPlaneRotationRemakesBuffersOfTheNewSceneSize() throws {
        let rig = try DRMRig(.vkmsLike(rotations: ["rotate-0", "rotate-90", "rotate-180", "rotate-270"]))
        rig.present()
        rig.flip(sequence: 1, at: 1)
        #expect(rig.display.setRotation(.clockwise90))
        #expect(rig.display.usesPlaneRotation)
        #expect(rig.device.framebuffers.count == 2)
        #expect(rig.device.framebuffers.values.allSatisfy { $0.width == 768 && $0.height == 1024 })
        rig.present()
        let r = try #require(rig.device.appliedCommits.last?.request)
        #expect(r.value(of: PropertyID.rotation, on: ObjectID.primaryPlane) == 8)
        rig.flip(sequence: 2, at: 2)
        // A half turn keeps the scene's size: the same buffers, the plane turned.
        let framebuffers = Set(rig.device.framebuffers.keys)
        #expect(rig.display.setRotation(.clockwise270))
        #expect(Set(rig.device.framebuffers.keys) == framebuffers)
        rig.present()
        #expect(try #require(rig.device.appliedCommits.last?.request).value(of: PropertyID.rotation, on: ObjectID.primaryPlane) == 2)
    }

    @Test func rgb565BuffersAreMadeWhenAsked() throws {
        let rig = try DRMRig(configuration: DRMDisplay.Configuration(pixelFormat: .rgb565))
        #expect(rig.device.framebuffers.values.allSatisfy { $0.fourcc == KMSFourCC.rgb565 })
        // 1024 × 768 pixels of 2 bytes.
        #expect(rig.present() == 1_572_864)
    }

    // MARK: Session

    @Test func pausingDropsMasterAndStopsPresentingResumingModesetsAndRepaints() throws {
        let rig = try DRMRig()
        var repaints = 0
        rig.display.needsFullRepaint = { repaints += 1 }
        rig.present()
        rig.flip(sequence: 1, at: 1)
        rig.display.pause()
        #expect(rig.device.dropMasterCalls == 1 && !rig.device.isMaster)
        #expect(!rig.display.isPoweredOn)
        let commits = rig.device.appliedCommits.count
        #expect(rig.present(Region(PixelRect(x: 0, y: 0, width: 1, height: 1))) == 0)
        #expect(rig.device.appliedCommits.count == commits)
        try rig.display.resume()
        #expect(rig.device.isMaster && rig.device.setMasterCalls == 2)
        #expect(repaints == 1)
        #expect(rig.display.bufferAge == 0)
        rig.present()
        #expect(rig.device.appliedCommits.last?.flags == [.allowModeset, .pageFlipEvent])
    }

    @Test func restoringWhileSwitchedAwayLeavesTheScreenToTheConsoleInFront() throws {
        let rig = try DRMRig()
        rig.present()
        rig.flip(sequence: 1, at: 1)
        rig.display.pause()
        let commits = rig.device.commits.count
        rig.display.restore()
        #expect(rig.device.commits.count == commits, "no commit without master: the other console owns the screen")
        #expect(rig.device.framebuffers.isEmpty, "the buffers are released all the same")
    }

    @Test func resumingWhenAnotherSessionKeptMasterSaysSo() throws {
        let rig = try DRMRig()
        rig.display.pause()
        rig.device.setMasterError = .permissionDenied
        #expect(throws: DRMError.masterHeld(path: "/dev/dri/card0", errno: .permissionDenied)) { try rig.display.resume() }
        #expect(rig.display.isPaused)
    }

    // MARK: Hotplug

    @Test func unpluggingStopsPresentingAndPluggingAnotherSinkRemakesTheBuffers() throws {
        let rig = try DRMRig()
        var newModes: [DisplayMode] = []
        var repaints = 0
        rig.display.modeDidChange = { newModes.append($0) }
        rig.display.needsFullRepaint = { repaints += 1 }
        rig.present()
        rig.flip(sequence: 1, at: 1)

        rig.device.connectors[0].status = .disconnected
        rig.device.connectors[0].modes = []
        rig.display.handleHotplug()
        #expect(!rig.display.isConnected && !rig.display.isPoweredOn)
        let commits = rig.device.appliedCommits.count
        #expect(rig.present(Region(PixelRect(x: 0, y: 0, width: 1, height: 1))) == 0)
        #expect(rig.device.appliedCommits.count == commits)

        rig.device.connectors[0].status = .connected
        // Another monitor: 1280×720 preferred.
        rig.device.connectors[0].modes = [Modes.svga, Modes.hd]
        rig.display.handleHotplug()
        #expect(rig.display.isPoweredOn)
        #expect(newModes.map { [$0.width, $0.height] } == [[1280, 720]])
        #expect(repaints == 1)
        #expect(rig.display.bufferAge == 0)
        #expect(rig.device.framebuffers.count == 2)
        #expect(rig.device.framebuffers.values.allSatisfy { $0.width == 1280 && $0.height == 720 })
        rig.present()
        let commit = try #require(rig.device.appliedCommits.last)
        #expect(commit.flags.contains(.allowModeset))
        let blob = try #require(commit.request.value(of: PropertyID.modeID, on: ObjectID.crtc))
        #expect(rig.device.blobs[UInt32(blob)] == .mode(Modes.hd))
        #expect(commit.request.value(of: PropertyID.crtcW, on: ObjectID.primaryPlane) == 1280)
    }

    @Test func repluggingTheSameSinkModesetsAgainWithTheSameBuffers() throws {
        let rig = try DRMRig()
        var newModes = 0
        var repaints = 0
        rig.display.modeDidChange = { _ in newModes += 1 }
        rig.display.needsFullRepaint = { repaints += 1 }
        rig.present()
        rig.flip(sequence: 1, at: 1)
        let buffers = Set(rig.device.framebuffers.keys)
        let modes = rig.device.connectors[0].modes
        rig.device.connectors[0].status = .disconnected
        rig.display.handleHotplug()
        rig.device.connectors[0].status = .connected
        rig.device.connectors[0].modes = modes
        rig.display.handleHotplug()
        #expect(newModes == 0 && repaints == 1)
        #expect(Set(rig.device.framebuffers.keys) == buffers)
        rig.present()
        #expect(rig.device.appliedCommits.last?.flags == [.allowModeset, .pageFlipEvent])
    }

    @Test func aChangeEventForAConnectorStillPluggedChangesNothing() throws {
        let rig = try DRMRig()
        var repaints = 0
        rig.display.needsFullRepaint = { repaints += 1 }
        rig.present()
        rig.flip(sequence: 1, at: 1)
        rig.display.handleHotplug()
        #expect(repaints == 0)
        #expect(rig.device.probes >= 2, "the connector was probed again")
        rig.present(Region(PixelRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(rig.device.appliedCommits.last?.flags == [.pageFlipEvent, .nonBlocking])
    }

    @Test func aModeChangeDuringAFlipWaitsForTheFlip() throws {
        let rig = try DRMRig()
        var newModes = 0
        rig.display.modeDidChange = { _ in newModes += 1 }
        rig.present()
        rig.device.connectors[0].modes = [Modes.hd]
        rig.display.handleHotplug()
        #expect(newModes == 0, "the pending buffer stays alive until its flip")
        #expect(rig.device.framebuffers.count == 2)
        rig.flip(sequence: 1, at: 1)
        #expect(newModes == 1)
        #expect(rig.display.mode.width == 1280)
    }
}
