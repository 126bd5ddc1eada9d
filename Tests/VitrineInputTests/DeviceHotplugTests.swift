import CEvdev
import Logging
import Testing
import Vitrine
import VitrineHeadless
import VitrineTestSupport
@testable import VitrineInput

/// `DeviceHotplug` and the rotary encoder's kind, driven by a scripted monitor: devices
/// plugged in and unplugged after start, again, flapping, the wrong ones, and ones that fail.
@MainActor
@Suite struct DeviceHotplugTests {
    let log = LogCapture(level: .debug)
    let monitor = ScriptedDeviceMonitor()
    let opener = FakeEvdevOpener()
    let loop = ManualMainLoop()

    /// The board's side of the encoder: the source it reads, what reached the app.
    @MainActor
    final class Board {
        var dial: DialEncoderSource?
        var delivered: [InputEvent] = []
        var released = 0
    }

    /// A knob at `/dev/input/event<number>` that turns as a dial (or, with `dial: false`, as a wheel).
    func knob(_ number: Int, name: String = "Knob", dial: Bool = true) -> FakeEvdevNode {
        let node = FakeEvdevNode(path: "/dev/input/event\(number)", name: name, busType: Int(BUS_USB))
        node.enable(EV_SYN, SYN_REPORT)
        node.enable(EV_REL, dial ? REL_DIAL : REL_WHEEL)
        node.enable(EV_KEY, BTN_0)
        return node
    }

    /// Hotplug on the scripted monitor, following the encoder `encoder` for `board`.
    func hotplug(encoder: String = "Knob", board: Board) throws -> (DeviceHotplug, SourceHarness) {
        let libInput = try SourceHarness(configuration: InputConfiguration(allowsNoDevices: true, encoder: encoder)) { _ in }
        let hotplug = DeviceHotplug(monitor: monitor, logger: log.logger)
        #expect(hotplug.start())
        let made = DialEncoderSource.hotplugKind(
            for: libInput.source, loop: loop, logger: log.logger, opener: opener.open,
            current: { board.dial },
            adopt: { dial in
                board.dial = dial
                loop.addInputSource(dial) { board.delivered.append($0) }
            },
            release: { dial in
                loop.removeInputSource(dial)
                dial.close()
                board.released += 1
                if board.dial === dial { board.dial = nil }
            })
        let kind = try #require(made)
        hotplug.follow(kind)
        return (hotplug, libInput)
    }

    func lines(_ level: Logger.Level) -> [String] { log.entries.filter { $0.level == level }.map(\.message) }

    @Test func anEncoderPluggedInAfterStartIsReadUnpluggedClosedAndReadAgain() throws {
        let board = Board()
        let (hotplug, libInput) = try hotplug(board: board)
        defer { withExtendedLifetime((hotplug, libInput)) {} }
        #expect(hotplug.kindNames == ["rotary encoder"])
        opener.make["/dev/input/event6"] = { self.knob(6) }
        monitor.deliver([.added(.eventNode(6, name: "Knob"))])
        let first = try #require(board.dial, "the encoder plugged in was not opened")
        #expect(first.path == "/dev/input/event6")
        #expect(libInput.source.encoderIsReadSeparately, "libinput's own events from it would arrive twice")
        #expect(lines(.notice) == ["hotplug: rotary encoder /dev/input/event6 (\"Knob\") plugged in: turns as a dial, read with libevdev"])
        let node = try #require(opener.nodes["/dev/input/event6"])
        node.events = DialEncoderTests.turn(1, at: 1)
        loop.runTurn()
        #expect(board.delivered == [.encoder(.rotated(1), timestamp: 1)])

        // Unplugged with a turn half read (no SYN_REPORT yet): dropped, never delivered.
        node.events = [DialEncoderTests.event(EV_REL, REL_DIAL, 2, at: 2)]
        loop.runTurn()
        #expect(board.delivered.count == 1)
        monitor.deliver([.removed(.eventNode(6, name: nil))])
        #expect(board.dial == nil && board.released == 1)
        #expect(node.isClosed, "the unplugged encoder's descriptor was left open")
        loop.runTurn()
        #expect(board.delivered == [.encoder(.rotated(1), timestamp: 1)])
        #expect(lines(.notice).last == "hotplug: rotary encoder /dev/input/event6 unplugged")

        // Plugged in again (another node number, as the kernel may give): read again.
        opener.make["/dev/input/event9"] = { self.knob(9) }
        monitor.deliver([.added(.eventNode(9, name: "Knob"))])
        let again = try #require(board.dial)
        #expect(again !== first)
        opener.nodes["/dev/input/event9"]?.events = DialEncoderTests.turn(-1, at: 3)
        loop.runTurn()
        #expect(board.delivered.last == .encoder(.rotated(-1), timestamp: 3))
        #expect(lines(.error).isEmpty && lines(.warning).isEmpty)
    }

    @Test func aFlappingEncoderIsOpenedOnlyWhenItStays() throws {
        let board = Board()
        let (hotplug, _) = try hotplug(board: board)
        defer { withExtendedLifetime(hotplug) {} }
        opener.make["/dev/input/event6"] = { self.knob(6) }
        // Came and went within one batch: never opened.
        monitor.deliver([.added(.eventNode(6, name: "Knob")), .removed(.eventNode(6, name: nil))])
        #expect(board.dial == nil && opener.opened.isEmpty)
        // Twice more, staying the last time: opened once, and read.
        monitor.deliver([.added(.eventNode(6, name: "Knob")), .removed(.eventNode(6, name: nil)),
                         .added(.eventNode(6, name: "Knob")), .removed(.eventNode(6, name: nil)),
                         .added(.eventNode(6, name: "Knob"))])
        #expect(opener.opened == ["/dev/input/event6"])
        #expect(board.dial?.path == "/dev/input/event6")
        // Gone again before it could be opened (the node vanished): said once, no error.
        monitor.deliver([.removed(.eventNode(6, name: nil))])
        opener.make["/dev/input/event6"] = nil
        monitor.deliver([.added(.eventNode(6, name: "Knob"))])
        #expect(board.dial == nil)
        #expect(lines(.info).contains("hotplug: rotary encoder /dev/input/event6 (\"Knob\") went away before it could be opened"))
        #expect(lines(.error).isEmpty)
    }

    @Test func theWrongDevicesAreLeftAlone() throws {
        let board = Board()
        let (hotplug, _) = try hotplug(board: board)
        defer { withExtendedLifetime(hotplug) {} }
        opener.make["/dev/input/event3"] = { self.knob(3, name: "Other knob") }
        opener.make["/dev/input/event4"] = { self.knob(4, dial: false) }
        monitor.deliver([
            .added(.eventNode(3, name: "Other knob")),                       // another name: not even opened
            .added(.eventNode(4, name: "Knob")),                             // the encoder, but a wheel: libinput's
            .added(DeviceDescription(subsystem: "iio", syspath: "/sys/bus/iio/devices/iio:device0", name: "Knob")),
            .added(DeviceDescription(subsystem: "input", syspath: "/sys/devices/virtual/input/input5", name: "Knob")),
        ])
        #expect(board.dial == nil)
        #expect(opener.opened == ["/dev/input/event4"])
        #expect(opener.nodes["/dev/input/event4"]?.isClosed == true, "a node looked at and not taken was left open")
        // Unplugging them is nothing to the encoder.
        monitor.deliver([.removed(.eventNode(3, name: nil)), .removed(.eventNode(4, name: nil))])
        #expect(board.released == 0)
        #expect(lines(.notice).isEmpty && lines(.error).isEmpty)
    }

    @Test func anEncoderThatCannotBeOpenedIsAnErrorWithTheRemedyAndTheAppGoesOn() throws {
        let board = Board()
        let (hotplug, _) = try hotplug(encoder: "/dev/input/by-id/usb-knob-event", board: board)
        defer { withExtendedLifetime(hotplug) {} }
        opener.failures["/dev/input/event7"] = .permissionDenied(path: "/dev/input/event7")
        let plugged = DeviceDescription(subsystem: "input", syspath: "/sys/devices/usb1/input/input7/event7",
                                        devnode: "/dev/input/event7", devlinks: ["/dev/input/by-id/usb-knob-event"],
                                        name: "Knob")
        monitor.deliver([.added(plugged)])
        #expect(board.dial == nil)
        let errors = lines(.error)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("permission denied — add the user to group input") == true, "\(errors)")
        // Unplugged, fixed, plugged in again: read (named by its link, matched through DEVLINKS).
        monitor.deliver([.removed(plugged)])
        opener.failures["/dev/input/event7"] = nil
        opener.make["/dev/input/event7"] = { self.knob(7) }
        monitor.deliver([.added(plugged)])
        #expect(board.dial?.path == "/dev/input/event7")
        #expect(lines(.error).count == 1)
    }

    @Test func anEncoderReadAtStartIsNotOpenedTwiceAndItsUnplugIsFollowed() throws {
        let board = Board()
        let (hotplug, libInput) = try hotplug(board: board)
        defer { withExtendedLifetime(hotplug) {} }
        // Found at start, as `BoardPlatform` opens it; udev announces it again on the first turn.
        opener.make["/dev/input/event6"] = { self.knob(6) }
        let atStart = try #require(DialEncoderSource.open(encoder: "/dev/input/event6", directory: "/nonexistent",
                                                          clock: loop.clock, logger: log.logger, opener: opener.open))
        libInput.source.encoderIsReadSeparately = true
        board.dial = atStart
        let opened = opener.opened.count
        monitor.deliver([.added(.eventNode(6, name: "Knob"))])
        #expect(board.dial === atStart && opener.opened.count == opened)
        // Its node read ENODEV first (the source's own loss), then udev says it is gone.
        atStart.takesItselfOffWhenLost(from: loop)
        loop.addInputSource(atStart) { board.delivered.append($0) }
        opener.nodes["/dev/input/event6"]?.events = [.failed(.operationNotSupportedByDevice)]
        loop.runTurn()
        #expect(atStart.isLost)
        monitor.deliver([.removed(.eventNode(6, name: nil))])
        #expect(board.dial == nil && board.released == 1)
        #expect(lines(.warning).count == 1, "the loss should be one warning: \(lines(.warning))")
    }

    @Test func aMonitorThatCannotStartIsOneErrorWithTheRemedy() {
        monitor.startError = .netlinkRefused(group: "kernel")
        let hotplug = DeviceHotplug(monitor: monitor, logger: log.logger)
        #expect(!hotplug.start())
        #expect(!hotplug.isRunning)
        #expect(lines(.error) == ["hotplug: \(DeviceMonitorError.netlinkRefused(group: "kernel"))"])
        #expect(lines(.error).first?.contains("run systemd-udevd (or eudev), or run the app as root") == true)
    }

    @Test func stoppingEndsTheMonitorAndUnfollowingEndsAKind() throws {
        let board = Board()
        let (hotplug, _) = try hotplug(board: board)
        opener.make["/dev/input/event6"] = { self.knob(6) }
        hotplug.stop()
        #expect(monitor.stops == 1 && !hotplug.isRunning)
        #expect(!monitor.deliver([.added(.eventNode(6, name: "Knob"))]))
        #expect(board.dial == nil)
        let other = DeviceHotplug(monitor: ScriptedDeviceMonitor(), logger: log.logger)
        let following = other.follow(HotplugDeviceKind(name: "scanner", matches: { _ in true },
                                                       open: { _ in .notThisKind }, close: { _ in false }))
        #expect(other.kindNames == ["scanner"])
        other.unfollow(following)
        #expect(other.kindNames.isEmpty)
    }

    @Test func aDescriptionNamesItsDeviceByNodeLinkOrSysfsPath() {
        let event = DeviceDescription(subsystem: "input", syspath: "/sys/devices/platform/input/input2/event2",
                                      devnode: "/dev/input/event2", devlinks: ["/dev/input/by-path/platform-event"],
                                      name: "Knob", properties: ["ID_INPUT_ACCELEROMETER": "1"])
        #expect(event.sysname == "event2" && event.isEventNode && !event.isIIODevice)
        #expect(event.isNamed(by: "/dev/input/event2") && event.isNamed(by: "/dev/input/by-path/platform-event"))
        #expect(!event.isNamed(by: "/dev/input/event20"))
        #expect(event.isTagged("ACCELEROMETER") && !event.isTagged("KEYBOARD"))
        let iio = DeviceDescription(subsystem: "iio", syspath: "/sys/devices/platform/i2c/iio:device1")
        #expect(iio.isIIODevice && iio.sysname == "iio:device1")
        #expect(iio.isNamed(by: "/sys/bus/iio/devices/iio:device1") && !iio.isNamed(by: "/sys/bus/iio/devices/iio:device10"))
        #expect(UdevDeviceMonitor.unquoted("\"Griffin PowerMate\"") == "Griffin PowerMate")
        #expect(UdevDeviceMonitor.unquoted("plain") == "plain")
    }
}
