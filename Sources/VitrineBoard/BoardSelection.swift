import Glibc

extension BoardProfile {
    /// The largest profile file read, in bytes (1 MiB): the shipped ones are about 2 KiB, so
    /// anything near this is the wrong file, and refusing it keeps a device or a huge file from
    /// filling memory.
    public static let maximumFileSize = 1 << 20

    /// Reads and validates the profile file at `path` (a relative path is relative to the
    /// working directory). Throws `BoardProfileError`: the file, line, field and what is
    /// allowed; or, checked before anything is read, why the file cannot be a profile (not a
    /// regular file: a directory, `/dev/zero`, a FIFO…; larger than `maximumFileSize`), or why
    /// it cannot be read.
    public static func load(path: String) throws(BoardProfileError) -> BoardProfile {
        switch FileSystem.readRegularFile(path, limit: maximumFileSize) {
        case .success(let text):
            return try parse(text, file: path)
        case .failure(.notRegularFile(let kind)):
            throw BoardProfileError(file: path, kind: .notAFile(what: kind))
        case .failure(.tooLarge(let size, let limit)):
            throw BoardProfileError(file: path, kind: .tooLarge(size: size, limit: limit))
        case .failure(.system(let code)):
            let remedy = code == EACCES ? " — make it readable by the kiosk user" : ""
            throw BoardProfileError(file: path, kind: .unreadable(reason: FileSystem.message(for: code) + remedy))
        }
    }

    /// Reads the profile `name` (`rpi4-dsi7`: the file `rpi4-dsi7.toml`) from the first of
    /// `directories` that has it (default: `BoardDirectories.standard()`). Throws
    /// `BoardProfileError.Kind.notFound` listing the directories searched and the profiles they
    /// hold, or the file's own error.
    public static func load(named name: String,
                            directories: [String] = BoardDirectories.standard()) throws(BoardProfileError) -> BoardProfile {
        guard BoardDirectories.isValidName(name) else { throw BoardProfileError(file: name, kind: .invalidName) }
        for directory in directories {
            let path = directory + "/" + name + ".toml"
            if FileSystem.exists(path) { return try load(path: path) }
        }
        throw BoardProfileError(file: name, kind: .notFound(name: name, searched: directories,
                                                            available: BoardDirectories.profileNames(in: directories)))
    }

    /// Reads `reference`: a path when it contains `/` or ends in `.toml` (see `isPath`), else a
    /// profile name looked up in `directories` (what `--board` and `VITRINE_BOARD` take). A
    /// relative path is relative to the working directory; when such a file cannot be read, the
    /// error names that directory.
    public static func load(_ reference: String,
                            directories: [String] = BoardDirectories.standard()) throws(BoardProfileError) -> BoardProfile {
        guard isPath(reference) else { return try load(named: reference, directories: directories) }
        do {
            return try load(path: reference)
        } catch {
            guard !reference.hasPrefix("/"), error.line == nil else { throw error }
            var note = "a path relative to the working directory \(FileSystem.workingDirectory() ?? "(unknown)")"
            if !reference.contains("/" as Character) { note += "; without .toml, \(reference.dropLast(5)) names a profile in the boards directories" }
            throw error.noting(note)
        }
    }

    /// Whether `reference` (a `--board` or `VITRINE_BOARD` value) is a file's path rather than a
    /// profile name: it contains `/` or ends in `.toml`. `rpi4-dsi7` is a name; `./mine.toml`,
    /// `mine.toml` and `/etc/vitrine/mine.toml` are paths.
    public static func isPath(_ reference: String) -> Bool {
        reference.contains("/" as Character) || reference.hasSuffix(".toml")
    }
}

/// Where board profiles are looked for, in order; the first directory that has a name wins.
///
/// 1. `$VITRINE_BOARDS_DIR`, when set: a developer's or integrator's own profiles.
/// 2. `<prefix>/share/vitrine/boards` next to the executable's `<prefix>/bin` (what
///    `scripts/install-kiosk` installs, under `/usr/local` or `/opt/vitrine`).
/// 3. `/usr/share/vitrine/boards` (a distribution package).
/// 4. The source tree's `boards/`: found from the executable (`.build/release/…` inside a
///    checkout) or from where this module was compiled, so `swift run` and tests need nothing.
public enum BoardDirectories {
    /// The standard directories for this process, in order, without duplicates.
    public static func standard(environment: [String: String] = BoardEnvironment.process(),
                                executablePath: String? = BoardDirectories.currentExecutable(),
                                sourceFile: String = #filePath) -> [String] {
        var directories: [String] = []
        if let custom = environment["VITRINE_BOARDS_DIR"], !custom.isEmpty { directories.append(custom) }
        if let executablePath {
            let bin = FileSystem.parent(of: executablePath)
            directories.append(FileSystem.parent(of: bin) + "/share/vitrine/boards")
        }
        directories.append("/usr/share/vitrine/boards")
        if let executablePath, let checkout = enclosingCheckout(of: FileSystem.parent(of: executablePath)) {
            directories.append(checkout + "/boards")
        }
        // <checkout>/Sources/VitrineBoard/BoardSelection.swift → <checkout>/boards.
        let checkout = FileSystem.parent(of: FileSystem.parent(of: FileSystem.parent(of: sourceFile)))
        directories.append(checkout + "/boards")
        var seen = Set<String>()
        return directories.filter { seen.insert($0).inserted }
    }

    /// The running executable's path (`/proc/self/exe`), or nil when it cannot be read.
    public static func currentExecutable() -> String? {
        FileSystem.executablePath()
    }

    /// Whether `name` can name a profile: letters, digits, `-`, `_`, `.`, not starting with `.`.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.first, first != "." else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
    }

    /// The profile names found in `directories` (each once), sorted.
    public static func profileNames(in directories: [String]) -> [String] {
        var names = Set<String>()
        for directory in directories {
            for entry in FileSystem.entries(of: directory) where entry.hasSuffix(".toml") {
                names.insert(String(entry.dropLast(5)))
            }
        }
        return names.sorted()
    }

    /// The nearest directory at or above `directory` holding `Package.swift` and `boards/`.
    static func enclosingCheckout(of directory: String) -> String? {
        var current = directory
        for _ in 0..<8 {
            if FileSystem.exists(current + "/Package.swift") && FileSystem.isDirectory(current + "/boards") { return current }
            let parent = FileSystem.parent(of: current)
            if parent == current { return nil }
            current = parent
        }
        return nil
    }
}

/// Reads the process environment for the variables board selection uses.
public enum BoardEnvironment {
    /// The variables that matter here: `VITRINE_BOARD`, `VITRINE_BOARDS_DIR`.
    public static let names = ["VITRINE_BOARD", "VITRINE_BOARDS_DIR"]

    /// Those variables of this process that are set.
    public static func process() -> [String: String] {
        var environment: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}

/// Which profile a run uses, and why.
///
/// In order: `--board NAME|PATH` on the command line; else `VITRINE_BOARD`; else the profile
/// whose `match` patterns appear in the device-tree model (`/proc/device-tree/model` on
/// ARM boards: "Raspberry Pi 4 Model B Rev 1.4"), preferring, when several match, one whose
/// connector has a display connected, then the longest pattern, then the first name; else,
/// with no `card*` node in `/dev/dri`, the `virtual` profile (headless); else the built-in
/// generic DRM profile. Every path is injectable for tests.
public struct BoardSelector: Sendable {
    /// Why a profile was chosen.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// Named by `--board`.
        case argument(String)
        /// Named by `VITRINE_BOARD`.
        case environment(String)
        /// Its `match` pattern is in the device-tree model.
        case deviceTreeModel(model: String, pattern: String)
        /// No DRM device exists: the headless display.
        case noDRMDevice(directory: String)
        /// A DRM device exists and no profile named or matched: the generic DRM profile.
        case genericDRM

        /// For the log line saying which profile runs.
        public var description: String {
            switch self {
            case .argument(let value): "--board \(value)"
            case .environment(let value): "VITRINE_BOARD=\(value)"
            case .deviceTreeModel(let model, let pattern): "the device-tree model \"\(model)\" matches \"\(pattern)\""
            case .noDRMDevice(let directory): "no DRM device in \(directory)"
            case .genericDRM: "no profile named or matched; a DRM device exists"
            }
        }
    }

    /// The chosen profile and why.
    public struct Selection: Sendable, Hashable {
        /// The profile.
        public var profile: BoardProfile
        /// Why it was chosen.
        public var reason: Reason
    }

    /// The command line (the first element is the program, as `CommandLine.arguments`).
    public var arguments: [String]
    /// The environment (`VITRINE_BOARD`).
    public var environment: [String: String]
    /// The board directories, in order.
    public var directories: [String]
    /// The device-tree model file.
    public var modelFile: String
    /// Where DRM nodes are.
    public var drmDirectory: String
    /// Where DRM connectors show in sysfs (`card1-DSI-1/status`).
    public var sysfsDRMDirectory: String

    /// Creates a selector; the defaults are this process and this machine.
    public init(arguments: [String] = CommandLine.arguments, environment: [String: String] = BoardEnvironment.process(),
                directories: [String]? = nil, modelFile: String = "/proc/device-tree/model",
                drmDirectory: String = "/dev/dri", sysfsDRMDirectory: String = "/sys/class/drm") {
        self.arguments = arguments
        self.environment = environment
        self.directories = directories ?? BoardDirectories.standard(environment: environment)
        self.modelFile = modelFile
        self.drmDirectory = drmDirectory
        self.sysfsDRMDirectory = sysfsDRMDirectory
    }

    /// The value of `--board X` or `--board=X` in `arguments` (the last one wins), "" when
    /// `--board` ends the line, nil when absent.
    public static func boardArgument(in arguments: [String]) -> String? {
        var found: String?
        var index = arguments.index(after: arguments.startIndex)
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--board" {
                let next = arguments.index(after: index)
                found = next < arguments.endIndex ? arguments[next] : ""
                index = next
            } else if argument.hasPrefix("--board=") {
                found = String(argument.dropFirst("--board=".count))
            }
            if index < arguments.endIndex { index = arguments.index(after: index) }
        }
        return found
    }

    /// Chooses and loads the profile. Throws the profile's `BoardProfileError` when the named or
    /// matching profile is missing or malformed; one named by `VITRINE_BOARD` says so in its
    /// notes ("chosen by VITRINE_BOARD"), and a relative path there is refused
    /// (`.relativePathInEnvironment`). `--board` takes a path relative to the working directory.
    public func select() throws(BoardProfileError) -> Selection {
        if let argument = Self.boardArgument(in: arguments.isEmpty ? [""] : arguments) {
            guard !argument.isEmpty else {
                throw BoardProfileError(file: "--board", kind: .missingName)
            }
            return Selection(profile: try BoardProfile.load(argument, directories: directories), reason: .argument(argument))
        }
        if let named = environment["VITRINE_BOARD"], !named.isEmpty {
            // The environment travels into services whose working directory is not the one it
            // was written in (systemd runs units in /): a path there must be absolute.
            let chosen = "chosen by VITRINE_BOARD"
            if BoardProfile.isPath(named) && !named.hasPrefix("/") {
                throw BoardProfileError(file: named, kind: .relativePathInEnvironment)
            }
            do {
                return Selection(profile: try BoardProfile.load(named, directories: directories), reason: .environment(named))
            } catch {
                throw error.noting(chosen)
            }
        }
        if let model = deviceTreeModel(), let (profile, pattern) = try profileMatching(model: model) {
            return Selection(profile: profile, reason: .deviceTreeModel(model: model, pattern: pattern))
        }
        let hasCard = FileSystem.entries(of: drmDirectory).contains { $0.hasPrefix("card") && Int($0.dropFirst(4)) != nil }
        guard hasCard else {
            let profile = (try? BoardProfile.load(named: "virtual", directories: directories)) ?? .virtual
            return Selection(profile: profile, reason: .noDRMDevice(directory: drmDirectory))
        }
        return Selection(profile: .genericDRM, reason: .genericDRM)
    }

    /// The device-tree model (its trailing NUL and spaces removed), or nil without one.
    public func deviceTreeModel() -> String? {
        guard case .success(let text) = FileSystem.readText(modelFile) else { return nil }
        let model = String(text.unicodeScalars.filter { $0 != "\0" }.map(Character.init)).trimmingTrailingWhitespace()
        return model.isEmpty ? nil : model
    }

    /// The profile of `directories` whose pattern is in `model` (see the type's documentation
    /// for ties), and that pattern.
    public func profileMatching(model: String) throws(BoardProfileError) -> (BoardProfile, String)? {
        var best: (profile: BoardProfile, pattern: String, connected: Bool)?
        for name in BoardDirectories.profileNames(in: directories) {
            let profile = try BoardProfile.load(named: name, directories: directories)
            guard let pattern = profile.match.filter({ Self.text(model, contains: $0) }).max(by: { $0.count < $1.count }) else { continue }
            let connected = profile.display.connector.map { connectorStatus(named: $0) == true } ?? false
            if let current = best {
                let better = (connected && !current.connected)
                    || (connected == current.connected && pattern.count > current.pattern.count)
                if !better { continue }
            }
            best = (profile, pattern, connected)
        }
        return best.map { ($0.profile, $0.pattern) }
    }

    /// Whether the connector `name` on any card reports a display connected (sysfs
    /// `cardN-NAME/status`); nil when no card has such a connector.
    public func connectorStatus(named name: String) -> Bool? {
        BoardConnectors(sysfsDirectory: sysfsDRMDirectory).status(of: name)
    }
}

/// DRM connectors as sysfs lists them (`/sys/class/drm/card1-HDMI-A-1/status`): which card has
/// a connector, and whether a display is connected to it, without opening any device.
package struct BoardConnectors: Sendable {
    /// The sysfs class directory (`/sys/class/drm`).
    package var sysfsDirectory: String

    /// Creates a view of `sysfsDirectory`.
    package init(sysfsDirectory: String = "/sys/class/drm") {
        self.sysfsDirectory = sysfsDirectory
    }

    /// The cards with a connector called `name`, as `(card number, connected)`, by card number.
    package func cards(with name: String) -> [(card: Int, connected: Bool)] {
        var found: [(card: Int, connected: Bool)] = []
        for entry in FileSystem.entries(of: sysfsDirectory) where entry.hasPrefix("card") && entry.hasSuffix("-" + name) {
            let number = entry.dropFirst(4).dropLast(name.count + 1)
            guard let card = Int(number) else { continue }
            let status = (try? FileSystem.readText(sysfsDirectory + "/" + entry + "/status").get()) ?? ""
            found.append((card, status.hasPrefix("connected")))
        }
        return found.sorted { $0.card < $1.card }
    }

    /// Whether a display is connected to connector `name` on some card; nil when no card has it.
    package func status(of name: String) -> Bool? {
        let cards = cards(with: name)
        guard !cards.isEmpty else { return nil }
        return cards.contains { $0.connected }
    }

    /// The node (`<drmDirectory>/cardN`) of the card that has connector `name`, preferring one
    /// where it is connected; nil when no card has it.
    package func devicePath(forConnector name: String, drmDirectory: String = "/dev/dri") -> String? {
        let cards = cards(with: name)
        guard let card = cards.first(where: { $0.connected }) ?? cards.first else { return nil }
        return "\(drmDirectory)/card\(card.card)"
    }
}

extension BoardSelector {
    /// Whether `pattern` occurs in `text`, character by character (an empty pattern occurs in
    /// any text). Not `String.contains(_:)` with a string: that one is _StringProcessing's, and
    /// calling it links Swift's regex engine, about 1 MB, into every app for this one search.
    static func text(_ text: String, contains pattern: String) -> Bool {
        let characters = Array(text), wanted = Array(pattern)
        guard wanted.count <= characters.count else { return false }
        for start in 0 ... characters.count - wanted.count
        where characters[start ..< start + wanted.count].elementsEqual(wanted) {
            return true
        }
        return false
    }
}

extension String {
    /// The string without trailing whitespace and newlines.
    func trimmingTrailingWhitespace() -> String {
        var rest = Substring(self)
        while let last = rest.last, last.isWhitespace { rest = rest.dropLast() }
        return String(rest)
    }
}
