import CVitrineShims
import Glibc
import SystemPackage

/// Who switches away from a console (`VT_SETMODE`).
package enum VTSwitchMode: Hashable, Sendable {
    /// The kernel switches by itself (`VT_AUTO`): what a console is normally left in.
    case automatic
    /// The process that sets the mode negotiates every switch (`VT_PROCESS`): the kernel sends
    /// it `releaseSignal` when a switch away is asked for and waits for its `VT_RELDISP`, and
    /// sends it `acquireSignal` once the console is shown again.
    case process(releaseSignal: Int32, acquireSignal: Int32)
}

/// A process's answer to the console (`VT_RELDISP`).
package enum VTReleaseAnswer: Hashable, Sendable {
    /// Lets the switch away that was asked for happen (`VT_RELDISP 1`).
    case allow
    /// Refuses it (`VT_RELDISP 0`).
    case refuse
    /// Acknowledges that the console is shown again (`VT_RELDISP VT_ACKACQ`).
    case acknowledgeAcquire
}

/// The console ioctls `VirtualTerminal` makes, one method each: the seam that lets the
/// takeover and the switch negotiation run on a stand-in in tests (there is no console to
/// switch on a build machine). `VTConsoleDevice` makes the real calls on `/dev/ttyN`.
///
/// Contract: each method makes its one request and returns, never blocks (there is no
/// `VT_WAITACTIVE`), and throws the `Errno` it failed with (`EINTR` is retried inside). The
/// device is owned by one `VirtualTerminal`, which calls `close()` last. On the main actor,
/// as the terminal is.
@MainActor
package protocol VTDevice: AnyObject {
    /// The console's path, for messages (`/dev/tty1`).
    var path: String { get }
    /// `KDGETMODE`: `KD_TEXT` or `KD_GRAPHICS`. Fails (`ENOTTY`, `EINVAL`) on anything that is
    /// not a virtual console.
    func consoleMode() throws(Errno) -> Int32
    /// `KDSETMODE`.
    func setConsoleMode(_ mode: Int32) throws(Errno)
    /// `KDGKBMODE`: `K_XLATE`, `K_UNICODE`, `K_OFF`…
    func keyboardMode() throws(Errno) -> Int32
    /// `KDSKBMODE`.
    func setKeyboardMode(_ mode: Int32) throws(Errno)
    /// `VT_SETMODE`, with `waitv` and `frsig` 0.
    func setSwitchMode(_ mode: VTSwitchMode) throws(Errno)
    /// `VT_RELDISP` with `answer`.
    func releaseDisplay(_ answer: VTReleaseAnswer) throws(Errno)
    /// `VT_ACTIVATE number`: asks for a switch to console `number` (1…63) and returns at once.
    func activate(_ number: Int) throws(Errno)
    /// This console's number (1…63).
    func number() throws(Errno) -> Int
    /// The number of the console in the foreground now (`VT_GETSTATE`).
    func foregroundNumber() throws(Errno) -> Int
    /// Closes the device. Idempotent; nothing may be called afterwards.
    func close()
}

/// A Linux virtual console opened for reading and writing: the real `VTDevice`.
@MainActor
package final class VTConsoleDevice: VTDevice {
    /// The path it was opened at.
    package let path: String
    private let descriptor: FileDescriptor
    private var isClosed = false

    /// Opens the console at `path` (`O_NOCTTY`: the app does not make it its controlling
    /// terminal). Throws `VirtualTerminalError.permissionDenied` or `.cannotOpen`.
    package init(path: String) throws(VirtualTerminalError) {
        self.path = path
        let raw = path.withCString { open($0, O_RDWR | O_CLOEXEC | O_NOCTTY) }
        guard raw >= 0 else {
            let error = Errno(rawValue: errno)
            if error == .permissionDenied || error == .notPermitted { throw .permissionDenied(path: path) }
            throw .cannotOpen(path: path, errno: error)
        }
        descriptor = FileDescriptor(rawValue: raw)
    }

    isolated deinit { close() }

    /// `KDGETMODE`.
    package func consoleMode() throws(Errno) -> Int32 {
        var mode: Int32 = 0
        try call { vitrine_ioctl_ptr(descriptor.rawValue, VITRINE_KDGETMODE, &mode) }
        return mode
    }

    /// `KDSETMODE`.
    package func setConsoleMode(_ mode: Int32) throws(Errno) {
        try call { vitrine_ioctl_int(descriptor.rawValue, VITRINE_KDSETMODE, UInt(UInt32(bitPattern: mode))) }
    }

    /// `KDGKBMODE`.
    package func keyboardMode() throws(Errno) -> Int32 {
        var mode: Int32 = 0
        try call { vitrine_ioctl_ptr(descriptor.rawValue, VITRINE_KDGKBMODE, &mode) }
        return mode
    }

    /// `KDSKBMODE`.
    package func setKeyboardMode(_ mode: Int32) throws(Errno) {
        try call { vitrine_ioctl_int(descriptor.rawValue, VITRINE_KDSKBMODE, UInt(UInt32(bitPattern: mode))) }
    }

    /// `VT_SETMODE`.
    package func setSwitchMode(_ mode: VTSwitchMode) throws(Errno) {
        var setting = vt_mode()
        switch mode {
        case .automatic:
            setting.mode = CChar(VITRINE_VT_AUTO)
        case .process(let release, let acquire):
            setting.mode = CChar(VITRINE_VT_PROCESS)
            setting.relsig = Int16(truncatingIfNeeded: release)
            setting.acqsig = Int16(truncatingIfNeeded: acquire)
        }
        try call { vitrine_ioctl_ptr(descriptor.rawValue, VITRINE_VT_SETMODE, &setting) }
    }

    /// `VT_RELDISP`.
    package func releaseDisplay(_ answer: VTReleaseAnswer) throws(Errno) {
        let argument: UInt = switch answer {
        case .allow: 1
        case .refuse: 0
        case .acknowledgeAcquire: UInt(VITRINE_VT_ACKACQ)
        }
        try call { vitrine_ioctl_int(descriptor.rawValue, VITRINE_VT_RELDISP, argument) }
    }

    /// `VT_ACTIVATE`.
    package func activate(_ number: Int) throws(Errno) {
        try call { vitrine_ioctl_int(descriptor.rawValue, VITRINE_VT_ACTIVATE, UInt(number)) }
    }

    /// `TIOCGDEV`'s minor number: the console behind the descriptor, also when it was opened
    /// as `/dev/tty0`.
    package func number() throws(Errno) -> Int {
        var device: UInt32 = 0
        try call { vitrine_ioctl_ptr(descriptor.rawValue, VITRINE_TIOCGDEV, &device) }
        // The kernel's "new" encoding: minor bits 0…7 and 20…31, major bits 8…19.
        return Int((device & 0xff) | ((device >> 12) & 0xfff00))
    }

    /// `VT_GETSTATE`'s `v_active`.
    package func foregroundNumber() throws(Errno) -> Int {
        var state = vt_stat()
        try call { vitrine_ioctl_ptr(descriptor.rawValue, VITRINE_VT_GETSTATE, &state) }
        return Int(state.v_active)
    }

    /// Closes the descriptor. Idempotent.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        try? descriptor.close()
    }

    private func call(_ body: () -> Int32) throws(Errno) {
        if case .failure(let error) = retryingOnInterrupt(body) { throw error }
    }
}
