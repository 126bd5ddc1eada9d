/// Where each table header and key of a TOML document is written: its line, and the value's
/// text as written there.
///
/// Hand-written on purpose (where issue 14 put libraries in place of the other hand-written
/// parts): TOMLKit parses into tables without source positions, so an error about a field would
/// not be able to name its line, and no other TOML library in the project gives them. This scans the text the way a TOML reader does at the level of
/// lines (table headers, `key = value`, dotted and quoted keys, strings, comments, values that
/// span lines) without interpreting values; TOMLKit stays the parser of record. It is only
/// consulted for documents TOMLKit accepted.
struct TOMLSourceMap {
    /// One key's place: the 1-based line and the value's text on that line (comment stripped).
    struct Entry: Hashable {
        var line: Int
        var valueText: String
    }

    private(set) var keys: [[String]: Entry] = [:]
    private(set) var tables: [[String]: Int] = [:]
    /// For each table path up to `insideDepth` components, the first header or key written
    /// inside it (found once while scanning, so asking is a lookup, not a search).
    private var firstInside: [[String]: (path: [String], line: Int, isTable: Bool)] = [:]
    /// How deep `firstWritten(inside:)` answers: deeper than any profile table (3), bounded so a
    /// hostile key of thousands of dotted parts costs no more than a short one.
    static let insideDepth = 4

    /// Scans `text`. Lines end at each LF byte (a CR before it is ignored): splitting the
    /// `String` on the Character "\n" would not split CRLF, which Swift reads as one Character.
    /// A UTF-8 byte-order mark at the start is skipped.
    init(_ text: String) {
        var scanner = Scanner()
        var lineNumber = 0
        var bytes = Substring(text).utf8[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = Array(rawLine)
            if scanner.isInsideValue {
                scanner.continueValue(line, from: 0)
                continue
            }
            var index = skipSpaces(line, from: 0)
            guard index < line.count, line[index] != UInt8(ascii: "#"), line[index] != UInt8(ascii: "\r") else { continue }
            if line[index] == UInt8(ascii: "[") {
                let isArrayOfTables = index + 1 < line.count && line[index + 1] == UInt8(ascii: "[")
                index += isArrayOfTables ? 2 : 1
                let (path, _) = parseKey(line, from: index, until: UInt8(ascii: "]"))
                scanner.currentTable = path
                if tables[path] == nil { tables[path] = lineNumber }
                noteInside(path, line: lineNumber, isTable: true)
                continue
            }
            let (keyPath, end) = parseKey(line, from: index, until: UInt8(ascii: "="))
            guard end < line.count, !keyPath.isEmpty else { continue }
            let valueStart = skipSpaces(line, from: end + 1)
            let valueEnd = scanner.continueValue(line, from: valueStart)
            let valueText = String(decoding: line[valueStart..<valueEnd], as: UTF8.self)
            let trimmed = valueText.trimmingTrailingSpaces() + (scanner.isInsideValue ? " …" : "")
            let full = scanner.currentTable + keyPath
            if keys[full] == nil { keys[full] = Entry(line: lineNumber, valueText: trimmed) }
            noteInside(full, line: lineNumber, isTable: false)
        }
    }

    /// Records `path` as the first thing written inside each of its proper prefixes that has
    /// none yet (lines only grow while scanning, so the first recorded is the first written).
    private mutating func noteInside(_ path: [String], line: Int, isTable: Bool) {
        for length in 1..<min(path.count, Self.insideDepth + 1) where firstInside[Array(path.prefix(length))] == nil {
            firstInside[Array(path.prefix(length))] = (path, line, isTable)
        }
    }

    /// The line of the key at `path` (table names then key), of the table header when `path`
    /// names a table; for a table made implicitly by a deeper header or dotted key
    /// (`[display.extra.deeper]` makes `display.extra`), the line of the first one written
    /// inside it; else of the nearest enclosing key or table that is written (a value inside an
    /// inline table or an array: the line of the key that holds it). Nil when none is.
    func line(of path: [String]) -> Int? {
        if keys[path] == nil, tables[path] == nil, let inside = firstWritten(inside: path) { return inside.line }
        var path = path
        while !path.isEmpty {
            if let entry = keys[path] { return entry.line }
            if let line = tables[path] { return line }
            path.removeLast()
        }
        return nil
    }

    /// The line of the header of the table `path`, nil when it has none.
    func line(ofTable path: [String]) -> Int? { tables[path] }

    /// The first table header or key written inside the table `path` (not `path` itself), by
    /// line: its full path, its line, and whether it is a table header.
    /// Nil for a table deeper than `insideDepth`.
    func firstWritten(inside path: [String]) -> (path: [String], line: Int, isTable: Bool)? {
        firstInside[path]
    }

    /// The value of the key at `path` as written on its line (multi-line values end in `…`).
    func valueText(of path: [String]) -> String? { keys[path]?.valueText }

    // MARK: Lexing

    /// What spans lines: a multi-line string, or brackets (arrays, inline tables) left open.
    private struct Scanner {
        var currentTable: [String] = []
        var openBrackets = 0
        var multilineQuote: UInt8?

        var isInsideValue: Bool { openBrackets > 0 || multilineQuote != nil }

        /// Reads a value (or the rest of one) from `from`, tracking strings and brackets, and
        /// returns where the value's text ends on this line (before a comment).
        @discardableResult
        mutating func continueValue(_ line: [UInt8], from start: Int) -> Int {
            var index = start
            var end = line.count
            while index < line.count {
                let byte = line[index]
                if let quote = multilineQuote {
                    if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                        index += 2
                        continue
                    }
                    if isTripleQuote(line, at: index, quote) {
                        multilineQuote = nil
                        index += 3
                        // A closing delimiter may be followed by up to two more quotes of content.
                        while index < line.count && line[index] == quote { index += 1 }
                        continue
                    }
                    index += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    if isTripleQuote(line, at: index, byte) {
                        multilineQuote = byte
                        index += 3
                    } else {
                        index = skipString(line, from: index)
                    }
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    openBrackets += 1
                    index += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    openBrackets = max(0, openBrackets - 1)
                    index += 1
                case UInt8(ascii: "#"):
                    end = index
                    index = line.count
                default:
                    index += 1
                }
            }
            if end > line.count { end = line.count }
            while end > start, line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return end
        }
    }
}

private func skipSpaces(_ line: [UInt8], from start: Int) -> Int {
    var index = start
    while index < line.count, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") { index += 1 }
    return index
}

private func isTripleQuote(_ line: [UInt8], at index: Int, _ quote: UInt8) -> Bool {
    index + 2 < line.count && line[index] == quote && line[index + 1] == quote && line[index + 2] == quote
}

/// The index after the single-line string starting at `start` (its opening quote).
private func skipString(_ line: [UInt8], from start: Int) -> Int {
    let quote = line[start]
    var index = start + 1
    while index < line.count {
        if line[index] == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
            index += 2
            continue
        }
        if line[index] == quote { return index + 1 }
        index += 1
    }
    return index
}

/// Reads a (dotted, possibly quoted) key from `start` up to `terminator` (`=` after a key, `]`
/// in a table header), and returns its components and the terminator's index (`line.count`
/// when it is missing).
private func parseKey(_ line: [UInt8], from start: Int, until terminator: UInt8) -> ([String], Int) {
    var components: [String] = []
    var current: [UInt8] = []
    var index = start
    while index < line.count {
        let byte = line[index]
        if byte == terminator {
            break
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            let end = skipString(line, from: index)
            let inner = line[(index + 1)..<max(index + 1, end - 1)]
            current.append(contentsOf: inner)
            index = end
            continue
        } else if byte == UInt8(ascii: ".") {
            components.append(String(decoding: current, as: UTF8.self))
            current.removeAll()
        } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
            current.append(byte)
        }
        index += 1
    }
    components.append(String(decoding: current, as: UTF8.self))
    return (components, index)
}

extension String {
    /// The string without trailing spaces and tabs.
    func trimmingTrailingSpaces() -> String {
        var scalars = Substring(self)
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
