import CEvdev
import Glibc
import Logging
import Testing
import Vitrine
import VitrineHeadless
import VitrineTestSupport
@testable import VitrineInput

/// A rotary encoder that turns as a dial (REL_DIAL, which libinput 1.22 does not report), read
/// with libevdev through the `EvdevNode` seam: the same `.encoder` events as the wheel path.
@MainActor
@Suite struct DialEncoderTests {
    let clock = ManualClock()
    let log = LogCapture()

    /// A knob like the Griffin PowerMate: REL_DIAL and BTN_0.
    func knob(path: String = "/dev/input/event7", name: String = "Griffin PowerMate", dial: Bool = true) -> FakeEvdevNode {
        let node = FakeEvdevNode(path: path, name: name, busType: Int(BUS_USB))
        node.enable(EV_SYN, SYN_REPORT)
        node.enable(EV_REL, dial ? REL_DIAL : REL_WHEEL)
        node.enable(EV_KEY, BTN_0)
        return node
    }

    static func event(_ type: Int32, _ code: Int32, _ value: Int32, at time: Double) -> EvdevRead {
        .event(EvdevEvent(type: UInt16(type), code: UInt16(code), value: value, time: time))
    }

    static func turn(_ value: Int32, at time: Double) -> [EvdevRead] {
        [event(EV_REL, REL_DIAL, value, at: time), EvdevScript.report(at: time)]
    }

    static func button(_ code: Int32, _ value: Int32, at time: Double) -> [EvdevRead] {
        [event(EV_KEY, code, value, at: time), EvdevScript.report(at: time)]
    }

    func read(_ source: DialEncoderSource) -> [InputEvent] {
        var events: [InputEvent] = []
        source.dispatch { events.append($0) }
        return events
    }

    @Test func dialTurnsAndButtonPressesAreEncoderEvents() throws {
        let node = knob()
        let source = DialEncoderSource(node: node, clock: clock, logger: log.logger)
        #expect(node.askedForMonotonicClock)
        // Clockwise one detent, two detents in one frame, back one; BTN_0, KEY_ENTER and
        // BTN_LEFT all press; autorepeat (2) is not a press.
        node.events = Self.turn(1, at: 1) + [Self.event(EV_REL, REL_DIAL, 1, at: 2), Self.event(EV_REL, REL_DIAL, 1, at: 2),
                                             EvdevScript.report(at: 2)] + Self.turn(-1, at: 3)
            + Self.button(BTN_0, 1, at: 4) + Self.button(BTN_0, 0, at: 5)
            + Self.button(KEY_ENTER, 1, at: 6) + Self.button(KEY_ENTER, 2, at: 6.5) + Self.button(KEY_ENTER, 0, at: 7)
            + Self.button(BTN_LEFT, 1, at: 8) + Self.button(BTN_LEFT, 0, at: 9)
        #expect(read(source) == [
            .encoder(.rotated(1), timestamp: 1), .encoder(.rotated(2), timestamp: 2), .encoder(.rotated(-1), timestamp: 3),
            .encoder(.pressed, timestamp: 4), .encoder(.released, timestamp: 5),
            .encoder(.pressed, timestamp: 6), .encoder(.released, timestamp: 7),
            .encoder(.pressed, timestamp: 8), .encoder(.released, timestamp: 9),
        ])
        // REL_WHEEL turns as libinput's wheel path maps it: away from the user (+1) is back.
        node.events = [Self.event(EV_REL, REL_WHEEL, 1, at: 10), EvdevScript.report(at: 10)]
        #expect(read(source) == [.encoder(.rotated(-1), timestamp: 10)])
        // A frame not yet complete waits for its SYN_REPORT.
        node.events = [Self.event(EV_REL, REL_DIAL, 3, at: 11)]
        #expect(read(source).isEmpty)
        node.events = [EvdevScript.report(at: 11)]
        #expect(read(source) == [.encoder(.rotated(3), timestamp: 11)])
    }

    @Test func withoutTheKernelsMonotonicClockEventsAreStampedByTheLoopsClock() {
        let node = knob()
        node.clockError = .invalidArgument
        clock.advance(by: 42)
        let source = DialEncoderSource(node: node, clock: clock, logger: log.logger)
        node.events = Self.turn(1, at: 1_700_000_000)
        #expect(read(source) == [.encoder(.rotated(1), timestamp: 42)])
    }

    @Test func anOverflowDropsTheCutFrameAndResyncsTheButton() {
        let node = knob()
        let source = DialEncoderSource(node: node, clock: clock, logger: log.logger)
        clock.advance(by: 5)
        // Half a frame, then the overflow: that turn is lost; the resync says the button went
        // down meanwhile; then reading goes on normally.
        node.events = [Self.event(EV_REL, REL_DIAL, 4, at: 1), EvdevScript.dropped(at: 2)]
        node.syncEvents = [Self.event(EV_KEY, BTN_0, 1, at: 3), EvdevScript.report(at: 3)]
        #expect(read(source) == [.encoder(.pressed, timestamp: 3)])
        #expect(node.readsWhileSyncing == 3)
        node.events = Self.button(BTN_0, 0, at: 6) + Self.turn(1, at: 7)
        #expect(read(source) == [.encoder(.released, timestamp: 6), .encoder(.rotated(1), timestamp: 7)])
        // A resync that reports nothing (no button changed) delivers nothing.
        node.events = [Self.event(EV_REL, REL_DIAL, 1, at: 8), EvdevScript.dropped(at: 8)]
        node.syncEvents = []
        #expect(read(source).isEmpty)
    }

    @Test func theDeviceVanishingIsLoggedOnceAndEndsTheSource() {
        let node = knob()
        let source = DialEncoderSource(node: node, clock: clock, logger: log.logger)
        var lost = 0
        var descriptorAtLoss: Int32?
        source.deviceLostHandler = {
            lost += 1
            descriptorAtLoss = source.fileDescriptor
        }
        node.events = Self.turn(1, at: 1) + [.failed(.operationNotSupportedByDevice)]
        #expect(read(source) == [.encoder(.rotated(1), timestamp: 1)])
        #expect(source.isLost && lost == 1)
        #expect(descriptorAtLoss != nil, "the handler runs while the descriptor is open, so the loop can unwatch it")
        #expect(node.isClosed && source.fileDescriptor == nil)
        #expect(read(source).isEmpty)
        #expect(lost == 1)
        #expect(log.count(containing: "is gone") == 1)
    }

    @Test func openingFindsTheDialByNameOrPathAndLeavesAWheelToLibInput() {
        let opener = FakeEvdevOpener()
        let directory = "/tmp/vitrine-dial-\(getpid())"
        mkdir(directory, 0o755)
        defer { rmdir(directory) }
        for number in [2, 7, 9] { close(creat("\(directory)/event\(number)", 0o644)) }
        defer { for number in [2, 7, 9] { unlink("\(directory)/event\(number)") } }
        opener.make["\(directory)/event2"] = { self.knob(path: "\(directory)/event2", name: "Keyboard", dial: false) }
        opener.make["\(directory)/event7"] = { self.knob(path: "\(directory)/event7") }
        opener.make["\(directory)/event9"] = { self.knob(path: "\(directory)/event9", name: "Wheel knob", dial: false) }
        let byName = DialEncoderSource.open(encoder: "Griffin PowerMate", directory: directory, clock: clock,
                                            logger: log.logger, opener: opener.open)
        #expect(byName?.path == "\(directory)/event7")
        #expect(opener.nodes["\(directory)/event2"]?.isClosed == true, "a node looked at and not taken is closed")
        byName?.close()
        let byPath = DialEncoderSource.open(encoder: "\(directory)/event7", directory: directory, clock: clock,
                                            logger: log.logger, opener: opener.open)
        #expect(byPath?.name == "Griffin PowerMate")
        // A knob that turns as a wheel: libinput's (nothing opened stays open).
        #expect(DialEncoderSource.open(encoder: "Wheel knob", directory: directory, clock: clock,
                                       logger: log.logger, opener: opener.open) == nil)
        #expect(DialEncoderSource.open(encoder: "\(directory)/event9", directory: directory, clock: clock,
                                       logger: log.logger, opener: opener.open) == nil)
        #expect(opener.nodes["\(directory)/event9"]?.isClosed == true)
        #expect(DialEncoderSource.open(encoder: "/dev/input/nothing", directory: directory, clock: clock,
                                       logger: log.logger, opener: opener.open) == nil)
    }

    @Test func openedForLibInputTheDialTakesOverTheDevicesEventsAndLeavesTheLoopWhenGone() throws {
        let opener = FakeEvdevOpener()
        let directory = "/tmp/vitrine-dial-board-\(getpid())"
        mkdir(directory, 0o755)
        close(creat("\(directory)/event3", 0o644))
        defer {
            unlink("\(directory)/event3")
            rmdir(directory)
        }
        opener.make["\(directory)/event3"] = { self.knob(path: "\(directory)/event3", name: "Knob") }
        let h = try SourceHarness(configuration: InputConfiguration(encoder: "Knob")) {
            $0.add(2, name: "Knob", capabilities: [.pointer])
        }
        let loop = ManualMainLoop()
        var delivered: [InputEvent] = []
        let dial = try #require(DialEncoderSource.open(for: h.source, loop: loop, directory: directory,
                                                       logger: log.logger, opener: opener.open))
        #expect(h.source.encoderIsReadSeparately)
        loop.addInputSource(dial) { delivered.append($0) }
        let node = try #require(opener.nodes["\(directory)/event3"])
        node.events = Self.turn(1, at: 1) + [.failed(.operationNotSupportedByDevice)]
        loop.runTurn()
        #expect(delivered == [.encoder(.rotated(1), timestamp: 1)])
        #expect(dial.isLost && node.isClosed)
        // Without an encoder, or with one that turns as a wheel, libinput keeps it.
        let plain = try SourceHarness { $0.add(2, name: "Knob", capabilities: [.pointer]) }
        #expect(DialEncoderSource.open(for: plain.source, loop: loop, directory: directory, logger: log.logger,
                                       opener: opener.open) == nil)
        #expect(!plain.source.encoderIsReadSeparately)
    }

    @Test func libInputsEventsFromAnEncoderReadSeparatelyAreDropped() throws {
        // The knob's BTN_LEFT makes udev call it a mouse, so libinput reports its button too.
        let h = try SourceHarness(configuration: InputConfiguration(encoder: "Knob")) {
            $0.add(2, name: "Knob", capabilities: [.pointer])
            $0.add(3, name: "Mouse", capabilities: .pointer)
        }
        h.source.encoderIsReadSeparately = true
        let knob = RawDeviceHandle(2), mouse = RawDeviceHandle(3)
        h.fake.button(knob, 0x110, pressed: true)
        h.fake.button(knob, 0x110, pressed: false)
        h.fake.key(knob, 28, pressed: true)
        h.fake.key(knob, 28, pressed: false)
        h.fake.send(.pointerScrollWheel(knob, v120X: 0, v120Y: 120, time: 1_000))
        h.fake.send(.pointerScrollWheel(mouse, v120X: 0, v120Y: 120, time: 2_000))
        #expect(h.events().map(\.summary) == ["scroll"])
    }
}
