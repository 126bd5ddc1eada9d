import SystemPackage
import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics

/// Video on the overlay plane of the vkms-like fake: the plane chosen and tested, frame
/// commits that change only the overlay, never two commits in flight, a frame merged into the
/// UI's commit, and the plane dropped and taken off when the display changes or ends.
@MainActor
struct VideoPlaneTests {
    /// A display on a fake with an overlay plane, its first frame shown (the CRTC modeset).
    func shownRig(overlay: Bool = true) throws -> DRMRig {
        let rig = try DRMRig(.vkmsLike(overlay: overlay))
        rig.present()
        rig.flip(sequence: 1, at: 1.0)
        return rig
    }

    /// A 1:1 geometry of a `width`×`height` frame at (`x`, `y`).
    func oneToOne(_ width: Int = 64, _ height: Int = 48, x: Int = 100, y: Int = 50) -> VideoPlaneGeometry {
        VideoPlaneGeometry(source: PixelRect(x: 0, y: 0, width: width, height: height),
                           destination: PixelRect(x: x, y: y, width: width, height: height))
    }

    /// A frame filled with `color` (XRGB8888).
    func frame(_ color: UInt32, _ width: Int = 64, _ height: Int = 48) -> Surface {
        let surface = Surface(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            let row = (surface.baseAddress + y * surface.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { row[x] = color }
        }
        return surface
    }

    /// The objects and properties a commit changes.
    func touched(_ commit: FakeKMSDevice.Commit) -> Set<UInt32> { Set(commit.request.changes.map(\.object)) }

    @Test func thePlaneIsTheOverlayAboveTheUIMadeAfterATestCommit() throws {
        let rig = try shownRig()
        let commitsBefore = rig.device.commits.count
        let plane = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        #expect(plane.stacking == .aboveUI)
        #expect(rig.display.videoOverlayPlaneID == ObjectID.overlayPlane)
        // One test-only commit, of the overlay alone, with every property of its setup.
        let tests = rig.device.commits[commitsBefore...].filter { $0.flags.contains(.testOnly) }
        #expect(tests.count == 1 && rig.device.commits.count == commitsBefore + 1)
        let test = try #require(tests.first)
        #expect(touched(test) == [ObjectID.overlayPlane])
        #expect(test.request.value(of: PropertyID.planeCRTC, on: ObjectID.overlayPlane) == UInt64(ObjectID.crtc))
        #expect(test.request.value(of: PropertyID.crtcX, on: ObjectID.overlayPlane) == 100)
        #expect(test.request.value(of: PropertyID.srcW, on: ObjectID.overlayPlane) == 64 << 16)
        // Two buffers of the frame's size, nothing shown yet.
        let frameBuffers = rig.device.framebuffers.values.filter { $0.width == 64 && $0.height == 48 && $0.fourcc == KMSFourCC.xrgb8888 }
        #expect(frameBuffers.count == 2)
        #expect(rig.device.appliedCommits.count == 1, "only the UI's modeset was applied")
    }

    @Test func withoutAnOverlayOrAtomicThereIsNoPlaneAndTheErrorSaysWhy() throws {
        let rig = try shownRig(overlay: false)
        #expect {
            _ = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        } throws: { error in
            guard let error = error as? VideoPlaneError, case .noPlane(let detail) = error else { return false }
            return detail.contains("no free overlay plane")
        }
        let legacy = try DRMRig(.vkmsLike(overlay: true), configuration: DRMDisplay.Configuration(modesetting: .legacy))
        legacy.present()
        legacy.vblank(sequence: 1, at: 1.0)
        #expect(throws: VideoPlaneError.noPlane(detail: "the legacy modesetting API has no planes")) {
            _ = try legacy.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        }
    }

    @Test func aRefusedTestCommitRefusesThePlaneAndFreesItsBuffers() throws {
        let rig = try shownRig()
        let live = rig.device.liveDumbBufferCount
        rig.device.refusesTestsOf = [ObjectID.overlayPlane]
        #expect {
            _ = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        } throws: { error in
            guard let error = error as? VideoPlaneError, case .refused(let geometry, _) = error else { return false }
            return geometry == oneToOne()
        }
        #expect(rig.device.liveDumbBufferCount == live)
        #expect(rig.display.videoPlane == nil)
        #expect(rig.device.appliedCommits.count == 1)
    }

    @Test func noPlaneBeforeTheFirstFrameOrWhileTurnedOrOffOrOutsideTheScene() throws {
        let fresh = try DRMRig(.vkmsLike(overlay: true))
        #expect(throws: VideoPlaneError.unavailable(reason: "the display has not shown a frame yet")) {
            _ = try fresh.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        }
        let rig = try shownRig()
        rig.display.setPower(false)
        #expect(throws: VideoPlaneError.unavailable(reason: "the display is off")) {
            _ = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        }
        rig.display.setPower(true)
        let outside = oneToOne(x: 1000, y: 50)
        #expect(throws: VideoPlaneError.self) {
            _ = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: outside)
        }
        #expect(rig.display.setRotation(.clockwise90))
        #expect(throws: VideoPlaneError.unavailable(reason: "the picture is turned \(ScreenRotation.clockwise90)")) {
            _ = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        }
    }

    @Test func videoFramesAreCommittedAloneOnTheOverlayAndCopiedOnce() throws {
        let rig = try shownRig()
        let plane = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        let applied = rig.device.appliedCommits.count
        plane.setFrame(frame(0x00FF_0000))
        #expect(rig.device.appliedCommits.count == applied, "setFrame only keeps the frame")
        rig.loop.endTurn()
        // The first frame's commit: the overlay's setup, nothing of the primary plane or the CRTC.
        let first = try #require(rig.device.appliedCommits.last)
        #expect(rig.device.appliedCommits.count == applied + 1)
        #expect(touched(first) == [ObjectID.overlayPlane])
        #expect(first.flags.contains(.nonBlocking) && first.flags.contains(.pageFlipEvent))
        let firstFB = try #require(first.request.value(of: PropertyID.fbID, on: ObjectID.overlayPlane))
        let shown = try #require(rig.device.surface(ofFramebuffer: UInt32(firstFB)))
        #expect(shown.word(x: 0, y: 0) == 0x00FF_0000 && shown.word(x: 63, y: 47) == 0x00FF_0000)
        #expect(rig.display.isFlipPending)
        rig.flip(sequence: 2, at: 1.0167)
        #expect(rig.frames.count == 2, "a video flip completes like any flip: one frame callback")

        // Later frames: one change, the overlay's FB_ID, into the other buffer.
        plane.setFrame(frame(0x0000_FF00))
        rig.loop.endTurn()
        let second = try #require(rig.device.appliedCommits.last)
        #expect(second.request.changes.count == 1)
        #expect(second.request.changes.first?.object == ObjectID.overlayPlane && second.request.changes.first?.property == PropertyID.fbID)
        let secondFB = try #require(second.request.value(of: PropertyID.fbID, on: ObjectID.overlayPlane))
        #expect(secondFB != firstFB)
        #expect(rig.device.surface(ofFramebuffer: UInt32(secondFB))?.word(x: 10, y: 10) == 0x0000_FF00)
        #expect(rig.device.surface(ofFramebuffer: UInt32(firstFB))?.word(x: 10, y: 10) == 0x00FF_0000, "the buffer on screen is not written")
        rig.flip(sequence: 3, at: 1.0333)
        let drm = try #require(rig.display.videoPlane)
        #expect(drm.framesCommitted == 2)
    }

    @Test func noSecondCommitWhileOneIsInFlightAndTheNewestFrameGoesNext() throws {
        let rig = try shownRig()
        let plane = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        plane.setFrame(frame(1))
        rig.loop.endTurn()
        let applied = rig.device.appliedCommits.count
        // Two frames arrive during the flight: neither is committed, the older never copied.
        plane.setFrame(frame(2))
        rig.loop.endTurn()
        plane.setFrame(frame(3))
        rig.loop.endTurn()
        #expect(rig.device.appliedCommits.count == applied)
        rig.flip(sequence: 2, at: 1.0167)
        rig.loop.endTurn()
        #expect(rig.device.appliedCommits.count == applied + 1)
        let fb = try #require(rig.device.appliedCommits.last?.request.value(of: PropertyID.fbID, on: ObjectID.overlayPlane))
        #expect(rig.device.surface(ofFramebuffer: UInt32(fb))?.word(x: 5, y: 5) == 3)
        #expect(rig.display.videoPlane?.framesSkipped == 1)
        // The UI waits too: the application never presents while a flip is pending.
        #expect(rig.display.isFlipPending)
    }

    @Test func aUIFrameDueWithAVideoFrameIsOneCommit() throws {
        let rig = try shownRig()
        let plane = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        let applied = rig.device.appliedCommits.count
        plane.setFrame(frame(7))
        // The application presents in the same turn, before the display's observer.
        rig.present(Region(PixelRect(x: 0, y: 0, width: 10, height: 10)))
        rig.loop.endTurn()
        #expect(rig.device.appliedCommits.count == applied + 1, "one commit for both")
        let both = try #require(rig.device.appliedCommits.last)
        #expect(touched(both) == [ObjectID.primaryPlane, ObjectID.overlayPlane])
        #expect(both.request.value(of: PropertyID.fbID, on: ObjectID.overlayPlane) != nil)
        #expect(both.request.value(of: PropertyID.fbID, on: ObjectID.primaryPlane) != nil)
    }

    @Test func aVideoCommitRefusedWithEBUSYWaitsForTheNextVBlank() throws {
        let rig = try shownRig()
        let plane = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        rig.device.commitErrors = [.resourceBusy]
        plane.setFrame(frame(9))
        rig.loop.endTurn()
        #expect(!rig.display.isFlipPending)
        #expect(rig.display.isFrameRequested == false)
        let requests = rig.device.vblankRequests.count
        #expect(requests >= 1, "a vblank is asked for to retry at")
        rig.vblank(sequence: 2, at: 1.0167)
        rig.loop.endTurn()
        #expect(rig.display.isFlipPending)
        let fb = try #require(rig.device.appliedCommits.last?.request.value(of: PropertyID.fbID, on: ObjectID.overlayPlane))
        #expect(rig.device.surface(ofFramebuffer: UInt32(fb))?.word(x: 1, y: 1) == 9)
    }

    @Test func releasingTakesThePlaneOffWithTheNextCommitThenFreesItsBuffers() throws {
        let rig = try shownRig()
        let live = rig.device.liveDumbBufferCount
        let plane = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        plane.setFrame(frame(1))
        rig.loop.endTurn()
        rig.flip(sequence: 2, at: 1.0167)
        plane.release()
        #expect(!plane.isActive)
        // The UI frame that composites the video instead carries the plane's removal.
        rig.present(Region(PixelRect(x: 100, y: 50, width: 64, height: 48)))
        let off = try #require(rig.device.appliedCommits.last)
        #expect(off.request.value(of: PropertyID.fbID, on: ObjectID.overlayPlane) == 0)
        #expect(off.request.value(of: PropertyID.planeCRTC, on: ObjectID.overlayPlane) == 0)
        #expect(rig.device.liveDumbBufferCount == live + 2, "freed only once the removal is shown")
        rig.flip(sequence: 3, at: 1.0333)
        #expect(rig.device.liveDumbBufferCount == live)
        // A new plane can be had again.
        _ = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
    }

    @Test func turningThePictureDropsThePlaneAndTheModesetTakesItOff() throws {
        let rig = try shownRig()
        let plane = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        var reasons: [VideoPlaneDropReason] = []
        plane.droppedHandler = { reasons.append($0) }
        plane.setFrame(frame(1))
        rig.loop.endTurn()
        rig.flip(sequence: 2, at: 1.0167)
        #expect(rig.display.setRotation(.upsideDown))
        #expect(reasons == [.rotation])
        #expect(!plane.isActive)
        plane.setFrame(frame(2))
        rig.loop.endTurn()
        #expect(rig.display.isFlipPending == false, "a dropped plane takes no frame")
        rig.present()
        let modeset = try #require(rig.device.appliedCommits.last)
        #expect(modeset.flags.contains(.allowModeset))
        #expect(modeset.request.value(of: PropertyID.fbID, on: ObjectID.overlayPlane) == 0)
    }

    @Test func powerOffDropsThePlaneInTheSameCommit() throws {
        let rig = try shownRig()
        let live = rig.device.liveDumbBufferCount
        let plane = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        var reasons: [VideoPlaneDropReason] = []
        plane.droppedHandler = { reasons.append($0) }
        plane.setFrame(frame(1))
        rig.loop.endTurn()
        rig.flip(sequence: 2, at: 1.0167)
        rig.display.setPower(false)
        #expect(reasons == [.powerOff])
        let off = try #require(rig.device.appliedCommits.last)
        #expect(off.request.value(of: PropertyID.active, on: ObjectID.crtc) == 0)
        #expect(off.request.value(of: PropertyID.fbID, on: ObjectID.overlayPlane) == 0)
        #expect(rig.device.liveDumbBufferCount == live)
    }

    @Test func restoreTakesThePlaneOffAndFreesEveryBuffer() throws {
        let rig = try shownRig()
        let plane = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        var reasons: [VideoPlaneDropReason] = []
        plane.droppedHandler = { reasons.append($0) }
        plane.setFrame(frame(1))
        rig.loop.endTurn()
        rig.flip(sequence: 2, at: 1.0167)
        rig.display.restore()
        #expect(reasons == [.restored])
        let restore = try #require(rig.device.appliedCommits.last)
        #expect(restore.request.value(of: PropertyID.fbID, on: ObjectID.overlayPlane) == 0)
        #expect(restore.request.value(of: PropertyID.fbID, on: ObjectID.primaryPlane) == UInt64(ObjectID.consoleFramebuffer))
        #expect(rig.device.liveDumbBufferCount == 0)
    }

    @Test func aNewGeometryIsTestedAndSentWithTheNextFrame() throws {
        let rig = try shownRig()
        let plane = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        plane.setFrame(frame(1))
        rig.loop.endTurn()
        rig.flip(sequence: 2, at: 1.0167)
        try plane.setGeometry(oneToOne(x: 300, y: 200))
        plane.setFrame(frame(2))
        rig.loop.endTurn()
        let moved = try #require(rig.device.appliedCommits.last)
        #expect(moved.request.value(of: PropertyID.crtcX, on: ObjectID.overlayPlane) == 300)
        #expect(touched(moved) == [ObjectID.overlayPlane])
        rig.device.refusesTestsOf = [ObjectID.overlayPlane]
        #expect(throws: VideoPlaneError.self) { try plane.setGeometry(oneToOne(x: 10, y: 10)) }
        #expect(plane.geometry == oneToOne(x: 300, y: 200), "a refused geometry changes nothing")
    }

    @Test func pausedANewGeometryMovesTheFrameOnScreenWithoutACopy() throws {
        let rig = try shownRig()
        let plane = try rig.display.makeVideoPlane(frameWidth: 64, frameHeight: 48, geometry: oneToOne())
        plane.setFrame(frame(5))
        rig.loop.endTurn()
        rig.flip(sequence: 2, at: 1.0167)
        let shownFB = try #require(rig.device.appliedCommits.last?.request.value(of: PropertyID.fbID, on: ObjectID.overlayPlane))
        let drm = try #require(rig.display.videoPlane)
        try plane.setGeometry(oneToOne(x: 400, y: 300))
        rig.loop.endTurn()
        let moved = try #require(rig.device.appliedCommits.last)
        #expect(moved.request.value(of: PropertyID.crtcX, on: ObjectID.overlayPlane) == 400)
        #expect(moved.request.value(of: PropertyID.fbID, on: ObjectID.overlayPlane) == shownFB, "the frame on screen, not copied again")
        #expect(drm.framesCommitted == 1)
        rig.flip(sequence: 3, at: 1.0333)
        // The next frame goes into the other buffer as before.
        plane.setFrame(frame(6))
        rig.loop.endTurn()
        let next = try #require(rig.device.appliedCommits.last?.request.value(of: PropertyID.fbID, on: ObjectID.overlayPlane))
        #expect(next != shownFB)
    }
}
