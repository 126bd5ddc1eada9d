import ArgumentParser
import Glibc
import VitrineDRM

/// `vitrine`: what a Vitrine kiosk's maintainer runs on the device.
@main
struct VitrineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrine",
        abstract: "Vitrine's device tool: what the hardware offers, and whether the display flips.",
        subcommands: [DevicesCommand.self, FlipTestCommand.self])
}

/// Exit statuses shared by the subcommands, so scripts (the VM ring) can tell failures apart.
enum ToolExit {
    /// No DRM device: /dev/dri missing or empty, or no card has a display connected.
    static let noDevice: Int32 = 3
    /// The device may not be opened by this user.
    static let permissionDenied: Int32 = 4
    /// Another client holds DRM master.
    static let masterHeld: Int32 = 5
    /// `flip-test` did not see every flip before its timeout.
    static let flipsMissing: Int32 = 6

    /// The status for a display error.
    static func code(for error: DRMError) -> Int32 {
        switch error {
        case .noDevice, .notADirectory, .deviceNotFound, .noConnectedDevice: noDevice
        case .permissionDenied: permissionDenied
        case .masterHeld: masterHeld
        default: 1
        }
    }
}

/// Writes `text` to standard error (Glibc's `stderr` is a global Swift 6 will not touch).
func printError(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.append(UInt8(ascii: "\n"))
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let n = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }
}
