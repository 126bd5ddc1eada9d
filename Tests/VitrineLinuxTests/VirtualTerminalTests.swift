import CVitrineShims
import Glibc
import SystemPackage
import Testing
@testable import VitrineLinux

/// The console takeover. Only the refusals are tested by default: taking over a real console
/// would blank the machine's screen and keyboard. Set VITRINE_TEST_VT=/dev/ttyN (as root, on a
/// machine whose console nobody uses: the VM ring) to test the takeover and its restoration.
@MainActor
@Suite
struct VirtualTerminalTests {
    @Test func aDeviceThatIsNotAConsoleIsRefusedWithAClearError() {
        #expect(throws: VirtualTerminalError.notAVirtualTerminal(path: "/dev/null")) {
            _ = try VirtualTerminal(path: "/dev/null")
        }
        let message = VirtualTerminalError.notAVirtualTerminal(path: "/dev/null").description
        #expect(message.contains("TTYPath="))
    }

    @Test func aMissingDeviceIsReportedWithItsErrno() {
        #expect(throws: VirtualTerminalError.cannotOpen(path: "/dev/vitrine-no-such-tty", errno: .noSuchFileOrDirectory)) {
            _ = try VirtualTerminal(path: "/dev/vitrine-no-such-tty")
        }
    }

    @Test func aPipeIsNotAConsole() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer {
            try? readEnd.close()
            try? writeEnd.close()
        }
        let path = "/proc/self/fd/\(readEnd.rawValue)"
        #expect(throws: VirtualTerminalError.notAVirtualTerminal(path: path)) {
            _ = try VirtualTerminal(path: path)
        }
        #expect(VirtualTerminal.currentMode(ofConsoleAt: path) == nil)
    }

    @Test(arguments: [
        ("/dev/tty1", true), ("/dev/tty0", true), ("/dev/tty63", true),
        ("/dev/tty", false), ("/dev/ttyS0", false), ("/dev/pts/3", false),
        ("/dev/ttyUSB0", false), ("/dev/null", false), ("/dev/tty1x", false),
    ])
    func virtualConsolePathsAreRecognised(path: String, isConsole: Bool) {
        #expect(VirtualTerminal.isVirtualConsolePath(path) == isConsole)
    }

    @Test(.enabled(if: getenv("VITRINE_TEST_VT") != nil, "set VITRINE_TEST_VT=/dev/ttyN to take over a real console"))
    func aRealConsoleIsPutInGraphicsModeAndRestored() throws {
        let path = String(cString: getenv("VITRINE_TEST_VT"))
        let before = try #require(VirtualTerminal.currentMode(ofConsoleAt: path))
        let keyboardBefore = try #require(keyboardMode(ofConsoleAt: path))
        let terminal = try VirtualTerminal(path: path)
        #expect(terminal.previousMode == before)
        #expect(terminal.previousKeyboardMode == keyboardBefore)
        #expect(VirtualTerminal.currentMode(ofConsoleAt: path) == VITRINE_KD_GRAPHICS)
        #expect(keyboardMode(ofConsoleAt: path) == VITRINE_K_OFF)
        terminal.restore()
        #expect(terminal.isRestored)
        #expect(VirtualTerminal.currentMode(ofConsoleAt: path) == before)
        #expect(keyboardMode(ofConsoleAt: path) == keyboardBefore)
    }

    private func keyboardMode(ofConsoleAt path: String) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        defer { _ = close(descriptor) }
        var mode: Int32 = 0
        guard vitrine_ioctl_ptr(descriptor, VITRINE_KDGKBMODE, &mode) == 0 else { return nil }
        return mode
    }
}
