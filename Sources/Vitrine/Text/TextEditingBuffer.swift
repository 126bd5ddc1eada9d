/// The text being edited, its selection and marked range, and its undo history: the editing
/// engine `TextField` (and later `TextView`) share. Pure state, no drawing, no events.
///
/// The text is held as `Character`s (grapheme clusters), so every offset is a user-perceived
/// character: a caret can never stop inside 👨‍👩‍👧 or between "e" and a combining accent, and
/// moving or deleting one step is one cluster.
public struct TextEditingBuffer: Sendable {
    /// One change, as undo needs it.
    struct Edit: Sendable {
        /// Where the change starts.
        var location: Int
        /// What was there.
        var removed: [Character]
        /// What is there now.
        var inserted: [Character]
        var selectionBefore: Range<Int>
        var selectionAfter: Range<Int>
    }

    /// How an edit groups with the one before it for undo (typing coalesces, as in UIKit).
    public enum EditKind: Sendable {
        /// Typing characters one at a time: coalesces with typing just before it.
        case typing
        /// Deleting one step backward or forward: coalesces with deleting just before it.
        case deleting
        /// Anything else (paste, cut, clear, a whole new text): an undo step of its own.
        case other
    }

    /// The text's characters.
    public private(set) var characters: [Character] = []
    /// The selection (an empty range is the caret), in character offsets.
    public var selection: Range<Int> = 0..<0 {
        didSet { selection = clamp(selection) }
    }
    /// The marked (composing) range, if any.
    public internal(set) var markedRange: Range<Int>?

    private var undoStack: [Edit] = []
    private var redoStack: [Edit] = []
    private var lastKind: EditKind = .other
    /// Whether the last edit may still grow (no caret move, undo or other edit since).
    private var canCoalesce = false
    /// The most undo steps kept; the oldest fall off.
    public var levelsOfUndo = 100

    /// An empty buffer.
    public init() {}

    /// The text as a string.
    public var text: String { String(characters) }
    /// How many characters it holds.
    public var count: Int { characters.count }
    /// Whether there is something to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is something to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// `range` clamped to the text.
    public func clamp(_ range: Range<Int>) -> Range<Int> {
        let low = min(max(range.lowerBound, 0), characters.count)
        let high = min(max(range.upperBound, low), characters.count)
        return low..<high
    }

    /// Replaces the whole text without undo (setting a field's `text`); the caret goes to the end.
    public mutating func setText(_ text: String) {
        characters = Array(text)
        selection = characters.count..<characters.count
        markedRange = nil
        undoStack.removeAll()
        redoStack.removeAll()
        canCoalesce = false
    }

    /// Replaces `range` with `string`, records it for undo as `kind`, and puts the caret after
    /// the inserted text.
    public mutating func replace(_ range: Range<Int>, with string: String, kind: EditKind) {
        let range = clamp(range)
        if kind == .typing, range.isEmpty, canCoalesce, lastKind == .typing, let last = undoStack.indices.last,
           range.lowerBound == undoStack[last].location + undoStack[last].inserted.count {
            // Typing on where the last step's typing ended: grow that step in place (what
            // `record` would do), so a key allocates nothing beyond the text's own growth.
            let count = string.count
            characters.insert(contentsOf: string, at: range.lowerBound)
            undoStack[last].inserted.append(contentsOf: string)
            undoStack[last].selectionAfter = range.lowerBound + count..<range.lowerBound + count
            redoStack.removeAll()
            markedRange = nil
            selection = undoStack[last].selectionAfter
            return
        }
        let inserted = Array(string)
        let edit = Edit(location: range.lowerBound, removed: Array(characters[range]), inserted: inserted,
                        selectionBefore: selection,
                        selectionAfter: range.lowerBound + inserted.count..<range.lowerBound + inserted.count)
        apply(edit, forward: true)
        record(edit, kind: kind)
    }

    /// Replaces `range` without touching the undo history (marked text while composing).
    mutating func replaceUnrecorded(_ range: Range<Int>, with string: String) {
        let range = clamp(range)
        characters.replaceSubrange(range, with: Array(string))
        canCoalesce = false
    }

    /// Ends coalescing: the next typing starts a new undo step (a caret move, a pause).
    public mutating func breakUndoCoalescing() { canCoalesce = false }

    /// Undoes the last step; returns whether there was one.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let edit = undoStack.popLast() else { return false }
        apply(edit, forward: false)
        redoStack.append(edit)
        canCoalesce = false
        return true
    }

    /// Redoes the last undone step; returns whether there was one.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let edit = redoStack.popLast() else { return false }
        apply(edit, forward: true)
        undoStack.append(edit)
        canCoalesce = false
        return true
    }

    private mutating func apply(_ edit: Edit, forward: Bool) {
        let old = forward ? edit.removed : edit.inserted
        let new = forward ? edit.inserted : edit.removed
        // Marked text changes the text outside undo (`replaceUnrecorded`), so an edit may now
        // start past the end: it applies at the end rather than as an invalid range.
        let location = min(edit.location, characters.count)
        let range = location..<min(location + old.count, characters.count)
        characters.replaceSubrange(range, with: new)
        markedRange = nil
        selection = forward ? edit.selectionAfter : edit.selectionBefore
    }

    private mutating func record(_ edit: Edit, kind: EditKind) {
        redoStack.removeAll()
        if canCoalesce, kind == lastKind, kind != .other, var last = undoStack.last {
            if kind == .typing, edit.removed.isEmpty, edit.location == last.location + last.inserted.count {
                last.inserted += edit.inserted
                last.selectionAfter = edit.selectionAfter
                undoStack[undoStack.count - 1] = last
                return
            }
            if kind == .deleting, edit.inserted.isEmpty, last.inserted.isEmpty {
                if edit.location + edit.removed.count == last.location { // backward
                    last.removed = edit.removed + last.removed
                    last.location = edit.location
                    last.selectionAfter = edit.selectionAfter
                    undoStack[undoStack.count - 1] = last
                    return
                }
                if edit.location == last.location { // forward
                    last.removed += edit.removed
                    last.selectionAfter = edit.selectionAfter
                    undoStack[undoStack.count - 1] = last
                    return
                }
            }
        }
        undoStack.append(edit)
        if undoStack.count > max(levelsOfUndo, 1) { undoStack.removeFirst() }
        lastKind = kind
        canCoalesce = kind != .other
    }

    // MARK: Words

    /// The word around `offset` (letters, digits and marks; or the run of spaces or of other
    /// characters there): what a double-tap selects.
    public func wordRange(at offset: Int) -> Range<Int> {
        guard !characters.isEmpty else { return 0..<0 }
        let at = min(max(offset, 0), characters.count - 1)
        let kind = Self.wordClass(characters[at])
        var low = at, high = at + 1
        while low > 0, Self.wordClass(characters[low - 1]) == kind { low -= 1 }
        while high < characters.count, Self.wordClass(characters[high]) == kind { high += 1 }
        return low..<high
    }

    /// The start of the word before `offset` (Ctrl-Left, Ctrl-Backspace style moves).
    public func previousWordStart(from offset: Int) -> Int {
        var i = min(max(offset, 0), characters.count)
        while i > 0, Self.wordClass(characters[i - 1]) == 1 { i -= 1 }
        while i > 0, Self.wordClass(characters[i - 1]) == 0 { i -= 1 }
        return i
    }

    /// 0 word, 1 space, 2 other.
    private static func wordClass(_ c: Character) -> Int {
        if c.isLetter || c.isNumber || c == "_" { return 0 }
        return c.isWhitespace ? 1 : 2
    }
}
