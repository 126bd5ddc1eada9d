/// One table, array or value of a document.
///
/// A document is a flat array of these linked by index, not a tree of nested values: freeing,
/// copying or walking a nested Swift value recurses once per level, and a hostile file of one
/// key with a hundred thousand dotted parts would make that many levels. Here nothing recurses
/// over the tables, whatever their depth.
struct TOMLNode: Sendable {
    enum Payload: Sendable {
        case string(String)
        case integer(Int64)
        case float(Double)
        case boolean(Bool)
        /// Boxed: a date-time is larger than the other payloads, and rare.
        indirect case dateTime(TOMLDateTime)
        /// An array; `ofTables` when made by `[[header]]`s rather than written as a value.
        case array(ofTables: Bool)
        case table
    }

    var payload: Payload
    /// The key naming it in its table; "" for the root and for array elements.
    var name: String
    /// The index of the table or array holding it; -1 for the root.
    var parent: Int32
    /// Where the key (or the key part) naming it is first written; nil for the root and for
    /// array elements.
    var keyPosition: TOMLPosition?
    /// Where the value starts; for a table that has no text of its own (made by a header or
    /// by dotted keys), where it is first named.
    var position: TOMLPosition
    /// The byte offset just after the value's text; -1 when it has none (tables made by
    /// headers or dotted keys).
    var end: Int32 = -1
    /// A table's `[header]` (or its element's `[[header]]`).
    var headerPosition: TOMLPosition?
    /// For a table made only because a deeper header named it (`[a.b.c]` makes `a` and
    /// `a.b`), the table that header defines.
    var madeByHeader: Int32 = -1

    // What may still be done to it, as TOML's rules against redefinition say.
    /// Defined by a `[header]`, or an array of tables: no `[header]` may define it again and
    /// no dotted key may add to it.
    var isExplicit = false
    /// An inline table or an array written as a value: nothing may be added to it afterwards.
    var isFrozen = false
    /// The section (counted by headers) in which dotted keys first made or extended this
    /// table; -1 when none did. Dotted keys may add to it only within that section, and no
    /// header may define it.
    var dottedSection: Int32 = -1

    // Children in the order written: a table's keys, an array's elements.
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var nextSibling: Int32 = -1
    var childCount: Int32 = 0

    init(_ payload: Payload, name: String = "", parent: Int32, keyPosition: TOMLPosition? = nil, position: TOMLPosition) {
        self.payload = payload
        self.name = name
        self.parent = parent
        self.keyPosition = keyPosition
        self.position = position
    }

    var isTable: Bool {
        if case .table = payload { return true }
        return false
    }
}

/// A table's key: which table, which name. One dictionary for the whole document finds a key
/// in any table in constant time, so a table of 100,000 keys costs no more per key than one
/// of three.
struct TOMLChildKey: Hashable, Sendable {
    var table: Int32
    var name: String
}

/// The nodes of a parsed document and what finds them, shared by every view into it.
final class TOMLStorage: Sendable {
    let nodes: [TOMLNode]
    let keys: [TOMLChildKey: Int32]
    /// The text's bytes, for the text of values as written.
    let bytes: [UInt8]
    /// The byte offsets of the `#` of every comment, in order.
    let comments: [Int]

    init(nodes: [TOMLNode], keys: [TOMLChildKey: Int32], bytes: [UInt8], comments: [Int]) {
        self.nodes = nodes
        self.keys = keys
        self.bytes = bytes
        self.comments = comments
    }

    /// The indices of `node`'s children, in order.
    func children(of node: Int32) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(Int(nodes[Int(node)].childCount))
        var child = nodes[Int(node)].firstChild
        while child >= 0 {
            result.append(child)
            child = nodes[Int(child)].nextSibling
        }
        return result
    }

    /// The keys from the root to `node`; an array element adds no key of its own.
    func path(of node: Int32) -> [String] { nodes.path(of: node) }
}

/// Builds the nodes while the parser reads; `TOMLParser` applies TOML's rules on top.
struct TOMLBuilder {
    var nodes: [TOMLNode]
    var keys: [TOMLChildKey: Int32] = [:]

    init() {
        var root = TOMLNode(.table, parent: -1, position: TOMLPosition(line: 1, column: 1, offset: 0))
        root.isExplicit = true
        nodes = [root]
    }

    /// The keys from the root to `node`, as `TOMLStorage.path(of:)`.
    func path(of node: Int32) -> [String] { nodes.path(of: node) }

    /// The child of table `table` named `name`.
    func child(_ table: Int32, _ name: String) -> Int32? {
        keys[TOMLChildKey(table: table, name: name)]
    }

    /// Appends `node` as the last child of its parent (and as a key of it when the parent is
    /// a table) and returns its index.
    mutating func add(_ node: TOMLNode) -> Int32 {
        let index = Int32(nodes.count)
        let parent = Int(node.parent)
        nodes.append(node)
        if nodes[parent].lastChild >= 0 {
            nodes[Int(nodes[parent].lastChild)].nextSibling = index
        } else {
            nodes[parent].firstChild = index
        }
        nodes[parent].lastChild = index
        nodes[parent].childCount += 1
        if nodes[parent].isTable { keys[TOMLChildKey(table: node.parent, name: node.name)] = index }
        return index
    }
}

extension Array where Element == TOMLNode {
    /// The keys from the root to `node`; an array element adds no key of its own.
    func path(of node: Int32) -> [String] {
        var path: [String] = []
        var current = node
        while current > 0 {
            let entry = self[Int(current)]
            if entry.keyPosition != nil { path.append(entry.name) }
            current = entry.parent
        }
        return path.reversed()
    }
}
