import Logging
import VitrineGraphics

// The editing operations: the `TextInput` contract, every change through the delegate, undo,
// the pasteboard, and touches placing the caret.

extension TextField {
    private static let logger = Logger(label: "vitrine.textfield")

    // MARK: TextInput

    /// Whether the field holds any text.
    public var hasText: Bool { buffer.count > 0 }

    /// The selection in character offsets; setting it clamps, shows the caret and scrolls to it.
    public var selectedRange: Range<Int> {
        get { buffer.selection }
        set {
            buffer.selection = newValue
            buffer.breakUndoCoalescing()
            caretLayoutX = nil
            selectionDidChange()
        }
    }

    /// The marked (composing) text's range, nil when nothing is marked.
    public var markedRange: Range<Int>? { buffer.markedRange }

    /// Types `text` at the selection (see `KeyInput`). Ignored when not editing.
    public func insertText(_ text: String) {
        insert(text, typed: false)
    }

    /// Deletes the selection or the character before the caret. Ignored when not editing.
    public func deleteBackward() {
        guard isEditing else { return }
        var range = buffer.markedRange ?? buffer.selection
        if range.isEmpty {
            guard range.lowerBound > 0 else { return }
            range = range.lowerBound - 1..<range.lowerBound
        }
        _ = change(range, to: "", kind: .deleting)
    }

    /// Deletes the selection or the character after the caret (the Delete key).
    public func deleteForward() {
        guard isEditing else { return }
        var range = buffer.selection
        if range.isEmpty {
            guard range.upperBound < buffer.count else { return }
            range = range.lowerBound..<range.lowerBound + 1
        }
        _ = change(range, to: "", kind: .deleting)
    }

    /// Replaces the marked text (or the selection) with `markedText`, marked; nothing goes
    /// through the delegate or undo until it is committed.
    public func setMarkedText(_ markedText: String?, selectedRange: Range<Int>) {
        guard isEditing else { return }
        let string = TextSanitizer.sanitized(markedText ?? "", singleLine: true)
        let range = buffer.markedRange ?? buffer.selection
        buffer.replaceUnrecorded(range, with: string)
        let count = string.count
        buffer.markedRange = count == 0 ? nil : range.lowerBound..<range.lowerBound + count
        let inner = min(max(selectedRange.lowerBound, 0), count)..<min(max(selectedRange.upperBound, 0), count)
        buffer.selection = range.lowerBound + inner.lowerBound..<range.lowerBound + max(inner.upperBound, inner.lowerBound)
        textDidChange()
        restartBlink()
        sendActions(for: .editingChanged, with: nil)
    }

    /// Commits the marked text as typed text (through the delegate and undo).
    public func unmarkText() {
        guard let marked = buffer.markedRange else { return }
        let string = String(buffer.characters[buffer.clamp(marked)])
        buffer.replaceUnrecorded(marked, with: "")
        buffer.markedRange = nil
        buffer.selection = marked.lowerBound..<marked.lowerBound
        if !change(marked.lowerBound..<marked.lowerBound, to: string, kind: .other) { textDidChange() }
    }

    /// The text in `range` (clamped).
    public func text(in range: Range<Int>) -> String {
        String(buffer.characters[buffer.clamp(range)])
    }

    // MARK: Changing the text

    /// Inserts `text` at the selection; `typed` applies autocapitalization and the number
    /// pads' filters (typing, not pasting).
    func insert(_ text: String, typed: Bool) {
        guard isEditing else { return }
        var string = TextSanitizer.sanitized(text, singleLine: true)
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
            Self.logger.warning("text field: \(string.count) characters do not fit (maximumTextLength is \(maximumTextLength)): the insertion is cut to \(max(room, 0))")
            string = String(string.prefix(max(room, 0)))
            guard !string.isEmpty else { return }
        }
        let kind: TextEditingBuffer.EditKind = typed && string.count == 1 ? .typing : .other
        change(target, to: string, kind: kind)
    }

    /// Asks the delegate, applies the change with undo, sends `.editingChanged`. Returns
    /// whether it was applied.
    @discardableResult
    func change(_ range: Range<Int>, to string: String, kind: TextEditingBuffer.EditKind) -> Bool {
        let range = buffer.clamp(range)
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) ?? true else {
            return false
        }
        buffer.replace(range, with: string, kind: kind)
        caretLayoutX = nil
        textDidChange()
        restartBlink()
        sendActions(for: .editingChanged, with: nil)
        return true
    }

    /// The selection moved: show the caret, scroll to it, redraw.
    func selectionDidChange() {
        scrollCaretToVisible()
        restartBlink()
        setNeedsDisplay()
    }

    /// Undoes the last edit (Ctrl-Z, a shake); returns whether there was one.
    @discardableResult
    public func undo() -> Bool {
        guard isEditing, buffer.undo() else { return false }
        textDidChange(); restartBlink()
        sendActions(for: .editingChanged, with: nil)
        return true
    }

    /// Redoes the last undone edit (Ctrl-Shift-Z); returns whether there was one.
    @discardableResult
    public func redo() -> Bool {
        guard isEditing, buffer.redo() else { return false }
        textDidChange(); restartBlink()
        sendActions(for: .editingChanged, with: nil)
        return true
    }

    /// Whether there is an edit to undo.
    public var canUndo: Bool { buffer.canUndo }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { buffer.canRedo }

    // MARK: Pasteboard

    /// Copies the selection to `Pasteboard.general` (refused for secure entry).
    public func copy() {
        guard !isSecureTextEntry, !buffer.selection.isEmpty else { return }
        Pasteboard.general.string = text(in: buffer.selection)
    }

    /// Copies the selection and deletes it (refused for secure entry).
    public func cut() {
        guard isEditing, !isSecureTextEntry, !buffer.selection.isEmpty else { return }
        copy()
        change(buffer.selection, to: "", kind: .other)
    }

    /// Inserts the pasteboard's text at the selection.
    public func paste() {
        guard let string = Pasteboard.general.string else { return }
        insert(string, typed: false)
    }

    /// Selects the whole text.
    public func selectAll() {
        selectedRange = 0..<buffer.count
    }

    /// Empties the field through the delegate (`textFieldShouldClear`, then the change).
    func clearFromButton() {
        guard delegate?.textFieldShouldClear(self) ?? true else { return }
        if isEditing {
            change(0..<buffer.count, to: "", kind: .other)
        } else {
            text = ""
            sendActions(for: .editingChanged, with: nil)
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

    private func autocapitalized(_ string: String, at offset: Int) -> String {
        switch autocapitalizationType {
        case .none: return string
        case .allCharacters: return string.uppercased()
        case .words:
            let before = offset > 0 ? buffer.characters[offset - 1] : nil
            guard before == nil || before!.isWhitespace else { return string }
        case .sentences:
            var i = offset
            while i > 0, buffer.characters[i - 1].isWhitespace { i -= 1 }
            let atStart = i == 0
            let afterEnd = i > 0 && i < offset && ".!?".contains(buffer.characters[i - 1])
            guard atStart || afterEnd else { return string }
        }
        guard let first = string.first else { return string }
        return first.uppercased() + string.dropFirst()
    }

    // MARK: Touches

    /// A touch on the field: take focus, then place the caret (a double tap selects a word, the
    /// clear button clears).
    func trackingBegan(_ touch: Touch) -> Bool {
        let point = touch.location(in: self)
        if showsClearButton, clearButtonRect(forBounds: bounds).insetBy(dx: -6, dy: -6).contains(point) {
            clearFromButton()
            return false
        }
        if !isFirstResponder { guard becomeFirstResponder() else { return false } }
        let offset = offset(at: point)
        if touch.tapCount >= 2 {
            let word = buffer.wordRange(at: offset)
            selectedRange = word
            dragAnchor = word
        } else {
            selectedRange = offset..<offset
            dragAnchor = nil
        }
        return true
    }

    /// Dragging moves the caret (or, after a double tap, extends the word selection).
    func trackingContinued(_ touch: Touch) -> Bool {
        let offset = offset(at: touch.location(in: self))
        if let anchor = dragAnchor {
            selectedRange = min(anchor.lowerBound, offset)..<max(anchor.upperBound, offset)
        } else if buffer.selection != offset..<offset {
            selectedRange = offset..<offset
        }
        return true
    }

    /// The character boundary nearest to `point` (bounds space) on the shaped line.
    public func offset(at point: Point) -> Int {
        line.geometry.offset(atX: point.x - textOrigin.x)
    }
}
