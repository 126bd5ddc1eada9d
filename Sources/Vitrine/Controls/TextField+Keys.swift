import VitrineGraphics

// Hardware keys while editing: characters type; arrows, Home/End, Backspace/Delete move and
// delete; Ctrl-A/C/X/V/Z (and Ctrl-Shift-Z, Ctrl-Y) edit; Return returns; Tab and Shift-Tab
// move focus between the window's fields. Key codes are Linux KEY_* codes, so the shortcuts
// sit on the same physical keys in every layout.

/// The keys a text field handles (linux/input-event-codes.h).
enum TextFieldKey: Int {
    case backspace = 14, tab = 15, enter = 28, keypadEnter = 96, delete = 111
    case home = 102, end = 107, left = 105, right = 106, up = 103, down = 108
    case a = 30, c = 46, x = 45, v = 47, z = 44, y = 21
}

extension TextField {
    func isRepeatable(_ press: Press) -> Bool { repeatsKey(press) }

    func handlesKey(_ press: Press) -> Bool { handlesKeyCode(press) && TextFieldKey(rawValue: press.keyCode) != .up
        && TextFieldKey(rawValue: press.keyCode) != .down }

    /// Acts on one key; returns whether the field took it.
    func handleKey(_ press: Press) -> Bool {
        if let controller = window?.application?.inputMethodController, controller.handle(press, in: self) { return true }
        if let handled = handleCommonKey(press) { return handled }
        let shift = press.modifiers.contains(.shift)
        switch TextFieldKey(rawValue: press.keyCode) {
        case .enter, .keypadEnter: returnPressed(); return true
        case .tab: return moveFocus(backward: shift)
        case .left, .right: moveCaret(direction: press.keyCode == TextFieldKey.left.rawValue ? -1 : 1, extending: shift); return true
        case .home: moveCaret(to: line.geometry.isRightToLeft ? buffer.count : 0, extending: shift); return true
        case .end: moveCaret(to: line.geometry.isRightToLeft ? 0 : buffer.count, extending: shift); return true
        default: return false
        }
    }

    /// Return: asks `textFieldShouldReturn`, then sends `.editingDidEndOnExit`. A marked text
    /// is committed first.
    func returnPressed() {
        unmarkText()
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        sendActions(for: .editingDidEndOnExit, with: nil)
    }

    /// One step left or right on the screen (visual order in bidirectional text). With a
    /// selection and no Shift, the caret goes to the selection's edge on that side.
    func moveCaret(direction: Int, extending: Bool) {
        unmarkText()
        let selection = buffer.selection
        if !extending, !selection.isEmpty {
            let a = caretRect(for: selection.lowerBound).minX, b = caretRect(for: selection.upperBound).minX
            let leftIsLower = a <= b
            let offset = (direction < 0) == leftIsLower ? selection.lowerBound : selection.upperBound
            selectedRange = offset..<offset
            return
        }
        let focus = extending ? (selectionFocus ?? selection.upperBound) : selection.upperBound
        let (next, x) = line.geometry.visualMove(from: focus, at: caretLayoutPosition(focus), direction: direction)
        moveCaret(to: next, extending: extending)
        caretLayoutX = x
        selectionDidChange()
    }

    /// Puts the caret at `offset`, or with `extending` moves the selection's moving end there.
    func moveCaret(to offset: Int, extending: Bool) {
        unmarkText()
        let selection = buffer.selection
        if extending {
            let anchor = selectionAnchor ?? selection.lowerBound
            selectionAnchor = anchor
            selectionFocus = offset
            selectedRange = min(anchor, offset)..<max(anchor, offset)
        } else {
            selectionAnchor = nil
            selectionFocus = nil
            selectedRange = offset..<offset
        }
    }

    /// Tab leaves the field for the focus engine's next element (Focus/), which may be a field.
    func moveFocus(backward: Bool) -> Bool {
        guard let application = window?.application else { return false }
        return application.moveFocus(backward ? .previous : .next)
    }
}
