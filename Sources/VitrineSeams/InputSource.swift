import VitrineGraphics

/// Identifies one finger for the whole of its contact: which device it is on and which of that
/// device's multitouch slots it occupies. The pair is unique among touches that are down.
public struct TouchIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The input device the touch belongs to (an index the input source assigns).
    public var device: Int
    /// The device's slot (ABS_MT_SLOT / libinput seat slot) for this contact.
    public var slot: Int

    /// Creates an identifier for `slot` on `device`.
    public init(device: Int = 0, slot: Int) {
        self.device = device
        self.slot = slot
    }

    /// `device:slot`, for logs.
    public var description: String { "\(device):\(slot)" }
}

/// A key's phase.
public enum KeyState: Sendable, Hashable {
    /// The key went down.
    case pressed
    /// The key came up.
    case released
}

/// A switch on the device (lid, tablet mode).
public enum SwitchKind: Sendable, Hashable {
    /// SW_LID: `true` means the lid is closed.
    case lid
    /// SW_TABLET_MODE: `true` means the device is in tablet mode.
    case tabletMode
}

/// One raw input event, already translated at the edge: positions are in the screen's
/// coordinate space in **points** (rotation and calibration applied, as ARCHITECTURE.md requires),
/// timestamps are on the run loop's `TimeSource`.
///
/// Touch events arrive in *frames*: any number of down/motion/up/cancel for different fingers,
/// then `touchFrame`, at which the application delivers one `Event` for all of them.
public enum InputEvent: Sendable, Hashable {
    /// A finger touched the screen at `location`. `majorRadius` is the contact's major radius in
    /// points when the hardware reports one, otherwise 0.
    case touchDown(TouchIdentifier, location: Point, majorRadius: Double, timestamp: Double)
    /// A finger that is down moved to `location`.
    case touchMotion(TouchIdentifier, location: Point, majorRadius: Double, timestamp: Double)
    /// A finger was lifted.
    case touchUp(TouchIdentifier, timestamp: Double)
    /// The system took the finger away (palm rejection, device error): the touch is cancelled.
    case touchCancel(TouchIdentifier, timestamp: Double)
    /// End of one frame of touch changes: the application delivers them as one `Event`.
    case touchFrame(timestamp: Double)
    /// Every touch and held key of `device` ended because the device went away; each is cancelled.
    case deviceRemoved(device: Int, timestamp: Double)
    /// `device` is a hardware keyboard (one with letter keys, not a power button or a lid),
    /// found at start or plugged in later; its `deviceRemoved` detaches it. The on-screen
    /// keyboard's `.auto` policy hides while one is attached (`Application.isHardwareKeyboardAttached`).
    case keyboardAttached(device: Int, timestamp: Double)
    /// A key changed state. `code` is the Linux key code (KEY_*), `characters` what a keymap
    /// gives for it (empty when none), `device` the input device it is on (the number its
    /// `deviceRemoved` carries, which cancels the keys it holds).
    case key(code: Int, state: KeyState, characters: String, modifiers: KeyModifiers, device: Int = 0,
             timestamp: Double)
    /// A switch changed state.
    case switchToggled(SwitchKind, isOn: Bool, timestamp: Double)
    /// A scroll wheel (or a two-finger scroll on a touchpad) turned by `deltaX`, `deltaY`
    /// points while the pointer was at `location` (screen points). Positive `deltaY` scrolls
    /// the content up, as turning the wheel towards the user does.
    case scroll(deltaX: Double, deltaY: Double, location: Point, timestamp: Double)
    /// One accelerometer sample, in the panel's frame (see `Acceleration`).
    case acceleration(Acceleration, timestamp: Double)
    /// The board's rotary encoder (`[input] encoder` in its profile) turned or its push button
    /// changed: it drives the focus engine (`Application.encoderRotated(by:)`, `encoderPressed()`).
    case encoder(EncoderInput, timestamp: Double)
    /// A barcode scanner (`[input] scanners` in the board profile) read a whole code: it goes
    /// to the key window's first responder (`Responder.scannerDidRead(_:with:)`), never to a
    /// text field as keys. Its time is `Scan.timestamp`.
    case scan(Scan)
}

/// What a rotary encoder did.
public enum EncoderInput: Sendable, Hashable {
    /// Turned by this many detents (positive: clockwise).
    case rotated(Int)
    /// Its push button went down.
    case pressed
    /// Its push button came up.
    case released
}

/// Proper acceleration measured by the board's accelerometer, in units of standard gravity
/// (1 g = 9.80665 m/s²), in the **panel's frame** after the board's mount matrix: `x` points
/// towards the panel's right edge, `y` towards its top edge and `z` out of the screen towards
/// the viewer (the convention of Linux IIO mount matrices and iio-sensor-proxy). At rest the
/// vector points away from the earth, so a panel standing upright reads about (0, 1, 0) and
/// one lying face up reads about (0, 0, 1).
public struct Acceleration: Sendable, Hashable, CustomStringConvertible {
    /// Towards the panel's right edge, in g.
    public var x: Double
    /// Towards the panel's top edge, in g.
    public var y: Double
    /// Out of the screen, in g.
    public var z: Double

    /// Creates a sample of `x`, `y`, `z` g.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The length of the vector, in g (about 1 at rest).
    public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }

    /// `(x, y, z) g`, for logs.
    public var description: String { "(\(x), \(y), \(z)) g" }
}

/// Modifier keys held during a key event.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public var rawValue: Int
    /// Creates modifiers from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Shift is held.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Control is held.
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Alt (Option) is held.
    public static let alternate = KeyModifiers(rawValue: 1 << 2)
    /// Super (Command, the "Windows" key) is held.
    public static let command = KeyModifiers(rawValue: 1 << 3)
    /// Caps Lock is on.
    public static let alphaShift = KeyModifiers(rawValue: 1 << 4)
}

/// Where input comes from: libinput, raw evdev, an accelerometer, or a script in tests. Only
/// what produces `InputEvent`s is an input source: a descriptor the loop must wake for without
/// producing input (udev hotplug, a signalfd, a seat's connection, DRM page-flip events, a
/// window system's socket) is a `MainLoop.watch(_:events:_:)`.
///
/// Contract: the run loop watches `fileDescriptor` (when there is one) and calls
/// `dispatch(into:)` when it is readable, or, for sources without a descriptor, when the source
/// has told its loop it has something (see `VitrineHeadless.ScriptedInput`). `dispatch` reads
/// everything that is available without blocking, hands each event to `sink` in order, and
/// returns. It never blocks and never spawns a thread. A source may own a thread of its own,
/// started with it and joined when it goes, that reads ahead so nothing is lost while the main
/// thread is busy (`LibInputSource`'s key reader); `dispatch` then drains what it read.
@MainActor
public protocol InputSource: AnyObject {
    /// The descriptor to watch for readability, or `nil` when the source is driven otherwise.
    var fileDescriptor: Int32? { get }

    /// Reads what is available and passes each event to `sink`, in order.
    func dispatch(into sink: (InputEvent) -> Void)
}

/// An input source that is read only while something needs it: an accelerometer, which would
/// otherwise wake the loop at its sampling rate for nothing.
///
/// Contract: the application calls `start()` when something needs the source's events (shake
/// detection, auto-rotation) and then adds the source to its run loop; it removes the source
/// from the loop and calls `stop()` when nothing does any more. A stopped source holds no
/// descriptor open, has `fileDescriptor == nil` and produces nothing. `start()` may fail (the
/// device vanished); the application logs the error and carries on without the source.
@MainActor
public protocol OnDemandInputSource: InputSource {
    /// Whether the source is started.
    var isStarted: Bool { get }
    /// Opens the device and begins producing events.
    func start() throws
    /// Stops producing events and closes the device.
    func stop()
    /// The state the device is in now, as an event, when it has one (an accelerometer's
    /// current attitude): the application posts it right after `start()`, because a device
    /// held still may send nothing for a long time. Default: nil.
    func currentState() -> InputEvent?
}

extension OnDemandInputSource {
    /// Default: no state to report.
    public func currentState() -> InputEvent? { nil }
}

/// An input source without a file descriptor (a script, a test, a bridge from another
/// subsystem) that tells its run loop when it has events.
///
/// Contract: the loop that adds the source sets `readinessHandler`; the source calls it
/// whenever it gets events to dispatch; the loop then calls `dispatch(into:)` in its next turn.
@MainActor
public protocol SignallingInputSource: InputSource {
    /// Set by the run loop; called by the source when it has events.
    var readinessHandler: (@MainActor () -> Void)? { get set }
}
