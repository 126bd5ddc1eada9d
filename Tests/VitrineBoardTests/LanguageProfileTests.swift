import Testing
import Vitrine
import VitrineTestSupport
@testable import VitrineBoard

/// `[language]` and the launch options `--language` and `--pseudo-language`: read, checked, and
/// applied to the application made on the board. Serialized: setting the application's
/// localizer sets the process-wide `Localization.current`.
@MainActor
@Suite(.serialized) struct LanguageProfileTests {
    @Test func theSectionIsReadAndEmptyByDefault() throws {
        let language = try profile("""
        [language]
        default = "pt-BR"
        translations = "/usr/share/kiosk/translations"
        pseudo = "right-to-left"
        """).language
        #expect(language == BoardProfile.Language(default: "pt-BR", translations: "/usr/share/kiosk/translations", pseudo: .rightToLeft))
        #expect(try profile("").language == BoardProfile.Language())
        #expect(try profile("[language]\n").language == BoardProfile.Language())
    }

    @Test func badValuesAreErrorsOnTheirLine() throws {
        let tag = try #require(profileError("[language]\n\ndefault = \"Arabic!\"\n"))
        #expect(tag.line == 3)
        #expect(tag.description.contains("BCP 47"))
        let pseudo = try #require(profileError("[language]\npseudo = \"mirrored\"\n"))
        #expect(pseudo.line == 2)
        #expect(pseudo.description.contains("\"right-to-left\""))
        let empty = try #require(profileError("[language]\ntranslations = \"\"\n"))
        #expect(empty.line == 2)
        let typo = try #require(profileError("[language]\ndefualt = \"de\"\n"))
        #expect(typo.kind == .unknownKey(allowed: ["default", "translations", "pseudo"], suggestion: "default"))
    }

    @Test func languageTags() {
        for tag in ["ar", "de", "pt-BR", "zh-Hans-CN", "zh_Hant", "es-419", "gsw"] { #expect(BoardProfile.Language.isLanguageTag(tag), "\(tag)") }
        for tag in ["", "a", "1de", "de-", "de--AT", "deutsch-österreich", "ar SA", "abcdefghi"] {
            #expect(!BoardProfile.Language.isLanguageTag(tag), "\(tag)")
        }
    }

    @Test func launchOptionsAreReadAndCheckedWithARemedy() throws {
        let options = try LaunchOptions(arguments: ["app", "--language", "ar", "--pseudo-language", "both", "--extra"])
        #expect(options.language == "ar")
        #expect(options.pseudoLanguage == .both)
        #expect(throws: BoardPlatformError.self) { try LaunchOptions(arguments: ["app", "--language"]) }
        do {
            _ = try LaunchOptions(arguments: ["app", "--pseudo-language", "loud"])
            Issue.record("--pseudo-language loud was accepted")
        } catch {
            #expect(error.description.contains("accented, right-to-left, both"))
            #expect(error.exitStatus == 2)
        }
    }

    @Test func theApplicationStartsInTheLanguageWithTheFoldersTranslations() throws {
        let saved = Localization.current
        defer { Localization.current = saved }
        let folder = try TemporaryDirectory(prefix: "vitrine-language")
        try folder.write("ar.lproj/Localizable.strings", "\"Welcome\" = \"أهلاً\";")
        try folder.write("de.lproj/Localizable.strings", "\"Welcome\" = \"Willkommen\";")
        try folder.write("fr.lproj/Localizable.strings", "\"Welcome\" = \"Bienvenue\"")   // no ';'
        var board = BoardProfile.virtual
        board.language = BoardProfile.Language(default: "ar", translations: folder.path)
        let logs = LogCapture()
        let platform = try BoardPlatform(profile: board, notifier: nil, logger: logs.logger)
        defer { platform.shutdown() }
        let application = Application(platform: platform)
        #expect(application.localizer.language == "ar")
        #expect(application.userInterfaceLayoutDirection == .rightToLeft)
        #expect(String(localized: "Welcome") == "أهلاً")
        // The broken file is a warning that says where and what to do; the others were read.
        #expect(logs.lines.contains { $0.hasPrefix("warning:") && $0.contains("fr.lproj/Localizable.strings:1:") && $0.contains("fix the file") })
        #expect(application.localizer.bundle.languages == ["ar", "de", "en"])
    }

    @Test func pseudoLanguagesLengthenAndMirror() throws {
        let saved = Localization.current
        defer { Localization.current = saved }
        var board = BoardProfile.virtual
        board.language.pseudo = .both
        let platform = try BoardPlatform(profile: board, notifier: nil)
        defer { platform.shutdown() }
        let application = Application(platform: platform)
        #expect(application.localizer.language == "en")
        #expect(application.userInterfaceLayoutDirection == .rightToLeft)
        #expect(String(localized: "Welcome") == "⟦Ŵéļļçöɱɱé⟧")

        let plain = try BoardPlatform(profile: .virtual, notifier: nil)
        defer { plain.shutdown() }
        let untouched = Application(platform: plain)
        #expect(untouched.userInterfaceLayoutDirection == .leftToRight)
        #expect(untouched.localizer.pseudoLocalization.isEmpty)
    }
}
