/// A key as an input method sees it: a character, or one of the named keys a composition uses.
///
/// Digits are characters (`.character("2")`): an engine choosing candidates by number reads them
/// so; a hardware keyboard's digit row and the on-screen keyboard's both arrive this way.
public enum InputMethodKey: Equatable, Sendable {
    /// A printable character (a letter of a syllable, a digit, punctuation).
    case character(Character)
    /// Deletes the preedit's last letter (or, when not composing, goes to the field).
    case backspace
    /// Commits the preedit as typed (the raw letters), for most engines.
    case `return`
    /// Clears the preedit without committing.
    case escape
    /// Commits the highlighted candidate, for most engines.
    case space
    /// Moves the preedit's cursor or, in a vertical candidate list, the highlight.
    case left, right, up, down
    /// The previous or next page of candidates.
    case pageUp, pageDown
}

/// What an input method shows while it composes: the preedit (the letters typed, as the engine
/// spells them), the candidates of the current page and which is highlighted.
public struct InputMethodState: Equatable, Sendable {
    /// The text under composition, shown as marked text in the field; "" when not composing.
    public var preedit: String
    /// The cursor inside `preedit`, in characters (0…preedit.count).
    public var preeditCursor: Int
    /// The candidates of the current page, in the engine's order.
    public var candidates: [String]
    /// The highlighted candidate's index in `candidates` (what space commits).
    public var highlightedCandidate: Int
    /// The current page's number, from 0.
    public var page: Int
    /// Whether this is the last page of candidates.
    public var isLastPage: Bool

    /// Nothing under composition.
    public static let idle = InputMethodState()

    /// A state; the values are taken as given (the driver clamps what it uses).
    public init(preedit: String = "", preeditCursor: Int = 0, candidates: [String] = [],
                highlightedCandidate: Int = 0, page: Int = 0, isLastPage: Bool = true) {
        self.preedit = preedit
        self.preeditCursor = preeditCursor
        self.candidates = candidates
        self.highlightedCandidate = highlightedCandidate
        self.page = page
        self.isLastPage = isLastPage
    }

    /// Whether something is under composition (a preedit or candidates to choose).
    public var isComposing: Bool { !preedit.isEmpty || !candidates.isEmpty }
}

/// An input method engine (Chinese Pinyin through librime in `VitrineRime`, or a test's fake):
/// keys go in, a composition state and committed text come out.
///
/// Contract:
/// - Everything runs on the main actor and synchronously; a call returns with `state` and
///   `pendingCommit` already updated.
/// - `process(_:)` returns whether the engine consumed the key. A key not consumed goes on to
///   the field as if no input method were set (a Backspace or an arrow with nothing composed).
///   A consumed key may commit text (`pendingCommit`), change `state`, or both.
/// - `takeCommit()` returns the text committed since the last call and forgets it; the driver
///   inserts it into the field through `TextInput.insertText`. Text from an engine may hold
///   anything (invalid scalars decode to U+FFFD, control characters): the field drops what it
///   cannot show (`TextSanitizer`), so an engine need not clean it.
/// - `selectCandidate(at:)` chooses a candidate of the current page (an index into
///   `state.candidates`): usually commits it; false for an index out of range.
/// - `reset()` drops the composition without committing (focus moved, field removed, console
///   switched away); afterwards `state` is `.idle` and no commit is pending.
@MainActor
public protocol InputMethod: AnyObject {
    /// A short name to show on a switch key or in logs ("Pinyin").
    var name: String { get }
    /// The current composition.
    var state: InputMethodState { get }
    /// Feeds one key press; returns whether the engine consumed it.
    func process(_ key: InputMethodKey) -> Bool
    /// The text committed since the last call, nil when none; forgets it.
    func takeCommit() -> String?
    /// Chooses candidate `index` of the current page; false when there is none.
    func selectCandidate(at index: Int) -> Bool
    /// Drops the composition without committing.
    func reset()
}
