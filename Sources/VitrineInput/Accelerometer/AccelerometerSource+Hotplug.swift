import CEvdev
import Logging
import VitrineSeams

extension AccelerometerSource {
    /// The accelerometer as a `HotplugDeviceKind`: one plugged in after start (or again) is
    /// matched by the configuration's rules — the configured node or IIO directory, or with
    /// none any evdev node with INPUT_PROP_ACCELEROMETER that is not on USB or Bluetooth, or an
    /// IIO device with `in_accel_{x,y,z}_raw` — and handed to `resume`; the one read, unplugged,
    /// is handed to `suspend`.
    ///
    /// The application owns when the source is read (`OnDemandInputSource`), so a board passes
    /// its `Application.resumeOnDemandSource(_:)` (which starts the source only while shakes or
    /// auto-rotation need it, and says whether it did) and `suspendOnDemandSource(_:)` (off the
    /// loop, stopped, the screen's rotation left as it is). While one accelerometer is read,
    /// another plugged in is not.
    public func hotplugKind(resume: @escaping @MainActor () throws -> Bool,
                            suspend: @escaping @MainActor () -> Void) -> HotplugDeviceKind {
        let configuration = configuration
        return HotplugDeviceKind(
            name: "accelerometer",
            matches: { device in
                switch configuration.device {
                case .evdev(let path): device.isEventNode && device.isNamed(by: path)
                case .iio(let directory): device.isIIODevice && device.isNamed(by: directory)
                case nil: device.isEventNode || device.isIIODevice
                }
            },
            open: { [weak self] device in
                guard let self, !isStarted else { return .notThisKind }
                if configuration.device == nil {
                    switch isAutomaticChoice(device) {
                    case .success(false): return .notThisKind
                    case .success(true): break
                    case .failure(let error):
                        if case .notFound = error { return .gone }
                        return .failed(error)
                    }
                }
                do {
                    guard try resume() else { return .opened(detail: "read while shakes or auto-rotation need it") }
                } catch {
                    if case AccelerometerError.evdev(.notFound) = error { return .gone }
                    return .failed(error)
                }
                return .opened(detail: "read (\(self.device?.description ?? "?"))")
            },
            close: { [weak self] device in
                guard let self, isStarted, let current = self.device else { return false }
                let ours = switch current {
                case .evdev(let path): device.isEventNode && device.isNamed(by: path)
                case .iio(let directory): device.isIIODevice && (device.isNamed(by: directory) || directory.hasSuffix("/" + device.sysname))
                }
                guard ours else { return false }
                suspend()
                return true
            })
    }

    /// Whether `device` is one `start()` would pick when no device is configured: an evdev
    /// node with INPUT_PROP_ACCELEROMETER not on USB or Bluetooth (opened, looked at, closed),
    /// or an IIO device of `configuration.iioDirectory` with `in_accel_{x,y,z}_raw`. A node udev
    /// describes (`ID_INPUT=1`) without `ID_INPUT_ACCELEROMETER` is refused unopened.
    func isAutomaticChoice(_ device: DeviceDescription) -> Result<Bool, EvdevError> {
        if device.isIIODevice {
            return .success(IIOAccelerometerReader.isAccelerometer("\(configuration.iioDirectory)/\(device.sysname)"))
        }
        guard let devnode = device.devnode else { return .success(false) }
        // udev's rules say it without opening anything, when a udev daemon runs.
        if device.properties["ID_INPUT"] == "1" && !device.isTagged("ACCELEROMETER") { return .success(false) }
        let node: any EvdevNode
        do throws(EvdevError) { node = try system.openEvdev(devnode) } catch { return .failure(error) }
        defer { node.close() }
        return .success(node.hasProperty(Int(INPUT_PROP_ACCELEROMETER))
                        && node.busType != Int(BUS_USB) && node.busType != Int(BUS_BLUETOOTH))
    }
}
