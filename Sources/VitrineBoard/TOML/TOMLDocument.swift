/// A TOML 1.0 document read from text, with the place of every key and value.
///
/// Reading is all or nothing: a text that is not valid TOML 1.0 throws the first problem as a
/// `TOMLSyntaxError` with its line and column (what TOML forbids: a syntax error, a key
/// defined twice, a table defined twice or extended where the rules forbid it, an integer
/// beyond 64 bits, a date that does not exist, invalid UTF-8, a control character).
///
/// Hostile text cannot stop the caller: arrays and inline tables nest at most `maximumDepth`
/// deep, nothing else recurses, no byte sequence traps, time grows linearly with the text, and
/// a document holds at most `maximumNodeCount` keys, tables and values (about 150 bytes each
/// while read, so at most about 40 MB; a hostile megabyte of `a.a.a…` would otherwise make half
/// a million). A text over 2 GiB is refused. Nothing but the standard library is used.
package struct TOMLDocument: Sendable {
    /// How deep arrays and inline tables may nest inside each other (`a = [[[1]]]` is 3).
    /// Tables made by headers and dotted keys are not limited: they are read without
    /// recursion.
    package static let maximumDepth = 64

    /// How many keys, tables and values (each table made by a header or a dotted key, each
    /// element of an array) a document may hold: far more than any configuration file, few
    /// enough to bound the memory a hostile one takes.
    package static let maximumNodeCount = 250_000

    let storage: TOMLStorage

    /// Reads `text`. A byte-order mark is not skipped (TOML has none); strip it first.
    package init(parsing text: String) throws(TOMLSyntaxError) {
        try self.init(parsing: Array(text.utf8))
    }

    /// Reads the UTF-8 text `bytes`; invalid UTF-8 is an error at its first byte.
    package init(parsing bytes: [UInt8]) throws(TOMLSyntaxError) {
        var parser = TOMLParser(bytes)
        try parser.parseDocument()
        storage = TOMLStorage(nodes: parser.builder.nodes, keys: parser.builder.keys, bytes: bytes, comments: parser.comments)
    }

    /// The document's root table.
    package var root: TOMLTable { TOMLTable(storage: storage, index: 0) }
}

/// A table of a document (the root, a `[header]`, an inline table, one made by dotted keys
/// or by a deeper header): its keys in the order first written. A view: it keeps the whole
/// document alive.
package struct TOMLTable: Sendable {
    let storage: TOMLStorage
    let index: Int32

    private var node: TOMLNode { storage.nodes[Int(index)] }

    /// The keys, in the order each is first written.
    package var keys: [String] { storage.children(of: index).map { storage.nodes[Int($0)].name } }

    /// How many keys.
    package var count: Int { Int(node.childCount) }

    /// The value of `key`, nil when the table has none.
    package subscript(key: String) -> TOMLValue? {
        storage.keys[TOMLChildKey(table: index, name: key)].map { TOMLValue(storage: storage, index: $0) }
    }

    /// The table as a value (its kind, positions and path).
    package var value: TOMLValue { TOMLValue(storage: storage, index: index) }

    /// Where its `[header]` (or, for an element of an array of tables, its `[[header]]`)
    /// starts; nil for a table without one.
    package var headerPosition: TOMLPosition? { node.headerPosition }

    /// For a table without a header made only because a deeper header named it
    /// (`[display.extra.deeper]` makes `display.extra`), that header's keys
    /// (`["display", "extra", "deeper"]`); else nil.
    package var madeByHeader: [String]? {
        node.madeByHeader >= 0 ? storage.path(of: node.madeByHeader) : nil
    }
}

/// A value of a document with where it is written. A view: it keeps the whole document alive.
package struct TOMLValue: Sendable, CustomStringConvertible {
    let storage: TOMLStorage
    let index: Int32

    /// The TOML types. `description` is the word used in messages ("floating-point number").
    package enum Kind: Hashable, Sendable, CustomStringConvertible {
        case string, integer, float, boolean, offsetDateTime, localDateTime, localDate, localTime, array, table

        /// The type as a person says it: "string", "integer", "floating-point number",
        /// "boolean", "date-time", "date", "time", "array", "table".
        package var description: String {
            switch self {
            case .string: "string"
            case .integer: "integer"
            case .float: "floating-point number"
            case .boolean: "boolean"
            case .offsetDateTime, .localDateTime: "date-time"
            case .localDate: "date"
            case .localTime: "time"
            case .array: "array"
            case .table: "table"
            }
        }
    }

    private var node: TOMLNode { storage.nodes[Int(index)] }

    /// Its TOML type.
    package var kind: Kind {
        switch node.payload {
        case .string: .string
        case .integer: .integer
        case .float: .float
        case .boolean: .boolean
        case .dateTime(let value):
            value.date == nil ? .localTime : value.time == nil ? .localDate : value.offsetMinutes == nil ? .localDateTime : .offsetDateTime
        case .array: .array
        case .table: .table
        }
    }

    /// Where the key naming it is first written (for a dotted key `a.b.c`, where its own part
    /// is); nil for an array element and the root.
    package var keyPosition: TOMLPosition? { node.keyPosition }

    /// Where the value starts: its first character; for a table made by a header or dotted
    /// keys, where it is first named.
    package var position: TOMLPosition { node.position }

    /// The keys from the root to it (an array element adds none).
    package var path: [String] { storage.path(of: index) }

    /// The string, nil for another type.
    package var string: String? {
        if case .string(let value) = node.payload { return value }
        return nil
    }

    /// The integer, nil for another type.
    package var integer: Int64? {
        if case .integer(let value) = node.payload { return value }
        return nil
    }

    /// The integer when it fits an `Int` (always on 64-bit machines), nil otherwise.
    package var int: Int? { integer.flatMap { Int(exactly: $0) } }

    /// The floating-point number, nil for another type (an integer too).
    package var double: Double? {
        if case .float(let value) = node.payload { return value }
        return nil
    }

    /// The boolean, nil for another type.
    package var bool: Bool? {
        if case .boolean(let value) = node.payload { return value }
        return nil
    }

    /// The date, time or date-time, nil for another type.
    package var dateTime: TOMLDateTime? {
        if case .dateTime(let value) = node.payload { return value }
        return nil
    }

    /// The elements, nil when not an array (an array of tables is one).
    package var array: [TOMLValue]? {
        guard case .array = node.payload else { return nil }
        return storage.children(of: index).map { TOMLValue(storage: storage, index: $0) }
    }

    /// The table, nil when not one.
    package var table: TOMLTable? {
        node.isTable ? TOMLTable(storage: storage, index: index) : nil
    }

    /// The value's text as written (`[1, 2]`, `"a\tb"`, `0x1F`); nil for a table made by a
    /// header or dotted keys and for an array of tables, which have no text of their own.
    package var text: String? {
        let entry = node
        let end = Int(entry.end)
        guard end >= entry.position.offset, end <= storage.bytes.count else { return nil }
        return String(decoding: storage.bytes[entry.position.offset..<end], as: UTF8.self)
    }

    /// The value's text on the line where it starts, without a comment or trailing blanks, and
    /// " …" when it goes on over more lines (`[[1, 0, 0], …`): what an error message echoes.
    package var firstLineText: String? {
        let entry = node
        let valueEnd = Int(entry.end)
        guard valueEnd >= entry.position.offset, valueEnd <= storage.bytes.count else { return nil }
        let bytes = storage.bytes
        var end = entry.position.offset
        while end < valueEnd, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let continues = end < valueEnd
        if continues, let comment = firstComment(from: entry.position.offset), comment < end { end = comment }
        while end > entry.position.offset, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[end - 1]) {
            end -= 1
        }
        return String(decoding: bytes[entry.position.offset..<end], as: UTF8.self) + (continues ? " …" : "")
    }

    /// The offset of the first comment at or after `offset` (a binary search).
    private func firstComment(from offset: Int) -> Int? {
        let comments = storage.comments
        var low = 0
        var high = comments.count
        while low < high {
            let middle = (low + high) / 2
            if comments[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low < comments.count ? comments[low] : nil
    }

    /// `text` when it has one, else the kind ("table").
    package var description: String { text ?? kind.description }
}
