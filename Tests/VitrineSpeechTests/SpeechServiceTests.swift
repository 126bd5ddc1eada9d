import Logging
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport
@testable import VitrineSpeech

/// Speech on and off as the profile says, with the headphone jack as the switch.
@MainActor
@Suite struct SpeechServiceTests {
    let loop = ManualMainLoop()
    let logs = LogCapture(level: .info)
    var logger: Logger { logs.logger }
    var lines: [String] { logs.entries.map(\.message) }

    func service(_ mode: SpeechConfiguration.Mode, sink: InMemoryAudioSink = InMemoryAudioSink()) -> SpeechService {
        SpeechService(configuration: SpeechConfiguration(mode: mode), loop: loop, logger: logger, scheduling: .inline) { _ in .success(sink) }
    }

    @Test func offStartsNothing() {
        let speech = service(.off)
        var opened = false
        speech.start(reading: nil, jack: { opened = true; return nil })
        #expect(!speech.isOn && !opened)
        #expect(loop.watchCount == 0 && loop.armedTimerCount == 0)
        #expect(lines.isEmpty)
    }

    @Test func onSpeaksAtOnce() {
        let sink = InMemoryAudioSink()
        let speech = service(.on, sink: sink)
        var attached: [Bool] = []
        speech.synthesizerDidChange = { attached.append($0 != nil) }
        speech.start()
        speech.synthesizer?.speak(SpeechUtterance("Welcome"))
        #expect(sink.texts == ["Welcome"])
        #expect(attached == [true])
        #expect(lines.contains { $0.hasPrefix("speech: on — speech = \"on\"") })
        speech.stop()
        #expect(attached == [true, false])
        #expect(!speech.isOn)
    }

    @Test func headphonesTurnSpeechOnAndOff() throws {
        let node = FakeJackNode()
        let speech = service(.onHeadphones)
        var attached: [Bool] = []
        speech.synthesizerDidChange = { attached.append($0 != nil) }
        speech.start(reading: nil, jack: { try? HeadphoneJack(node: node, loop: loop, logger: logger) })
        #expect(!speech.isOn)
        #expect(lines.last?.contains("off until headphones are plugged into /dev/input/event5") == true)
        node.flip(1)
        loop.setReadiness(.readable, of: 40)
        loop.runTurn()
        #expect(speech.isOn)
        #expect(lines.last?.hasPrefix("speech: on — headphones plugged in") == true)
        node.flip(0)
        loop.runTurn()
        loop.setReadiness([], of: 40)
        #expect(!speech.isOn)
        #expect(lines.last == "speech: off — headphones pulled out")
        #expect(attached == [true, false])
        speech.stop()
        #expect(node.closed)
        #expect(loop.watchCount == 0)
    }

    @Test func headphonesInAtStartSpeakAtOnce() {
        let node = FakeJackNode()
        node.state = 1
        let speech = service(.onHeadphones)
        speech.start(reading: nil, jack: { try? HeadphoneJack(node: node, loop: loop, logger: logger) })
        #expect(speech.isOn)
    }

    @Test func noSoundDeviceSpeaksSilentlyAndSaysSo() {
        let speech = SpeechService(configuration: SpeechConfiguration(mode: .on), loop: loop, logger: logger, scheduling: .inline) { _ in
            .failure(.audioUnavailable(device: "default", message: "No such file or directory"))
        }
        speech.start()
        #expect(speech.isOn)
        #expect(speech.synthesizer?.sink is SilentAudioSink)
        #expect(lines.contains { $0.contains("no sound device \"default\"") && $0.contains("speech continues silently") })
        speech.synthesizer?.speak(SpeechUtterance("Still fine"))
        #expect(lines.last == "speech (no sound): \"Still fine\" [en]")
    }
}

/// The service installs a screen reader on the application while speech is on.
@MainActor
@Suite struct SpeechServiceReaderTests {
    @Test func theReaderFollowsTheHeadphones() throws {
        let platform = HeadlessPlatform(mode: DisplayMode(width: 400, height: 300))
        let app = Application(platform: platform)
        let window = Window(frame: app.screen.bounds)
        let button = Button(frame: Rect(x: 20, y: 20, width: 200, height: 50))
        button.setTitle("Start", for: .normal)
        window.addSubview(button)
        window.makeKeyAndVisible(in: app)
        platform.manualMainLoop.advance(by: 0.1)
        let sink = InMemoryAudioSink()
        let node = FakeJackNode()
        let speech = SpeechService(configuration: SpeechConfiguration(mode: .onHeadphones), loop: platform.manualMainLoop,
                                   scheduling: .inline) { _ in .success(sink) }
        speech.start(reading: app, jack: { try? HeadphoneJack(node: node, loop: platform.manualMainLoop, logger: Logger(label: "test")) })
        #expect(app.accessibilityObserver == nil && app.touchInterceptor == nil)
        node.flip(1)
        platform.manualMainLoop.setReadiness(.readable, of: 40)
        platform.manualMainLoop.runTurn()
        #expect(app.accessibilityObserver === speech.screenReader)
        #expect(sink.texts == ["Start", "button"], "plugging in says the screen's first element")
        node.flip(0)
        platform.manualMainLoop.runTurn()
        platform.manualMainLoop.setReadiness([], of: 40)
        #expect(app.accessibilityObserver == nil && app.touchInterceptor == nil && speech.screenReader == nil)
    }
}
