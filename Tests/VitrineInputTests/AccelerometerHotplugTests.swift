import CEvdev
import Logging
import Testing
import Vitrine
import VitrineHeadless
import VitrineTestSupport
@testable import VitrineInput

/// The accelerometer plugged in after start, unplugged and plugged in again, through an
/// `Application` (which owns when an on-demand source is read) and a scripted monitor.
@MainActor
@Suite struct AccelerometerHotplugTests {
    let log = LogCapture(level: .debug)
    let monitor = ScriptedDeviceMonitor()
    let opener = FakeEvdevOpener()
    let platform = HeadlessPlatform(mode: DisplayMode(width: 800, height: 480))
    var loop: ManualMainLoop { platform.manualMainLoop }

    /// An app auto-rotating on `configuration`'s accelerometer, followed by hotplug as a board
    /// follows it.
    func app(_ configuration: AccelerometerConfiguration) -> (Application, AccelerometerSource, DeviceHotplug) {
        let app = Application(platform: platform)
        let source = AccelerometerSource(configuration: configuration, mainLoop: loop, system: opener.system, logger: log.logger)
        source.deviceLostHandler = { [weak app, weak source] _ in
            guard let source else { return }
            app?.suspendOnDemandSource(source)
        }
        app.addInputSource(source)
        app.autoRotates = true   // nothing plugged in yet: it cannot start
        let hotplug = DeviceHotplug(monitor: monitor, logger: log.logger)
        hotplug.start()
        hotplug.follow(source.hotplugKind(resume: { try app.resumeOnDemandSource(source) },
                                          suspend: { app.suspendOnDemandSource(source) }))
        return (app, source, hotplug)
    }

    /// The panel held with its right edge up (+1 g along x) or upright.
    func sensor(_ path: String, rest: (Int32, Int32, Int32), busType: Int = Int(BUS_I2C)) -> FakeEvdevNode {
        FakeEvdevNode.accelerometer(path: path, resolution: 1024, rest: rest, busType: busType)
    }

    func lines(_ level: Logger.Level) -> [String] { log.entries.filter { $0.level == level }.map(\.message) }

    @Test func anAccelerometerPluggedInAfterStartTurnsTheScreenAndUnpluggedLeavesItTurned() throws {
        let path = "/dev/input/event4"
        let (app, source, hotplug) = app(AccelerometerConfiguration(device: .evdev(path: path)))
        defer { withExtendedLifetime(hotplug) {} }
        #expect(!source.isStarted)
        #expect(app.screenRotation == .none)

        // Plugged in with its right edge up: read at once (its state posted), and once the
        // orientation has held for the settle time the screen turns.
        opener.make[path] = { self.sensor(path, rest: (1024, 0, 0)) }
        monitor.deliver([.added(.eventNode(4, name: "Fake accelerometer"))])
        #expect(source.isStarted, "the accelerometer plugged in was not started")
        #expect(lines(.notice) == ["hotplug: accelerometer /dev/input/event4 (\"Fake accelerometer\") plugged in: read (evdev /dev/input/event4)"])
        loop.advance(by: 0.6)
        #expect(app.screenRotation == .clockwise90)

        // Turned the other way, and unplugged before that orientation settled: the screen stays.
        let node = try #require(opener.nodes[path])
        let now = loop.manualClock.now
        node.events = EvdevScript.frame(-1024, 0, 0, at: now)
        loop.runTurn()
        monitor.deliver([.removed(.eventNode(4, name: nil))])
        #expect(!source.isStarted && node.isClosed, "the unplugged accelerometer was left open")
        #expect(source.fileDescriptor == nil)
        loop.advance(by: 2)
        #expect(app.screenRotation == .clockwise90, "a rotation was finished for a device that is gone")
        #expect(lines(.notice).last == "hotplug: accelerometer /dev/input/event4 unplugged")

        // Plugged in again, upright: read again, and the screen follows.
        opener.make[path] = { self.sensor(path, rest: (0, 1024, 0)) }
        monitor.deliver([.added(.eventNode(4, name: "Fake accelerometer"))])
        #expect(source.isStarted)
        loop.advance(by: 0.6)
        #expect(app.screenRotation == .none)
        #expect(lines(.error).isEmpty && lines(.warning).isEmpty)
    }

    @Test func pluggedInWhileNothingNeedsItItIsNotOpenedUntilSomethingDoes() throws {
        let path = "/dev/input/event4"
        let (app, source, hotplug) = app(AccelerometerConfiguration(device: .evdev(path: path)))
        defer { withExtendedLifetime(hotplug) {} }
        app.autoRotates = false
        opener.make[path] = { self.sensor(path, rest: (0, 1024, 0)) }
        let openings = opener.opened.count
        monitor.deliver([.added(.eventNode(4, name: "Fake accelerometer"))])
        #expect(!source.isStarted && opener.opened.count == openings)
        #expect(lines(.notice).last?.hasSuffix("plugged in: read while shakes or auto-rotation need it") == true)
        app.detectsShakes = true
        #expect(source.isStarted)
    }

    @Test func automaticallyTheWrongDevicesAreLeftAloneAndAnIIOSensorIsTaken() throws {
        let tree = SysfsTree()
        defer { tree.remove() }
        tree.makeDirectory("input")
        tree.makeDirectory("iio")
        let (_, source, hotplug) = app(AccelerometerConfiguration(inputDirectory: "\(tree.path)/input", iioDirectory: "\(tree.path)/iio"))
        defer { withExtendedLifetime(hotplug) {} }
        // A game pad's motion sensor (USB) and a keyboard: looked at, closed, not taken.
        opener.make["/dev/input/event5"] = { self.sensor("/dev/input/event5", rest: (0, 1024, 0), busType: Int(BUS_USB)) }
        opener.make["/dev/input/event6"] = { FakeEvdevNode(path: "/dev/input/event6", name: "Keyboard") }
        monitor.deliver([.added(.eventNode(5, name: "Pad")), .added(.eventNode(6, name: "Keyboard"))])
        #expect(!source.isStarted)
        #expect(opener.nodes["/dev/input/event5"]?.isClosed == true && opener.nodes["/dev/input/event6"]?.isClosed == true)
        // One udev describes as no accelerometer is not even opened.
        let openings = opener.opened.count
        monitor.deliver([.added(.eventNode(7, name: "Keyboard", properties: ["ID_INPUT": "1", "ID_INPUT_KEYBOARD": "1"]))])
        #expect(opener.opened.count == openings)
        // An IIO sensor appears: found as at start (the fallback, sampled on a timer).
        for axis in ["x", "y", "z"] { tree.write("iio/iio:device0/in_accel_\(axis)_raw", axis == "y" ? "1000\n" : "0\n") }
        tree.write("iio/iio:device0/in_accel_scale", "0.009806650\n")
        let iio = DeviceDescription(subsystem: "iio", syspath: "/sys/devices/platform/i2c/iio:device0", name: "lis3dh")
        monitor.deliver([.added(iio)])
        #expect(source.device == .iio(directory: "\(tree.path)/iio/iio:device0"))
        // Unplugged: stopped, its timer disarmed.
        monitor.deliver([.removed(iio)])
        #expect(!source.isStarted && source.device == nil)
        #expect(lines(.error).isEmpty)
    }

    @Test func anAccelerometerThatFailsToStartIsOneErrorAndTheAppGoesOn() throws {
        let path = "/dev/input/event4"
        let (app, source, hotplug) = app(AccelerometerConfiguration(device: .evdev(path: path)))
        defer { withExtendedLifetime(hotplug) {} }
        // No ABS_Z: not an accelerometer Vitrine can read.
        opener.make[path] = {
            let node = FakeEvdevNode(path: path, name: "Half sensor")
            node.enableAxis(ABS_X, EvdevAxisInfo(minimum: -4096, maximum: 4095, resolution: 1024))
            node.enableAxis(ABS_Y, EvdevAxisInfo(minimum: -4096, maximum: 4095, resolution: 1024))
            return node
        }
        monitor.deliver([.added(.eventNode(4, name: "Half sensor"))])
        #expect(!source.isStarted)
        let errors = lines(.error)
        #expect(errors.count == 1 && errors.first?.contains("lacks ABS_Z — name the right node") == true, "\(errors)")
        #expect(opener.nodes[path]?.isClosed == true)
        app.post(.touchFrame(timestamp: loop.manualClock.now))   // the app runs on
        #expect(app.screenRotation == .none)
    }
}
