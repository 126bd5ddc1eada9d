import CRime
import Glibc
import Logging

/// Where librime finds its data and which schema it types with.
public struct RimeConfiguration: Sendable, Equatable {
    /// The schemas and dictionaries the packages install (Debian: librime-data,
    /// rime-data-luna-pinyin, rime-data-pinyin-simp); read only. Debian ships them prebuilt in
    /// its `build/` folder.
    public var sharedDataDirectory: String
    /// A folder the app may write: librime keeps its deployed (binary) dictionaries in its
    /// `build/`, and, when `remembersWords`, the words typed. Kept between runs, later starts
    /// skip the build.
    public var userDataDirectory: String
    /// The schema to type with: "luna_pinyin" (traditional characters, simplified by its
    /// `luna_pinyin_simp` variant), "pinyin_simp" (simplified).
    public var schema: String
    /// Candidates per page (1…9, so each has a number key).
    public var pageSize: Int
    /// Whether librime learns from what is typed, offering the words chosen before first next
    /// time (its user dictionary). Off by default: a kiosk is typed on by the public, and the
    /// next visitor should not see what the last one wrote; the candidates then come in the
    /// dictionary's order, the same on every run.
    public var remembersWords: Swift.Bool

    /// A configuration; `pageSize` is clamped to 1…9.
    public init(sharedDataDirectory: String = "/usr/share/rime-data", userDataDirectory: String,
                schema: String = "pinyin_simp", pageSize: Int = 5, remembersWords: Swift.Bool = false) {
        self.sharedDataDirectory = sharedDataDirectory
        self.userDataDirectory = userDataDirectory
        self.schema = schema
        self.pageSize = min(max(pageSize, 1), 9)
        self.remembersWords = remembersWords
    }
}

/// Why librime could not start; each says what to do.
public enum RimeError: Error, Equatable, CustomStringConvertible {
    /// The shared data folder or the schema's file is missing.
    case schemaNotInstalled(schema: String, directory: String)
    /// The user data folder cannot be made or written.
    case userDataDirectoryUnusable(path: String, errno: Int32)
    /// librime is already running in this process with other folders (it is a process-wide
    /// engine, set up once).
    case alreadyStarted(userDataDirectory: String)
    /// librime could not open a session or select the schema (its deployment failed).
    case schemaFailed(schema: String)

    public var description: String {
        switch self {
        case .schemaNotInstalled(let schema, let directory):
            "rime: \(directory)/\(schema).schema.yaml not found — install librime-data and rime-data-pinyin-simp (or rime-data-luna-pinyin)"
        case .userDataDirectoryUnusable(let path, let errno):
            "rime: cannot use \(path) as the user data folder (\(String(cString: strerror(errno)))) — give the app a writable folder"
        case .alreadyStarted(let path):
            "rime: already started in this process with the user data folder \(path) — use the same configuration"
        case .schemaFailed(let schema):
            "rime: the schema \(schema) did not deploy — delete the user data folder's build/ and start again; librime's log on stderr says why"
        }
    }
}

/// librime's process-wide setup: set up and initialized once, with the first configuration.
@MainActor
enum RimeRuntime {
    private static var started: RimeConfiguration?
    /// Seconds the first start spent deploying (checking and building dictionaries).
    private(set) static var deploymentSeconds = 0.0
    private static let logger = Logger(label: "vitrine.rime")

    static var api: UnsafeMutablePointer<RimeApi> { rime_get_api() }

    /// Sets librime up with `configuration` unless it is running already (with the same
    /// folders), deploying what changed since the last run into the user data folder.
    static func start(_ configuration: RimeConfiguration) throws(RimeError) {
        let schemaFile = "\(configuration.sharedDataDirectory)/\(configuration.schema).schema.yaml"
        guard access(schemaFile, R_OK) == 0 else {
            throw .schemaNotInstalled(schema: configuration.schema, directory: configuration.sharedDataDirectory)
        }
        if let started {
            guard started.userDataDirectory == configuration.userDataDirectory,
                  started.sharedDataDirectory == configuration.sharedDataDirectory else {
                throw .alreadyStarted(userDataDirectory: started.userDataDirectory)
            }
            return
        }
        try makeDirectory(configuration.userDataDirectory)
        try writeIfChanged("\(configuration.userDataDirectory)/default.custom.yaml", customisation(configuration))
        try writeIfChanged("\(configuration.userDataDirectory)/\(configuration.schema).custom.yaml", schemaCustomisation(configuration))

        let begin = monotonicSeconds()
        // librime keeps the pointers it is given: these strings live for the process.
        var traits = RimeTraits()
        traits.data_size = Int32(MemoryLayout<RimeTraits>.size - MemoryLayout<Int32>.size)
        traits.shared_data_dir = UnsafePointer(strdup(configuration.sharedDataDirectory))
        traits.user_data_dir = UnsafePointer(strdup(configuration.userDataDirectory))
        traits.distribution_name = UnsafePointer(strdup("Vitrine"))
        traits.distribution_code_name = UnsafePointer(strdup("vitrine"))
        traits.distribution_version = UnsafePointer(strdup("1"))
        traits.app_name = UnsafePointer(strdup("rime.vitrine"))
        traits.min_log_level = 2  // errors only
        traits.log_dir = UnsafePointer(strdup(""))  // "": stderr only, no log files
        api.pointee.setup(&traits)
        api.pointee.initialize(&traits)
        // Deploys only what changed (false: no full check); joined, so it is done on return.
        if api.pointee.start_maintenance(0) != 0 { api.pointee.join_maintenance_thread() }
        deploymentSeconds = monotonicSeconds() - begin
        // librime's own static destructors crash when its service still holds sessions and
        // modules at exit; finalizing first (an atexit handler runs before them) shuts it down
        // in order.
        atexit(finalizeRime)
        started = configuration
        logger.info("rime: ready in \(configuration.userDataDirectory) after \(deploymentSeconds) s of deployment")
    }

    /// The user configuration: only our schema (so only its dictionaries are built), the page size.
    private static func customisation(_ c: RimeConfiguration) -> String {
        """
        # Written by VitrineRime: the schemas deployed and the candidates per page.
        patch:
          schema_list:
            - schema: \(c.schema)
          menu/page_size: \(c.pageSize)

        """
    }

    /// The schema's patch: whether its translator keeps a user dictionary (`remembersWords`).
    private static func schemaCustomisation(_ c: RimeConfiguration) -> String {
        """
        # Written by VitrineRime: whether the words typed are remembered.
        patch:
          translator/enable_user_dict: \(c.remembersWords)

        """
    }

    private static func makeDirectory(_ path: String) throws(RimeError) {
        // Each ancestor in turn (mkdir -p).
        var end = path.startIndex
        while end < path.endIndex {
            end = path[path.index(after: end)...].firstIndex(of: "/") ?? path.endIndex
            let prefix = String(path[..<end])
            if mkdir(prefix, 0o755) != 0, errno != EEXIST { throw .userDataDirectoryUnusable(path: path, errno: errno) }
        }
        guard access(path, W_OK) == 0 else { throw .userDataDirectoryUnusable(path: path, errno: errno) }
    }

    /// Writes `text` to `path` unless it holds it already: a rewrite would look like a change
    /// to librime and make it deploy again.
    private static func writeIfChanged(_ path: String, _ text: String) throws(RimeError) {
        if let file = fopen(path, "r") {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = fread(&buffer, 1, buffer.count, file)
                if n <= 0 { break }
                bytes += buffer[0..<n]
            }
            fclose(file)
            if bytes.elementsEqual(text.utf8) { return }
        }
        guard let file = fopen(path, "w") else { throw .userDataDirectoryUnusable(path: path, errno: errno) }
        let written = fputs(text, file)
        fclose(file)
        if written < 0 { throw .userDataDirectoryUnusable(path: path, errno: errno) }
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// Shuts librime down at exit (see `RimeRuntime.start`); not on the main actor: exit may run on
/// any thread, after the main actor's work is done.
private func finalizeRime() {
    rime_get_api().pointee.finalize()
}
