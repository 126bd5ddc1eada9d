import Foundation
import VitrineDRM
import VitrineInput

/// What `vitrine devices` prints: the DRM report (VitrineDRM's `DeviceReport`) and the input
/// report (VitrineInput's `InputDeviceReport`) side by side, as text or as one JSON object
/// `{"drm": [...], "input": [...], "inputError": null}` (plus `"error"` when the DRM devices
/// could not be listed at all), encoded by `ReportJSON` (pretty printed, keys sorted). The
/// "drm" and "error" keys are the DRM report's, unchanged.
enum DevicesReport {
    /// The text: the DRM blocks, then the input section.
    static func text(_ entries: [DeviceReport.Entry], input: InputDeviceReport.Listing) -> String {
        DeviceReport.text(entries) + InputDeviceReport.text(input)
    }

    /// The JSON object for described DRM devices and the input listing.
    static func json(_ entries: [DeviceReport.Entry], input: InputDeviceReport.Listing) -> String {
        ReportJSON.encode(Document(drm: DeviceReport.JSONReport(entries), input: input))
    }

    /// The JSON object when the DRM devices could not be listed: `{"drm": [], "error": …}` as
    /// DeviceReport writes it, then the input listing.
    static func json(drmError error: DRMError, input: InputDeviceReport.Listing) -> String {
        ReportJSON.encode(Document(drm: DeviceReport.JSONReport(error: error), input: input))
    }

    /// The whole report: `"error"` only when there is one, `"inputError"` always (null when
    /// the input directory was listed).
    struct Document: Encodable {
        var drm: DeviceReport.JSONReport
        var input: InputDeviceReport.Listing

        private enum Keys: String, CodingKey { case drm, error, input, inputError }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(drm.drm, forKey: .drm)
            try c.encodeIfPresent(drm.error, forKey: .error)
            try c.encode(InputDeviceReport.json(input), forKey: .input)
            try c.encode(InputDeviceReport.jsonError(input), forKey: .inputError)
        }
    }
}

/// JSON for the `vitrine` tool's reports, through `Codable` and Foundation's `JSONEncoder`:
/// pretty printed, keys sorted, slashes unescaped (paths read as paths). The tool is the only
/// module that imports Foundation for it; the reports' models are plain `Encodable` values.
enum ReportJSON {
    /// `value` as JSON text ending in a line feed. A report is strings, integers, booleans,
    /// finite doubles and null, which always encode; should encoding fail all the same, the
    /// text is a JSON object saying why, so a script reading it gets an error and not nothing.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
        } catch {
            let reason = (try? encoder.encode(["error": "the report could not be encoded: \(error)"])) ?? Data()
            return String(decoding: reason, as: UTF8.self) + "\n"
        }
    }
}
