import VitrineGraphics

// The editing operations: the `TextInput` contract, every change through the delegate, undo,
// the pasteboard, and touches placing the caret.

extension TextField: TextEditingHost {
    var isSingleLine: Bool { true }
    var allowsCopying: Bool { !isSecureTextEntry }

    func shouldChangeText(in range: Range<Int>, replacementText string: String) -> Bool {
        delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) ?? true
    }

    func textDidChangeByEditing() {
        hideEditMenu()
        textDidChange()
        restartBlink()
        sendActions(for: .editingChanged, with: nil)
    }

    /// The selection moved: show the caret, scroll to it, redraw.
    func selectionDidChange() {
        hideEditMenu()
        scrollCaretToVisible()
        restartBlink()
        setNeedsDisplay()
    }

    // MARK: TextInput

    /// Whether the field holds any text.
    public var hasText: Bool { buffer.count > 0 }

    /// The selection in character offsets; setting it clamps, shows the caret and scrolls to it.
    public var selectedRange: Range<Int> {
        get { buffer.selection }
        set { editSelect(newValue) }
    }

    /// The marked (composing) text's range, nil when nothing is marked.
    public var markedRange: Range<Int>? { buffer.markedRange }

    /// Types `text` at the selection (see `KeyInput`). Ignored when not editing.
    public func insertText(_ text: String) { editInsert(text, typed: false) }

    /// Deletes the selection or the character before the caret. Ignored when not editing.
    public func deleteBackward() { editDeleteBackward() }

    /// Deletes the selection or the character after the caret (the Delete key).
    public func deleteForward() { editDeleteForward() }

    /// Replaces the marked text (or the selection) with `markedText`, marked; nothing goes
    /// through the delegate or undo until it is committed.
    public func setMarkedText(_ markedText: String?, selectedRange: Range<Int>) {
        editSetMarkedText(markedText, selectedRange: selectedRange)
    }

    /// Commits the marked text as typed text (through the delegate and undo).
    public func unmarkText() { editUnmarkText() }

    /// The text in `range` (clamped).
    public func text(in range: Range<Int>) -> String {
        String(buffer.characters[buffer.clamp(range)])
    }

    /// Undoes the last edit (Ctrl-Z, a shake); returns whether there was one.
    @discardableResult
    public func undo() -> Bool { editUndo() }

    /// Redoes the last undone edit (Ctrl-Shift-Z); returns whether there was one.
    @discardableResult
    public func redo() -> Bool { editRedo() }

    /// Whether there is an edit to undo.
    public var canUndo: Bool { buffer.canUndo }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { buffer.canRedo }

    // MARK: Pasteboard

    /// Copies the selection to `Pasteboard.general` (refused for secure entry).
    public func copy() { editCopy() }

    /// Copies the selection and deletes it (refused for secure entry).
    public func cut() { editCut() }

    /// Inserts the pasteboard's text at the selection.
    public func paste() { editPaste() }

    /// Selects the whole text.
    public func selectAll() { selectedRange = 0..<buffer.count }

    /// Empties the field through the delegate (`textFieldShouldClear`, then the change).
    func clearFromButton() {
        guard delegate?.textFieldShouldClear(self) ?? true else { return }
        if isEditing {
            editChange(0..<buffer.count, to: "", kind: .other)
        } else {
            text = ""
            sendActions(for: .editingChanged, with: nil)
        }
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
        let wasEditing = isEditing
        if !isFirstResponder { guard becomeFirstResponder() else { return false } }
        let offset = offset(at: point)
        let menuShown = editMenu != nil
        if touch.tapCount >= 2 {
            let word = buffer.wordRange(at: offset)
            selectedRange = word
            dragAnchor = word
            showsMenuOnLift = true
        } else {
            // A tap on the caret shows the edit menu (a second such tap hides it).
            showsMenuOnLift = wasEditing && !menuShown && buffer.selection == offset..<offset
            selectedRange = offset..<offset
            dragAnchor = nil
        }
        return true
    }

    /// The finger lifted: show the edit menu after a double tap or a tap on the caret.
    func trackingEnded() {
        guard showsMenuOnLift, isEditing else { return }
        showsMenuOnLift = false
        let selection = buffer.selection
        showEditMenu(above: caretRect(for: selection.lowerBound).union(caretRect(for: selection.upperBound)))
    }

    /// Dragging moves the caret (or, after a double tap, extends the word selection).
    func trackingContinued(_ touch: Touch) -> Bool {
        let offset = offset(at: touch.location(in: self))
        if dragAnchor == nil, buffer.selection != offset..<offset { showsMenuOnLift = false }
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

    func characterOffset(atWindowPoint point: Point) -> Int { offset(at: convert(point, from: nil)) }
}
