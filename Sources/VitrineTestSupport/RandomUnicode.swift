/// Seeded random text made to break text handling: every script the installed fonts cover
/// (Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari, Thai, CJK, Hangul), combining marks,
/// bidi controls, noncharacters, C0 and C1 controls, private use, the scalars next to the
/// surrogate range and the end of Unicode, emoji ZWJ sequences, flags (and half flags),
/// variation selectors, spaces, line ends, brackets, and any scalar at all.
public struct RandomUnicode {
    public var random: SeededRandom

    public init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// Ranges of scalars of one kind; a piece takes one to three scalars of one kind.
    public static let kinds: [[ClosedRange<UInt32>]] = [
        [0x41...0x5A, 0x61...0x7A, 0xC0...0x17F],          // Latin
        [0x391...0x3A9, 0x3B1...0x3C9],                    // Greek
        [0x410...0x44F],                                   // Cyrillic
        [0x621...0x64A, 0x660...0x669, 0x64B...0x652],     // Arabic letters, digits, marks
        [0x5D0...0x5EA, 0x5B0...0x5C7],                    // Hebrew letters and points
        [0x905...0x939, 0x93E...0x94D],                    // Devanagari letters and signs
        [0xE01...0xE3A, 0xE40...0xE4E],                    // Thai
        [0x4E00...0x9FFF, 0x3041...0x30FF, 0x3000...0x303F], // CJK, kana, CJK punctuation
        [0xAC00...0xD7A3, 0x1100...0x11FF],                // Hangul syllables and jamo
        [0x300...0x36F, 0x1AB0...0x1ABE, 0x20D0...0x20F0], // combining marks
        [0x202A...0x202E, 0x2066...0x2069, 0x200E...0x200F, 0x61C...0x61C], // bidi controls
        [0xFDD0...0xFDEF, 0xFFFE...0xFFFF, 0x1FFFE...0x1FFFF, 0x10FFFE...0x10FFFF], // noncharacters
        [0x00...0x1F, 0x7F...0x9F],                        // C0 and C1 controls
        [0xE000...0xF8FF, 0xF0000...0xFFFFD, 0x100000...0x10FFFD], // private use
        [0xD7F0...0xD7FF, 0xE000...0xE00F, 0xFFF0...0xFFFD, 0x10FFF0...0x10FFFF], // by the surrogates, the end
        [0xFE00...0xFE0F, 0xE0100...0xE01EF, 0xE0020...0xE007F], // variation selectors, tags
        [0x20...0x20, 0x09...0x0A, 0xA0...0xA0, 0x2028...0x2029, 0x200B...0x200D, 0x3000...0x3000], // spaces, line ends, ZWSP/ZWNJ/ZWJ
        [0x21...0x40, 0x5B...0x60, 0x7B...0x7E, 0xAB...0xAB, 0xBB...0xBB, 0x2026...0x2026, 0xFF08...0xFF09], // ASCII punctuation, digits, brackets
    ]

    /// A random number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    /// Whether a one-in-`n` chance came up.
    public mutating func oneIn(_ n: Int) -> Bool { int(1...n) == 1 }

    /// A scalar from `ranges`.
    public mutating func scalar(in ranges: [ClosedRange<UInt32>]) -> Unicode.Scalar {
        let range = ranges[int(0...ranges.count - 1)]
        // Every range above is of scalars (none crosses the surrogates).
        return Unicode.Scalar(UInt32.random(in: range, using: &random))!
    }

    /// Any Unicode scalar at all.
    public mutating func anyScalar() -> Unicode.Scalar {
        while true {
            if let scalar = Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &random)) { return scalar }
        }
    }

    /// An emoji ZWJ sequence (family, profession, skin tones, a presentation selector), a
    /// flag, or a lone regional indicator.
    public mutating func emoji() -> String {
        let people: [UInt32] = [0x1F468, 0x1F469, 0x1F466, 0x1F467, 0x1F9D1]
        switch int(0...3) {
        case 0:
            var s = ""
            for i in 0..<int(1...4) {
                if i > 0 { s.unicodeScalars.append("\u{200D}") }
                s.unicodeScalars.append(Unicode.Scalar(people[int(0...people.count - 1)])!)
                if oneIn(3) { s.unicodeScalars.append(Unicode.Scalar(UInt32(0x1F3FB + int(0...4)))!) }
            }
            return s
        case 1: return "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}" + (oneIn(2) ? "\u{FE0F}" : "")
        case 2: return "\u{2764}\u{FE0F}\u{200D}\u{1F525}"
        default:
            var s = ""
            for _ in 0..<int(1...3) { s.unicodeScalars.append(Unicode.Scalar(UInt32(0x1F1E6 + int(0...25)))!) }
            return s
        }
    }

    /// One piece: one to three scalars of one kind, an emoji sequence or flag, or any scalar.
    public mutating func piece() -> String {
        let choice = int(0...Self.kinds.count + 1)
        if choice == Self.kinds.count { return emoji() }
        if choice == Self.kinds.count + 1 { return String(anyScalar()) }
        var s = ""
        for _ in 0..<int(1...3) { s.unicodeScalars.append(scalar(in: Self.kinds[choice])) }
        return s
    }

    /// A text of one to `maxPieces` pieces.
    public mutating func string(maxPieces: Int) -> String {
        var s = ""
        for _ in 0..<int(1...maxPieces) { s += piece() }
        return s
    }
}
