import Glibc

/// The barcode scanners of a board (`[input] scanners`) and how their codes are read: which
/// devices, the keymap they type with, the pause that ends a code without a suffix, and the
/// longest code kept.
///
/// A USB barcode scanner is an HID keyboard that types a whole code (20–60 characters, then
/// Return) in one burst. Its keymap is the scanner's, not the panel's: a scanner set up for a
/// US keyboard types `Z` as the key a German keyboard calls `Y`, so its keys are translated
/// with `keymap` (`us` by default) whatever `[input.keymap]` says.
public struct ScannerConfiguration: Sendable, Hashable {
    /// The scanners: each a device name as the kernel reports it (`vitrine devices` lists it,
    /// "Honeywell Imaging 1900") or an event node (`/dev/input/event5`, or a stable
    /// `/dev/input/by-id/…-event-kbd` link). Empty: no scanner.
    public var devices: [String]
    /// The XKB keymap the scanners type with (`[input.scanner_keymap]`). Default `us`, what
    /// scanners are set up for out of the box.
    public var keymap: KeymapNames
    /// How long, in seconds, a code waits for its next key before it ends without Return
    /// (`[input] scan_gap`): the end of a scanner set up with no suffix. Measured between the
    /// kernel's key times, so a busy main thread never splits a code. Default 0.25 s: a
    /// scanner types a key every few milliseconds, and nobody scans twice within a quarter
    /// second. Between 0.01 and 5.
    public var gap: Double
    /// The most characters a code keeps (`[input] scan_max_length`): memory is bounded, and
    /// a longer code is cut, logged and delivered with `Scan.isTruncated`. Default 1024 (a
    /// QR code typed as keys fits). Between 1 and 65 536.
    public var maximumLength: Int

    /// The range `gap` must be in, in seconds.
    public static let gapRange = 0.01...5.0
    /// The range `maximumLength` must be in, in characters.
    public static let maximumLengthRange = 1...65_536

    /// Creates a configuration; the defaults: no scanner, a `us` keymap, a 0.25 s gap, 1024
    /// characters.
    public init(devices: [String] = [], keymap: KeymapNames = KeymapNames(), gap: Double = 0.25,
                maximumLength: Int = 1024) {
        self.devices = devices
        self.keymap = keymap
        self.gap = gap
        self.maximumLength = maximumLength
    }

    /// Throws `InputError.invalidConfiguration` with what to write instead when a value cannot
    /// work.
    public func validate() throws(InputError) {
        if let bad = devices.first(where: { $0.allSatisfy { $0 == " " || $0 == "\t" } }) {
            throw .invalidConfiguration("a scanner name is empty (\"\(bad)\"); give its device name as `vitrine devices` lists it or its /dev/input/… node")
        }
        if let bad = devices.first(where: { $0.hasPrefix("/") && !$0.hasPrefix("/dev/input/") }) {
            throw .invalidConfiguration("the scanner node \"\(bad)\" is not under /dev/input/; write it as /dev/input/event5 or /dev/input/by-id/…-event-kbd")
        }
        guard Self.gapRange.contains(gap) else {
            throw .invalidConfiguration("the scan gap must be from \(Self.gapRange.lowerBound) to \(Self.gapRange.upperBound) seconds, got \(gap)")
        }
        guard Self.maximumLengthRange.contains(maximumLength) else {
            throw .invalidConfiguration("the longest scan must be from \(Self.maximumLengthRange.lowerBound) to \(Self.maximumLengthRange.upperBound) characters, got \(maximumLength)")
        }
    }

    /// Whether the device called `name` at node `path` is one of `devices`: by name, or by
    /// node (a link in the profile is followed, so `/dev/input/by-id/…` matches the
    /// `/dev/input/event5` libinput reports).
    public func names(name: String, path: String) -> Bool {
        Self.matches(devices, name: name, path: path)
    }

    /// Whether the device called `name` at node `path` is one of `entries` (names or nodes).
    static func matches(_ entries: [String], name: String, path: String) -> Bool {
        for entry in entries {
            if entry.hasPrefix("/") {
                if entry == path || resolved(entry) == resolved(path) { return true }
            } else if entry == name {
                return true
            }
        }
        return false
    }

    /// `path` with its links followed (realpath(3)); itself when it cannot be resolved.
    static func resolved(_ path: String) -> String {
        guard !path.isEmpty, let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
