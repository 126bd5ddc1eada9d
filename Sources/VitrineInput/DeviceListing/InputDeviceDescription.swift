import CEvdev

/// What an evdev input device offers that Vitrine uses: touch, pointer, keys, switches, an
/// accelerometer. Made from an `EvdevNode` (a real device through libevdev, or a description in
/// tests); a plain value afterwards, which `InputDeviceReport` prints.
package struct InputDeviceDescription: Hashable, Sendable {
    /// A touch surface.
    package struct TouchCapability: Hashable, Sendable {
        /// Multitouch slots (ABS_MT_SLOT's maximum + 1): how many fingers it tracks at once; 1 for
        /// a single-touch device; `nil` for multitouch without slots (protocol A, which libinput
        /// does not take).
        package var slots: Int?
        /// INPUT_PROP_DIRECT: a touchscreen (touches land where they are on the picture) rather
        /// than a touchpad.
        package var isDirect: Bool
        /// The range of the x position axis (ABS_MT_POSITION_X, else ABS_X), in device units.
        package var xRange: ClosedRange<Int>?
        /// The range of the y position axis, in device units.
        package var yRange: ClosedRange<Int>?

        /// Creates a touch capability.
        package init(slots: Int?, isDirect: Bool, xRange: ClosedRange<Int>? = nil, yRange: ClosedRange<Int>? = nil) {
            self.slots = slots
            self.isDirect = isDirect
            self.xRange = xRange
            self.yRange = yRange
        }
    }

    /// A relative pointer with a left button (a mouse, a trackball).
    package struct PointerCapability: Hashable, Sendable {
        /// REL_WHEEL or REL_HWHEEL: it scrolls.
        package var hasWheel: Bool

        /// Creates a pointer capability.
        package init(hasWheel: Bool) { self.hasWheel = hasWheel }
    }

    /// Keys (not buttons).
    package struct KeyCapability: Hashable, Sendable {
        /// It has every letter key, KEY_A to KEY_Z: a keyboard.
        package var isKeyboard: Bool
        /// How many key codes it sends (KEY_*, not BTN_*).
        package var count: Int
        /// The media and remote-control keys it has (`KEY_PLAYPAUSE`…), in code order.
        package var mediaKeys: [String]

        /// Creates a key capability.
        package init(isKeyboard: Bool, count: Int, mediaKeys: [String]) {
            self.isKeyboard = isKeyboard
            self.count = count
            self.mediaKeys = mediaKeys
        }
    }

    /// A switch Vitrine acts on, with its state when the device was read.
    package struct SwitchCapability: Hashable, Sendable {
        /// Which switch.
        package var kind: SwitchKindName
        /// Its state: the lid shut, tablet mode on.
        package var isOn: Bool

        /// Creates a switch capability.
        package init(kind: SwitchKindName, isOn: Bool) {
            self.kind = kind
            self.isOn = isOn
        }
    }

    /// The switches Vitrine acts on.
    package enum SwitchKindName: String, Hashable, Sendable {
        /// SW_LID (on = shut).
        case lid = "SW_LID"
        /// SW_TABLET_MODE (on = tablet mode).
        case tabletMode = "SW_TABLET_MODE"
    }

    /// One accelerometer axis.
    package struct AccelerometerAxis: Hashable, Sendable {
        /// `x`, `y` or `z` (ABS_X, ABS_Y, ABS_Z), in the sensor's frame.
        package var name: String
        /// The smallest value it reports.
        package var minimum: Int
        /// The largest value it reports.
        package var maximum: Int
        /// Units per g; 0 when the driver does not say.
        package var resolution: Int

        /// Creates an axis description.
        package init(name: String, minimum: Int, maximum: Int, resolution: Int) {
            self.name = name
            self.minimum = minimum
            self.maximum = maximum
            self.resolution = resolution
        }
    }

    /// The device node.
    package var path: String
    /// The driver's name for the device.
    package var name: String
    /// The bus type (BUS_USB…).
    package var busType: Int
    /// The vendor id.
    package var vendor: Int
    /// The product id.
    package var product: Int
    /// Its touch surface, if it is one.
    package var touch: TouchCapability?
    /// Its pointer, if it is one.
    package var pointer: PointerCapability?
    /// Its keys, if it has any.
    package var keys: KeyCapability?
    /// Its lid and tablet-mode switches.
    package var switches: [SwitchCapability]
    /// Its accelerometer axes (INPUT_PROP_ACCELEROMETER); `nil` when it is not an accelerometer.
    package var accelerometer: [AccelerometerAxis]?
    /// REL_DIAL: a rotary encoder that turns as a dial (read with libevdev when named as the
    /// board's `[input] encoder`; libinput does not report it).
    package var hasDial: Bool

    /// Creates a description from its parts.
    package init(path: String, name: String, busType: Int = 0, vendor: Int = 0, product: Int = 0,
                touch: TouchCapability? = nil, pointer: PointerCapability? = nil, keys: KeyCapability? = nil,
                switches: [SwitchCapability] = [], accelerometer: [AccelerometerAxis]? = nil, hasDial: Bool = false) {
        self.path = path
        self.name = name
        self.busType = busType
        self.vendor = vendor
        self.product = product
        self.touch = touch
        self.pointer = pointer
        self.keys = keys
        self.switches = switches
        self.accelerometer = accelerometer
        self.hasDial = hasDial
    }

    /// The media and remote-control keys looked for, in code order, with their names.
    package static let mediaKeyCodes: [(code: Int, name: String)] = [
        (Int(KEY_MUTE), "KEY_MUTE"), (Int(KEY_VOLUMEDOWN), "KEY_VOLUMEDOWN"), (Int(KEY_VOLUMEUP), "KEY_VOLUMEUP"),
        (Int(KEY_PAUSE), "KEY_PAUSE"), (Int(KEY_STOP), "KEY_STOP"), (Int(KEY_NEXTSONG), "KEY_NEXTSONG"),
        (Int(KEY_PLAYPAUSE), "KEY_PLAYPAUSE"), (Int(KEY_PREVIOUSSONG), "KEY_PREVIOUSSONG"), (Int(KEY_STOPCD), "KEY_STOPCD"),
        (Int(KEY_RECORD), "KEY_RECORD"), (Int(KEY_REWIND), "KEY_REWIND"), (Int(KEY_PLAYCD), "KEY_PLAYCD"),
        (Int(KEY_PAUSECD), "KEY_PAUSECD"), (Int(KEY_PLAY), "KEY_PLAY"), (Int(KEY_FASTFORWARD), "KEY_FASTFORWARD"),
    ]

    /// The letter keys, KEY_Q…KEY_P, KEY_A…KEY_L, KEY_Z…KEY_M (their codes follow the rows of a
    /// keyboard, not the alphabet).
    static let letterKeyCodes: [Int] = Array(Int(KEY_Q)...Int(KEY_P)) + Array(Int(KEY_A)...Int(KEY_L)) + Array(Int(KEY_Z)...Int(KEY_M))

    /// Reads what `node` offers.
    @MainActor
    package init(describing node: any EvdevNode) {
        let abs = Int(EV_ABS), key = Int(EV_KEY), rel = Int(EV_REL)
        let isAccelerometer = node.hasProperty(Int(INPUT_PROP_ACCELEROMETER))
        func range(_ code: Int32) -> ClosedRange<Int>? {
            node.axisInfo(Int(code)).map { Int($0.minimum)...max(Int($0.minimum), Int($0.maximum)) }
        }

        var touch: TouchCapability?
        if !isAccelerometer {
            if node.hasEventCode(type: abs, code: Int(ABS_MT_POSITION_X)) {
                let slots = node.axisInfo(Int(ABS_MT_SLOT)).map { Int($0.maximum) + 1 }
                touch = TouchCapability(slots: slots, isDirect: node.hasProperty(Int(INPUT_PROP_DIRECT)),
                                        xRange: range(ABS_MT_POSITION_X), yRange: range(ABS_MT_POSITION_Y))
            } else if node.hasEventCode(type: abs, code: Int(ABS_X)), node.hasEventCode(type: key, code: Int(BTN_TOUCH)),
                      !node.hasEventCode(type: key, code: Int(BTN_TOOL_PEN)) {
                touch = TouchCapability(slots: 1, isDirect: node.hasProperty(Int(INPUT_PROP_DIRECT)),
                                        xRange: range(ABS_X), yRange: range(ABS_Y))
            }
        }

        var pointer: PointerCapability?
        if node.hasEventCode(type: rel, code: Int(REL_X)), node.hasEventCode(type: rel, code: Int(REL_Y)),
           node.hasEventCode(type: key, code: Int(BTN_LEFT)) {
            pointer = PointerCapability(hasWheel: node.hasEventCode(type: rel, code: Int(REL_WHEEL))
                                        || node.hasEventCode(type: rel, code: Int(REL_HWHEEL)))
        }

        var keys: KeyCapability?
        if node.hasEventType(key) {
            // Key codes are below BTN_MISC and from KEY_OK up; buttons (mouse, touch, joystick,
            // the trigger-happy range) are not keys.
            let keyCodes = Array(1..<Int(BTN_MISC)) + Array(Int(KEY_OK)..<Int(BTN_TRIGGER_HAPPY)) + Array(Int(BTN_TRIGGER_HAPPY) + 0x28...Int(KEY_MAX))
            let count = keyCodes.count { node.hasEventCode(type: key, code: $0) }
            if count > 0 {
                keys = KeyCapability(
                    isKeyboard: Self.letterKeyCodes.allSatisfy { node.hasEventCode(type: key, code: $0) },
                    count: count,
                    mediaKeys: Self.mediaKeyCodes.filter { node.hasEventCode(type: key, code: $0.code) }.map(\.name))
            }
        }

        var switches: [SwitchCapability] = []
        for (code, kind) in [(SW_LID, SwitchKindName.lid), (SW_TABLET_MODE, .tabletMode)]
        where node.hasEventCode(type: Int(EV_SW), code: Int(code)) {
            switches.append(SwitchCapability(kind: kind, isOn: (node.eventValue(type: Int(EV_SW), code: Int(code)) ?? 0) != 0))
        }

        var accelerometer: [AccelerometerAxis]?
        if isAccelerometer {
            accelerometer = [(ABS_X, "x"), (ABS_Y, "y"), (ABS_Z, "z")].compactMap { code, name in
                node.axisInfo(Int(code)).map {
                    AccelerometerAxis(name: name, minimum: Int($0.minimum), maximum: Int($0.maximum), resolution: Int($0.resolution))
                }
            }
        }

        self.init(path: node.path, name: node.name, busType: node.busType, vendor: node.vendor, product: node.product,
                  touch: touch, pointer: pointer, keys: keys, switches: switches, accelerometer: accelerometer,
                  hasDial: node.hasEventCode(type: rel, code: Int(REL_DIAL)))
    }
}
