import VitrineSeams

/// A device plugged in or unplugged, as a `DeviceMonitor` reports it.
public enum DeviceChange: Sendable, Hashable {
    /// The device appeared: its node exists and can be opened (udev has processed it, when a
    /// udev daemon runs).
    case added(DeviceDescription)
    /// The device went away: its node is gone or going; a descriptor still open on it reads
    /// ENODEV and polls as hung up.
    case removed(DeviceDescription)

    /// The device that changed.
    public var device: DeviceDescription {
        switch self {
        case .added(let device), .removed(let device): device
        }
    }
}

/// Input and IIO devices plugged in and unplugged after start, told to the main actor: the
/// hardware seam between udev (`UdevDeviceMonitor`) and `DeviceHotplug`, so tests drive hotplug
/// with scripted changes.
///
/// Contract, for every implementation:
/// - `start(_:)` begins listening; from then on `handler` is called on the main actor, from a
///   run-loop turn (a descriptor watch: the loop sleeps until udev has something), with every
///   change read in that turn, in the order the kernel made them. A device's `removed` never
///   comes before its `added`, but a device present before `start` may be `removed` with no
///   `added` seen; a device may come and go several times (a loose connector), even within one
///   call. Only the subsystems `input` (event nodes) and `iio` are reported; `change`, `bind`
///   and `unbind` are not.
/// - Changes that happen between `start` and the first turn are not lost: they wait in the
///   monitor's socket, so a board starts the monitor before it opens its devices and misses
///   none plugged in meanwhile (the kinds then see an `added` for a device already open).
/// - `start` throws `DeviceMonitorError` (with what to do) and then watches nothing; a second
///   `start` does nothing. `stop()` ends the watch before releasing the socket: `handler` is
///   not called again. Idempotent.
/// - It never polls and never spins: no change, no wake-up.
@MainActor
public protocol DeviceMonitor: AnyObject {
    /// Begins reporting changes to `handler` (see the protocol's contract).
    func start(_ handler: @escaping @MainActor ([DeviceChange]) -> Void) throws(DeviceMonitorError)
    /// Stops reporting and releases the monitor; idempotent.
    func stop()
}

/// Why devices plugged in after start cannot be followed, with what to do. The app runs on:
/// the devices present at start are read as before.
public enum DeviceMonitorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// libudev could not be used at all (`udev_new` failed).
    case udevUnavailable
    /// The netlink socket for `group` (`"udev"` or `"kernel"`) could not be made or bound.
    case netlinkRefused(group: String)
    /// The run loop refused to watch the monitor's socket.
    case notWatchable(DescriptorWatchError)

    /// What went wrong, then what to do.
    public var description: String {
        switch self {
        case .udevUnavailable:
            "udev cannot be used (udev_new failed): devices plugged in after start are not seen — "
                + "check that libudev1 is installed and /sys is mounted, or restart the app after plugging a device in"
        case .netlinkRefused(let group):
            if group == "kernel" {
                "no udev daemon runs and the kernel's device events cannot be received (that needs root): "
                    + "devices plugged in after start are not seen — run systemd-udevd (or eudev), or run the app as root"
            } else {
                "udev's device events cannot be received: devices plugged in after start are not seen — "
                    + "check that systemd-udevd runs, or restart the app after plugging a device in"
            }
        case .notWatchable(let error):
            "the udev monitor cannot be watched: \(error); devices plugged in after start are not seen"
        }
    }
}
