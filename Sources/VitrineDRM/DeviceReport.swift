/// What `vitrine devices` prints: every DRM device with its connectors (status, modes, the
/// preferred one), encoders, CRTCs and planes (type, formats, rotation values, whether it takes
/// FB_DAMAGE_CLIPS), as text for people or JSON for scripts (DeviceReportJSON.swift). Pure
/// functions of the descriptions, so they are tested without a device.
package enum DeviceReport {
    /// One device: described, or the error that stopped its description.
    package enum Entry: Hashable, Sendable {
        /// The device was read.
        case device(KMSDeviceDescription)
        /// The device at `path` could not be read.
        case failed(path: String, DRMError)
    }

    // MARK: Text

    /// The report for people: one block per device, each followed by an empty line.
    package static func text(_ entries: [Entry]) -> String {
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
    package static func text(_ d: KMSDeviceDescription) -> String {
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

    static func crtcIndexes(_ mask: UInt32, count: Int) -> [Int] {
        (0..<min(max(count, 1), 32)).filter { mask & (1 << UInt32($0)) != 0 }
    }

    /// `value` with two decimals (`60.00`, `-0.50`), for the text reports.
    package static func fixed2(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return "\(hundredths < 0 ? "-" : "")\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
