import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The letters whose keys are also shortcuts (A, C, X, V, Z, Y with Ctrl) type themselves
/// without Ctrl, on their own physical keys, as a hardware keyboard sends them.
@MainActor
@Suite struct TextFieldLetterKeysTests {
    @Test func shortcutLettersTypeWithoutCtrl() {
        let h = Harness()
        let field = h.addField()
        #expect(field.becomeFirstResponder())
        let keys: [(Int, String)] = [(30, "a"), (46, "c"), (45, "x"), (47, "v"), (44, "z"), (21, "y"), (49, "n")]
        for (code, letter) in keys { h.press(code, characters: letter) }
        #expect(field.text == "acxvzyn")
        h.press(30, characters: "a", modifiers: .control)   // Ctrl-A still selects all
        #expect(field.selectedRange == 0..<7)
    }
}
