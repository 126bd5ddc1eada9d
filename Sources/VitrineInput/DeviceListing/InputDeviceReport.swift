/// The input half of `vitrine devices`: every `/dev/input/event*` node with what it offers
/// (touch slots, pointer, keys, switches and their state, accelerometer axes), as text for
/// people or as `Encodable` values for scripts (InputDeviceReportJSON.swift). A node that cannot be read is
/// listed with the reason and the remedy. The formatting is a pure function of the listing,
/// so it is tested without devices.
package enum InputDeviceReport {
    /// One node: described, or the error that stopped its description.
    package enum Entry: Hashable, Sendable {
        /// The node was read.
        case device(InputDeviceDescription)
        /// The node at `path` could not be read.
        case failed(path: String, EvdevError)
    }

    /// Every node of a directory, or why there are none.
    package struct Listing: Hashable, Sendable {
        /// The directory listed (normally /dev/input).
        package var directory: String
        /// One entry per `event*` node, in numeric order.
        package var entries: [Entry]
        /// Why the directory could not be listed, if it could not.
        package var error: EvdevError?

        /// Creates a listing.
        package init(directory: String, entries: [Entry], error: EvdevError? = nil) {
            self.directory = directory
            self.entries = entries
            self.error = error
        }
    }

    /// Opens every `event*` node of `directory` with `open` (libevdev by default), describes it
    /// and closes it again.
    @MainActor
    package static func list(directory: String = "/dev/input",
                            open: @MainActor (String) throws(EvdevError) -> any EvdevNode = LibEvdevNode.open) -> Listing {
        let names: [String]
        switch SysfsText.entries(of: directory) {
        case .success(let found): names = found
        case .failure(let errno): return Listing(directory: directory, entries: [], error: .noInputDirectory(directory: directory, errno: errno))
        }
        let entries = SysfsText.numbered(names, prefix: "event").map { name -> Entry in
            let path = "\(directory)/\(name)"
            do throws(EvdevError) {
                let node = try open(path)
                defer { node.close() }
                return .device(InputDeviceDescription(describing: node))
            } catch {
                return .failed(path: path, error)
            }
        }
        return Listing(directory: directory, entries: entries)
    }

    // MARK: Text

    /// The report for people: a heading, then one block per node.
    package static func text(_ listing: Listing) -> String {
        if let error = listing.error { return "input devices: \(error)\n" }
        if listing.entries.isEmpty { return "input devices: none in \(listing.directory)\n" }
        var out = "input devices (\(listing.directory)):\n"
        for entry in listing.entries {
            switch entry {
            case .device(let d): out += text(d)
            case .failed(_, let error): out += "\(error)\n"
            }
        }
        return out
    }

    /// The block for one device: a line naming it, then a line per capability.
    package static func text(_ d: InputDeviceDescription) -> String {
        var out = "\(d.path): \"\(d.name)\" (\(busName(d.busType)) \(hex4(d.vendor)):\(hex4(d.product)))\n"
        var described = false
        if let touch = d.touch {
            var line = "  touch: \(touch.isDirect ? "touchscreen" : "touchpad (indirect)"), "
            if let slots = touch.slots {
                line += slots == 1 ? "1 slot" : "\(slots) slots"
            } else {
                line += "multitouch without slots (protocol A: not supported)"
            }
            if let x = touch.xRange, let y = touch.yRange { line += ", x \(x.lowerBound)…\(x.upperBound), y \(y.lowerBound)…\(y.upperBound)" }
            out += line + "\n"
            described = true
        }
        if let pointer = d.pointer {
            out += "  pointer: relative with left button\(pointer.hasWheel ? ", wheel" : "")\n"
            described = true
        }
        if d.hasDial {
            out += "  dial: REL_DIAL (a rotary encoder: name it in [input] encoder)\n"
            described = true
        }
        if let keys = d.keys {
            var line = "  keys: \(keys.isKeyboard ? "keyboard, " : "")\(keys.count) key\(keys.count == 1 ? "" : "s")"
            if !keys.mediaKeys.isEmpty { line += "; media: " + keys.mediaKeys.joined(separator: " ") }
            out += line + "\n"
            described = true
        }
        if !d.switches.isEmpty {
            out += "  switches: " + d.switches.map { s in
                switch s.kind {
                case .lid: "SW_LID \(s.isOn ? "on (lid closed)" : "off (lid open)")"
                case .tabletMode: "SW_TABLET_MODE \(s.isOn ? "on" : "off")"
                }
            }.joined(separator: ", ") + "\n"
            described = true
        }
        if let axes = d.accelerometer {
            out += "  accelerometer: " + (axes.isEmpty ? "no ABS_X/Y/Z axes" : axes.map { a in
                "\(a.name) \(a.minimum)…\(a.maximum) " + (a.resolution > 0 ? "at \(a.resolution)/g" : "(resolution unknown)")
            }.joined(separator: ", ")) + "\n"
            described = true
        }
        if !described { out += "  (nothing Vitrine uses)\n" }
        return out
    }

    /// The kernel's name for a bus type (`usb`, `i2c`…), or its number in hex.
    package static func busName(_ type: Int) -> String {
        switch type {
        case 0x01: "pci"
        case 0x03: "usb"
        case 0x05: "bluetooth"
        case 0x06: "virtual"
        case 0x10: "isa"
        case 0x11: "i8042"
        case 0x13: "rs232"
        case 0x18: "i2c"
        case 0x19: "host"
        case 0x1C: "spi"
        case 0x1D: "rmi"
        case 0x1E: "cec"
        default: "bus 0x" + String(type, radix: 16)
        }
    }

    private static func hex4(_ value: Int) -> String {
        let digits = String(value & 0xffff, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
