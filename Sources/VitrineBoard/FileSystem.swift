import Glibc

/// The few file-system reads board selection needs (no Foundation in library targets).
enum FileSystem {
    /// An `errno` from a failed call.
    struct SystemError: Error {
        var code: Int32
    }

    /// The whole file at `path` as UTF-8 (invalid bytes replaced), or the `errno` of the
    /// failure.
    static func readText(_ path: String) -> Result<String, SystemError> {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return .failure(SystemError(code: errno)) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(code: errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// Why `readRegularFile` refused a file before reading it, or failed reading it.
    enum RegularFileError: Error, Equatable {
        /// A call failed with this `errno`.
        case system(Int32)
        /// The path is not a regular file: `kind` says what it is ("a directory", "a FIFO"…).
        case notRegularFile(kind: String)
        /// The file holds `size` bytes, more than the `limit` asked for.
        case tooLarge(size: Int, limit: Int)
    }

    /// The regular file at `path` as UTF-8 (invalid bytes replaced) when it holds at most
    /// `limit` bytes. Checked with `fstat` before anything is read: a device (`/dev/zero`), a
    /// FIFO, a socket or a directory is refused at once, and a file larger than `limit` is
    /// refused without allocating for it. Opened non-blocking, so a FIFO with no writer never
    /// hangs the open; a file that grows while read is refused when it passes `limit`.
    static func readRegularFile(_ path: String, limit: Int) -> Result<String, RegularFileError> {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { return .failure(.system(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.system(errno)) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else { return .failure(.notRegularFile(kind: kindName(type))) }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge(size: Int(info.st_size), limit: limit)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            if count == 0 { break }
            guard bytes.count + count <= limit else { return .failure(.tooLarge(size: bytes.count + count, limit: limit)) }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// What a file of type `type` (`st_mode & S_IFMT`) is, with its article.
    static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// The names in `directory` (without `.` and `..`), sorted; empty when it cannot be read.
    static func entries(of directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether `path` exists (any kind of file).
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether `path` is a directory.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The running executable's path (`/proc/self/exe`), or nil.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` without its last component (`/a/b` → `/a`, `b` → `.`).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The working directory (`getcwd`), or nil when it cannot be read.
    static func workingDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A message for `errno`: `strerror`.
    static func message(for code: Int32) -> String {
        String(cString: strerror(code))
    }
}
