#if canImport(Glibc)
import Glibc
#endif
import Testing
import KioskDemo
import Vitrine
import VitrineGraphics
import VitrineHeadless

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
        #expect(pictures.count == 4)
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
