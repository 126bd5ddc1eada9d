import Glibc
import Logging
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineHeadless
import VitrineInput
import VitrineLinux

// MARK: From the profile to the backends' configurations

extension BoardPlatform {
    /// The touch pool's capacity: the profile's, raised to the most fingers a touchscreen
    /// reports, at most 64 (a `TouchPool` holds one bit per touch in a 64-bit mask).
    package static func touchCapacity(profile: Int, reported: Int) -> Int {
        min(64, max(profile, reported))
    }

    /// The DRM node to open: `[display] device`, else the card sysfs shows with the profile's
    /// connector, else nil (the first card with a display connected).
    package static func devicePath(for display: BoardProfile.Display,
                                  connectors: BoardConnectors = BoardConnectors(),
                                  drmDirectory: String = "/dev/dri") -> String? {
        if let device = display.device { return device }
        guard let connector = display.connector else { return nil }
        return connectors.devicePath(forConnector: connector, drmDirectory: drmDirectory)
    }

    /// libinput's configuration from `[input]` and `[touch]`. On the seat, starting with no
    /// device is allowed (one may be plugged in later); explicit device paths must open.
    /// `.always` when none of `devices` is a touchscreen (focus is then the only way to
    /// operate the app), else `.automatic`.
    package static func focusBehavior(devices: [LibInputDevice]) -> FocusBehavior {
        devices.contains { $0.capabilities.contains(.touch) } ? .automatic : .always
    }

    package static func inputConfiguration(_ profile: BoardProfile) -> InputConfiguration {
        let input = profile.input
        return InputConfiguration(
            devices: input.devices.isEmpty ? .seat(input.seat) : .paths(input.devices),
            calibration: profile.touch.calibration,
            keymap: input.keymap,
            allowsVTSwitching: input.allowsVTSwitching, pointerDrivesTouch: input.pointerDrivesTouch,
            allowsNoDevices: input.devices.isEmpty, encoder: input.encoder, scanners: input.scanner.devices)
    }

    /// The scanner source of `[input] scanners` on `loop`, nil when the profile names none.
    /// Scanners libinput adds later (plugged in) are handed to it. A source that cannot start
    /// (its reader thread) is logged: libinput still drops the scanners' keys, so they never
    /// reach the app as typing.
    package static func scannerSource(_ configuration: ScannerConfiguration, libInput: LibInputSource, loop: any MainLoop,
                                      logger: Logger) -> ScannerSource? {
        guard !configuration.devices.isEmpty else { return nil }
        let source: ScannerSource
        do {
            source = try ScannerSource(configuration: configuration, loop: loop, logger: logger)
        } catch {
            logger.error("the barcode scanners cannot be read (\(error)): their codes are lost until the app restarts")
            return nil
        }
        libInput.scannerAddedHandler = { [weak source] name, path in source?.attach(name: name, path: path) }
        return source
    }

    /// The accelerometer's configuration from `[accelerometer]`, or nil for `device = "none"`.
    package static func accelerometerConfiguration(
        _ accelerometer: BoardProfile.Accelerometer) throws(AccelerometerError) -> AccelerometerConfiguration? {
        let device: AccelerometerDevice?
        switch accelerometer.device {
        case .none: return nil
        case .automatic: device = nil
        case .path(let path): device = AccelerometerDevice(path: path)
        }
        return AccelerometerConfiguration(device: device, mountMatrix: accelerometer.mountMatrix, unitsPerG: accelerometer.unitsPerG)
    }

    static func accelerometer(_ settings: BoardProfile.Accelerometer, mainLoop: any MainLoop,
                                      logger: Logger) throws(AccelerometerError) -> AccelerometerSource? {
        guard let configuration = try accelerometerConfiguration(settings) else { return nil }
        try configuration.validate()
        return AccelerometerSource(configuration: configuration, mainLoop: mainLoop, logger: logger)
    }

    /// The backlight `choice` names, for connector `connector` of DRM card `card` (`card0`):
    /// nil for `"none"`; `"auto"` picks with `BacklightDirectory.automatic` (none found is an
    /// info line: an HDMI screen has no backlight). A backlight that cannot be opened is logged
    /// as an error with its remedy and gives nil: the app runs on and brightness does nothing.
    static func openBacklight(_ choice: BoardProfile.BacklightChoice, card: String?, connector: String?,
                              directory: BacklightDirectory = BacklightDirectory(), profileName: String,
                              logger: Logger) -> SysfsBacklight? {
        let name: String
        switch choice {
        case .none:
            return nil
        case .named(let named):
            name = named
        case .automatic:
            switch directory.automatic(card: card, connector: connector) {
            case .none(let reason):
                logger.info("board \(profileName): no backlight ([power] backlight = \"auto\": \(reason)); Screen.brightness does nothing")
                return nil
            case .backlight(let chosen, let reason):
                logger.info("board \(profileName): backlight \(chosen) (\(reason))")
                name = chosen
            }
        }
        do {
            return try SysfsBacklight(name: name, directory: directory.path, logger: logger)
        } catch {
            logger.error("board \(profileName): \(error)")
            return nil
        }
    }

    /// Takes over the console `choice` names; a failure is logged (the app runs on without
    /// console control) and gives nil.
    static func takeOverConsole(_ choice: BoardProfile.DeviceChoice, logger: Logger) -> VirtualTerminal? {
        do {
            switch choice {
            case .none: return nil
            case .automatic: return try VirtualTerminal.takeOverConsole()
            case .path(let path): return try VirtualTerminal(path: path)
            }
        } catch {
            logger.warning("console not taken over: \(error)")
            return nil
        }
    }
}
