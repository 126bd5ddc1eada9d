import SystemPackage

/// One event read from an evdev device node (a `struct input_event`), with its time in seconds.
package struct EvdevEvent: Hashable, Sendable {
    /// The event type (EV_SYN, EV_KEY, EV_ABS…).
    package var type: UInt16
    /// The code within the type (SYN_REPORT, ABS_X…).
    package var code: UInt16
    /// The value (an axis position, 1/0 for a key or switch).
    package var value: Int32
    /// When the kernel stamped the event, in seconds on the node's clock: `CLOCK_MONOTONIC`
    /// once `EvdevNode.useMonotonicClock()` succeeded (the clock of `MonotonicClock` and of
    /// the epoll run loop), `CLOCK_REALTIME` (the kernel's default) otherwise.
    package var time: Double

    /// Creates an event.
    package init(type: UInt16, code: UInt16, value: Int32, time: Double) {
        self.type = type
        self.code = code
        self.value = value
        self.time = time
    }
}

/// What one read from an evdev node gave (libevdev's `libevdev_next_event` statuses, as values).
package enum EvdevRead: Hashable, Sendable {
    /// An event: in normal mode the next one from the kernel; in sync mode one of the events
    /// that bring the reader's state up to the device's after a drop.
    case event(EvdevEvent)
    /// The kernel's buffer overflowed (SYN_DROPPED, carried here): events were lost. The reader
    /// must now read with `syncing: true` until `.empty`, which yields the changes that bring
    /// its state up to the device's, then read normally again.
    case dropped(EvdevEvent)
    /// Nothing more to read now (EAGAIN); in sync mode: the resync is complete.
    case empty
    /// The read failed: `.operationNotSupportedByDevice` (ENODEV) when the device was unplugged or revoked.
    case failed(Errno)
}

/// An absolute axis's range and resolution (`struct input_absinfo`).
package struct EvdevAxisInfo: Hashable, Sendable {
    /// The axis's current value.
    package var value: Int32
    /// The smallest value the device reports.
    package var minimum: Int32
    /// The largest value the device reports.
    package var maximum: Int32
    /// Noise the kernel filters out.
    package var fuzz: Int32
    /// The dead zone around the centre.
    package var flat: Int32
    /// Units per millimetre for position axes; on a device with INPUT_PROP_ACCELEROMETER,
    /// units per g for ABS_X/Y/Z. 0 when the driver does not say.
    package var resolution: Int32

    /// Creates axis information.
    package init(value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}

/// An evdev device: its identity and capabilities, and the events it sends. The seam between
/// the accelerometer reader and the device listing on one side and libevdev on the other
/// (`LibEvdevNode`), so tests describe devices and feed event streams without a kernel.
///
/// Contract: one owner; `close()` releases the device (libevdev state, then the descriptor) and
/// is idempotent; after it only `path` is meaningful. Event types, codes and properties are
/// the kernel's numbers (linux/input-event-codes.h).
@MainActor
package protocol EvdevNode: AnyObject {
    /// The device node, `/dev/input/event3`.
    var path: String { get }
    /// The open descriptor to watch for readability, or `nil` when there is none (closed, or
    /// a description without a device).
    var fileDescriptor: Int32? { get }
    /// The node's device number (st_rdev), to look the device up in udev; `nil` when unknown.
    var deviceNumber: UInt64? { get }
    /// The device's name, as the driver gives it.
    var name: String { get }
    /// The bus type (BUS_USB, BUS_I2C…).
    var busType: Int { get }
    /// The vendor id.
    var vendor: Int { get }
    /// The product id.
    var product: Int { get }

    /// Whether the device has input property `property` (INPUT_PROP_DIRECT, INPUT_PROP_ACCELEROMETER…).
    func hasProperty(_ property: Int) -> Bool
    /// Whether the device sends events of `type`.
    func hasEventType(_ type: Int) -> Bool
    /// Whether the device sends `code` of `type`.
    func hasEventCode(type: Int, code: Int) -> Bool
    /// The range and resolution of absolute axis `code`, or `nil` when the device lacks it.
    func axisInfo(_ code: Int) -> EvdevAxisInfo?
    /// The current value of `code` of `type` (a switch's state), or `nil` when the device lacks it.
    func eventValue(type: Int, code: Int) -> Int?
    /// Asks the kernel to stamp events with `CLOCK_MONOTONIC` (EVIOCSCLOCKID) instead of the
    /// wall clock. Returns the error when the kernel refuses.
    func useMonotonicClock() -> Errno?
    /// Reads the next event without blocking: normally, or, after `.dropped`, in sync mode.
    func nextEvent(syncing: Bool) -> EvdevRead
    /// Releases the device; idempotent.
    func close()
}

/// Why an evdev node could not be opened or described, with what to do about it.
public enum EvdevError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The directory of event nodes (normally /dev/input) is missing or cannot be listed.
    case noInputDirectory(directory: String, errno: Errno)
    /// The node does not exist (any more).
    case notFound(path: String)
    /// The node may not be opened by this user.
    case permissionDenied(path: String)
    /// The node is not an evdev device (libevdev could not read it).
    case notEvdev(path: String, errno: Errno)
    /// A system call on the node failed unexpectedly.
    case systemCall(path: String, operation: String, errno: Errno)

    /// The error for `errno` from opening `path`.
    public static func opening(_ path: String, errno: Errno) -> EvdevError {
        switch errno {
        case .noSuchFileOrDirectory, .noSuchAddressOrDevice, .operationNotSupportedByDevice: .notFound(path: path)
        case .permissionDenied, .notPermitted: .permissionDenied(path: path)
        default: .systemCall(path: path, operation: "open", errno: errno)
        }
    }

    /// The node (or directory) the error is about.
    public var path: String {
        switch self {
        case .noInputDirectory(let directory, _): directory
        case .notFound(let path), .permissionDenied(let path), .notEvdev(let path, _), .systemCall(let path, _, _): path
        }
    }

    /// The whole message: what went wrong where, then what to do.
    public var description: String {
        switch self {
        case .noInputDirectory(let directory, let errno):
            if errno == .noSuchFileOrDirectory || errno == .notDirectory {
                return "\(directory) does not exist — no input driver is loaded (or devtmpfs is not mounted); "
                    + "on a board, enable the touch controller's and sensors' drivers in the kernel or device tree"
            }
            if errno == .permissionDenied {
                return "\(directory): permission denied — add the user to group input, or run under seatd (or as root)"
            }
            return "\(directory) cannot be listed: \(errno)"
        case .notFound(let path):
            return "\(path) does not exist — run `vitrine devices` to list the input devices, and fix the path in the board profile"
        case .permissionDenied(let path):
            return "\(path): permission denied — add the user to group input, or run under seatd (or as root)"
        case .notEvdev(let path, let errno):
            return "\(path) is not an evdev device (\(errno)) — name a /dev/input/event* node"
        case .systemCall(let path, let operation, let errno):
            return "\(path): \(operation) failed: \(errno)"
        }
    }
}
