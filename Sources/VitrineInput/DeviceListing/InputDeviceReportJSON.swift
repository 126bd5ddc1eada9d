/// The input half of `vitrine devices --json`, as `Encodable` values that the tool encodes
/// with Foundation's `JSONEncoder` (this module does not import Foundation).
extension InputDeviceReport {
    /// The listing as a JSON array, one object per node (`{"path": …, "error": …}` for a node
    /// that could not be read). Keys: path, name, bus, busType, vendor, product, touch
    /// ({slots, direct, x, y} or null), pointer ({wheel} or null), keys ({keyboard, count,
    /// media} or null), switches ([{name, on}]), accelerometer ({axes: [{axis, min, max,
    /// resolution}]} or null), dial (REL_DIAL: a rotary encoder, true or false). Absent
    /// capabilities are `null`, not missing keys.
    package static func json(_ listing: Listing) -> [JSONEntry] {
        listing.entries.map(JSONEntry.init)
    }

    /// Why the directory could not be listed (`"inputError"`), or nil (written as `null`).
    package static func jsonError(_ listing: Listing) -> String? {
        listing.error?.description
    }

    /// One node of the JSON report.
    package struct JSONEntry: Encodable, Sendable {
        /// The node, described or not.
        package let entry: Entry

        /// The JSON form of `entry`.
        package init(_ entry: Entry) { self.entry = entry }

        private enum Keys: String, CodingKey {
            case path, error, name, bus, busType, vendor, product, touch, pointer, keys, switches, accelerometer, dial
        }

        /// Writes the node's object.
        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            switch entry {
            case .failed(let path, let error):
                try c.encode(path, forKey: .path)
                try c.encode(error.description, forKey: .error)
            case .device(let d):
                try c.encode(d.path, forKey: .path)
                try c.encode(d.name, forKey: .name)
                try c.encode(InputDeviceReport.busName(d.busType), forKey: .bus)
                try c.encode(d.busType, forKey: .busType)
                try c.encode(d.vendor, forKey: .vendor)
                try c.encode(d.product, forKey: .product)
                try c.encode(d.touch.map(JSONTouch.init), forKey: .touch)
                try c.encode(d.pointer.map { JSONPointer(wheel: $0.hasWheel) }, forKey: .pointer)
                try c.encode(d.keys.map { JSONKeys(keyboard: $0.isKeyboard, count: $0.count, media: $0.mediaKeys) }, forKey: .keys)
                try c.encode(d.switches.map { JSONSwitch(name: $0.kind.rawValue, on: $0.isOn) }, forKey: .switches)
                try c.encode(d.accelerometer.map { axes in
                    JSONAccelerometer(axes: axes.map { JSONAxis(axis: $0.name, min: $0.minimum, max: $0.maximum, resolution: $0.resolution) })
                }, forKey: .accelerometer)
                try c.encode(d.hasDial, forKey: .dial)
            }
        }
    }

    private struct JSONTouch: Encodable {
        let touch: InputDeviceDescription.TouchCapability

        private enum Keys: String, CodingKey { case slots, direct, x, y }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(touch.slots, forKey: .slots)
            try c.encode(touch.isDirect, forKey: .direct)
            try c.encode(touch.xRange.map { [$0.lowerBound, $0.upperBound] }, forKey: .x)
            try c.encode(touch.yRange.map { [$0.lowerBound, $0.upperBound] }, forKey: .y)
        }
    }

    private struct JSONPointer: Encodable { var wheel: Bool }
    private struct JSONKeys: Encodable { var keyboard: Bool, count: Int, media: [String] }
    private struct JSONSwitch: Encodable { var name: String, on: Bool }
    private struct JSONAccelerometer: Encodable { var axes: [JSONAxis] }
    private struct JSONAxis: Encodable { var axis: String, min: Int, max: Int, resolution: Int }
}
