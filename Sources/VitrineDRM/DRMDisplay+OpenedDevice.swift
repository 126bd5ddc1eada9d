import Glibc
import Logging
import VitrineSeams
import VitrineLinux

extension DRMDisplay {
    /// Sets up the display on `device`, opened already (through the board's `DeviceOpener`:
    /// `LibDRMDevice.open(path:through:)`, or by `open(path:configuration:mainLoop:logger:)`):
    /// the display, then connector hotplug when udev is available. Throws `DRMError` with a remedy.
    package static func open(device: LibDRMDevice, configuration: Configuration = Configuration(), mainLoop: any MainLoop,
                            logger: Logger = Logger(label: "vitrine.drm")) throws(DRMError) -> DRMDisplay {
        let display = try DRMDisplay(device: device, configuration: configuration, mainLoop: mainLoop, logger: logger)
        if let monitor = DRMHotplugMonitor(deviceNumber: device.deviceNumber, mainLoop: mainLoop, logger: logger, handler: { [weak display] in
            display?.handleHotplug()
        }) {
            display.hotplugMonitor = monitor
        }
        return display
    }
}
