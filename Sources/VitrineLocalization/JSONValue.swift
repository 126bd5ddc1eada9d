/// A JSON value (RFC 8259) as the string catalog reader needs it: objects keep their members'
/// order, numbers are `Double`.
enum JSONValue: Hashable, Sendable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(a), .array(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members):
            hasher.combine(0)
            for member in members { hasher.combine(member.key); hasher.combine(member.value) }
        case .array(let items): hasher.combine(1); hasher.combine(items)
        case .string(let text): hasher.combine(2); hasher.combine(text)
        case .number(let number): hasher.combine(3); hasher.combine(number)
        case .bool(let flag): hasher.combine(4); hasher.combine(flag)
        case .null: hasher.combine(5)
        }
    }

    /// The member named `key` of an object (the last one, if the key repeats), or nil.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    var string: String? { if case .string(let text) = self { text } else { nil } }
    var number: Double? { if case .number(let value) = self { value } else { nil } }
    var members: [(key: String, value: JSONValue)]? { if case .object(let members) = self { members } else { nil } }
}

/// Reads JSON text strictly (RFC 8259: no comments, no trailing commas), with the line and column
/// of the first problem, and bounded depth and size.
struct JSONReader {
    private var cursor: TextCursor
    private let limits: StringsReaderLimits

    /// Parses `bytes` (UTF-8) as one JSON value.
    static func parse(_ bytes: [UInt8], limits: StringsReaderLimits = .standard) throws(LocalizationError) -> JSONValue {
        guard bytes.count <= limits.maximumFileSize else {
            throw LocalizationError(.tooLarge, "the file has \(bytes.count) bytes, more than the \(limits.maximumFileSize) read")
        }
        var reader = JSONReader(cursor: TextCursor(bytes), limits: limits)
        reader.cursor.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.cursor.skipWhitespace()
        guard reader.cursor.isAtEnd else {
            throw reader.cursor.error("expected the end of the file after the value, found \(reader.cursor.found)")
        }
        return value
    }

    private mutating func value(depth: Int) throws(LocalizationError) -> JSONValue {
        guard depth < limits.maximumDepth else {
            throw cursor.error(.tooLarge, "values nest deeper than \(limits.maximumDepth) levels")
        }
        guard let byte = cursor.current else { throw cursor.error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw cursor.error("expected a value, found \(cursor.found)")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(LocalizationError) -> JSONValue {
        guard cursor.hasPrefix(word) else { throw cursor.error("expected a value, found \(cursor.found)") }
        cursor.advance(by: word.utf8CodeUnitCount)
        return value
    }

    private mutating func object(depth: Int) throws(LocalizationError) -> JSONValue {
        cursor.advance()  // {
        var members: [(key: String, value: JSONValue)] = []
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: "}") { cursor.advance(); return .object(members) }
        while true {
            guard cursor.current == UInt8(ascii: "\"") else {
                throw cursor.error("expected a key in quotes, found \(cursor.found)")
            }
            let key = try string()
            cursor.skipWhitespace()
            guard cursor.current == UInt8(ascii: ":") else {
                throw cursor.error("expected ':' after the key \"\(key)\", found \(cursor.found)")
            }
            cursor.advance()
            cursor.skipWhitespace()
            members.append((key, try value(depth: depth + 1)))
            cursor.skipWhitespace()
            switch cursor.current {
            case UInt8(ascii: ","):
                cursor.advance()
                cursor.skipWhitespace()
            case UInt8(ascii: "}"):
                cursor.advance()
                return .object(members)
            default:
                throw cursor.error("expected ',' or '}' after the value of \"\(key)\", found \(cursor.found)")
            }
        }
    }

    private mutating func array(depth: Int) throws(LocalizationError) -> JSONValue {
        cursor.advance()  // [
        var items: [JSONValue] = []
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: "]") { cursor.advance(); return .array(items) }
        while true {
            items.append(try value(depth: depth + 1))
            cursor.skipWhitespace()
            switch cursor.current {
            case UInt8(ascii: ","):
                cursor.advance()
                cursor.skipWhitespace()
            case UInt8(ascii: "]"):
                cursor.advance()
                return .array(items)
            default:
                throw cursor.error("expected ',' or ']' after an item, found \(cursor.found)")
            }
        }
    }

    private mutating func string() throws(LocalizationError) -> String {
        cursor.advance()  // "
        var result = ""
        var runStart = cursor.offset
        while true {
            guard let byte = cursor.current else { throw cursor.error("a string is not closed with '\"'") }
            switch byte {
            case UInt8(ascii: "\""):
                result += try validated(from: runStart)
                cursor.advance()
                return result
            case UInt8(ascii: "\\"):
                result += try validated(from: runStart)
                cursor.advance()
                try escape(into: &result)
                runStart = cursor.offset
            case 0x00..<0x20:
                throw cursor.error("a control character (byte 0x\(String(byte, radix: 16))) in a string must be escaped")
            default:
                cursor.advance()
            }
        }
    }

    /// The bytes from `start` to here as a string, refusing invalid UTF-8.
    private func validated(from start: Int) throws(LocalizationError) -> String {
        guard let text = String(validating: cursor.bytes[start..<cursor.offset], as: UTF8.self) else {
            throw cursor.error("a string is not valid UTF-8")
        }
        return text
    }

    private mutating func escape(into result: inout String) throws(LocalizationError) {
        guard let byte = cursor.current else { throw cursor.error("a string is not closed with '\"'") }
        cursor.advance()
        switch byte {
        case UInt8(ascii: "\""): result += "\""
        case UInt8(ascii: "\\"): result += "\\"
        case UInt8(ascii: "/"): result += "/"
        case UInt8(ascii: "b"): result += "\u{08}"
        case UInt8(ascii: "f"): result += "\u{0C}"
        case UInt8(ascii: "n"): result += "\n"
        case UInt8(ascii: "r"): result += "\r"
        case UInt8(ascii: "t"): result += "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            if (0xD800..<0xDC00).contains(unit), cursor.hasPrefix("\\u") {
                cursor.advance(by: 2)
                let low = try hexUnit()
                if (0xDC00..<0xE000).contains(low) {
                    result.appendScalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                } else {
                    result.appendScalar(0xFFFD)
                    result.appendScalar(low)
                }
            } else {
                result.appendScalar(unit)
            }
        default:
            throw cursor.error("unknown escape '\\\(String(UnicodeScalar(byte)))' in a string")
        }
    }

    private mutating func hexUnit() throws(LocalizationError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = cursor.current, let digit = hexDigit(byte) else {
                throw cursor.error("expected four hexadecimal digits after '\\u', found \(cursor.found)")
            }
            value = value << 4 | digit
            cursor.advance()
        }
        return value
    }

    private mutating func number() throws(LocalizationError) -> JSONValue {
        let start = cursor.offset
        if cursor.current == UInt8(ascii: "-") { cursor.advance() }
        if cursor.current == UInt8(ascii: "0") {
            cursor.advance()
        } else if let byte = cursor.current, isDigit(byte) {
            while let byte = cursor.current, isDigit(byte) { cursor.advance() }
        } else {
            throw cursor.error("expected a digit, found \(cursor.found)")
        }
        if cursor.current == UInt8(ascii: ".") {
            cursor.advance()
            guard let byte = cursor.current, isDigit(byte) else { throw cursor.error("expected a digit after '.', found \(cursor.found)") }
            while let byte = cursor.current, isDigit(byte) { cursor.advance() }
        }
        if cursor.current == UInt8(ascii: "e") || cursor.current == UInt8(ascii: "E") {
            cursor.advance()
            if cursor.current == UInt8(ascii: "+") || cursor.current == UInt8(ascii: "-") { cursor.advance() }
            guard let byte = cursor.current, isDigit(byte) else { throw cursor.error("expected a digit in the exponent, found \(cursor.found)") }
            while let byte = cursor.current, isDigit(byte) { cursor.advance() }
        }
        guard let value = Double(cursor.text(from: start)) else { throw cursor.error("a number is out of range") }
        return .number(value)
    }
}

func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
}
