import CEvdev
import Glibc
import Logging
import SystemPackage
import Testing
import Vitrine
import VitrineHeadless
import VitrineInput
@testable import VitrineSpeech

/// An evdev node in memory: a jack (or not) whose events the test queues.
@MainActor
final class FakeJackNode: EvdevNode {
    let path: String
    var fileDescriptor: Int32?
    let deviceNumber: UInt64? = nil
    let name: String
    let busType = 0, vendor = 0, product = 0
    var hasJack: Bool
    var state = 0
    var events: [EvdevRead] = []
    var closed = false

    init(path: String = "/dev/input/event5", descriptor: Int32 = 40, name: String = "HDA Intel PCH Headphone", hasJack: Bool = true) {
        self.path = path
        self.fileDescriptor = descriptor
        self.name = name
        self.hasJack = hasJack
    }

    func hasProperty(_ property: Int) -> Bool { false }
    func hasEventType(_ type: Int) -> Bool { hasJack && type == Int(EV_SW) }
    func hasEventCode(type: Int, code: Int) -> Bool { hasJack && type == Int(EV_SW) && code == Int(SW_HEADPHONE_INSERT) }
    func axisInfo(_ code: Int) -> EvdevAxisInfo? { nil }
    func eventValue(type: Int, code: Int) -> Int? { hasEventCode(type: type, code: code) ? state : nil }
    func useMonotonicClock() -> Errno? { nil }
    func nextEvent(syncing: Bool) -> EvdevRead { events.isEmpty ? .empty : events.removeFirst() }
    func close() { closed = true; fileDescriptor = nil }

    /// The switch moves to `value`, then SYN_REPORT.
    func flip(_ value: Int32) {
        events.append(.event(EvdevEvent(type: UInt16(EV_SW), code: UInt16(SW_HEADPHONE_INSERT), value: value, time: 0)))
        events.append(.event(EvdevEvent(type: UInt16(EV_SYN), code: UInt16(SYN_REPORT), value: 0, time: 0)))
    }
}

@MainActor
@Suite struct HeadphoneJackTests {
    let loop = ManualMainLoop()
    let logger = Logger(label: "test")

    /// The node's descriptor is readable for one turn (then read dry, as a real node would be).
    func readable() {
        loop.setReadiness(.readable, of: 40)
        loop.runTurn()
        loop.setReadiness([], of: 40)
    }

    @Test func pluggingAndUnpluggingReportOnce() throws {
        let node = FakeJackNode()
        let jack = try HeadphoneJack(node: node, loop: loop, logger: logger)
        var changes: [Bool] = []
        jack.onChange = { changes.append($0) }
        #expect(!jack.isPlugged)
        node.flip(1)
        readable()
        #expect(jack.isPlugged)
        node.flip(1)   // the same state again: no change
        node.flip(0)
        readable()
        #expect(changes == [true, false])
        jack.close()
        #expect(node.closed)
        #expect(loop.watchCount == 0)
    }

    @Test func startsPluggedWhenHeadphonesAreIn() throws {
        let node = FakeJackNode()
        node.state = 1
        let jack = try HeadphoneJack(node: node, loop: loop, logger: logger)
        #expect(jack.isPlugged)
    }

    @Test func aVanishedJackCountsAsUnplugged() throws {
        let node = FakeJackNode()
        node.state = 1
        let jack = try HeadphoneJack(node: node, loop: loop, logger: logger)
        var changes: [Bool] = []
        jack.onChange = { changes.append($0) }
        node.events = [.failed(.noSuchAddressOrDevice)]
        readable()
        #expect(changes == [false])
        #expect(node.closed)
        #expect(loop.watchCount == 0)
    }

    @Test func aNamedNodeWithoutTheSwitchIsRefused() {
        let jack = HeadphoneJack.open(path: "/dev/input/event2", directory: "/dev/input", loop: loop, logger: logger) { path throws(EvdevError) in
            FakeJackNode(path: path, name: "AT keyboard", hasJack: false)
        }
        #expect(jack == nil)
    }

    @Test func searchSkipsNodesWithoutTheSwitch() throws {
        let directory = "/tmp/vitrine-jack-\(getpid())"
        mkdir(directory, 0o755)
        defer { for name in ["event0", "event3", "event12"] { unlink("\(directory)/\(name)") }; rmdir(directory) }
        for name in ["event0", "event3", "event12"] { _ = Glibc.close(Glibc.open("\(directory)/\(name)", O_CREAT | O_WRONLY, 0o644)) }
        var opened: [String] = []
        let jack = HeadphoneJack.open(path: nil, directory: directory, loop: loop, logger: logger) { path throws(EvdevError) in
            opened.append(path)
            return FakeJackNode(path: path, descriptor: 50 + Int32(opened.count), hasJack: path.hasSuffix("event3") || path.hasSuffix("event12"))
        }
        #expect(jack?.path == "\(directory)/event3")
        #expect(opened == ["\(directory)/event0", "\(directory)/event3"])
    }
}
