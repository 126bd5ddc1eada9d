import CEvdev
import Logging
import SystemPackage
import Testing
import Vitrine
import VitrineHeadless
import VitrineInput
import VitrineTestSupport
@testable import VitrineSpeech

/// The headphone jack plugged in after start (a USB headset), unplugged and plugged in again,
/// through `DeviceHotplug` with changes handed to it as udev's monitor would.
@MainActor
@Suite struct HeadphoneJackHotplugTests {
    let loop = ManualMainLoop()
    let logs = LogCapture(level: .debug)
    var nodes: [String: FakeJackNode] = [:]

    func service(jack: String? = nil) -> SpeechService {
        SpeechService(configuration: SpeechConfiguration(mode: .onHeadphones, jack: jack), loop: loop, logger: logs.logger,
                      scheduling: .inline) { _ in .success(InMemoryAudioSink()) }
    }

    func event(_ number: Int, name: String? = "USB headset Headphone") -> DeviceDescription {
        DeviceDescription(subsystem: "input", syspath: "/sys/devices/usb1/input/input\(number)/event\(number)",
                          devnode: "/dev/input/event\(number)", name: name)
    }

    func lines(_ level: Logger.Level) -> [String] { logs.entries.filter { $0.level == level }.map(\.message) }

    /// Hotplug following `speech`'s jack, whose nodes `open` gives.
    func hotplug(_ speech: SpeechService, open: @escaping @MainActor (String) throws(EvdevError) -> any EvdevNode) throws -> DeviceHotplug {
        let hotplug = DeviceHotplug(monitor: NoMonitor(), logger: logs.logger)
        hotplug.follow(try #require(speech.headphoneJackKind(opener: open)))
        return hotplug
    }

    @Test func aJackPluggedInAfterStartTurnsSpeechOnAndUnpluggedOff() throws {
        let speech = service()
        speech.start(reading: nil, jack: { nil })   // none at start
        #expect(speech.jack == nil && !speech.isOn)
        var opened: [FakeJackNode] = []
        let hotplug = try hotplug(speech) { path throws(EvdevError) in
            let node = FakeJackNode(path: path, descriptor: 40 + Int32(opened.count))
            node.state = 1   // headphones already in the headset's jack
            opened.append(node)
            return node
        }
        hotplug.handle([.added(event(7))])
        #expect(speech.isOn, "the jack plugged in with headphones in did not turn speech on")
        #expect(speech.jack?.path == "/dev/input/event7")
        #expect(lines(.notice).contains("hotplug: headphone jack /dev/input/event7 (\"USB headset Headphone\") plugged in: headphones in, speech on"))
        #expect(lines(.notice).contains { $0.hasPrefix("speech: on — headphones in the jack plugged in") })

        // Unplugged while speaking: speech off, the jack closed and forgotten.
        speech.synthesizer?.speak(SpeechUtterance("Welcome"))
        hotplug.handle([.removed(event(7, name: nil))])
        #expect(!speech.isOn && speech.jack == nil)
        #expect(opened[0].closed, "the unplugged jack's node was left open")
        #expect(loop.watchCount == 0, "the unplugged jack is still watched")
        #expect(lines(.notice).contains("speech: off — the headphone jack was unplugged"))

        // Plugged in again (another node): followed, and on again.
        hotplug.handle([.added(event(8))])
        let jack = try #require(speech.jack)
        #expect(jack.path == "/dev/input/event8")
        #expect(speech.isOn, "the jack plugged in again did not turn speech on")
        #expect(lines(.error).isEmpty && lines(.warning).isEmpty)

        // Stopped (the board shutting down): a jack plugged in now is not opened.
        speech.stop()
        let openings = opened.count
        hotplug.handle([.added(event(9))])
        #expect(speech.jack == nil && opened.count == openings)
    }

    @Test func aJackReadAtStartIsNotOpenedAgainAndTheWrongDevicesAreLeftAlone() throws {
        let speech = service(jack: "/dev/input/event5")
        let atStart = FakeJackNode(path: "/dev/input/event5")
        speech.start(reading: nil, jack: { try? HeadphoneJack(node: atStart, loop: loop, logger: logs.logger) })
        var openings: [String] = []
        let hotplug = try hotplug(speech) { path throws(EvdevError) in
            openings.append(path)
            return FakeJackNode(path: path, descriptor: 50, hasJack: false)
        }
        // The one read at start announced again; another node (not the configured one).
        hotplug.handle([.added(event(5)), .added(event(6))])
        #expect(openings.isEmpty)
        #expect(speech.jack?.path == "/dev/input/event5")
        // Unplugging another device is nothing to speech.
        hotplug.handle([.removed(event(6, name: nil))])
        #expect(speech.jack?.path == "/dev/input/event5")
        #expect(!atStart.closed)
    }

    @Test func automaticallyANodeWithoutTheSwitchIsClosedAndAFailureIsAnError() throws {
        let speech = service()
        speech.start(reading: nil, jack: { nil })
        var notJack: FakeJackNode?
        let hotplug = try hotplug(speech) { path throws(EvdevError) in
            if path == "/dev/input/event3" { throw .permissionDenied(path: path) }
            let node = FakeJackNode(path: path, descriptor: 41, hasJack: false)
            notJack = node
            return node
        }
        // A keyboard udev describes (no ID_INPUT_SWITCH) is not even opened.
        var keyboard = event(2, name: "Keyboard")
        keyboard.properties = ["ID_INPUT": "1", "ID_INPUT_KEY": "1"]
        hotplug.handle([.added(keyboard)])
        #expect(notJack == nil)
        hotplug.handle([.added(event(4, name: "Keyboard")), .added(event(3))])
        #expect(speech.jack == nil && !speech.isOn)
        #expect(notJack?.closed == true, "a node looked at and not taken was left open")
        let errors = lines(.error)
        #expect(errors.count == 1 && errors.first?.contains("permission denied — add the user to group input") == true, "\(errors)")
    }

    @Test func theJacksOwnLossThenItsUnplugAreOneWarningAndSpeechOff() throws {
        let speech = service()
        speech.start(reading: nil, jack: { nil })
        var node: FakeJackNode?
        let hotplug = try hotplug(speech) { path throws(EvdevError) in
            let made = FakeJackNode(path: path, descriptor: 40)
            made.state = 1
            node = made
            return made
        }
        hotplug.handle([.added(event(7))])
        #expect(speech.isOn)
        // The node reads ENODEV before udev says so.
        node?.events = [.failed(.operationNotSupportedByDevice)]
        loop.setReadiness(.readable, of: 40)
        loop.runTurn()
        loop.setReadiness([], of: 40)
        #expect(!speech.isOn)
        hotplug.handle([.removed(event(7, name: nil))])
        #expect(speech.jack == nil)
        #expect(lines(.warning).count == 1, "\(lines(.warning))")
        #expect(lines(.error).isEmpty)
    }
}

/// A monitor that never reports: the tests hand changes to `DeviceHotplug.handle` themselves.
@MainActor
final class NoMonitor: DeviceMonitor {
    func start(_ handler: @escaping @MainActor ([DeviceChange]) -> Void) throws(DeviceMonitorError) {}
    func stop() {}
}
