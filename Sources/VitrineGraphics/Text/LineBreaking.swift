/// Where a line may break, after the spirit of UAX #14 (Unicode line breaking) reduced to
/// what labels need:
/// - after spaces (a run of spaces stays on the line it ends, hanging past the edge);
/// - after a hyphen between letters ("well-|known"), and after an em dash or a zero-width space;
/// - before and after CJK ideographs, kana and Hangul syllables, so Chinese and Japanese wrap
///   between any two characters;
/// - never before closing punctuation ("，。、！？)" and their ASCII kin), never after opening
///   punctuation ("（「(["), never around a no-break space or word joiner.
/// Line feeds are handled before this: they end paragraphs.
enum LineBreaking {
    /// Whether `value` is a space a line may break after (and that hangs at a line's end).
    static func isBreakingSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Whether `value` is ideographic for line breaking: CJK ideographs, kana, Hangul
    /// syllables, CJK symbols and fullwidth letters (UAX #14 class ID, roughly).
    static func isIdeographic(_ value: UInt32) -> Bool {
        switch value {
        case 0x2E80...0x2FFF,  // CJK radicals, Kangxi
             0x3003...0x3007, 0x3012, 0x3013, 0x3020...0x303F,  // CJK symbols (not brackets)
             0x3040...0x30FF,  // Hiragana, Katakana
             0x3100...0x31FF,  // Bopomofo, Katakana extensions
             0x3200...0x33FF,  // enclosed CJK, compatibility
             0x3400...0x4DBF, 0x4E00...0x9FFF,  // ideographs
             0xA000...0xA4CF,  // Yi
             0xAC00...0xD7AF,  // Hangul syllables
             0xF900...0xFAFF,  // compatibility ideographs
             0xFF21...0xFF3A, 0xFF41...0xFF5A,  // fullwidth Latin
             0x20000...0x3FFFF:  // supplementary ideographs
            true
        default:
            false
        }
    }

    /// Whether no line may start with `value`: closing brackets and quotes, and the
    /// punctuation that ends a clause (UAX #14 classes CL, CP, EX, IS, NS, roughly).
    static func isClosing(_ value: UInt32) -> Bool {
        switch value {
        case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D,  // ! ) , . : ; ? ] }
             0x2019, 0x201D, 0x00BB, 0x203A, 0x2026,  // ’ ” » › …
             0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B,
             0x301E, 0x301F,  // 、 。 and CJK closing brackets
             0x3005, 0x303B, 0x309D, 0x309E, 0x30FC, 0x30FD, 0x30FE,  // iteration marks, prolonged sound
             0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E,  // small kana
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE,
             0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64:
            true
        default:
            false
        }
    }

    /// Whether no line may end with `value`: opening brackets and quotes (UAX #14 OP).
    static func isOpening(_ value: UInt32) -> Bool {
        switch value {
        case 0x28, 0x5B, 0x7B, 0x2018, 0x201C, 0x00AB, 0x2039,
             0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
             0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
            true
        default:
            false
        }
    }

    /// Whether `value` glues its neighbours together (no-break spaces, word joiners).
    static func isGlue(_ value: UInt32) -> Bool {
        value == 0xA0 || value == 0x202F || value == 0x2060 || value == 0xFEFF || value == 0x2007
    }

    static func isHyphen(_ value: UInt32) -> Bool { value == 0x2D || value == 0x2010 || value == 0x2013 }

    static func isLetter(_ value: UInt32) -> Bool {
        Unicode.Scalar(value)?.properties.isAlphabetic ?? false
    }

    /// Whether a line may break between `scalars[index - 1]` and `scalars[index]` when
    /// wrapping at words (0 < index < scalars.count; grapheme and cluster boundaries are the
    /// caller's business).
    static func mayBreakWords(_ scalars: [UInt32], before index: Int) -> Bool {
        let previous = scalars[index - 1], next = scalars[index]
        if isBreakingSpace(next) || next == 0x200B || isClosing(next) || isGlue(next) { return false }
        if isOpening(previous) || isGlue(previous) { return false }
        if isBreakingSpace(previous) || previous == 0x200B || previous == 0x2014 { return true }
        if isHyphen(previous) {
            return index >= 2 && isLetter(scalars[index - 2]) && isLetter(next)
        }
        return isIdeographic(previous) || isIdeographic(next) || isClosingIdeographic(previous)
    }

    /// Whether a line may break before `scalars[index]` when wrapping at characters: anywhere
    /// but before a space (spaces hang at the end of the line they follow).
    static func mayBreakCharacters(_ scalars: [UInt32], before index: Int) -> Bool {
        !isBreakingSpace(scalars[index])
    }

    /// CJK closing punctuation: a line may break after it, as after an ideograph.
    private static func isClosingIdeographic(_ value: UInt32) -> Bool {
        (0x3000...0x303F).contains(value) || (0xFF00...0xFF65).contains(value) ? isClosing(value) : false
    }
}
