import VitrineGraphics

/// What a text-entry view offers to whatever produces text for it: a hardware keyboard today,
/// the on-screen keyboard and input methods later (UIKit's `UIKeyInput`).
///
/// Contract: each call is one user action, applied at the selection (replacing it when it is
/// not empty) as if typed, so it goes through the view's own rules (its delegate, filters,
/// undo). A view that is not editing ignores the calls.
@MainActor
public protocol KeyInput: AnyObject {
    /// Whether the view holds any text (a keyboard enables its delete key from this).
    var hasText: Bool { get }
    /// Types `text` at the selection (replacing it; a marked text is replaced and unmarked).
    /// Control characters are dropped (see `TextSanitizer`).
    func insertText(_ text: String)
    /// Deletes the selection, or else the grapheme cluster before the caret.
    func deleteBackward()
}

/// The fuller contract an input method needs (UIKit's `UITextInput`, reduced to what Vitrine's
/// input methods use).
///
/// **Offsets** are in `Character`s (grapheme clusters) of the view's text, not UIKit's UTF-16
/// units, so no offset can fall inside an emoji sequence or between a letter and its mark.
///
/// **Marked text** is the provisional text of a composition (a pinyin syllable before a
/// candidate is chosen, a dead key's accent). It sits in the text, is drawn underlined, and is
/// replaced by the next `setMarkedText` or by `insertText`; `unmarkText` commits it as it is.
/// Marked text is not put on the undo stack until committed.
@MainActor
public protocol TextInput: KeyInput {
    /// The selection as a range of character offsets; empty for a caret. Setting it clamps to
    /// the text and unmarks nothing.
    var selectedRange: Range<Int> { get set }
    /// The marked text's range, nil when nothing is marked.
    var markedRange: Range<Int>? { get }
    /// Replaces the marked text (or, when nothing is marked, the selection) with `markedText`
    /// and marks it; `selectedRange` is relative to `markedText` and sets the selection within
    /// it. nil or "" removes the marked text.
    func setMarkedText(_ markedText: String?, selectedRange: Range<Int>)
    /// Commits the marked text as ordinary text; the caret goes to its end.
    func unmarkText()
    /// The text in `range` of character offsets (clamped).
    func text(in range: Range<Int>) -> String
    /// The caret's rectangle before character `offset`, in the view's bounds space: where a
    /// candidate bar or a magnifier goes.
    func caretRect(for offset: Int) -> Rect
}

/// Cleans text arriving from a keyboard, an input method or a paste.
public enum TextSanitizer {
    /// `text` without control characters (C0 except tab and line feed, DEL, C1), U+FFFD (what a
    /// lone surrogate or a bad byte from a source decodes to) and, for a single line, tabs and
    /// line/paragraph separators too. A NUL never reaches the text.
    public static func sanitized(_ text: String, singleLine: Bool) -> String {
        func keep(_ s: Unicode.Scalar) -> Bool {
            switch s.value {
            case 0x09, 0x0A: return !singleLine
            case 0x00...0x1F, 0x7F...0x9F, 0xFFFD: return false
            case 0x2028, 0x2029: return !singleLine
            default: return true
            }
        }
        guard text.unicodeScalars.contains(where: { !keep($0) }) else { return text }
        var view = String.UnicodeScalarView()
        for s in text.unicodeScalars where keep(s) { view.append(s) }
        return String(view)
    }
}

/// The app's clipboard, inside the process (UIKit's `UIPasteboard.general`, text only).
@MainActor
public final class Pasteboard {
    /// The one pasteboard of the app.
    public static let general = Pasteboard()
    /// The text copied last, nil when nothing was.
    public var string: String?
    /// Whether `string` holds text.
    public var hasStrings: Bool { string.map { !$0.isEmpty } ?? false }
}
