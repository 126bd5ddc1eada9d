import VitrineGraphics

// A text view's lines, carets, keys, taps and drawing; the editing operations themselves are
// TextEditingHost's.

extension TextView: TextEditingHost {
    var isSingleLine: Bool { false }
    var allowsCopying: Bool { true }

    func shouldChangeText(in range: Range<Int>, replacementText string: String) -> Bool {
        textViewDelegate?.textView(self, shouldChangeTextIn: range, replacementText: string) ?? true
    }

    func textDidChangeByEditing() {
        hideEditMenu()
        goalX = nil
        textDidChange()
        restartBlink()
        textViewDelegate?.textViewDidChange(self)
    }

    func selectionDidChange() {
        // The caret moved: typing takes the attributes of the text before it again (UIKit).
        explicitTypingAttributes = nil
        hideEditMenu()
        goalX = nil
        scrollCaretToVisible()
        restartBlink()
        content.setNeedsDisplay()
    }

    // MARK: TextInput

    /// Whether the view holds any text.
    public var hasText: Bool { buffer.count > 0 }
    /// The selection in character offsets.
    public var selectedRange: Range<Int> {
        get { buffer.selection }
        set { editSelect(newValue) }
    }
    /// The marked text's range.
    public var markedRange: Range<Int>? { buffer.markedRange }
    /// Inserts `text` at the selection (line feeds kept).
    public func insertText(_ text: String) { editInsert(text, typed: false) }
    /// Deletes the selection or the character before the caret.
    public func deleteBackward() { editDeleteBackward() }
    /// Replaces the marked text with `markedText`.
    public func setMarkedText(_ markedText: String?, selectedRange: Range<Int>) {
        editSetMarkedText(markedText, selectedRange: selectedRange)
    }
    /// Commits the marked text.
    public func unmarkText() { editUnmarkText() }
    /// The text in `range` (clamped).
    public func text(in range: Range<Int>) -> String { String(buffer.characters[buffer.clamp(range)]) }
    /// Undoes the last edit.
    @discardableResult public func undo() -> Bool { editUndo() }
    /// Redoes the last undone edit.
    @discardableResult public func redo() -> Bool { editRedo() }

    /// The caret's rectangle before `offset`, in the scroll view's bounds (content) space.
    public func caretRect(for offset: Int) -> Rect {
        let offset = min(max(offset, 0), buffer.count)
        let lines = self.lines.lines
        guard !lines.isEmpty else { return .zero }
        let i = lineIndex(of: offset)
        let line = lines[i]
        var x = line.geometry.caretX(offset - line.range.lowerBound)
        if let caretLayoutX, offset == buffer.selection.upperBound,
           line.geometry.caret(offset - line.range.lowerBound, canBeAt: caretLayoutX) {
            x = caretLayoutX
        }
        return Rect(x: (textContainerInset.left + x - TextField.caretWidth / 2).rounded(),
                    y: textContainerInset.top + line.rect.minY, width: TextField.caretWidth, height: line.rect.height)
    }

    // MARK: Lines

    var textWidth: Double { max(bounds.width - textContainerInset.left - textContainerInset.right, 0) }

    /// The layout (nil without text) and its lines (character ranges, geometry, line boxes in
    /// layout points).
    var lines: (layout: TextLayout?, lines: [(range: Range<Int>, geometry: TextLineGeometry, rect: Rect)]) {
        if linesAreStale { layOutLines() }
        return (buffer.count == 0 ? nil : textLayout, lineTable)
    }

    /// Lays the text out again in the kept layout and line table.
    private func layOutLines() {
        linesAreStale = false
        syncAttributes()
        let characters = buffer.characters
        let direction = neutralWritingDirection
        laidOutDirection = direction
        guard !characters.isEmpty else {
            // The caret of an empty view sits where a line would start: on the right for
            // `.right`, and for `.natural` in right to left.
            let emptyX: Double = switch textAlignment {
            case .right: textWidth
            case .center: textWidth / 2
            case .natural, .justified: direction == .rightToLeft ? textWidth : 0
            case .left: 0
            }
            lineTable.removeAll(keepingCapacity: true)
            lineTable.append((0..<0, TextLineGeometry(layout: nil, characters: [], emptyX: emptyX),
                              Rect(x: emptyX, y: 0, width: 0, height: font.lineHeightEstimate)))
            return
        }
        if let attributedStorage {
            textLayout = TextLayout(attributedText: attributedStorage, font: font, width: textWidth,
                                    lineBreakMode: .byWordWrapping, alignment: textAlignment, neutralDirection: direction)
        } else {
            if textLayout.map({ $0.attributedText != nil || $0.font != font || $0.width != textWidth
                    || $0.alignment != textAlignment || $0.neutralDirection != direction }) ?? true {
                textLayout = TextLayout(text: "", font: font, width: textWidth, lineBreakMode: .byWordWrapping,
                                        alignment: textAlignment, neutralDirection: direction)
            }
            textLayout?.replaceText { text in for character in characters { text.append(character) } }
        }
        guard let layout = textLayout else { return }
        characterOfScalar.removeAll(keepingCapacity: true)
        for (i, c) in characters.enumerated() { for _ in c.unicodeScalars { characterOfScalar.append(i) } }
        // Lines come in text order: each bound's scalar offset is counted on from the last.
        let scalars = layout.text.unicodeScalars
        var index = scalars.startIndex, scalarOffset = 0
        func characterOffset(of bound: String.Index) -> Int {
            if bound < index { index = scalars.startIndex; scalarOffset = 0 }
            scalarOffset += scalars.distance(from: index, to: bound)
            index = bound
            return scalarOffset < characterOfScalar.count ? characterOfScalar[scalarOffset] : characters.count
        }
        if lineTable.count > layout.lines.count { lineTable.removeLast(lineTable.count - layout.lines.count) }
        let map = characterOfScalar
        for (i, line) in layout.lines.enumerated() {
            let range = characterOffset(of: line.range.lowerBound)..<characterOffset(of: line.range.upperBound)
            if i == lineTable.count {
                lineTable.append((range, TextLineGeometry(line: line, characterOfScalar: map, characters: range,
                                                          emptyX: line.rect.minX), line.rect))
                continue
            }
            lineTable[i].range = range
            lineTable[i].rect = line.rect
            lineTable[i].geometry.rebuild(line: line, characterOfScalar: map, characters: range, emptyX: line.rect.minX)
        }
    }

    /// The line the caret at `offset` is on: at a wrap, the next line's start.
    func lineIndex(of offset: Int) -> Int {
        let lines = self.lines.lines
        for i in lines.indices.dropLast() where offset < lines[i + 1].range.lowerBound { return i }
        return max(lines.count - 1, 0)
    }

    /// The text, its shape or the width changed: lay out again, size the content, redraw.
    func textDidChange() {
        linesAreStale = true
        let lines = self.lines.lines
        let height = (lines.last?.rect.maxY ?? 0) + textContainerInset.top + textContainerInset.bottom
        content.frame = Rect(x: 0, y: 0, width: bounds.width, height: height)
        contentSize = Size(width: bounds.width, height: height)
        content.setNeedsDisplay()
        if isEditing { scrollCaretToVisible() }
    }

    func scrollCaretToVisible() {
        guard bounds.height > 0 else { return }
        scrollRectToVisible(caretRect(for: buffer.selection.upperBound).insetBy(dx: 0, dy: -2), animated: false)
    }

    // MARK: Keys and taps

    func handleKey(_ press: Press) -> Bool {
        if let controller = window?.application?.inputMethodController, controller.handle(press, in: self) { return true }
        if let handled = handleCommonKey(press) { return handled }
        let shift = press.modifiers.contains(.shift)
        let caret = buffer.selection.upperBound
        let i = lineIndex(of: caret)
        let line = lines.lines[i]
        switch TextFieldKey(rawValue: press.keyCode) {
        case .enter, .keypadEnter: editInsert("\n", typed: false); return true
        case .tab: return window?.application?.moveFocus(shift ? .previous : .next) ?? false
        case .left, .right:
            let direction = press.keyCode == TextFieldKey.left.rawValue ? -1 : 1
            let (moved, x) = line.geometry.visualMove(from: caret - line.range.lowerBound, at: nil, direction: direction)
            var target = moved + line.range.lowerBound
            if target == caret { // at the line's visual end: on to the neighbouring line
                target = min(max(caret + direction, 0), buffer.count)
            }
            move(to: target, extending: shift)
            if target == moved + line.range.lowerBound { caretLayoutX = x }
            return true
        case .up, .down:
            let j = i + (press.keyCode == TextFieldKey.up.rawValue ? -1 : 1)
            let x = goalX ?? line.geometry.caretX(caret - line.range.lowerBound)
            let target: Int
            if j < 0 { target = 0 } else if j >= lines.lines.count { target = buffer.count } else {
                let next = lines.lines[j]
                target = min(next.range.lowerBound + next.geometry.offset(atX: x), next.range.upperBound)
            }
            move(to: target, extending: shift)
            goalX = x
            return true
        case .home: move(to: line.range.lowerBound, extending: shift); return true
        case .end: move(to: line.range.upperBound, extending: shift); return true
        default: return false
        }
    }

    private func move(to offset: Int, extending: Bool) {
        editUnmarkText()
        if extending {
            let anchor = buffer.selection.lowerBound == buffer.selection.upperBound ? buffer.selection.lowerBound
                : (offset < buffer.selection.lowerBound ? buffer.selection.upperBound : buffer.selection.lowerBound)
            editSelect(min(anchor, offset)..<max(anchor, offset))
        } else {
            editSelect(offset..<offset)
        }
    }

    func characterOffset(atWindowPoint point: Point) -> Int { offset(at: content.convert(point, from: nil)) }

    /// The character boundary nearest to `point` (content space).
    public func offset(at point: Point) -> Int {
        let lines = self.lines.lines
        let y = point.y - textContainerInset.top
        var index = lines.count - 1
        for (i, line) in lines.enumerated() where y < line.rect.maxY { index = i; break }
        guard index >= 0 else { return 0 }
        let line = lines[index]
        return min(line.range.lowerBound + line.geometry.offset(atX: point.x - textContainerInset.left), line.range.upperBound)
    }

    /// A finger down on the text: take focus and place the caret, or select the word on a
    /// double tap. Returns whether the edit menu shows when the finger lifts (after a double
    /// tap, or a tap on the caret while no menu shows; as a text field).
    @discardableResult
    func tapped(at point: Point, tapCount: Int) -> Bool {
        let wasEditing = isEditing, menuShown = editMenu != nil
        if !isFirstResponder { guard becomeFirstResponder() else { return false } }
        let offset = offset(at: point)
        if tapCount >= 2 {
            selectedRange = buffer.wordRange(at: offset)
            return true
        }
        let onCaret = wasEditing && !menuShown && buffer.selection == offset..<offset
        selectedRange = offset..<offset
        return onCaret
    }

    /// The finger lifted from a tap that shows the edit menu: above the selection or the caret.
    func showEditMenuForSelection() {
        guard isEditing else { return }
        let selection = buffer.selection
        showEditMenu(above: caretRect(for: selection.lowerBound).union(caretRect(for: selection.upperBound)))
    }

    // MARK: Drawing

    func drawContent(_ rect: Rect, in context: GraphicsContext) {
        let (layout, lines) = self.lines
        let origin = Point(x: textContainerInset.left, y: textContainerInset.top)
        let selection = buffer.selection
        if isEditing, !selection.isEmpty {
            context.fillColor = tintColor.withAlphaComponent(0.25)
            for line in lines where line.range.overlaps(selection) || (selection.contains(line.range.lowerBound)) {
                let local = max(selection.lowerBound, line.range.lowerBound) - line.range.lowerBound
                    ..< min(selection.upperBound, line.range.upperBound) - line.range.lowerBound
                for piece in line.geometry.selectionSpans(local) {
                    context.fill(Rect(x: origin.x + piece.minX, y: origin.y + line.rect.minY,
                                      width: piece.maxX - piece.minX, height: line.rect.height))
                }
            }
        }
        if let layout { context.draw(layout, at: origin, color: textColor) }
        if let marked = buffer.markedRange {
            context.fillColor = textColor
            for line in lines where line.range.overlaps(marked) {
                let local = max(marked.lowerBound, line.range.lowerBound) - line.range.lowerBound
                    ..< min(marked.upperBound, line.range.upperBound) - line.range.lowerBound
                for piece in line.geometry.selectionSpans(local) {
                    context.fill(Rect(x: origin.x + piece.minX, y: origin.y + line.rect.maxY - 1,
                                      width: piece.maxX - piece.minX, height: 1))
                }
            }
        }
        if isEditing, caretOn, selection.isEmpty {
            context.fillColor = tintColor
            context.fill(caretRect(for: selection.upperBound))
        }
    }
}
