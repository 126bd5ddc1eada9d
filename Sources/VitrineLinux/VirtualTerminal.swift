import CVitrineShims
import Glibc
import SystemPackage

/// Why the console could not be taken over, and what to do about it. None of them is fatal:
/// the app can run without console control (text and keystrokes may then leak onto the screen).
public enum VirtualTerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device is not a Linux virtual console (a pty over ssh, a serial line, /dev/null).
    case notAVirtualTerminal(path: String)
    /// The console exists but this user may not open or reconfigure it.
    case permissionDenied(path: String)
    /// The device could not be opened for another reason.
    case cannotOpen(path: String, errno: Errno)
    /// A console ioctl failed.
    case ioctlFailed(path: String, request: String, errno: Errno)

    /// What went wrong, with the remedy.
    public var description: String {
        switch self {
        case .notAVirtualTerminal(let path):
            "\(path) is not a Linux virtual console: start the app on one (systemd: TTYPath=/dev/tty1 with StandardInput=tty), or run it without console control"
        case .permissionDenied(let path):
            "\(path): permission denied — run as root (or with CAP_SYS_TTY_CONFIG), or start the app on that console so that it is its controlling terminal"
        case .cannotOpen(let path, let errno):
            "\(path) cannot be opened: \(errno)"
        case .ioctlFailed(let path, let request, let errno):
            "\(path): \(request) failed: \(errno)"
        }
    }
}

/// The Linux virtual console (VT) the app shows on, taken over for graphics: while held, the
/// kernel draws no console text over the app's frames (`KD_GRAPHICS`) and keystrokes no longer
/// reach the console and the shell behind it (`K_OFF`, which also stops Ctrl-C from becoming a
/// SIGINT). The modes found are restored by `restore()`, or at deinit.
///
/// A kiosk started by systemd on tty1 as root is the target. Without console control (not a
/// VT, not root) the errors say so and the app can carry on.
///
/// VT switching (Ctrl-Alt-Fn) is not negotiated (no `VT_SETMODE VT_PROCESS`): with the keyboard
/// off the console cannot be switched from the keyboard, and a `chvt` from elsewhere leaves the
/// display with this app. Session managers (seatd, logind through libseat) do that negotiation.
public final class VirtualTerminal {
    /// The device that was opened, for example `/dev/tty1`.
    public let path: String
    /// The console mode found (`KD_TEXT` normally), put back by `restore()`.
    public let previousMode: Int32
    /// The keyboard mode found (`K_UNICODE`, `K_XLATE`…), put back by `restore()`.
    public let previousKeyboardMode: Int32
    /// Whether `restore()` has run.
    public private(set) var isRestored = false

    private let descriptor: FileDescriptor

    /// Opens the console at `path` and takes it over: graphics mode, keyboard off.
    ///
    /// Throws `VirtualTerminalError.notAVirtualTerminal` when `path` is not a virtual console,
    /// `.permissionDenied` when the user may not open or configure it, and leaves the console
    /// as it was whenever it throws.
    public init(path: String) throws(VirtualTerminalError) {
        self.path = path
        let raw = path.withCString { open($0, O_RDWR | O_CLOEXEC | O_NOCTTY) }
        guard raw >= 0 else {
            let error = Errno(rawValue: errno)
            if error == .permissionDenied || error == .notPermitted { throw .permissionDenied(path: path) }
            throw .cannotOpen(path: path, errno: error)
        }
        descriptor = FileDescriptor(rawValue: raw)
        do {
            // KDGETMODE succeeds on virtual consoles only: it is the test of being one.
            var mode: Int32 = 0
            if case .failure(let error) = retryingOnInterrupt({ vitrine_ioctl_ptr(raw, VITRINE_KDGETMODE, &mode) }) {
                if error == Errno(rawValue: ENOTTY) || error == .invalidArgument || error == Errno(rawValue: ENODEV) {
                    throw VirtualTerminalError.notAVirtualTerminal(path: path)
                }
                throw VirtualTerminalError.ioctlFailed(path: path, request: "KDGETMODE", errno: error)
            }
            previousMode = mode
            var keyboardMode: Int32 = 0
            try Self.ioctl(raw, path, "KDGKBMODE") { vitrine_ioctl_ptr(raw, VITRINE_KDGKBMODE, &keyboardMode) }
            previousKeyboardMode = keyboardMode
            try Self.ioctl(raw, path, "KDSETMODE KD_GRAPHICS") {
                vitrine_ioctl_int(raw, VITRINE_KDSETMODE, UInt(VITRINE_KD_GRAPHICS))
            }
            do {
                try Self.ioctl(raw, path, "KDSKBMODE K_OFF") {
                    vitrine_ioctl_int(raw, VITRINE_KDSKBMODE, UInt(VITRINE_K_OFF))
                }
            } catch {
                _ = vitrine_ioctl_int(raw, VITRINE_KDSETMODE, UInt(UInt32(bitPattern: mode)))
                throw error
            }
        } catch let error as VirtualTerminalError {
            try? descriptor.close()
            throw error
        } catch {
            try? descriptor.close()
            throw .cannotOpen(path: path, errno: .ioError)
        }
    }

    /// Takes over the console the app was started on: standard input when it is a virtual
    /// console (`/proc/self/fd/0` is `/dev/ttyN`, as under systemd with `StandardInput=tty`),
    /// otherwise `/dev/tty0`, the console in the foreground (which needs root). The display is
    /// shown on the foreground console, so that is the one to silence.
    public static func takeOverConsole() throws(VirtualTerminalError) -> VirtualTerminal {
        if let standardInput = standardInputPath(), isVirtualConsolePath(standardInput) {
            return try VirtualTerminal(path: standardInput)
        }
        return try VirtualTerminal(path: "/dev/tty0")
    }

    /// Whether `path` names a virtual console device: `/dev/tty` followed by a number
    /// (`/dev/tty0` is the foreground one). Serial lines (`/dev/ttyS0`), ptys (`/dev/pts/3`) and
    /// the controlling-terminal alias `/dev/tty` are not.
    public static func isVirtualConsolePath(_ path: String) -> Bool {
        let prefix = "/dev/tty"
        guard path.hasPrefix(prefix) else { return false }
        let number = path.dropFirst(prefix.count)
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Puts the keyboard and console modes back as they were found (keyboard first: the reverse
    /// of taking them), and closes the console. Idempotent.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        let raw = descriptor.rawValue
        _ = retryingOnInterrupt { vitrine_ioctl_int(raw, VITRINE_KDSKBMODE, UInt(UInt32(bitPattern: previousKeyboardMode))) }
        _ = retryingOnInterrupt { vitrine_ioctl_int(raw, VITRINE_KDSETMODE, UInt(UInt32(bitPattern: previousMode))) }
        try? descriptor.close()
    }

    deinit {
        restore()
    }

    /// The console's mode now (`KD_TEXT` 0 or `KD_GRAPHICS` 1), read from the console at `path`;
    /// nil when it is not a virtual console or cannot be opened. For tests and diagnostics.
    public static func currentMode(ofConsoleAt path: String) -> Int32? {
        let raw = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY) }
        guard raw >= 0 else { return nil }
        defer { _ = Glibc.close(raw) }
        var mode: Int32 = 0
        guard case .success = retryingOnInterrupt({ vitrine_ioctl_ptr(raw, VITRINE_KDGETMODE, &mode) }) else { return nil }
        return mode
    }

    private static func ioctl(_ raw: Int32, _ path: String, _ request: String,
                              _ call: () -> Int32) throws(VirtualTerminalError) {
        if case .failure(let error) = retryingOnInterrupt(call) {
            if error == .notPermitted || error == .permissionDenied { throw .permissionDenied(path: path) }
            throw .ioctlFailed(path: path, request: request, errno: error)
        }
    }

    private static func standardInputPath() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = readlink("/proc/self/fd/0", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
