/// A place in a TOML text.
///
/// `line` and `column` are 1-based; `column` counts UTF-8 bytes from the start of the line,
/// as `nulBytePosition(in:)` and compilers do, so a tab or an "é" before it counts as 1 or 2.
/// `offset` is the 0-based byte offset from the start of the text.
package struct TOMLPosition: Hashable, Sendable, CustomStringConvertible {
    // Kept in 32 bits (a document is under 2 GiB): a document holds three positions for each of
    // its nodes, and a hostile megabyte can make half a million nodes.
    private var storedLine: Int32
    private var storedColumn: Int32
    private var storedOffset: Int32

    /// The 1-based line; lines end at each LF (a CR before it belongs to the line end).
    package var line: Int { Int(storedLine) }
    /// The 1-based column, in UTF-8 bytes.
    package var column: Int { Int(storedColumn) }
    /// The 0-based byte offset in the text.
    package var offset: Int { Int(storedOffset) }

    /// A position at `line` and `column` (1-based), `offset` bytes into the text; each is kept
    /// in 32 bits (the reader refuses texts over 2 GiB).
    package init(line: Int, column: Int, offset: Int) {
        storedLine = Int32(truncatingIfNeeded: line)
        storedColumn = Int32(truncatingIfNeeded: column)
        storedOffset = Int32(truncatingIfNeeded: offset)
    }

    /// `line 3, column 9`.
    package var description: String { "line \(line), column \(column)" }
}

/// Why a text is not valid TOML 1.0: where, and what was expected there.
///
/// `message` is one clause for a person ("expected '=' after the key `scale`, found ':'"); it
/// names no file, so a caller puts the file and `line:column` in front.
package struct TOMLSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line of the problem.
    package var line: Int
    /// The 1-based column of the problem, in UTF-8 bytes.
    package var column: Int
    /// What is wrong and what was expected.
    package var message: String

    /// An error at `position` saying `message`.
    package init(_ message: String, at position: TOMLPosition) {
        self.line = position.line
        self.column = position.column
        self.message = message
    }

    /// `3:9: expected a value after '=', found '='`.
    package var description: String { "\(line):\(column): \(message)" }
}
