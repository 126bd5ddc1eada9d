/// One input device the libinput source is reading, for diagnostics (`vitrine devices`, logs).
public struct LibInputDevice: Sendable, Hashable, CustomStringConvertible {
    /// The source's number for the device: the `device` of its touches' `TouchIdentifier`s.
    /// Stable while the device is plugged in; a number freed by an unplugged device is reused.
    public var id: Int
    /// The device's name ("ILITEK ILITEK-TP").
    public var name: String
    /// The kernel's name of its event node ("event3").
    public var sysname: String
    /// Its device node ("/dev/input/event3"), or empty when libinput did not say.
    public var path: String
    /// What it can do.
    public var capabilities: InputCapabilities
    /// How many fingers it tracks at once: 0 for a device without touch, at least 1 for one
    /// with touch (a screen that does not say counts as single-touch).
    public var touchSlots: Int
    /// Whether libinput applies the calibration matrix for it (otherwise the source does, or
    /// there is none).
    public var isCalibratedByLibInput: Bool

    /// Creates a description.
    package init(id: Int, name: String, sysname: String, path: String, capabilities: InputCapabilities,
                touchSlots: Int, isCalibratedByLibInput: Bool) {
        self.id = id
        self.name = name
        self.sysname = sysname
        self.path = path
        self.capabilities = capabilities
        self.touchSlots = touchSlots
        self.isCalibratedByLibInput = isCalibratedByLibInput
    }

    /// `#1 event3 "name": touch (10 slots), …`.
    public var description: String {
        var text = "#\(id) \(sysname.isEmpty ? path : sysname) \"\(name)\": \(capabilities)"
        if touchSlots > 0 { text += " (\(touchSlots) touch slot\(touchSlots == 1 ? "" : "s"))" }
        return text
    }
}
