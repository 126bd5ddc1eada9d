#if canImport(Glibc)
import Glibc
#endif
import KioskDemo
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

// The demo kiosk under a seeded hostile input stream (issue 35): raw touches of up to 14
// fingers on two devices (more than the pool's 10), huge and non-finite coordinates, gestures
// aimed at the controls on screen so that the screens really change (taps, holds, flicks, pulls,
// edge swipes, typing on the on-screen keyboard, a finger flung far off the keyboard), keys of
// two keyboards (one plugged and unplugged), the wheel, the encoder, accelerometer samples
// (shakes, turns of the screen, nonsense), the lid, devices removed mid-touch, and time passing.
// What the stream reached is recorded (`Reached`), so a test fails if it never got somewhere.

/// One run of the stream through the demo.
@MainActor
final class DemoHostileRun {
    /// The places and components the stream must reach.
    enum Reached: String, CaseIterable, Comparable {
        case checkInForm, keyboardUp, typedOnKeyboard, keyboardFingerFlungFar, detailScreen, detailSwipedBack
        case alert, staffCalled, rooms, listFlicked, pulledToRefresh, roomDetail, hours, hoursScrolled
        case settings, settingChanged, navigationSwipeBack, workbench, pickerSpun, pickerSelected, datePickerChanged
        case gridScrolled, shake, rotated, poolOverflow, deviceRemovedMidTouch

        static func < (a: Reached, b: Reached) -> Bool { a.rawValue < b.rawValue }
    }

    let seed: UInt64
    let platform: HeadlessPlatform
    let app: WatchedApplication
    let kiosk: KioskDelegate
    /// Only errors are kept: the pool's warning for each finger past its capacity would fill
    /// memory over a million events.
    let logs = LogCapture(level: .error)
    let tally = HostileWorkbench.Tally()
    /// How many steps found the stream at each place (or doing each thing).
    private(set) var reachedCounts: [Reached: Int] = [:]
    var reached: Set<Reached> { Set(reachedCounts.keys) }
    private(set) var eventsSent = 0
    private(set) var failures: [String] = []
    var random: SeededRandom

    /// Fingers (slots) the stream believes down, in order (a Set's order changes between runs).
    private var fingers: [Int] = []
    private let slots = 14
    private var lidClosed = false
    private var hardwareKeyboardAttached = false
    /// The navigation stack's depth when an edge swipe began, and when one ended.
    private var swipeBeganDepth = 0
    private var swipeEnded: (depth: Int, time: Double)?
    /// The metatypes of the keyboard's key views and its view (internal to the toolkit), found
    /// by name once.
    private var keyType: ObjectIdentifier?
    private var keyboardViewType: ObjectIdentifier?

    var loop: ManualMainLoop { platform.manualMainLoop }
    var now: Double { loop.manualClock.now }
    var navigation: NavigationController? { kiosk.welcome.navigationController }

    init(seed: UInt64) {
        self.seed = seed
        random = SeededRandom(seed: seed)
        platform = HeadlessPlatform(mode: DisplayMode(width: 800, height: 480), touchCapacity: 10)
        // As `Application(platform:)`, with a logger of our own.
        app = WatchedApplication(mainLoop: platform.mainLoop, display: platform.display, screenScale: platform.screenScale,
                                 touchCapacity: platform.touchCapacity, logger: logs.logger(label: "vitrine"))
        app.addInputSource(platform.input)
        kiosk = KioskDelegate(secondsOfDay: 9 * 3600)
        kiosk.log = { [unowned self] in self.heard($0) }
        app.delegate = kiosk
        app.launch()
        // A board with an accelerometer may turn the screen: the stream's samples do.
        app.autoRotates = true
        loop.advance(by: 0.1)
        navigation?.interactivePopGestureRecognizer.addAction { [unowned self] recognizer in
            switch recognizer.state {
            case .began: self.swipeBeganDepth = self.navigation?.viewControllers.count ?? 0
            case .ended: self.swipeEnded = (self.swipeBeganDepth, self.now)
            default: break
            }
        }
    }

    // MARK: What the stream reached

    private func reach(_ place: Reached) { reachedCounts[place, default: 0] += 1 }

    /// What the kiosk logs tells where the stream went.
    private func heard(_ message: String) {
        if message.hasPrefix("swipe right") { reach(.detailSwipedBack) }
        if message.contains("staff called") { reach(.staffCalled) }
        if message.hasPrefix("pulled to refresh") { reach(.pulledToRefresh) }
        if message.hasPrefix("settings: ") { reach(.settingChanged) }
        if message.hasPrefix("shake") { reach(.shake) }
    }

    /// The screen on top: the navigation's top, or what is presented above it.
    private var topController: ViewController? {
        guard var top = navigation?.topViewController else { return nil }
        while let above = top.presentedViewController { top = above }
        return top
    }

    /// Looks at the screen after each step.
    func observe() {
        if app.keyboard.isVisible { reach(.keyboardUp) }
        if app.screenRotation != .none { reach(.rotated) }
        if tally.pickerSelections > 0 { reach(.pickerSelected) }
        if tally.dateChanges > 0 { reach(.datePickerChanged) }
        if tally.gridDrags > 0 { reach(.gridScrolled) }
        if app.touchPool.ignoredTouchCount > 0 { reach(.poolOverflow) }
        if let swipeEnded, let navigation {
            if navigation.viewControllers.count < swipeEnded.depth {
                reach(.navigationSwipeBack)
                self.swipeEnded = nil
            } else if now > swipeEnded.time + 1 {
                self.swipeEnded = nil
            }
        }
        guard let top = topController, top.isVisible else { return }
        switch top {
        case is CheckInController: reach(.checkInForm)
        case is DetailController: reach(.detailScreen)
        case is AlertController: reach(.alert)
        case let rooms as RoomsController:
            reach(.rooms)
            if rooms.tableView.isDecelerating { reach(.listFlicked) }
        case is RoomDetailController: reach(.roomDetail)
        case let hours as HoursController:
            reach(.hours)
            if hours.scrollView.contentOffset.y > 1 { reach(.hoursScrolled) }
        case is SettingsViewController: reach(.settings)
        case let bench as HostileWorkbench:
            reach(.workbench)
            if bench.picker.subviews.contains(where: { ($0 as? ScrollView)?.isDecelerating == true }) { reach(.pickerSpun) }
        default: break
        }
    }

    // MARK: Sending

    private func send(_ event: InputEvent) {
        platform.input.send(event)
        eventsSent += 1
    }

    /// The pool's touch of finger `identifier` that has not ended, if any.
    private func liveTouch(_ identifier: TouchIdentifier) -> Touch? {
        app.touchPool.activeTouches.first { $0.identifier == identifier && $0.phase != .ended && $0.phase != .cancelled }
    }

    private func identifier(_ slot: Int) -> TouchIdentifier {
        TouchIdentifier(device: slot >= 11 ? 1 : 0, slot: slot)
    }

    private func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    /// A timestamp: now, rarely NaN or from the past.
    private func timestamp() -> Double {
        switch Int.random(in: 0..<300, using: &random) {
        case 0: .nan
        case 1: now - 5
        default: now
        }
    }

    /// A coordinate along a side of `extent` points: mostly on it, sometimes off it, rarely huge
    /// or not finite.
    private func coordinate(_ extent: Double) -> Double {
        switch Int.random(in: 0..<100, using: &random) {
        case 0: .nan
        case 1: chance(0.5) ? .infinity : -.infinity
        case 2, 3: [1e300, -1e300, 3e9, -3e9, 1e19, -1e19, .greatestFiniteMagnitude].randomElement(using: &random)!
        case 4..<10: Double.random(in: -extent...(2 * extent), using: &random)
        default: Double.random(in: 0...extent, using: &random)
        }
    }

    private func location() -> Point {
        let bounds = app.screen.bounds
        return Point(x: coordinate(bounds.width), y: coordinate(bounds.height))
    }

    /// A location no screen has: huge or not finite.
    private func farLocation() -> Point {
        let far: [Double] = [1e300, -1e300, 3e9, -3e9, 1e19, .greatestFiniteMagnitude, .infinity, -.infinity, .nan]
        return Point(x: far.randomElement(using: &random)!, y: chance(0.5) ? far.randomElement(using: &random)! : 100)
    }

    /// A slot no finger of the stream holds, when there is one.
    private func freeSlot() -> Int {
        let free = (0..<slots).filter { !fingers.contains($0) }
        return free.randomElement(using: &random) ?? Int.random(in: 0..<slots, using: &random)
    }

    private func down(_ slot: Int, at point: Point) {
        send(.touchDown(identifier(slot), location: point, majorRadius: chance(0.02) ? coordinate(30) : 0, timestamp: timestamp()))
        if !fingers.contains(slot) { fingers.append(slot) }
    }

    private func move(_ slot: Int, to point: Point) {
        send(.touchMotion(identifier(slot), location: point, majorRadius: 0, timestamp: timestamp()))
    }

    private func up(_ slot: Int, cancelled: Bool = false) {
        send(cancelled ? .touchCancel(identifier(slot), timestamp: timestamp()) : .touchUp(identifier(slot), timestamp: timestamp()))
        fingers.removeAll { $0 == slot }
    }

    private func frame() { send(.touchFrame(timestamp: timestamp())) }

    // MARK: The stream

    /// One step: a raw event, a gesture aimed at something on screen, or time passing.
    func step() {
        switch Int.random(in: 0..<1000, using: &random) {
        case 0..<300: rawTouch()
        case 300..<560: aimedGesture()
        case 560..<620: key()
        case 620..<640: send(.scroll(deltaX: coordinate(60), deltaY: coordinate(60), location: aimedPoint() ?? location(), timestamp: timestamp()))
        case 640..<690: send(.acceleration(acceleration(), timestamp: timestamp()))
        case 690..<700: encoder()
        case 700..<703: tilt()
        case 703..<707: shake()
        case 707..<714: deviceEvent()
        case 714..<724: openWorkbench()
        case 724..<728: lid()
        case 728..<732: handful()
        case 732..<750: loop.advance(by: Double.random(in: 0.5...2.5, using: &random))
        default: loop.advance(by: Double.random(in: 0...0.25, using: &random))
        }
        if lidClosed && chance(0.1) { lid() }
        loop.runUntilIdle()
        checkRootView()
        checkForDeadScreens()
        observe()
    }

    // MARK: What the stream found beyond traps (DemoHostileFindingsTests.swift)

    /// When each view in the window that belongs to no screen shown was first seen there.
    private var strayViewsSince: [ObjectIdentifier: Double] = [:]

    /// The kiosk's root view fills its window, whatever turned while a screen covered it
    /// (it once came back from under a presentation at its size from before the turn).
    private func checkRootView() {
        guard let root = navigation?.viewIfLoaded, let window = root.window, root.frame != window.bounds else { return }
        fail("the navigation's view is \(root.frame) in a window of \(window.bounds)")
        root.frame = window.bounds   // so that the run goes on meaning something
    }

    /// No dead screen: a view in the window a second after it came, owned by no screen shown,
    /// shown and taking touches (a screen presented by one being dismissed once stayed so, its presenter
    /// gone, and the kiosk was stuck under it).
    private func checkForDeadScreens() {
        guard let window = kiosk.window, let root = navigation?.viewIfLoaded else { return }
        var shown: [ViewController] = []
        var next: ViewController? = kiosk.welcome.presentedViewController
        while let controller = next {
            shown.append(controller)
            next = controller.presentedViewController
        }
        var seen: Set<ObjectIdentifier> = []
        // While the lid is closed the display is off and animations wait for its frames: a
        // dismissed screen slides away once it opens.
        guard !lidClosed else {
            strayViewsSince.removeAll()
            return
        }
        let editing = app.keyWindow?.firstResponder is TextField || app.keyWindow?.firstResponder is TextView
        for (index, view) in window.subviews.enumerated() where view !== root && view.isUserInteractionEnabled && !view.isHidden {
            if shown.contains(where: { $0.viewIfLoaded === view }) { continue }
            // What text editing puts over the screen while a field edits.
            if editing && (view is CandidateBar || view is EditMenu || view is SelectionHandle) { continue }
            // A presented controller's dimming view lies just under its view.
            if view.subviews.isEmpty, index + 1 < window.subviews.count,
               let above = shown.first(where: { $0.viewIfLoaded === window.subviews[index + 1] }),
               above.modalPresentationStyle != .fullScreen { continue }
            let id = ObjectIdentifier(view)
            seen.insert(id)
            // A dismissed screen slides away for `ViewController.transitionDuration` first.
            let since = strayViewsSince[id] ?? now
            strayViewsSince[id] = since
            guard now - since > 1 else { continue }
            fail("a \(type(of: view)) at \(view.frame) holding \(view.subviews.map { "\(type(of: $0))" }) is left in the window over the kiosk "
                 + "(first responder: \(app.keyWindow?.firstResponder.map { "\(type(of: $0))" } ?? "none"))")
            view.removeFromSuperview()   // so that the run goes on meaning something
        }
        strayViewsSince = strayViewsSince.filter { seen.contains($0.key) }
    }

    private func rawTouch() {
        let slot = Int.random(in: 0..<slots, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<22: down(slot, at: location())
        case 22..<52: move(fingers.randomElement(using: &random) ?? slot, to: location())
        case 52..<70: up(fingers.randomElement(using: &random) ?? slot)
        case 70..<73: up(slot, cancelled: true)
        default: frame()
        }
    }

    // MARK: Aimed gestures

    /// The views a finger can aim at on screen now: the keyboard's keys, the cells of lists
    /// and grids, and the rest (controls, scroll views, views with recognizers).
    private func targets() -> (keys: [View], cells: [View], others: [View]) {
        var keys: [View] = [], cells: [View] = [], others: [View] = []
        let screen = app.screen.bounds
        func visit(_ view: View) {
            guard !view.isHidden, view.alpha > 0.01 else { return }
            let centre = Point(x: view.bounds.midX, y: view.bounds.midY).applying(view.transformToRoot)
            guard view.isUserInteractionEnabled else {
                // The keys take no touches themselves: the keyboard's view does, where they are.
                if isKey(view), screen.contains(centre) { keys.append(view) }
                return
            }
            if screen.contains(centre), !(view is Window) {
                if view is TableViewCell || view is CollectionViewCell {
                    cells.append(view)
                } else if view is Control || view is ScrollView || !view.gestureRecognizers.isEmpty {
                    others.append(view)
                }
            }
            for subview in view.subviews { visit(subview) }
        }
        for window in app.windows where !window.isHidden {
            // Under a presented screen (a form, an alert) only its own view takes touches.
            if let top = topController, top.presentingViewController != nil, let shown = top.viewIfLoaded, shown.window === window {
                visit(shown)
            } else {
                visit(window)
            }
        }
        return (keys, cells, others)
    }

    private func isKey(_ view: View) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: view))
        if let keyType { return type == keyType }
        guard String(describing: Swift.type(of: view)) == "KeyboardKeyView" else { return false }
        keyType = type
        return true
    }

    private func isKeyboardView(_ view: View?) -> Bool {
        guard let view else { return false }
        let type = ObjectIdentifier(Swift.type(of: view))
        if let keyboardViewType { return type == keyboardViewType }
        guard String(describing: Swift.type(of: view)) == "KeyboardView" else { return false }
        keyboardViewType = type
        return true
    }

    /// A point on a view aimed at, in screen points, with the view; nil when nothing is on
    /// screen. Keys (while the keyboard shows), cells and the rest are each chosen as often,
    /// so that a screen's few controls are not lost among its many keys or cells.
    private func aim() -> (view: View, point: Point)? {
        let (keys, cells, others) = targets()
        let pools = [keys, cells, others].filter { !$0.isEmpty }
        guard let view = pools.randomElement(using: &random)?.randomElement(using: &random) else { return nil }
        let b = view.bounds
        let inside = Point(x: b.minX + b.width * Double.random(in: 0.2...0.8, using: &random),
                           y: b.minY + b.height * Double.random(in: 0.2...0.8, using: &random))
        return (view, inside.applying(view.transformToRoot))
    }

    private func aimedPoint() -> Point? { chance(0.5) ? aim()?.point : nil }

    private func aimedGesture() {
        // Half the time, a visitor with a purpose: what the screen shown is for, most often
        // with the stray fingers lifted first (a resting finger fails a swipe).
        if chance(0.5) {
            if chance(0.7) {
                for slot in fingers { up(slot) }
                frame()
            }
            switch topController {
            case let bench as HostileWorkbench:
                // A wheel of either picker, or the grid, spun; or the way back.
                let part: View = [bench.picker, bench.datePicker, bench.grid].randomElement(using: &random)!
                guard chance(0.8), let scroll = scrollViews(in: part).randomElement(using: &random) else { return edgeSwipe() }
                drag(from: Point(x: scroll.bounds.midX, y: scroll.bounds.midY).applying(scroll.transformToRoot))
                // Half the time the visitor watches the wheel come to rest on a row (a picker
                // selects only when its wheel stops untouched).
                if chance(0.5) { loop.advance(by: 3) }
                return
            case is SettingsViewController: return chance(0.5) ? drag() : edgeSwipe()
            case is DetailController, is RoomDetailController: return swipeRight()
            case is CheckInController: return typeWord()
            case is RoomsController: return drag(pull: chance(0.5))
            case is HoursController: return drag()
            case let alert as AlertController:
                guard let button = alert.actionButtons.randomElement(using: &random) else { return tap() }
                return tap(at: Point(x: button.bounds.midX, y: button.bounds.midY).applying(button.transformToRoot))
            case is WelcomeController:
                switch Int.random(in: 0..<10, using: &random) {
                case 0, 1: return holdTheClock()
                case 2: return openWorkbench()
                default: return tap()
                }
            default: return tap()
            }
        }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<38: tap()
        case 38..<48: hold()
        case 48..<68: drag()
        case 68..<74: edgeSwipe()
        case 74..<79: swipeRight()
        case 79..<86: flingFromKeyboard()
        case 86..<94: typeWord()
        case 94..<96: holdTheClock()
        default: severalFingers()
        }
    }

    /// The text of the field being edited, if any.
    private var editedText: String? {
        (app.keyWindow?.firstResponder as? TextField)?.text
    }

    private func tap() {
        guard let (view, point) = aim() else { return }
        let slot = freeSlot()
        let onKey = isKey(view), before = onKey ? editedText : nil
        down(slot, at: point)
        frame()
        loop.advance(by: Double.random(in: 0.02...0.15, using: &random))
        up(slot)
        frame()
        loop.advance(by: Double.random(in: 0.05...0.5, using: &random))
        if onKey, let before, let after = editedText, after != before { reach(.typedOnKeyboard) }
    }

    /// A finger held still (a long press: the clock's two seconds open the settings; a key's
    /// alternates; Backspace repeating), lifted or cancelled.
    private func hold() {
        guard let (_, point) = aim() else { return }
        let slot = freeSlot()
        down(slot, at: point)
        frame()
        // Half of them past the two seconds the clock asks before it opens the settings.
        loop.advance(by: chance(0.5) ? Double.random(in: 0.3...1.2, using: &random) : Double.random(in: 2.05...2.6, using: &random))
        up(slot, cancelled: chance(0.1))
        frame()
        loop.advance(by: 0.3)
    }

    /// The scroll views in `view`'s tree (a picker's wheels, a grid).
    private func scrollViews(in view: View) -> [ScrollView] {
        var found: [ScrollView] = []
        func visit(_ view: View) {
            if let scroll = view as? ScrollView, !scroll.isHidden { found.append(scroll) }
            for subview in view.subviews { visit(subview) }
        }
        visit(view)
        return found
    }

    /// Staff holding the welcome screen's clock for its two seconds (the settings open), when
    /// the welcome screen is the one shown.
    private func holdTheClock() {
        let welcome = kiosk.welcome
        guard topController === welcome, welcome.isVisible else { return hold() }
        let slot = freeSlot()
        down(slot, at: Point(x: welcome.clock.bounds.midX, y: welcome.clock.bounds.midY).applying(welcome.clock.transformToRoot))
        frame()
        loop.advance(by: 2 + Double.random(in: 0.05...0.3, using: &random))   // the demo asks for 2 s
        up(slot)
        frame()
        loop.advance(by: 0.6)
    }

    /// A drag from an aimed point: a flick, a slow drag, sideways, or a pull down held at its
    /// end (past a list's top: a refresh).
    private func drag(from point: Point? = nil, pull: Bool? = nil) {
        guard let start = point ?? aim()?.point else { return }
        let slot = freeSlot()
        let pull = pull ?? chance(0.25)
        let distance = pull ? Double.random(in: 250...350, using: &random)
                            : Double.random(in: 40...420, using: &random) * (chance(0.5) ? 1 : -1)
        let vertical = pull || chance(0.75)
        let moves = Int.random(in: 3...12, using: &random)
        let duration = !pull && chance(0.5) ? Double.random(in: 0.04...0.15, using: &random) : Double.random(in: 0.3...1.2, using: &random)
        down(slot, at: start)
        frame()
        for index in 1...moves {
            loop.advance(by: duration / Double(moves))
            let t = Double(index) / Double(moves)
            move(slot, to: Point(x: start.x + (vertical ? 0 : distance * t), y: start.y + (vertical ? distance * t : 0)))
            frame()
        }
        if pull || chance(0.2) { loop.advance(by: 0.3) }   // held at the end: no momentum
        if chance(0.9) { up(slot) } else { up(slot, cancelled: true) }
        frame()
        loop.runUntilIdle()
        observe()   // a wheel or a list coasting now may rest before the next step
        loop.advance(by: Double.random(in: 0...0.6, using: &random))
    }

    /// A swipe from the left edge of the screen (the navigation's way back).
    private func edgeSwipe() {
        let screen = app.screen.bounds
        let slot = freeSlot()
        let y = Double.random(in: screen.height * 0.2...screen.height * 0.8, using: &random)
        var x = Double.random(in: 0...8, using: &random)
        down(slot, at: Point(x: x, y: y))
        frame()
        let step = Double.random(in: 20...60, using: &random)
        for _ in 0..<Int.random(in: 4...12, using: &random) {
            loop.advance(by: 0.02)
            x += step
            move(slot, to: Point(x: x, y: y))
            frame()
        }
        up(slot)
        frame()
        loop.advance(by: 0.6)
    }

    /// A quick swipe to the right across the middle (the detail screens' way back).
    private func swipeRight() {
        let screen = app.screen.bounds
        let slot = freeSlot()
        let start = Point(x: screen.width * 0.15, y: screen.midY)
        down(slot, at: start)
        frame()
        for step in 1...6 {
            loop.advance(by: 0.02)
            move(slot, to: Point(x: start.x + Double(step) * 45, y: start.y + 2))
            frame()
        }
        up(slot)
        frame()
        loop.advance(by: 0.5)
    }

    /// A finger down on a key of the on-screen keyboard, then dragged to a coordinate no
    /// screen has (what trapped in `KeyboardView.key(at:)`), then lifted, cancelled or left.
    private func flingFromKeyboard() {
        let keys = targets().keys
        guard let key = keys.randomElement(using: &random) else { return tap() }
        let slot = freeSlot()
        down(slot, at: Point(x: key.bounds.midX, y: key.bounds.midY).applying(key.transformToRoot))
        frame()
        loop.runUntilIdle()
        let onKeyboard = isKeyboardView(liveTouch(identifier(slot))?.view)
        loop.advance(by: Double.random(in: 0...0.7, using: &random))
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            move(slot, to: farLocation())
            frame()
        }
        loop.runUntilIdle()
        if onKeyboard { reach(.keyboardFingerFlungFar) }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: up(slot)
        case 1: up(slot, cancelled: true)
        default: break
        }
        frame()
    }

    /// A visitor typing a word on the on-screen keyboard, key by key (the symbols page for what
    /// the letters do not have), then Return (half the time): a name, an address, Pinyin. So the
    /// check-in can be completed and the screens after it reached.
    private func typeWord() {
        let keyboard = app.keyboard
        guard keyboard.isVisible, let field = app.keyWindow?.firstResponder as? TextField else { return tap() }
        let words = field.keyboardType == .emailAddress ? ["anna@example.com", "kim@test.org"] : ["Anna", "Oak", "huiyi", "Ким"]
        let before = field.text
        for character in words.randomElement(using: &random)! {
            var frame = keyboard.frameOfKey(typing: String(character))
            if frame == nil, let other = keyboard.frameOfKey(keyboard.page == .letters ? .symbols : .letters) {
                tap(at: Point(x: other.midX, y: other.midY))
                frame = keyboard.frameOfKey(typing: String(character))
            }
            guard let frame else { continue }
            tap(at: Point(x: frame.midX, y: frame.midY))
        }
        if field.text != before { reach(.typedOnKeyboard) }
        if chance(0.5), let frame = keyboard.frameOfKey(.returnKey) { tap(at: Point(x: frame.midX, y: frame.midY)) }
    }

    /// A quick tap at `point` (screen points), as a typist's finger.
    private func tap(at point: Point) {
        let slot = freeSlot()
        down(slot, at: point)
        frame()
        loop.advance(by: Double.random(in: 0.03...0.09, using: &random))
        up(slot)
        frame()
        loop.advance(by: 0.05)
    }

    /// Every slot down at once, more fingers than the pool holds, on both devices; then they
    /// lift, or the second device goes away under them.
    private func handful() {
        for slot in 0..<slots { down(slot, at: aimedPoint() ?? location()) }
        frame()
        loop.advance(by: Double.random(in: 0...0.4, using: &random))
        if chance(0.4) { deviceEvent() }
        for slot in fingers.shuffled(using: &random) where chance(0.9) {
            up(slot)
            if chance(0.5) { frame() }
        }
        frame()
    }

    /// Two to five fingers on aimed points at once, moved together, lifted in turn.
    private func severalFingers() {
        var used: [Int] = []
        for _ in 0..<Int.random(in: 2...5, using: &random) {
            guard let (_, point) = aim() else { break }
            let slot = freeSlot()
            down(slot, at: point)
            used.append(slot)
        }
        frame()
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            loop.advance(by: 0.03)
            for slot in used { move(slot, to: aimedPoint() ?? location()) }
            frame()
        }
        for slot in used.shuffled(using: &random) where chance(0.85) {
            up(slot, cancelled: chance(0.1))
            frame()
        }
    }

    // MARK: Keys, the wheel, the encoder, motion, devices

    private func key() {
        let device = hardwareKeyboardAttached && chance(0.5) ? 5 : 0
        // Focus keys (Tab, Enter, Escape, Space, arrows) move through the screens too.
        let focus = [15, 28, 1, 57, 103, 105, 106, 108]
        let code = chance(0.4) ? focus.randomElement(using: &random)! : Int.random(in: 1...300, using: &random)
        let letters = Array("abcdefghijklmnopqrstuvwxyzäй会 @.")
        let characters = chance(0.5) ? String(letters.randomElement(using: &random)!) : ""
        send(.key(code: code, state: .pressed, characters: characters, modifiers: chance(0.1) ? .shift : [], device: device,
                  timestamp: timestamp()))
        if chance(0.9) {
            if chance(0.3) { loop.advance(by: Double.random(in: 0...0.8, using: &random)) }
            send(.key(code: code, state: .released, characters: characters, modifiers: [], device: device, timestamp: timestamp()))
        }
    }

    private func encoder() {
        let steps = chance(0.1) ? [Int.min, Int.max, -1_000_000, 1 << 40].randomElement(using: &random)! : Int.random(in: -3...3, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: send(.encoder(.pressed, timestamp: timestamp()))
        case 1: send(.encoder(.released, timestamp: timestamp()))
        default: send(.encoder(.rotated(steps), timestamp: timestamp()))
        }
    }

    private func acceleration() -> Acceleration {
        switch Int.random(in: 0..<24, using: &random) {
        case 0: return Acceleration(x: .nan, y: 1, z: 0)
        case 1: return Acceleration(x: 1e300, y: -1e300, z: .greatestFiniteMagnitude)
        case 2: return Acceleration(x: 0, y: 0, z: 1)                      // lying flat
        case 3: return Acceleration(x: 2.5, y: 1, z: 0)                    // a jolt
        default: return Acceleration(x: 0, y: 1, z: 0)                     // upright
        }
    }

    /// The panel turned and held for longer than the orientation detector's settle time.
    private func tilt() {
        let g = [Acceleration(x: 1, y: 0, z: 0), Acceleration(x: -1, y: 0, z: 0), Acceleration(x: 0, y: -1, z: 0),
                 Acceleration(x: 0, y: 1, z: 0), Acceleration(x: 0, y: 1, z: 0)].randomElement(using: &random)!
        for _ in 0..<4 {
            send(.acceleration(g, timestamp: now))
            loop.advance(by: 0.2)
        }
    }

    /// A second of side-to-side shaking, as the tour's (1.5 g at 5 Hz), then rest.
    private func shake() {
        let start = now
        for i in 0..<60 {
            let t = Double(i) / 60
            let x = i < 45 ? 1.5 * sin(2 * Double.pi * 5 * t) : 0
            send(.acceleration(Acceleration(x: x, y: 1, z: 0), timestamp: start + t))
            if i % 6 == 5 { loop.advance(to: start + t) }
        }
        loop.advance(by: 0.6)
    }

    /// A device removed mid-touch (the second touch device: its fingers are cancelled), a
    /// hardware keyboard plugged or unplugged.
    private func deviceEvent() {
        if chance(0.5) || fingers.contains(where: { $0 >= 11 }) {
            if (11..<slots).contains(where: { liveTouch(identifier($0)) != nil }) {
                reach(.deviceRemovedMidTouch)
            }
            send(.deviceRemoved(device: 1, timestamp: timestamp()))
            fingers.removeAll { identifier($0).device == 1 }
        } else if hardwareKeyboardAttached {
            send(.deviceRemoved(device: 5, timestamp: timestamp()))
            hardwareKeyboardAttached = false
        } else if chance(0.3) {
            send(.keyboardAttached(device: 5, timestamp: timestamp()))
            hardwareKeyboardAttached = true
        }
    }

    private func lid() {
        lidClosed.toggle()
        send(.switchToggled(.lid, isOn: lidClosed, timestamp: timestamp()))
    }

    /// Pushes the workbench (the components the demo lacks) when the welcome screen is on
    /// top, as the settings are pushed; touches take it away again.
    private func openWorkbench() {
        guard let navigation, navigation.topViewController === kiosk.welcome, kiosk.welcome.presentedViewController == nil
        else { return }
        let bench = HostileWorkbench(tally: tally)
        bench.title = "Workbench"
        navigation.pushViewController(bench, animated: chance(0.5))
    }

    // MARK: Invariants

    private func fail(_ text: String) {
        if failures.count < 40 { failures.append("seed \(seed), after \(eventsSent) events (at \(now) s on the clock): \(text)") }
    }

    /// Lifts every finger, opens the lid, unplugs the hardware keyboard and lets time pass;
    /// then checks that no touch is left anywhere. With `home`, the kiosk is also taken back to
    /// its welcome screen, as staff would, and the loop must sleep between the clock's ticks.
    func settle(_ place: String, home: Bool) {
        for slot in 0..<slots { send(.touchUp(identifier(slot), timestamp: now)) }
        send(.touchFrame(timestamp: now))
        fingers.removeAll()
        if lidClosed { lid() }
        if hardwareKeyboardAttached {
            send(.deviceRemoved(device: 5, timestamp: now))
            hardwareKeyboardAttached = false
        }
        loop.advance(by: 1)
        observe()
        checkTouches(place)
        guard home else { return }
        kiosk.welcome.dismiss(animated: false)
        _ = navigation?.popToRootViewController(animated: false)
        loop.advance(by: 2)
        // Between two ticks of the kiosk's clock, its frame long presented.
        if let next = loop.nextDeadline { loop.advance(to: next + 0.5) }
        if !(topController is WelcomeController) { fail("\(place): not back at the welcome screen (\(String(describing: topController)))") }
        if app.keyboard.isVisible { fail("\(place): the keyboard is still up at the welcome screen") }
        if loop.armedTimerCount != 1 { fail("\(place): \(loop.armedTimerCount) timers armed (only the clock's should be)") }
        if loop.hasWork { fail("\(place): the loop does not sleep") }
        if platform.virtualDisplay.isFrameRequested { fail("\(place): a frame is still requested") }
        app.compact()
    }

    /// No touch left in the pool, at the application or at any view; no recognizer, control or
    /// scroll view still following one.
    private func checkTouches(_ place: String) {
        for violation in app.violations { fail("\(place): \(violation)") }
        if app.openTouchCount != 0 { fail("\(place): \(app.openTouchCount) touches began and never ended") }
        if app.touchPool.activeCount != 0 { fail("\(place): \(app.touchPool.activeCount) touches left in the pool") }
        func visit(_ view: View) {
            for recognizer in view.gestureRecognizers where recognizer.state != .possible {
                fail("\(place): \(type(of: recognizer)) of \(type(of: view)) left \(recognizer.state)")
            }
            if let control = view as? Control, control.isTracking { fail("\(place): \(type(of: view)) still tracking") }
            if let scroll = view as? ScrollView, scroll.isTracking || scroll.isDragging {
                fail("\(place): \(type(of: view)) still dragged")
            }
            for subview in view.subviews { visit(subview) }
        }
        for window in app.windows { visit(window) }
    }

    /// The end: settled at the welcome screen, the clock stopped as when the kiosk terminates;
    /// then nothing may run at all: no timer, no frame, no wake-up in five seconds.
    func finish() {
        settle("the end", home: true)
        kiosk.applicationWillTerminate(app)
        loop.advance(by: 0.1)
        let turns = loop.turnCount
        loop.advance(by: 5)
        if loop.turnCount != turns { fail("the end: \(loop.turnCount - turns) wake-ups in 5 idle seconds") }
        if loop.armedTimerCount != 0 { fail("the end: \(loop.armedTimerCount) timers armed with the clock stopped") }
        if platform.virtualDisplay.isFrameRequested { fail("the end: a frame is still requested") }
        // Random taps may have picked a language: English again for the tests that follow.
        Localization.current = Localizer()
    }
}
