import SystemPackage

/// Why the accelerometer could not be configured, started or kept reading, each with what the
/// user can do about it. `description` is the whole message: the device, the problem, and the
/// remedy after a dash.
public enum AccelerometerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A mount matrix (board profile, udev or sysfs) is not three rows of three numbers, or
    /// cannot be a mounting (a row of zeros, a singular matrix).
    case invalidMountMatrix(text: String, reason: String)
    /// The configured sampling rate of the IIO fallback is not a positive number of hertz.
    case invalidSampleRate(Double)
    /// The configured units per g is not a positive number.
    case invalidUnitsPerG(Double)
    /// No evdev node has INPUT_PROP_ACCELEROMETER and no IIO device has `in_accel_*_raw`.
    /// `unreadable` lists the event nodes that could not be opened (they might be it).
    case noAccelerometer(inputDirectory: String, iioDirectory: String, unreadable: [EvdevError])
    /// The evdev node could not be opened or read.
    case evdev(EvdevError)
    /// The node lacks the absolute axes an accelerometer reports (ABS_X, ABS_Y, ABS_Z).
    case missingAxes(path: String, missing: [String])
    /// The IIO device directory has no `in_accel_x_raw`, `in_accel_y_raw` and `in_accel_z_raw`.
    case notIIOAccelerometer(directory: String)
    /// A sysfs attribute of the IIO device could not be read.
    case iioAttributeUnreadable(path: String, errno: Errno)
    /// A sysfs attribute of the IIO device does not hold the number it should.
    case iioAttributeMalformed(path: String, text: String)
    /// The device went away while it was being read (unplugged, driver unbound, access revoked).
    case deviceLost(path: String, errno: Errno)

    /// The whole message: what went wrong where, then what to do.
    public var description: String {
        switch self {
        case .invalidMountMatrix(let text, let reason):
            return "mount matrix \"\(text)\" is invalid: \(reason) — write three rows of three numbers, "
                + "rows separated by ';' and numbers by ',', like \"1, 0, 0; 0, 1, 0; 0, 0, 1\" (the identity)"
        case .invalidSampleRate(let rate):
            return "accelerometer sampling rate \(rate) Hz is invalid — use a rate above 0 and at most 1000 Hz (10 is plenty for shakes and orientation)"
        case .invalidUnitsPerG(let units):
            return "accelerometer units per g \(units) is invalid — use the positive number of raw units the sensor reports for 1 g (its datasheet's sensitivity, LSB/g)"
        case .noAccelerometer(let inputDirectory, let iioDirectory, let unreadable):
            var message = "no accelerometer: no \(inputDirectory)/event* node has INPUT_PROP_ACCELEROMETER and no "
                + "\(iioDirectory)/iio:device* has in_accel_x_raw"
            if !unreadable.isEmpty {
                let denied = unreadable.filter { if case .permissionDenied = $0 { true } else { false } }.map(\.path)
                message += " (\(unreadable.count) event node\(unreadable.count == 1 ? "" : "s") could not be read: "
                    + unreadable.map(\.path).joined(separator: ", ") + ")"
                if !denied.isEmpty {
                    return message + " — add the user to group input (or run under seatd) so that they can be read, "
                        + "or name the accelerometer in [accelerometer] device of the board profile"
                }
            }
            return message + " — load the sensor's driver (enable it in the kernel or device tree), "
                + "or name the device in [accelerometer] device of the board profile; "
                + "turn shake detection and auto-rotation off if the board has no accelerometer"
        case .evdev(let error):
            return error.description
        case .missingAxes(let path, let missing):
            return "\(path) is not an accelerometer: it lacks \(missing.joined(separator: ", ")) — "
                + "name the right node in [accelerometer] device of the board profile (`vitrine devices` marks the accelerometer)"
        case .notIIOAccelerometer(let directory):
            return "\(directory) is not an IIO accelerometer: it has no in_accel_x_raw, in_accel_y_raw and in_accel_z_raw — "
                + "name the right iio:device* in [accelerometer] device of the board profile (its `name` file says which sensor it is)"
        case .iioAttributeUnreadable(let path, let errno):
            if errno == .permissionDenied || errno == .notPermitted {
                return "\(path): permission denied — give the kiosk's user read access to the IIO device (a udev rule), or run as root"
            }
            if errno == .noSuchFileOrDirectory || errno == .operationNotSupportedByDevice {
                return "\(path) is gone — the IIO device went away (driver unbound?); check the kernel log (dmesg)"
            }
            return "\(path) cannot be read: \(errno) — check the kernel log (dmesg) for the sensor's driver"
        case .iioAttributeMalformed(let path, let text):
            return "\(path) holds \"\(text)\", not a number — the sensor's driver reports something Vitrine does not understand; "
                + "name another device in [accelerometer] device of the board profile"
        case .deviceLost(let path, let errno):
            return "\(path): the accelerometer went away (\(errno)) — it is no longer read; "
                + "check its connection and the kernel log (dmesg); it is read again once plugged back in"
        }
    }
}
