#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The printf-style formats translated strings use, as Apple's `String(format:)` reads them, for
/// the conversions translations carry: `%@`, `%d %i %u %x %X %o %c` with `h hh l ll q z t j`
/// lengths, `%f %F %e %E %g %G %a %A`, flags (`-+ #0`), width, precision, positional arguments
/// (`%2$@`) and `%%`. `%#@name@` names a substitution (a plural variation); the caller expands
/// it.
///
/// Numbers are written as the C library writes them in the "C" locale (ASCII digits, a point,
/// no grouping): a kiosk's numbers stay the same whatever language the visitor picked.
enum FormatString {
    /// One piece of a parsed format.
    enum Piece: Equatable {
        case literal(String)
        /// A conversion; `argument` is the 0-based index of its argument.
        case conversion(Conversion)
        /// `%#@name@`, with the 0-based index of the argument it takes.
        case substitution(name: String, argument: Int)
    }

    struct Conversion: Equatable {
        var argument: Int
        /// Whether the format gave the position (`%2$d`).
        var isPositional = false
        var flags: [UInt8]
        var width: Int?
        var precision: Int?
        /// The conversion character (`d`, `f`, `@`).
        var character: UInt8
    }

    /// Parses `format` into pieces, numbering arguments as printf does (positions count from
    /// the previous conversion, or are given by `n$`). A malformed specifier is kept as text.
    static func parse(_ format: String) -> [Piece] {
        var pieces: [Piece] = []
        var literal: [UInt8] = []
        let bytes = Array(format.utf8)
        var index = 0
        var nextArgument = 0
        func flush() {
            if !literal.isEmpty {
                pieces.append(.literal(String(decoding: literal, as: UTF8.self)))
                literal.removeAll()
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                literal.append(byte)
                index += 1
                continue
            }
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "%") {
                literal.append(byte)
                index += 2
                continue
            }
            guard let (piece, end) = specifier(bytes, at: index, nextArgument: &nextArgument) else {
                literal.append(byte)
                index += 1
                continue
            }
            flush()
            pieces.append(piece)
            index = end
        }
        flush()
        return pieces
    }

    /// The specifier starting at `start` (a `%`), and the index after it; nil when malformed.
    private static func specifier(_ bytes: [UInt8], at start: Int, nextArgument: inout Int) -> (Piece, Int)? {
        var index = start + 1
        func number() -> Int? {
            var value = 0
            var digits = 0
            while index < bytes.count, isDigit(bytes[index]), digits < 6 {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }
        // A position: digits followed by '$'.
        var position: Int?
        let save = index
        if let digits = number(), index < bytes.count, bytes[index] == UInt8(ascii: "$"), digits > 0 {
            position = digits - 1
            index += 1
        } else {
            index = save
        }
        // %#@name@: a substitution.
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "@") {
            var end = index + 2
            while end < bytes.count, bytes[end] != UInt8(ascii: "@") { end += 1 }
            guard end < bytes.count, end > index + 2 else { return nil }
            let name = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            let argument = position ?? nextArgument
            nextArgument = argument + 1
            return (.substitution(name: name, argument: argument), end + 1)
        }
        var flags: [UInt8] = []
        while index < bytes.count, [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "#"), UInt8(ascii: "0"), UInt8(ascii: "'")].contains(bytes[index]) {
            if bytes[index] != UInt8(ascii: "'") { flags.append(bytes[index]) }
            index += 1
        }
        let width = number()
        var precision: Int?
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            precision = number() ?? 0
        }
        // Length modifiers do not change what Swift passes (the argument carries its type).
        while index < bytes.count, [UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "L"), UInt8(ascii: "z"), UInt8(ascii: "t"), UInt8(ascii: "j")].contains(bytes[index]) {
            index += 1
        }
        guard index < bytes.count else { return nil }
        let character = bytes[index]
        guard Array("@diuxXocfFeEgGaAsS".utf8).contains(character) else { return nil }
        let argument = position ?? nextArgument
        nextArgument = argument + 1
        return (.conversion(Conversion(argument: argument, isPositional: position != nil, flags: flags, width: width,
                                       precision: precision, character: character)), index + 1)
    }

    /// Writes one conversion of `argument` (a missing argument writes nothing).
    static func write(_ conversion: Conversion, _ argument: LocalizationArgument?, into result: inout String) {
        guard let argument else { return }
        let text: String
        switch conversion.character {
        case UInt8(ascii: "@"), UInt8(ascii: "s"), UInt8(ascii: "S"):
            var value = argument.description
            if let precision = conversion.precision, value.count > precision { value = String(value.prefix(precision)) }
            text = value
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"),
             UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
            text = formatNumber(argument.doubleValue, conversion: conversion.character, flags: conversion.flags,
                                width: nil, precision: conversion.precision)
        case UInt8(ascii: "c"):
            text = argument.integerValue.flatMap { Unicode.Scalar(UInt32(truncatingIfNeeded: $0)) }.map { String($0) } ?? ""
        default:
            text = formatInteger(argument, conversion: conversion)
        }
        result += padded(text, conversion)
    }

    private static func padded(_ text: String, _ conversion: Conversion) -> String {
        guard let width = conversion.width, text.count < width else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        if conversion.flags.contains(UInt8(ascii: "-")) { return text + padding }
        if conversion.flags.contains(UInt8(ascii: "0")), conversion.character != UInt8(ascii: "@") {
            // Zeros go after the sign.
            var body = Substring(text)
            var sign = ""
            if let first = body.first, first == "-" || first == "+" || first == " " { sign = String(first); body = body.dropFirst() }
            return sign + String(repeating: "0", count: width - text.count) + body
        }
        return padding + text
    }

    private static func formatInteger(_ argument: LocalizationArgument, conversion: Conversion) -> String {
        let character = conversion.character
        let radix = character == UInt8(ascii: "x") || character == UInt8(ascii: "X") ? 16 : character == UInt8(ascii: "o") ? 8 : 10
        let uppercase = character == UInt8(ascii: "X")
        let negative: Bool
        var digits: String
        switch argument {
        case .integer(let value):
            if radix == 10 && character != UInt8(ascii: "u") {
                negative = value < 0
                digits = String(value.magnitude)
            } else {
                negative = false
                digits = String(UInt64(bitPattern: value), radix: radix, uppercase: uppercase)
            }
        case .unsigned(let value):
            negative = false
            digits = String(value, radix: radix, uppercase: uppercase)
        case .number(let value):
            let clamped = Int64(exactly: value.rounded(.towardZero)) ?? (value < 0 ? Int64.min : Int64.max)
            negative = clamped < 0
            digits = String(clamped.magnitude, radix: radix, uppercase: uppercase)
        case .text(let text):
            return text
        }
        if let precision = conversion.precision, digits.count < precision {
            digits = String(repeating: "0", count: precision - digits.count) + digits
        }
        if conversion.flags.contains(UInt8(ascii: "#")) && digits != "0" {
            if radix == 16 { digits = (uppercase ? "0X" : "0x") + digits }
            if radix == 8 { digits = "0" + digits }
        }
        if negative { return "-" + digits }
        if radix == 10 && conversion.flags.contains(UInt8(ascii: "+")) { return "+" + digits }
        if radix == 10 && conversion.flags.contains(UInt8(ascii: " ")) { return " " + digits }
        return digits
    }

    /// `value` written by the C library's `snprintf` with one floating-point conversion.
    static func formatNumber(_ value: Double, conversion: UInt8, flags: [UInt8], width: Int?, precision: Int?) -> String {
        // The format is built from parsed, checked parts only: flags from the allowed set, a
        // precision capped so that the output fits the buffer.
        var format: [CChar] = [CChar(UInt8(ascii: "%"))]
        for flag in flags where flag != UInt8(ascii: "-") && flag != UInt8(ascii: "0") { format.append(CChar(flag)) }
        if let precision {
            format.append(CChar(UInt8(ascii: ".")))
            for digit in String(min(precision, 40)).utf8 { format.append(CChar(digit)) }
        }
        format.append(CChar(conversion))
        format.append(0)
        var buffer = [CChar](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBufferPointer { output in
            withVaList([value]) { arguments in
                vsnprintf(output.baseAddress, output.count, format, arguments)
            }
        }
        guard count > 0 else { return "" }
        let length = min(Int(count), buffer.count - 1)
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension LocalizationArgument {
    var doubleValue: Double {
        switch self {
        case .integer(let value): Double(value)
        case .unsigned(let value): Double(value)
        case .number(let value): value
        case .text(let text): Double(text) ?? 0
        }
    }

    var integerValue: Int64? {
        switch self {
        case .integer(let value): value
        case .unsigned(let value): Int64(clamping: value)
        case .number(let value): value.isFinite ? Int64(clamping: Int64(exactly: value.rounded(.towardZero)) ?? 0) : nil
        case .text: nil
        }
    }

    /// The plural operands of this argument as `conversion` writes it.
    func pluralOperands(precision: Int?, character: UInt8) -> PluralOperands {
        switch self {
        case .integer(let value): PluralOperands(value)
        case .unsigned(let value): PluralOperands(value)
        case .number(let value):
            // `%f` writes six digits unless told; `%g` drops trailing zeros (as written: a whole
            // number has none).
            if character == UInt8(ascii: "g") || character == UInt8(ascii: "G") || character == UInt8(ascii: "@") {
                value == value.rounded() ? PluralOperands(Int64(clamping: Int64(exactly: value) ?? 0))
                    : PluralOperands(value, fractionDigitCount: Self.visibleFractionDigits(value))
            } else {
                PluralOperands(value, fractionDigitCount: precision ?? 6)
            }
        case .text(let text): PluralOperands(Int64(text) ?? 0)
        }
    }

    private static func visibleFractionDigits(_ value: Double) -> Int {
        let written = FormatString.formatNumber(value, conversion: UInt8(ascii: "g"), flags: [], width: nil, precision: nil)
        guard let point = written.firstIndex(of: "."), !written.contains("e") else { return 0 }
        return written.distance(from: written.index(after: point), to: written.endIndex)
    }
}
