import Foundation
import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

// Seeded random input through the real input path (`InputEvent`s from an input source, drained
// by the run loop into `Application.post`) into an app that misbehaves on purpose: it removes
// and re-adds views, presents and dismisses controllers, cancels every touch, turns the screen
// and hides its window from inside touch handlers and actions, and applies the touches' raw
// values to views' geometry, and now and then numbers no touch can carry any more (huge and
// non-finite: input is bounded where it enters, issue 35). After every batch and at every
// checkpoint the invariants of issue 13 are checked, and every location a view or recognizer
// hears must be finite and within the bounds input is kept to.
//
// The number of events is VITRINE_HOSTILE_EVENTS (default 1,000,000 over all seeds); a failure
// names its seed, and `VITRINE_HOSTILE_SEEDS=1,2` replays chosen seeds.

/// What every view and recognizer heard of each touch, keyed by listener and touch.
@MainActor
final class TouchLedger {
    struct Key: Hashable {
        let listener: ObjectIdentifier
        let sequence: UInt64
    }
    /// Touches a view heard begin and not yet end (views must hear exactly one end).
    private(set) var openAtViews: [Key: String] = [:]
    /// Touches a view or recognizer heard end; nothing more may come for them.
    private var closed: Set<Key> = []
    /// Touches a recognizer heard begin.
    private var begunAtRecognizers: Set<Key> = []
    private(set) var violations: [String] = []
    private(set) var callbacks = 0
    /// How far from the window's origin a location heard may be: the input bounds
    /// (`Application.inputReach` screens around the screen) and some slack.
    var locationLimit = Double.infinity

    private func fail(_ text: String) {
        if violations.count < 20 { violations.append(text) }
    }

    private func checkLocations(_ touches: TouchSet, _ name: String) {
        for touch in touches {
            let location = touch.location(in: nil)
            guard location.x.isFinite, location.y.isFinite, abs(location.x) <= locationLimit, abs(location.y) <= locationLimit else {
                fail("\(name) heard touch #\(touch.sequenceNumber) at \(location), beyond the input bounds")
                continue
            }
        }
    }

    func viewBegan(_ view: AnyObject, _ touches: TouchSet, _ name: String) {
        callbacks += 1
        checkLocations(touches, name)
        for touch in touches {
            let key = Key(listener: ObjectIdentifier(view), sequence: touch.sequenceNumber)
            if openAtViews[key] != nil || closed.contains(key) { fail("\(name) heard touch #\(touch.sequenceNumber) begin twice") }
            openAtViews[key] = name
        }
    }

    func viewMoved(_ view: AnyObject, _ touches: TouchSet, _ name: String) {
        callbacks += 1
        checkLocations(touches, name)
        for touch in touches where openAtViews[Key(listener: ObjectIdentifier(view), sequence: touch.sequenceNumber)] == nil {
            fail("\(name) heard touch #\(touch.sequenceNumber) move without being open")
        }
    }

    func viewEnded(_ view: AnyObject, _ touches: TouchSet, _ name: String, _ how: String) {
        callbacks += 1
        for touch in touches {
            let key = Key(listener: ObjectIdentifier(view), sequence: touch.sequenceNumber)
            if openAtViews.removeValue(forKey: key) == nil {
                fail("\(name) heard touch #\(touch.sequenceNumber) \(how) without being open (a second end?)")
            }
            closed.insert(key)
        }
    }

    func recognizerHeard(_ recognizer: AnyObject, _ touches: TouchSet, _ name: String, _ how: String) {
        callbacks += 1
        if how == "began" || how == "moved" { checkLocations(touches, name) }
        for touch in touches {
            let key = Key(listener: ObjectIdentifier(recognizer), sequence: touch.sequenceNumber)
            if closed.contains(key) { fail("\(name) heard touch #\(touch.sequenceNumber) \(how) after its end") }
            switch how {
            case "began":
                if !begunAtRecognizers.insert(key).inserted { fail("\(name) heard touch #\(touch.sequenceNumber) begin twice") }
            case "ended", "cancelled":
                if !begunAtRecognizers.contains(key) { fail("\(name) heard touch #\(touch.sequenceNumber) \(how) before its began") }
                closed.insert(key)
            default:
                if !begunAtRecognizers.contains(key) { fail("\(name) heard touch #\(touch.sequenceNumber) \(how) before its began") }
            }
        }
    }

    /// Forgets what is finished, so the ledger stays small over a million events.
    func compact() {
        closed.removeAll(keepingCapacity: true)
        begunAtRecognizers.removeAll(keepingCapacity: true)
    }
}

/// What app code does inside handlers, chosen by the run's random stream.
@MainActor
final class Mischief {
    var random: SeededRandom
    weak var app: Application?
    weak var window: Window?
    var root: ViewController?
    var views: [View] = []
    var rate = 0.08

    init(seed: UInt64) { random = SeededRandom(seed: seed ^ 0xA5A5_5A5A) }

    /// Undoes the damage: the window shown, presentations dismissed, every view back in the
    /// tree with sane geometry and its recognizers enabled.
    func repair() {
        window?.isHidden = false
        root?.dismiss(animated: false)
        guard let panel = views.first, let home = root?.view else { return }
        // Rebuilt from the top: mischief may have nested the panel inside one of its children.
        for view in views { view.removeFromSuperview() }
        home.addSubview(panel)
        for (index, view) in views.enumerated() {
            if index > 0 { panel.addSubview(view) }
            view.transform = .identity
            // A negative size set by mischief moved the bounds' origin (the rectangle is kept
            // standardized): back to zero, or the panel's touches miss its children for good.
            view.bounds.origin = .zero
            if index == 0 { view.frame = Rect(x: 0, y: 0, width: 320, height: 200) }
            view.alpha = 1
            view.isUserInteractionEnabled = true
            for recognizer in view.gestureRecognizers { recognizer.isEnabled = true }
        }
    }

    private func hostilePoint() -> Point {
        let numbers: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 3e9, -3e9, 0, 160]
        return Point(x: numbers.randomElement(using: &random)!, y: numbers.randomElement(using: &random)!)
    }

    /// Maybe does something nasty; `touches` are the touches being delivered (their raw values
    /// feed the geometry).
    func strike(_ touches: TouchSet?, from view: View?) {
        guard Double.random(in: 0..<1, using: &random) < rate, let app, let window else { return }
        // Touches arrive bounded; a handler's own arithmetic need not be: a fourth of the time
        // it applies numbers no touch carries (huge, infinite, NaN).
        let touched = touches?.first.map { $0.location(in: nil) } ?? .zero
        let location = Int.random(in: 0..<4, using: &random) == 0 ? hostilePoint() : touched
        switch Int.random(in: 0..<12, using: &random) {
        case 0:
            views.randomElement(using: &random)?.removeFromSuperview()
        case 1:
            guard let view = views.randomElement(using: &random),
                  let parent = ([window] + views).randomElement(using: &random),
                  parent !== view, !parent.isDescendant(of: view) else { return }
            parent.addSubview(view)
        case 2:
            guard let root, root.presentedViewController == nil, root.viewIfLoaded?.window != nil else { return }
            let cover = ViewController()
            root.present(cover, animated: Bool.random(using: &random))
        case 3:
            root?.dismiss(animated: Bool.random(using: &random))
        case 4:
            app.cancelAllTouches()
        case 5:
            let rotations: [ScreenRotation] = [.none, .clockwise90, .upsideDown, .clockwise270]
            app.setScreenRotation(rotations.randomElement(using: &random)!)
        case 6:
            window.isHidden = true
        case 7:
            // The usual pinch handler, fed the touch's raw numbers.
            guard let view = view ?? views.randomElement(using: &random) else { return }
            let factor = location.x / 100
            view.transform = view.transform.concatenating(AffineTransform(scaleX: factor, y: factor))
        case 8:
            guard let view = view ?? views.randomElement(using: &random) else { return }
            view.center = location
        case 9:
            guard let view = view ?? views.randomElement(using: &random) else { return }
            view.bounds.size = Size(width: location.x, height: location.y)
            view.alpha = location.y / 480
        case 10:
            guard let view = views.randomElement(using: &random) else { return }
            view.isUserInteractionEnabled.toggle()
        default:
            guard let view = views.randomElement(using: &random) else { return }
            for recognizer in view.gestureRecognizers { recognizer.isEnabled.toggle() }
        }
    }
}

/// A view that writes what it hears into the ledger and lets mischief strike.
@MainActor
final class HostileView: View {
    let ledger: TouchLedger
    let mischief: Mischief
    let name: String

    init(_ name: String, frame: Rect, ledger: TouchLedger, mischief: Mischief) {
        self.name = name
        self.ledger = ledger
        self.mischief = mischief
        super.init(frame: frame)
        backgroundColor = Color(red: 0.3, green: 0.5, blue: 0.7, alpha: 0.8)
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        ledger.viewBegan(self, touches, name)
        mischief.strike(touches, from: self)
    }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        ledger.viewMoved(self, touches, name)
        mischief.strike(touches, from: self)
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        ledger.viewEnded(self, touches, name, "ended")
        mischief.strike(touches, from: self)
    }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        ledger.viewEnded(self, touches, name, "cancelled")
        mischief.strike(touches, from: self)
    }
}

/// A button that writes what it hears into the ledger (and still tracks, highlights and fires).
@MainActor
final class HostileButton: Button {
    var ledger: TouchLedger?
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        ledger?.viewBegan(self, touches, "button")
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        ledger?.viewMoved(self, touches, "button")
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        ledger?.viewEnded(self, touches, "button", "ended")
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        ledger?.viewEnded(self, touches, "button", "cancelled")
        super.touchesCancelled(touches, with: event)
    }
}

/// Subclasses of every recognizer kind that write what they hear into the ledger.
@MainActor protocol LedgerRecognizer: GestureRecognizer {
    var ledger: TouchLedger? { get set }
}

@MainActor final class LedgerTap: TapGestureRecognizer, LedgerRecognizer {
    var ledger: TouchLedger?
    override func touchesBegan(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "tap", "began"); super.touchesBegan(t, with: e) }
    override func touchesMoved(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "tap", "moved"); super.touchesMoved(t, with: e) }
    override func touchesEnded(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "tap", "ended"); super.touchesEnded(t, with: e) }
    override func touchesCancelled(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "tap", "cancelled"); super.touchesCancelled(t, with: e) }
}

@MainActor final class LedgerLongPress: LongPressGestureRecognizer, LedgerRecognizer {
    var ledger: TouchLedger?
    override func touchesBegan(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "long", "began"); super.touchesBegan(t, with: e) }
    override func touchesMoved(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "long", "moved"); super.touchesMoved(t, with: e) }
    override func touchesEnded(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "long", "ended"); super.touchesEnded(t, with: e) }
    override func touchesCancelled(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "long", "cancelled"); super.touchesCancelled(t, with: e) }
}

@MainActor final class LedgerPan: PanGestureRecognizer, LedgerRecognizer {
    var ledger: TouchLedger?
    override func touchesBegan(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "pan", "began"); super.touchesBegan(t, with: e) }
    override func touchesMoved(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "pan", "moved"); super.touchesMoved(t, with: e) }
    override func touchesEnded(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "pan", "ended"); super.touchesEnded(t, with: e) }
    override func touchesCancelled(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "pan", "cancelled"); super.touchesCancelled(t, with: e) }
}

@MainActor final class LedgerSwipe: SwipeGestureRecognizer, LedgerRecognizer {
    var ledger: TouchLedger?
    override func touchesBegan(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "swipe", "began"); super.touchesBegan(t, with: e) }
    override func touchesMoved(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "swipe", "moved"); super.touchesMoved(t, with: e) }
    override func touchesEnded(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "swipe", "ended"); super.touchesEnded(t, with: e) }
    override func touchesCancelled(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "swipe", "cancelled"); super.touchesCancelled(t, with: e) }
}

@MainActor final class LedgerPinch: PinchGestureRecognizer, LedgerRecognizer {
    var ledger: TouchLedger?
    override func touchesBegan(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "pinch", "began"); super.touchesBegan(t, with: e) }
    override func touchesMoved(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "pinch", "moved"); super.touchesMoved(t, with: e) }
    override func touchesEnded(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "pinch", "ended"); super.touchesEnded(t, with: e) }
    override func touchesCancelled(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "pinch", "cancelled"); super.touchesCancelled(t, with: e) }
}

@MainActor final class LedgerRotation: RotationGestureRecognizer, LedgerRecognizer {
    var ledger: TouchLedger?
    override func touchesBegan(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "rotation", "began"); super.touchesBegan(t, with: e) }
    override func touchesMoved(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "rotation", "moved"); super.touchesMoved(t, with: e) }
    override func touchesEnded(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "rotation", "ended"); super.touchesEnded(t, with: e) }
    override func touchesCancelled(_ t: TouchSet, with e: Event) { ledger?.recognizerHeard(self, t, "rotation", "cancelled"); super.touchesCancelled(t, with: e) }
}

/// The app under attack and the stream that attacks it.
@MainActor
final class HostileRun {
    let seed: UInt64
    let platform: HeadlessPlatform
    let app: Application
    let window: Window
    let ledger = TouchLedger()
    let mischief: Mischief
    let source: ScriptedInput
    var random: SeededRandom
    var recognizers: [GestureRecognizer] = []
    /// Slots the stream believes are down, in order (a Set's order changes from run to run).
    var fingersDown: [Int] = []
    var eventsSent = 0
    let slots = 12

    var loop: ManualMainLoop { platform.manualMainLoop }
    var clock: ManualClock { platform.manualMainLoop.manualClock }

    init(seed: UInt64) {
        self.seed = seed
        random = SeededRandom(seed: seed)
        mischief = Mischief(seed: seed)
        platform = HeadlessPlatform(mode: DisplayMode(width: 320, height: 200), touchCapacity: 10)
        app = Application(platform: platform)
        source = platform.input
        app.autoRotates = true
        window = Window(frame: app.screen.bounds)
        let root = ViewController()
        window.rootViewController = root
        window.makeKeyAndVisible(in: app)
        mischief.app = app
        mischief.window = window
        mischief.root = root
        ledger.locationLimit = (Application.inputReach + 2) * 320
        build(in: root.view)
        loop.runUntilIdle()
    }

    private func attach<R: LedgerRecognizer>(_ recognizer: R, to view: View) -> R {
        recognizer.ledger = ledger
        recognizer.addAction { [mischief] recognizer in mischief.strike(recognizer.trackedTouches, from: recognizer.view) }
        view.addGestureRecognizer(recognizer)
        recognizers.append(recognizer)
        return recognizer
    }

    private func build(in root: View) {
        // A card with a double tap over a single tap that waits for it, a pan holding a pinch
        // and a rotation that recognize together, a long press, swipes, and buttons.
        let card = HostileView("card", frame: Rect(x: 10, y: 10, width: 180, height: 150), ledger: ledger, mischief: mischief)
        let double = attach(LedgerTap(), to: card)
        double.numberOfTapsRequired = 2
        let single = attach(LedgerTap(), to: card)
        single.require(toFail: double)
        let panel = HostileView("panel", frame: Rect(x: 0, y: 0, width: 320, height: 200), ledger: ledger, mischief: mischief)
        panel.isMultipleTouchEnabled = true
        _ = attach(LedgerPan(), to: panel)
        _ = attach(LedgerPinch(), to: panel)
        _ = attach(LedgerRotation(), to: panel)
        let pressable = HostileView("pressable", frame: Rect(x: 200, y: 10, width: 110, height: 80), ledger: ledger, mischief: mischief)
        _ = attach(LedgerLongPress(), to: pressable)
        let swipe = attach(LedgerSwipe(), to: pressable)
        swipe.direction = [.left, .right]
        let exclusive = HostileView("exclusive", frame: Rect(x: 200, y: 100, width: 110, height: 40), ledger: ledger, mischief: mischief)
        exclusive.isExclusiveTouch = true
        panel.addSubview(card)
        panel.addSubview(pressable)
        panel.addSubview(exclusive)
        root.addSubview(panel)
        mischief.views = [panel, card, pressable, exclusive]
        for index in 0..<3 {
            let button = HostileButton(frame: Rect(x: 10 + Double(index) * 60, y: 165, width: 55, height: 30))
            button.ledger = ledger
            button.setTitle("B\(index)", for: .normal)
            _ = button.addAction({ [mischief] control in mischief.strike(nil, from: control) }, for: .touchUpInside)
            panel.addSubview(button)
            mischief.views.append(button)
        }
    }

    // MARK: The stream

    private func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    private func coordinate(_ limit: Double) -> Double {
        switch Int.random(in: 0..<100, using: &random) {
        case 0: return .nan
        case 1: return [Double.infinity, -.infinity].randomElement(using: &random)!
        case 2: return [1e300, -1e300, 3e9, -3e9].randomElement(using: &random)!
        case 3...6: return Double.random(in: -limit...(2 * limit), using: &random)
        default: return Double.random(in: 0...limit, using: &random)
        }
    }

    private func location() -> Point { Point(x: coordinate(360), y: coordinate(360)) }

    private func timestamp() -> Double {
        switch Int.random(in: 0..<200, using: &random) {
        case 0: return .nan
        case 1: return clock.now - 5
        default: return clock.now
        }
    }

    private func send(_ event: InputEvent) {
        source.send(event)
        eventsSent += 1
    }

    private func identifier(_ slot: Int) -> TouchIdentifier {
        TouchIdentifier(device: slot == 11 ? 1 : 0, slot: slot)
    }

    /// One random input event (or a short burst that belongs together).
    func step() {
        let slot = Int.random(in: 0..<slots, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<18:
            send(.touchDown(identifier(slot), location: location(), majorRadius: 0, timestamp: timestamp()))
            if !fingersDown.contains(slot) { fingersDown.append(slot) }
        case 18..<48:
            guard let down = fingersDown.randomElement(using: &random) ?? Optional(slot) else { return }
            send(.touchMotion(identifier(down), location: location(), majorRadius: 0, timestamp: timestamp()))
        case 48..<62:
            let up = fingersDown.randomElement(using: &random) ?? slot
            send(.touchUp(identifier(up), timestamp: timestamp()))
            fingersDown.removeAll { $0 == up }
        case 62..<64:
            send(.touchCancel(identifier(slot), timestamp: timestamp()))
            fingersDown.removeAll { $0 == slot }
        case 64..<88:
            send(.touchFrame(timestamp: timestamp()))
        case 88:
            if chance(0.2) {
                let device = Int.random(in: 0...1, using: &random)
                send(.deviceRemoved(device: device, timestamp: timestamp()))
                fingersDown = fingersDown.filter { identifier($0).device != device }
            }
        case 89..<91:
            source.key(Int.random(in: 1...300, using: &random), chance(0.5) ? .pressed : .released)
            eventsSent += 1
        case 91:
            if chance(0.2) { send(.switchToggled(.lid, isOn: chance(0.5), timestamp: timestamp())) }
        case 92:
            send(.scroll(deltaX: coordinate(40), deltaY: coordinate(40), location: location(), timestamp: timestamp()))
        case 93..<97:
            send(.acceleration(acceleration(), timestamp: timestamp()))
        case 97:
            // The app puts its screen back together, as a real one would after a while.
            mischief.repair()
        default:
            // Time passes: timers (double-tap windows, long presses, animations) fire.
            loop.advance(by: Double.random(in: 0...0.12, using: &random))
        }
    }

    private func acceleration() -> Acceleration {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return Acceleration(x: .nan, y: 0, z: 0)
        case 1: return Acceleration(x: 0, y: 0, z: 1)                          // lying flat
        case 2: return Acceleration(x: 1.5, y: 0, z: 0)                        // a 1.5 g jolt
        default:
            let g = 1.0
            return [Acceleration(x: 0, y: g, z: 0), Acceleration(x: g, y: 0, z: 0),
                    Acceleration(x: 0, y: -g, z: 0), Acceleration(x: -g, y: 0, z: 0)].randomElement(using: &random)!
        }
    }

    // MARK: Invariants

    /// Lifts every finger, lets every timer and animation run out, and checks that nothing is
    /// left: no touch in the pool, no view with a touch that did not end, every recognizer
    /// back to `.possible`, no timer armed, no frame wanted, the loop asleep.
    func settle(_ place: String) {
        mischief.rate = 0
        for slot in 0..<slots { send(.touchUp(identifier(slot), timestamp: clock.now)) }
        send(.touchFrame(timestamp: clock.now))
        // The lid opens (a closed one keeps the display off, and an animation's frames wait).
        send(.switchToggled(.lid, isOn: false, timestamp: clock.now))
        fingersDown.removeAll()
        loop.advance(by: 0.05)
        window.isHidden = false
        app.autoRotates = false
        loop.advance(by: 3)
        check(place)
        app.autoRotates = true
        mischief.rate = 0.08
        ledger.compact()
    }

    func check(_ place: String) {
        let context = "seed \(seed), \(place), after \(eventsSent) events"
        #expect(ledger.violations.isEmpty, "\(context): \(ledger.violations)")
        #expect(app.touchPool.activeCount == 0, "\(context): \(app.touchPool.activeCount) touches left in the pool")
        #expect(ledger.openAtViews.isEmpty, "\(context): touches that never ended at \(Set(ledger.openAtViews.values))")
        for recognizer in recognizers where recognizer.state != .possible {
            Issue.record("\(context): \(type(of: recognizer)) left in \(recognizer.state) with \(recognizer.numberOfTouches) touches")
        }
        #expect(loop.armedTimerCount == 0, "\(context): \(loop.armedTimerCount) timers still armed")
        #expect(!loop.hasWork, "\(context): the loop is not idle")
        #expect(!platform.virtualDisplay.isFrameRequested, "\(context): frames are still requested")
    }
}

@MainActor
struct HostileInputTests {
    nonisolated static var seeds: [UInt64] {
        if let chosen = ProcessInfo.processInfo.environment["VITRINE_HOSTILE_SEEDS"] {
            return chosen.split(separator: ",").compactMap { UInt64($0) }
        }
        return [1, 2, 3, 4]
    }

    nonisolated static var eventsPerSeed: Int {
        let total = ProcessInfo.processInfo.environment["VITRINE_HOSTILE_EVENTS"].flatMap { Int($0) } ?? 1_000_000
        return max(1, total / max(1, seeds.count))
    }

    @Test(arguments: HostileInputTests.seeds)
    func aMillionHostileEventsLeaveNoTouchBehind(seed: UInt64) {
        let run = HostileRun(seed: seed)
        let batch = 64
        var nextSettle = 20_000
        while run.eventsSent < Self.eventsPerSeed {
            for _ in 0..<batch { run.step() }
            run.loop.runUntilIdle()
            #expect(run.app.touchPool.activeCount <= run.app.touchPool.capacity)
            if !run.ledger.violations.isEmpty { break }
            if run.eventsSent >= nextSettle {
                run.settle("checkpoint")
                nextSettle += 20_000
                if !run.ledger.violations.isEmpty || run.app.touchPool.activeCount != 0 { break }
            }
        }
        run.settle("the end")
        #expect(run.ledger.callbacks > run.eventsSent / 100, "seed \(seed): the stream reached the app's views and recognizers")
    }
}

/// Input is made finite and bounded where it enters (`Application.admitted`, issue 35), and the
/// toolkit's conversions of geometry to indices never trap even past those bounds.
@MainActor
struct InputBoundsTests {
    let finger = TouchIdentifier(slot: 0)

    @Test func everyValueIsMadeFiniteAndBoundedWhereItEnters() {
        let logs = LogCapture(level: .warning)
        let app = Application(mainLoop: ManualMainLoop(), logger: logs.logger)   // 800×480 points
        let reach = Application.inputReach * 800
        // Off the screen within reach: as it came (a finger dragged past the edge).
        let offScreen = InputEvent.touchMotion(finger, location: Point(x: -500, y: 2000), majorRadius: 3, timestamp: 1)
        #expect(app.admitted(offScreen) == offScreen)
        // Farther: at the bounds, the radius at most the screen's side.
        #expect(app.admitted(.touchDown(finger, location: Point(x: 1e300, y: -3e9), majorRadius: 1e9, timestamp: 1))
                == .touchDown(finger, location: Point(x: 800 + reach, y: -reach), majorRadius: 800, timestamp: 1))
        #expect(app.admitted(.touchMotion(finger, location: Point(x: -.greatestFiniteMagnitude, y: 1e19), majorRadius: .nan, timestamp: 1))
                == .touchMotion(finger, location: Point(x: -reach, y: 480 + reach), majorRadius: 0, timestamp: 1))
        // Not finite: says nothing, dropped.
        #expect(app.admitted(.touchDown(finger, location: Point(x: .nan, y: 3), majorRadius: 0, timestamp: 1)) == nil)
        #expect(app.admitted(.touchMotion(finger, location: Point(x: 3, y: -.infinity), majorRadius: 0, timestamp: 1)) == nil)
        #expect(app.admitted(.scroll(deltaX: .nan, deltaY: 1, location: .zero, timestamp: 1)) == nil)
        #expect(app.admitted(.scroll(deltaX: 1, deltaY: 1, location: Point(x: .infinity, y: 0), timestamp: 1)) == nil)
        #expect(app.admitted(.acceleration(Acceleration(x: 0, y: .nan, z: 1), timestamp: 1)) == nil)
        // The wheel within a screen's side, accelerations within 16 g, the encoder within 1,000.
        #expect(app.admitted(.scroll(deltaX: -1e300, deltaY: 40, location: Point(x: 9e9, y: 5), timestamp: 1))
                == .scroll(deltaX: -800, deltaY: 40, location: Point(x: 800 + reach, y: 5), timestamp: 1))
        #expect(app.admitted(.acceleration(Acceleration(x: 1e300, y: -40, z: 1), timestamp: 1))
                == .acceleration(Acceleration(x: 16, y: -16, z: 1), timestamp: 1))
        #expect(app.admitted(.encoder(.rotated(Int.min), timestamp: 1)) == .encoder(.rotated(-1_000), timestamp: 1))
        let usual = InputEvent.key(code: 30, state: .pressed, characters: "a", modifiers: [], timestamp: 1)
        #expect(app.admitted(usual) == usual)
        // Thirteen values changed or dropped: logged at the 1st, 2nd, 4th and 8th.
        #expect(logs.messages(at: .warning).count == 4, "\(logs.messages(at: .warning))")
    }

    @Test func aGeometryValueBecomesAnIndexWithoutTrapping() {
        #expect(Int(clamping: .nan, to: 0...5) == 0)
        #expect(Int(clamping: .infinity, to: 0...5) == 5)
        #expect(Int(clamping: -1e300, to: 0...5) == 0)
        #expect(Int(clamping: 1e300, to: -3...3) == 3)
        #expect(Int(clamping: 2.9, to: 0...5) == 2)
        #expect(Int(clamping: -2.9, to: -5...5) == -2)
        #expect(Int(clamping: 1e19, to: Int.min...Int.max) == Int.max)
        #expect(Int(clamping: -1e19, to: Int.min...Int.max) == Int.min)
        #expect(Int(clamping: 9.3e18, to: Int.min...Int.max) == Int.max)
    }

    /// What trapped: a finger that began on a key moved to a huge coordinate
    /// (`KeyboardView.key(at:)` converted the row to `Int`). Through the application the point
    /// is bounded; the keyboard alone, asked directly, must not trap either.
    @Test func aFingerFlungFromTheKeyboardEndsQuietly() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        let view: KeyboardView = h.app.keyboard.view
        let far: [Double] = [1e300, -1e300, 3e9, -3e9, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0]
        for x in far { for y in far { _ = view.key(at: Point(x: x, y: y)) } }
        #expect(view.key(at: Point(x: 5, y: 1e300)) === view.rows.last?.first { $0.kind != .blank })
        #expect(view.key(at: Point(x: .nan, y: 5)) == nil)

        h.down(0, at: h.keyCentre("q"))
        h.move(0, to: Point(x: 1e300, y: 1e300))
        h.move(0, to: Point(x: -3e9, y: .nan))
        h.up(0)
        h.advance(by: 1)
        #expect(h.app.touchPool.activeCount == 0)
        #expect(field.isEditing)
        // A long press's alternates, then the finger far away: the nearest alternate.
        h.down(0, at: h.keyCentre("e"))
        h.advance(by: 1)
        h.move(0, to: Point(x: 1e300, y: 0))
        h.up(0)
        h.advance(by: 1)
        #expect(h.app.touchPool.activeCount == 0)
    }

    /// A picker wheel scrolled to an offset no finger gives (an app's bad arithmetic) lays out
    /// no rows rather than trapping.
    @Test func aPickerWheelFarAwayLaysOutWithoutTrapping() {
        let h = Harness()
        let picker = PickerView(frame: Rect(x: 100, y: 40, width: 300, height: 216))
        let rows = FixedRows()
        picker.dataSource = rows
        h.window.addSubview(picker)
        picker.layoutIfNeeded()
        let wheels = picker.subviews.compactMap { $0 as? PickerWheel }
        #expect(!wheels.isEmpty)
        for wheel in wheels {
            for offset in [1e300, -1e300, 3e19, -3e19] {
                wheel.bounds.origin = Point(x: 0, y: offset)
                wheel.setNeedsLayout()
                wheel.layoutIfNeeded()
            }
            wheel.bounds.origin = .zero
        }
        h.loop.runUntilIdle()
    }

    @MainActor private final class FixedRows: PickerViewDataSource {
        func numberOfComponents(in pickerView: PickerView) -> Int { 1 }
        func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { 50 }
    }
}

/// Geometry an app computes badly (NaN, infinite) is ignored by the view, which stays where it
/// was: kept, an infinite bounds size standardized into an infinite origin for good, and the
/// view and all it holds could never be touched again.
@MainActor
struct NonFiniteGeometryTests {
    @Test func aViewIgnoresNonFiniteGeometryAndStaysWhereItWas() {
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        let frame = view.frame, bounds = view.bounds
        view.bounds.size = Size(width: -.infinity, height: 40)
        view.bounds = Rect(x: .nan, y: 0, width: 10, height: 10)
        view.frame = Rect(x: 0, y: 0, width: .infinity, height: 10)
        view.center = Point(x: 3, y: .nan)
        view.transform = AffineTransform(scaleX: .nan, y: 1)
        #expect(view.frame == frame)
        #expect(view.bounds == bounds)
        #expect(view.transform.isIdentity)
        // Finite values still apply.
        view.bounds.size = Size(width: 30, height: 40)
        view.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(view.bounds == Rect(x: 0, y: 0, width: 30, height: 40))
        #expect(view.frame == Rect(x: 30, y: 5, width: 60, height: 80))
    }

    @Test func aViewGivenNonFiniteGeometryStillTakesTouches() {
        let h = Harness()
        let view = RecordingView("target", frame: Rect(x: 0, y: 0, width: 320, height: 200))
        h.window.addSubview(view)
        view.bounds.size = Size(width: -.infinity, height: .nan)
        view.frame = Rect(x: 0, y: 0, width: 320, height: 200)
        h.down(0, at: Point(x: 50, y: 50))
        h.up(0)
        h.advance(by: 0.1)
        #expect(view.log == ["began 1", "ended 1"])
    }
}
