import Testing
@testable import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineInput

/// The toolkit's own words and the on-screen keyboard follow the app's language
/// (`Application.localizer`). Serialized: setting the localizer sets the global
/// `Localization.current`, which each test puts back.
@MainActor @Suite(.serialized)
struct ToolkitLanguageTests {
    /// Strings with a table in each of `languages`, so that a localizer can be in any of them.
    private static func strings(_ languages: [String], vitrine: [String: [String: String]] = [:]) -> StringsBundle {
        var bundle = StringsBundle(sourceLanguage: "en")
        for language in languages {
            bundle.add(StringTable(name: "Localizable", language: language, entries: ["Welcome": Translation("·")]))
        }
        for (language, words) in vitrine {
            bundle.add(StringTable(name: ToolkitStrings.tableName, language: language,
                                   entries: words.mapValues { Translation($0) }))
        }
        return bundle
    }

    private static func localizer(_ language: String, pseudo: PseudoLocalization = []) -> Localizer {
        Localizer(bundle: strings([language]), preferredLanguages: [language], pseudoLocalization: pseudo)
    }

    /// The words on the keyboard's space bar.
    private func spaceTitle(_ keyboard: SystemKeyboard) -> String? {
        keyboard.view.rows.joined().first { $0.kind == .space }?.label.text
    }

    @Test func theToolkitsWordsFollowTheAppsLanguage() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness()
        #expect(ToolkitStrings.string("Back") == "Back")
        h.app.localizer = Self.localizer("fr")
        #expect(ToolkitStrings.string("Back") == "Retour")
        #expect(EditMenu.Command.selectAll.title == "Tout sélectionner")
        h.app.localizer = Self.localizer("ar-EG")
        #expect(ToolkitStrings.string("Back") == "رجوع")
        h.app.localizer = Self.localizer("zh-Hans-CN")
        #expect(ToolkitStrings.string("Search") == "搜索")
        // A language the toolkit has no words for: English, and an unknown key stays itself.
        h.app.localizer = Self.localizer("ja")
        #expect(ToolkitStrings.string("Back") == "Back")
        #expect(ToolkitStrings.string("No such words") == "No such words")
    }

    @Test func everyKeyHasWordsInEveryLanguage() {
        for entry in ToolkitStrings.builtIn {
            #expect(entry.words.count == ToolkitStrings.languages.count, "\(entry.key)")
            #expect(entry.words.first == entry.key, "the English words are the key")
            #expect(!entry.words.contains { $0.isEmpty }, "\(entry.key)")
        }
        #expect(Set(ToolkitStrings.keys).count == ToolkitStrings.keys.count)
    }

    @Test func theAppsVitrineTableWinsAndPseudoLocalizationApplies() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness()
        h.app.localizer = Localizer(bundle: Self.strings(["fr"], vitrine: ["fr": ["Back": "Précédent"]]), preferredLanguages: ["fr"])
        #expect(ToolkitStrings.string("Back") == "Précédent")
        #expect(ToolkitStrings.string("space") == "espace", "a key the app's table lacks is the toolkit's")
        h.app.localizer = Self.localizer("en", pseudo: .standard)
        #expect(ToolkitStrings.string("Back") == PseudoLocalization.standard.apply(text: "Back"))
        #expect(ToolkitStrings.string("Back") != "Back")
    }

    @Test func theBackButtonIsRetitledWhenTheLanguageChanges() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness()
        let navigation = h.navigation(root: ViewController())
        navigation.pushViewController(ViewController(), animated: false)
        h.advance(by: 0.1)
        let bar = navigation.navigationBar
        #expect(bar.backButton.currentTitle?.hasSuffix("Back") == true)
        h.app.localizer = Self.localizer("de")
        h.advance(by: 0.1)
        #expect(bar.backButton.currentTitle?.hasSuffix("Zurück") == true)
        #expect(bar.backButton.currentTitle?.hasSuffix("Back") == false)
    }

    @Test func theKeyboardShowsTheLanguagesLayoutAndWords() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness()
        let field = h.focusedFieldWithKeyboard(layouts: ["us"], source: XKBKeyboardLayoutSource())
        let keyboard = h.app.keyboard
        let q = keyboard.frameOfKey(typing: "q")
        #expect(q != nil && keyboard.currentLayout == "us")
        #expect(spaceTitle(keyboard) == "space")
        field.autocapitalizationType = .allCharacters
        keyboard.updateAutomaticShift()
        #expect(keyboard.shiftState == .once, "capitals wanted")

        h.app.localizer = Self.localizer("ar")
        h.settle()
        keyboard.updateAutomaticShift()
        #expect(keyboard.shiftState == .off, "Arabic has no capitals: its shifted level stays down")
        #expect(keyboard.layouts == ["ara", "us"], "the language's layout first, the others a tap away")
        #expect(keyboard.currentLayout == "ara")
        #expect(spaceTitle(keyboard) == "مسافة")
        // XKB's Arabic layout has ض where us has q.
        #expect(keyboard.frameOfKey(typing: "ض")?.origin == q?.origin, "the first key of the same row")
        if let q { h.tap(at: Point(x: q.midX, y: q.midY)) }
        #expect(field.text == "ض")

        // Back to English: us is in the list, so it is selected and the list stays.
        h.app.localizer = Self.localizer("en")
        h.settle()
        #expect(keyboard.currentLayout == "us")
        #expect(keyboard.layouts == ["ara", "us"])
        #expect(spaceTitle(keyboard) == "space")

        // Hebrew through the app's own choice of layout for it; then not following at all.
        keyboard.languageLayouts = ["he": "us"]
        h.app.localizer = Self.localizer("he")
        h.settle()
        #expect(keyboard.currentLayout == "us")
        #expect(keyboard.layout(forLanguage: "he-IL") == "us")
        keyboard.languageLayouts = [:]
        keyboard.followsLanguage = false
        h.app.localizer = Self.localizer("ru")
        h.settle()
        #expect(keyboard.currentLayout == "us" && keyboard.layouts == ["ara", "us"])
        #expect(spaceTitle(keyboard) == "Пробел", "the keys' words follow either way")
    }

    @Test func layoutsForLanguagesMatchTheMostPreciseTag() {
        let keyboard = Harness().app.keyboard
        #expect(keyboard.layout(forLanguage: "fr") == "fr")
        #expect(keyboard.layout(forLanguage: "fr-CA") == "ca")
        #expect(keyboard.layout(forLanguage: "fr-BE") == "fr")
        #expect(keyboard.layout(forLanguage: "he_IL") == "il")
        #expect(keyboard.layout(forLanguage: "ar-Arab-EG") == "ara")
        #expect(keyboard.layout(forLanguage: "zh-Hans") == nil, "typed through an input method")
    }

    @Test func anAppThatNeverSetsALanguageKeepsItsLayouts() {
        let h = Harness()
        _ = h.focusedFieldWithKeyboard(layouts: ["fr", "de"], source: XKBKeyboardLayoutSource())
        h.app.keyboard.switchToNextLayout()
        h.settle()
        #expect(h.app.keyboard.currentLayout == "de")
        #expect(h.app.keyboard.layouts == ["fr", "de"])
    }

    @Test func theArabicAndHebrewKeyboardsLookRight() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness()
        h.window.backgroundColor = .white
        _ = h.focusedFieldWithKeyboard(layouts: ["us"], source: XKBKeyboardLayoutSource())
        h.app.localizer = Self.localizer("ar")
        h.settle()
        expectGolden(h.app.keyboard.view.snapshot(scale: 1), "keyboard-ara")
        h.app.localizer = Self.localizer("he")
        h.settle()
        expectGolden(h.app.keyboard.view.snapshot(scale: 1), "keyboard-il")
    }

    @Test func aDatePickerFollowsTheLanguageUntilItsLocaleIsSet() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness()
        let picker = DatePicker(frame: Rect(x: 50, y: 40, width: 400, height: 216))
        picker.timeZone = .utc
        picker.datePickerMode = .date
        h.window.addSubview(picker)
        h.settleControls()
        #expect(picker.locale.identifier == DateLocale.current.identifier)
        h.app.localizer = Self.localizer("de")
        h.settleControls()
        #expect(picker.locale.identifier == "de_DE")
        #expect(picker.wheels.columns == [.day, .month, .year])
        let months = picker.wheels.columns.firstIndex(of: .month) ?? 0
        #expect(picker.wheels.pickerView(picker.pickerView, titleForRow: 2, forComponent: months) == "März")
        // Set by the app: pinned, whatever the language.
        picker.locale = DateLocale(identifier: "en_US")!
        h.app.localizer = Self.localizer("fr")
        h.settleControls()
        #expect(picker.locale.identifier == "en_US")
        #expect(picker.wheels.columns == [.month, .day, .year])
    }
}
