/// A reading position in UTF-8 bytes that knows its line and column, shared by the readers of
/// JSON, `.strings` files and XML property lists.
struct TextCursor {
    let bytes: [UInt8]
    private(set) var offset = 0
    private(set) var line = 1
    private var lineStart = 0

    init(_ bytes: [UInt8]) {
        // A UTF-8 byte order mark is not part of the text.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            self.bytes = bytes
            offset = 3
            lineStart = 3
        } else {
            self.bytes = bytes
        }
    }

    var isAtEnd: Bool { offset >= bytes.count }
    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }
    func peek(_ ahead: Int) -> UInt8? { offset + ahead < bytes.count ? bytes[offset + ahead] : nil }
    var column: Int { offset - lineStart + 1 }

    mutating func advance() {
        guard offset < bytes.count else { return }
        if bytes[offset] == 0x0A {
            line += 1
            lineStart = offset + 1
        }
        offset += 1
    }

    mutating func advance(by count: Int) {
        for _ in 0..<count { advance() }
    }

    /// Whether the text continues with `literal` (ASCII) here.
    func hasPrefix(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { buffer in
            for index in 0..<count where bytes[offset + index] != buffer[index] { return false }
            return true
        }
    }

    /// Skips spaces, tabs, carriage returns and line feeds.
    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    func error(_ message: String) -> LocalizationError {
        LocalizationError(.syntax, message, line: line, column: column)
    }

    func error(_ kind: LocalizationError.Kind, _ message: String) -> LocalizationError {
        LocalizationError(kind, message, line: line, column: column)
    }

    /// How the byte here reads in a message: `'}'`, `the end of the file`.
    var found: String {
        guard let byte = current else { return "the end of the file" }
        if byte >= 0x20 && byte < 0x7F { return "'" + String(UnicodeScalar(byte)) + "'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// The text from `start` to here, as a string (invalid UTF-8 repaired).
    func text(from start: Int) -> String {
        String(decoding: bytes[start..<offset], as: UTF8.self)
    }
}

extension String {
    /// Appends the Unicode scalar `value`, or U+FFFD when it is not a scalar value (a lone
    /// surrogate).
    mutating func appendScalar(_ value: UInt32) {
        unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
}
