import KioskDemo
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The demo kiosk on a headless 1920×1080 display with its busiest screen in front: the list
/// of rooms (a bar, a search field and a plain table of every floor, with section headers,
/// statuses and seats), presented over the welcome screen. `switchLanguage()` switches the app
/// between English and Arabic as the language picker does (`KioskTranslations.choose`), and
/// commits: every screen's texts change, the list reloads, Arabic mirrors the screen right to
/// left and English back. The frame is what the visitor waits for after a tap on the picker.
@MainActor
public final class LanguageSwitch {
    /// The headless backends (1920×1080).
    public let platform: HeadlessPlatform
    /// The application.
    public let application: Application
    /// The demo's delegate.
    public let kiosk: KioskDelegate
    /// The list of rooms, in front.
    public let rooms: RoomsController

    /// Launches the demo, presents the list of rooms and lets everything settle.
    public init() {
        platform = HeadlessPlatform(mode: DisplayMode(width: 1920, height: 1080))
        application = Application(platform: platform)
        kiosk = KioskDelegate(secondsOfDay: 9 * 3600 + 41 * 60)
        kiosk.log = { _ in }
        application.delegate = kiosk
        application.launch()
        kiosk.welcome.findRoom(nil)
        // The presentation slides in: let it end, then the screen is still.
        platform.manualMainLoop.advance(by: 1)
        rooms = kiosk.welcome.presentedViewController as! RoomsController
        settle()
    }

    /// Switches to the other of English and Arabic, commits (the layout, the drawing of every
    /// changed view, composition and the copy into the display's buffer), then lets the vblank
    /// pass. Returns what the frame cost, or nil when no frame was presented.
    @discardableResult
    public func switchLanguage() -> FrameCounters? {
        let presentsBefore = application.statistics.presents
        let next: KioskLanguage = KioskTranslations.current == .arabic ? .english : .arabic
        KioskTranslations.choose(next, in: application)
        application.commit()
        platform.manualMainLoop.advance(by: platform.virtualDisplay.refreshPeriod)
        return application.statistics.presents == presentsBefore + 1 ? application.statistics.lastFrame : nil
    }

    /// Whether the screen shows `language`: the app's language and direction, and the list's
    /// first section header in it.
    public func shows(_ language: KioskLanguage) -> Bool {
        let direction: UserInterfaceLayoutDirection = language == .arabic ? .rightToLeft : .leftToRight
        return KioskTranslations.current == language && application.userInterfaceLayoutDirection == direction
            && rooms.view.effectiveUserInterfaceLayoutDirection == direction
    }

    /// Runs frames until nothing is pending.
    private func settle() {
        var rounds = 0
        while (platform.virtualDisplay.isFlipPending || application.hasPendingCommit) && rounds < 200 {
            platform.manualMainLoop.advance(by: 0.025)
            rounds += 1
        }
    }
}
