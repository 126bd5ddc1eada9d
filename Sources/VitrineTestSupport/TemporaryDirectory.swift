// A temporary folder for one test: the one version of what VitrineBoardTests (TestSupport.swift,
// with `write` and `makeDirectory`), VitrineDRMTests (DRMErrorTests.swift, with `touch`),
// VitrineGraphicsTests (`temporaryDirectory()` in Images/PNGTests.swift, never removed) and
// VitrineTests (`ImageFixtures.temporaryDirectory()` / `removeDirectory`) each had.
// Used by: VitrineBoardTests (BoardPlatformTests, BoardProfileTests, BoardSelectionTests,
// InstallKioskTests, PowerProfileTests, ProfileEdgeTests), VitrineDRMTests (DRMErrorTests),
// VitrineGraphicsTests (GoldenTests, PNGTests) and VitrineTests (BadImageTests, ImageCacheTests,
// JPEGTests).
import Glibc

/// Why a temporary folder or a file in it could not be made: the call, the path and the errno.
public struct TemporaryDirectoryError: Error, CustomStringConvertible {
    /// What failed ("mkdtemp", "mkdir", "open", "write").
    public let operation: String
    /// The path it was asked for.
    public let path: String
    /// The errno it failed with (0 for a short write).
    public let errno: Int32

    /// "operation path: message".
    public var description: String {
        "\(operation) \(path): " + (errno == 0 ? "short write" : String(cString: strerror(errno)))
    }
}

/// A fresh, empty directory under /tmp (`/tmp/PREFIX-XXXXXX`), removed with everything in it
/// when the object is released or `remove()` is called. A test keeps the object alive for as
/// long as it uses the folder (a stored property, or `defer { directory.remove() }`, which also
/// keeps a local alive: Swift may release a local after its last use). Paths it returns are
/// absolute. Not thread-safe: one test owns it.
public final class TemporaryDirectory {
    /// The directory's absolute path, without a trailing slash.
    public let path: String

    /// Makes the directory; `prefix` names it, so a leftover says which tests made it.
    public init(prefix: String = "vitrine-test") throws(TemporaryDirectoryError) {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw TemporaryDirectoryError(operation: "mkdtemp", path: "/tmp/\(prefix)-XXXXXX", errno: errno)
        }
        path = String(cString: made)
    }

    deinit { remove() }

    /// Writes `text` to `name` (a path relative to the directory; its parents are made),
    /// replacing what was there; returns the file's path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws(TemporaryDirectoryError) -> String {
        let full = path + "/" + name
        try makeDirectories(String(full[..<full.lastIndex(of: "/")!]))
        let fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw TemporaryDirectoryError(operation: "open", path: full, errno: errno) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw TemporaryDirectoryError(operation: "write", path: full, errno: written < 0 ? errno : 0)
        }
        return full
    }

    /// Makes an empty file `name` (relative; its parents must exist), or leaves an existing one
    /// as it is; returns its path.
    @discardableResult
    public func touch(_ name: String) throws(TemporaryDirectoryError) -> String {
        let full = path + "/" + name
        let fd = open(full, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw TemporaryDirectoryError(operation: "open", path: full, errno: errno) }
        close(fd)
        return full
    }

    /// Makes the directory `name` (relative) and its parents; returns its path.
    @discardableResult
    public func makeDirectory(_ name: String) throws(TemporaryDirectoryError) -> String {
        let full = path + "/" + name
        try makeDirectories(full)
        return full
    }

    /// Removes the directory and everything in it (symbolic links are removed, never followed).
    /// Safe to call more than once; the object's release calls it.
    public func remove() {
        removeTree(path)
    }

    private func makeDirectories(_ full: String) throws(TemporaryDirectoryError) {
        var current = ""
        for component in full.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw TemporaryDirectoryError(operation: "mkdir", path: current, errno: errno)
            }
        }
    }
}

/// Removes `path`: a directory with its contents, depth first, or any other file.
private func removeTree(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    guard status.st_mode & S_IFMT == S_IFDIR else {
        unlink(path)
        return
    }
    if let directory = opendir(path) {
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(directory)
        for name in names { removeTree(path + "/" + name) }
    }
    rmdir(path)
}
