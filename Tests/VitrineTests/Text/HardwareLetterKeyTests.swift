import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The letter keys that are also shortcuts (A, C, X, V, Z, Y with Ctrl) type their letters
/// without Ctrl, on their own key codes (before, KEY_A typed nothing in a field).
@MainActor
struct HardwareLetterKeyTests {
    @Test func theShortcutLettersTypeWithoutControl() {
        let h = Harness()
        let field = h.addField()
        field.autocapitalizationType = .none
        #expect(field.becomeFirstResponder())
        for (code, letter) in [(30, "a"), (46, "c"), (45, "x"), (47, "v"), (44, "z"), (21, "y")] {
            h.press(code, characters: letter)
        }
        #expect(field.text == "acxvzy")
        // With Ctrl they stay shortcuts: select all, cut.
        h.press(Key.a, modifiers: .control)
        h.press(Key.x, modifiers: .control)
        #expect(field.text == "")
    }

    @Test func theShortcutLettersTypeInATextView() {
        let h = Harness()
        let view = TextView(frame: Rect(x: 20, y: 20, width: 300, height: 200))
        view.autocapitalizationType = .none
        h.window.addSubview(view)
        #expect(view.becomeFirstResponder())
        h.press(30, characters: "a")
        h.press(47, characters: "v")
        #expect(view.text == "av")
    }
}
