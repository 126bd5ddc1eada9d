import CEvdev
import Glibc
import Testing
import VitrineLinux

/// An input device the test makes with uinput (through libevdev): the kernel sees real evdev
/// hardware, udev describes it, libinput reads it. Events written here take the path a real
/// touchscreen's would, from the input core on.
///
/// Owns the uinput device and destroys it (the kernel then removes the event node) in
/// `destroy()` or deinit.
@MainActor
final class UInputDevice {
    let name: String
    /// The event node (`/dev/input/eventN`).
    let node: String
    private var uinput: OpaquePointer?
    private let evdev: OpaquePointer

    /// Makes a device from a libevdev description that `configure` fills in.
    private init(name: String, configure: (OpaquePointer) -> Void) throws {
        guard let evdev = libevdev_new() else { throw KernelSetupError("libevdev_new failed") }
        libevdev_set_name(evdev, name)
        libevdev_set_id_bustype(evdev, Int32(BUS_VIRTUAL))
        libevdev_set_id_vendor(evdev, 0x1d6b)
        libevdev_set_id_product(evdev, 0x7672)
        configure(evdev)
        var uinput: OpaquePointer?
        let result = libevdev_uinput_create_from_device(evdev, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &uinput)
        guard result == 0, let uinput else {
            libevdev_free(evdev)
            throw KernelSetupError("uinput: cannot create \(name): errno \(-result) — is the uinput module loaded (/dev/uinput)?")
        }
        guard let node = libevdev_uinput_get_devnode(uinput) else {
            libevdev_uinput_destroy(uinput)
            libevdev_free(evdev)
            throw KernelSetupError("uinput: \(name) has no event node")
        }
        self.name = name
        self.node = String(cString: node)
        self.uinput = uinput
        self.evdev = evdev
    }

    isolated deinit {
        destroy()
        libevdev_free(evdev)
    }

    /// Unplugs the device: the kernel removes it, and its readers see it go.
    func destroy() {
        guard let uinput else { return }
        libevdev_uinput_destroy(uinput)
        self.uinput = nil
    }

    /// Writes one event.
    func write(_ type: Int32, _ code: Int32, _ value: Int32) {
        guard let uinput else { return }
        let result = libevdev_uinput_write_event(uinput, UInt32(type), UInt32(code), value)
        if result != 0 { Issue.record("uinput write to \(name) failed: errno \(-result)") }
    }

    /// Ends a frame of events (SYN_REPORT): the kernel stamps and delivers what came before.
    func sync() { write(Int32(EV_SYN), Int32(SYN_REPORT), 0) }

    /// The uinput descriptor events are written to (one `input_event` per write(2), as
    /// `write` does), for a thread of the test's own to type on; -1 once destroyed.
    var descriptor: Int32 { uinput.map { libevdev_uinput_get_fd($0) } ?? -1 }

    // MARK: Kinds

    /// A multitouch screen of `slots` slots whose axes are the panel's pixels (`width`×`height`,
    /// so a position written is the panel pixel touched), direct (a touchscreen, not a pad).
    static func touchscreen(name: String = "vitrine-test touchscreen", slots: Int = 10,
                            width: Int, height: Int) throws -> UInputDevice {
        try UInputDevice(name: name) { dev in
            enable(dev, Int32(EV_KEY), [Int32(BTN_TOUCH)])
            absolute(dev, Int32(ABS_X), 0, width - 1, resolution: 4)
            absolute(dev, Int32(ABS_Y), 0, height - 1, resolution: 4)
            absolute(dev, Int32(ABS_MT_SLOT), 0, slots - 1)
            absolute(dev, Int32(ABS_MT_TRACKING_ID), 0, 65535)
            absolute(dev, Int32(ABS_MT_POSITION_X), 0, width - 1, resolution: 4)
            absolute(dev, Int32(ABS_MT_POSITION_Y), 0, height - 1, resolution: 4)
            libevdev_enable_property(dev, UInt32(INPUT_PROP_DIRECT))
        }
    }

    /// A three-button mouse with a wheel.
    static func mouse(name: String = "vitrine-test mouse") throws -> UInputDevice {
        try UInputDevice(name: name) { dev in
            enable(dev, Int32(EV_REL), [Int32(REL_X), Int32(REL_Y), Int32(REL_WHEEL)])
            enable(dev, Int32(EV_KEY), [Int32(BTN_LEFT), Int32(BTN_RIGHT), Int32(BTN_MIDDLE)])
        }
    }

    /// A rotary encoder that turns as a dial (REL_DIAL, which libinput 1.22 does not report)
    /// with a push button `button` (BTN_LEFT makes udev tag it a mouse, so libinput takes it too).
    static func dial(name: String = "vitrine-test dial", button: Int32 = Int32(BTN_LEFT)) throws -> UInputDevice {
        try UInputDevice(name: name) { dev in
            enable(dev, Int32(EV_REL), [Int32(REL_DIAL)])
            enable(dev, Int32(EV_KEY), [button])
        }
    }

    /// A keyboard with the keys of a PC's main block (KEY_ESC … KEY_KPDOT).
    static func keyboard(name: String = "vitrine-test keyboard") throws -> UInputDevice {
        try UInputDevice(name: name) { dev in
            enable(dev, Int32(EV_KEY), Array(Int32(KEY_ESC)...Int32(KEY_KPDOT)))
        }
    }

    /// A lid and tablet-mode switch.
    static func switches(name: String = "vitrine-test switches") throws -> UInputDevice {
        try UInputDevice(name: name) { dev in
            enable(dev, Int32(EV_SW), [Int32(SW_LID), Int32(SW_TABLET_MODE)])
        }
    }

    /// A sound card's headphone jack: only the switch SW_HEADPHONE_INSERT (libinput does not
    /// take such a device; the speech service reads it with libevdev).
    static func headphoneJack(name: String = "vitrine-test Headphone") throws -> UInputDevice {
        try UInputDevice(name: name) { dev in
            enable(dev, Int32(EV_SW), [Int32(SW_HEADPHONE_INSERT)])
        }
    }

    /// An evdev accelerometer (INPUT_PROP_ACCELEROMETER) of ±2 g on three axes,
    /// `unitsPerG` units per g (its resolution).
    static func accelerometer(name: String = "vitrine-test accelerometer", unitsPerG: Int = 256) throws -> UInputDevice {
        try UInputDevice(name: name) { dev in
            for axis in [ABS_X, ABS_Y, ABS_Z] {
                absolute(dev, Int32(axis), -2 * unitsPerG, 2 * unitsPerG, resolution: unitsPerG)
            }
            libevdev_enable_property(dev, UInt32(INPUT_PROP_ACCELEROMETER))
        }
    }

    private static func enable(_ dev: OpaquePointer, _ type: Int32, _ codes: [Int32]) {
        libevdev_enable_event_type(dev, UInt32(type))
        for code in codes { libevdev_enable_event_code(dev, UInt32(type), UInt32(code), nil) }
    }

    private static func absolute(_ dev: OpaquePointer, _ code: Int32, _ minimum: Int, _ maximum: Int, resolution: Int = 0) {
        var info = input_absinfo(value: 0, minimum: Int32(minimum), maximum: Int32(maximum), fuzz: 0, flat: 0,
                                 resolution: Int32(resolution))
        libevdev_enable_event_type(dev, UInt32(EV_ABS))
        libevdev_enable_event_code(dev, UInt32(EV_ABS), UInt32(code), &info)
    }
}

/// Fingers on a `UInputDevice` touchscreen, written as a multitouch protocol B device does:
/// per frame, the slots that changed, then SYN_REPORT.
@MainActor
final class TouchWriter {
    let device: UInputDevice
    private var nextTrackingID: Int32 = 1
    private var down: Set<Int> = []
    private var currentSlot = -1

    init(_ device: UInputDevice) { self.device = device }

    private func select(_ slot: Int) {
        guard slot != currentSlot else { return }
        device.write(Int32(EV_ABS), Int32(ABS_MT_SLOT), Int32(slot))
        currentSlot = slot
    }

    /// Finger `slot` touches panel pixel (`x`, `y`).
    func down(_ slot: Int, x: Int, y: Int) {
        select(slot)
        device.write(Int32(EV_ABS), Int32(ABS_MT_TRACKING_ID), nextTrackingID)
        nextTrackingID += 1
        position(x, y)
        if down.isEmpty { device.write(Int32(EV_KEY), Int32(BTN_TOUCH), 1) }
        down.insert(slot)
    }

    /// Finger `slot` moves to panel pixel (`x`, `y`).
    func move(_ slot: Int, x: Int, y: Int) {
        select(slot)
        position(x, y)
    }

    /// Finger `slot` lifts.
    func up(_ slot: Int) {
        select(slot)
        device.write(Int32(EV_ABS), Int32(ABS_MT_TRACKING_ID), -1)
        down.remove(slot)
        if down.isEmpty { device.write(Int32(EV_KEY), Int32(BTN_TOUCH), 0) }
    }

    /// Ends the frame.
    func frame() { device.sync() }

    private func position(_ x: Int, _ y: Int) {
        device.write(Int32(EV_ABS), Int32(ABS_MT_POSITION_X), Int32(x))
        device.write(Int32(EV_ABS), Int32(ABS_MT_POSITION_Y), Int32(y))
        // The single-touch axes follow the lowest finger down, as the kernel's MT helpers do.
        if currentSlot <= (down.min() ?? currentSlot) {
            device.write(Int32(EV_ABS), Int32(ABS_X), Int32(x))
            device.write(Int32(EV_ABS), Int32(ABS_Y), Int32(y))
        }
    }
}
