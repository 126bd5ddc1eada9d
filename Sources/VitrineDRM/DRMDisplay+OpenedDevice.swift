import Glibc
import Logging
import Vitrine
import VitrineLinux

extension DRMDisplay {
    /// Sets up the display on `device`, opened already (through the board's `DeviceOpener`:
    /// `LibDRMDevice.open(path:through:)`, or by `open(path:configuration:runLoop:logger:)`):
    /// the display, then connector hotplug when udev is available. Throws `DRMError` with a remedy.
    public static func open(device: LibDRMDevice, configuration: Configuration = Configuration(), runLoop: any RunLoop,
                            logger: Logger = Logger(label: "vitrine.drm")) throws(DRMError) -> DRMDisplay {
        let display = try DRMDisplay(device: device, configuration: configuration, runLoop: runLoop, logger: logger)
        if let monitor = DRMHotplugMonitor(deviceNumber: device.deviceNumber, runLoop: runLoop, logger: logger, handler: { [weak display] in
            display?.handleHotplug()
        }) {
            display.hotplugMonitor = monitor
        }
        return display
    }
}
