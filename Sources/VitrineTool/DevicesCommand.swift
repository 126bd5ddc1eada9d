import ArgumentParser
import VitrineDRM
import VitrineInput

/// `vitrine devices`: every DRM device with its connectors, modes, CRTCs and planes (modetest's
/// listing, in Vitrine's words), then every input device with what it offers (evtest's, in
/// short), as text or JSON.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List DRM devices (connectors and modes, CRTCs, planes) and input devices (touch, pointer, keys, switches, accelerometer).",
        discussion: """
            DRM: each card with its connectors and their modes, encoders, CRTCs and planes (formats, \
            rotation, FB_DAMAGE_CLIPS).
            Input: each /dev/input/event* node with its name, bus, vendor and product, and what \
            Vitrine uses of it: touch (slots, touchscreen or touchpad, axis ranges), pointer \
            (left button, wheel), keys (keyboard, media and remote keys), switches (SW_LID, \
            SW_TABLET_MODE and their state), accelerometer (INPUT_PROP_ACCELEROMETER: axes, \
            units per g). A node that cannot be opened is listed with the reason and the remedy \
            (permission: add the user to group input).
            With --json, one object: {"drm": [...], "input": [...], "inputError": null}.
            Exits with 3 when there is no DRM device, 4 when no DRM device may be opened \
            (permission); the input devices are listed in every case and do not change the status.
            """)

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Option(help: "Where the DRM device nodes are.")
    var directory = "/dev/dri"

    @Option(help: "Where the input event nodes are.")
    var inputDirectory = "/dev/input"

    func run() throws {
        let json = json, directory = directory, inputDirectory = inputDirectory
        let status: Int32 = MainActor.assumeIsolated {
            let input = InputDeviceReport.list(directory: inputDirectory)
            let paths: [String]
            do throws(DRMError) {
                paths = try LibDRMDevice.cardPaths(in: directory)
            } catch {
                if json {
                    print(DevicesReport.json(drmError: error, input: input), terminator: "")
                } else {
                    printError("vitrine: \(error)")
                    print(InputDeviceReport.text(input), terminator: "")
                }
                return ToolExit.code(for: error)
            }
            let entries = paths.map(Self.describe)
            print(json ? DevicesReport.json(entries, input: input) : DevicesReport.text(entries, input: input), terminator: "")
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
