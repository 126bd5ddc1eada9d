/// A launch option that makes every translated string show what translation will do to the
/// screens before any translator has worked: longer, accented, and bounded, so that a label that
/// clips, a string that was never looked up, or a string glued together from pieces shows at once.
public struct PseudoLocalization: OptionSet, Hashable, Sendable {
    /// The options' bits.
    public let rawValue: Int
    /// An option set of `rawValue`'s bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Latin letters get accents and diacritics (`Welcome` → `Ŵéļçöɱé`): still readable, and
    /// it tests glyphs above and below the line.
    public static let accented = PseudoLocalization(rawValue: 1 << 0)
    /// About 40% longer, the growth of a German or Finnish translation of an English text
    /// (every third letter repeated, and at least two more characters): finds labels too narrow
    /// for real translations.
    public static let lengthened = PseudoLocalization(rawValue: 1 << 1)
    /// `⟦` and `⟧` around each string: a string whose end is missing was clipped or truncated,
    /// and a string without them was never looked up.
    public static let bounded = PseudoLocalization(rawValue: 1 << 2)

    /// All three: what a pseudo-localized test run uses.
    public static let standard: PseudoLocalization = [.accented, .lengthened, .bounded]

    /// `text` (not a format: a `%` is a character) pseudo-localized.
    public func apply(text: String) -> String {
        apply(to: text.replacing("%", with: "%%")).replacing("%%", with: "%")
    }

    /// `format` pseudo-localized; printf specifiers (`%lld`, `%1$@`, `%#@rooms@`, `%%`) are kept
    /// as they are, so the string still formats.
    public func apply(to format: String) -> String {
        guard !isEmpty else { return format }
        var result = ""
        var index = format.unicodeScalars.startIndex
        let scalars = format.unicodeScalars
        var letterCount = 0
        var repeated = 0
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "%" {
                // Copy the specifier unchanged, up to its conversion character.
                let end = Self.specifierEnd(scalars, from: index)
                result.unicodeScalars.append(contentsOf: scalars[index..<end])
                index = end
                continue
            }
            let isLetter = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
            let shown = contains(.accented) ? Self.accent(scalar) : scalar
            result.unicodeScalars.append(shown)
            if isLetter {
                letterCount += 1
                if contains(.lengthened) && letterCount % 3 == 0 {
                    result.unicodeScalars.append(shown)
                    repeated += 1
                }
            }
            index = scalars.index(after: index)
        }
        if contains(.lengthened) && repeated < 2 && !format.isEmpty {
            result += String(repeating: "·", count: 2 - repeated)
        }
        return contains(.bounded) ? "⟦" + result + "⟧" : result
    }

    private static func specifierEnd(_ scalars: String.UnicodeScalarView, from start: String.UnicodeScalarView.Index) -> String.UnicodeScalarView.Index {
        var index = scalars.index(after: start)
        guard index < scalars.endIndex else { return index }
        if scalars[index] == "%" { return scalars.index(after: index) }
        var sawHashAt = false
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if sawHashAt {
                // %#@name@ ends at the second '@'.
                if scalar == "@" { return scalars.index(after: index) }
            } else if scalar == "#", scalars.index(after: index) < scalars.endIndex, scalars[scalars.index(after: index)] == "@" {
                sawHashAt = true
                index = scalars.index(after: index)
            } else if "@diuxXocfFeEgGaAsS".unicodeScalars.contains(scalar) {
                return scalars.index(after: index)
            } else if !("0123456789$.-+ #'hlqLztj".unicodeScalars.contains(scalar)) {
                return index
            }
            index = scalars.index(after: index)
        }
        return index
    }

    private static func accent(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "a": "á"
        case "b": "ƀ"
        case "c": "ç"
        case "d": "ð"
        case "e": "é"
        case "f": "ƒ"
        case "g": "ĝ"
        case "h": "ĥ"
        case "i": "î"
        case "j": "ĵ"
        case "k": "ķ"
        case "l": "ļ"
        case "m": "ɱ"
        case "n": "ñ"
        case "o": "ö"
        case "p": "þ"
        case "q": "ǫ"
        case "r": "ŕ"
        case "s": "š"
        case "t": "ţ"
        case "u": "ü"
        case "v": "ṽ"
        case "w": "ŵ"
        case "x": "ẋ"
        case "y": "ý"
        case "z": "ž"
        case "A": "Å"
        case "B": "Ɓ"
        case "C": "Ç"
        case "D": "Ð"
        case "E": "É"
        case "F": "Ƒ"
        case "G": "Ĝ"
        case "H": "Ĥ"
        case "I": "Î"
        case "J": "Ĵ"
        case "K": "Ķ"
        case "L": "Ļ"
        case "M": "Ṁ"
        case "N": "Ñ"
        case "O": "Ö"
        case "P": "Þ"
        case "Q": "Ǫ"
        case "R": "Ŕ"
        case "S": "Š"
        case "T": "Ţ"
        case "U": "Ü"
        case "V": "Ṽ"
        case "W": "Ŵ"
        case "X": "Ẋ"
        case "Y": "Ý"
        case "Z": "Ž"
        default: scalar
        }
    }
}
