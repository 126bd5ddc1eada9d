import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The keys of the editing shortcuts (A, C, X, V, Z, Y) are letters too: without Control they
/// type their characters (on a German layout KEY_Z types "y" and KEY_Y "z").
@Suite @MainActor struct TextFieldLetterKeyTests {
    @Test func theShortcutKeysTypeTheirCharactersWithoutControl() {
        let h = Harness()
        let field = h.addField()
        #expect(field.becomeFirstResponder())
        for (code, character) in [(Key.a, "a"), (Key.c, "c"), (Key.x, "x"), (Key.v, "v"), (Key.z, "y"), (21, "z")] {
            h.press(code, characters: character)
        }
        #expect(field.text == "acxvyz")
        // With Control they are the shortcuts still: Ctrl-A selects all, Ctrl-X cuts it.
        h.press(Key.a, characters: "a", modifiers: .control)
        h.press(Key.x, characters: "x", modifiers: .control)
        #expect(field.text == "")
    }
}
