#if canImport(Glibc)
import Glibc
#endif

/// Why the tour's pictures cannot be written into the folder `vitrine-demo --frames DIR`
/// names: the folder, the reason, and what to do. `description` is one line,
/// "<path>: <what is wrong> — <what to do>".
public enum FramesFolderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `--frames ''`: an empty path (which would otherwise mean `/`).
    case emptyPath
    /// `path` (the folder or one of its parents) exists and is not a directory (`what`: "a
    /// regular file", "a character device"…).
    case notADirectory(path: String, what: String)
    /// The folder `path` does not exist and cannot be made (`reason`: the system's error).
    case cannotCreate(path: String, reason: String)
    /// The folder `path` exists but a file cannot be written in it (`reason`: the system's error).
    case cannotWrite(path: String, reason: String)

    /// The whole message.
    public var description: String {
        switch self {
        case .emptyPath:
            "--frames '': the pictures cannot be written into an empty path — give a folder, e.g. --frames demo-frames"
        case .notADirectory(let path, let what):
            "\(path): the pictures cannot be written: it is \(what), not a folder — give a folder's path with --frames"
        case .cannotCreate(let path, let reason):
            "\(path): the pictures cannot be written: the folder cannot be made (\(reason)) — "
                + "give a folder you may write, e.g. --frames /tmp/demo-frames"
        case .cannotWrite(let path, let reason):
            "\(path): the pictures cannot be written: no file can be made in this folder (\(reason)) — "
                + "make it writable by this user (and free some space), or give another folder with --frames"
        }
    }
}

/// The folder the tour writes its pictures into, checked before the tour plays so a run whose
/// pictures cannot be kept fails at once instead of "passing" without them.
public enum FramesFolder {
    /// Makes `path` a folder the pictures can be written into: creates it and its missing
    /// parents (mode 0755), then proves a file can be written there by creating, writing and
    /// removing a probe file. A relative path is relative to the working directory. Throws
    /// `FramesFolderError` for an empty path, a path (or parent) that is not a directory, a
    /// folder that cannot be made (`/proc/…`), or one that cannot be written (permission, a
    /// read-only or full file system).
    public static func prepare(_ path: String) throws(FramesFolderError) {
        guard !path.isEmpty else { throw .emptyPath }
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) == 0 { continue }
            let code = errno
            var info = stat()
            if stat(current, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw .notADirectory(path: displayed(current, of: path), what: kindName(info.st_mode & S_IFMT))
                }
                continue
            }
            throw .cannotCreate(path: displayed(current, of: path), reason: message(code))
        }
        let probe = (path.hasSuffix("/") ? path : path + "/") + ".vitrine-demo-probe-\(getpid())"
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: message(errno)) }
        let byte: UInt8 = 0x0A
        let written = withUnsafeBytes(of: byte) { write(fd, $0.baseAddress, 1) }
        let writeError = written == 1 ? nil : errno
        let closed = close(fd)
        let closeError = closed == 0 ? nil : errno
        unlink(probe)
        if let code = writeError ?? closeError { throw .cannotWrite(path: path, reason: message(code)) }
    }

    /// `current` as the user wrote it (without the "./" added to relative paths).
    private static func displayed(_ current: String, of path: String) -> String {
        path.hasPrefix("/") ? current : String(current.dropFirst(2))
    }

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    private static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFREG: "a regular file"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        default: "not a folder"
        }
    }
}
