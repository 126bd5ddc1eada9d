import Synchronization

/// The app's current localizer, read by `String(localized:)` from any thread.
///
/// The app (or the board profile's `[language]` section, through `Application`) sets it at
/// launch and whenever the visitor picks another language; screens then look their strings up
/// again (Vitrine tells them with a trait change; see the toolkit's guide on languages).
public enum Localization {
    private static let storage = Mutex(Localizer())

    /// The localizer `String(localized:)` uses: no translations (every string its key) until the
    /// app sets one.
    public static var current: Localizer {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

extension String {
    /// The translation of `value` in the current language (`Localization.current`), from table
    /// `table` (`Localizable` when nil), with `defaultValue` (else the key) when no translation
    /// has it.
    ///
    /// `"\(count) rooms free"` looks up the key `"%lld rooms free"` and formats the count into the
    /// translation, choosing its plural form by the language's rules, as Foundation's
    /// `String(localized:)` does with a String Catalog Xcode made from the same code. `comment`
    /// is for translators and tools; it does not change the result.
    public init(localized value: LocalizationValue, table: String? = nil, defaultValue: String? = nil, comment: StaticString? = nil) {
        self = Localization.current.string(value, table: table, defaultValue: defaultValue)
    }

    /// The translation of `key` with `localizer` (for a screen that shows a language other than
    /// the app's, a language picker's own names).
    public init(localized value: LocalizationValue, localizer: Localizer, table: String? = nil, defaultValue: String? = nil) {
        self = localizer.string(value, table: table, defaultValue: defaultValue)
    }
}
