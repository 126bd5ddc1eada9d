import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless
@testable import VitrineSpeech

/// A view that records the touches it gets (a custom view, or a signature pad).
@MainActor
final class TouchLog: View {
    var log: [String] = []
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { log.append("began") }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { log.append("moved") }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { log.append("ended") }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { log.append("cancelled") }
}

/// The screen reader on real espeak-ng (synchronous mode, `.inline`) into an in-memory sink,
/// with touches through `ScriptedInput` on the manual loop.
@MainActor
@Suite struct ScreenReaderTests {
    let platform = HeadlessPlatform(mode: DisplayMode(width: 800, height: 480))
    let app: Application
    let window: Window
    let sink = InMemoryAudioSink()
    let speech: EspeakSynthesizer
    let reader: ScreenReader
    var loop: ManualMainLoop { platform.manualMainLoop }
    var input: ScriptedInput { platform.input }

    let checkIn = Button(frame: Rect(x: 40, y: 40, width: 200, height: 60))
    let rooms = Button(frame: Rect(x: 300, y: 40, width: 200, height: 60))
    var fired: [String] = []

    init() throws {
        app = Application(platform: platform)
        window = Window(frame: app.screen.bounds)
        window.makeKeyAndVisible(in: app)
        speech = try EspeakSynthesizer(configuration: SpeechConfiguration(mode: .on), sink: sink, scheduling: .inline)
        reader = ScreenReader(synthesizer: speech, application: app)
        checkIn.setTitle("Check in", for: .normal)
        checkIn.accessibilityHint = "Starts your check-in"
        rooms.setTitle("Rooms", for: .normal)
        window.addSubview(checkIn)
        window.addSubview(rooms)
        loop.advance(by: 0.1)   // the first frame reaches the (virtual) screen
    }

    func frame() {
        input.frame()
        loop.runUntilIdle()
    }

    func tap(at point: Point) {
        input.down(0, at: point)
        frame()
        loop.advance(by: 0.05)
        input.up(0)
        frame()
    }

    func swipe(from start: Point, by dx: Double) {
        input.down(0, at: start)
        frame()
        for step in 1...4 {
            loop.advance(by: 0.03)
            input.move(0, to: Point(x: start.x + dx * Double(step) / 4, y: start.y))
            frame()
        }
        input.up(0)
        frame()
    }

    @Test func focusSaysLabelTraitsThenHintAfterAPause() {
        reader.accessibilityFocusDidChange(to: checkIn)
        #expect(sink.texts == ["Check in", "button", "Starts your check-in"])
        #expect(sink.records.allSatisfy { $0.loudSampleCount > 200 })
        let pause = Int(reader.hintDelay * Double(speech.sampleRate))
        #expect(sink.records[2].leadingSilence >= pause)
        #expect(sink.records[0].leadingSilence < pause)
        #expect(reader.cursor === checkIn)
    }

    @Test func anAdjustableSaysItsValueAndTrait() {
        let volume = Slider(frame: Rect(x: 40, y: 200, width: 200, height: 30))
        volume.value = 0.5
        volume.accessibilityLabel = "Volume"
        window.addSubview(volume)
        reader.accessibilityFocusDidChange(to: volume)
        #expect(sink.texts == ["Volume, 50 %", "adjustable"])
        volume.accessibilityIncrement()
        reader.accessibilityValueDidChange(of: volume)
        #expect(sink.texts.last == "60 %")
    }

    @Test func aTranslatedAppIsReadInItsLanguage() {
        let saved = Localization.current
        defer { Localization.current = saved }
        var strings = StringsBundle(sourceLanguage: "en")
        for language in ["de", "ar"] {
            strings.add(StringTable(name: "Localizable", language: language, entries: ["Rooms": Translation("·")]))
        }
        app.localizer = Localizer(bundle: strings, preferredLanguages: ["de"])
        let german = Button(frame: Rect(x: 40, y: 200, width: 200, height: 40))
        german.setTitle("Zimmer", for: .normal)
        let russian = Label(frame: Rect(x: 40, y: 240, width: 300, height: 30))
        russian.text = "Выход"
        let arabic = Button(frame: Rect(x: 40, y: 280, width: 200, height: 40))
        arabic.setTitle("الغرف", for: .normal)
        for view in [german, russian, arabic] { window.addSubview(view) }
        reader.accessibilityFocusDidChange(to: german)
        reader.accessibilityFocusDidChange(to: russian)
        app.localizer = Localizer(bundle: strings, preferredLanguages: ["ar"])
        reader.accessibilityFocusDidChange(to: arabic)
        // German words and the trait word in German; the Russian name by its script; then Arabic.
        #expect(sink.texts == ["Zimmer", "Taste", "Выход", "الغرف", "زر"])
        #expect(sink.records.map(\.utterance.voice) == ["de", "de", "ru", "ar", "ar"])
        #expect(sink.records.allSatisfy { $0.loudSampleCount > 200 })
    }

    @Test func theElementsLanguageOrScriptPicksTheVoice() {
        let label = Label(frame: Rect(x: 40, y: 200, width: 300, height: 30))
        label.text = "Départs"
        label.accessibilityLanguage = "fr-FR"
        let russian = Label(frame: Rect(x: 40, y: 240, width: 300, height: 30))
        russian.text = "Выход"
        let chinese = Label(frame: Rect(x: 40, y: 280, width: 300, height: 30))
        chinese.text = "出口"
        for view in [label, russian, chinese] { window.addSubview(view) }
        reader.accessibilityFocusDidChange(to: label)
        reader.accessibilityFocusDidChange(to: russian)
        reader.accessibilityFocusDidChange(to: chinese)
        reader.accessibilityFocusDidChange(to: rooms)
        #expect(sink.records.map(\.utterance.voice) == ["fr", "ru", "cmn", "en", "en"])
        #expect(sink.texts == ["Départs", "Выход", "出口", "Rooms", "button"])
    }

    @Test func theNextFocusChangeStopsAtOnceButAnnouncementsQueue() {
        reader.accessibilityFocusDidChange(to: checkIn)
        #expect(sink.stopCount == 0)
        reader.accessibilityAnnouncement("Card accepted", language: nil)
        #expect(sink.stopCount == 0)
        reader.accessibilityFocusDidChange(to: rooms)
        #expect(sink.stopCount == 1)
        #expect(sink.records.map(\.interrupted) == [false, false, false, true, false, false])
        #expect(sink.texts == ["Check in", "button", "Starts your check-in", "Card accepted", "Rooms", "button"])
    }

    @Test func aNewScreenSaysItsFirstElement() {
        reader.accessibilityScreenDidChange(focusing: nil)
        #expect(sink.texts.first == "Check in")
        reader.accessibilityScreenDidChange(focusing: rooms)
        #expect(sink.texts.suffix(2) == ["Rooms", "button"])
    }

    @Test func aFingerMovingOverTheScreenSaysWhatIsUnderItAndTheAppHearsNothing() {
        let pad = TouchLog(frame: Rect(x: 40, y: 200, width: 300, height: 100))
        window.addSubview(pad)
        var actions = 0
        checkIn.addAction({ _ in actions += 1 }, for: .touchUpInside)
        reader.install()
        sink.clear()
        input.down(0, at: Point(x: 100, y: 300))   // on the pad: no element, nothing said
        frame()
        input.move(0, to: Point(x: 100, y: 70))      // onto Check in
        frame()
        #expect(sink.texts == ["Check in", "button", "Starts your check-in"])
        input.move(0, to: Point(x: 120, y: 75))      // still Check in: not said again
        frame()
        input.move(0, to: Point(x: 400, y: 70))      // onto Rooms
        frame()
        input.up(0)
        frame()
        #expect(sink.texts.suffix(2) == ["Rooms", "button"])
        #expect(reader.cursor === rooms)
        #expect(pad.log.isEmpty)
        #expect(actions == 0)
        #expect(!reader.exploration.isTimerArmed, "the reader's timers are gone once the finger is up")
    }

    @Test func aFingerHeldStillSaysWhatIsUnderIt() {
        reader.install()
        sink.clear()
        input.down(0, at: Point(x: 400, y: 70))
        frame()
        #expect(sink.texts.isEmpty)
        loop.advance(by: ScreenReader.tapMaxDuration)
        #expect(sink.texts == ["Rooms", "button"])
        input.up(0)
        frame()
        #expect(!reader.exploration.isTimerArmed)
    }

    @Test func aSingleTapSaysTheElementAndADoubleTapAnywhereActivatesIt() {
        var actions: [String] = []
        checkIn.addAction({ _ in actions.append("check in") }, for: .touchUpInside)
        rooms.addAction({ _ in actions.append("rooms") }, for: .touchUpInside)
        reader.install()
        sink.clear()
        tap(at: Point(x: 400, y: 70))
        #expect(sink.texts.isEmpty, "a tap waits for a second one")
        loop.advance(by: ScreenReader.doubleTapInterval)
        #expect(sink.texts == ["Rooms", "button"])
        #expect(actions.isEmpty)
        // A double tap on empty screen, far from Rooms, activates Rooms.
        tap(at: Point(x: 700, y: 400))
        loop.advance(by: 0.1)
        tap(at: Point(x: 705, y: 405))
        #expect(actions == ["rooms"])
        loop.advance(by: 1)
        #expect(actions == ["rooms"])
        #expect(!reader.exploration.isTimerArmed)
    }

    @Test func swipesMoveToTheNextAndPreviousElement() {
        reader.install()
        #expect(reader.cursor === checkIn, "installing says the screen's first element")
        sink.clear()
        swipe(from: Point(x: 400, y: 300), by: 120)
        #expect(reader.cursor === rooms)
        #expect(sink.texts == ["Rooms", "button"])
        swipe(from: Point(x: 400, y: 300), by: 120)   // at the end: stays
        #expect(reader.cursor === rooms)
        swipe(from: Point(x: 400, y: 300), by: -120)
        #expect(reader.cursor === checkIn)
        #expect(sink.texts.suffix(3) == ["Check in", "button", "Starts your check-in"])
    }

    @Test func aDirectInteractionViewGetsItsTouches() {
        let signature = TouchLog(frame: Rect(x: 40, y: 200, width: 300, height: 100))
        signature.isAccessibilityElement = true
        signature.accessibilityLabel = "Signature"
        signature.accessibilityTraits = .allowsDirectInteraction
        window.addSubview(signature)
        reader.install()
        input.down(0, at: Point(x: 100, y: 250))
        frame()
        input.move(0, to: Point(x: 150, y: 260))
        frame()
        input.up(0)
        frame()
        #expect(signature.log == ["began", "moved", "ended"])
    }

    @Test func aViewWithoutAnActionIsActivatedByATapAtItsCentre() {
        let custom = TouchLog(frame: Rect(x: 40, y: 200, width: 300, height: 100))
        custom.isAccessibilityElement = true
        custom.accessibilityLabel = "Map"
        window.addSubview(custom)
        reader.install()
        reader.accessibilityFocusDidChange(to: custom)
        tap(at: Point(x: 600, y: 400))
        loop.advance(by: 0.1)
        tap(at: Point(x: 600, y: 400))
        #expect(custom.log == ["began", "ended"])
    }

    @Test func uninstalledTheAppGetsTouchesAgain() {
        var actions = 0
        checkIn.addAction({ _ in actions += 1 }, for: .touchUpInside)
        reader.install()
        tap(at: Point(x: 100, y: 70))
        #expect(actions == 0)
        reader.uninstall()
        loop.advance(by: 1)
        tap(at: Point(x: 100, y: 70))
        #expect(actions == 1)
        #expect(app.accessibilityObserver == nil)
    }

    @Test func aFingerDownBeforeInstallingStaysTheApps() {
        let pad = TouchLog(frame: Rect(x: 40, y: 200, width: 300, height: 100))
        window.addSubview(pad)
        input.down(0, at: Point(x: 100, y: 250))
        frame()
        reader.install()
        input.move(0, to: Point(x: 120, y: 250))
        frame()
        input.up(0)
        frame()
        #expect(pad.log == ["began", "moved", "ended"])
    }

    /// The focus engine's moves (Tab, arrows) reach the reader, which interrupts and says the
    /// new element.
    @Test func keysMoveFocusAndTheReaderSaysEachElement() {
        reader.install()
        sink.clear()
        for _ in 0..<2 {
            input.key(15, .pressed)   // Tab
            input.key(15, .released)
            loop.runUntilIdle()
        }
        #expect(app.focusedView === rooms)
        #expect(sink.texts.suffix(2) == ["Rooms", "button"])
        #expect(sink.texts.contains("Check in"))
        #expect(reader.cursor === rooms)
    }

    /// On a touch board (focus off), a pushed screen is said from its first element (the
    /// navigation bar's back button, as VoiceOver does), and swipes reach its content.
    @Test func aPushedScreenIsSaidFromItsFirstElement() {
        checkIn.removeFromSuperview()
        rooms.removeFromSuperview()
        let first = ViewController(), second = ViewController()
        let start = Button(frame: Rect(x: 40, y: 100, width: 200, height: 60))
        start.setTitle("Start", for: .normal)
        first.view.addSubview(start)
        let pay = Button(frame: Rect(x: 40, y: 100, width: 200, height: 60))
        pay.setTitle("Pay", for: .normal)
        second.view.addSubview(pay)
        let navigation = NavigationController(rootViewController: first)
        window.rootViewController = navigation
        loop.advance(by: 0.1)
        reader.install()
        loop.advance(by: 0.1)
        sink.clear()
        navigation.pushViewController(second, animated: true)
        loop.advance(by: 1)
        #expect(sink.texts.first?.contains("Back") == true)
        #expect(!sink.texts.contains("Start"))
        var swipes = 0
        while reader.cursor !== pay && swipes < 5 {
            swipe(from: Point(x: 400, y: 300), by: 120)
            swipes += 1
        }
        #expect(reader.cursor === pay)
        #expect(sink.texts.suffix(2) == ["Pay", "button"])
    }
}
