import Testing
import VitrineTestSupport
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless
@testable import VitrineSpeech

/// A view that counts the touches it is told about, by phase.
@MainActor
final class TouchCounter: View {
    var began = 0, ended = 0, cancelled = 0
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { began += touches.count }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { ended += touches.count }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { cancelled += touches.count }
}

/// Seeded random fingers (downs, moves, ups, cancels, several at once, time passing) while the
/// reader is installed and uninstalled midway: every touch the app saw begin ends or is
/// cancelled exactly once, and a direct-interaction view keeps getting its fingers.
@MainActor
@Suite struct ScreenReaderRandomTouchTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func everyTouchTheAppSawEndsOnce(seed: UInt64) throws {
        let platform = HeadlessPlatform(mode: DisplayMode(width: 800, height: 480))
        let app = Application(platform: platform)
        let window = Window(frame: app.screen.bounds)
        window.makeKeyAndVisible(in: app)
        let plain = TouchCounter(frame: Rect(x: 0, y: 0, width: 400, height: 480))
        plain.isMultipleTouchEnabled = true
        plain.isAccessibilityElement = true
        plain.accessibilityLabel = "Map"
        let pad = TouchCounter(frame: Rect(x: 400, y: 0, width: 400, height: 480))
        pad.isMultipleTouchEnabled = true
        pad.isAccessibilityElement = true
        pad.accessibilityLabel = "Signature"
        pad.accessibilityTraits = .allowsDirectInteraction
        window.addSubview(plain)
        window.addSubview(pad)
        let loop = platform.manualMainLoop, input = platform.input
        loop.advance(by: 0.1)
        let sink = InMemoryAudioSink()
        let speech = try EspeakSynthesizer(configuration: SpeechConfiguration(mode: .on), sink: sink, scheduling: .inline)
        let reader = ScreenReader(synthesizer: speech, application: app)

        var random = SeededRandom(seed: seed)
        var down: Set<Int> = []
        for step in 0..<3000 {
            if step == 300 { reader.install() }
            if step == 2000 { reader.uninstall() }
            if step == 2300 { reader.install() }
            let slot = Int.random(in: 0..<4, using: &random)
            let point = Point(x: Double.random(in: 0..<800, using: &random), y: Double.random(in: 0..<480, using: &random))
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3:
                if down.contains(slot) { input.move(slot, to: point) } else { input.down(slot, at: point); down.insert(slot) }
            case 3..<6:
                if down.contains(slot) { input.move(slot, to: point) }
            case 6..<8:
                if down.remove(slot) != nil { input.up(slot) }
            case 8:
                if down.remove(slot) != nil { input.cancel(slot) }
            default:
                loop.advance(by: Double.random(in: 0...0.4, using: &random))
            }
            input.frame()
            loop.runUntilIdle()
        }
        for slot in down { input.up(slot) }
        input.frame()
        loop.advance(by: 1)
        for view in [plain, pad] {
            #expect(view.began == view.ended + view.cancelled, "seed \(seed): \(view.accessibilityLabel ?? "") began \(view.began), ended \(view.ended), cancelled \(view.cancelled)")
        }
        #expect(pad.began > 0)
        #expect(!sink.records.isEmpty, "exploring said something")
        #expect(!reader.exploration.isTimerArmed)
    }
}
