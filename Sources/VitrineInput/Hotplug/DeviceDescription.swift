/// A device as udev describes it when it is plugged in or unplugged (`DeviceChange`): what a
/// `HotplugDeviceKind` matches against the board profile before opening it.
///
/// For an evdev node (subsystem `input`, `event*`) `devnode` is `/dev/input/eventN` and `name`
/// the input device's name as its driver gives it ("Griffin PowerMate"); for an IIO device
/// (subsystem `iio`, `iio:deviceN`) `name` is its `name` attribute ("lis3dh"). `properties`
/// are udev's: with a udev daemon they include what its rules add (`ID_INPUT=1`,
/// `ID_INPUT_ACCELEROMETER=1`, `DEVLINKS`…); without one only the kernel's (`DEVNAME`, `MAJOR`,
/// `MINOR`). A removed device is described by what udev still knows: its node and properties,
/// not always its name.
public struct DeviceDescription: Sendable, Hashable, CustomStringConvertible {
    /// The kernel subsystem: `"input"` or `"iio"`.
    public var subsystem: String
    /// The device's sysfs path (`/sys/devices/…/input/input7/event5`): the same for its add
    /// and its remove, so it identifies the device while it is plugged in.
    public var syspath: String
    /// The last part of `syspath`: `event5`, `iio:device0`.
    public var sysname: String
    /// The device node, `/dev/input/event5`; nil when the device has none.
    public var devnode: String?
    /// Other paths of the node (udev's `DEVLINKS`: `/dev/input/by-id/…`); empty without udev.
    public var devlinks: [String]
    /// The device's name as its driver gives it, when known.
    public var name: String?
    /// udev's properties of the device (`ID_INPUT_KEYBOARD` → `"1"`…).
    public var properties: [String: String]

    /// Creates a description.
    public init(subsystem: String, syspath: String, sysname: String? = nil, devnode: String? = nil,
                devlinks: [String] = [], name: String? = nil, properties: [String: String] = [:]) {
        self.subsystem = subsystem
        self.syspath = syspath
        self.sysname = sysname ?? String(syspath.split(separator: "/").last ?? Substring(syspath))
        self.devnode = devnode
        self.devlinks = devlinks
        self.name = name
        self.properties = properties
    }

    /// Whether it is an evdev event node (subsystem `input`, `event*`, with a node): what the
    /// encoder, the jack and an evdev accelerometer are.
    public var isEventNode: Bool {
        subsystem == "input" && sysname.hasPrefix("event") && devnode != nil
    }

    /// Whether it is an IIO device (`iio:deviceN`).
    public var isIIODevice: Bool {
        subsystem == "iio" && sysname.hasPrefix("iio:device")
    }

    /// Whether `path`, as a board profile writes it, names this device: its node, one of its
    /// links, its sysfs path, or a `…/iio:deviceN`-style listing path ending in its sysname
    /// (`/sys/bus/iio/devices/iio:device0`).
    public func isNamed(by path: String) -> Bool {
        if path == devnode || path == syspath || devlinks.contains(path) { return true }
        return path.hasPrefix("/sys/") && path.split(separator: "/").last.map(String.init) == sysname
    }

    /// Whether udev's rules call it `ID_INPUT_<kind>` (`"ACCELEROMETER"`, `"KEYBOARD"`…);
    /// false without a udev daemon, which adds no such property.
    public func isTagged(_ kind: String) -> Bool {
        properties["ID_INPUT_" + kind] == "1"
    }

    /// `/dev/input/event5 ("Griffin PowerMate")`, for logs.
    public var description: String {
        let place = devnode ?? syspath
        guard let name else { return place }
        return "\(place) (\"\(name)\")"
    }
}
