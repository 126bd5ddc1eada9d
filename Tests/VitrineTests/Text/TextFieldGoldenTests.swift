import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Pictures of a text field: its placeholder, text with the caret, a selection, secure entry.
@MainActor
struct TextFieldGoldenTests {
    /// A white 260 × 60 box in the window holding a bordered 240 × 40 field.
    private func scene(_ h: Harness) -> (box: View, field: TextField) {
        let box = View(frame: Rect(x: 0, y: 0, width: 260, height: 60))
        box.backgroundColor = .white
        let field = TextField(frame: Rect(x: 10, y: 10, width: 240, height: 40))
        field.autocapitalizationType = .none
        field.borderWidth = 1
        field.borderColor = Color(white: 0.75)
        field.cornerRadius = 6
        box.addSubview(field)
        h.window.addSubview(box)
        h.loop.runUntilIdle()
        return (box, field)
    }

    @Test func emptyFieldShowsItsPlaceholder() {
        let h = Harness()
        let (box, field) = scene(h)
        field.placeholder = "Email address"
        expectGolden(box.snapshot(scale: 1), "textfield-placeholder")
    }

    @Test func editingFieldShowsTextAndCaret() {
        let h = Harness()
        let (box, field) = scene(h)
        field.becomeFirstResponder()
        h.type("Grüße, Ζωή")
        expectGolden(box.snapshot(scale: 1), "textfield-caret")
    }

    @Test func selectionIsDrawnAsAHighlight() {
        let h = Harness()
        let (box, field) = scene(h)
        field.text = "select this word"
        field.becomeFirstResponder()
        field.selectedRange = 7..<11
        expectGolden(box.snapshot(scale: 1), "textfield-selection")
    }

    @Test func secureEntryDrawsBullets() {
        let h = Harness()
        let (box, field) = scene(h)
        field.isSecureTextEntry = true
        field.clearButtonMode = .always
        field.text = "hunter2"
        expectGolden(box.snapshot(scale: 1), "textfield-secure")
    }
}
