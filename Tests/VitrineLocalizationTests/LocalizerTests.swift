import Testing
import VitrineTestSupport
@testable import VitrineLocalization

/// A String Catalog as Xcode 15 writes it: plain strings, plural variations, substitutions with
/// `%arg`, a device variation, states, and a string not to translate.
let sampleCatalog = #"""
{
  "sourceLanguage" : "en",
  "strings" : {
    "Welcome" : {
      "localizations" : {
        "ar" : { "stringUnit" : { "state" : "translated", "value" : "أهلاً وسهلاً" } },
        "de" : { "stringUnit" : { "state" : "translated", "value" : "Willkommen" } },
        "fr" : { "stringUnit" : { "state" : "new", "value" : "Bienvenue" } }
      }
    },
    "%lld rooms free" : {
      "comment" : "The count of free rooms on the welcome screen.",
      "localizations" : {
        "ar" : { "variations" : { "plural" : {
          "zero" : { "stringUnit" : { "state" : "translated", "value" : "لا توجد غرف متاحة" } },
          "one" : { "stringUnit" : { "state" : "translated", "value" : "غرفة واحدة متاحة" } },
          "two" : { "stringUnit" : { "state" : "translated", "value" : "غرفتان متاحتان" } },
          "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld غرف متاحة" } },
          "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld غرفة متاحة" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld غرفة متاحة" } }
        } } },
        "de" : { "variations" : { "plural" : {
          "one" : { "stringUnit" : { "state" : "translated", "value" : "Ein Raum frei" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Räume frei" } }
        } } },
        "en" : { "variations" : { "plural" : {
          "one" : { "stringUnit" : { "state" : "translated", "value" : "One room free" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld rooms free" } }
        } } }
      }
    },
    "%lld rooms on %lld floors" : {
      "localizations" : {
        "he" : {
          "stringUnit" : { "state" : "translated", "value" : "%#@rooms@ ב־%#@floors@" },
          "substitutions" : {
            "rooms" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "חדר אחד" } },
              "two" : { "stringUnit" : { "state" : "translated", "value" : "שני חדרים" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg חדרים" } }
            } } },
            "floors" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "קומה אחת" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg קומות" } }
            } } }
          }
        }
      }
    },
    "Tap to start" : {
      "localizations" : {
        "de" : { "variations" : { "device" : {
          "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tippen" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "Zum Starten berühren" } }
        } } }
      }
    },
    "Hello, %@! %.1f%% done" : {
      "localizations" : {
        "de" : { "stringUnit" : { "state" : "translated", "value" : "%2$.1f %% fertig, %1$@!" } }
      }
    },
    "Vitrine" : {
      "shouldTranslate" : false,
      "localizations" : {
        "de" : { "stringUnit" : { "state" : "translated", "value" : "Schaufenster" } }
      }
    }
  },
  "version" : "1.0"
}
"""#

@Suite struct LocalizerTests {
    private func bundle() -> StringsBundle {
        var bundle = StringsBundle(sourceLanguage: "fr")
        bundle.addCatalog(Array(sampleCatalog.utf8), table: "Localizable", file: "Localizable.xcstrings")
        return bundle
    }

    @Test func catalogTablesAndSourceLanguage() {
        let bundle = bundle()
        #expect(bundle.problems.isEmpty)
        #expect(bundle.sourceLanguage == "en")
        #expect(bundle.languages == ["ar", "de", "en", "he"])
        // A unit in state "new" is not a translation yet; a string not to translate stays.
        #expect(bundle.table("Localizable", language: "fr") == nil)
        #expect(bundle.table("Localizable", language: "de")?.entries["Vitrine"] == nil)
    }

    @Test func plainAndPluralLookups() {
        let bundle = bundle()
        let german = Localizer(bundle: bundle, preferredLanguages: ["de-AT", "en"])
        #expect(german.language == "de")
        #expect(german.string("Welcome") == "Willkommen")
        #expect(german.string("\(1) rooms free") == "Ein Raum frei")
        #expect(german.string("\(4) rooms free") == "4 Räume frei")
        #expect(german.string("Tap to start") == "Zum Starten berühren")
        #expect(german.string("Vitrine") == "Vitrine")
        // Reordered arguments, a float with a precision and a literal percent.
        #expect(german.string("Hello, \("Ada")! \(99.5)% done", defaultValue: nil) == "Hello, Ada! 99.500000% done")
        #expect(german.string(forKey: "Hello, %@! %.1f%% done", arguments: [.text("Ada"), .number(99.46)]) == "99.5 % fertig, Ada!")
        // Missing everywhere: the default, else the key, formatted.
        #expect(german.string("\(3) new messages", defaultValue: "%lld neue Nachrichten") == "3 neue Nachrichten")
        #expect(german.string("\(3) new messages") == "3 new messages")
    }

    @Test func arabicUsesAllSixForms() {
        let arabic = Localizer(bundle: bundle(), preferredLanguages: ["ar-SA"])
        #expect(arabic.language == "ar")
        #expect(arabic.isRightToLeft)
        #expect(arabic.string("\(0) rooms free") == "لا توجد غرف متاحة")
        #expect(arabic.string("\(1) rooms free") == "غرفة واحدة متاحة")
        #expect(arabic.string("\(2) rooms free") == "غرفتان متاحتان")
        #expect(arabic.string("\(7) rooms free") == "7 غرف متاحة")
        #expect(arabic.string("\(11) rooms free") == "11 غرفة متاحة")
        #expect(arabic.string("\(100) rooms free") == "100 غرفة متاحة")
    }

    @Test func substitutionsEachChooseTheirForm() {
        let hebrew = Localizer(bundle: bundle(), preferredLanguages: ["he"])
        #expect(hebrew.isRightToLeft)
        #expect(hebrew.string("\(1) rooms on \(1) floors") == "חדר אחד ב־קומה אחת")
        #expect(hebrew.string("\(2) rooms on \(3) floors") == "שני חדרים ב־3 קומות")
        #expect(hebrew.string("\(12) rooms on \(1) floors") == "12 חדרים ב־קומה אחת")
    }

    @Test func fallsBackToTheSourceLanguageWithItsRules() {
        // English has the plural string in its own table: its forms and English rules apply.
        let japanese = Localizer(bundle: bundle(), preferredLanguages: ["ja", "zh"])
        #expect(japanese.language == "en")
        #expect(!japanese.isRightToLeft)
        #expect(japanese.string("\(1) rooms free") == "One room free")
        #expect(japanese.string("\(2) rooms free") == "2 rooms free")
        #expect(japanese.string("Welcome") == "Welcome")
    }

    @Test func languageMatching() {
        var bundle = StringsBundle(sourceLanguage: "en")
        for language in ["pt-BR", "zh-Hans", "de", "ar"] { bundle.add(StringTable(name: "Localizable", language: language)) }
        #expect(bundle.bestLanguage(for: ["pt"]) == "pt-BR")
        #expect(bundle.bestLanguage(for: ["zh-Hans-CN"]) == "zh-Hans")
        #expect(bundle.bestLanguage(for: ["zh_hans"]) == "zh-Hans")
        #expect(bundle.bestLanguage(for: ["fr", "de-CH"]) == "de")
        #expect(bundle.bestLanguage(for: ["fr"]) == "en")
        #expect(bundle.bestLanguage(for: []) == "en")
    }

    @Test func rightToLeftLanguages() {
        for language in ["ar", "he", "fa-IR", "ur", "az-Arab", "yi"] { #expect(Localizer.isRightToLeft(language), "\(language)") }
        for language in ["en", "de", "zh-Hans", "az-Latn", "ru", "ja"] { #expect(!Localizer.isRightToLeft(language), "\(language)") }
    }

    @Test func interpolationBuildsXcodesKeys() {
        let count = 3
        let name = "Ada"
        let ratio = 0.5
        let unsigned: UInt8 = 7
        let value: LocalizationValue = "\(count) rooms for \(name) at \(ratio) (\(unsigned)) 100%"
        #expect(value.key == "%lld rooms for %@ at %lf (%llu) 100%%")
        #expect(value.arguments == [.integer(3), .text("Ada"), .number(0.5), .unsigned(7)])
        #expect(Localizer().string(value) == "3 rooms for Ada at 0.500000 (7) 100%")
        // Without interpolation the key is the text as written, and it is not a format (as
        // Xcode extracts it and Foundation shows it).
        let literal: LocalizationValue = "100% sure"
        #expect(literal.key == "100% sure")
        #expect(Localizer().string(literal) == "100% sure")
    }

    @Test func formatsLikePrintf() {
        let cases: [(String, [LocalizationArgument], String)] = [
            ("%d|%5d|%-5d|%05d|%+d", [.integer(42), .integer(42), .integer(42), .integer(-42), .integer(42)], "42|   42|42   |-0042|+42"),
            ("%x %X %#x %o %u", [.integer(255), .unsigned(255), .integer(255), .integer(8), .integer(-1)], "ff FF 0xff 10 18446744073709551615"),
            ("%.2f %e %g %.0f", [.number(3.14159), .number(1234.5), .number(0.0001), .number(2.5)], "3.14 1.234500e+03 0.0001 2"),
            ("%2$@ %1$@ %%", [.text("a"), .text("b")], "b a %"),
            ("%@ and %@", [.text("only")], "only and "),
            ("%@", [.integer(5)], "5"),
            ("%.3@", [.text("abcdef")], "abc"),
            ("%c%c", [.integer(0x41), .integer(0x05D0)], "Aא"),
            ("%d%% sure %q", [.integer(100)], "100% sure %q"),
            ("%lld", [.number(7.9)], "7"),
        ]
        for (format, arguments, expected) in cases {
            #expect(Localizer.format(format, arguments) == expected, "\(format)")
        }
    }

    @Test func pseudoLocalizationKeepsSpecifiers() {
        let pseudo = PseudoLocalization.standard
        let result = pseudo.apply(to: "%lld rooms on %2$@ %#@floors@ 50%%")
        #expect(result.hasPrefix("⟦") && result.hasSuffix("⟧"))
        #expect(result.contains("%lld") && result.contains("%2$@") && result.contains("%#@floors@") && result.contains("%%"))
        #expect(result.contains("ŕöö"))
        #expect(result.count >= "%lld rooms on %2$@ %#@floors@ 50%%".count + 4)
        #expect(PseudoLocalization.accented.apply(to: "Welcome") == "Ŵéļçöɱé")
        #expect(PseudoLocalization().apply(to: "Welcome") == "Welcome")
        let localizer = Localizer(bundle: bundle(), preferredLanguages: ["de"], pseudoLocalization: .standard)
        // Every third Latin letter doubled ("ä" is not one), the count formatted in.
        #expect(localizer.string("\(4) rooms free") == "⟦4 Ŕäüɱɱé ƒŕŕéî⟧")
        // Growth: at least 30% longer than the translation for a word-length string.
        let plain = Localizer(bundle: bundle(), preferredLanguages: ["de"]).string("Tap to start")
        #expect(Double(localizer.string("Tap to start").count) >= Double(plain.count) * 1.3)
    }

    /// On the main actor, as every test that sets the process-wide localizer is (through
    /// `Application.localizer`): a synchronous test there cannot interleave with another's.
    @MainActor @Test func currentLocalizerServesStringLocalized() {
        let saved = Localization.current
        defer { Localization.current = saved }
        Localization.current = Localizer(bundle: bundle(), preferredLanguages: ["de"])
        #expect(String(localized: "Welcome") == "Willkommen")
        #expect(String(localized: "\(1) rooms free") == "Ein Raum frei")
        #expect(String(localized: "Welcome", localizer: Localizer()) == "Welcome")
    }

}

@Suite struct StringsBundleFolderTests {
    @Test func readsCatalogsAndLprojFoldersAndListsProblems() throws {
        let folder = try TemporaryDirectory(prefix: "vitrine-strings")
        for (name, text) in [
            ("Localizable.xcstrings", sampleCatalog),
            ("Broken.xcstrings", "{\"sourceLanguage\": \"en\", \"strings\": {\"a\": }"),
            ("ru.lproj/Localizable.strings", "\"Welcome\" = \"Добро пожаловать\";\n\"%d rooms\" = \"%d комнат\";"),
            ("ru.lproj/Localizable.stringsdict", StringsDictionaryReaderTests.rooms),
            ("ru.lproj/Settings.strings", "\"Language\" = \"Язык\""),
            ("Base.lproj/Main.strings", "\"x\" = \"y\";"),
        ] { try folder.write(name, text) }
        let bundle = StringsBundle(directory: folder.path)
        #expect(bundle.languages == ["ar", "de", "en", "he", "ru"])
        #expect(bundle.problems.count == 2)
        let broken = bundle.problems.first { $0.file.hasSuffix("Broken.xcstrings") }
        #expect(broken?.line == 1 && broken?.column == 43)
        #expect(broken?.description.contains("fix the file") == true)
        let settings = bundle.problems.first { $0.file.hasSuffix("Settings.strings") }
        #expect(settings?.message.contains("expected ';'") == true)
        let russian = Localizer(bundle: bundle, preferredLanguages: ["ru"])
        #expect(russian.string("Welcome") == "Добро пожаловать")
        // The .stringsdict's plural entry replaces the plain one of the same key.
        #expect(russian.string(forKey: "%d rooms", arguments: [.integer(22)]) == "22 комнаты")
        #expect(russian.string("Language", table: "Settings") == "Language")
    }

    @Test func aMissingFolderIsAProblemNotAFailure() {
        let bundle = StringsBundle(directory: "/nonexistent/vitrine-translations")
        #expect(bundle.problems.count == 1)
        #expect(bundle.problems.first?.kind == .unreadable)
        #expect(bundle.problems.first?.description.contains("check that the path exists") == true)
        #expect(Localizer(bundle: bundle, preferredLanguages: ["de"]).string("Welcome") == "Welcome")
    }
}
