/// The DRM report as `Encodable` values, for `vitrine devices --json` (the tool encodes them
/// with Foundation's `JSONEncoder`; this module does not import Foundation, so apps that link
/// the DRM backend do not carry it).
extension DeviceReport {
    /// The DRM report as one JSON object, `{"drm": [devices…]}`, with `"error"` only when the
    /// devices could not be listed at all (then `"drm"` is empty); a device that could not be
    /// read is `{"path": …, "error": …}`.
    package struct JSONReport: Encodable, Sendable {
        /// The devices.
        package var drm: [JSONDevice]
        /// Why no device could be listed.
        package var error: String?

        /// The report of `entries`.
        package init(_ entries: [Entry]) {
            drm = entries.map(JSONDevice.init)
            error = nil
        }

        /// The report when the listing failed with `error`.
        package init(error: DRMError) {
            drm = []
            self.error = error.description
        }
    }

    /// `value` rounded to two decimals (`59.94`), as a JSON number; non-finite values are 0.
    package static func hundredths(_ value: Double) -> Double {
        value.isFinite ? (value * 100).rounded() / 100 : 0
    }

    /// One DRM device in the JSON report: described, or `{"path", "error"}`. Keys of a
    /// described device: path, driver, driverDescription, atomic, dumbBuffers, connectors,
    /// encoders, crtcs, planes.
    package struct JSONDevice: Encodable, Sendable {
        private let entry: Entry

        /// The JSON form of `entry`.
        package init(_ entry: Entry) { self.entry = entry }

        private enum Keys: String, CodingKey {
            case path, error, driver, driverDescription, atomic, dumbBuffers, connectors, encoders, crtcs, planes
        }

        /// Writes the device's object.
        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            switch entry {
            case .failed(let path, let error):
                try c.encode(path, forKey: .path)
                try c.encode(error.description, forKey: .error)
            case .device(let d):
                try c.encode(d.path, forKey: .path)
                try c.encode(d.driver.name, forKey: .driver)
                try c.encode(d.driver.description, forKey: .driverDescription)
                try c.encode(d.supportsAtomic, forKey: .atomic)
                try c.encode(d.supportsDumbBuffers, forKey: .dumbBuffers)
                try c.encode(d.connectors.map { JSONConnector(connector: $0, crtc: d.currentCRTC(of: $0)) }, forKey: .connectors)
                try c.encode(d.encoders.map { JSONEncoderEntry(encoder: $0, crtcCount: d.crtcs.count) }, forKey: .encoders)
                try c.encode(d.crtcs.enumerated().map { JSONCRTC(crtc: $1, index: $0) }, forKey: .crtcs)
                try c.encode(d.planes.map { JSONPlane(plane: $0, crtcCount: d.crtcs.count) }, forKey: .planes)
            }
        }
    }

    private struct JSONConnector: Encodable {
        let connector: KMSConnector
        let crtc: UInt32?

        private enum Keys: String, CodingKey { case id, name, status, widthMM, heightMM, crtc, modes, properties }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(connector.id, forKey: .id)
            try c.encode(connector.name, forKey: .name)
            try c.encode(connector.status.description, forKey: .status)
            try c.encode(connector.widthMillimeters, forKey: .widthMM)
            try c.encode(connector.heightMillimeters, forKey: .heightMM)
            try c.encode(crtc, forKey: .crtc)
            try c.encode(connector.modes.map(JSONMode.init), forKey: .modes)
            try c.encode(connector.properties.map(JSONProperty.init), forKey: .properties)
        }
    }

    private struct JSONMode: Encodable {
        var name: String, width: Int, height: Int, refresh: Double, preferred: Bool

        init(_ mode: KMSMode) {
            name = mode.name
            width = mode.width
            height = mode.height
            refresh = DeviceReport.hundredths(mode.refreshRate)
            preferred = mode.isPreferred
        }
    }

    private struct JSONEncoderEntry: Encodable {
        let encoder: KMSEncoder
        let crtcCount: Int

        private enum Keys: String, CodingKey { case id, possibleCrtcs, crtc }

        func encode(to coder: any Encoder) throws {
            var c = coder.container(keyedBy: Keys.self)
            try c.encode(encoder.id, forKey: .id)
            try c.encode(DeviceReport.crtcIndexes(encoder.possibleCRTCs, count: crtcCount), forKey: .possibleCrtcs)
            try c.encode(encoder.crtcID != 0 ? encoder.crtcID : nil, forKey: .crtc)
        }
    }

    private struct JSONCRTC: Encodable {
        let crtc: KMSCRTC
        let index: Int

        private enum Keys: String, CodingKey { case id, index, framebuffer, x, y, mode, properties }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(crtc.id, forKey: .id)
            try c.encode(index, forKey: .index)
            try c.encode(crtc.framebufferID, forKey: .framebuffer)
            try c.encode(crtc.x, forKey: .x)
            try c.encode(crtc.y, forKey: .y)
            try c.encode(crtc.mode?.description, forKey: .mode)
            try c.encode(crtc.properties.map(JSONProperty.init), forKey: .properties)
        }
    }

    private struct JSONPlane: Encodable {
        let plane: KMSPlane
        let crtcCount: Int

        private enum Keys: String, CodingKey {
            case id, type, possibleCrtcs, crtc, framebuffer, formats, rotation, damageClips, properties
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(plane.id, forKey: .id)
            try c.encode(plane.type?.description, forKey: .type)
            try c.encode(DeviceReport.crtcIndexes(plane.possibleCRTCs, count: crtcCount), forKey: .possibleCrtcs)
            try c.encode(plane.crtcID != 0 ? plane.crtcID : nil, forKey: .crtc)
            try c.encode(plane.framebufferID, forKey: .framebuffer)
            try c.encode(plane.formats.map(KMSFourCC.name), forKey: .formats)
            try c.encode(plane.properties.named("rotation")?.enums.map(\.name) ?? [], forKey: .rotation)
            try c.encode(plane.properties.named("FB_DAMAGE_CLIPS") != nil, forKey: .damageClips)
            try c.encode(plane.properties.map(JSONProperty.init), forKey: .properties)
        }
    }

    private struct JSONProperty: Encodable {
        let property: KMSProperty

        init(_ property: KMSProperty) { self.property = property }

        private enum Keys: String, CodingKey { case id, name, value, immutable, values }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(property.id, forKey: .id)
            try c.encode(property.name, forKey: .name)
            // JSON numbers are doubles to many readers: past 2^53 a value would change, so it
            // goes as text.
            if property.value < 1 << 53 {
                try c.encode(property.value, forKey: .value)
            } else {
                try c.encode("\(property.value)", forKey: .value)
            }
            try c.encode(property.isImmutable, forKey: .immutable)
            if !property.enums.isEmpty { try c.encode(property.enums.map(\.name), forKey: .values) }
        }
    }
}
