import VitrineDRM
import VitrineInput

/// What `vitrine devices` prints: the DRM report (VitrineDRM's `DeviceReport`) and the input
/// report (VitrineInput's `InputDeviceReport`) side by side, as text or as one JSON object
/// `{"drm": [...], "input": [...], "inputError": null}` (plus `"error"` when the DRM devices
/// could not be listed at all). The "drm" and "error" keys are the DRM report's, unchanged.
enum DevicesReport {
    /// The text: the DRM blocks, then the input section in place of the DRM report's
    /// placeholder line for input devices.
    static func text(_ entries: [DeviceReport.Entry], input: InputDeviceReport.Listing) -> String {
        var drm = DeviceReport.text(entries)
        let placeholder = DeviceReport.inputDevicesNote + "\n"
        if drm.hasSuffix(placeholder) { drm.removeLast(placeholder.count) }
        return drm + InputDeviceReport.text(input)
    }

    /// The JSON object for described DRM devices and the input listing.
    static func json(_ entries: [DeviceReport.Entry], input: InputDeviceReport.Listing) -> String {
        let w = JSONWriter()
        w.object {
            w.key("drm")
            // DeviceReport writes its devices only as a whole object whose first member is
            // "drm"; its array is taken from there, byte for byte, so that the VM ring sees the
            // same DRM JSON as before.
            if let drm = firstMemberValue(of: DeviceReport.json(entries), key: "drm") {
                w.raw(drm)
            } else {
                w.array([Int]()) { _ in }
                w.field("error", "vitrine: the DRM report has an unexpected shape; run `vitrine devices` without --json")
            }
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

    /// The text of the value of `json`'s first member when that member is `key` and its value
    /// is an array or object: `{"key":[…],…}` gives `[…]`. Strings are skipped with their
    /// escapes, so brackets inside names do not count. `nil` for any other shape.
    static func firstMemberValue(of json: String, key: String) -> String? {
        let bytes = Array(json.utf8)
        let prefix = Array("{\(JSONWriter.quoted(key)):".utf8)
        guard bytes.starts(with: prefix), prefix.count < bytes.count,
              bytes[prefix.count] == UInt8(ascii: "[") || bytes[prefix.count] == UInt8(ascii: "{") else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        for index in prefix.count..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return String(decoding: bytes[prefix.count...index], as: UTF8.self) }
            default: break
            }
        }
        return nil
    }
}
