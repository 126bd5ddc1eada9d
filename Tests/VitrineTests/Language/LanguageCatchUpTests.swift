import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// A screen out of the window when the language or the direction changes (covered by a pushed
/// or presented one, never shown yet) hears of it as its view comes back into a window: before
/// the frame that shows it, once, with what it last heard as the previous traits.
/// Serialized: `Localization.current` is global.
@MainActor @Suite(.serialized)
struct LanguageCatchUpTests {
    /// A screen that writes each language or direction change it hears, and whether its view
    /// was in a window then.
    final class Screen: ViewController {
        var heard: [String] = []
        var inWindowWhenTold: [Bool] = []
        let probe = Probe()
        override func viewDidLoad() { view.addSubview(probe) }
        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            guard let previous = previousTraitCollection,
                  previous.language != traitCollection.language || previous.layoutDirection != traitCollection.layoutDirection
            else { return }
            heard.append("\(previous.language)→\(traitCollection.language) \(traitCollection.layoutDirection == .rightToLeft ? "rtl" : "ltr")")
            inWindowWhenTold.append(view.window != nil)
        }
    }

    /// A view in a screen: told with its screen.
    final class Probe: View {
        var told = 0
        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            if previousTraitCollection?.language != traitCollection.language { told += 1 }
        }
    }

    private func arabic() -> Localizer {
        var bundle = StringsBundle(sourceLanguage: "en")
        bundle.add(StringTable(name: "Localizable", language: "ar", entries: ["Welcome": Translation("أهلاً")]))
        return Localizer(bundle: bundle, preferredLanguages: ["ar"])
    }

    @Test func aCoveredScreenHearsOfTheChangeWhenItComesBack() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness(width: 800, height: 480)
        let covered = Screen(), top = Screen()
        let navigation = h.navigation(root: covered)
        navigation.pushViewController(top, animated: false)
        h.advance(by: 0.1)
        #expect(covered.view.window == nil)

        h.app.localizer = arabic()
        #expect(top.heard == ["en→ar rtl"])
        #expect(covered.heard.isEmpty, "out of the window, it hears nothing yet")

        navigation.popViewController(animated: false)
        #expect(covered.heard == ["en→ar rtl"])
        #expect(covered.inWindowWhenTold == [true])
        #expect(covered.probe.told == 1, "the views under the screen hear with it")
        #expect(covered.view.needsLayout, "laid out again for the new language")
        h.advance(by: 0.1)

        // Out and in again with nothing changed: nothing more.
        navigation.pushViewController(Screen(), animated: false)
        h.advance(by: 0.1)
        navigation.popViewController(animated: false)
        h.advance(by: 0.1)
        #expect(covered.heard == ["en→ar rtl"])
        #expect(covered.probe.told == 1)
        h.app.localizer = Localizer()
    }

    @Test func aScreenPushedWithAnimationHearsBeforeItsFirstFrame() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness(width: 800, height: 480)
        let covered = Screen(), top = Screen()
        let navigation = h.navigation(root: covered)
        navigation.pushViewController(top, animated: false)
        h.advance(by: 0.1)
        h.app.localizer = arabic()
        // The pop slides: the covered screen is told as its view joins the window, before a
        // frame of the slide is drawn.
        let presentsBefore = h.app.statistics.presents
        navigation.popViewController(animated: true)
        #expect(covered.heard == ["en→ar rtl"])
        #expect(h.app.statistics.presents == presentsBefore)
        h.advance(by: 1)
        #expect(covered.heard.count == 1)
        h.app.localizer = Localizer()
    }

    @Test func aScreenLoadedBeforeTheChangeAndShownAfterHearsOfIt() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness(width: 800, height: 480)
        let root = Screen()
        _ = h.navigation(root: root)
        let later = Screen()
        later.loadViewIfNeeded()  // its texts set in English, off screen
        h.app.localizer = arabic()
        #expect(later.heard.isEmpty)
        root.navigationController?.pushViewController(later, animated: false)
        #expect(later.heard == ["en→ar rtl"])
        // A screen loaded after the change starts in the new language: nothing to hear.
        let fresh = Screen()
        later.navigationController?.pushViewController(fresh, animated: false)
        #expect(fresh.heard.isEmpty)
        h.app.localizer = Localizer()
    }

    @Test func aForcedDirectionIsCaughtUpWithToo() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness(width: 800, height: 480)
        let covered = Screen(), top = Screen()
        let navigation = h.navigation(root: covered)
        navigation.pushViewController(top, animated: false)
        h.advance(by: 0.1)
        h.app.userInterfaceLayoutDirection = .rightToLeft
        navigation.popViewController(animated: false)
        #expect(covered.heard == ["en→en rtl"])
        #expect(covered.view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        h.app.userInterfaceLayoutDirection = .leftToRight
        #expect(covered.heard == ["en→en rtl", "en→en ltr"])
    }

    @Test func aChildScreenHearsOnceWithItsParent() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness(width: 800, height: 480)
        let parent = Screen(), child = Screen(), top = Screen()
        parent.loadViewIfNeeded()
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        let navigation = h.navigation(root: parent)
        navigation.pushViewController(top, animated: false)
        h.advance(by: 0.1)
        h.app.localizer = arabic()
        navigation.popViewController(animated: false)
        #expect(parent.heard == ["en→ar rtl"])
        #expect(child.heard == ["en→ar rtl"])
        #expect(child.probe.told == 1)
        h.app.localizer = Localizer()
    }
}
