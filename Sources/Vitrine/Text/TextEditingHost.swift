import Logging
import VitrineGraphics

/// What a text-entry view (`TextField`, `TextView`) gives the shared editing operations: its
/// buffer, its rules, and what to do after a change. The operations themselves (typing,
/// deleting, marked text, undo, the pasteboard, the common keys) are written once, in this
/// protocol's extension; each view keeps its own geometry (carets, hit-testing, arrows).
@MainActor
protocol TextEditingHost: AnyObject {
    var buffer: TextEditingBuffer { get set }
    var isEditing: Bool { get }
    /// Whether line feeds are dropped from inserted text.
    var isSingleLine: Bool { get }
    var maximumTextLength: Int { get }
    var keyboardType: KeyboardType { get }
    var autocapitalizationType: TextAutocapitalizationType { get }
    /// Whether copy and cut are allowed (not for secure entry).
    var allowsCopying: Bool { get }
    /// A visual move's caret place, forgotten after any other change.
    var caretLayoutX: Double? { get set }
    /// The edit menu shown for this view, if any.
    var editMenu: EditMenu? { get set }
    /// The selection handles shown for this view (start, end), if any.
    var selectionHandles: [SelectionHandle]? { get set }
    /// The caret's rectangle before character `offset`, in the view's bounds space.
    func caretRect(for offset: Int) -> Rect
    /// The character boundary nearest to `point`, in window points.
    func characterOffset(atWindowPoint point: Point) -> Int
    /// The delegate's word on a change (offsets in characters).
    func shouldChangeText(in range: Range<Int>, replacementText string: String) -> Bool
    /// The text changed: lay out, keep the caret visible, restart the blink, send
    /// `.editingChanged` (or the view's notification).
    func textDidChangeByEditing()
    /// The selection changed: keep the caret visible, restart the blink, redraw.
    func selectionDidChange()
}

private let editingLogger = Logger(label: "vitrine.text")

extension TextEditingHost {
    /// Types or inserts `text` at the selection (see `KeyInput.insertText`); `typed` applies
    /// autocapitalization and the number pads' filters (typing, not pasting).
    func editInsert(_ text: String, typed: Bool) {
        guard isEditing else { return }
        var string = TextSanitizer.sanitized(text, singleLine: isSingleLine)
        if typed {
            string = filteredForKeyboard(string)
            string = autocapitalized(string, at: buffer.selection.lowerBound)
        }
        guard !string.isEmpty else { return }
        if let marked = buffer.markedRange {
            buffer.replaceUnrecorded(marked, with: "")
            buffer.markedRange = nil
            buffer.selection = marked.lowerBound..<marked.lowerBound
        }
        let target = buffer.selection
        let room = maximumTextLength - (buffer.count - target.count)
        if string.count > room {
            editingLogger.warning("text entry: \(string.count) characters do not fit (maximumTextLength is \(maximumTextLength)): the insertion is cut to \(max(room, 0))")
            string = String(string.prefix(max(room, 0)))
            guard !string.isEmpty else { return }
        }
        // One character is typing, from a hardware key or from `insertText` (the on-screen
        // keyboard's keys): consecutive ones coalesce into one undo step, as in UIKit.
        let kind: TextEditingBuffer.EditKind = string.count == 1 ? .typing : .other
        editChange(target, to: string, kind: kind)
    }

    /// Asks the delegate, applies the change with undo, reports it. Returns whether it was
    /// applied.
    @discardableResult
    func editChange(_ range: Range<Int>, to string: String, kind: TextEditingBuffer.EditKind) -> Bool {
        let range = buffer.clamp(range)
        guard shouldChangeText(in: range, replacementText: string) else { return false }
        buffer.replace(range, with: string, kind: kind)
        caretLayoutX = nil
        textDidChangeByEditing()
        editDidApply()
        return true
    }

    /// After any edit or selection change: the selection handles follow, and the on-screen
    /// keyboard, when it types into this view, re-latches its automatic Shift for the new caret
    /// place (`SystemKeyboard.updateAutomaticShift`).
    func editDidApply() {
        guard let view = self as? any TextEditingHost & View else { return }
        view.updateSelectionHandles()
        guard let keyboard = view.window?.application?.systemKeyboard, keyboard.target === self else { return }
        keyboard.updateAutomaticShift()
    }

    /// Deletes the marked text, the selection, or the character before the caret.
    func editDeleteBackward() {
        guard isEditing else { return }
        var range = buffer.markedRange ?? buffer.selection
        if range.isEmpty {
            guard range.lowerBound > 0 else { return }
            range = range.lowerBound - 1..<range.lowerBound
        }
        editChange(range, to: "", kind: .deleting)
    }

    /// Deletes the selection or the character after the caret.
    func editDeleteForward() {
        guard isEditing else { return }
        var range = buffer.selection
        if range.isEmpty {
            guard range.upperBound < buffer.count else { return }
            range = range.lowerBound..<range.lowerBound + 1
        }
        editChange(range, to: "", kind: .deleting)
    }

    /// Replaces the marked text (or the selection) with `markedText`, marked, outside undo and
    /// the delegate until committed.
    func editSetMarkedText(_ markedText: String?, selectedRange: Range<Int>) {
        guard isEditing else { return }
        let string = TextSanitizer.sanitized(markedText ?? "", singleLine: isSingleLine)
        let range = buffer.markedRange ?? buffer.selection
        buffer.replaceUnrecorded(range, with: string)
        let count = string.count
        buffer.markedRange = count == 0 ? nil : range.lowerBound..<range.lowerBound + count
        let low = min(max(selectedRange.lowerBound, 0), count)
        let high = max(min(max(selectedRange.upperBound, 0), count), low)
        buffer.selection = range.lowerBound + low..<range.lowerBound + high
        caretLayoutX = nil
        textDidChangeByEditing()
        editDidApply()
    }

    /// Commits the marked text as inserted text (through the delegate and undo).
    func editUnmarkText() {
        guard let marked = buffer.markedRange else { return }
        let string = String(buffer.characters[buffer.clamp(marked)])
        buffer.replaceUnrecorded(marked, with: "")
        buffer.markedRange = nil
        buffer.selection = marked.lowerBound..<marked.lowerBound
        if !editChange(marked.lowerBound..<marked.lowerBound, to: string, kind: .other) { textDidChangeByEditing() }
    }

    /// Sets the selection (clamped), ending undo coalescing.
    func editSelect(_ range: Range<Int>) {
        buffer.selection = range
        buffer.breakUndoCoalescing()
        caretLayoutX = nil
        selectionDidChange()
        editDidApply()
    }

    @discardableResult
    func editUndo() -> Bool {
        guard isEditing, buffer.undo() else { return false }
        caretLayoutX = nil
        textDidChangeByEditing()
        return true
    }

    @discardableResult
    func editRedo() -> Bool {
        guard isEditing, buffer.redo() else { return false }
        caretLayoutX = nil
        textDidChangeByEditing()
        return true
    }

    func editCopy() {
        guard allowsCopying, !buffer.selection.isEmpty else { return }
        Pasteboard.general.string = String(buffer.characters[buffer.selection])
    }

    func editCut() {
        guard isEditing, allowsCopying, !buffer.selection.isEmpty else { return }
        editCopy()
        editChange(buffer.selection, to: "", kind: .other)
    }

    func editPaste() {
        guard let string = Pasteboard.general.string else { return }
        editInsert(string, typed: false)
    }

    /// The keys every text view treats alike: Backspace, Delete, Ctrl-A/C/X/V/Z/Y and typed
    /// characters. Returns nil for a key the view must handle itself (arrows, Return, Tab).
    func handleCommonKey(_ press: Press) -> Bool? {
        if press.modifiers.contains(.control) {
            switch TextFieldKey(rawValue: press.keyCode) {
            case .a: editSelect(0..<buffer.count)
            case .c: editCopy()
            case .x: editCut()
            case .v: editPaste()
            case .z: if press.modifiers.contains(.shift) { editRedo() } else { editUndo() }
            case .y: editRedo()
            default: return false
            }
            return true
        }
        switch TextFieldKey(rawValue: press.keyCode) {
        case .backspace: editDeleteBackward(); return true
        case .delete: editDeleteForward(); return true
        case .a, .c, .x, .v, .z, .y, nil: break // without Control, the shortcut letters type
        case .some: return nil
        }
        let typed = TextSanitizer.sanitized(press.characters, singleLine: true)
        guard !typed.isEmpty else { return false }
        editInsert(typed, typed: true)
        return true
    }

    /// Whether the view takes this key at all (for releases and repeats).
    func handlesKeyCode(_ press: Press) -> Bool {
        if press.modifiers.contains(.control) {
            return [.a, .c, .x, .v, .z, .y].contains(TextFieldKey(rawValue: press.keyCode))
        }
        if let key = TextFieldKey(rawValue: press.keyCode), ![.a, .c, .x, .v, .z, .y].contains(key) { return true }
        return press.characters.unicodeScalars.contains { $0.value >= 0x20 && $0.value != 0x7F }
    }

    /// Whether an auto-repeat of the key repeats its action.
    func repeatsKey(_ press: Press) -> Bool {
        switch TextFieldKey(rawValue: press.keyCode) {
        case .backspace, .delete, .left, .right, .up, .down: true
        case .tab, .enter, .keypadEnter, .home, .end: false
        default: !press.modifiers.contains(.control) && !press.characters.isEmpty
        }
    }

    // MARK: Typing rules

    private func filteredForKeyboard(_ string: String) -> String {
        let allowed: (Character) -> Bool
        switch keyboardType {
        case .numberPad: allowed = { ("0"..."9").contains($0) }
        case .decimalPad:
            let hasSeparator = buffer.characters.contains { $0 == "." || $0 == "," }
            allowed = { ("0"..."9").contains($0) || (!hasSeparator && ($0 == "." || $0 == ",")) }
        case .phonePad: allowed = { ("0"..."9").contains($0) || "+*#()- ".contains($0) }
        default: return string
        }
        return String(string.filter(allowed))
    }

    /// Whether a letter typed at `offset` starts capitalized by `autocapitalizationType`: at the
    /// start or after white space (`.words`), at the start or after ". ", "! ", "? "
    /// (`.sentences`), always (`.allCharacters`). What the on-screen keyboard's Shift follows.
    func capitalizesLetter(at offset: Int) -> Bool {
        let offset = min(max(offset, 0), buffer.count)
        switch autocapitalizationType {
        case .none: return false
        case .allCharacters: return true
        case .words: return offset == 0 || buffer.characters[offset - 1].isWhitespace
        case .sentences:
            var i = offset
            while i > 0, buffer.characters[i - 1].isWhitespace { i -= 1 }
            return i == 0 || (i < offset && ".!?".contains(buffer.characters[i - 1]))
        }
    }

    private func autocapitalized(_ string: String, at offset: Int) -> String {
        if autocapitalizationType == .allCharacters { return string.uppercased() }
        guard capitalizesLetter(at: offset), let first = string.first else { return string }
        return first.uppercased() + string.dropFirst()
    }
}
