import CEvdev
import SystemPackage
import Testing
import Vitrine
import VitrineHeadless
import VitrineTestSupport
@testable import VitrineInput

/// The IIO sysfs fallback on a fake sysfs tree driven by a `ManualMainLoop`, and finding the
/// accelerometer among evdev nodes and IIO devices.
@MainActor
struct AccelerometerIIOAndDiscoveryTests {
    let loop = ManualMainLoop()
    let opener = FakeEvdevOpener()
    let log = LogCapture()

    /// An IIO accelerometer whose raw unit is 0.001 g (scale in m/s² per unit), reading `raw`.
    func writeIIODevice(_ tree: SysfsTree, _ name: String = "iio:device0", raw: (Int, Int, Int),
                        extra: [String: String] = [:]) {
        tree.write("iio/\(name)/name", "lis3dh-accel\n")
        tree.write("iio/\(name)/in_accel_scale", "0.009806650\n")
        setRaw(tree, raw, name: name)
        for (file, contents) in extra { tree.write("iio/\(name)/\(file)", contents) }
    }

    func setRaw(_ tree: SysfsTree, _ raw: (Int, Int, Int), name: String = "iio:device0") {
        tree.write("iio/\(name)/in_accel_x_raw", "\(raw.0)\n")
        tree.write("iio/\(name)/in_accel_y_raw", "\(raw.1)\n")
        tree.write("iio/\(name)/in_accel_z_raw", "\(raw.2)\n")
    }

    func configuration(_ tree: SysfsTree) -> AccelerometerConfiguration {
        AccelerometerConfiguration(inputDirectory: "\(tree.path)/input", iioDirectory: "\(tree.path)/iio")
    }

    // MARK: IIO

    @Test func theIIOFallbackSamplesOnATimerOnlyWhileStarted() throws {
        let tree = SysfsTree()
        defer { tree.remove() }
        writeIIODevice(tree, raw: (0, 1000, 0))
        tree.makeDirectory("input")  // no evdev accelerometer
        var config = configuration(tree)
        config.sampleRate = 10
        let source = AccelerometerSource(configuration: config, mainLoop: loop, system: opener.system, logger: log.logger)
        var got: [(Acceleration, Double)] = []
        #expect(loop.armedTimerCount == 0)

        try source.start()
        #expect(source.device == .iio(directory: "\(tree.path)/iio/iio:device0"))
        #expect(source.fileDescriptor == nil)  // sysfs cannot be waited on: the source signals instead
        #expect(loop.armedTimerCount == 1)
        #expect(nearlyEqual(source.currentAcceleration ?? Acceleration(x: 9, y: 9, z: 9), Acceleration(x: 0, y: 1, z: 0)))
        loop.addInputSource(source) { got.append(contentsOf: accelerationSamples([$0])) }

        loop.advance(by: 0.35)
        #expect(got.count == 3)
        #expect(got.allSatisfy { nearlyEqual($0.0, Acceleration(x: 0, y: 1, z: 0)) })
        // Stamped with the loop's clock when read: 0.1 s apart, the first after one interval.
        let times = got.map(\.1)
        #expect(times.count == 3 && times[0] >= 0.1 && times[0] <= 0.11 + 1e-9)
        #expect(zip(times.dropFirst(), times).allSatisfy { Swift.abs($0 - $1 - 0.1) < 1e-9 })

        setRaw(tree, (-500, 0, 250))  // the attributes are re-read in place
        got.removeAll()
        loop.advance(by: 0.1)
        #expect(got.count == 1)
        #expect(nearlyEqual(got.first?.0 ?? Acceleration(x: 9, y: 9, z: 9), Acceleration(x: -0.5, y: 0, z: 0.25)))

        loop.removeInputSource(source)
        source.stop()
        #expect(loop.armedTimerCount == 0)
        #expect(!source.isStarted)
        got.removeAll()
        let turns = loop.turnCount
        loop.advance(by: 5)
        #expect(got.isEmpty)
        #expect(loop.turnCount == turns)  // no timer, no wake-up

        try source.start()  // and again
        #expect(loop.armedTimerCount == 1)
        source.stop()
        #expect(loop.armedTimerCount == 0)
    }

    @Test func iioOffsetsAndPerAxisScalesApply() throws {
        let tree = SysfsTree()
        defer { tree.remove() }
        writeIIODevice(tree, raw: (10, 20, 30), extra: [
            "in_accel_x_scale": "0.0196133\n",  // 0.002 g per unit
            "in_accel_offset": "-10\n",
        ])
        let source = AccelerometerSource(configuration: configuration(tree), mainLoop: loop, system: opener.system, logger: log.logger)
        try source.start()
        // x: (10 - 10) × 0.002 g; y: (20 - 10) × 0.001 g; z: (30 - 10) × 0.001 g.
        #expect(nearlyEqual(source.currentAcceleration ?? Acceleration(x: 9, y: 9, z: 9), Acceleration(x: 0, y: 0.01, z: 0.02)))
        source.stop()
    }

    @Test func theIIODevicesOwnMountMatrixIsUsedWhenNoneIsConfigured() throws {
        let tree = SysfsTree()
        defer { tree.remove() }
        writeIIODevice(tree, raw: (-1000, 0, 0), extra: ["in_accel_mount_matrix": "0, 1, 0; -1, 0, 0; 0, 0, 1\n"])
        let source = AccelerometerSource(configuration: configuration(tree), mainLoop: loop, system: opener.system, logger: log.logger)
        try source.start()
        #expect(source.mountMatrixOrigin == "\(tree.path)/iio/iio:device0/in_accel_mount_matrix")
        #expect(nearlyEqual(source.currentAcceleration ?? Acceleration(x: 9, y: 9, z: 9), Acceleration(x: 0, y: 1, z: 0)))
        // udev was asked first, by the device's sysfs path.
        #expect(opener.udevQueries == [.syspath("\(tree.path)/iio/iio:device0")])
        source.stop()
    }

    @Test func aBrokenIIOReadingStopsTheTimerAndIsReported() throws {
        let tree = SysfsTree()
        defer { tree.remove() }
        writeIIODevice(tree, raw: (0, 1000, 0))
        let source = AccelerometerSource(configuration: configuration(tree), mainLoop: loop, system: opener.system, logger: log.logger)
        var lost: [AccelerometerError] = []
        source.deviceLostHandler = { lost.append($0) }
        try source.start()
        loop.addInputSource(source) { _ in }
        tree.write("iio/iio:device0/in_accel_y_raw", "garbage\n")
        loop.advance(by: 1)
        #expect(lost == [.iioAttributeMalformed(path: "\(tree.path)/iio/iio:device0/in_accel_y_raw", text: "garbage")])
        #expect(loop.armedTimerCount == 0)
        source.stop()
    }

    @Test func anIIOSensorThatCannotBeReadAtStartIsRefusedWithNothingLeftOpen() {
        let tree = SysfsTree()
        defer { tree.remove() }
        writeIIODevice(tree, raw: (0, 1000, 0))
        tree.write("iio/iio:device0/in_accel_z_raw", "\n")
        let source = AccelerometerSource(configuration: configuration(tree), mainLoop: loop, system: opener.system, logger: log.logger)
        #expect(throws: AccelerometerError.iioAttributeMalformed(path: "\(tree.path)/iio/iio:device0/in_accel_z_raw", text: "")) {
            try source.start()
        }
        #expect(!source.isStarted)
        #expect(source.mountMatrix == nil)
        #expect(loop.armedTimerCount == 0)
    }

    @Test func aConfiguredIIODirectoryThatIsNoAccelerometerIsRefused() {
        let tree = SysfsTree()
        defer { tree.remove() }
        tree.write("iio/iio:device0/in_illuminance_raw", "12\n")
        var config = configuration(tree)
        config.device = AccelerometerDevice(path: "\(tree.path)/iio/iio:device0")
        let source = AccelerometerSource(configuration: config, mainLoop: loop, system: opener.system, logger: log.logger)
        #expect(throws: AccelerometerError.notIIOAccelerometer(directory: "\(tree.path)/iio/iio:device0")) { try source.start() }
        #expect(loop.armedTimerCount == 0)
    }

    @Test func anInvalidSampleRateIsRefused() {
        var config = AccelerometerConfiguration()
        config.sampleRate = 0
        #expect(throws: AccelerometerError.invalidSampleRate(0)) { try config.validate() }
        config.sampleRate = 10
        #expect(throws: Never.self) { try config.validate() }
    }

    @Test func devicePathsAreTakenAsEvdevOrIIO() {
        #expect(AccelerometerDevice(path: "/dev/input/event3") == .evdev(path: "/dev/input/event3"))
        #expect(AccelerometerDevice(path: "/sys/bus/iio/devices/iio:device1") == .iio(directory: "/sys/bus/iio/devices/iio:device1"))
        #expect(AccelerometerDevice(path: "/tmp/tree/iio:device0") == .iio(directory: "/tmp/tree/iio:device0"))
    }

    // MARK: Discovery

    @Test func theFirstEvdevAccelerometerIsFoundAndOthersAreClosed() throws {
        let tree = SysfsTree()
        defer { tree.remove() }
        for n in [0, 1, 2, 10] { tree.write("input/event\(n)", "") }
        tree.write("input/mouse0", "")
        writeIIODevice(tree, raw: (0, 0, 1000))  // present, but evdev comes first
        let keyboard = FakeEvdevNode(path: "\(tree.path)/input/event0", name: "keyboard")
        keyboard.enable(EV_KEY, KEY_A)
        let accelerometer = FakeEvdevNode.accelerometer(path: "\(tree.path)/input/event10")
        opener.nodes = [keyboard.path: keyboard, accelerometer.path: accelerometer]
        opener.failures["\(tree.path)/input/event1"] = .permissionDenied(path: "\(tree.path)/input/event1")
        opener.failures["\(tree.path)/input/event2"] = .notFound(path: "\(tree.path)/input/event2")
        let source = AccelerometerSource(configuration: configuration(tree), mainLoop: loop, system: opener.system, logger: log.logger)
        try source.start()
        #expect(source.device == .evdev(path: accelerometer.path))
        #expect(opener.opened == ["0", "1", "2", "10"].map { "\(tree.path)/input/event\($0)" })  // numeric order
        #expect(keyboard.isClosed)
        #expect(!accelerometer.isClosed)
        source.stop()
    }

    @Test func aHandHeldControllersMotionSensorIsNotThePanels() throws {
        let tree = SysfsTree()
        defer { tree.remove() }
        tree.write("input/event0", "")
        tree.write("input/event1", "")
        let gamepad = FakeEvdevNode.accelerometer(path: "\(tree.path)/input/event0", busType: Int(BUS_USB))
        let board = FakeEvdevNode.accelerometer(path: "\(tree.path)/input/event1", busType: Int(BUS_I2C))
        opener.nodes = [gamepad.path: gamepad, board.path: board]
        let source = AccelerometerSource(configuration: configuration(tree), mainLoop: loop, system: opener.system, logger: log.logger)
        try source.start()
        #expect(source.device == .evdev(path: board.path))
        #expect(gamepad.isClosed)
        #expect(log.count(containing: "skipping \(gamepad.path) (Fake accelerometer): a hand-held device's motion sensor") == 1)
        source.stop()
    }

    @Test func withoutAnEvdevAccelerometerTheFirstIIOAccelerometerIsUsed() throws {
        let tree = SysfsTree()
        defer { tree.remove() }
        tree.write("iio/iio:device0/in_illuminance_raw", "12\n")  // a light sensor
        writeIIODevice(tree, "iio:device2", raw: (0, 0, 1000))
        let source = AccelerometerSource(configuration: configuration(tree), mainLoop: loop, system: opener.system, logger: log.logger)
        try source.start()  // no input directory at all
        #expect(source.device == .iio(directory: "\(tree.path)/iio/iio:device2"))
        source.stop()
    }

    @Test func noAccelerometerSaysWhereItLookedAndWhatCouldNotBeRead() {
        let tree = SysfsTree()
        defer { tree.remove() }
        tree.write("input/event0", "")
        tree.write("input/event1", "")
        let keyboard = FakeEvdevNode(path: "\(tree.path)/input/event0", name: "keyboard")
        opener.nodes = [keyboard.path: keyboard]
        let denied = EvdevError.permissionDenied(path: "\(tree.path)/input/event1")
        opener.failures[denied.path] = denied
        let source = AccelerometerSource(configuration: configuration(tree), mainLoop: loop, system: opener.system, logger: log.logger)
        let expected = AccelerometerError.noAccelerometer(inputDirectory: "\(tree.path)/input", iioDirectory: "\(tree.path)/iio",
                                                          unreadable: [denied])
        #expect(throws: expected) { try source.start() }
        #expect(keyboard.isClosed)
        #expect(!source.isStarted)
        #expect(expected.description == "no accelerometer: no \(tree.path)/input/event* node has INPUT_PROP_ACCELEROMETER and no "
            + "\(tree.path)/iio/iio:device* has in_accel_x_raw (1 event node could not be read: \(tree.path)/input/event1) — "
            + "add the user to group input (or run under seatd) so that they can be read, or name the accelerometer in [accelerometer] device of the board profile")
        let none = AccelerometerError.noAccelerometer(inputDirectory: "/dev/input", iioDirectory: "/sys/bus/iio/devices", unreadable: [])
        #expect(none.description.hasSuffix("load the sensor's driver (enable it in the kernel or device tree), or name the device in [accelerometer] device "
            + "of the board profile; turn shake detection and auto-rotation off if the board has no accelerometer"))
    }
}
