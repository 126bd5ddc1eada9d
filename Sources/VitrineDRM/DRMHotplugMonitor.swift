import CUdev
import Glibc
import Logging
import VitrineSeams

/// Watches udev for `drm` change events of one device (a connector plugged or unplugged) and
/// calls its handler once per batch, on the run loop, through a descriptor watch on its
/// netlink socket (it produces no input, so it is no `InputSource`).
///
/// Listens to udev's own netlink group when systemd-udevd (or eudev) runs, so the event comes
/// after udev has processed it; without a udev daemon (a minimal kiosk image, the VM ring) it
/// listens to the kernel's group directly, which needs root.
@MainActor
package final class DRMHotplugMonitor {
    /// The monitor's socket, watched on the run loop until `stop()`.
    package let fileDescriptor: Int32
    /// Whether the socket is still watched (false after `stop()`).
    package var isWatching: Bool { watch?.isActive ?? false }

    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    private let deviceNumber: dev_t
    private let handler: @MainActor () -> Void
    private let logger: Logger
    private var watch: DescriptorWatch?

    /// Starts listening for change events of the device numbered `deviceNumber` (the card's
    /// st_rdev), watching the socket on `mainLoop`; nil (logged) when udev cannot be used or the
    /// loop cannot watch the socket, in which case hotplug goes unnoticed.
    package init?(deviceNumber: dev_t, mainLoop: any MainLoop, logger: Logger, handler: @escaping @MainActor () -> Void) {
        guard let udev = udev_new() else {
            logger.warning("udev unavailable: display hotplug will go unnoticed")
            return nil
        }
        let group = access("/run/udev/control", F_OK) == 0 ? "udev" : "kernel"
        guard let monitor = udev_monitor_new_from_netlink(udev, group) else {
            logger.warning("udev monitor (\(group)) unavailable: display hotplug will go unnoticed")
            udev_unref(udev)
            return nil
        }
        guard udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil) >= 0,
              udev_monitor_enable_receiving(monitor) >= 0 else {
            logger.warning("udev monitor (\(group)) refused to listen: display hotplug will go unnoticed")
            udev_monitor_unref(monitor)
            udev_unref(udev)
            return nil
        }
        self.udev = udev
        self.monitor = monitor
        self.deviceNumber = deviceNumber
        self.handler = handler
        self.logger = logger
        self.fileDescriptor = udev_monitor_get_fd(monitor)
        do {
            watch = try mainLoop.watch(fileDescriptor) { [weak self] _ in self?.receive() }
        } catch {
            logger.warning("cannot watch the udev monitor: \(error); display hotplug will go unnoticed")
            return nil
        }
    }

    isolated deinit {
        // The watch ends before the socket closes with the monitor.
        watch?.cancel()
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// Stops watching the socket: the handler is not called again. Idempotent; the socket
    /// itself closes when the monitor goes away.
    package func stop() {
        watch?.cancel()
        watch = nil
    }

    /// Receives every queued udev event (the socket is non-blocking) and calls the handler once
    /// if any was a change of our device. Called by the run loop when the socket is readable.
    func receive() {
        var changed = false
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            guard udev_device_get_devnum(device) == deviceNumber,
                  let action = udev_device_get_action(device), String(cString: action) == "change" else { continue }
            changed = true
        }
        if changed { handler() }
    }
}
