/// A plural category of CLDR's cardinal rules: which form of a word a number takes in a
/// language ("1 room", "2 rooms"; Arabic has all six, Chinese only `other`).
public enum PluralCategory: String, CaseIterable, Hashable, Sendable {
    /// Arabic 0, Welsh 0.
    case zero
    /// English and German 1, French 0 and 1, Russian 1, 21, 31 …
    case one
    /// Arabic and Hebrew 2.
    case two
    /// Russian 2–4, 22–24 …; Arabic 3–10, 103–110 …; Czech 2–4.
    case few
    /// Russian 0, 5–20, 25–30 …; Arabic 11–99 …; French, Spanish, Italian and Portuguese
    /// 1,000,000 (a million "de" something); Czech numbers with decimals.
    case many
    /// Every number no other category takes; every language has it.
    case other
}

/// CLDR's plural operands of a number as it is written: `1` and `1.0` are different numbers for
/// plural rules ("1 mile", "1.0 miles" in English).
public struct PluralOperands: Hashable, Sendable {
    /// The integer digits (`i`), of the absolute value.
    public var integerPart: UInt64
    /// The visible fraction digits with trailing zeros, as an integer (`f`): 50 for `1.50`.
    public var fractionDigits: UInt64
    /// How many fraction digits are written (`v`): 2 for `1.50`.
    public var fractionDigitCount: Int

    /// The operands of a whole number (`v` = 0).
    public init<Integer: BinaryInteger>(_ value: Integer) {
        integerPart = UInt64(clamping: value.magnitude)
        fractionDigits = 0
        fractionDigitCount = 0
    }

    /// The operands of `value` written with `fractionDigitCount` digits after the point (as
    /// `%.2f` writes it, rounded half to even by the C library's rules): `PluralOperands(1.5,
    /// fractionDigitCount: 2)` is `1.50`.
    public init(_ value: Double, fractionDigitCount: Int) {
        let digits = max(0, min(fractionDigitCount, 9))
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        let magnitude = value.isFinite ? abs(value) : 0
        let scaled = (magnitude * Double(scale)).rounded(.toNearestOrEven)
        let whole = scaled >= 1.8e19 ? UInt64.max : UInt64(scaled)
        integerPart = whole / scale
        fractionDigits = whole % scale
        self.fractionDigitCount = digits
    }

    /// The fraction digits without trailing zeros (`t`): 5 for `1.50`.
    public var significantFraction: UInt64 {
        var value = fractionDigits
        while value != 0 && value % 10 == 0 { value /= 10 }
        return value
    }

    /// Whether the number is whole as written: `n` equals `i`.
    var isWhole: Bool { fractionDigits == 0 }
}

/// The cardinal plural rules of one language, from CLDR 44's `plurals.xml`.
///
/// Rules are built in for the languages below; any other language gets `other` for every number
/// (correct for Chinese, Japanese, Korean, Thai, Vietnamese, Indonesian and Malay, and a
/// fallback for the rest: the `other` form of a translation is always present). Integers and
/// decimals written with a fixed number of digits are supported; CLDR's compact exponent `e` is
/// taken to be 0.
public struct PluralRules: Hashable, Sendable {
    /// The languages with rules of their own (their primary language subtags).
    public static let languagesWithRules: [String] = [
        "ar", "ca", "cs", "da", "de", "el", "en", "es", "et", "fa", "fi", "fr", "he", "hi", "hu",
        "it", "lt", "lv", "nb", "nl", "nn", "no", "pl", "pt", "pt-PT", "ro", "ru", "sk", "sl", "sv",
        "tr", "uk",
    ]

    private enum Rule: Hashable, Sendable {
        case otherOnly
        case oneIfExactlyOneInteger       // en, de, nl, sv, …: i = 1 and v = 0
        case oneIfNumberIsOne             // es-like without many, tr, el, hu, nb: n = 1
        case french                       // fr, pt (Brazil): i = 0,1; many: millions
        case spanish                      // es: n = 1; many: millions
        case italian                      // it, ca, pt-PT: i = 1 and v = 0; many: millions
        case danish
        case persian                      // fa, hi: i = 0 or n = 1
        case russian                      // ru, uk
        case polish
        case czech                        // cs, sk
        case arabic
        case hebrew
        case lithuanian
        case latvian
        case romanian
        case slovenian
    }

    private let rule: Rule

    /// The rules for `language`, a BCP 47 tag (`ar`, `pt-PT`, `zh-Hans-CN`; `_` is read as `-`).
    public init(language: String) {
        let tag = language.replacing("_", with: "-").lowercased()
        let primary = tag.split(separator: "-").first.map(String.init) ?? tag
        switch primary {
        case "en", "de", "nl", "sv", "fi", "et", "nn", "ur", "gl", "fy", "sw": rule = .oneIfExactlyOneInteger
        case "tr", "el", "hu", "nb", "no", "bg", "ka", "kk", "ky", "sq", "az", "uz", "mn", "ta", "te", "ml", "eu":
            rule = .oneIfNumberIsOne
        case "fr": rule = .french
        case "pt": rule = tag.hasPrefix("pt-pt") ? .italian : .french
        case "es": rule = .spanish
        case "it", "ca": rule = .italian
        case "da": rule = .danish
        case "fa", "hi", "bn", "gu", "kn", "mr", "zu", "am": rule = .persian
        case "ru", "uk", "be": rule = .russian
        case "pl": rule = .polish
        case "cs", "sk": rule = .czech
        case "ar": rule = .arabic
        case "he", "iw": rule = .hebrew
        case "lt": rule = .lithuanian
        case "lv": rule = .latvian
        case "ro", "mo": rule = .romanian
        case "sl": rule = .slovenian
        default: rule = .otherOnly
        }
    }

    /// The categories this language uses, in CLDR's order (`other` last); a translation should
    /// give a form for each.
    public var categories: [PluralCategory] {
        switch rule {
        case .otherOnly: [.other]
        case .oneIfExactlyOneInteger, .oneIfNumberIsOne, .danish, .persian: [.one, .other]
        case .french, .spanish, .italian: [.one, .many, .other]
        case .russian, .polish, .czech, .lithuanian: [.one, .few, .many, .other]
        case .arabic: [.zero, .one, .two, .few, .many, .other]
        case .hebrew: [.one, .two, .other]
        case .latvian: [.zero, .one, .other]
        case .romanian: [.one, .few, .other]
        case .slovenian: [.one, .two, .few, .other]
        }
    }

    /// The category of a whole number.
    public func category<Integer: BinaryInteger>(of value: Integer) -> PluralCategory {
        category(of: PluralOperands(value))
    }

    /// The category of a number as written (see `PluralOperands`).
    public func category(of operands: PluralOperands) -> PluralCategory {
        let i = operands.integerPart
        let v = operands.fractionDigitCount
        let f = operands.fractionDigits
        let t = operands.significantFraction
        let whole = operands.isWhole
        // n = i when the number is whole; comparisons of n with an integer hold only then.
        func nIs(_ value: UInt64) -> Bool { whole && i == value }
        func nModIn(_ modulus: UInt64, _ range: ClosedRange<UInt64>) -> Bool { whole && range.contains(i % modulus) }
        let millions = i != 0 && i % 1_000_000 == 0 && v == 0

        switch rule {
        case .otherOnly:
            return .other
        case .oneIfExactlyOneInteger:
            return i == 1 && v == 0 ? .one : .other
        case .oneIfNumberIsOne:
            return nIs(1) ? .one : .other
        case .french:
            if i <= 1 { return .one }
            return millions ? .many : .other
        case .spanish:
            if nIs(1) { return .one }
            return millions ? .many : .other
        case .italian:
            if i == 1 && v == 0 { return .one }
            return millions ? .many : .other
        case .danish:
            return nIs(1) || (t != 0 && i <= 1) ? .one : .other
        case .persian:
            return i == 0 || nIs(1) ? .one : .other
        case .russian:
            guard v == 0 else { return .other }
            if i % 10 == 1 && i % 100 != 11 { return .one }
            if (2...4).contains(i % 10) && !(12...14).contains(i % 100) { return .few }
            return .many
        case .polish:
            guard v == 0 else { return .other }
            if i == 1 { return .one }
            if (2...4).contains(i % 10) && !(12...14).contains(i % 100) { return .few }
            return .many
        case .czech:
            if v != 0 { return .many }
            if i == 1 { return .one }
            if (2...4).contains(i) { return .few }
            return .other
        case .arabic:
            if nIs(0) { return .zero }
            if nIs(1) { return .one }
            if nIs(2) { return .two }
            if nModIn(100, 3...10) { return .few }
            if nModIn(100, 11...99) { return .many }
            return .other
        case .hebrew:
            if (i == 1 && v == 0) || (i == 0 && v != 0) { return .one }
            if i == 2 && v == 0 { return .two }
            return .other
        case .lithuanian:
            if f != 0 { return .many }
            if i % 10 == 1 && !(11...19).contains(i % 100) { return .one }
            if (2...9).contains(i % 10) && !(11...19).contains(i % 100) { return .few }
            return .other
        case .latvian:
            // zero: n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19
            if (whole && (i % 10 == 0 || (11...19).contains(i % 100))) || (v == 2 && (11...19).contains(f % 100)) { return .zero }
            // one: n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11 or v != 2 and f % 10 = 1
            if (whole && i % 10 == 1 && i % 100 != 11) || (v == 2 && f % 10 == 1 && f % 100 != 11) || (v != 2 && f % 10 == 1) {
                return .one
            }
            return .other
        case .romanian:
            if i == 1 && v == 0 { return .one }
            if v != 0 || nIs(0) || (whole && i != 1 && (1...19).contains(i % 100)) { return .few }
            return .other
        case .slovenian:
            guard v == 0 else { return .few }
            if i % 100 == 1 { return .one }
            if i % 100 == 2 { return .two }
            if (3...4).contains(i % 100) { return .few }
            return .other
        }
    }
}
