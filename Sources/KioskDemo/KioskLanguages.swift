#if canImport(Glibc)
import Glibc
#endif
import Vitrine
import VitrineGraphics

// The kiosk's languages: its strings are in a String Catalog (Assets/Translations/
// Localizable.xcstrings, as Xcode writes it), read at launch from the folder the demo's
// pictures are in; the visitor picks a language on the welcome screen (staff in the settings),
// and every screen, the ones under others too, shows it from the next frame on.
//
// A screen sets its texts in one method (`showTexts()`), called when its view loads and when
// `traitCollectionDidChange(_:)` says the language changed: at once for the screens in the
// window, and as it comes back for a screen that another covered then (the toolkit tells it
// as its view enters the window, before the frame that shows it).
// Screens that compute their frames mirror their x coordinates right to left
// (`Rect.mirrored(in:for:)`): the toolkit mirrors its own controls and containers.

/// The languages the kiosk speaks, in the order its pickers show them.
public enum KioskLanguage: Int, CaseIterable, Sendable {
    case english, french, german, arabic

    /// The language's name, in itself: what a picker shows, whatever the app's language.
    public var name: String {
        switch self {
        case .english: "English"
        case .french: "Français"
        case .german: "Deutsch"
        case .arabic: "العربية"
        }
    }

    /// The language's BCP 47 tag, as the catalog names it.
    public var tag: String {
        switch self {
        case .english: "en"
        case .french: "fr"
        case .german: "de"
        case .arabic: "ar"
        }
    }

    /// The kiosk language of `tag` (a localizer's `language`: "ar", "fr-CA" is French), or nil.
    public init?(tag: String) {
        let primary = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
        guard let found = KioskLanguage.allCases.first(where: { $0.tag == primary }) else { return nil }
        self = found
    }
}

/// The demo's translations and the switch between its languages.
@MainActor
public enum KioskTranslations {
    /// The folder of the demo's String Catalog: `$VITRINE_DEMO_TRANSLATIONS` when set (an
    /// installed kiosk), else `Translations` in the demo's assets folder (`KioskAssets`).
    public static func folder() -> String {
        if let set = getenv("VITRINE_DEMO_TRANSLATIONS"), set.pointee != 0 { return String(cString: set) }
        return KioskAssets.folder() + "/Translations"
    }

    /// The demo's strings, read once (a catalog that cannot be read is logged, once, and the
    /// demo shows its English source strings).
    public static func bundle(log: (String) -> Void) -> StringsBundle {
        if let loaded { return loaded }
        let bundle = StringsBundle(directory: folder())
        for problem in bundle.problems { log("translations: \(problem)") }
        loaded = bundle
        return bundle
    }

    private static var loaded: StringsBundle?

    /// Whether `bundle` holds the demo's strings in each of its languages.
    static func covers(_ bundle: StringsBundle) -> Bool {
        let languages = bundle.languages
        return KioskLanguage.allCases.allSatisfy { languages.contains($0.tag) }
    }

    /// At launch: when the app's localizer (set by the board profile, or nobody) lacks the
    /// demo's strings, adds them, keeping the language asked for where the demo has it, and
    /// the pseudo-localization and the forced direction.
    static func install(in application: Application, log: (String) -> Void) {
        let current = application.localizer
        guard !covers(current.bundle) else { return }
        let forcesRightToLeft = forcesRightToLeft(in: application)
        application.localizer = Localizer(bundle: adding(to: current.bundle, log: log), preferredLanguages: [current.language],
                                          pseudoLocalization: current.pseudoLocalization)
        if forcesRightToLeft { application.userInterfaceLayoutDirection = .rightToLeft }
    }

    /// Shows `language` on every screen of `application`: a new localizer with the same
    /// translations and pseudo-localization; a right-to-left pseudo-language stays right to left.
    /// Nothing when it is the language already.
    public static func choose(_ language: KioskLanguage, in application: Application) {
        let current = application.localizer
        guard KioskLanguage(tag: current.language) != language else { return }
        let forcesRightToLeft = forcesRightToLeft(in: application)
        // A screen shown without the kiosk's delegate (a test's window) brings the strings.
        let bundle = covers(current.bundle) ? current.bundle : adding(to: current.bundle)
        application.localizer = Localizer(bundle: bundle, preferredLanguages: [language.tag],
                                          pseudoLocalization: current.pseudoLocalization)
        if forcesRightToLeft { application.userInterfaceLayoutDirection = .rightToLeft }
    }

    /// The language the strings are shown in (`Localization.current`, which the app's
    /// localizer sets), as a kiosk language: English when it is none of them.
    public static var current: KioskLanguage {
        KioskLanguage(tag: Localization.current.language) ?? .english
    }

    /// `bundle` with the demo's tables added.
    private static func adding(to bundle: StringsBundle, log: (String) -> Void = { print($0) }) -> StringsBundle {
        var bundle = bundle
        let own = KioskTranslations.bundle(log: log)
        for language in own.languages {
            if let table = own.table("Localizable", language: language) { bundle.add(table) }
        }
        return bundle
    }

    /// Whether the screens run right to left although the language does not (a pseudo-language).
    private static func forcesRightToLeft(in application: Application) -> Bool {
        application.userInterfaceLayoutDirection == .rightToLeft && !application.localizer.isRightToLeft
    }
}

/// Which language and direction a screen's texts and frames were last set for, so that a
/// screen sets them again only when these changed (`traitCollectionDidChange(_:)` also tells
/// of a turn, of light and dark).
@MainActor
struct ShownLanguage {
    private var shown: (language: String, direction: UserInterfaceLayoutDirection)?

    /// Whether the texts must be set again (the app's language or direction is not the one
    /// they were set for); from now on they count as set for the current ones.
    mutating func needsTexts(of view: View) -> Bool {
        let now = (Localization.current.language, view.effectiveUserInterfaceLayoutDirection)
        defer { shown = now }
        guard let shown else { return true }
        return shown.language != now.0 || shown.direction != now.1
    }
}

extension Rect {
    /// The rect placed for `direction` in a container `width` points wide (its bounds'
    /// space, origin at x 0): itself left to right, mirrored across the container right to left.
    /// Frames computed from the leading edge go through this so the screen mirrors.
    func mirrored(in width: Double, for direction: UserInterfaceLayoutDirection) -> Rect {
        direction == .rightToLeft ? Rect(x: width - maxX, y: minY, width: self.width, height: height) : self
    }
}
