import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// `ViewController.preferredFocusEnvironments`: where focus lands when a controller's screen
/// arrives (pushed, popped to, presented, the window's root).
@MainActor
@Suite struct ControllerFocusTests {
    /// A controller with buttons `titles` stacked 60 points apart, preferring `preferred`.
    final class Screen: ViewController {
        let buttons: [Button]
        var preferred: String?

        init(_ titles: [String], preferring preferred: String? = nil) {
            buttons = titles.enumerated().map { index, title in
                button(title, Rect(x: 20, y: 100 + Double(index) * 60, width: 100, height: 44))
            }
            self.preferred = preferred
            super.init()
        }

        override func viewDidLoad() {
            for button in buttons { view.addSubview(button) }
        }

        override var preferredFocusEnvironments: [View] {
            buttons.filter { $0.accessibilityLabel == preferred }
        }
    }

    @Test func aPushedControllersPreferenceDecidesWhereFocusLands() {
        let h = Harness()
        let observer = RecordingObserver()
        h.app.accessibilityObserver = observer
        let a = Screen(["A1", "A2"], preferring: "A2")
        let b = Screen(["B1", "B2", "B3"], preferring: "B3")
        let navigation = h.navigation(root: a)
        h.press(FKey.tab)
        #expect(h.focusedLabel == "A2", "the root controller's preference, on the first focus key")
        navigation.pushViewController(b, animated: true)
        h.advance(by: 1)
        #expect(h.focusedLabel == "B3")
        #expect(observer.log.contains("screen B3"), "the screen reader hears the preferred element: \(observer.log)")
        // Tab goes on in reading order from there (wrapping to the bar's Back).
        h.press(FKey.tab)
        #expect(h.focusedLabel != "B3")
        a.preferred = "A1"
        h.press(FKey.escape)
        h.advance(by: 1)
        #expect(navigation.topViewController === a)
        #expect(h.focusedLabel == "A1", "the controller popped to is asked again")
    }

    @Test func aPresentedControllersPreferenceDecidesWhereFocusLands() {
        let h = Harness()
        let root = Screen(["R1", "R2"])
        h.window.rootViewController = root
        h.advance(by: 0.1)
        h.press(FKey.tab)
        #expect(h.focusedLabel == "R1", "no preference: the first element")
        let sheet = Screen(["Cancel", "Pay"], preferring: "Pay")
        root.present(sheet, animated: true)
        h.advance(by: 1)
        #expect(h.focusedLabel == "Pay")
        sheet.dismiss(animated: true)
        h.advance(by: 1)
        #expect(h.focusedLabel == "R1")
    }

    @Test func aPreferenceThatCannotBeFocusedFallsBack() {
        let h = Harness()
        let root = Screen(["One", "Two", "Three"], preferring: "Two")
        h.window.rootViewController = root
        root.buttons[1].isEnabled = false
        h.advance(by: 0.1)
        h.press(FKey.tab)
        #expect(h.focusedLabel == "One", "a disabled preference is skipped")
    }

    @Test func aPreferredContainerViewGivesItsOwnPreference() {
        let h = Harness()
        final class Panel: View {
            weak var inner: View?
            override var preferredFocusEnvironments: [View] { inner.map { [$0] } ?? [] }
        }
        final class Holder: ViewController {
            let panel = Panel(frame: Rect(x: 0, y: 200, width: 300, height: 200))
            override func viewDidLoad() {
                view.addSubview(button("Top", Rect(x: 20, y: 100, width: 100, height: 44)))
                let first = button("Inner 1", Rect(x: 20, y: 10, width: 100, height: 44))
                let second = button("Inner 2", Rect(x: 20, y: 80, width: 100, height: 44))
                panel.addSubview(first)
                panel.addSubview(second)
                panel.inner = second
                view.addSubview(panel)
            }
            override var preferredFocusEnvironments: [View] { [panel] }
        }
        h.window.rootViewController = Holder()
        h.advance(by: 0.1)
        h.press(FKey.tab)
        #expect(h.focusedLabel == "Inner 2")
    }
}
