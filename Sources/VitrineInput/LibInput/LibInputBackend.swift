import SystemPackage
import VitrineSeams

/// What a libinput device can do (libinput's device capabilities and switches), for
/// diagnostics and for deciding how its events are mapped.
public struct InputCapabilities: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The raw bits.
    public var rawValue: Int
    /// Creates capabilities from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A touchscreen (LIBINPUT_DEVICE_CAP_TOUCH): absolute contacts on the screen.
    public static let touch = InputCapabilities(rawValue: 1 << 0)
    /// A mouse, touchpad, trackball or absolute pointer such as a VM tablet (CAP_POINTER).
    public static let pointer = InputCapabilities(rawValue: 1 << 1)
    /// Keys: a keyboard, a remote's receiver, power and volume buttons (CAP_KEYBOARD).
    public static let keyboard = InputCapabilities(rawValue: 1 << 2)
    /// SW_LID.
    public static let lidSwitch = InputCapabilities(rawValue: 1 << 3)
    /// SW_TABLET_MODE.
    public static let tabletModeSwitch = InputCapabilities(rawValue: 1 << 4)
    /// A graphics tablet's tool or pad (CAP_TABLET_TOOL / CAP_TABLET_PAD); not translated yet.
    public static let tablet = InputCapabilities(rawValue: 1 << 5)
    /// Touchpad gestures (CAP_GESTURE); libinput also reports the touchpad as a pointer.
    public static let gesture = InputCapabilities(rawValue: 1 << 6)

    /// `touch, pointer, …`, for logs and `vitrine devices`.
    public var description: String {
        let names: [(InputCapabilities, String)] = [
            (.touch, "touch"), (.pointer, "pointer"), (.keyboard, "keyboard"), (.lidSwitch, "lid switch"),
            (.tabletModeSwitch, "tablet-mode switch"), (.tablet, "tablet"), (.gesture, "gestures"),
        ]
        let present = names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "nothing" : present.joined(separator: ", ")
    }
}

/// A device as a `LibInputBackend` names it in its events: an opaque number, valid from the
/// device's `deviceAdded` to its `deviceRemoved` (it may be reused after that).
package struct RawDeviceHandle: Hashable, Sendable, CustomStringConvertible {
    /// The backend's number for the device.
    package var rawValue: Int
    /// Creates a handle.
    package init(_ rawValue: Int) { self.rawValue = rawValue }
    /// `#n`, for logs.
    package var description: String { "#\(rawValue)" }
}

/// What a backend says about a device when it is added.
package struct RawDeviceInfo: Sendable, Hashable {
    /// The backend's handle for the device.
    package var handle: RawDeviceHandle
    /// The device's name, as the kernel gives it ("ILITEK ILITEK-TP").
    package var name: String
    /// The kernel's name of the event node ("event3").
    package var sysname: String
    /// The device node ("/dev/input/event3"), or empty when unknown.
    package var path: String
    /// What it can do.
    package var capabilities: InputCapabilities
    /// `libinput_device_touch_get_touch_count`: the simultaneous contacts of a touch device;
    /// 0 when the device does not say (single-touch screens), -1 for a device without touch.
    package var touchCount: Int
    /// Whether libinput can apply a calibration matrix for the device
    /// (`libinput_device_config_calibration_has_matrix`).
    package var supportsCalibration: Bool
    /// Whether the device has letter keys (`libinput_device_keyboard_has_key(KEY_A)`): a real
    /// keyboard, not a power button, a lid or a remote's receiver, which also have
    /// `.keyboard`.
    package var hasLetterKeys: Bool

    /// Creates a description.
    package init(handle: RawDeviceHandle, name: String, sysname: String, path: String = "",
                capabilities: InputCapabilities, touchCount: Int = -1, supportsCalibration: Bool = false,
                hasLetterKeys: Bool = false) {
        self.handle = handle
        self.name = name
        self.sysname = sysname
        self.path = path
        self.capabilities = capabilities
        self.touchCount = touchCount
        self.supportsCalibration = supportsCalibration
        self.hasLetterKeys = hasLetterKeys
    }
}

/// One libinput event, as plain values. Times are libinput's microseconds on CLOCK_MONOTONIC.
/// Absolute positions are **panel pixels**: libinput's `…_get_x_transformed(width)` and
/// `…_y_transformed(height)` for the panel (`Display.mode`, unrotated), which already include a
/// calibration matrix that libinput applies itself. Nothing here is rotated.
package enum RawInputEvent: Sendable, Hashable {
    /// A device appeared (at start, or plugged in later).
    case deviceAdded(RawDeviceInfo)
    /// A device went away; libinput has already cancelled its touches and released its keys
    /// and buttons in the events before this one.
    case deviceRemoved(RawDeviceHandle)
    /// A finger touched down. `slot` is the device's slot (-1 on a single-touch device),
    /// `seatSlot` the seat-wide one; `x`, `y` are panel pixels.
    case touchDown(RawDeviceHandle, slot: Int, seatSlot: Int, x: Double, y: Double, time: UInt64)
    /// A finger that is down moved to `x`, `y` (panel pixels).
    case touchMotion(RawDeviceHandle, slot: Int, seatSlot: Int, x: Double, y: Double, time: UInt64)
    /// A finger was lifted.
    case touchUp(RawDeviceHandle, slot: Int, seatSlot: Int, time: UInt64)
    /// A finger was cancelled (palm, device going away).
    case touchCancel(RawDeviceHandle, slot: Int, seatSlot: Int, time: UInt64)
    /// The end of one frame of the device's touch changes.
    case touchFrame(RawDeviceHandle, time: UInt64)
    /// Relative pointer motion, accelerated, in libinput's pixel-like units (x right, y down).
    case pointerMotion(RawDeviceHandle, dx: Double, dy: Double, time: UInt64)
    /// Absolute pointer motion (a VM tablet, a touchscreen that reports as a pointer), panel pixels.
    case pointerMotionAbsolute(RawDeviceHandle, x: Double, y: Double, time: UInt64)
    /// A pointer button (BTN_LEFT = 0x110…) was pressed or released.
    case pointerButton(RawDeviceHandle, button: Int, isPressed: Bool, time: UInt64)
    /// A scroll wheel turned (LIBINPUT_EVENT_POINTER_SCROLL_WHEEL): 120 per detent on each axis,
    /// positive = down / right (a wheel turned towards the user scrolls down).
    case pointerScrollWheel(RawDeviceHandle, v120X: Double, v120Y: Double, time: UInt64)
    /// Continuous scrolling (two fingers on a touchpad, button scrolling), in the pixel-like
    /// units of pointer motion, positive = down / right.
    case pointerScrollContinuous(RawDeviceHandle, dx: Double, dy: Double, time: UInt64)
    /// A key changed state. `code` is the Linux KEY_* code; `seatKeyCount` how many devices of
    /// the seat hold it down after this event (libinput's seat key count).
    case key(RawDeviceHandle, code: Int, isPressed: Bool, seatKeyCount: Int, time: UInt64)
    /// A switch changed state (or reports its initial "on" state right after `deviceAdded`).
    case switchToggled(RawDeviceHandle, SwitchKind, isOn: Bool, time: UInt64)
}

/// A device that could not be opened while libinput tried (the error it got).
public struct InputDeviceOpenFailure: Sendable, Hashable {
    /// The device node.
    public var path: String
    /// The error `open` gave.
    public var errno: Errno
    /// Creates a record.
    public init(path: String, errno: Errno) {
        self.path = path
        self.errno = errno
    }
}

/// The seam between `LibInputSource` and libinput: the events of a libinput context as plain
/// values, and the few per-device settings the source makes. `LibInputContext` implements it
/// on libinput; tests implement it with scripted event streams.
///
/// Contract, for every implementation:
/// - Everything happens on the main actor, synchronously; nothing blocks and nothing runs on a
///   thread or a timer of its own.
/// - `fileDescriptor` is readable whenever `dispatch` has something to hand over (or after
///   `requestDispatch()`); the run loop watches it.
/// - `dispatch(panelWidth:panelHeight:_:)` reads what is available and hands each event to
///   `body` in libinput's order, positions transformed to a panel of that size, and returns.
///   It allocates nothing per touch or pointer event.
/// - Device handles are valid from `deviceAdded` to `deviceRemoved`.
@MainActor
package protocol LibInputBackend: AnyObject {
    /// The descriptor to watch for readability.
    var fileDescriptor: Int32 { get }

    /// What the devices come from, for messages: "seat seat0" or the device paths.
    var origin: String { get }

    /// Devices libinput tried and could not open since the backend was created (permission
    /// denied…), so "no devices" can say why.
    var openFailures: [InputDeviceOpenFailure] { get }

    /// Hands every available event to `body`, in order, positions in panel pixels of a panel
    /// of `panelWidth`×`panelHeight`.
    func dispatch(panelWidth: Int, panelHeight: Int, _ body: (RawInputEvent) -> Void) throws(InputError)

    /// Asks libinput to apply `matrix` to the device's touches (its calibration configuration).
    /// Returns false when the device does not support it or refused: the caller applies the
    /// matrix itself then.
    func setCalibration(_ matrix: CalibrationMatrix, for device: RawDeviceHandle) -> Bool

    /// Makes `fileDescriptor` readable until the next `dispatch`, so the run loop calls it soon
    /// (the source has events of its own to hand over: the initial switch states).
    func requestDispatch()

    /// Releases every device (libinput_suspend): touches are cancelled, keys and buttons
    /// released, then every device is removed. For a VT switch away from the kiosk.
    func suspend()

    /// Opens the devices again after `suspend()` (they are added anew).
    func resume() throws(InputError)
}

