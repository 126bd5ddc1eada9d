import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics

/// Each flip and vblank request carries a token of its own: an event carrying another
/// commit's user data (another display on the descriptor, a test commit, a leftover) completes
/// nothing. And the legacy path hands the driver the frame's damage with DirtyFB.
@MainActor
struct DRMEventTokenTests {
    /// User data no request of the display carried.
    private let foreign: UInt64 = 0x1234

    @Test func aFlipEventOfAnotherCommitDoesNotCompleteTheFlip() throws {
        let rig = try DRMRig()
        rig.present()
        rig.device.completeFlip(sequence: 1, at: 1, userData: foreign)
        rig.loop.dispatchReadySources()
        #expect(rig.display.isFlipPending, "another commit's event completed the display's flip")
        #expect(rig.frames.isEmpty)
        rig.flip(sequence: 2, at: 2)
        #expect(!rig.display.isFlipPending)
        #expect(rig.frames.map(\.timestamp) == [2])
    }

    @Test func aLegacyFlipEventOfAnotherCommitDoesNotCompleteTheFlip() throws {
        let rig = try DRMRig(.vkmsLike(atomic: false))
        rig.present()
        rig.vblank(sequence: 1, at: 1)
        rig.present(Region(PixelRect(x: 0, y: 0, width: 4, height: 4)))
        rig.device.completeFlip(sequence: 2, at: 2, userData: foreign)
        rig.loop.dispatchReadySources()
        #expect(rig.display.isFlipPending)
        #expect(rig.frames.count == 1)
        rig.flip(sequence: 3, at: 3)
        #expect(rig.frames.map(\.timestamp) == [1, 3])
    }

    @Test func aVblankEventNotAskedForServesNoFrameRequest() throws {
        let rig = try DRMRig()
        rig.display.requestFrame()
        rig.vblank(sequence: 5, at: 1, userData: foreign)
        #expect(rig.frames.isEmpty)
        #expect(rig.display.isFrameRequested)
        rig.vblank(sequence: 6, at: 2)
        #expect(rig.frames.map(\.timestamp) == [2])
    }

    @Test func everyRequestCarriesAFreshTokenThatFitsAPointerOf32Bits() throws {
        let rig = try DRMRig()
        for i in 0..<3 {
            rig.display.requestFrame()
            rig.vblank(sequence: UInt32(10 * i), at: Double(i))
            rig.present(Region(PixelRect(x: i, y: 0, width: 1, height: 1)))
            rig.flip(sequence: UInt32(10 * i + 1), at: Double(i) + 0.5)
        }
        let tokens = rig.device.appliedCommits.map(\.userData) + rig.device.vblankUserData
        #expect(tokens.count == 6)
        #expect(Set(tokens).count == tokens.count, "a token was used twice: \(tokens)")
        #expect(tokens.allSatisfy { $0 != 0 && $0 <= UInt64(UInt32.max) })
        #expect(rig.frames.count == 6)
    }

    // MARK: DirtyFB

    @Test func legacyFlipsSendTheFramesDamageClipsWithDirtyFB() throws {
        let rig = try DRMRig(.vkmsLike(atomic: false), configuration: DRMDisplay.Configuration(rotation: .upsideDown))
        rig.present()
        #expect(rig.device.dirtyFramebuffers.isEmpty, "a modeset shows the whole buffer: no clips")
        rig.vblank(sequence: 1, at: 1)
        rig.present(Region([PixelRect(x: 10, y: 20, width: 30, height: 40), PixelRect(x: 100, y: 200, width: 2, height: 2)]))
        let flip = try #require(rig.device.pageFlips.last)
        let dirty = try #require(rig.device.dirtyFramebuffers.last)
        #expect(rig.device.dirtyFramebuffers.count == 1)
        #expect(dirty.framebuffer == flip.framebuffer)
        // Upside down on a 1024×768 panel: x' = 1024 − x − w, y' = 768 − y − h, in the scene's band order.
        #expect(dirty.clips == [PixelRect(x: 984, y: 708, width: 30, height: 40), PixelRect(x: 922, y: 566, width: 2, height: 2)])
        #expect(rig.device.commits.isEmpty)
    }

    @Test func aDriverWithNoUseForDirtyFBIsNotAskedAgain() throws {
        let rig = try DRMRig(.vkmsLike(atomic: false))
        rig.device.dirtyFramebufferError = .noFunction
        rig.present()
        rig.vblank(sequence: 1, at: 1)
        for i in 0..<2 {
            rig.present(Region(PixelRect(x: i, y: 0, width: 1, height: 1)))
            rig.flip(sequence: UInt32(2 + i), at: Double(2 + i))
        }
        #expect(rig.device.dirtyFramebuffers.count == 1)
        #expect(rig.frames.count == 3, "the frames flip all the same")
    }

    @Test func anotherDirtyFBFailureCostsOnlyTheHint() throws {
        let rig = try DRMRig(.vkmsLike(atomic: false))
        rig.device.dirtyFramebufferError = .invalidArgument
        rig.present()
        rig.vblank(sequence: 1, at: 1)
        rig.present(Region(PixelRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(rig.display.isFlipPending)
        rig.flip(sequence: 2, at: 2)
        rig.present(Region(PixelRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(rig.device.dirtyFramebuffers.count == 2, "asked again: the driver did take DirtyFB")
    }
}
