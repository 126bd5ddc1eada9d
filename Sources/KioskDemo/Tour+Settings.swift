import Vitrine
import VitrineGraphics

/// The tour's steps through the settings: reached by holding the clock, changed with a finger
/// (the brightness slider dragged, the sound switch tapped, a language chosen) and left with a
/// swipe from the left edge of the screen.
extension KioskTour {
    func visitSettings() {
        let welcome = kiosk.welcome
        let clockCentre = welcome.clock.convert(Point(x: welcome.clock.bounds.midX, y: welcome.clock.bounds.midY), to: nil)
        input.down(0, at: clockCentre)
        input.frame()
        loop.advance(by: WelcomeController.settingsHoldDuration + 0.1)
        input.up(0)
        input.frame()
        loop.advance(by: 0.6)
        let navigation = welcome.navigationController
        let settings = navigation?.topViewController as? SettingsViewController
        record("hold the clock for two seconds: the settings slide in", picture: "settings",
               passed: settings?.isVisible == true && navigation?.isNavigationBarHidden == false
               && messages.contains("settings opened"))
        guard let settings else { return }

        // The slider's thumb, dragged to the left end of its track.
        let slider = settings.brightnessSlider
        let thumb = slider.thumbRect(forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: slider.value)
        let from = slider.convert(Point(x: thumb.midX, y: thumb.midY), to: nil)
        let to = slider.convert(Point(x: -40, y: thumb.midY), to: nil)
        input.down(0, at: from)
        input.frame()
        for step in 1...8 {
            loop.advance(by: 0.02)
            input.move(0, to: Point(x: from.x + (to.x - from.x) * Double(step) / 8, y: from.y))
            input.frame()
        }
        input.up(0)
        input.frame()
        loop.advance(by: 0.3)
        record("drag the brightness slider to its left end: the screen dims to \(application.screen.brightness)",
               passed: slider.value == slider.minimumValue && application.screen.brightness == slider.minimumValue)
        application.screen.brightness = 1

        tap(settings.soundSwitch)
        let segments = settings.languageControl
        tap(segments, at: centre(ofSegment: KioskLanguage.german.rawValue, of: segments))
        record("tap the sound switch, then \"Deutsch\": sound \(settings.isSoundOn ? "on" : "off"), language \(settings.language.name)",
               picture: "settings-changed",
               passed: !settings.isSoundOn && settings.language == .german && application.localizer.language == "de"
               && settings.title == "Einstellungen" && messages.contains { $0.hasPrefix("settings: sound off") })

        // Left to right both ways: the tap finds "English" where it was.
        tap(segments, at: centre(ofSegment: KioskLanguage.english.rawValue, of: segments))
        record("tap \"English\": the settings in English again",
               passed: application.localizer.language == "en" && settings.title == "Settings")

        // A swipe from the left edge of the screen takes the settings away.
        let y = application.screen.bounds.midY
        input.down(0, at: Point(x: 4, y: y))
        input.frame()
        for step in 1...10 {
            loop.advance(by: 0.02)
            input.move(0, to: Point(x: 4 + Double(step) * 50, y: y))
            input.frame()
        }
        input.up(0)
        input.frame()
        loop.advance(by: 0.6)
        record("swipe from the left edge: back to the welcome screen",
               passed: navigation?.topViewController === welcome && welcome.isVisible && navigation?.isNavigationBarHidden == true)
    }

    /// The centre of segment `index` of `control` (its bounds space): segments run from the
    /// leading edge, so right to left the first is on the right.
    private func centre(ofSegment index: Int, of control: SegmentedControl) -> Point {
        let width = control.bounds.width / Double(control.numberOfSegments)
        let x = (Double(index) + 0.5) * width
        let rightToLeft = control.effectiveUserInterfaceLayoutDirection == .rightToLeft
        return Point(x: rightToLeft ? control.bounds.width - x : x, y: control.bounds.midY)
    }

    /// Taps `view` at `point` (its bounds space).
    private func tap(_ view: View, at point: Point) {
        let onScreen = view.convert(point, to: nil)
        input.down(0, at: onScreen)
        input.frame()
        loop.advance(by: 0.08)
        input.up(0)
        input.frame()
        loop.advance(by: 0.5)
    }
}
