import VitrineDRM
import VitrineInput

/// What `vitrine devices` prints: the DRM report (VitrineDRM's `DeviceReport`) and the input
/// report (VitrineInput's `InputDeviceReport`) side by side, as text or as one JSON object
/// `{"drm": [...], "input": [...], "inputError": null}` (plus `"error"` when the DRM devices
/// could not be listed at all). The "drm" and "error" keys are the DRM report's, unchanged.
enum DevicesReport {
    /// The text: the DRM blocks, then the input section.
    static func text(_ entries: [DeviceReport.Entry], input: InputDeviceReport.Listing) -> String {
        DeviceReport.text(entries) + InputDeviceReport.text(input)
    }

    /// The JSON object for described DRM devices and the input listing.
    static func json(_ entries: [DeviceReport.Entry], input: InputDeviceReport.Listing) -> String {
        let w = JSONWriter()
        w.object {
            w.key("drm")
            DeviceReport.writeDevices(entries, to: w)
            writeInput(input, w)
        }
        return w.output + "\n"
    }

    /// The JSON object when the DRM devices could not be listed: `{"drm": [], "error": …}` as
    /// DeviceReport writes it, then the input listing.
    static func json(drmError error: DRMError, input: InputDeviceReport.Listing) -> String {
        let w = JSONWriter()
        w.object {
            w.key("drm")
            w.array([Int]()) { _ in }
            w.field("error", error.description)
            writeInput(input, w)
        }
        return w.output + "\n"
    }

    private static func writeInput(_ input: InputDeviceReport.Listing, _ w: JSONWriter) {
        w.key("input")
        write(InputDeviceReport.json(input), w)
        w.key("inputError")
        write(InputDeviceReport.jsonError(input), w)
    }

    /// Writes `value` with `w`.
    static func write(_ value: InputDeviceReport.JSONValue, _ w: JSONWriter) {
        switch value {
        case .null: w.null()
        case .bool(let b): w.value(b)
        case .number(let n): w.value(n)
        case .string(let s): w.value(s)
        case .array(let items): w.array(items) { write($0, w) }
        case .object(let members):
            w.object {
                for member in members {
                    w.key(member.key)
                    write(member.value, w)
                }
            }
        }
    }
}
