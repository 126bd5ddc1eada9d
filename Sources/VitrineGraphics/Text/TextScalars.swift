/// A text as the C libraries are handed it: the one place where whatever a `String` holds is
/// made valid for HarfBuzz, FriBidi, libunibreak, FreeType and fontconfig, and where what is
/// shown for controls and noncharacters is decided. Layout calls `load` once per text laid out
/// (never per frame); every C call of the text path reads `shown` or `lineBreaking`.
///
/// Every library takes UTF-32 with an explicit length, one code unit per Unicode scalar of the
/// string, so scalar offset i of the text is index i of every buffer and a glyph's cluster is a
/// scalar offset of the text: a replacement is always one scalar for one. A Swift string holds
/// no surrogate (invalid UTF-8 was decoded to U+FFFD before it became a string), so what needs
/// care is what the libraries misread, and what no font draws:
///
/// - Tab: a space (there are no tab stops).
/// - C0 and C1 controls, U+0000 among them, other than those that end a paragraph (LF, VT, FF,
///   CR, NEL; they never reach a library) and tab: shown as nothing, U+2060 WORD JOINER. No
///   font has a glyph for them (they would draw as a missing-glyph box), and HarfBuzz hides a
///   default-ignorable character but not a control. The joiner is bidi class BN, as most
///   controls are (U+001C–U+001E would otherwise end FriBidi's paragraph in the middle of
///   ours), and offers no line break, as a control's class CM does not.
/// - Noncharacters (U+FDD0–U+FDEF and the last two scalars of every plane): U+FFFD, the
///   replacement character, drawn as such. They are not meant for interchange, and U+FFFF is
///   libunibreak 1.1's end-of-text mark (`EOS`): its scan stopped there and its assertion
///   `posLast == posCur - 1` aborted the process.
///
/// For libunibreak alone (`lineBreaking`), regional indicators (flags) become an ideograph,
/// U+4E00. libunibreak 1.1, as Debian ships it, gives them class RI but asserts
/// `lbcNew <= LBP_JT`, which RI is not (fixed upstream after 1.1): any flag not at the start of
/// a paragraph aborted the process. An ideograph breaks as UAX #14 breaks around and between
/// flag pairs (LB30a, LB31); a line never ends inside a flag, since layout breaks only between
/// grapheme clusters.
///
/// Private-use and unassigned scalars are left as they are: a font may have them, and HarfBuzz
/// shows any other as the face's missing glyph.
struct TextScalars {
    /// What HarfBuzz shapes, FriBidi orders and faces are chosen for, one per scalar of the text.
    private(set) var shown: [UInt32] = []
    /// What libunibreak is given, one per scalar of the text.
    private(set) var lineBreaking: [UInt32] = []
    /// The `String.Index` of every scalar, and the text's end index after them.
    private(set) var indices: [String.Index] = []

    /// What U+2060 WORD JOINER draws: nothing.
    static let invisible: UInt32 = 0x2060
    /// U+FFFD REPLACEMENT CHARACTER.
    static let replacement: UInt32 = 0xFFFD
    /// An ideograph (U+4E00), what libunibreak breaks a regional indicator as.
    static let ideograph: UInt32 = 0x4E00

    /// Fills the arrays for `text`, keeping their storage.
    mutating func load(_ text: String) {
        shown.removeAll(keepingCapacity: true)
        lineBreaking.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        let scalars = text.unicodeScalars
        for index in scalars.indices {
            let value = Self.shown(scalars[index].value)
            shown.append(value)
            lineBreaking.append(Self.forLineBreaking(value))
            indices.append(index)
        }
        indices.append(text.endIndex)
    }

    /// What scalar `value` of a text is shown as (see the type's comment).
    static func shown(_ value: UInt32) -> UInt32 {
        switch value {
        case 0x09: 0x20
        case 0x00...0x1F, 0x7F...0x9F: invisible
        case 0xFDD0...0xFDEF: replacement
        case _ where value & 0xFFFE == 0xFFFE: replacement
        default: value
        }
    }

    /// What libunibreak is given for a scalar shown as `value`.
    static func forLineBreaking(_ value: UInt32) -> UInt32 {
        switch value {
        case 0x1F1E6...0x1F1FF: ideograph
        // Never after `shown`; kept so that the end-of-text mark cannot reach the library.
        case 0xFFFF: replacement
        default: value
        }
    }
}
