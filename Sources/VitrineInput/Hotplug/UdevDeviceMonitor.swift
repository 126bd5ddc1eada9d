import CUdev
import Glibc
import Logging
import VitrineSeams

/// The `DeviceMonitor` on libudev: a netlink socket filtered to the subsystems `input` and
/// `iio`, watched on the run loop (`MainLoop.watch`), so the loop sleeps until a device comes or
/// goes. The one owner of its udev context and socket, released by `stop()` or deinit (the
/// watch first).
///
/// Listens to udev's own group when a udev daemon runs (`/run/udev/control` exists): its events
/// come after udev's rules ran, so the node has its permissions and `ID_INPUT_*` properties.
/// Without one (a minimal kiosk image) it listens to the kernel's group, which needs root; the
/// node exists then too (devtmpfs makes it before the kernel announces the device).
@MainActor
public final class UdevDeviceMonitor: DeviceMonitor {
    /// The subsystems reported.
    public static let subsystems = ["input", "iio"]

    /// Whether the socket is watched (between a successful `start` and `stop`).
    public var isWatching: Bool { watch?.isActive ?? false }

    private let loop: any MainLoop
    private let logger: Logger
    private var udev: OpaquePointer?
    private var monitor: OpaquePointer?
    private var watch: DescriptorWatch?
    private var handler: (@MainActor ([DeviceChange]) -> Void)?
    /// The batch being read, kept between turns for its storage.
    private var batch: [DeviceChange] = []

    /// A monitor whose socket will be watched on `loop`. Opens nothing until `start`.
    public init(loop: any MainLoop, logger: Logger = Logger(label: "vitrine.input")) {
        self.loop = loop
        self.logger = logger
    }

    isolated deinit {
        stop()
    }

    /// Opens the socket, filtered to `input` and `iio`, and watches it (see `DeviceMonitor`).
    public func start(_ handler: @escaping @MainActor ([DeviceChange]) -> Void) throws(DeviceMonitorError) {
        guard monitor == nil else { return }
        guard let udev = udev_new() else { throw .udevUnavailable }
        let group = access("/run/udev/control", F_OK) == 0 ? "udev" : "kernel"
        guard let monitor = udev_monitor_new_from_netlink(udev, group) else {
            udev_unref(udev)
            throw .netlinkRefused(group: group)
        }
        var filtered = true
        for subsystem in Self.subsystems {
            filtered = filtered && udev_monitor_filter_add_match_subsystem_devtype(monitor, subsystem, nil) >= 0
        }
        guard filtered, udev_monitor_enable_receiving(monitor) >= 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw .netlinkRefused(group: group)
        }
        do {
            watch = try loop.watch(udev_monitor_get_fd(monitor)) { [weak self] _ in self?.receive() }
        } catch {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw .notWatchable(error)
        }
        self.udev = udev
        self.monitor = monitor
        self.handler = handler
        logger.debug("hotplug: listening to \(group) events of \(Self.subsystems.joined(separator: " and "))")
    }

    /// Ends the watch, then closes the socket; idempotent.
    public func stop() {
        watch?.cancel()
        watch = nil
        handler = nil
        if let monitor { udev_monitor_unref(monitor) }
        if let udev { udev_unref(udev) }
        monitor = nil
        udev = nil
    }

    /// Reads every queued event (the socket is non-blocking) and reports the adds and removes.
    private func receive() {
        guard let monitor else { return }
        batch.removeAll(keepingCapacity: true)
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            guard let action = udev_device_get_action(device) else { continue }
            let isAdd = strcmp(action, "add") == 0
            guard isAdd || strcmp(action, "remove") == 0,
                  let description = Self.describe(device, resolvingName: isAdd) else { continue }
            batch.append(isAdd ? .added(description) : .removed(description))
        }
        guard !batch.isEmpty else { return }
        handler?(batch)
    }

    /// The description of an event node or IIO device; nil for anything else the subsystems
    /// hold (an input device's `inputN` parent, its `mouseN` or `jsN`, an IIO trigger).
    static func describe(_ device: OpaquePointer, resolvingName: Bool) -> DeviceDescription? {
        guard let subsystemText = udev_device_get_subsystem(device), let syspathText = udev_device_get_syspath(device),
              let sysnameText = udev_device_get_sysname(device) else { return nil }
        let subsystem = String(cString: subsystemText), sysname = String(cString: sysnameText)
        let devnode = udev_device_get_devnode(device).map { String(cString: $0) }
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = udev_list_entry_get_name(current) {
                properties[String(cString: name)] = udev_list_entry_get_value(current).map { String(cString: $0) } ?? ""
            }
            entry = udev_list_entry_get_next(current)
        }
        let devlinks = properties["DEVLINKS"].map { $0.split(separator: " ").map(String.init) } ?? []
        var description = DeviceDescription(subsystem: subsystem, syspath: String(cString: syspathText), sysname: sysname,
                                            devnode: devnode, devlinks: devlinks, properties: properties)
        guard description.isEventNode || description.isIIODevice else { return nil }
        // The name is the parent input device's (NAME="…"), or the IIO device's attribute. A
        // removed device's sysfs is gone, so only an added one's is read.
        guard resolvingName else { return description }
        if description.isEventNode {
            if let parent = udev_device_get_parent_with_subsystem_devtype(device, "input", nil),
               let name = udev_device_get_property_value(parent, "NAME") {
                description.name = unquoted(String(cString: name))
            }
        } else if let name = udev_device_get_sysattr_value(device, "name") {
            description.name = String(cString: name).trimmingTrailingNewline
        }
        return description
    }

    /// `"Griffin PowerMate"` without its quotes (the kernel quotes an input device's NAME).
    static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
        return String(text.dropFirst().dropLast())
    }
}

extension String {
    /// The text without one trailing newline (a sysfs attribute's).
    fileprivate var trimmingTrailingNewline: String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}
