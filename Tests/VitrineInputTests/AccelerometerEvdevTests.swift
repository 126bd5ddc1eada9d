import CEvdev
import SystemPackage
import Testing
import Vitrine
import VitrineHeadless
import VitrineTestSupport
@testable import VitrineInput

/// The evdev path of `AccelerometerSource`, on fake devices fed with event streams.
@MainActor
struct AccelerometerEvdevTests {
    let loop = ManualMainLoop()
    let opener = FakeEvdevOpener()
    let log = LogCapture()

    /// A source configured for `node` (at its path), with the fake system.
    func source(for node: FakeEvdevNode, _ configure: (inout AccelerometerConfiguration) -> Void = { _ in }) -> AccelerometerSource {
        opener.nodes[node.path] = node
        var configuration = AccelerometerConfiguration(device: .evdev(path: node.path))
        configure(&configuration)
        return AccelerometerSource(configuration: configuration, mainLoop: loop, system: opener.system, logger: log.logger)
    }

    func read(_ source: AccelerometerSource) -> [(Acceleration, Double)] {
        var events: [InputEvent] = []
        source.dispatch { events.append($0) }
        return accelerationSamples(events)
    }

    // MARK: Scaling

    @Test func axesAreDividedByTheirResolutionInUnitsPerG() throws {
        let node = FakeEvdevNode.accelerometer(resolution: 512)
        node.events = EvdevScript.frame(256, -512, 1024, at: 5.25)
        let source = source(for: node)
        try source.start()
        let got = read(source)
        #expect(got.count == 1)
        #expect(got.first?.0 == Acceleration(x: 0.5, y: -1, z: 2))
        #expect(got.first?.1 == 5.25)
    }

    @Test func eachAxisHasItsOwnResolution() throws {
        let node = FakeEvdevNode.accelerometer()
        node.axes[Int(ABS_X)]?.resolution = 100
        node.axes[Int(ABS_Y)]?.resolution = 200
        node.axes[Int(ABS_Z)]?.resolution = 400
        node.events = EvdevScript.frame(50, 50, 50, at: 1)
        let source = source(for: node)
        try source.start()
        #expect(read(source).first?.0 == Acceleration(x: 0.5, y: 0.25, z: 0.125))
    }

    @Test func resolutionZeroIsAssumedToBe256UnitsPerGAndThatIsLoggedOnce() throws {
        let node = FakeEvdevNode.accelerometer(resolution: 0)
        node.events = EvdevScript.frame(0, 256, -128, at: 1)
        let source = source(for: node)
        try source.start()
        #expect(read(source).first?.0 == Acceleration(x: 0, y: 1, z: -0.5))
        source.stop()
        opener.make[node.path] = { FakeEvdevNode.accelerometer(resolution: 0) }
        try source.start()  // the same kind of device again: said once is enough
        #expect(log.count(containing: "reports resolution 0") == 1)
        #expect(log.count(containing: "assuming 256 units per g") == 1)
        source.stop()
    }

    @Test func configuredUnitsPerGOverrideTheResolution() throws {
        let node = FakeEvdevNode.accelerometer(resolution: 0)
        node.events = EvdevScript.frame(0, 1000, 0, at: 1)
        let source = source(for: node) { $0.unitsPerG = 1000 }
        try source.start()
        #expect(read(source).first?.0 == Acceleration(x: 0, y: 1, z: 0))
    }

    // MARK: Frames

    @Test func oneSamplePerSynReportWithTheAxesThatDidNotChangeKept() throws {
        let node = FakeEvdevNode.accelerometer(rest: (0, 1024, 0))
        node.events = EvdevScript.frame(512, 1024, 0, at: 1.0)
            + [EvdevScript.abs(ABS_Z, -1024, at: 1.1), EvdevScript.report(at: 1.1)]   // only Z changed
            + [EvdevScript.abs(ABS_X, 0, at: 1.2), EvdevScript.abs(ABS_Y, 0, at: 1.2)] // a frame not finished yet
        let source = source(for: node)
        try source.start()
        let got = read(source)
        #expect(got.map(\.0) == [Acceleration(x: 0.5, y: 1, z: 0), Acceleration(x: 0.5, y: 1, z: -1)])
        #expect(got.map(\.1) == [1.0, 1.1])
        // The frame completes in a later read.
        node.events = [EvdevScript.report(at: 1.2)]
        #expect(read(source).map(\.0) == [Acceleration(x: 0, y: 0, z: -1)])
        #expect(read(source).isEmpty)
    }

    @Test func theCurrentAccelerationIsKnownFromStartBeforeAnyEvent() throws {
        let node = FakeEvdevNode.accelerometer(resolution: 1024, rest: (0, 0, 1024))
        let source = source(for: node)
        #expect(source.currentAcceleration == nil)
        try source.start()
        #expect(source.currentAcceleration == Acceleration(x: 0, y: 0, z: 1))
        node.events = EvdevScript.frame(1024, 0, 0, at: 2)
        _ = read(source)
        #expect(source.currentAcceleration == Acceleration(x: 1, y: 0, z: 0))
        source.stop()
        #expect(source.currentAcceleration == nil)
    }

    /// After SYN_DROPPED the half-read frame is not a sample; the resync brings the axes to the
    /// device's state and one sample reports it; then normal reading resumes.
    @Test func synDroppedResyncsAndReportsTheDevicesStateOnce() throws {
        let node = FakeEvdevNode.accelerometer(rest: (0, 1024, 0))
        node.events = EvdevScript.frame(0, 1024, 0, at: 1.0)
            + [EvdevScript.abs(ABS_X, 300, at: 1.1)]   // the start of a frame whose end was lost
            + [EvdevScript.dropped(at: 1.2)]
            + EvdevScript.frame(0, 0, 1024, at: 1.5)
        // What libevdev's resync gives: the differences to the device's state, then SYN_REPORT.
        node.syncEvents = [EvdevScript.abs(ABS_X, 512, at: 1.3), EvdevScript.abs(ABS_Y, 0, at: 1.3), EvdevScript.report(at: 1.3)]
        let source = source(for: node)
        try source.start()
        let got = read(source)
        #expect(got.map(\.0) == [Acceleration(x: 0, y: 1, z: 0), Acceleration(x: 0.5, y: 0, z: 0), Acceleration(x: 0, y: 0, z: 1)])
        #expect(got.map(\.1) == [1.0, 1.3, 1.5])
        // The sync reads went on until libevdev said the resync was complete.
        #expect(node.readsWhileSyncing == 4)
    }

    @Test func aDropWithNothingToResyncStillReportsTheState() throws {
        let node = FakeEvdevNode.accelerometer(rest: (0, 1024, 0))
        node.events = [EvdevScript.dropped(at: 2.0)]
        let source = source(for: node)
        try source.start()
        let got = read(source)
        #expect(got.map(\.0) == [Acceleration(x: 0, y: 1, z: 0)])
        #expect(got.map(\.1) == [2.0])
    }

    // MARK: Mounting

    @Test func theConfiguredMountMatrixTurnsSamplesIntoThePanelsFrame() throws {
        let node = FakeEvdevNode.accelerometer()
        node.events = EvdevScript.frame(-1024, 0, 0, at: 1)
        let turned = try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1")
        let source = source(for: node) { $0.mountMatrix = turned }
        opener.udevProperties[.characterDevice(7)] = ["ACCEL_MOUNT_MATRIX": "-1, 0, 0; 0, -1, 0; 0, 0, 1"]
        node.deviceNumber = 7
        try source.start()
        #expect(read(source).first?.0 == Acceleration(x: 0, y: 1, z: 0))
        #expect(source.mountMatrix == turned)
        #expect(source.mountMatrixOrigin == "the board profile")
    }

    @Test func withoutAConfiguredMatrixUdevsAccelMountMatrixIsUsed() throws {
        let node = FakeEvdevNode.accelerometer()
        node.deviceNumber = 0x0d44
        node.events = EvdevScript.frame(1024, 0, 0, at: 1)
        opener.udevProperties[.characterDevice(0x0d44)] = ["ACCEL_MOUNT_MATRIX": "-1, 0, 0; 0, -1, 0; 0, 0, 1"]
        let source = source(for: node)
        try source.start()
        #expect(read(source).first?.0 == Acceleration(x: -1, y: 0, z: 0))
        #expect(source.mountMatrixOrigin == "udev ACCEL_MOUNT_MATRIX")
        #expect(opener.udevQueries == [.characterDevice(0x0d44)])
    }

    @Test func aMalformedUdevMatrixIsSkippedForTheIdentity() throws {
        let node = FakeEvdevNode.accelerometer()
        node.deviceNumber = 9
        opener.udevProperties[.characterDevice(9)] = ["ACCEL_MOUNT_MATRIX": "-1, 0, 0; 0, -1, 0"]
        let source = source(for: node)
        try source.start()
        #expect(source.mountMatrix == .identity)
        #expect(source.mountMatrixOrigin == "identity: the device has none")
    }

    // MARK: Time

    @Test func eventsAreStampedWithTheMonotonicClock() throws {
        let node = FakeEvdevNode.accelerometer()
        let source = source(for: node)
        try source.start()
        #expect(node.askedForMonotonicClock)
    }

    @Test func whenTheKernelRefusesTheMonotonicClockSamplesAreStampedWhenRead() throws {
        let node = FakeEvdevNode.accelerometer()
        node.clockError = .invalidArgument
        node.events = EvdevScript.frame(0, 1024, 0, at: 1_700_000_000)  // a wall-clock time
        let source = source(for: node)
        try source.start()
        loop.manualClock.advance(by: 12.5)
        #expect(read(source).map(\.1) == [12.5])
    }

    // MARK: Life cycle

    @Test func aStoppedSourceHoldsNoDescriptorAndStartingAgainReopens() throws {
        var made = 0
        opener.make["/dev/input/event4"] = {
            made += 1
            return FakeEvdevNode.accelerometer()
        }
        let source = AccelerometerSource(configuration: AccelerometerConfiguration(device: .evdev(path: "/dev/input/event4")),
                                         mainLoop: loop, system: opener.system, logger: log.logger)
        #expect(!source.isStarted)
        #expect(source.fileDescriptor == nil)
        try source.start()
        let first = try #require(opener.nodes["/dev/input/event4"])
        #expect(source.isStarted)
        #expect(source.fileDescriptor == first.fileDescriptor)
        #expect(source.fileDescriptor != nil)
        #expect(source.device == .evdev(path: "/dev/input/event4"))

        try source.start()  // started already: nothing happens
        #expect(made == 1)

        source.stop()
        #expect(!source.isStarted)
        #expect(source.fileDescriptor == nil)
        #expect(first.isClosed)
        #expect(source.device == nil)
        first.events = EvdevScript.frame(0, 1024, 0, at: 1)
        #expect(read(source).isEmpty)  // stopped: produces nothing
        source.stop()                  // stopping again does nothing

        try source.start()
        #expect(made == 2)
        let second = try #require(opener.nodes["/dev/input/event4"])
        #expect(second !== first)
        #expect(source.fileDescriptor == second.fileDescriptor)
        second.events = EvdevScript.frame(0, 1024, 0, at: 2)
        #expect(read(source).count == 1)
        source.stop()
        #expect(second.isClosed)
    }

    @Test func aNodeWithoutTheThreeAxesIsRefusedAndClosed() {
        let node = FakeEvdevNode.accelerometer()
        node.codes[Int(EV_ABS)]?.remove(Int(ABS_Z))
        let source = source(for: node)
        #expect(throws: AccelerometerError.missingAxes(path: node.path, missing: ["ABS_Z"])) { try source.start() }
        #expect(node.isClosed)
        #expect(!source.isStarted)
        #expect(source.fileDescriptor == nil)
    }

    @Test func aConfiguredNodeThatCannotBeOpenedSaysWhy() {
        opener.failures["/dev/input/event4"] = .permissionDenied(path: "/dev/input/event4")
        let source = AccelerometerSource(configuration: AccelerometerConfiguration(device: .evdev(path: "/dev/input/event4")),
                                         mainLoop: loop, system: opener.system, logger: log.logger)
        #expect(throws: AccelerometerError.evdev(.permissionDenied(path: "/dev/input/event4"))) { try source.start() }
        #expect(AccelerometerError.evdev(.permissionDenied(path: "/dev/input/event4")).description
            == "/dev/input/event4: permission denied — add the user to group input, or run under seatd (or as root)")
    }

    @Test func anInvalidConfigurationIsRefusedBeforeOpeningAnything() {
        let node = FakeEvdevNode.accelerometer()
        let source = source(for: node) { $0.unitsPerG = 0 }
        #expect(throws: AccelerometerError.invalidUnitsPerG(0)) { try source.start() }
        #expect(opener.opened.isEmpty)
    }

    /// The device unplugged: the handler hears it once, nothing more is read, and the source's
    /// descriptor number no longer polls as the dead device (no busy loop until it is stopped).
    @Test func aDeviceThatGoesAwayIsReportedOnceAndReadNoMore() throws {
        let node = FakeEvdevNode.accelerometer()
        node.events = EvdevScript.frame(0, 1024, 0, at: 1) + [.failed(.operationNotSupportedByDevice)]
        let source = source(for: node)
        var lost: [AccelerometerError] = []
        source.deviceLostHandler = { lost.append($0) }
        try source.start()
        #expect(read(source).count == 1)
        #expect(lost == [.deviceLost(path: node.path, errno: .operationNotSupportedByDevice)])
        node.events = EvdevScript.frame(0, 0, 1024, at: 2)
        #expect(read(source).isEmpty)
        #expect(node.events.count == 4)  // not even read
        #expect(lost.count == 1)
        source.stop()
        #expect(node.isClosed)
        #expect(source.fileDescriptor == nil)
        #expect(lost.first?.description.contains("the accelerometer went away") == true)
    }

    @Test func theLostHandlerMayRemoveAndStopTheSourceAtOnce() throws {
        let node = FakeEvdevNode.accelerometer()
        node.events = [.failed(.operationNotSupportedByDevice)]
        let source = source(for: node)
        var seen: [InputEvent] = []
        source.deviceLostHandler = { [loop] _ in
            loop.removeInputSource(source)
            source.stop()
        }
        try source.start()
        loop.addInputSource(source) { seen.append($0) }
        loop.runTurn()  // a descriptor source is dispatched in every manual turn
        #expect(!source.isStarted)
        #expect(node.isClosed)
        #expect(seen.isEmpty)
        loop.runTurn()  // removed: nothing more
        #expect(node.events.isEmpty)
    }
}
