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
        /// The path is not a regular file (`what`: "a directory", "a character device", "a FIFO
        /// (named pipe)"…); refused before reading, so `/dev/zero` or a FIFO never hangs or fills
        /// memory.
        case notAFile(what: String)
        /// The file holds `size` bytes, more than a profile may (`limit`, `BoardProfile.maximumFileSize`).
        case tooLarge(size: Int, limit: Int)
        /// The text holds a NUL byte at `column` of `line`: a profile is UTF-8 text.
        case nulByte(column: Int)
        /// `VITRINE_BOARD` holds a relative path, which would depend on the working directory.
        case relativePathInEnvironment
        /// The file is not valid TOML 1.0: the TOML reader's `message` (what was expected) at
        /// `column` (1-based, in UTF-8 bytes) of `line`.
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
    /// Where the profile came from, when that helps to find it: "chosen by VITRINE_BOARD", "a
    /// path relative to the working directory /home/pi"; shown in parentheses at the end.
    public var notes: [String] = []

    /// How many characters of a value or field are echoed in `description`; longer ones are cut
    /// there and end in "…", so a megabyte-long value is never printed whole.
    public static let echoLimit = 60

    /// Creates an error. `field` and `value` are kept cut to `echoLimit` characters.
    public init(file: String, line: Int? = nil, field: String? = nil, value: String? = nil, kind: Kind) {
        self.file = file
        self.line = line
        self.field = field.map(Self.excerpt)
        self.value = value.map(Self.excerpt)
        self.kind = kind
    }

    /// `text` cut to `echoLimit` characters (the last one "…") when it is longer.
    public static func excerpt(_ text: String) -> String {
        var end = text.startIndex
        var count = 0
        while end < text.endIndex {
            if count == echoLimit { return String(text[..<text.index(before: end)]) + "…" }
            end = text.index(after: end)
            count += 1
        }
        return text
    }

    /// This error with `note` added to its notes.
    public func noting(_ note: String) -> BoardProfileError {
        var copy = self
        copy.notes.append(note)
        return copy
    }

    /// `file:line: field = value: what is allowed` (the parts that are known).
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if case .syntax(_, let column) = kind, column > 0 { location += ":\(column)" }
            if case .nulByte(let column) = kind, column > 0 { location += ":\(column)" }
        }
        var subject = field.map(Self.excerpt) ?? ""
        if let value, !subject.isEmpty { subject += " = \(Self.excerpt(value))" }
        let head = subject.isEmpty ? location : "\(location): \(subject)"
        let tail = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
        return "\(head): \(problem)\(tail)"
    }

    private var problem: String {
        switch kind {
        case .notFound(let name, let searched, let available):
            let list = available.isEmpty ? "none found" : available.joined(separator: ", ")
            return "no board profile named \(name) in \(searched.joined(separator: ", ")) — the profiles there: "
                + "\(list); pass --board with one of them or with the path of a .toml file, or set VITRINE_BOARDS_DIR"
        case .unreadable(let reason):
            return "cannot be read: \(reason)"
        case .notAFile(let what):
            return "is \(what), not a profile file — give the path of a .toml file, or a profile name such as rpi4-dsi7"
        case .tooLarge(let size, let limit):
            return "is \(size) bytes, and a profile is at most \(limit) bytes (\(limit / 1024) KiB) — is this the profile? "
                + "Give the path of a .toml file, or a profile name such as rpi4-dsi7"
        case .nulByte:
            return "holds a NUL byte — a profile is UTF-8 text: remove it (a binary or damaged file?)"
        case .relativePathInEnvironment:
            return "VITRINE_BOARD is a relative path, which would depend on the working directory (/ under systemd) — "
                + "give a profile name such as rpi4-dsi7 or an absolute path such as /etc/vitrine/board.toml"
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
