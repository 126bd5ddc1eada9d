import Glibc
import SystemPackage
import Testing
import VitrineDRM
import VitrineTestSupport

@MainActor
struct DRMErrorTests {
    @Test func aMissingDeviceDirectorySaysToLoadTheDriver() {
        #expect(throws: DRMError.noDevice(directory: "/nonexistent-vitrine/dri", directoryExists: false)) {
            try LibDRMDevice.cardPaths(in: "/nonexistent-vitrine/dri")
        }
        let message = DRMError.noDevice(directory: "/dev/dri", directoryExists: false).description
        #expect(message.hasPrefix("no DRM device: /dev/dri does not exist"))
        #expect(message.contains("vc4"))
        #expect(message.contains("modprobe vkms"))
    }

    @Test func aPathThatIsNoDirectorySaysSoAndNotThatItIsMissing() throws {
        #expect(throws: DRMError.notADirectory(path: "/dev/null")) { try LibDRMDevice.cardPaths(in: "/dev/null") }
        #expect(DRMError.notADirectory(path: "/dev/null").description
                    == "/dev/null is not a directory — give the directory holding the card* nodes, normally /dev/dri")
        // Below a file nothing exists: that is still "does not exist".
        #expect(throws: DRMError.noDevice(directory: "/dev/null/dri", directoryExists: false)) {
            try LibDRMDevice.cardPaths(in: "/dev/null/dri")
        }
    }

    @Test func cardNodesAreFoundInNumericOrderAndOthersIgnored() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: DRMError.noDevice(directory: directory.path, directoryExists: true)) {
            try LibDRMDevice.cardPaths(in: directory.path)
        }
        for name in ["card10", "renderD128", "card1", "card0", "cardinal", "by-path"] { try directory.touch(name) }
        #expect(try LibDRMDevice.cardPaths(in: directory.path)
            == ["\(directory.path)/card0", "\(directory.path)/card1", "\(directory.path)/card10"])
    }

    @Test func openingErrorsBecomeRemedies() {
        #expect(DRMError.opening("/dev/dri/card0", errno: .permissionDenied) == .permissionDenied(path: "/dev/dri/card0"))
        #expect(DRMError.opening("/dev/dri/card0", errno: .notPermitted) == .permissionDenied(path: "/dev/dri/card0"))
        #expect(DRMError.opening("/dev/dri/card3", errno: .noSuchFileOrDirectory) == .deviceNotFound(path: "/dev/dri/card3"))
        #expect(DRMError.opening("/dev/dri/card0", errno: .tooManyOpenFiles)
            == .systemCall(path: "/dev/dri/card0", operation: "open", errno: .tooManyOpenFiles))
        let denied = DRMError.permissionDenied(path: "/dev/dri/card0").description
        #expect(denied == "/dev/dri/card0: permission denied — add the user to group video, or run under seatd (or as root)")
    }

    @Test func openingANodeThatIsNotThereSaysSo() {
        #expect(throws: DRMError.deviceNotFound(path: "/nonexistent-vitrine/card0")) {
            try LibDRMDevice(path: "/nonexistent-vitrine/card0")
        }
    }

    @Test func masterErrorsNameTheOtherCompositor() {
        #expect(DRMError.takingMaster("/dev/dri/card0", errno: .resourceBusy) == .masterHeld(path: "/dev/dri/card0", errno: .resourceBusy))
        #expect(DRMError.takingMaster("/dev/dri/card0", errno: .permissionDenied)
            == .masterHeld(path: "/dev/dri/card0", errno: .permissionDenied))
        let message = DRMError.masterHeld(path: "/dev/dri/card0", errno: .resourceBusy).description
        #expect(message.contains("another compositor"))
        #expect(message.contains("stop it"))
    }

    @Test func kernelEventsAreParsedInOrderAndUnknownOnesSkipped() {
        var bytes: [UInt8] = []
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        // A vblank: type 1, 32 bytes, user data, 12 s 345678 µs, sequence 99, CRTC 40.
        u32(1); u32(32); u64(0x1122); u32(12); u32(345_678); u32(99); u32(40)
        // A CRTC-sequence event (type 3, 24 bytes) the display does not use.
        u32(3); u32(24); u64(0); u64(0)
        // A flip: type 2, at 13 s 0 µs, sequence 100, CRTC 40.
        u32(2); u32(32); u64(7); u32(13); u32(0); u32(100); u32(40)
        // A truncated tail.
        u32(2); u32(32); u32(0)
        var events: [KMSEvent] = []
        bytes.withUnsafeBytes { KMSEvent.parse($0) { events.append($0) } }
        #expect(events == [
            KMSEvent(kind: .vblank, crtcID: 40, sequence: 99, seconds: 12, microseconds: 345_678, userData: 0x1122),
            KMSEvent(kind: .pageFlip, crtcID: 40, sequence: 100, seconds: 13, microseconds: 0, userData: 7),
        ])
        #expect(events[0].timestamp == 12.345678)
    }
}
