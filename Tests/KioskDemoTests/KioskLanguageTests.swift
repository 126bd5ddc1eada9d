import Testing
@testable import KioskDemo
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

/// The demo in its four languages: the String Catalog as shipped, the pickers switching every
/// screen while the app runs (the ones under others too), and the main screens in Arabic.
@MainActor
@Suite struct KioskLanguageTests {
    @Test func theCatalogHasEveryStringInEveryLanguage() throws {
        let bundle = StringsBundle(directory: KioskTranslations.folder())
        #expect(bundle.problems.isEmpty, "\(bundle.problems)")
        #expect(KioskTranslations.covers(bundle))
        // Every key translated into French, German and Arabic; the English plurals are there.
        let english = try #require(bundle.table("Localizable", language: "en"))
        #expect(Set(english.entries.keys) == ["%lld rooms free", "%lld seats"])
        let keys = try #require(bundle.table("Localizable", language: "fr")).entries.keys
        #expect(keys.count == 56)
        for language in ["de", "ar"] {
            let table = try #require(bundle.table("Localizable", language: language))
            #expect(Set(table.entries.keys) == Set(keys), "\(language)")
        }
    }

    @Test func pluralsFollowEachLanguagesRules() {
        let bundle = StringsBundle(directory: KioskTranslations.folder())
        func free(_ count: Int, _ language: String) -> String {
            Localizer(bundle: bundle, preferredLanguages: [language]).string("\(count) rooms free")
        }
        #expect([0, 1, 2].map { free($0, "en") } == ["0 rooms free", "1 room free", "2 rooms free"])
        #expect([0, 1, 2].map { free($0, "fr") } == ["0 salle libre", "1 salle libre", "2 salles libres"])
        #expect([1, 7].map { free($0, "de") } == ["1 Raum frei", "7 Räume frei"])
        // Arabic's six forms: zero, one, two, few (3–10), many (11–99), other (100…).
        #expect([0, 1, 2, 3, 11, 100].map { free($0, "ar") }
                == ["لا قاعات شاغرة", "قاعة واحدة شاغرة", "قاعتان شاغرتان", "3 قاعات شاغرة", "11 قاعة شاغرة", "100 قاعة شاغرة"])
        let seats = Localizer(bundle: bundle, preferredLanguages: ["ar"])
        #expect(seats.string("\(4) seats") == "4 مقاعد" && seats.string("\(12) seats") == "12 مقعدًا")
    }

    /// The welcome screen's picker, then the settings' control under which the welcome screen
    /// waits: each screen shows the language chosen, and Arabic runs right to left.
    @Test func thePickersSwitchEveryScreenWhileTheAppRuns() throws {
        let k = LaunchedKiosk()
        defer { k.finish() }
        let welcome = k.welcome
        #expect(welcome.greeting.text == "Welcome" && welcome.languagePicker.selectedSegmentIndex == 0)
        let presents = k.platform.virtualDisplay.presentCount
        k.tap(segment: KioskLanguage.french.rawValue, of: welcome.languagePicker)
        #expect(k.app.localizer.language == "fr")
        #expect(welcome.greeting.text == "Bienvenue" && welcome.buttons.map(\.currentTitle)
                == ["Enregistrement", "Trouver une salle", "Horaires", "Aide"])
        #expect(k.platform.virtualDisplay.presentCount > presents, "the switch is shown")

        welcome.showSettings()
        k.settle()
        let settings = try #require(k.navigation?.topViewController as? SettingsViewController)
        #expect(settings.title == "Réglages" && settings.languageControl.selectedSegmentIndex == KioskLanguage.french.rawValue)
        k.tap(segment: KioskLanguage.arabic.rawValue, of: settings.languageControl)
        #expect(k.app.localizer.language == "ar" && k.app.userInterfaceLayoutDirection == .rightToLeft)
        #expect(settings.title == "الإعدادات" && settings.language == .arabic)
        // The controls after the labels: on the left, right to left.
        let width = settings.view.bounds.width
        #expect(settings.soundSwitch.frame.maxX == width - 32 - 180)

        // The welcome screen was under the settings: it shows Arabic as it comes back.
        k.navigation?.popViewController(animated: false)
        k.settle()
        #expect(k.navigation?.topViewController === welcome)
        #expect(welcome.greeting.text == "أهلاً وسهلاً" && welcome.buttons[0].currentTitle == "تسجيل الوصول")
        #expect(welcome.languagePicker.selectedSegmentIndex == KioskLanguage.arabic.rawValue)
        #expect(welcome.clock.frame.minX == 20, "the clock at the leading edge's opposite: the left")

        // A presented screen follows while it shows.
        welcome.findRoom(nil)
        k.settle()
        let rooms = try #require(welcome.presentedViewController as? RoomsController)
        #expect(rooms.tableView.dataSource?.tableView(rooms.tableView, titleForHeaderInSection: 0) == "الطابق الأرضي · 4 قاعات شاغرة")
        KioskTranslations.choose(.german, in: k.app)
        k.settle()
        #expect(rooms.tableView.dataSource?.tableView(rooms.tableView, titleForHeaderInSection: 0) == "Erdgeschoss · 4 Räume frei")
        #expect(rooms.searchField.frame.maxX == 800 - 16, "left to right again: the search at the right end")
    }

    /// A right-to-left pseudo-language stays right to left when the visitor picks a language.
    @Test func aForcedDirectionSurvivesALanguageSwitch() {
        let k = LaunchedKiosk(pseudo: .standard, rightToLeft: true)
        defer { k.finish() }
        #expect(k.app.localizer.pseudoLocalization == .standard && k.app.userInterfaceLayoutDirection == .rightToLeft)
        KioskTranslations.choose(.german, in: k.app)
        #expect(k.app.localizer.language == "de" && k.app.localizer.pseudoLocalization == .standard)
        #expect(k.app.userInterfaceLayoutDirection == .rightToLeft)
    }

    /// The main screens in Arabic at 800×480. (Recorded before the toolkit's own controls and
    /// containers mirror: the demo's hand-computed frames mirror, the stack views, bars and
    /// controls do not yet; they are recorded again when they do.)
    @Test func theMainScreensInArabicMatchTheirGoldens() throws {
        let k = LaunchedKiosk()
        defer { k.finish() }
        k.tap(segment: KioskLanguage.arabic.rawValue, of: k.welcome.languagePicker)
        #expect(k.app.localizer.language == "ar")
        k.expectGolden("welcome-arabic")

        k.welcome.checkIn(nil)
        k.settle()
        #expect(k.welcome.presentedViewController is CheckInController)
        k.expectGolden("checkin-arabic")
        k.welcome.dismiss(animated: false)
        k.settle()

        k.welcome.findRoom(nil)
        k.settle()
        k.expectGolden("rooms-arabic")
        let rooms = try #require(k.welcome.presentedViewController as? RoomsController)
        rooms.tableView(rooms.tableView, didSelectRowAt: ItemPath(row: 1, section: 0))
        k.settle()
        #expect(rooms.presentedViewController is RoomDetailController)
        k.expectGolden("room-arabic")
        k.welcome.dismiss(animated: false)
        k.settle()

        k.welcome.showHours(nil)
        k.settle()
        k.expectGolden("hours-arabic")
        k.welcome.dismiss(animated: false)
        k.settle()

        k.welcome.showSettings()
        k.settle()
        #expect(k.navigation?.topViewController is SettingsViewController)
        k.expectGolden("settings-arabic")
    }
}
