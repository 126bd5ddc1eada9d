import CUnibreak

/// Where a line may break: Unicode line breaking (UAX #14) by libunibreak, the library EFL
/// uses. Among what it gives: breaks after spaces (a run of spaces stays on the line it ends,
/// hanging past the edge), after hyphens and dashes but not before a number ("-5"), after a
/// solidus in paths and URLs, between CJK ideographs, kana and Hangul; never before closing
/// punctuation ("，。、！？)" and their ASCII kin) or small kana, never after opening punctuation
/// ("（「(["), never around a no-break space or word joiner, never inside a grapheme cluster.
/// Line feeds are handled before this: they end paragraphs. Japanese small kana and the
/// prolonged sound mark (class CJ) are ideographs to libunibreak, as in CSS's
/// `line-break: normal`: a line may start with them. Grapheme boundaries (emoji sequences,
/// flags) are enforced by the caller, whatever the library's Unicode version. What the library
/// is given is made valid for it by `TextScalars`.
///
/// The break array is kept here and reused from paragraph to paragraph (main actor, like the
/// shaper).
@MainActor
enum LineBreaking {
    private static var breaks: [CChar] = []
    /// libunibreak's lookup index is built once, before the first use.
    private static let initialized: Bool = {
        init_linebreak()
        return true
    }()

    /// Whether `value` is a space a line may break after (and that hangs at a line's end). These
    /// are layout's own rules (UAX #14 class SP and the breaking spaces of class BA), not
    /// libunibreak's, which gives break opportunities but not classes.
    nonisolated static func isBreakingSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Fills `breakable` (count + 1 entries) with whether a word-wrapped line may end before
    /// scalar i of a paragraph; entries 0 and count are left alone (the paragraph's edges are
    /// the caller's business, as are grapheme and cluster boundaries). `scalars` are the
    /// paragraph's in the form libunibreak takes (`TextScalars.lineBreaking`): no U+FFFF,
    /// which it reads as the end of the text, and no regional indicator, on which it asserts.
    static func wordBreaks(_ scalars: [UInt32], into breakable: inout [Bool]) {
        let n = scalars.count
        guard n > 1 else { return }
        _ = initialized
        if breaks.count < n { breaks.append(contentsOf: repeatElement(0, count: n - breaks.count)) }
        scalars.withUnsafeBufferPointer { text in
            breaks.withUnsafeMutableBufferPointer { breaks in
                set_linebreaks_utf32(text.baseAddress, n, nil, breaks.baseAddress)
            }
        }
        // breaks[i] is about the position after scalar i. A mandatory break inside a paragraph
        // (none is left once line feeds split paragraphs) is still a place a line may end.
        for i in 1..<n {
            let kind = Int32(breaks[i - 1])
            breakable[i] = kind == LINEBREAK_ALLOWBREAK || kind == LINEBREAK_MUSTBREAK
        }
    }

    /// Whether a line may break before `scalars[index]` when wrapping at characters: anywhere
    /// but before a space (spaces hang at the end of the line they follow).
    nonisolated static func mayBreakCharacters(_ scalars: [UInt32], before index: Int) -> Bool {
        !isBreakingSpace(scalars[index])
    }
}
