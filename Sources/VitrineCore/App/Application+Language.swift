extension Application {
    /// The app's translated strings and the language they are shown in (see
    /// `docs/app/languages.md`). Default: no translations, English (every string its key).
    ///
    /// Setting it — at launch, or when the visitor picks a language — also sets
    /// `Localization.current` (what `String(localized:)` reads) and
    /// `userInterfaceLayoutDirection` from the language (right to left for Arabic, Hebrew …;
    /// set that property afterwards to force a direction). When the language or the direction
    /// changes, every view of every window and the controllers whose views they are get
    /// `traitCollectionDidChange(_:)` (their `traitCollection.language` and `layoutDirection`
    /// are the new ones, the previous collection has the old), and are marked for layout and
    /// display: a screen sets its texts again there, and the next frame shows every screen in
    /// the new language.
    public var localizer: Localizer {
        get { ownLocalizer }
        set {
            let language = ownLocalizer.language
            let direction = ownLayoutDirection
            ownLocalizer = newValue
            Localization.current = newValue
            ownLayoutDirection = newValue.isRightToLeft ? .rightToLeft : .leftToRight
            languageMayHaveChanged(from: language, layoutDirection: direction)
        }
    }

    /// The direction the app's screens run in (UIKit's `userInterfaceLayoutDirection`): right
    /// to left mirrors them. Set from the language by `localizer`; set it after that to force a
    /// direction (a right-to-left pseudo-language, a left-to-right screen for a right-to-left
    /// language). Views may force theirs (`semanticContentAttribute`). Changing it tells the
    /// views as a language change does.
    public var userInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        get { ownLayoutDirection }
        set {
            let direction = ownLayoutDirection
            ownLayoutDirection = newValue
            languageMayHaveChanged(from: ownLocalizer.language, layoutDirection: direction)
        }
    }

    /// Tells every window's views when the language or the direction is no longer the given one.
    private func languageMayHaveChanged(from language: String, layoutDirection: UserInterfaceLayoutDirection) {
        guard ownLocalizer.language != language || ownLayoutDirection != layoutDirection else { return }
        // Constraints using leading and trailing are re-read in the next layout pass.
        if ownLayoutDirection != layoutDirection { LayoutEngine.shared.layoutDirectionMayHaveChanged() }
        for window in windows { window.notifyLanguageDidChange(from: language, layoutDirection: layoutDirection) }
    }
}
