import Glibc
import Logging
import SystemPackage
import VitrineSeams

/// Why a backlight of the kernel's backlight class could not be used, each with what to do.
/// `description` is the whole message: what went wrong, then the remedy after a dash.
public enum BacklightError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No backlight of that name: `available` lists the ones there are.
    case notFound(name: String, directory: String, available: [String])
    /// An attribute could not be read (`max_brightness`, `actual_brightness`).
    case unreadable(path: String, errno: Errno)
    /// An attribute did not hold a number (or `max_brightness` was not positive).
    case malformed(path: String, text: String)
    /// `brightness` cannot be written by this process.
    case notWritable(path: String, errno: Errno)

    /// What went wrong, with the remedy.
    public var description: String {
        switch self {
        case .notFound(let name, let directory, let available):
            let list = available.isEmpty ? "there is none" : "there are " + available.joined(separator: ", ")
            return "no backlight \(name) in \(directory) (\(list)) — set [power] backlight in the board profile to one "
                + "of them, \"auto\" or \"none\""
        case .unreadable(let path, let errno):
            return "\(path) cannot be read (\(errno)) — is the backlight's driver loaded? `ls \(path)` shows what is there"
        case .malformed(let path, let text):
            return "\(path) holds \(text.debugDescription), not a positive number — the driver is broken; "
                + "set [power] backlight = \"none\" in the board profile"
        case .notWritable(let path, let errno):
            return "\(path) cannot be written (\(errno)) — brightness stays as it is; let group video write it with a "
                + "udev rule (/etc/udev/rules.d/90-backlight.rules: ACTION==\"add\", SUBSYSTEM==\"backlight\", "
                + "RUN+=\"/bin/chgrp video /sys/class/backlight/%k/brightness\", "
                + "RUN+=\"/bin/chmod g+w /sys/class/backlight/%k/brightness\") and add the user to group video, "
                + "or run as root; or set [power] backlight = \"none\""
        }
    }
}

/// A backlight of the kernel's backlight class: `DIRECTORY/NAME/brightness` (written, in steps
/// of 0…`max_brightness`), `actual_brightness` (read). Follows the `Backlight` contract: a
/// write that fails is logged once with its remedy, and every later `setLevel` does nothing.
///
/// Each write opens, writes and closes the attribute (as `echo N > brightness` does): a fade
/// is five writes, and nothing stays open between them.
@MainActor
public final class SysfsBacklight: Backlight {
    /// The backlight's name (`intel_backlight`).
    public let name: String
    /// Its directory (`/sys/class/backlight/intel_backlight`).
    public let path: String
    /// `max_brightness`: the brightest step.
    public let maximum: Int
    /// Whether a write failed, after which writes are ignored.
    public private(set) var isBroken = false

    private let logger: Logger
    private var lastWritten: Double?

    /// Opens backlight `name` of `directory` (default the kernel's `/sys/class/backlight`):
    /// reads `max_brightness` and checks that `brightness` can be written. Throws
    /// `BacklightError` with the remedy.
    public init(name: String, directory: String = BacklightDirectory.kernelPath,
                logger: Logger = Logger(label: "vitrine.backlight")) throws(BacklightError) {
        let path = directory + "/" + name
        guard BacklightDirectory.exists(path) else {
            throw .notFound(name: name, directory: directory, available: BacklightDirectory(path: directory).names())
        }
        let maximumPath = path + "/max_brightness"
        let text = try Self.read(maximumPath)
        guard let maximum = Int(text.filter { !$0.isWhitespace }), maximum > 0 else {
            throw .malformed(path: maximumPath, text: text)
        }
        let brightness = path + "/brightness"
        let fd = open(brightness, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .notWritable(path: brightness, errno: Errno(rawValue: errno)) }
        close(fd)
        self.name = name
        self.path = path
        self.maximum = maximum
        self.logger = logger
    }

    /// `actual_brightness` (what the hardware shows; `brightness` when the driver has no
    /// such attribute) over `max_brightness`; the level written last when neither can be read.
    public var level: Double {
        for attribute in ["actual_brightness", "brightness"] {
            if let text = try? Self.read(path + "/" + attribute), let value = Int(text.filter { !$0.isWhitespace }) {
                return min(max(Double(value) / Double(maximum), 0), 1)
            }
        }
        return lastWritten ?? 1
    }

    /// Writes the nearest step to `level` (0…1) into `brightness`.
    public func setLevel(_ level: Double) {
        guard !isBroken, level.isFinite else { return }
        let clamped = min(max(level, 0), 1)
        let step = Int((clamped * Double(maximum)).rounded())
        let attribute = path + "/brightness"
        do {
            let fd = try FileDescriptor.open(attribute, .writeOnly, options: [.truncate, .closeOnExec])
            try fd.closeAfter { _ = try fd.writeAll(Array("\(step)\n".utf8)) }
            lastWritten = clamped
        } catch {
            isBroken = true
            let errno = (error as? Errno) ?? .ioError
            logger.error("\(BacklightError.notWritable(path: attribute, errno: errno))")
        }
    }

    /// The text of a small sysfs attribute.
    nonisolated static func read(_ path: String) throws(BacklightError) -> String {
        do {
            let fd = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
            return try fd.closeAfter {
                var buffer = [UInt8](repeating: 0, count: 64)
                let count = try buffer.withUnsafeMutableBytes { try fd.read(into: $0) }
                return String(decoding: buffer.prefix(count), as: UTF8.self)
            }
        } catch {
            throw .unreadable(path: path, errno: (error as? Errno) ?? .ioError)
        }
    }
}

/// The kernel's backlight class directory (`/sys/class/backlight`, or a fake tree in tests),
/// and the choice of the backlight that lights a DRM connector.
public struct BacklightDirectory: Sendable, Hashable {
    /// Where the kernel lists backlights.
    public static let kernelPath = "/sys/class/backlight"

    /// The directory listing backlights.
    public var path: String
    /// The DRM class directory (`/sys/class/drm`): its `cardN-CONNECTOR` and `cardN/device`
    /// links tell which backlight belongs to which connector.
    public var drmClassPath: String

    /// Creates a view of `path` (default the kernel's) with DRM's class at `drmClassPath`.
    public init(path: String = BacklightDirectory.kernelPath, drmClassPath: String = "/sys/class/drm") {
        self.path = path
        self.drmClassPath = drmClassPath
    }

    /// The backlights there are, by name, sorted.
    public func names() -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// The outcome of choosing a backlight automatically.
    public enum Choice: Sendable, Hashable {
        /// This one, for this reason (for the log).
        case backlight(String, reason: String)
        /// None, for this reason.
        case none(reason: String)
    }

    /// The backlight of connector `connector` (`eDP-1`) of card `card` (`card0`): the one whose
    /// `device` link leads to that connector (a laptop panel's), else to that card's GPU (an
    /// amdgpu or nouveau backlight), else the only backlight there is, else none (none at all,
    /// or several not tied to the connector: the profile must name one).
    public func automatic(card: String?, connector: String?) -> Choice {
        let all = names()
        guard !all.isEmpty else { return .none(reason: "there is no backlight in \(path)") }
        let devices = all.map { (name: $0, device: Self.resolve(path + "/" + $0 + "/device")) }
        if let card, let connector, let connectorDevice = Self.resolve(drmClassPath + "/" + card + "-" + connector) {
            let tied = devices.filter { $0.device == connectorDevice }
            if tied.count == 1 { return .backlight(tied[0].name, reason: "its device is \(card)-\(connector)") }
        }
        if let card, let gpu = Self.resolve(drmClassPath + "/" + card + "/device") {
            let tied = devices.filter { $0.device == gpu }
            if tied.count == 1 { return .backlight(tied[0].name, reason: "its device is the GPU of \(card)") }
        }
        if all.count == 1 { return .backlight(all[0], reason: "it is the only one") }
        return .none(reason: "\(all.joined(separator: ", ")) are not tied to \(card.map { "\($0)-" } ?? "")\(connector ?? "the connector")"
            + " — name one with [power] backlight")
    }

    /// The real path a link leads to, or nil when it leads nowhere.
    static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }
}
