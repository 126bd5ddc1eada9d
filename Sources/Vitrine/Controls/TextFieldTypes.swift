import VitrineGraphics

/// What a text field tells its delegate, and asks it (UIKit's `UITextFieldDelegate`). Every
/// method has a default: begin, end, change, clear and return are all allowed.
@MainActor
public protocol TextFieldDelegate: AnyObject {
    /// Whether `textField` may start editing (become first responder).
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// Editing started; sent before `.editingDidBegin`.
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Whether `textField` may stop editing (resign first responder). A field leaving its
    /// window stops editing without asking.
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    /// Editing ended; sent before `.editingDidEnd`.
    func textFieldDidEndEditing(_ textField: TextField)
    /// Whether the characters in `range` (character offsets, where UIKit gives UTF-16 units)
    /// may be replaced by `string` — typing, deleting, pasting, cutting, clearing. Return false
    /// to refuse, e.g. for a maximum length:
    /// `textField.text.count - range.count + string.count <= 8`.
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>,
                   replacementString string: String) -> Bool
    /// Whether the clear button may empty the field.
    func textFieldShouldClear(_ textField: TextField) -> Bool
    /// Return was pressed; true (the default) sends `.editingDidEndOnExit`.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    /// Allows editing to begin.
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    /// Allows editing to end.
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidEndEditing(_ textField: TextField) {}
    /// Allows every change.
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>,
                          replacementString string: String) -> Bool { true }
    /// Allows clearing.
    public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
    /// Allows return.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}

/// When a text field shows its clear button (UIKit's `UITextField.ViewMode`).
public enum TextFieldViewMode: Sendable, Hashable {
    /// Never.
    case never
    /// Only while editing (and the field has text).
    case whileEditing
    /// Only while not editing (and the field has text).
    case unlessEditing
    /// Whenever the field has text.
    case always
}

/// Which keyboard a field wants (UIKit's `UIKeyboardType`): the on-screen keyboard shows its
/// keys; the number pads also filter hardware typing (see `TextField.keyboardType`).
public enum KeyboardType: Sendable, Hashable {
    /// The full keyboard of the current layout.
    case `default`
    /// Digits 0–9 only.
    case numberPad
    /// Digits and one decimal separator ("." or ",").
    case decimalPad
    /// Digits and `+ * # ( ) -` and space.
    case phonePad
    /// The letters with "@" and "." beside a shorter space.
    case emailAddress
    /// The letters with ".", "/" and ".com" in place of space.
    case URL
}

/// What the keyboard's return key says (UIKit's `UIReturnKeyType`): the on-screen keyboard
/// labels its return key with it.
public enum ReturnKeyType: Sendable, Hashable {
    /// "return".
    case `default`
    /// "Go".
    case go
    /// "Next".
    case next
    /// "Search".
    case search
    /// "Send".
    case send
    /// "Done".
    case done
    /// "Join".
    case join
}

/// Which typed letters become capitals (UIKit's `UITextAutocapitalizationType`). On the
/// on-screen keyboard, as on iOS, it latches Shift where a capital is wanted (the typist may
/// tap it off); hardware keys have it applied to the characters they type; never pasted text.
public enum TextAutocapitalizationType: Sendable, Hashable {
    /// No automatic capitals.
    case none
    /// The first letter of each word.
    case words
    /// The first letter of each sentence (after ".", "!" or "?" and a space, and at the start).
    case sentences
    /// Every letter.
    case allCharacters
}
