#if canImport(Glibc)
import Glibc
#endif
import Testing
import KioskDemo
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

/// The folder of this target's reference images: Tests/KioskDemoTests/Goldens.
private func goldensFolder(_ filePath: String = #filePath) -> String {
    var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast()
    return parts.joined(separator: "/") + "/Goldens"
}

/// The demo's scripted tour, run headless: every step must do what it says, and the main
/// screens must look exactly as recorded (`VITRINE_RECORD_GOLDENS=1` records them again).
@MainActor
@Suite struct KioskTourTests {
    @Test func everyStepPassesAndTheMainScreensMatchTheirGoldens() throws {
        var template = Array("/tmp/vitrine-tour-XXXXXX".utf8CString)
        let folder = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { _ = system("rm -rf '\(folder)'") }
        let tour = KioskTour(platform: HeadlessPlatform(mode: DisplayMode(width: 800, height: 480)), framesFolder: folder)
        let passed = tour.run()
        #expect(passed, "\(tour.report)")
        let pictures = tour.steps.compactMap(\.picture)
        #expect(pictures.count == 12)
        for path in pictures {
            let name = String(path.split(separator: "/").last!.dropLast(4).drop { $0 != "-" }.dropFirst())
            let surface = try Surface(pngFile: path)
            let result = Golden.compare(surface, toReference: goldensFolder() + "/\(name).png")
            #expect(result.passed, Comment(rawValue: result.message))
        }
    }

    @Test func theKioskLaysItselfOutOnEveryScreenSize() {
        for (width, height) in [(1024, 768), (1920, 1080), (480, 800)] {
            let tour = KioskTour(platform: HeadlessPlatform(mode: DisplayMode(width: width, height: height)), framesFolder: nil)
            let passed = tour.run()
            #expect(passed, "\(width)×\(height): \(tour.report)")
            let buttons = tour.kiosk.welcome.buttons
            // Every button is on screen and none overlaps another.
            let frames = buttons.map { $0.convert($0.bounds, to: nil) }
            let screen = tour.application.screen.bounds
            #expect(frames.allSatisfy { screen.contains($0) }, "\(width)×\(height)")
            for i in frames.indices { for j in frames.indices where i < j { #expect(!frames[i].intersects(frames[j])) } }
        }
    }
}

/// The folder the demo's pictures go to: checked before the tour plays, and a picture that
/// cannot be written fails the tour.
@MainActor
@Suite struct FramesFolderTests {
    @Test func aFolderThatCannotBeMadeIsRefusedBeforeTheTour() {
        #expect(throws: FramesFolderError.cannotCreate(path: "/proc/vitrine-forbidden", reason: "No such file or directory")) {
            try FramesFolder.prepare("/proc/vitrine-forbidden/frames")
        }
        let message = FramesFolderError.cannotCreate(path: "/proc/x", reason: "No such file or directory").description
        #expect(message == "/proc/x: the pictures cannot be written: the folder cannot be made (No such file or directory) — "
                + "give a folder you may write, e.g. --frames /tmp/demo-frames")
    }

    @Test func aRegularFileOrAFileOnTheWayIsNotAFolder() throws {
        let folder = try temporaryFolder()
        defer { _ = system("rm -rf '\(folder)'") }
        let file = folder + "/file"
        let fd = open(file, O_WRONLY | O_CREAT, 0o644)
        close(fd)
        #expect(throws: FramesFolderError.notADirectory(path: file, what: "a regular file")) { try FramesFolder.prepare(file) }
        #expect(throws: FramesFolderError.notADirectory(path: file, what: "a regular file")) { try FramesFolder.prepare(file + "/sub") }
        #expect(throws: FramesFolderError.notADirectory(path: "/dev/null", what: "a character device")) {
            try FramesFolder.prepare("/dev/null")
        }
    }

    @Test func anEmptyPathIsRefused() {
        #expect(throws: FramesFolderError.emptyPath) { try FramesFolder.prepare("") }
        #expect(FramesFolderError.emptyPath.description.hasPrefix("--frames '': the pictures cannot be written into an empty path — "))
    }

    @Test func aMissingFolderAndItsParentsAreMadeAndLeftEmpty() throws {
        let folder = try temporaryFolder()
        defer { _ = system("rm -rf '\(folder)'") }
        try FramesFolder.prepare(folder + "/a/b/")
        var info = stat()
        #expect(stat(folder + "/a/b", &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
        // The probe file is gone.
        let directory = try #require(opendir(folder + "/a/b"))
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        #expect(names.sorted() == [".", ".."])
    }

    @Test func aPictureThatCannotBeWrittenFailsTheTour() {
        // The tour makes no folder under /proc: every picture fails, and with it the tour.
        let tour = KioskTour(platform: HeadlessPlatform(mode: DisplayMode(width: 800, height: 480)),
                             framesFolder: "/proc/vitrine-forbidden")
        #expect(!tour.run())
        let failed = tour.steps.filter { !$0.passed }
        #expect(failed.count == 12)
        #expect(failed.allSatisfy { $0.picture == nil && $0.messages.contains { $0.hasPrefix("the picture was not written: ") } })
        #expect(tour.report.hasSuffix("tour FAILED: 12 step(s) did not do what they should"))
    }

    private func temporaryFolder() throws -> String {
        var template = Array("/tmp/vitrine-frames-XXXXXX".utf8CString)
        return try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
    }
}
