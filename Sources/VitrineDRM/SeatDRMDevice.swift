import Glibc
import Logging
import Vitrine
import VitrineLinux

extension LibDRMDevice {
    /// Opens the card at `path` through `session` (libseat): the seat manager opens it and makes
    /// this session DRM master while the seat is enabled, and takes master away on a switch.
    /// The device owns the descriptor and hands it back to the session at deinit
    /// (`SeatSession.closeDevice`: the seat's registration ends, the descriptor closes).
    /// Throws `SeatError.openingDevice` (with the seat's errno) or `.closed`.
    public static func open(path: String, through session: SeatSession) throws(SeatError) -> LibDRMDevice {
        let seatDevice = try session.openDevice(path: path)
        do throws(DRMError) {
            return try LibDRMDevice(path: path, adopting: seatDevice.fileDescriptor) { [weak session] descriptor in
                if let session {
                    session.closeDevice(descriptor: descriptor)
                } else {
                    _ = Glibc.close(descriptor)
                }
            }
        } catch {
            // fstat failed on what the seat handed over; the descriptor is released already.
            if case .systemCall(_, _, let errno) = error { throw .openingDevice(path: path, errno: errno) }
            throw .openingDevice(path: path, errno: .ioError)
        }
    }

    /// Opens, through `session`, the first `card*` node of `directory` that does modesetting and
    /// has a display connected (as `openFirstConnected(in:)` does directly); the others are
    /// handed back to the seat at once. Throws `DRMError.noDevice` (no card nodes),
    /// `DRMError.noConnectedDevice`, or the `SeatError` that stopped the first card.
    public static func openFirstConnected(in directory: String = "/dev/dri", through session: SeatSession) throws -> LibDRMDevice {
        let paths = try cardPaths(in: directory)
        var firstError: SeatError?
        for path in paths {
            do {
                let device = try open(path: path, through: session)
                if device.isKMS, device.hasConnectedConnector { return device }
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw firstError }
        throw DRMError.noConnectedDevice(tried: paths)
    }
}

extension DRMDisplay {
    /// Sets up the display on `device` opened already (through a seat: `LibDRMDevice.open(path:through:)`)
    /// as `open(path:configuration:runLoop:logger:)` does after opening: the display, then
    /// connector hotplug when udev is available. Throws `DRMError` with a remedy.
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
