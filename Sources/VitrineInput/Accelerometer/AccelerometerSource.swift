import CEvdev
import CVitrineShims
import Glibc
import Logging
import SystemPackage
import VitrineSeams

/// The board's accelerometer as an input source: `.acceleration` samples in g, in the panel's
/// frame (`Acceleration`), for the shake and orientation detectors.
///
/// **Evdev** (the primary path): a `/dev/input/event*` node with INPUT_PROP_ACCELEROMETER,
/// found by itself or named by the board profile. `start()` opens it (read-only, non-blocking,
/// close-on-exec) and asks for CLOCK_MONOTONIC timestamps; the run loop watches its descriptor
/// and `dispatch` yields one sample per SYN_REPORT, stamped with the event's kernel time. ABS_X,
/// Y and Z are divided by the axes' resolution (units per g for an accelerometer, per the kernel's
/// event-codes documentation), or by `unitsPerG` from the configuration; a driver that reports
/// resolution 0 is assumed to give `AccelerometerConfiguration.assumedUnitsPerG`, and that is
/// logged once. A still device sends nothing, so a still board costs no wake-up.
///
/// **IIO sysfs** (the fallback, only when the board has no evdev accelerometer): the one
/// *sampled* path. While started, a repeating run-loop `LoopTimer` at `sampleRate` (10 Hz by default)
/// reads `in_accel_{x,y,z}_raw`, keeps the sample and signals the loop, which dispatches it in
/// its next turn (without sleeping in between); the sample is stamped with the loop's clock at
/// the reading. `IIOAccelerometerReader` says why not IIO's buffered interface.
///
/// The mount matrix turns the sensor's axes into the panel's: the configuration's, else the
/// device's own (udev `ACCEL_MOUNT_MATRIX`, IIO `in_accel_mount_matrix` / `mount_matrix`), else
/// the identity.
///
/// Life cycle (`OnDemandInputSource`): `start()` opens the device (finding it anew each time
/// unless configured), `stop()` closes everything it opened and disarms the timer, and a stopped
/// source holds no descriptor and no timer. Starting a started source or stopping a stopped one
/// does nothing. When the device goes away while started, the source stops reading, logs it and
/// calls `deviceLostHandler`, which should remove the source from its loop and `stop()` it (it
/// may do both from within the handler).
@MainActor
public final class AccelerometerSource: OnDemandInputSource, SignallingInputSource {
    /// What to read and how (validated by `start()`).
    public let configuration: AccelerometerConfiguration
    /// The device `start()` opened, while started.
    public private(set) var device: AccelerometerDevice?
    /// The mount matrix in use, while started.
    public private(set) var mountMatrix: MountMatrix?
    /// Where `mountMatrix` came from ("the board profile", "udev ACCEL_MOUNT_MATRIX", a sysfs
    /// path, "identity: the device has none"), while started.
    public private(set) var mountMatrixOrigin: String?
    /// The latest acceleration known, in the panel's frame: after `start()` the device's state
    /// then (evdev: the axes' current values; IIO: one reading), so that a detector need not
    /// wait for the board to move; then every sample's. `nil` while stopped.
    public private(set) var currentAcceleration: Acceleration?
    /// Called once when the device goes away while started; the source reads nothing more.
    public var deviceLostHandler: (@MainActor (AccelerometerError) -> Void)?
    /// Set by the run loop (used by the IIO path, which has no descriptor).
    public var readinessHandler: (@MainActor () -> Void)?

    private enum Reader {
        case evdev(EvdevAccelerometerReader)
        case iio(IIOAccelerometerReader, LoopTimer)
    }

    private let mainLoop: any MainLoop
    let system: AccelerometerSystem
    private let logger: Logger
    private var reader: Reader?
    /// The IIO sample taken by the timer and not yet dispatched.
    private var pendingSample: (acceleration: Acceleration, timestamp: Double)?
    /// The device went away: nothing is read until `stop()`.
    private var isLost = false
    /// Whether the resolution-0 assumption was logged (it is logged once per source).
    private var loggedAssumedResolution = false

    /// Creates a stopped source. `mainLoop` provides the IIO path's timer and clock (and the
    /// evdev path's timestamps should the kernel refuse CLOCK_MONOTONIC). Opens nothing.
    public convenience init(configuration: AccelerometerConfiguration = AccelerometerConfiguration(), mainLoop: any MainLoop,
                            logger: Logger = Logger(label: "vitrine.accelerometer")) {
        self.init(configuration: configuration, mainLoop: mainLoop, system: .live, logger: logger)
    }

    /// `init(configuration:mainLoop:logger:)` on the given `system` (the seam: tests replace
    /// evdev and udev).
    package init(configuration: AccelerometerConfiguration = AccelerometerConfiguration(), mainLoop: any MainLoop,
                 system: AccelerometerSystem, logger: Logger = Logger(label: "vitrine.accelerometer")) {
        self.configuration = configuration
        self.mainLoop = mainLoop
        self.system = system
        self.logger = logger
    }

    isolated deinit {
        stop()
    }

    // MARK: OnDemandInputSource

    /// Whether the source is started.
    public var isStarted: Bool { reader != nil }

    /// The evdev node's descriptor while started on the evdev path; `nil` otherwise (stopped,
    /// or the IIO path, which signals instead).
    public var fileDescriptor: Int32? {
        if case .evdev(let reader) = reader { return reader.node.fileDescriptor }
        return nil
    }

    /// Finds and opens the device, works out scale and mounting, and begins producing samples.
    /// Does nothing when started. Throws `AccelerometerError` (no accelerometer, permission, a
    /// bad configured matrix or rate…), leaving the source stopped with nothing open.
    public func start() throws(AccelerometerError) {
        guard reader == nil else { return }
        try configuration.validate()
        isLost = false
        switch try locate() {
        case .evdev(let node):
            do throws(AccelerometerError) {
                reader = .evdev(try startEvdev(node))
            } catch {
                node.close()
                throw error
            }
        case .iio(let directory):
            let iio = try openIIO(directory)
            // One reading now: a sensor that cannot be read is refused here, not one tick later,
            // and detectors get the board's attitude at once (`currentAcceleration`).
            switch iio.sample() {
            case .success(let first):
                startIIO(iio, directory: directory)
                currentAcceleration = first
            case .failure(let error):
                iio.close()
                mountMatrix = nil
                mountMatrixOrigin = nil
                throw error
            }
        }
        logger.info("accelerometer: \(device?.description ?? "?"), mount matrix \(mountMatrix?.description ?? "?") (\(mountMatrixOrigin ?? "?"))")
    }

    /// The attitude read at `start()` (or since), stamped now: the application posts it at
    /// once, because an evdev accelerometer held still sends nothing (repeated values are
    /// dropped by the kernel).
    public func currentState() -> InputEvent? {
        currentAcceleration.map { .acceleration($0, timestamp: mainLoop.clock.now) }
    }

    /// Closes the device (or disarms the timer and closes the attributes) and forgets pending
    /// samples. Does nothing when stopped.
    public func stop() {
        guard let reader else { return }
        switch reader {
        case .evdev(let evdev):
            evdev.node.close()
        case .iio(let iio, let timer):
            timer.invalidate()
            iio.close()
        }
        self.reader = nil
        pendingSample = nil
        currentAcceleration = nil
        device = nil
        mountMatrix = nil
        mountMatrixOrigin = nil
        isLost = false
    }

    // MARK: InputSource

    /// Evdev: reads every event available and hands one `.acceleration` per SYN_REPORT to
    /// `sink`. IIO: hands over the sample the timer took, if any.
    public func dispatch(into sink: (InputEvent) -> Void) {
        guard let reader, !isLost else { return }
        switch reader {
        case .evdev(let evdev):
            let lost = evdev.drain { event in
                if case .acceleration(let acceleration, _) = event { currentAcceleration = acceleration }
                sink(event)
            }
            if let lost {
                parkDescriptor(of: evdev.node)
                deviceWentAway(.deviceLost(path: evdev.node.path, errno: lost))
            }
        case .iio:
            guard let sample = pendingSample else { return }
            pendingSample = nil
            sink(.acceleration(sample.acceleration, timestamp: sample.timestamp))
        }
    }

    // MARK: Finding the device

    private enum Located {
        case evdev(any EvdevNode)
        case iio(String)
    }

    /// The configured device, or the first accelerometer found: evdev first, then IIO.
    private func locate() throws(AccelerometerError) -> Located {
        switch configuration.device {
        case .evdev(let path):
            do throws(EvdevError) { return .evdev(try system.openEvdev(path)) } catch { throw .evdev(error) }
        case .iio(let directory):
            return .iio(directory)
        case nil:
            var unreadable: [EvdevError] = []
            if let node = findEvdev(unreadable: &unreadable) { return .evdev(node) }
            if let directory = Self.findIIO(in: configuration.iioDirectory) { return .iio(directory) }
            throw .noAccelerometer(inputDirectory: configuration.inputDirectory, iioDirectory: configuration.iioDirectory,
                                   unreadable: unreadable)
        }
    }

    /// Opens each `event*` node in numeric order and keeps the first accelerometer that is not
    /// a hand-held controller's (USB or Bluetooth: a game pad's motion sensor is not the
    /// panel's). Nodes that cannot be opened are collected in `unreadable`.
    private func findEvdev(unreadable: inout [EvdevError]) -> (any EvdevNode)? {
        guard case .success(let paths) = SysfsText.eventNodePaths(in: configuration.inputDirectory) else { return nil }
        for path in paths {
            let node: any EvdevNode
            do throws(EvdevError) { node = try system.openEvdev(path) } catch {
                if case .notFound = error { continue }  // unplugged since the listing
                unreadable.append(error)
                continue
            }
            guard node.hasProperty(Int(INPUT_PROP_ACCELEROMETER)) else {
                node.close()
                continue
            }
            if node.busType == Int(BUS_USB) || node.busType == Int(BUS_BLUETOOTH) {
                logger.info("accelerometer: skipping \(path) (\(node.name)): a hand-held device's motion sensor, not the panel's; name it in [accelerometer] device of the board profile to use it")
                node.close()
                continue
            }
            return node
        }
        return nil
    }

    /// The first `iio:device*` of `directory` with `in_accel_{x,y,z}_raw`, in numeric order.
    static func findIIO(in directory: String) -> String? {
        guard case .success(let names) = SysfsText.entries(of: directory) else { return nil }
        return SysfsText.numbered(names, prefix: "iio:device").lazy
            .map { "\(directory)/\($0)" }
            .first(where: IIOAccelerometerReader.isAccelerometer)
    }

    // MARK: Evdev

    private func startEvdev(_ node: any EvdevNode) throws(AccelerometerError) -> EvdevAccelerometerReader {
        let names = ["ABS_X", "ABS_Y", "ABS_Z"]
        let infos = [ABS_X, ABS_Y, ABS_Z].map { node.axisInfo(Int($0)) }
        let missing = zip(names, infos).filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty, let x = infos[0], let y = infos[1], let z = infos[2] else {
            throw .missingAxes(path: node.path, missing: missing)
        }
        if !node.hasProperty(Int(INPUT_PROP_ACCELEROMETER)) {
            logger.warning("accelerometer: \(node.path) (\(node.name)) lacks INPUT_PROP_ACCELEROMETER; reading its ABS_X/Y/Z as the board profile says")
        }
        let units = (x: unitsPerG(x, "x", node), y: unitsPerG(y, "y", node), z: unitsPerG(z, "z", node))
        var fallbackClock: (any TimeSource)?
        if let error = node.useMonotonicClock() {
            // Without EVIOCSCLOCKID the kernel stamps events with the wall clock, which the
            // loop's clock cannot be compared with: stamp samples when they are read instead.
            logger.warning("accelerometer: \(node.path): the kernel refused CLOCK_MONOTONIC timestamps (\(error)); samples are stamped when read")
            fallbackClock = mainLoop.clock
        }
        let (matrix, origin) = resolveMountMatrix(udev: node.deviceNumber.map(UdevDeviceReference.characterDevice), sysfs: [])
        let evdev = EvdevAccelerometerReader(node: node, axes: (x, y, z), unitsPerG: units, matrix: matrix,
                                             fallbackClock: fallbackClock)
        device = .evdev(path: node.path)
        mountMatrix = matrix
        mountMatrixOrigin = origin
        currentAcceleration = evdev.current
        return evdev
    }

    /// The units per g of one axis: the configuration's, else the axis's resolution, else the
    /// assumption (logged once).
    private func unitsPerG(_ info: EvdevAxisInfo, _ axis: String, _ node: any EvdevNode) -> Double {
        if let configured = configuration.unitsPerG { return configured }
        if info.resolution > 0 { return Double(info.resolution) }
        if !loggedAssumedResolution {
            loggedAssumedResolution = true
            logger.warning("accelerometer: \(node.path) (\(node.name)) reports resolution 0 for ABS_\(axis.uppercased()): assuming \(Int(AccelerometerConfiguration.assumedUnitsPerG)) units per g; if samples at rest are not about 1 g long, set [accelerometer] units_per_g in the board profile (the sensor's LSB/g)")
        }
        return AccelerometerConfiguration.assumedUnitsPerG
    }

    /// Replaces the dead device's descriptor number with an eventfd that never becomes
    /// readable: the device's descriptor would poll as hung up for ever, spinning a
    /// level-triggered loop until the application stops the source, and simply closing it would
    /// free the number for someone else's descriptor, which the loop would then unwatch when
    /// the source is removed. `stop()` closes the stand-in through the node.
    private func parkDescriptor(of node: any EvdevNode) {
        guard let descriptor = node.fileDescriptor else { return }
        let standIn = eventfd(0, Int32(EFD_CLOEXEC))
        guard standIn >= 0 else { return }
        _ = dup2(standIn, descriptor)
        _ = Glibc.close(standIn)
    }

    // MARK: IIO

    private func openIIO(_ directory: String) throws(AccelerometerError) -> IIOAccelerometerReader {
        let (matrix, origin) = resolveMountMatrix(udev: .syspath(directory),
                                                  sysfs: ["\(directory)/in_accel_mount_matrix", "\(directory)/mount_matrix"])
        let iio = try IIOAccelerometerReader(directory: directory, matrix: matrix)
        for note in iio.notes { logger.warning("accelerometer: \(note)") }
        mountMatrix = matrix
        mountMatrixOrigin = origin
        return iio
    }

    private func startIIO(_ iio: IIOAccelerometerReader, directory: String) {
        let interval = 1 / configuration.sampleRate
        // A tenth of the interval of slack lets the loop serve this timer and others in one
        // wake-up; the sample carries the time it was read, so detectors see the true spacing.
        let timer = LoopTimer.scheduled(on: mainLoop, after: interval, repeats: true, tolerance: interval / 10) { [weak self] _ in
            self?.takeIIOSample()
        }
        reader = .iio(iio, timer)
        device = .iio(directory: directory)
    }

    private func takeIIOSample() {
        guard case .iio(let iio, let timer) = reader, !isLost else { return }
        switch iio.sample() {
        case .success(let acceleration):
            currentAcceleration = acceleration
            pendingSample = (acceleration, mainLoop.clock.now)
            readinessHandler?()
        case .failure(let error):
            timer.invalidate()
            deviceWentAway(error)
        }
    }

    // MARK: Shared

    private func deviceWentAway(_ error: AccelerometerError) {
        isLost = true
        pendingSample = nil
        // A warning, not an error: unplugging is no fault, and hotplug reads it again.
        logger.warning("accelerometer: \(error)")
        deviceLostHandler?(error)
    }

    /// The configured matrix, else udev's ACCEL_MOUNT_MATRIX, else the first of `sysfs` that
    /// exists, else the identity. A device matrix that does not parse is logged and skipped.
    private func resolveMountMatrix(udev reference: UdevDeviceReference?, sysfs: [String]) -> (MountMatrix, String) {
        if let configured = configuration.mountMatrix { return (configured, "the board profile") }
        if let reference, let text = system.udevProperty(reference, "ACCEL_MOUNT_MATRIX") {
            do { return (try MountMatrix(parsing: text), "udev ACCEL_MOUNT_MATRIX") } catch {
                logger.warning("accelerometer: ignoring udev ACCEL_MOUNT_MATRIX: \(error)")
            }
        }
        for path in sysfs where SysfsText.exists(path) {
            switch SysfsText.read(path) {
            case .success(let text):
                do { return (try MountMatrix(parsing: text), path) } catch {
                    logger.warning("accelerometer: ignoring \(path): \(error)")
                }
            case .failure(let errno):
                logger.warning("accelerometer: cannot read \(path): \(errno)")
            }
        }
        return (.identity, "identity: the device has none")
    }
}
