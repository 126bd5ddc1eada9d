/// Why a board profile could not be found or read: the file, the line, the field and what is
/// allowed there. `description` is one line in the form compilers use, so editors jump to it:
///
///     boards/rpi4-dsi7.toml:14: [display] rotation = 45: must be one of 0, 90, 180, 270
public struct BoardProfileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        /// No profile of that name in any boards directory searched (`searched`, in order).
        case notFound(name: String, searched: [String], available: [String])
        /// The file exists but cannot be read (`reason`: the system's error).
        case unreadable(reason: String)
        /// The file is not valid TOML: TOMLKit's `message` at `column` of `line`.
        case syntax(message: String, column: Int)
        /// A table the profile format does not have (`allowed`: the ones it has).
        case unknownSection(allowed: [String], suggestion: String?)
        /// A key its table does not have (`allowed`: the keys it has).
        case unknownKey(allowed: [String], suggestion: String?)
        /// The value has the wrong TOML type (`found`, for example "string").
        case wrongType(found: String, allowed: String)
        /// The value has the right type but is not allowed (out of range, not one of the choices).
        case invalidValue(allowed: String)
        /// A profile name with characters other than letters, digits, `-`, `_` and `.`.
        case invalidName
        /// `--board` was given without a value.
        case missingName
    }

    /// The profile file (as given, or as found in a boards directory), or the name looked up.
    public var file: String
    /// The 1-based line, when the problem is at one.
    public var line: Int?
    /// The field: `[display] rotation`, `[touch]`, `match`; nil for the whole file.
    public var field: String?
    /// The value as written in the file, when there is one.
    public var value: String?
    /// What is wrong.
    public var kind: Kind

    /// Creates an error.
    public init(file: String, line: Int? = nil, field: String? = nil, value: String? = nil, kind: Kind) {
        self.file = file
        self.line = line
        self.field = field
        self.value = value
        self.kind = kind
    }

    /// `file:line: field = value: what is allowed` (the parts that are known).
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if case .syntax(_, let column) = kind, column > 0 { location += ":\(column)" }
        }
        var subject = field ?? ""
        if let value, !subject.isEmpty { subject += " = \(value)" }
        let head = subject.isEmpty ? location : "\(location): \(subject)"
        return "\(head): \(problem)"
    }

    private var problem: String {
        switch kind {
        case .notFound(let name, let searched, let available):
            let list = available.isEmpty ? "none found" : available.joined(separator: ", ")
            return "no board profile named \(name) in \(searched.joined(separator: ", ")) — the profiles there: "
                + "\(list); pass --board with one of them or with the path of a .toml file, or set VITRINE_BOARDS_DIR"
        case .unreadable(let reason):
            return "cannot be read: \(reason)"
        case .syntax(let message, _):
            return "not valid TOML: \(message)"
        case .unknownSection(let allowed, let suggestion):
            guard !allowed.isEmpty else { return "no such section — this table has no sections inside it" }
            return "no such section\(Self.hint(suggestion, brackets: true)) — the sections are "
                + allowed.map { "[\($0)]" }.joined(separator: ", ")
        case .unknownKey(let allowed, let suggestion):
            return "no such field\(Self.hint(suggestion, brackets: false)) — the fields here are "
                + allowed.joined(separator: ", ")
        case .wrongType(let found, let allowed):
            return "is a\(Self.article(found)) \(found), \(allowed)"
        case .invalidValue(let allowed):
            return allowed
        case .missingName:
            return "needs a profile name (rpi4-dsi7) or the path of a .toml file"
        case .invalidName:
            return "a profile name has only letters, digits, '-', '_' and '.' — give a path (containing '/') to load a file elsewhere"
        }
    }

    private static func hint(_ suggestion: String?, brackets: Bool) -> String {
        guard let suggestion else { return "" }
        return " (did you mean \(brackets ? "[\(suggestion)]" : suggestion)?)"
    }

    private static func article(_ word: String) -> String {
        guard let first = word.first else { return "" }
        return "aeiou".contains(first) ? "n" : ""
    }
}
