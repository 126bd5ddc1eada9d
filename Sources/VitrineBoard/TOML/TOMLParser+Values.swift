/// Values: arrays and inline tables (the only recursion, bounded by
/// `TOMLDocument.maximumDepth`), strings, booleans; numbers and dates in
/// `TOMLParser+Scalars.swift`.
extension TOMLParser {
    /// Reads the value starting here into a new node named `name` of `parent` and returns it.
    /// `depth` is how many arrays and inline tables hold it.
    mutating func parseValue(in parent: Int32, name: String, keyPosition: TOMLPosition?, depth: Int) throws(TOMLSyntaxError) -> Int32 {
        let start = position
        let payload: TOMLNode.Payload
        switch peek() {
        case UInt8(ascii: "[")?, UInt8(ascii: "{")?:
            guard depth < TOMLDocument.maximumDepth else {
                throw error("arrays and inline tables nest more than \(TOMLDocument.maximumDepth) deep here")
            }
            var node = TOMLNode(peek() == UInt8(ascii: "[") ? .array(ofTables: false) : .table,
                                name: name, parent: parent, keyPosition: keyPosition, position: start)
            node.isFrozen = true
            let container = try add(node)
            if node.isTable {
                try parseInlineTable(container, depth: depth)
            } else {
                try parseArray(container, depth: depth)
            }
            builder.nodes[Int(container)].end = Int32(truncatingIfNeeded: index)
            return container
        case UInt8(ascii: "\"")?:
            payload = .string(peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"") ? try parseMultilineBasicString() : try parseBasicString())
        case UInt8(ascii: "'")?:
            payload = .string(peek(1) == UInt8(ascii: "'") && peek(2) == UInt8(ascii: "'") ? try parseMultilineLiteralString() : try parseLiteralString())
        case UInt8(ascii: "t")? where starts(with: "true"):
            index += 4
            payload = .boolean(true)
        case UInt8(ascii: "f")? where starts(with: "false"):
            index += 5
            payload = .boolean(false)
        default:
            payload = try parseScalar()
        }
        var node = TOMLNode(payload, name: name, parent: parent, keyPosition: keyPosition, position: start)
        node.end = Int32(truncatingIfNeeded: index)
        return try add(node)
    }

    func starts(with word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return word.withUTF8Buffer { buffer in
            buffer.indices.allSatisfy { bytes[index + $0] == buffer[$0] }
        }
    }

    /// `[1, "two", [3]]`: values separated by commas, a comma after the last allowed, line
    /// ends and comments allowed between them.
    private mutating func parseArray(_ array: Int32, depth: Int) throws(TOMLSyntaxError) {
        index += 1
        try skipBlanksInArray()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            _ = try parseValue(in: array, name: "", keyPosition: nil, depth: depth + 1)
            try skipBlanksInArray()
            switch peek() {
            case UInt8(ascii: "]")?:
                index += 1
                return
            case UInt8(ascii: ",")?:
                index += 1
                try skipBlanksInArray()
                if peek() == UInt8(ascii: "]") {
                    index += 1
                    return
                }
            default:
                throw error("expected ',' or ']' in the array, found \(found)")
            }
        }
    }

    /// Spaces, tabs, line ends and comments.
    private mutating func skipBlanksInArray() throws(TOMLSyntaxError) {
        while true {
            skipWhitespace()
            if consumeNewline() { continue }
            guard peek() == UInt8(ascii: "#") else { return }
            try skipComment()
        }
    }

    /// `{ a = 1, b.c = 2 }`: on one line, no comma after the last. Nothing may be added to it
    /// afterwards (it is frozen); inside it, dotted keys may add to tables they made.
    private mutating func parseInlineTable(_ table: Int32, depth: Int) throws(TOMLSyntaxError) {
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            let key = try parseKey()
            let (parent, last) = try claim(key, in: table, insideInlineTable: true)
            try parseEquals(after: key)
            _ = try parseValue(in: parent, name: last.name, keyPosition: last.position, depth: depth + 1)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: "}")?:
                index += 1
                return
            case UInt8(ascii: ",")?:
                index += 1
                skipWhitespace()
            default:
                throw error("expected ',' or '}' in the inline table (written on one line), found \(found)")
            }
        }
    }

    // MARK: Strings

    /// `"…"` with escapes, on one line.
    mutating func parseBasicString() throws(TOMLSyntaxError) -> String {
        let start = position
        index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("this string has no closing '\"'", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &text, multiline: false)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("this string has no closing '\"' on its line (a string on several lines is written in \"\"\")", at: start)
            default:
                if isControl(byte) { throw error("a string cannot hold \(found): write it as an escape such as \\u0001") }
                text.append(byte)
                index += 1
            }
        }
    }

    /// `"""…"""`: a line end right after the opening quotes is dropped, CR LF becomes LF, a
    /// backslash at the end of a line drops the line end and the blanks after it, and one or
    /// two quotes just before the closing three belong to the string.
    mutating func parseMultilineBasicString() throws(TOMLSyntaxError) -> String {
        let start = position
        index += 3
        _ = consumeNewline()
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("this string has no closing '\"\"\"'", at: start) }
            switch byte {
            case UInt8(ascii: "\"") where peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\""):
                index += 3
                takeExtraQuotes(UInt8(ascii: "\""), into: &text)
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &text, multiline: true)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                guard consumeNewline() else { throw error("a string cannot hold \(found)") }
                text.append(UInt8(ascii: "\n"))
            default:
                if isControl(byte) { throw error("a string cannot hold \(found): write it as an escape such as \\u0001") }
                text.append(byte)
                index += 1
            }
        }
    }

    /// `'…'`: no escapes, on one line.
    mutating func parseLiteralString() throws(TOMLSyntaxError) -> String {
        let start = position
        index += 1
        let first = index
        while true {
            guard let byte = peek() else { throw error("this string has no closing \"'\"", at: start) }
            if byte == UInt8(ascii: "'") {
                index += 1
                return String(decoding: bytes[first..<(index - 1)], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                throw error("this string has no closing \"'\" on its line (a string on several lines is written in ''')", at: start)
            }
            if isControl(byte) { throw error("a literal string cannot hold \(found)") }
            index += 1
        }
    }

    /// `'''…'''`: no escapes; a line end right after the opening quotes is dropped, CR LF
    /// becomes LF.
    mutating func parseMultilineLiteralString() throws(TOMLSyntaxError) -> String {
        let start = position
        index += 3
        _ = consumeNewline()
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("this string has no closing \"'''\"", at: start) }
            switch byte {
            case UInt8(ascii: "'") where peek(1) == UInt8(ascii: "'") && peek(2) == UInt8(ascii: "'"):
                index += 3
                takeExtraQuotes(UInt8(ascii: "'"), into: &text)
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                guard consumeNewline() else { throw error("a string cannot hold \(found)") }
                text.append(UInt8(ascii: "\n"))
            default:
                if isControl(byte) { throw error("a literal string cannot hold \(found)") }
                text.append(byte)
                index += 1
            }
        }
    }

    /// After a closing `"""` or `'''`: up to two more quotes are the string's last characters
    /// (`""""a"""""` is `"a""`).
    private mutating func takeExtraQuotes(_ quote: UInt8, into text: inout [UInt8]) {
        for _ in 0..<2 where peek() == quote {
            text.append(quote)
            index += 1
        }
    }

    /// A backslash escape in a basic string, appended to `text` as UTF-8.
    private mutating func parseEscape(into text: inout [UInt8], multiline: Bool) throws(TOMLSyntaxError) {
        let start = position
        index += 1
        let replacement: UInt8
        switch peek() {
        case UInt8(ascii: "b")?: replacement = 0x08
        case UInt8(ascii: "t")?: replacement = 0x09
        case UInt8(ascii: "n")?: replacement = 0x0A
        case UInt8(ascii: "f")?: replacement = 0x0C
        case UInt8(ascii: "r")?: replacement = 0x0D
        case UInt8(ascii: "\"")?: replacement = UInt8(ascii: "\"")
        case UInt8(ascii: "\\")?: replacement = UInt8(ascii: "\\")
        case UInt8(ascii: "u")?, UInt8(ascii: "U")?:
            let digits = peek() == UInt8(ascii: "u") ? 4 : 8
            index += 1
            var value: UInt32 = 0
            for _ in 0..<digits {
                guard let byte = peek(), let digit = digitValue(byte, radix: 16) else {
                    throw error("\\\(digits == 4 ? "u" : "U") takes \(digits) hexadecimal digits, found \(found)")
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw error("\\\(digits == 4 ? "u" : "U")\(hex(Int(value), digits: digits)) is not a Unicode scalar value (a surrogate, or past 10FFFF)",
                            at: start)
            }
            text.append(contentsOf: String(scalar).utf8)
            return
        case UInt8(ascii: " ")?, UInt8(ascii: "\t")?, UInt8(ascii: "\n")?, UInt8(ascii: "\r")?:
            // A line-ending backslash: only blanks may follow it on its line; the line end
            // and all blanks and line ends after it are dropped.
            guard multiline else { throw invalidEscape(at: start) }
            skipWhitespace()
            guard consumeNewline() else {
                throw error("a '\\' followed by a blank must end its line (it drops the line end), found \(found)")
            }
            while true {
                skipWhitespace()
                if !consumeNewline() { break }
            }
            return
        default:
            throw invalidEscape(at: start)
        }
        text.append(replacement)
        index += 1
    }
}

extension TOMLParser {
    /// The error for a backslash at `start` that starts no escape (the byte after it is the
    /// current one).
    fileprivate func invalidEscape(at start: TOMLPosition) -> TOMLSyntaxError {
        error("\\ starts an escape (\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX), found \(found) after it", at: start)
    }
}

/// The value of `byte` as a digit in `radix` (2, 8, 10 or 16), nil when it is not one.
func digitValue(_ byte: UInt8, radix: Int) -> Int? {
    let value: Int
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): value = Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): value = Int(byte - UInt8(ascii: "A")) + 10
    default: return nil
    }
    return value < radix ? value : nil
}
