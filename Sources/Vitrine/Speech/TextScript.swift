/// The writing system most of a text is in, as far as choosing a voice needs it.
public enum TextScript: Sendable, Hashable {
    /// Latin letters (English, French…), or no letters at all (digits, punctuation).
    case latin
    /// Cyrillic (Russian, Ukrainian…).
    case cyrillic
    /// Han ideographs (Chinese), including CJK punctuation and full-width forms.
    case han

    /// The script of one scalar, or nil for one of none (digits, spaces, punctuation).
    static func of(_ scalar: Unicode.Scalar) -> TextScript? {
        switch scalar.value {
        case 0x0041...0x005A, 0x0061...0x007A, 0x00C0...0x024F: .latin
        case 0x0400...0x052F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: .cyrillic
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: .han
        default: nil
        }
    }

    /// `text` cut where its letters change script ("Welcome · Добро пожаловать · 欢迎" → three
    /// runs), each with its script; characters of no script stay with the run before them (the
    /// first run takes those at the start). One run for text in one script (or none).
    public static func runs(in text: String) -> [(text: Substring, script: TextScript)] {
        var runs: [(text: Substring, script: TextScript)] = []
        var start = text.startIndex
        var current: TextScript?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let scalar = character.unicodeScalars.first, let script = of(scalar) {
                if let current, script != current {
                    runs.append((text[start..<index], current))
                    start = index
                }
                current = script
            }
            index = text.index(after: index)
        }
        runs.append((text[start...], current ?? .latin))
        return runs
    }

    /// The script of most letters of `text` (Latin when none is Cyrillic or Han). Counts
    /// scalars, so it is linear in the text and allocates nothing.
    public static func dominant(in text: String) -> TextScript {
        var latin = 0, cyrillic = 0, han = 0
        for scalar in text.unicodeScalars {
            switch of(scalar) {
            case .latin: latin += 1
            case .cyrillic: cyrillic += 1
            case .han: han += 1
            case nil: break
            }
        }
        if han > 0 && han >= cyrillic && han * 2 >= latin { return .han }
        if cyrillic > latin { return .cyrillic }
        return .latin
    }
}
