import ArgumentParser
import VitrineDRM

/// `vitrine devices`: every DRM device with its connectors, modes, CRTCs and planes (modetest's
/// listing, in Vitrine's words), as text or JSON.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List DRM devices: connectors and their modes, CRTCs, planes (formats, rotation, FB_DAMAGE_CLIPS).",
        discussion: """
            Exits with 3 when there is no DRM device, 4 when no device may be opened (permission).
            Input devices will be listed once the libinput backend lands.
            """)

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Option(help: "Where the device nodes are.")
    var directory = "/dev/dri"

    func run() throws {
        let json = json, directory = directory
        let status: Int32 = MainActor.assumeIsolated {
            let paths: [String]
            do throws(DRMError) {
                paths = try LibDRMDevice.cardPaths(in: directory)
            } catch {
                if json { print(DeviceReport.json(error: error), terminator: "") } else { printError("vitrine: \(error)") }
                return ToolExit.code(for: error)
            }
            let entries = paths.map(Self.describe)
            print(json ? DeviceReport.json(entries) : DeviceReport.text(entries), terminator: "")
            let failures = entries.compactMap { entry -> DRMError? in
                if case .failed(_, let error) = entry { return error }
                return nil
            }
            if !failures.isEmpty, failures.count == entries.count {
                return failures.allSatisfy { if case .permissionDenied = $0 { true } else { false } } ? ToolExit.permissionDenied : 1
            }
            return 0
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// Opens `path` (no master needed), asks for universal planes and atomic so every plane and
    /// property shows, probes the connectors and describes the device.
    @MainActor
    static func describe(_ path: String) -> DeviceReport.Entry {
        let device: LibDRMDevice
        do { device = try LibDRMDevice(path: path) } catch { return .failed(path: path, error) }
        guard device.isKMS else { return .failed(path: path, .notKMS(path: path)) }
        _ = try? device.setClientCapability(KMSCapability.universalPlanes, to: 1)
        let atomic = (try? device.setClientCapability(KMSCapability.atomic, to: 1)) != nil
        do {
            return .device(try device.describe(supportsAtomic: atomic, probingConnectors: true))
        } catch {
            return .failed(path: path, .systemCall(path: path, operation: "reading the mode objects", errno: error))
        }
    }
}
