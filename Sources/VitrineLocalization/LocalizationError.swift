/// Why a strings file could not be read: which file, where in it, what is wrong, and what to do.
///
/// A translation file comes from outside the app's code (a translator, a build step, a folder the
/// board profile names), so nothing in it traps: every problem is one of these, thrown by the
/// readers and collected by `StringsBundle` (which keeps every other file it could read).
public struct LocalizationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Hashable, Sendable {
        /// The text is not valid for its format (JSON, a `.strings` file, an XML property list).
        case syntax
        /// The text is well formed but not what the format holds (a catalog whose `strings` is not
        /// an object, a plural rule without `other`).
        case structure
        /// The file or folder could not be opened or read (`errno` is in the message).
        case unreadable
        /// The file is larger than the reader accepts (`StringsReaderLimits`).
        case tooLarge
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The file, as given to the reader (empty for text read from memory).
    public var file: String
    /// The 1-based line of the problem, or 0 when it is not at a place in the text.
    public var line: Int
    /// The 1-based column (UTF-8 bytes), or 0 when it is not at a place in the text.
    public var column: Int
    /// What is wrong, and what was expected, as one clause.
    public var message: String

    /// An error of `kind` saying `message` at `line`:`column` of `file`.
    public init(_ kind: Kind, _ message: String, file: String = "", line: Int = 0, column: Int = 0) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// The same error, said of `file`.
    func inFile(_ file: String) -> LocalizationError {
        var copy = self
        copy.file = file
        return copy
    }

    /// `Localizable.xcstrings:12:5: expected ':' after a key, found '}' — fix the file (…)`.
    public var description: String {
        var place = file.isEmpty ? "" : file
        if line > 0 { place += (place.isEmpty ? "" : ":") + "\(line):\(column)" }
        let remedy: String
        switch kind {
        case .syntax, .structure:
            remedy = "fix the file, or remove it: the strings it holds show untranslated"
        case .unreadable:
            remedy = "check that the path exists and the app's user may read it"
        case .tooLarge:
            remedy = "split the table into several files"
        }
        return (place.isEmpty ? "" : place + ": ") + message + " — " + remedy
    }
}

/// Bounds on what the readers accept, so that a hostile or broken file costs a bounded amount of
/// memory and time: the byte size of one file and the nesting depth of its values.
public struct StringsReaderLimits: Hashable, Sendable {
    /// The largest file read, in bytes (16 MiB by default: far above any app's strings).
    public var maximumFileSize: Int
    /// The deepest nesting of objects, arrays or dictionaries (64 by default; a string catalog
    /// nests about 8 deep).
    public var maximumDepth: Int

    /// Limits of `maximumFileSize` bytes and `maximumDepth` levels.
    public init(maximumFileSize: Int = 16 << 20, maximumDepth: Int = 64) {
        self.maximumFileSize = maximumFileSize
        self.maximumDepth = maximumDepth
    }

    /// 16 MiB, 64 levels.
    public static let standard = StringsReaderLimits()
}
