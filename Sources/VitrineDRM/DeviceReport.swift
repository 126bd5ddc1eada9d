/// What `vitrine devices` prints: every DRM device with its connectors (status, modes, the
/// preferred one), encoders, CRTCs and planes (type, formats, rotation values, whether it takes
/// FB_DAMAGE_CLIPS), as text for people or JSON for scripts (the VM ring reads it). Pure
/// functions of the descriptions, so they are tested without a device.
public enum DeviceReport {
    /// One device: described, or the error that stopped its description.
    public enum Entry: Hashable, Sendable {
        /// The device was read.
        case device(KMSDeviceDescription)
        /// The device at `path` could not be read.
        case failed(path: String, DRMError)
    }

    // MARK: Text

    /// The report for people: one block per device, each followed by an empty line.
    public static func text(_ entries: [Entry]) -> String {
        var out = ""
        for entry in entries {
            switch entry {
            case .device(let d): out += text(d)
            case .failed(_, let error): out += "\(error)\n"
            }
            out += "\n"
        }
        return out
    }

    /// The block for one device.
    public static func text(_ d: KMSDeviceDescription) -> String {
        var out = "\(d.path): \(d.driver.name)"
        if !d.driver.description.isEmpty { out += " (\(d.driver.description))" }
        out += d.supportsAtomic ? ", atomic" : ", legacy modesetting only"
        out += d.supportsDumbBuffers ? ", dumb buffers" : ", no dumb buffers"
        out += "\n"
        out += "  connectors:\n"
        for c in d.connectors {
            out += "    \(c.name) (id \(c.id)): \(c.status)"
            if c.widthMillimeters > 0 || c.heightMillimeters > 0 { out += ", \(c.widthMillimeters)×\(c.heightMillimeters) mm" }
            if let crtc = d.currentCRTC(of: c) { out += ", on CRTC \(crtc)" }
            out += "\n"
            if !c.modes.isEmpty {
                out += "      modes (* preferred): " + c.modes.map { "\($0)\($0.isPreferred ? "*" : "")" }.joined(separator: " ") + "\n"
            }
            if !c.properties.isEmpty { out += "      properties: " + propertyList(c.properties) + "\n" }
        }
        out += "  encoders:\n"
        for e in d.encoders {
            out += "    encoder \(e.id): CRTCs \(indexes(e.possibleCRTCs, count: d.crtcs.count))"
            if e.crtcID != 0 { out += ", on CRTC \(e.crtcID)" }
            out += "\n"
        }
        out += "  CRTCs:\n"
        for (index, c) in d.crtcs.enumerated() {
            out += "    CRTC \(c.id) (index \(index)): "
            if let mode = c.mode, c.framebufferID != 0 {
                out += "framebuffer \(c.framebufferID), \(mode) at (\(c.x), \(c.y))"
            } else {
                out += "off"
            }
            out += "\n"
            if !c.properties.isEmpty { out += "      properties: " + propertyList(c.properties) + "\n" }
        }
        out += "  planes:\n"
        if d.planes.isEmpty { out += "    (none listed: the driver offers no universal planes)\n" }
        for p in d.planes {
            out += "    plane \(p.id): \(p.type?.description ?? "unknown type"), CRTCs \(indexes(p.possibleCRTCs, count: d.crtcs.count))"
            if p.crtcID != 0 { out += ", on CRTC \(p.crtcID) framebuffer \(p.framebufferID)" }
            out += "\n"
            out += "      formats: " + p.formats.map(KMSFourCC.name).joined(separator: " ") + "\n"
            if let rotation = p.properties.named("rotation") {
                out += "      rotation: " + rotation.enums.map(\.name).joined(separator: " ")
                    + " (now " + bitNames(rotation).joined(separator: "|") + ")\n"
            } else {
                out += "      rotation: none\n"
            }
            out += "      FB_DAMAGE_CLIPS: \(p.properties.named("FB_DAMAGE_CLIPS") != nil ? "yes" : "no")\n"
            if !p.properties.isEmpty { out += "      properties: " + propertyList(p.properties) + "\n" }
        }
        return out
    }

    /// `name=value` for each property; enum values by name.
    private static func propertyList(_ properties: [KMSProperty]) -> String {
        properties.map { p in
            switch p.kind {
            case .enumeration(let e): "\(p.name)=\(e.first { $0.value == p.value }?.name ?? "\(p.value)")"
            case .bitmask: "\(p.name)=\(bitNames(p).joined(separator: "|"))"
            case .signedRange: "\(p.name)=\(Int64(bitPattern: p.value))"
            default: "\(p.name)=\(p.value)"
            }
        }.joined(separator: " ")
    }

    /// The names of the bits set in a bitmask property's value.
    private static func bitNames(_ p: KMSProperty) -> [String] {
        p.enums.filter { $0.value < 64 && p.value & (1 << $0.value) != 0 }.map(\.name)
    }

    /// The CRTC indexes set in a `possibleCRTCs` mask, `0,1`.
    private static func indexes(_ mask: UInt32, count: Int) -> String {
        let set = (0..<min(max(count, 1), 32)).filter { mask & (1 << UInt32($0)) != 0 }
        return set.isEmpty ? "none" : set.map(String.init).joined(separator: ",")
    }

    // MARK: JSON

    /// The report as one JSON object, `{"drm": [devices…]}`; a device that could not be read
    /// is `{"path": …, "error": …}`.
    public static func json(_ entries: [Entry]) -> String {
        let w = JSONWriter()
        w.object {
            w.key("drm")
            writeDevices(entries, to: w)
        }
        return w.output + "\n"
    }

    /// Writes the devices as a JSON array with `w`, for a report that puts them beside others
    /// (`vitrine devices` adds the input devices).
    public static func writeDevices(_ entries: [Entry], to w: JSONWriter) {
        w.array(entries) { entry in
            switch entry {
            case .device(let d): json(d, w)
            case .failed(let path, let error):
                w.object {
                    w.field("path", path)
                    w.field("error", error.description)
                }
            }
        }
    }

    /// The JSON object for an error that stopped the whole listing: `{"drm": [], "error": …}`.
    public static func json(error: DRMError) -> String {
        let w = JSONWriter()
        w.object {
            w.key("drm")
            w.array([Int]()) { _ in }
            w.field("error", error.description)
        }
        return w.output + "\n"
    }

    private static func json(_ d: KMSDeviceDescription, _ w: JSONWriter) {
        w.object {
            w.field("path", d.path)
            w.field("driver", d.driver.name)
            w.field("driverDescription", d.driver.description)
            w.field("atomic", d.supportsAtomic)
            w.field("dumbBuffers", d.supportsDumbBuffers)
            w.key("connectors")
            w.array(d.connectors) { c in
                w.object {
                    w.field("id", Int(c.id))
                    w.field("name", c.name)
                    w.field("status", c.status.description)
                    w.field("widthMM", Int(c.widthMillimeters))
                    w.field("heightMM", Int(c.heightMillimeters))
                    w.key("crtc")
                    if let crtc = d.currentCRTC(of: c) { w.value(Int(crtc)) } else { w.null() }
                    w.key("modes")
                    w.array(c.modes) { m in
                        w.object {
                            w.field("name", m.name)
                            w.field("width", m.width)
                            w.field("height", m.height)
                            w.key("refresh")
                            w.raw(fixed2(m.refreshRate))
                            w.field("preferred", m.isPreferred)
                        }
                    }
                    w.key("properties")
                    properties(c.properties, w)
                }
            }
            w.key("encoders")
            w.array(d.encoders) { e in
                w.object {
                    w.field("id", Int(e.id))
                    w.key("possibleCrtcs")
                    w.array(crtcIndexes(e.possibleCRTCs, count: d.crtcs.count)) { w.value($0) }
                    w.key("crtc")
                    if e.crtcID != 0 { w.value(Int(e.crtcID)) } else { w.null() }
                }
            }
            w.key("crtcs")
            w.array(Array(d.crtcs.enumerated())) { item in
                let (index, c) = item
                w.object {
                    w.field("id", Int(c.id))
                    w.field("index", index)
                    w.field("framebuffer", Int(c.framebufferID))
                    w.field("x", c.x)
                    w.field("y", c.y)
                    w.key("mode")
                    if let mode = c.mode { w.value(mode.description) } else { w.null() }
                    w.key("properties")
                    properties(c.properties, w)
                }
            }
            w.key("planes")
            w.array(d.planes) { p in
                w.object {
                    w.field("id", Int(p.id))
                    w.key("type")
                    if let type = p.type { w.value(type.description) } else { w.null() }
                    w.key("possibleCrtcs")
                    w.array(crtcIndexes(p.possibleCRTCs, count: d.crtcs.count)) { w.value($0) }
                    w.key("crtc")
                    if p.crtcID != 0 { w.value(Int(p.crtcID)) } else { w.null() }
                    w.field("framebuffer", Int(p.framebufferID))
                    w.key("formats")
                    w.array(p.formats) { w.value(KMSFourCC.name($0)) }
                    w.key("rotation")
                    w.array(p.properties.named("rotation")?.enums.map(\.name) ?? []) { w.value($0) }
                    w.field("damageClips", p.properties.named("FB_DAMAGE_CLIPS") != nil)
                    w.key("properties")
                    properties(p.properties, w)
                }
            }
        }
    }

    private static func properties(_ list: [KMSProperty], _ w: JSONWriter) {
        w.array(list) { p in
            w.object {
                w.field("id", Int(p.id))
                w.field("name", p.name)
                w.key("value")
                // JSON numbers are doubles: past 2^53 a value would change, so it goes as text.
                if p.value < 1 << 53 { w.value(Int(p.value)) } else { w.value("\(p.value)") }
                w.field("immutable", p.isImmutable)
                if !p.enums.isEmpty {
                    w.key("values")
                    w.array(p.enums) { w.value($0.name) }
                }
            }
        }
    }

    private static func crtcIndexes(_ mask: UInt32, count: Int) -> [Int] {
        (0..<min(max(count, 1), 32)).filter { mask & (1 << UInt32($0)) != 0 }
    }

    /// `value` with two decimals (`60.00`, `-0.50`), a valid JSON number.
    public static func fixed2(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return "\(hundredths < 0 ? "-" : "")\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// A minimal JSON writer (no Foundation): objects, arrays, strings, numbers, booleans, null,
/// with commas placed by nesting level; compact output, keys in the order written. A class,
/// because nested bodies write to the same output. Used by the reports of the `vitrine` tool.
public final class JSONWriter {
    /// The JSON written so far.
    public private(set) var output = ""
    /// For each open container: whether it has an element yet.
    private var hasElement: [Bool] = []
    private var afterKey = false

    private func separate() {
        if afterKey {
            afterKey = false
            return
        }
        if let last = hasElement.last {
            if last { output += "," }
            hasElement[hasElement.count - 1] = true
        }
    }

    /// An empty writer.
    public init() {}

    /// Writes an object whose members `body` writes (with `key` then a value, or `field`).
    public func object(_ body: () -> Void) {
        separate()
        output += "{"
        hasElement.append(false)
        body()
        hasElement.removeLast()
        output += "}"
    }

    /// Writes an array with one element per item, each written by `body`.
    public func array<S: Sequence>(_ items: S, _ body: (S.Element) -> Void) {
        separate()
        output += "["
        hasElement.append(false)
        for item in items { body(item) }
        hasElement.removeLast()
        output += "]"
    }

    /// Writes a member's key; the next value written is its value.
    public func key(_ name: String) {
        separate()
        output += JSONWriter.quoted(name) + ":"
        afterKey = true
    }

    /// Writes a string.
    public func value(_ s: String) { separate(); output += JSONWriter.quoted(s) }
    /// Writes an integer.
    public func value(_ n: Int) { separate(); output += "\(n)" }
    /// Writes `true` or `false`.
    public func value(_ b: Bool) { separate(); output += b ? "true" : "false" }
    /// Writes `null`.
    public func null() { separate(); output += "null" }
    /// Writes `text`, which must already be a JSON value (a number formatted by the caller).
    public func raw(_ text: String) { separate(); output += text }

    /// Writes a member with a string value.
    public func field(_ name: String, _ s: String) { key(name); value(s) }
    /// Writes a member with an integer value.
    public func field(_ name: String, _ n: Int) { key(name); value(n) }
    /// Writes a member with a boolean value.
    public func field(_ name: String, _ b: Bool) { key(name); value(b) }

    /// `s` as a JSON string: quotes, backslashes and control characters escaped.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
