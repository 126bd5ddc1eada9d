import Glibc
import Testing

/// Ring 3: the real DRM and input backends on a real Linux kernel (vkms and uinput in qemu).
///
/// `scripts/vm-test` boots the VM and runs this bundle inside it with `VITRINE_KERNEL_RING=1`;
/// anywhere else every test is skipped, with the reason. The suites nest under this one so that
/// `.serialized` holds for all of them: they share one DRM device, one uinput and the one
/// signal-handling run loop a process may have.
@Suite(.serialized, .enabled(if: kernelRingIsEnabled(),
                             "needs a real kernel with vkms and uinput: run scripts/vm-test (its VM sets VITRINE_KERNEL_RING=1)"))
struct KernelRing {
    /// Where a failing test leaves what it saw (captured frames, expected frames, differences):
    /// the work share of the VM, which `scripts/vm-test` lists after the run.
    static var artifactsDirectory: String {
        let directory = environment("VITRINE_KERNEL_ARTIFACTS") ?? "/tmp/vitrine-kernel-artifacts"
        mkdir(directory, 0o755)
        return directory
    }

    /// Where the figures (`Figures`) are written as JSON, when set.
    static var figuresPath: String? { environment("VITRINE_KERNEL_FIGURES") }

    /// The directory of the built products (`vitrine`, `vitrine-demo`): `VITRINE_BIN_DIR`, else
    /// the directory of this test bundle, which SwiftPM builds beside them.
    static var binDirectory: String {
        if let directory = environment("VITRINE_BIN_DIR") { return directory }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "." }
        let path = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }

    /// The value of an environment variable, or nil.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// Whether this process runs inside the VM of `scripts/vm-test` (`VITRINE_KERNEL_RING=1`).
func kernelRingIsEnabled() -> Bool {
    KernelRing.environment("VITRINE_KERNEL_RING") == "1"
}
