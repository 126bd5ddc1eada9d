import CUdev
import Glibc

/// Which device delivers the accelerometer's samples.
public enum AccelerometerDevice: Hashable, Sendable, CustomStringConvertible {
    /// An evdev node (normally with INPUT_PROP_ACCELEROMETER), read as events arrive: the
    /// primary path, which costs nothing while the device is still.
    case evdev(path: String)
    /// An IIO device directory (`/sys/bus/iio/devices/iio:device0`), whose sysfs attributes
    /// are sampled on a timer: the fallback for boards whose sensor has no input driver.
    case iio(directory: String)

    /// The device a board profile names by `path`: an IIO device when the path is a
    /// `…/iio:deviceN` directory (or anything under /sys), an evdev node otherwise.
    public init(path: String) {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        if last.hasPrefix("iio:device") || path.hasPrefix("/sys/") {
            self = .iio(directory: path)
        } else {
            self = .evdev(path: path)
        }
    }

    /// The node or directory.
    public var path: String {
        switch self {
        case .evdev(let path): path
        case .iio(let directory): directory
        }
    }

    /// `evdev /dev/input/event3` or `iio /sys/bus/iio/devices/iio:device0`, for logs.
    public var description: String {
        switch self {
        case .evdev(let path): "evdev \(path)"
        case .iio(let directory): "iio \(directory)"
        }
    }
}

/// How to find and read the board's accelerometer (what a board profile says about it).
public struct AccelerometerConfiguration: Hashable, Sendable {
    /// The device to read; `nil` finds one: the first `event*` node of `inputDirectory` with
    /// INPUT_PROP_ACCELEROMETER that is not on USB or Bluetooth (those are hand-held
    /// controllers, not the panel), else the first IIO device of `iioDirectory` with
    /// `in_accel_{x,y,z}_raw`.
    public var device: AccelerometerDevice?
    /// The sensor's mounting on the panel. `nil` takes the device's own: udev's
    /// `ACCEL_MOUNT_MATRIX` (systemd's sensor hwdb), then the IIO `in_accel_mount_matrix` or
    /// `mount_matrix` attribute; the identity when the device has none.
    public var mountMatrix: MountMatrix?
    /// Raw units per g for an evdev device, overriding its axes' resolution. Needed only when
    /// the driver reports resolution 0 (it then assumes `assumedUnitsPerG` and logs it).
    public var unitsPerG: Double?
    /// How often the IIO fallback samples, in hertz (10 by default). The evdev path ignores it:
    /// the device's driver decides its rate and the reader waits for its events.
    public var sampleRate: Double
    /// Where the evdev nodes are.
    public var inputDirectory: String
    /// Where the IIO devices are listed.
    public var iioDirectory: String

    /// Raw units per g assumed for an evdev accelerometer whose driver reports resolution 0:
    /// 256, the sensitivity of the common 10-bit ±2 g parts (BMA150, ADXL345 at full
    /// resolution, KXTJ9), and what iio-sensor-proxy assumes for input accelerometers.
    public static let assumedUnitsPerG: Double = 256

    /// Creates a configuration; the defaults find the device and its mounting by themselves.
    public init(device: AccelerometerDevice? = nil, mountMatrix: MountMatrix? = nil, unitsPerG: Double? = nil,
                sampleRate: Double = 10, inputDirectory: String = "/dev/input",
                iioDirectory: String = "/sys/bus/iio/devices") {
        self.device = device
        self.mountMatrix = mountMatrix
        self.unitsPerG = unitsPerG
        self.sampleRate = sampleRate
        self.inputDirectory = inputDirectory
        self.iioDirectory = iioDirectory
    }

    /// Throws when a number is out of range: the sampling rate (above 0, at most 1000 Hz) or
    /// the units per g (above 0).
    public func validate() throws(AccelerometerError) {
        guard sampleRate.isFinite, sampleRate > 0, sampleRate <= 1000 else { throw .invalidSampleRate(sampleRate) }
        if let unitsPerG, !(unitsPerG.isFinite && unitsPerG > 0) { throw .invalidUnitsPerG(unitsPerG) }
    }
}

/// A device as udev knows it, to read its properties.
package enum UdevDeviceReference: Hashable, Sendable {
    /// A character device by number (an evdev node's st_rdev).
    case characterDevice(UInt64)
    /// A device by its sysfs path (an IIO device directory).
    case syspath(String)
}

/// What the accelerometer asks of the system, as functions, so tests replace them: opening an
/// evdev node and reading a udev property. Sysfs is read from the configured directories, which
/// tests point at a temporary tree.
package struct AccelerometerSystem {
    /// Opens an evdev node.
    package var openEvdev: @MainActor (String) throws(EvdevError) -> any EvdevNode
    /// A udev property of a device (`ACCEL_MOUNT_MATRIX`), or `nil` when udev has none.
    package var udevProperty: @MainActor (UdevDeviceReference, String) -> String?

    /// Creates a system from its functions.
    package init(openEvdev: @escaping @MainActor (String) throws(EvdevError) -> any EvdevNode,
                udevProperty: @escaping @MainActor (UdevDeviceReference, String) -> String?) {
        self.openEvdev = openEvdev
        self.udevProperty = udevProperty
    }

    /// The real system: libevdev and libudev.
    package static var live: AccelerometerSystem {
        AccelerometerSystem(openEvdev: { path throws(EvdevError) in try LibEvdevNode(path: path) },
                            udevProperty: { reference, name in udevPropertyValue(of: reference, name) })
    }

    /// Reads `name` of the device from udev's database. Without a udev daemon (no
    /// /run/udev/data) there are no hwdb properties: `nil`.
    @MainActor
    static func udevPropertyValue(of reference: UdevDeviceReference, _ name: String) -> String? {
        guard let udev = udev_new() else { return nil }
        defer { udev_unref(udev) }
        let device: OpaquePointer?
        switch reference {
        case .characterDevice(let number):
            device = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")), dev_t(number))
        case .syspath(let path):
            device = udev_device_new_from_syspath(udev, path)
        }
        guard let device else { return nil }
        defer { udev_device_unref(device) }
        guard let value = udev_device_get_property_value(device, name) else { return nil }
        return String(cString: value)
    }
}
