/// Reads TOML 1.0 text byte by byte into a `TOMLBuilder`: statements, keys, headers and the
/// rules against redefinition here; values in `TOMLParser+Values.swift`.
///
/// The rules follow the TOML 1.0 specification where it is explicit and Python's `tomllib`
/// (the reference the tests compare against) where it is not: a table made by dotted keys
/// may be extended by more dotted keys only in the section that made it; a table made only
/// because a deeper header named it may still get its own header, or dotted keys.
struct TOMLParser {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    /// The offset of the current line's first byte.
    var lineStart = 0
    var builder = TOMLBuilder()
    var comments: [Int] = []
    /// Counts headers: dotted keys may extend a table only in the section that made it.
    var section: Int32 = 0
    /// The table that `key = value` lines go into: the root, then the last header's.
    var currentTable: Int32 = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A key as written: its name and where it starts.
    struct KeyPart {
        var name: String
        var position: TOMLPosition
    }

    // MARK: Bytes

    var position: TOMLPosition { TOMLPosition(line: line, column: index - lineStart + 1, offset: index) }

    /// The byte `ahead` bytes after the current one; nil past the end.
    func peek(_ ahead: Int = 0) -> UInt8? {
        let at = index + ahead
        return at < bytes.count ? bytes[at] : nil
    }

    func error(_ message: String, at where: TOMLPosition? = nil) -> TOMLSyntaxError {
        TOMLSyntaxError(message, at: `where` ?? position)
    }

    /// The current byte as a message names it: `'='`, "a tab", "the end of the line"…
    var found: String {
        guard let byte = peek() else { return "the end of the file" }
        switch byte {
        case UInt8(ascii: "\n"): return "the end of the line"
        case UInt8(ascii: "\r"): return peek(1) == UInt8(ascii: "\n") ? "the end of the line" : "a carriage return without a line feed"
        case UInt8(ascii: "\t"): return "a tab"
        case UInt8(ascii: " "): return "a space"
        case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0..<0x20, 0x7F: return "the control character U+\(hex(Int(byte), digits: 4))"
        default:
            // Validated UTF-8: decode the scalar to show it.
            var iterator = bytes[index...].makeIterator()
            var decoder = UTF8()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) { return "'\(Character(scalar))'" }
            return "the byte 0x\(hex(Int(byte), digits: 2))"
        }
    }

    /// Adds `node` to the document (see `TOMLBuilder.add`), refusing more than
    /// `TOMLDocument.maximumNodeCount`.
    mutating func add(_ node: TOMLNode) throws(TOMLSyntaxError) -> Int32 {
        guard builder.nodes.count < TOMLDocument.maximumNodeCount else {
            throw error("the document holds more than \(TOMLDocument.maximumNodeCount) keys, tables and values", at: node.keyPosition ?? node.position)
        }
        return builder.add(node)
    }

    /// Skips spaces and tabs.
    mutating func skipWhitespace() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    /// Consumes a line end (LF or CR LF) and counts the line; false (consuming nothing) when
    /// there is none here.
    mutating func consumeNewline() -> Bool {
        if peek() == UInt8(ascii: "\n") {
            index += 1
        } else if peek() == UInt8(ascii: "\r") && peek(1) == UInt8(ascii: "\n") {
            index += 2
        } else {
            return false
        }
        line += 1
        lineStart = index
        return true
    }

    /// Skips a comment when one starts here (not its line end).
    mutating func skipComment() throws(TOMLSyntaxError) {
        guard peek() == UInt8(ascii: "#") else { return }
        comments.append(index)
        index += 1
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\r") && peek(1) == UInt8(ascii: "\n") { return }
            if isControl(byte) { throw error("a comment cannot hold \(found)") }
            index += 1
        }
    }

    // MARK: Statements

    mutating func parseDocument() throws(TOMLSyntaxError) {
        guard bytes.count < Int(Int32.max) else {
            throw error("the text is larger than 2 GiB", at: TOMLPosition(line: 1, column: 1, offset: 0))
        }
        try validateUTF8()
        while true {
            skipWhitespace()
            guard let byte = peek() else { return }
            if consumeNewline() { continue }
            if byte == UInt8(ascii: "[") {
                try parseHeader()
            } else if isBareKeyByte(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                try parseKeyValue()
            } else if byte != UInt8(ascii: "#") {
                throw error("expected a key, a [table] header or a comment, found \(found)")
            }
            skipWhitespace()
            try skipComment()
            guard peek() == nil || consumeNewline() else {
                throw error("expected the end of the line (or a comment), found \(found)")
            }
        }
    }

    /// `key = value` into the current table.
    mutating func parseKeyValue() throws(TOMLSyntaxError) {
        let key = try parseKey()
        let (table, last) = try claim(key, in: currentTable, insideInlineTable: false)
        try parseEquals(after: key)
        _ = try parseValue(in: table, name: last.name, keyPosition: last.position, depth: 0)
    }

    mutating func parseEquals(after key: [KeyPart]) throws(TOMLSyntaxError) {
        guard peek() == UInt8(ascii: "=") else {
            throw error("expected '=' after the key \(Self.quoted(key.map(\.name))), found \(found)")
        }
        index += 1
        skipWhitespace()
    }

    /// A dotted key: parts joined by `.`, blanks around the dots allowed. Skips blanks after it.
    mutating func parseKey() throws(TOMLSyntaxError) -> [KeyPart] {
        var parts = [try parseKeyPart()]
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: ".") else { return parts }
            index += 1
            skipWhitespace()
            // Each part is a table; stop before collecting more than a document may hold.
            guard parts.count < TOMLDocument.maximumNodeCount else {
                throw error("the document holds more than \(TOMLDocument.maximumNodeCount) keys, tables and values")
            }
            parts.append(try parseKeyPart())
        }
    }

    private mutating func parseKeyPart() throws(TOMLSyntaxError) -> KeyPart {
        let start = position
        switch peek() {
        case UInt8(ascii: "\"")?:
            if peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"") {
                throw error("a key cannot be a multi-line string")
            }
            return KeyPart(name: try parseBasicString(), position: start)
        case UInt8(ascii: "'")?:
            if peek(1) == UInt8(ascii: "'") && peek(2) == UInt8(ascii: "'") {
                throw error("a key cannot be a multi-line string")
            }
            return KeyPart(name: try parseLiteralString(), position: start)
        case let byte? where isBareKeyByte(byte):
            while let byte = peek(), isBareKeyByte(byte) { index += 1 }
            return KeyPart(name: String(decoding: bytes[start.offset..<index], as: UTF8.self), position: start)
        default:
            throw error("expected a key (letters, digits, '_' and '-', or a quoted string), found \(found)")
        }
    }

    // MARK: Tables

    /// `[a.b]` or `[[a.b]]`: makes or finds the table and starts its section.
    mutating func parseHeader() throws(TOMLSyntaxError) {
        let start = position
        let isArray = peek(1) == UInt8(ascii: "[")
        index += isArray ? 2 : 1
        skipWhitespace()
        let key = try parseKey()
        let closing = isArray ? "]]" : "]"
        guard peek() == UInt8(ascii: "]") && (!isArray || peek(1) == UInt8(ascii: "]")) else {
            throw error("expected '\(closing)' to end the header \(Self.quoted(key.map(\.name))), found \(found)")
        }
        index += closing.utf8.count
        section += 1
        currentTable = try defineTable(key, header: start, isArrayElement: isArray)
    }

    /// Walks `key` from the root as a header does, making tables as needed, and returns the
    /// table the header defines (for `[[…]]`, a new element of its array of tables).
    private mutating func defineTable(_ key: [KeyPart], header: TOMLPosition, isArrayElement: Bool) throws(TOMLSyntaxError) -> Int32 {
        var current: Int32 = 0
        var madeOnTheWay: [Int32] = []
        for (number, part) in key.enumerated() {
            let isLast = number == key.count - 1
            guard let existing = builder.child(current, part.name) else {
                if isLast && isArrayElement {
                    var array = TOMLNode(.array(ofTables: true), name: part.name, parent: current, keyPosition: part.position, position: header)
                    array.isExplicit = true
                    array.headerPosition = header
                    current = try add(array)
                    break
                }
                var table = TOMLNode(.table, name: part.name, parent: current, keyPosition: part.position, position: part.position)
                if isLast {
                    table.isExplicit = true
                    table.headerPosition = header
                }
                current = try add(table)
                if !isLast { madeOnTheWay.append(current) }
                continue
            }
            let node = builder.nodes[Int(existing)]
            // Named only for an error: building it for every part would make a key of n parts cost n².
            var path: String { Self.quoted(key.prefix(number + 1).map(\.name)) }
            if node.isFrozen {
                throw error("\(path) is \(Self.describe(node)), which cannot be extended", at: part.position)
            }
            switch node.payload {
            case .table where isLast && isArrayElement:
                throw error("\(path) is already a table (\(node.position)), not an array of tables", at: part.position)
            case .table where isLast:
                if node.isExplicit || node.dottedSection >= 0 {
                    throw error("the table \(path) is already defined (\(node.headerPosition ?? node.position))", at: part.position)
                }
                builder.nodes[Int(existing)].isExplicit = true
                builder.nodes[Int(existing)].headerPosition = header
                current = existing
            case .table:
                current = existing
            case .array(ofTables: true) where isLast && !isArrayElement:
                throw error("\(path) is an array of tables (\(node.position)): add an element with a [[header]]", at: part.position)
            case .array(ofTables: true):
                current = isLast ? existing : node.lastChild
            default:
                throw error("\(path) already holds a value (\(node.position)), not a table", at: part.position)
            }
        }
        if isArrayElement {
            var element = TOMLNode(.table, parent: current, position: header)
            element.isExplicit = true
            element.headerPosition = header
            current = try add(element)
        }
        for table in madeOnTheWay { builder.nodes[Int(table)].madeByHeader = current }
        return current
    }

    /// Makes or finds the tables of a dotted key's leading parts, starting at `table`, and
    /// returns the table its last part goes into; throws when the rules forbid adding there
    /// or the key is already defined.
    mutating func claim(_ key: [KeyPart], in table: Int32, insideInlineTable: Bool) throws(TOMLSyntaxError) -> (Int32, KeyPart) {
        var current = table
        for part in key.dropLast() {
            guard let existing = builder.child(current, part.name) else {
                var made = TOMLNode(.table, name: part.name, parent: current, keyPosition: part.position, position: part.position)
                if !insideInlineTable { made.dottedSection = section }
                current = try add(made)
                continue
            }
            let node = builder.nodes[Int(existing)]
            // The table's whole path (from the root, not from the current table), built only
            // for an error.
            var path: String { Self.quoted(builder.path(of: existing)) }
            guard node.isTable else {
                throw error("\(path) already holds \(Self.describe(node)) (\(node.position)), not a table", at: part.position)
            }
            if node.isFrozen {
                throw error("\(path) is \(Self.describe(node)) (\(node.position)), which cannot be extended", at: part.position)
            }
            if !insideInlineTable {
                if node.isExplicit || (node.dottedSection >= 0 && node.dottedSection != section) {
                    throw error("the table \(path) is defined at \(node.headerPosition ?? node.position); dotted keys cannot add to it here",
                                at: part.position)
                }
                builder.nodes[Int(existing)].dottedSection = section
            }
            current = existing
        }
        let last = key[key.count - 1]
        if let existing = builder.child(current, last.name) {
            throw error("the key \(Self.quoted(key.map(\.name))) is already defined (\(builder.nodes[Int(existing)].keyPosition ?? builder.nodes[Int(existing)].position))",
                        at: last.position)
        }
        return (current, last)
    }

    // MARK: Naming

    /// `` `a.b` `` (parts with other than bare-key characters in quotes), cut to
    /// `nameLimit` characters ending in "…": a hostile key of a megabyte is never echoed whole.
    static func quoted(_ parts: [String]) -> String {
        var written = ""
        for part in parts {
            if !written.isEmpty { written += "." }
            written += !part.isEmpty && part.utf8.allSatisfy(isBareKeyByte) ? part : "\"\(part)\""
            if written.count > nameLimit { break }
        }
        if written.count > nameLimit { written = String(written.prefix(nameLimit - 1)) + "…" }
        return "`\(written)`"
    }

    /// How many characters of a key a message names.
    static let nameLimit = 60

    static func describe(_ node: TOMLNode) -> String {
        switch node.payload {
        case .table: "an inline table"
        case .array(ofTables: true): "an array of tables"
        case .array: "an array"
        default: "a value"
        }
    }

    // MARK: UTF-8

    /// Throws at the first byte that does not start a well-formed UTF-8 sequence (RFC 3629:
    /// no overlong forms, no surrogates, nothing past U+10FFFF).
    private mutating func validateUTF8() throws(TOMLSyntaxError) {
        var at = 0
        while at < bytes.count {
            let byte = bytes[at]
            if byte < 0x80 {
                at += 1
                continue
            }
            var length = 0
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; second = 0x80...0x8F
            default: length = 0
            }
            var valid = length > 0 && at + length <= bytes.count && second.contains(bytes[at + 1])
            if valid {
                for next in (at + 2)..<(at + length) where !(0x80...0xBF).contains(bytes[next]) { valid = false }
            }
            guard valid else {
                // Count the lines up to here for the error's position.
                while index < at {
                    if bytes[index] == UInt8(ascii: "\n") {
                        line += 1
                        lineStart = index + 1
                    }
                    index += 1
                }
                throw error("invalid UTF-8 (the byte 0x\(hex(Int(byte), digits: 2))): a TOML file is UTF-8 text")
            }
            at += length
        }
    }
}

/// `A`–`Z`, `a`–`z`, `0`–`9`, `_` and `-`: what a bare key is made of.
func isBareKeyByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
         UInt8(ascii: "_"), UInt8(ascii: "-"): true
    default: false
    }
}

/// The control characters TOML forbids in comments and strings: U+0000–U+001F but tab, and
/// U+007F. (Line ends are handled before this is asked.)
func isControl(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
}

/// `value` in upper-case hexadecimal, at least `digits` long.
func hex(_ value: Int, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
