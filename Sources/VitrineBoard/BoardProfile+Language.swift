import Logging
import Vitrine

extension BoardProfile {
    /// `[language]`: the language the kiosk starts in, the folder of the app's translations, and
    /// pseudo-localization for testing them.
    ///
    /// ```toml
    /// [language]
    /// default = "de"                                   # BCP 47; absent: the translations' source language
    /// translations = "/usr/share/my-kiosk/translations" # .xcstrings, xx.lproj/*.strings(dict)
    /// pseudo = "accented"                              # testing only: "accented", "right-to-left" or "both"
    /// ```
    ///
    /// With none of the keys the app sets `Application.localizer` itself (or stays untranslated).
    public struct Language: Sendable, Hashable {
        /// A pseudo-language for testing translations (`pseudo`, `--pseudo-language`).
        public enum Pseudo: String, Sendable, Hashable, CaseIterable {
            /// Every translated string longer, accented and bounded (`PseudoLocalization.standard`).
            case accented
            /// The screens mirrored, as for Arabic, whatever the language.
            case rightToLeft = "right-to-left"
            /// Both.
            case both
        }

        /// `default`: the language to start in, a BCP 47 tag; nil: the translations' source
        /// language.
        public var `default`: String?
        /// `translations`: the folder `StringsBundle(directory:)` reads; nil: none from the
        /// profile.
        public var translations: String?
        /// `pseudo`: a pseudo-language, or nil (the default).
        public var pseudo: Pseudo?

        /// A language section; by default the app chooses.
        public init(default: String? = nil, translations: String? = nil, pseudo: Pseudo? = nil) {
            self.default = `default`
            self.translations = translations
            self.pseudo = pseudo
        }

        /// Whether `tag` looks like a BCP 47 language tag: subtags of 1 to 8 ASCII letters or
        /// digits joined by `-` or `_`, the first of 2 to 8 letters.
        public static func isLanguageTag(_ tag: String) -> Bool {
            let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap {
                $0.split(separator: "_", omittingEmptySubsequences: false)
            }
            guard let first = subtags.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
            return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        }

        /// Sets the application's localizer from the section (nothing when it is empty): the
        /// translations read from the folder (each file that could not be read logged as a
        /// warning, with what to do; the app starts anyway), the default language, and the
        /// pseudo-language.
        @MainActor
        func apply(to application: Application, logger: Logger) {
            guard self != Language() else { return }
            var bundle = StringsBundle(sourceLanguage: application.localizer.bundle.sourceLanguage)
            if let translations {
                bundle.add(directory: translations)
                for problem in bundle.problems { logger.warning("[language] translations: \(problem)") }
            }
            let pseudoLocalization: PseudoLocalization = pseudo == .accented || pseudo == .both ? .standard : []
            application.localizer = Localizer(bundle: bundle, preferredLanguages: self.default.map { [$0] } ?? [],
                                              pseudoLocalization: pseudoLocalization)
            if pseudo == .rightToLeft || pseudo == .both { application.userInterfaceLayoutDirection = .rightToLeft }
            let pseudoNote = pseudo.map { " (pseudo-language \($0.rawValue))" } ?? ""
            logger.info("language \(application.localizer.language) of \(bundle.languages.joined(separator: ", "))\(pseudoNote)")
        }
    }
}

extension ProfileReader {
    func readLanguage(_ s: Section) throws(BoardProfileError) -> BoardProfile.Language {
        var language = BoardProfile.Language()
        if s.table["default"] != nil {
            language.default = try s.string("default", default: "",
                                            allowed: "must be a BCP 47 language tag such as \"de\", \"ar\" or \"pt-BR\"",
                                            where: BoardProfile.Language.isLanguageTag)
        }
        if s.table["translations"] != nil {
            language.translations = try s.string("translations", default: "",
                                                 allowed: "must be the path of the folder of the app's translations (.xcstrings files, xx.lproj folders)") {
                !$0.isEmpty && !$0.contains("\0")
            }
        }
        if s.table["pseudo"] != nil {
            language.pseudo = try s.choice("pseudo", default: nil, BoardProfile.Language.Pseudo.allCases.map { ($0.rawValue, Optional($0)) })
        }
        return language
    }
}
