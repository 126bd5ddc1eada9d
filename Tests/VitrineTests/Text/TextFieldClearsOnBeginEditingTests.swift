import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// `clearsOnBeginEditing` (UIKit's): editing starts with an empty field, when the delegate's
/// `textFieldShouldClear` agrees.
@MainActor
struct TextFieldClearsOnBeginEditingTests {
    final class Clearing: TextFieldDelegate {
        var log: [String] = []
        var allowsClear = true
        init(_ field: TextField) {
            field.delegate = self
            field.addAction({ [weak self] _ in self?.log.append("editingChanged") }, for: .editingChanged)
            field.addAction({ [weak self] _ in self?.log.append("editingDidBegin") }, for: .editingDidBegin)
        }
        func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { log.append("shouldBegin"); return true }
        func textFieldShouldClear(_ textField: TextField) -> Bool { log.append("shouldClear \(textField.text)"); return allowsClear }
        func textFieldDidBeginEditing(_ textField: TextField) { log.append("didBegin '\(textField.text)'") }
    }

    @Test func editingBeginsWithAnEmptyFieldAfterAskingTheDelegate() {
        let h = Harness()
        let field = h.addField()
        field.text = "old query"
        field.clearsOnBeginEditing = true
        let delegate = Clearing(field)
        h.tap(at: Point(x: 100, y: 40))
        #expect(field.isEditing)
        #expect(field.text.isEmpty)
        #expect(delegate.log == ["shouldBegin", "shouldClear old query", "editingChanged", "didBegin ''", "editingDidBegin"])
        h.type("new")
        #expect(field.text == "new")
    }

    @Test func theDelegateMayKeepTheTextAndAnEmptyFieldAsksNothing() {
        let h = Harness()
        let field = h.addField()
        field.clearsOnBeginEditing = true
        let delegate = Clearing(field)
        field.text = "kept"
        delegate.allowsClear = false
        #expect(field.becomeFirstResponder())
        #expect(field.text == "kept")
        #expect(delegate.log == ["shouldBegin", "shouldClear kept", "didBegin 'kept'", "editingDidBegin"])
        _ = field.resignFirstResponder()
        field.text = ""
        delegate.log.removeAll()
        #expect(field.becomeFirstResponder())
        #expect(delegate.log == ["shouldBegin", "didBegin ''", "editingDidBegin"])
        // Off by default: the text stays.
        let plain = h.addField(frame: Rect(x: 20, y: 100, width: 300, height: 40))
        plain.text = "stays"
        #expect(plain.becomeFirstResponder() && plain.text == "stays")
    }
}
