import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Key codes the text field tests press (linux/input-event-codes.h).
enum Key {
    static let backspace = 14, tab = 15, enter = 28, delete = 111, home = 102, end = 107
    static let left = 105, right = 106, a = 30, c = 46, x = 45, v = 47, z = 44
    /// A letter key for typed characters (KEY_Q): the characters come with the press.
    static let letter = 16
}

extension Harness {
    /// Presses and releases key `code` with `characters` and `modifiers`, a turn each.
    func press(_ code: Int, characters: String = "", modifiers: KeyModifiers = []) {
        input.key(code, .pressed, characters: characters, modifiers: modifiers)
        loop.runUntilIdle()
        input.key(code, .released, characters: characters, modifiers: modifiers)
        loop.runUntilIdle()
    }

    /// Types `text`, one key press per character, as a hardware keyboard would.
    func type(_ text: String) {
        for character in text { press(Key.letter, characters: String(character)) }
    }

    /// A field of 300 × 40 points at (20, 20) in the window.
    func addField(frame: Rect = Rect(x: 20, y: 20, width: 300, height: 40)) -> TextField {
        let field = TextField(frame: frame)
        field.autocapitalizationType = .none
        window.addSubview(field)
        loop.runUntilIdle()
        return field
    }
}

/// Records every delegate call and editing event, in order.
@MainActor
final class FieldRecorder: TextFieldDelegate {
    var log: [String] = []
    var maximumLength: Int?
    var allowsBegin = true
    var allowsEnd = true
    var returns = true

    init(_ field: TextField) {
        field.delegate = self
        field.addAction({ [weak self] _ in self?.log.append("editingDidBegin") }, for: .editingDidBegin)
        field.addAction({ [weak self] _ in self?.log.append("editingChanged") }, for: .editingChanged)
        field.addAction({ [weak self] _ in self?.log.append("editingDidEnd") }, for: .editingDidEnd)
        field.addAction({ [weak self] _ in self?.log.append("editingDidEndOnExit") }, for: .editingDidEndOnExit)
    }

    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { log.append("shouldBegin"); return allowsBegin }
    func textFieldDidBeginEditing(_ textField: TextField) { log.append("didBegin") }
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool { log.append("shouldEnd"); return allowsEnd }
    func textFieldDidEndEditing(_ textField: TextField) { log.append("didEnd") }
    func textFieldShouldReturn(_ textField: TextField) -> Bool { log.append("shouldReturn"); return returns }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>,
                   replacementString string: String) -> Bool {
        log.append("shouldChange \(range.lowerBound)..<\(range.upperBound) '\(string)'")
        guard let maximumLength else { return true }
        return textField.text.count - range.count + string.count <= maximumLength
    }
}
