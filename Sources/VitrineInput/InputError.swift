import SystemPackage

/// Why libinput input could not start or keep going, each with what the user can do about it.
/// `description` is the whole message: what went wrong where, then the remedy after a dash.
public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A device node may not be opened by this user.
    case permissionDenied(path: String)
    /// A device node named in the configuration does not exist.
    case deviceNotFound(path: String)
    /// libinput would not take the device (`reason` is what libinput said, when it said).
    case deviceRejected(path: String, reason: String)
    /// The seat or the device paths gave no input device at all. `failures` are the devices
    /// libinput tried and could not open.
    case noDevices(origin: String, failures: [InputDeviceOpenFailure])
    /// libinput could not assign the udev seat.
    case seatAssignmentFailed(seat: String)
    /// libudev or libinput could not make its context (out of memory, no /sys).
    case contextCreationFailed(String)
    /// A system or libinput call failed unexpectedly.
    case systemCall(operation: String, errno: Errno)
    /// The input configuration (board profile) is wrong; the message says how.
    case invalidConfiguration(String)

    /// The error for `errno` from opening `path`.
    public static func opening(_ path: String, errno: Errno) -> InputError {
        switch errno {
        case .noSuchFileOrDirectory, .noSuchAddressOrDevice, .operationNotSupportedByDevice: .deviceNotFound(path: path)
        case .permissionDenied, .notPermitted: .permissionDenied(path: path)
        default: .systemCall(operation: "open(\(path))", errno: errno)
        }
    }

    /// The whole message: what went wrong where, then what to do.
    public var description: String {
        switch self {
        case .permissionDenied(let path):
            return "\(path): permission denied — add the user to group input, or run as root or under seatd"
        case .deviceNotFound(let path):
            return "\(path) does not exist — check [input] devices in the board profile "
                + "(ls -l /dev/input/by-path /dev/input/by-id gives stable names; `vitrine devices` lists input devices)"
        case .deviceRejected(let path, let reason):
            let why = reason.isEmpty ? "" : " (\(reason))"
            return "\(path): libinput did not accept the device\(why) — name an event node (/dev/input/event*) of a touchscreen, "
                + "pointer, keyboard or switch; without a udev daemon libinput refuses devices udev has not initialised: "
                + "run systemd-udevd (or write /run/udev/data/c13:<minor> as notes/vm-testing.md shows)"
        case .noDevices(let origin, let failures):
            if let denied = failures.first(where: { $0.errno == .permissionDenied || $0.errno == .notPermitted }) {
                return "no input device could be opened on \(origin): \(denied.path): permission denied — "
                    + "add the user to group input, or run as root or under seatd"
            }
            let tried = failures.isEmpty ? "" : " (could not open: " + failures.map { "\($0.path): \($0.errno)" }.joined(separator: ", ") + ")"
            return "no input devices on \(origin)\(tried) — check that /dev/input/event* exist and that udev runs and tags them "
                + "(ID_INPUT), or name the devices in the board profile; a board without input may allow starting without devices"
        case .seatAssignmentFailed(let seat):
            return "libinput could not assign seat \(seat) — check that udev is running and the seat name is right "
                + "(seat0 unless the system defines others)"
        case .contextCreationFailed(let what):
            return "cannot start libinput: \(what) — is /sys mounted and is the system out of memory?"
        case .systemCall(let operation, let errno):
            return "\(operation) failed: \(errno) — this is unexpected: report it with the error above"
        case .invalidConfiguration(let message):
            return "input configuration: \(message) — fix the board profile"
        }
    }
}
