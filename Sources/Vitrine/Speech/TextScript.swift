/// The writing system most of a text is in, as far as choosing a voice needs it.
public enum TextScript: Sendable, Hashable {
    /// Latin letters (English, French…), or no letters at all (digits, punctuation).
    case latin
    /// Cyrillic (Russian, Ukrainian…).
    case cyrillic
    /// Han ideographs (Chinese), including CJK punctuation and full-width forms.
    case han
    /// Arabic (Arabic, Persian, Urdu…), with its presentation forms.
    case arabic
    /// Hebrew (Hebrew, Yiddish), with its presentation forms.
    case hebrew

    /// The script of one scalar, or nil for one of none (digits, spaces, punctuation).
    static func of(_ scalar: Unicode.Scalar) -> TextScript? {
        switch scalar.value {
        case 0x0041...0x005A, 0x0061...0x007A, 0x00C0...0x024F: .latin
        case 0x0400...0x052F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: .cyrillic
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: .han
        case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
            // Arabic-Indic digits (U+0660…0669, U+06F0…06F9) and Arabic punctuation count too:
            // they are read in the voice of the words around them either way.
            .arabic
        case 0x0591...0x05F4, 0xFB1D...0xFB4F: .hebrew
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

    /// The script of most letters of `text` (Latin when none is of another script). Han counts
    /// double, as one ideograph carries a word. Counts scalars, so it is linear in the text and
    /// allocates nothing.
    public static func dominant(in text: String) -> TextScript {
        var latin = 0, cyrillic = 0, han = 0, arabic = 0, hebrew = 0
        for scalar in text.unicodeScalars {
            switch of(scalar) {
            case .latin: latin += 1
            case .cyrillic: cyrillic += 1
            case .han: han += 1
            case .arabic: arabic += 1
            case .hebrew: hebrew += 1
            case nil: break
            }
        }
        if han > 0 && han >= max(cyrillic, arabic, hebrew) && han * 2 >= latin { return .han }
        let most = max(cyrillic, arabic, hebrew)
        guard most > latin else { return .latin }
        return most == cyrillic ? .cyrillic : (most == arabic ? .arabic : .hebrew)
    }

    /// The script a language is written in (a BCP 47 tag: its script subtag when it has one,
    /// else its language's usual script; Latin for a language not known to use another).
    public static func of(language: String) -> TextScript {
        let subtags = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        switch subtags.dropFirst().first(where: { $0.count == 4 }) {
        case "latn": return .latin
        case "cyrl": return .cyrillic
        case "hans", "hant", "hani": return .han
        case "arab": return .arabic
        case "hebr": return .hebrew
        default: break
        }
        switch subtags.first ?? "" {
        case "ru", "uk", "be", "bg", "mk", "sr", "kk", "ky", "mn", "tg": return .cyrillic
        case "zh", "cmn", "yue": return .han
        case "ar", "fa", "ur", "ps", "ckb", "sd", "ug": return .arabic
        case "he", "iw", "yi": return .hebrew
        default: return .latin
        }
    }
}
