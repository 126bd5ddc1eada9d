/// Reads a `.strings` file (`"key" = "value";` lines, as Xcode and `genstrings` write them) into
/// a table's entries.
///
/// The text may be UTF-8 (with or without a byte order mark) or UTF-16 with a byte order mark,
/// as Xcode's compiled `.strings` are. Comments (`/* */`, `//`), unquoted keys and values of
/// letters, digits and `_$.:/-`, an entry of a key alone (`"key";`, its value is the key), and
/// the escapes `\n \t \r \" \\ \a \b \f \v \Uxxxx` (UTF-16, pairs joined) and `\ooo` are read.
public enum StringsFileReader {
    /// The entries of the `.strings` text in `bytes`; a key given twice keeps its last value.
    public static func read(_ bytes: [UInt8], limits: StringsReaderLimits = .standard) throws(LocalizationError) -> [String: Translation] {
        guard bytes.count <= limits.maximumFileSize else {
            throw LocalizationError(.tooLarge, "the file has \(bytes.count) bytes, more than the \(limits.maximumFileSize) read")
        }
        var cursor = TextCursor(try utf8(bytes))
        var entries: [String: Translation] = [:]
        while true {
            try skipSpaceAndComments(&cursor)
            guard !cursor.isAtEnd else { break }
            let key = try token(&cursor, what: "a key")
            try skipSpaceAndComments(&cursor)
            var value = key
            if cursor.current == UInt8(ascii: "=") {
                cursor.advance()
                try skipSpaceAndComments(&cursor)
                value = try token(&cursor, what: "a value after '='")
                try skipSpaceAndComments(&cursor)
            }
            guard cursor.current == UInt8(ascii: ";") else {
                throw cursor.error("expected ';' after the entry \"\(key)\", found \(cursor.found)")
            }
            cursor.advance()
            entries[key] = Translation(value)
        }
        return entries
    }

    /// UTF-8 bytes of a text that may be UTF-16 with a byte order mark.
    static func utf8(_ bytes: [UInt8]) throws(LocalizationError) -> [UInt8] {
        let littleEndian = bytes.starts(with: [0xFF, 0xFE])
        guard littleEndian || bytes.starts(with: [0xFE, 0xFF]) else { return bytes }
        guard bytes.count % 2 == 0 else { throw LocalizationError(.syntax, "a UTF-16 file has an odd number of bytes") }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 - 1)
        var index = 2
        while index + 1 < bytes.count {
            units.append(littleEndian ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                                      : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    private static func skipSpaceAndComments(_ cursor: inout TextCursor) throws(LocalizationError) {
        while true {
            cursor.skipWhitespace()
            if cursor.hasPrefix("/*") {
                let line = cursor.line, column = cursor.column
                cursor.advance(by: 2)
                while !cursor.isAtEnd && !cursor.hasPrefix("*/") { cursor.advance() }
                guard !cursor.isAtEnd else {
                    throw LocalizationError(.syntax, "the comment opened here is not closed with '*/'", line: line, column: column)
                }
                cursor.advance(by: 2)
            } else if cursor.hasPrefix("//") {
                while let byte = cursor.current, byte != 0x0A { cursor.advance() }
            } else {
                return
            }
        }
    }

    private static func token(_ cursor: inout TextCursor, what: String) throws(LocalizationError) -> String {
        if cursor.current == UInt8(ascii: "\"") { return try quoted(&cursor) }
        let start = cursor.offset
        while let byte = cursor.current, isUnquoted(byte) { cursor.advance() }
        guard cursor.offset > start else { throw cursor.error("expected \(what) (in quotes), found \(cursor.found)") }
        return cursor.text(from: start)
    }

    private static func isUnquoted(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || isDigit(byte) || Array("_$.:/-".utf8).contains(byte)
    }

    private static func quoted(_ cursor: inout TextCursor) throws(LocalizationError) -> String {
        let line = cursor.line, column = cursor.column
        cursor.advance()
        var bytes: [UInt8] = []
        var pendingHigh: UInt32?
        func flushHigh() {
            if pendingHigh != nil { bytes += Array("\u{FFFD}".utf8); pendingHigh = nil }
        }
        while true {
            guard let byte = cursor.current else {
                throw LocalizationError(.syntax, "the string opened here is not closed with '\"'", line: line, column: column)
            }
            cursor.advance()
            if byte == UInt8(ascii: "\"") { flushHigh(); break }
            guard byte == UInt8(ascii: "\\") else { flushHigh(); bytes.append(byte); continue }
            guard let escaped = cursor.current else { continue }
            cursor.advance()
            if escaped == UInt8(ascii: "U") || escaped == UInt8(ascii: "u") {
                var unit: UInt32 = 0
                for _ in 0..<4 {
                    guard let digit = cursor.current.flatMap(hexDigit) else {
                        throw cursor.error("expected four hexadecimal digits after '\\U', found \(cursor.found)")
                    }
                    unit = unit << 4 | digit
                    cursor.advance()
                }
                if let high = pendingHigh, (0xDC00..<0xE000).contains(unit) {
                    pendingHigh = nil
                    var text = ""
                    text.appendScalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))
                    bytes += Array(text.utf8)
                } else {
                    flushHigh()
                    if (0xD800..<0xDC00).contains(unit) {
                        pendingHigh = unit
                    } else {
                        var text = ""
                        text.appendScalar(unit)
                        bytes += Array(text.utf8)
                    }
                }
                continue
            }
            flushHigh()
            switch escaped {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "a"): bytes.append(0x07)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "v"): bytes.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escaped - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard let next = cursor.current, next >= UInt8(ascii: "0"), next <= UInt8(ascii: "7") else { break }
                    value = value * 8 + UInt32(next - UInt8(ascii: "0"))
                    cursor.advance()
                }
                var text = ""
                text.appendScalar(value)
                bytes += Array(text.utf8)
            default: bytes.append(escaped)  // \" \\ \' and any other: the character itself
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LocalizationError(.syntax, "the string opened here is not valid UTF-8", line: line, column: column)
        }
        return text
    }
}
