/// How the libinput backend is set up: which devices, their calibration, the keymap, and what
/// the kiosk allows. The board profile reader fills it; every field has the default a locked-
/// down kiosk wants.
public struct InputConfiguration: Sendable, Hashable {
    /// Where the devices come from.
    public enum Devices: Sendable, Hashable {
        /// Every input device udev assigns to the seat (libinput's udev backend); devices are
        /// added and removed as they are plugged. `"seat0"` unless the system defines seats.
        case seat(String)
        /// Exactly these event nodes (libinput's path backend), for boards whose profile names
        /// its devices (`/dev/input/by-path/…-event`); they are not re-added when re-plugged.
        case paths([String])
    }

    /// Where the devices come from. Default: the udev seat `seat0`.
    public var devices: Devices
    /// The touchscreens' calibration on normalised panel coordinates (see `CalibrationMatrix`).
    /// Default: identity, which leaves any matrix udev set (LIBINPUT_CALIBRATION_MATRIX) alone.
    public var calibration: CalibrationMatrix
    /// The XKB keymap that turns key codes into characters.
    public var keymap: KeymapNames
    /// Whether Ctrl+Alt+F1…F12 switch virtual terminals. Default false: a kiosk is locked down,
    /// and those keys reach the app as ordinary presses.
    public var allowsVTSwitching: Bool
    /// Whether a mouse's left button drives a single touch (so a kiosk can be tried at a desk
    /// without the app caring). Default true.
    public var pointerDrivesTouch: Bool
    /// Points scrolled per wheel detent (libinput's v120 value 120). Default 40, about three
    /// lines of text, as desktop systems scroll.
    public var wheelPointsPerDetent: Double
    /// Whether the source may start with no input device (signage without input, or devices
    /// plugged only later on the udev seat). Default false: no device is a configuration error.
    public var allowsNoDevices: Bool
    /// The rotary encoder: the libinput name (`"Griffin PowerMate"`) or event node path of the
    /// device whose wheel turns move focus and whose button (a key or pointer button) activates
    /// (`[input] encoder`). Nil (the default): none; every wheel scrolls. libinput 1.22 reports
    /// REL_WHEEL as a wheel but not REL_DIAL: an encoder that turns as a dial is read by a
    /// `DialEncoderSource` (libevdev), and this source then drops its events.
    public var encoder: String?
    /// The barcode scanners (`[input] scanners`), each a device name or event node, as
    /// `ScannerConfiguration.devices`: a `ScannerSource` reads them, and this source leaves
    /// them alone — no key of theirs, no `.keyboardAttached` (a scanner is no keyboard to hide
    /// the on-screen one for). Default: none.
    public var scanners: [String] = []

    /// Creates a configuration; every argument has the kiosk default.
    public init(devices: Devices = .seat("seat0"), calibration: CalibrationMatrix = .identity,
                keymap: KeymapNames = KeymapNames(), allowsVTSwitching: Bool = false,
                pointerDrivesTouch: Bool = true, wheelPointsPerDetent: Double = 40,
                allowsNoDevices: Bool = false, encoder: String? = nil, scanners: [String] = []) {
        self.devices = devices
        self.calibration = calibration
        self.keymap = keymap
        self.allowsVTSwitching = allowsVTSwitching
        self.pointerDrivesTouch = pointerDrivesTouch
        self.wheelPointsPerDetent = wheelPointsPerDetent
        self.allowsNoDevices = allowsNoDevices
        self.encoder = encoder
        self.scanners = scanners
    }

    /// Throws `InputError.invalidConfiguration` when a value cannot work.
    public func validate() throws(InputError) {
        switch devices {
        case .seat(let seat) where seat.isEmpty:
            throw .invalidConfiguration("the input seat name is empty; use \"seat0\"")
        case .paths(let paths) where paths.isEmpty:
            throw .invalidConfiguration("no input device paths are given; name at least one /dev/input/event* node, or use the udev seat")
        case .paths(let paths):
            if let bad = paths.first(where: { !$0.hasPrefix("/") }) {
                throw .invalidConfiguration("the input device path \"\(bad)\" is not absolute; write it as /dev/input/…")
            }
        default:
            break
        }
        guard wheelPointsPerDetent.isFinite, wheelPointsPerDetent != 0 else {
            throw .invalidConfiguration("wheel points per detent must be a finite non-zero number (negative reverses the wheel), got \(wheelPointsPerDetent)")
        }
        if let encoder, encoder.allSatisfy({ $0 == " " || $0 == "\t" }) {
            throw .invalidConfiguration("the encoder name is empty; give its device name as `vitrine devices` lists it or its /dev/input/event* path")
        }
        guard calibration.inverted != nil else {
            throw .invalidConfiguration("the calibration matrix \(calibration) maps the panel onto a line (a·e − b·d is 0)")
        }
    }
}

/// The names XKB builds a keymap from (RMLVO, as in /etc/default/keyboard): rules, model,
/// layout, variant, options. Defaults: evdev, pc105, us, no variant, no options.
public struct KeymapNames: Sendable, Hashable, CustomStringConvertible {
    /// The rules file (`evdev` on Linux).
    public var rules: String
    /// The keyboard model (`pc105`).
    public var model: String
    /// Comma-separated layouts (`us`, `de`, `us,ru`).
    public var layout: String
    /// Comma-separated variants, one per layout, or empty.
    public var variant: String
    /// Comma-separated XKB options (`ctrl:nocaps`), or empty.
    public var options: String

    /// Creates keymap names; every argument has the default above.
    public init(rules: String = "evdev", model: String = "pc105", layout: String = "us",
                variant: String = "", options: String = "") {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }

    /// `rules/model/layout(variant) [options]`, for logs.
    public var description: String {
        var text = "\(rules)/\(model)/\(layout)"
        if !variant.isEmpty { text += "(\(variant))" }
        if !options.isEmpty { text += " [\(options)]" }
        return text
    }
}
