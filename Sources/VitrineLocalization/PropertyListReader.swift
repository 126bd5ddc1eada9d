/// A value of an XML property list, as a `.stringsdict` needs: dictionaries keep their order.
enum PropertyListValue: Equatable {
    case dictionary([(key: String, value: PropertyListValue)])
    case array([PropertyListValue])
    case string(String)
    case number(String)
    case bool(Bool)

    static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case let (.dictionary(a), .dictionary(b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(a), .array(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        default: false
        }
    }

    subscript(key: String) -> PropertyListValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.last(where: { $0.key == key })?.value
    }

    var string: String? { if case .string(let text) = self { text } else { nil } }
    var entries: [(key: String, value: PropertyListValue)]? { if case .dictionary(let entries) = self { entries } else { nil } }
}

/// Reads an XML property list (Apple's `PropertyList-1.0` DTD): `plist`, `dict` with `key`,
/// `array`, `string`, `integer`, `real`, `true`, `false`; `data` and `date` are read as strings.
/// The XML declaration, the doctype, comments, CDATA sections, and the five named entities
/// and numeric character references are handled; namespaces and other entities are not (a
/// property list has none).
struct PropertyListReader {
    private var cursor: TextCursor
    private let limits: StringsReaderLimits

    static func parse(_ bytes: [UInt8], limits: StringsReaderLimits = .standard) throws(LocalizationError) -> PropertyListValue {
        guard bytes.count <= limits.maximumFileSize else {
            throw LocalizationError(.tooLarge, "the file has \(bytes.count) bytes, more than the \(limits.maximumFileSize) read")
        }
        var reader = PropertyListReader(cursor: TextCursor(try StringsFileReader.utf8(bytes)), limits: limits)
        try reader.skipProlog()
        guard let (name, empty) = try reader.openTag(), name == "plist" else {
            throw reader.cursor.error("expected <plist>, found \(reader.cursor.found)")
        }
        guard !empty else { throw LocalizationError(.structure, "the property list is empty") }
        try reader.skipMisc()
        let value = try reader.value(depth: 0)
        try reader.skipMisc()
        try reader.closeTag("plist")
        try reader.skipMisc()
        guard reader.cursor.isAtEnd else { throw reader.cursor.error("expected the end of the file after </plist>, found \(reader.cursor.found)") }
        return value
    }

    /// Skips the XML declaration, comments and the doctype.
    private mutating func skipProlog() throws(LocalizationError) {
        while true {
            try skipMisc()
            if cursor.hasPrefix("<!DOCTYPE") {
                while let byte = cursor.current, byte != UInt8(ascii: ">") { cursor.advance() }
                cursor.advance()
            } else {
                return
            }
        }
    }

    /// Skips whitespace, comments and processing instructions.
    private mutating func skipMisc() throws(LocalizationError) {
        while true {
            cursor.skipWhitespace()
            if cursor.hasPrefix("<!--") {
                let line = cursor.line, column = cursor.column
                while !cursor.isAtEnd && !cursor.hasPrefix("-->") { cursor.advance() }
                guard !cursor.isAtEnd else { throw LocalizationError(.syntax, "the comment opened here is not closed with '-->'", line: line, column: column) }
                cursor.advance(by: 3)
            } else if cursor.hasPrefix("<?") {
                while !cursor.isAtEnd && !cursor.hasPrefix("?>") { cursor.advance() }
                cursor.advance(by: 2)
            } else {
                return
            }
        }
    }

    /// Reads `<name attributes…>` or `<name/>`: the name and whether it was empty. Nil (nothing
    /// read) when the text here is a closing tag.
    private mutating func openTag() throws(LocalizationError) -> (String, Bool)? {
        guard cursor.current == UInt8(ascii: "<"), cursor.peek(1) != UInt8(ascii: "/") else { return nil }
        cursor.advance()
        let start = cursor.offset
        while let byte = cursor.current, byte != UInt8(ascii: ">"), byte != UInt8(ascii: "/"), byte > 0x20 { cursor.advance() }
        let name = cursor.text(from: start)
        guard !name.isEmpty else { throw cursor.error("expected an element's name after '<', found \(cursor.found)") }
        // Attributes are skipped (a quoted '>' would end the tag early: property lists have none).
        while let byte = cursor.current, byte != UInt8(ascii: ">") {
            if byte == UInt8(ascii: "/") && cursor.peek(1) == UInt8(ascii: ">") { cursor.advance(by: 2); return (name, true) }
            cursor.advance()
        }
        guard !cursor.isAtEnd else { throw cursor.error("the tag <\(name)> is not closed with '>'") }
        cursor.advance()
        return (name, false)
    }

    private mutating func closeTag(_ name: String) throws(LocalizationError) {
        let start = cursor.offset
        guard cursor.hasPrefix("</") else { throw cursor.error("expected </\(name)>, found \(cursor.found)") }
        cursor.advance(by: 2)
        let nameStart = cursor.offset
        while let byte = cursor.current, byte != UInt8(ascii: ">"), byte > 0x20 { cursor.advance() }
        let found = cursor.text(from: nameStart)
        cursor.skipWhitespace()
        guard found == name, cursor.current == UInt8(ascii: ">") else {
            _ = start
            throw cursor.error("expected </\(name)>, found </\(found)")
        }
        cursor.advance()
    }

    private mutating func value(depth: Int) throws(LocalizationError) -> PropertyListValue {
        guard depth < limits.maximumDepth else { throw cursor.error(.tooLarge, "values nest deeper than \(limits.maximumDepth) levels") }
        guard let (name, empty) = try openTag() else { throw cursor.error("expected a value (<dict>, <string> …), found \(cursor.found)") }
        switch name {
        case "dict":
            var entries: [(key: String, value: PropertyListValue)] = []
            guard !empty else { return .dictionary(entries) }
            while true {
                try skipMisc()
                if cursor.hasPrefix("</") { try closeTag("dict"); return .dictionary(entries) }
                guard let (keyTag, keyEmpty) = try openTag(), keyTag == "key" else {
                    throw cursor.error("expected <key> in a <dict>")
                }
                let key = keyEmpty ? "" : try text(until: "key")
                try skipMisc()
                entries.append((key, try value(depth: depth + 1)))
            }
        case "array":
            var items: [PropertyListValue] = []
            guard !empty else { return .array(items) }
            while true {
                try skipMisc()
                if cursor.hasPrefix("</") { try closeTag("array"); return .array(items) }
                items.append(try value(depth: depth + 1))
            }
        case "string", "data", "date":
            return .string(empty ? "" : try text(until: name))
        case "integer", "real":
            return .number(empty ? "" : try text(until: name))
        case "true", "false":
            if !empty { try closeTag(name) }
            return .bool(name == "true")
        default:
            throw cursor.error(.structure, "<\(name)> is not a property list element")
        }
    }

    /// Character data up to `</name>`, entities decoded, CDATA kept as it is.
    private mutating func text(until name: String) throws(LocalizationError) -> String {
        var bytes: [UInt8] = []
        while true {
            guard let byte = cursor.current else { throw cursor.error("<\(name)> is not closed") }
            if cursor.hasPrefix("<![CDATA[") {
                cursor.advance(by: 9)
                while !cursor.isAtEnd && !cursor.hasPrefix("]]>") { bytes.append(cursor.current!); cursor.advance() }
                cursor.advance(by: 3)
            } else if cursor.hasPrefix("<!--") {
                try skipMisc()
            } else if byte == UInt8(ascii: "<") {
                try closeTag(name)
                break
            } else if byte == UInt8(ascii: "&") {
                bytes += Array(try entity().utf8)
            } else {
                bytes.append(byte)
                cursor.advance()
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw cursor.error("the text of <\(name)> is not valid UTF-8") }
        return text
    }

    private mutating func entity() throws(LocalizationError) -> String {
        cursor.advance()  // &
        let start = cursor.offset
        while let byte = cursor.current, byte != UInt8(ascii: ";"), cursor.offset - start < 12 { cursor.advance() }
        guard cursor.current == UInt8(ascii: ";") else { throw cursor.error("an '&' starts no entity (write &amp; for '&')") }
        let name = cursor.text(from: start)
        cursor.advance()
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var value: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") { value = UInt32(name.dropFirst(2), radix: 16) }
            else if name.hasPrefix("#") { value = UInt32(name.dropFirst(1)) }
            guard let value else { throw cursor.error("unknown entity &\(name); (a property list uses &amp; &lt; &gt; &quot; &apos; and &#…;)") }
            var text = ""
            text.appendScalar(value)
            return text
        }
    }
}

/// Reads a `.stringsdict` file (an XML property list of plural rules, as Xcode before String
/// Catalogs wrote them) into a table's entries.
///
/// Each key's dictionary has `NSStringLocalizedFormatKey` (a format with `%#@name@` tokens) and,
/// for each name, a dictionary with `NSStringFormatSpecTypeKey` = `NSStringPluralRuleType`,
/// `NSStringFormatValueTypeKey` (the argument's conversion, `d`, `lld`) and the forms `zero` …
/// `other`. A token takes the argument at its place among the format's specifiers (or the one
/// its position names, `%2$#@name@`). Entries of other rule types are skipped.
public enum StringsDictionaryReader {
    /// The entries of the `.stringsdict` text in `bytes`.
    public static func read(_ bytes: [UInt8], limits: StringsReaderLimits = .standard) throws(LocalizationError) -> [String: Translation] {
        let root = try PropertyListReader.parse(bytes, limits: limits)
        guard let keys = root.entries else { throw LocalizationError(.structure, "a .stringsdict holds a <dict> of keys") }
        var entries: [String: Translation] = [:]
        for (key, entry) in keys {
            guard let format = entry["NSStringLocalizedFormatKey"]?.string else {
                throw LocalizationError(.structure, "\"\(key)\" has no NSStringLocalizedFormatKey (the format naming its variables, e.g. \"%#@rooms@\")")
            }
            var substitutions: [String: Translation.Substitution] = [:]
            for (name, rule) in entry.entries ?? [] where name != "NSStringLocalizedFormatKey" {
                guard rule["NSStringFormatSpecTypeKey"]?.string == "NSStringPluralRuleType" else { continue }
                var forms: [PluralCategory: String] = [:]
                for category in PluralCategory.allCases {
                    if let form = rule[category.rawValue]?.string { forms[category] = form }
                }
                guard let plural = Translation.PluralForms(forms) else {
                    throw LocalizationError(.structure, "\"\(key)\": the rule \"\(name)\" has no \"other\" form (every language needs it)")
                }
                let specifier = rule["NSStringFormatValueTypeKey"]?.string ?? "d"
                substitutions[name] = Translation.Substitution(argument: nil, formatSpecifier: specifier, forms: plural)
            }
            entries[key] = Translation(format: format, pluralForms: nil, substitutions: substitutions)
        }
        return entries
    }
}
