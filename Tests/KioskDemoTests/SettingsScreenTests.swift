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

/// The settings screen on its own (the app wires it into its navigation): laid out for
/// 800×480 and 1920×1080, and its controls doing what their rows say.
@MainActor
@Suite struct SettingsScreenTests {
    /// The screen shown in a window of a headless app of `width` × `height` pixels.
    @MainActor
    final class Shown {
        let platform: HeadlessPlatform
        let app: Application
        let settings = SettingsViewController()

        init(width: Int, height: Int, scale: Double = 1) {
            platform = HeadlessPlatform(mode: DisplayMode(width: width, height: height), scale: scale)
            app = Application(platform: platform)
            let window = Window(frame: app.screen.bounds)
            window.rootViewController = settings
            window.makeKeyAndVisible(in: app)
            settle()
        }

        func settle() {
            platform.manualMainLoop.runUntilIdle()
            // Bounded: a screen that never stops relayouting fails instead of hanging.
            var rounds = 0
            while (platform.virtualDisplay.isFlipPending || app.hasPendingCommit) && rounds < 200 {
                platform.manualMainLoop.advance(by: 0.025)
                rounds += 1
            }
            #expect(rounds < 200, "the screen keeps changing")
        }

        /// The centre of `view` on screen.
        func centre(of view: View) -> Point { view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil) }

        func tap(_ point: Point) {
            platform.input.down(0, at: point)
            platform.input.frame()
            settle()
            platform.input.up(0)
            platform.input.frame()
            settle()
        }
    }

    /// 800×480 at 1×, and 1920×1080 at 1.5× (1280×720 points), as a full-HD kiosk runs.
    @Test(arguments: [(800, 480, 1.0), (1920, 1080, 1.5)])
    func itFitsTheScreen(width: Int, height: Int, scale: Double) {
        let shown = Shown(width: width, height: height, scale: scale)
        let controls: [View] = [shown.settings.soundSwitch, shown.settings.brightnessSlider, shown.settings.languageControl]
        let frames = controls.map { $0.convert($0.bounds, to: nil) }
        let screen = shown.app.screen.bounds
        #expect(frames.allSatisfy { screen.contains($0) && $0.width > 0 }, "\(width)×\(height): \(frames)")
        for i in frames.indices { for j in frames.indices where i < j { #expect(!frames[i].intersects(frames[j])) } }
        let result = Golden.compare(shown.platform.virtualDisplay.shownBuffer!, toReference: goldensFolder() + "/settings-\(width)x\(height).png")
        #expect(result.passed, Comment(rawValue: result.message))
    }

    @Test func theSliderDrivesTheScreensBrightness() {
        let shown = Shown(width: 800, height: 480)
        let slider = shown.settings.brightnessSlider
        #expect(slider.value == shown.app.screen.brightness)
        // Grab the thumb (at the right end: full brightness) and drag it to the left end.
        let track = slider.convert(slider.trackRect(forBounds: slider.bounds), to: nil)
        let input = shown.platform.input
        input.down(0, at: Point(x: track.maxX - Slider.thumbDiameter / 2, y: track.midY))
        input.frame()
        input.move(0, to: Point(x: track.minX - 200, y: track.midY + 100))
        input.frame()
        input.up(0)
        input.frame()
        shown.settle()
        #expect(slider.value == 0.1)
        #expect(abs(shown.app.screen.brightness - 0.1) < 1e-9)
    }

    @Test func theSwitchAndTheLanguageChoiceChangeTheSettings() {
        let shown = Shown(width: 800, height: 480)
        var changes = 0
        shown.settings.settingsDidChange = { _ in changes += 1 }
        shown.tap(shown.centre(of: shown.settings.soundSwitch))
        #expect(!shown.settings.isSoundOn)
        let language = shown.settings.languageControl
        let german = language.convert(language.rectForSegment(at: 2), to: nil)
        shown.tap(Point(x: german.midX, y: german.midY))
        defer { shown.app.localizer = Localizer() }  // English again for the tests that follow
        #expect(shown.settings.language == .german && shown.app.localizer.language == "de")
        #expect(changes == 2)
    }
}
