import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The app's language and layout direction as traits: `Application.localizer` and
/// `userInterfaceLayoutDirection` tell every view and controller, mark them for layout and
/// display, and `String(localized:)` follows. Serialized: `Localization.current` is global.
@MainActor @Suite(.serialized)
struct LanguageTraitTests {
    final class Recorder: View {
        var previous: [TraitCollection?] = []
        var drawn = 0
        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            previous.append(previousTraitCollection)
        }
        override func draw(_ rect: Rect, in context: GraphicsContext) { drawn += 1 }
    }

    final class Screen: ViewController {
        let heading = Label()
        var changes: [String] = []
        override func viewDidLoad() {
            view.addSubview(heading)
            heading.text = String(localized: "Welcome", localizer: Application.shared.localizer)
        }
        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            guard previousTraitCollection?.language != traitCollection.language else { return }
            changes.append("\(previousTraitCollection?.language ?? "-")→\(traitCollection.language)")
            heading.text = String(localized: "Welcome", localizer: Application.shared.localizer)
        }
    }

    private static func strings() -> StringsBundle {
        var bundle = StringsBundle(sourceLanguage: "en")
        bundle.add(StringTable(name: "Localizable", language: "ar", entries: ["Welcome": Translation("أهلاً")]))
        bundle.add(StringTable(name: "Localizable", language: "de", entries: ["Welcome": Translation("Willkommen")]))
        return bundle
    }

    @Test func defaultsAreEnglishLeftToRight() {
        let h = Harness(width: 800, height: 480)
        #expect(h.app.localizer.language == "en")
        #expect(h.app.userInterfaceLayoutDirection == .leftToRight)
        #expect(h.window.traitCollection.language == "en")
        #expect(h.window.traitCollection.layoutDirection == .leftToRight)
        #expect(View().traitCollection.language == "en")
    }

    @Test func aLanguageChangeTellsEveryScreenAndRedrawsIt() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness(width: 800, height: 480)
        let screen = Screen()
        h.window.rootViewController = screen
        let probe = Recorder(frame: Rect(x: 0, y: 100, width: 50, height: 50))
        screen.view.addSubview(probe)
        h.runLayoutTurn()
        #expect(screen.heading.text == "Welcome")
        let drawnBefore = probe.drawn

        h.app.localizer = Localizer(bundle: Self.strings(), preferredLanguages: ["ar-EG"])
        #expect(Localization.current.language == "ar")
        #expect(String(localized: "Welcome") == "أهلاً")
        #expect(h.app.userInterfaceLayoutDirection == .rightToLeft)
        #expect(screen.changes == ["en→ar"])
        #expect(screen.heading.text == "أهلاً")
        #expect(probe.previous.count == 1)
        #expect(probe.previous.first??.language == "en")
        #expect(probe.previous.first??.layoutDirection == .leftToRight)
        #expect(probe.traitCollection.layoutDirection == .rightToLeft)
        #expect(probe.needsLayout && screen.view.needsLayout)
        h.runLayoutTurn()
        #expect(probe.drawn == drawnBefore + 1)

        // The same language again tells nobody.
        h.app.localizer = Localizer(bundle: Self.strings(), preferredLanguages: ["ar"])
        #expect(screen.changes == ["en→ar"])
        #expect(probe.previous.count == 1)

        // German: left to right again, one change each.
        h.app.localizer = Localizer(bundle: Self.strings(), preferredLanguages: ["de"])
        #expect(screen.changes == ["en→ar", "ar→de"])
        #expect(screen.heading.text == "Willkommen")
        #expect(probe.previous.last??.layoutDirection == .rightToLeft)
        #expect(h.app.userInterfaceLayoutDirection == .leftToRight)
    }

    @Test func forcingTheDirectionTellsTheViews() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness(width: 800, height: 480)
        let probe = Recorder(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        h.window.addSubview(probe)
        h.runLayoutTurn()
        h.app.userInterfaceLayoutDirection = .rightToLeft
        #expect(probe.previous.count == 1)
        #expect(probe.previous.first??.layoutDirection == .leftToRight)
        #expect(probe.traitCollection.layoutDirection == .rightToLeft)
        #expect(probe.traitCollection.language == "en")
        h.app.userInterfaceLayoutDirection = .rightToLeft
        #expect(probe.previous.count == 1)
        // A localizer in a left-to-right language sets the direction back.
        h.app.localizer = Localizer(bundle: Self.strings(), preferredLanguages: ["de"])
        #expect(probe.traitCollection.layoutDirection == .leftToRight)
        #expect(probe.previous.count == 2)
    }
}
