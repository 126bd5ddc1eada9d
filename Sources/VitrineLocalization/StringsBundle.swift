import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An app's translated strings: every table in every language, read from String Catalogs,
/// `.strings` and `.stringsdict` files.
///
/// A folder of translations is laid out as Xcode lays out a bundle's resources:
/// `Localizable.xcstrings` (all languages in one file, the table named after the file) and/or
/// `de.lproj/Localizable.strings`, `ar.lproj/Localizable.stringsdict` (one language per
/// folder). Reading never throws and never stops the app: a file that cannot be read is listed
/// in `problems` (with its line and column and what to do), and the strings it held show in
/// the source language.
public struct StringsBundle: Sendable {
    /// The language the app's code is written in (its keys and default values): a catalog's
    /// `sourceLanguage`, else the one given when the bundle was made.
    public private(set) var sourceLanguage: String
    /// Tables by name, then by language tag as the files name it.
    private var tables: [String: [String: StringTable]] = [:]
    /// What could not be read, in the order met.
    public private(set) var problems: [LocalizationError] = []

    /// An empty bundle whose code is written in `sourceLanguage`.
    public init(sourceLanguage: String = "en") {
        self.sourceLanguage = sourceLanguage
    }

    /// The bundle read from `directory` (see the type's description for the layout), its code
    /// written in `sourceLanguage` unless a catalog says otherwise.
    public init(directory: String, sourceLanguage: String = "en", limits: StringsReaderLimits = .standard) {
        self.init(sourceLanguage: sourceLanguage)
        add(directory: directory, limits: limits)
    }

    /// The languages with at least one table, and the source language, sorted.
    public var languages: [String] {
        var found = Set([sourceLanguage])
        for byLanguage in tables.values { found.formUnion(byLanguage.keys) }
        return found.sorted()
    }

    /// The table `name` in `language` exactly as read, if any.
    public func table(_ name: String, language: String) -> StringTable? {
        tables[name]?[language]
    }

    /// Adds `table`'s entries to the table of its name and language (an entry already there with
    /// the same key is replaced).
    public mutating func add(_ table: StringTable) {
        tables[table.name, default: [:]][table.language, default: StringTable(name: table.name, language: table.language)]
            .entries.merge(table.entries) { _, new in new }
    }

    /// Reads the String Catalog in `bytes` as table `table`; a problem is recorded against `file`.
    public mutating func addCatalog(_ bytes: [UInt8], table: String, file: String = "", limits: StringsReaderLimits = .standard) {
        do {
            let catalog = try StringCatalogReader.read(bytes, table: table, limits: limits)
            sourceLanguage = catalog.sourceLanguage
            for table in catalog.tables { add(table) }
        } catch {
            problems.append(error.inFile(file))
        }
    }

    /// Reads every catalog and `.lproj` folder in `directory`.
    public mutating func add(directory: String, limits: StringsReaderLimits = .standard) {
        let names: [String]
        switch Self.list(directory) {
        case .success(let listed): names = listed
        case .failure(let error):
            problems.append(LocalizationError(.unreadable, "cannot list the translations folder: \(error)", file: directory))
            return
        }
        for name in names where name.hasSuffix(".xcstrings") {
            let path = directory + "/" + name
            switch Self.read(path, limits: limits) {
            case .success(let bytes): addCatalog(bytes, table: String(name.dropLast(".xcstrings".count)), file: path, limits: limits)
            case .failure(let error): problems.append(error)
            }
        }
        for folder in names where folder.hasSuffix(".lproj") && folder != "Base.lproj" {
            let language = String(folder.dropLast(".lproj".count))
            let folderPath = directory + "/" + folder
            guard case .success(let files) = Self.list(folderPath) else { continue }
            // .strings first, so that a .stringsdict's plural entry replaces a plain one.
            for suffix in [".strings", ".stringsdict"] {
                for file in files where file.hasSuffix(suffix) {
                    let path = folderPath + "/" + file
                    let tableName = String(file.dropLast(suffix.count))
                    switch Self.read(path, limits: limits) {
                    case .failure(let error): problems.append(error)
                    case .success(let bytes):
                        do {
                            let entries = suffix == ".strings" ? try StringsFileReader.read(bytes, limits: limits)
                                                               : try StringsDictionaryReader.read(bytes, limits: limits)
                            add(StringTable(name: tableName, language: language, entries: entries))
                        } catch {
                            problems.append(error.inFile(path))
                        }
                    }
                }
            }
        }
    }

    /// The language of this bundle that best serves `preferences` (BCP 47 tags, most wanted
    /// first): an exact match (case and `_`/`-` aside); else the preference with subtags dropped
    /// from the end (`zh-Hans-CN` → `zh-Hans` → `zh`); else a regional variant of its language
    /// (`pt` → `pt-BR`); then the next preference; else the source language.
    public func bestLanguage(for preferences: [String]) -> String {
        let available = languages
        let normalized = available.map(Self.normalize)
        for preference in preferences {
            var candidate = Self.normalize(preference)
            while !candidate.isEmpty {
                if let index = normalized.firstIndex(of: candidate) { return available[index] }
                guard let dash = candidate.lastIndex(of: "-") else { break }
                candidate = String(candidate[..<dash])
            }
            let primary = Self.normalize(preference).split(separator: "-").first.map(String.init) ?? ""
            if let index = normalized.firstIndex(where: { $0.hasPrefix(primary + "-") }) { return available[index] }
        }
        return sourceLanguage
    }

    /// The languages to look a key up in for `language`, most specific first: the language, its
    /// shorter forms that have tables, then the source language.
    func lookupChain(for language: String) -> [String] {
        var chain: [String] = []
        var candidate = language
        let available = Set(languages)
        while !candidate.isEmpty {
            if available.contains(candidate) && !chain.contains(candidate) { chain.append(candidate) }
            guard let dash = candidate.lastIndex(of: "-") else { break }
            candidate = String(candidate[..<dash])
        }
        if !chain.contains(sourceLanguage) { chain.append(sourceLanguage) }
        return chain
    }

    /// The translation of `key` in table `table` for the first language of `chain` that has it,
    /// and that language.
    func translation(_ key: String, table: String, chain: [String]) -> (Translation, String)? {
        guard let byLanguage = tables[table] else { return nil }
        for language in chain {
            if let translation = byLanguage[language]?.entries[key] { return (translation, language) }
        }
        return nil
    }

    static func normalize(_ tag: String) -> String {
        tag.replacing("_", with: "-").lowercased()
    }

    private static func list(_ directory: String) -> Result<[String], Errno> {
        guard let stream = opendir(directory) else { return .failure(Errno(rawValue: errno)) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names.sorted())
    }

    private static func read(_ path: String, limits: StringsReaderLimits) -> Result<[UInt8], LocalizationError> {
        do {
            let descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
            defer { try? descriptor.close() }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let count = try chunk.withUnsafeMutableBytes { buffer in try descriptor.read(into: buffer) }
                if count == 0 { break }
                bytes += chunk[0..<count]
                if bytes.count > limits.maximumFileSize {
                    return .failure(LocalizationError(.tooLarge, "the file is larger than the \(limits.maximumFileSize) bytes read", file: path))
                }
            }
            return .success(bytes)
        } catch {
            return .failure(LocalizationError(.unreadable, "cannot read the file: \(error)", file: path))
        }
    }
}
