import VitrineGraphics

/// Decides, with the recognizer, whether it may begin, receive a touch, or recognize
/// alongside another one. Every method has a default (true, true, false, false, false).
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether `gestureRecognizer` may leave `.possible` (begin or recognize). False makes it fail.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` gets `touch` at all (asked when the touch begins).
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Whether both may recognize at once (either side saying yes is enough).
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` must wait for `other` to fail before it recognizes.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// Whether `other` must wait for `gestureRecognizer` to fail before it recognizes.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    /// Default: true.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    /// Default: true.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    /// Default: false.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    /// Default: false.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    /// Default: false.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}

/// Turns touches into a gesture (UIKit's `UIGestureRecognizer`); subclass it for a new gesture.
///
/// Recognizers of the touched view and of its ancestors see each touch before the view does.
/// The state machine is UIKit's:
/// - discrete gestures (tap, swipe): `.possible` → `.recognized` (= `.ended`) or `.failed`;
/// - continuous gestures (pan, pinch, long press): `.possible` → `.began` → `.changed`… →
///   `.ended` or `.cancelled`, or `.possible` → `.failed`.
///
/// A subclass sets `state` from its touch methods. Leaving `.possible` is arbitrated: the
/// delegate and the view may veto it (then the recognizer fails); if the recognizer requires
/// another to fail, it waits in `.possible` until that one fails (then it proceeds) or
/// recognizes (then it fails); once it begins or recognizes, every other recognizer of its
/// touches that may not recognize simultaneously is failed (or cancelled), and, when
/// `cancelsTouchesInView`, the views holding its touches get `touchesCancelled`.
/// Actions are sent on `.began`, `.changed`, `.ended` and `.cancelled`. After its touches
/// have ended, a recognizer that has ended, failed or was cancelled is `reset()` to `.possible`.
@MainActor
open class GestureRecognizer {
    /// A recognizer's state (see the type's documentation).
    public enum State: Sendable, Hashable {
        /// Watching touches; nothing decided yet.
        case possible
        /// A continuous gesture started.
        case began
        /// A continuous gesture changed.
        case changed
        /// The gesture ended (or a discrete gesture was recognized).
        case ended
        /// The continuous gesture was cancelled.
        case cancelled
        /// The touches are not this gesture.
        case failed

        /// A discrete gesture was recognized (the same as `.ended`).
        public static let recognized = State.ended
    }

    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    /// Vetoes and simultaneity decisions.
    public weak var delegate: (any GestureRecognizerDelegate)?

    /// A disabled recognizer receives no touches; disabling one that is recognizing cancels it.
    public var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            switch storedState {
            case .began, .changed: state = .cancelled
            case .possible where isParticipating: state = .failed
            default: break
            }
            trackedMask = 0
            arena?.recognizerDidFinishTracking(self)
        }
    }

    /// When true (default), the views holding the recognizer's touches get `touchesCancelled`
    /// when it begins or recognizes, and hear nothing more of those touches.
    public var cancelsTouchesInView = true
    /// When true, views get `touchesBegan` only once this recognizer has failed (never, when it
    /// recognizes). Default false.
    public var delaysTouchesBegan = false
    /// When true (default), views get `touchesEnded` only once this recognizer has failed or
    /// recognized (then they get `touchesCancelled` instead, when `cancelsTouchesInView`).
    public var delaysTouchesEnded = true

    private var storedState = State.possible
    /// A recognition waiting for required failures: the state it will take.
    var pendingState: State?
    /// Recognizers that must fail before this one recognizes (`require(toFail:)`).
    private var failureRequirements: [WeakRecognizer] = []
    /// Touches (bits of the pool's slots) this recognizer tracks now.
    var trackedMask: UInt64 = 0
    /// Touches it has received since its last reset, ended ones included: recognizers whose
    /// received touches overlap compete with each other.
    var receivedMask: UInt64 = 0
    /// True from the first touch it receives until it is reset.
    var isParticipating = false
    /// The pool storage the tracked touches live in.
    var touchStorage: ContiguousArray<Touch> = []
    /// The window whose arena the recognizer joined with its first touch: it arbitrates the
    /// gesture to its end even when the view has left that window meanwhile.
    weak var joinedWindow: Window?
    /// Its view is leaving the window: fail it once its touches are cancelled.
    var isLeavingWindow = false
    private var actions: [@MainActor (GestureRecognizer) -> Void] = []

    /// Creates a recognizer with no action.
    public init() {}

    /// Creates a recognizer that calls `action` at each state change that sends actions.
    public convenience init(action: @escaping @MainActor (GestureRecognizer) -> Void) {
        self.init()
        addAction(action)
    }

    /// Adds a closure called on `.began`, `.changed`, `.ended` and `.cancelled`.
    public func addAction(_ action: @escaping @MainActor (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// Calls `action` on `target` (held weakly) at each state change that sends actions:
    /// `recognizer.addTarget(self, action: MyController.handlePan)`.
    public func addTarget<Target: AnyObject>(_ target: Target,
                                             action: @escaping @MainActor (Target) -> (GestureRecognizer) -> Void) {
        actions.append { [weak target] recognizer in
            guard let target else { return }
            action(target)(recognizer)
        }
    }

    /// Removes every action.
    public func removeAllActions() { actions.removeAll() }

    /// The recognizer's state. Subclasses set it from their touch methods; the arbitration
    /// described on the type may turn a begin into a wait or a failure.
    public var state: State {
        get { storedState }
        set { transition(to: newValue) }
    }

    /// Makes this recognizer wait for `other` to fail before it recognizes (a single tap that
    /// waits for a double tap).
    public func require(toFail other: GestureRecognizer) {
        failureRequirements.append(WeakRecognizer(other))
    }

    // MARK: Touches

    /// The touches it tracks now.
    public var trackedTouches: TouchSet { TouchSet(storage: touchStorage, mask: trackedMask) }

    /// How many touches it tracks now.
    public var numberOfTouches: Int { trackedMask.nonzeroBitCount }

    /// The centroid of the tracked touches in `view`'s space (window's when nil). With no touch
    /// left, the last centroid.
    public func location(in view: View?) -> Point {
        let touches = trackedTouches
        guard !touches.isEmpty else {
            guard let window = self.view?.window else { return lastCentroidInWindow }
            return view?.convert(lastCentroidInWindow, from: window) ?? lastCentroidInWindow
        }
        var x = 0.0, y = 0.0
        for touch in touches {
            let point = touch.location(in: view)
            x += point.x
            y += point.y
        }
        return Point(x: x / Double(touches.count), y: y / Double(touches.count))
    }

    /// The location of the `index`-th tracked touch (in slot order) in `view`'s space. An index
    /// past the touches tracked now (a handler that reads touch 1 after a finger lifted) is an
    /// app bug that must not stop a kiosk: it is logged and the centroid is returned.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        let touches = trackedTouches
        guard index >= 0 && index < touches.count else {
            (self.view?.window?.application?.logger ?? View.hierarchyLogger)
                .warning("\(type(of: self)).location(ofTouch: \(index)) with \(touches.count) touches: the centroid is returned — check numberOfTouches first")
            return location(in: view)
        }
        return touches[touches.index(touches.startIndex, offsetBy: index)].location(in: view)
    }

    var lastCentroidInWindow = Point.zero

    /// Stops tracking `touch`: the recognizer gets no more of its events, and, as in UIKit, no
    /// longer holds it back from its view nor cancels it there when it recognizes.
    open func ignore(_ touch: Touch, for event: Event) {
        let bit: UInt64 = 1 << UInt64(touch.poolIndex)
        trackedMask &= ~bit
        receivedMask &= ~bit
    }

    // MARK: Subclass hooks

    /// New touches for the recognizer. Default: nothing.
    open func touchesBegan(_ touches: TouchSet, with event: Event) {}
    /// Tracked touches moved. Default: nothing.
    open func touchesMoved(_ touches: TouchSet, with event: Event) {}
    /// Tracked touches lifted. Default: nothing.
    open func touchesEnded(_ touches: TouchSet, with event: Event) {}
    /// Tracked touches were cancelled. Default: a recognizer in progress is cancelled and one
    /// still possible fails.
    open func touchesCancelled(_ touches: TouchSet, with event: Event) {
        switch state {
        case .began, .changed: state = .cancelled
        case .possible: state = .failed
        default: break
        }
    }

    /// Clears the subclass's per-gesture state; called when the recognizer returns to
    /// `.possible`. Call `super`.
    open func reset() {}

    /// Whether this recognizer, recognizing, may fail `prevented`. Default true.
    open func canPrevent(_ prevented: GestureRecognizer) -> Bool { true }
    /// Whether `preventing`, recognizing, may fail this one. Default true.
    open func canBePrevented(by preventing: GestureRecognizer) -> Bool { true }
    /// Whether this recognizer must wait for `other` to fail. Default false.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Whether `other` must wait for this one to fail. Default false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    // MARK: Time, for subclasses

    /// The current time on the run loop's clock (0 when the recognizer is not in an app).
    public var currentTime: Double { view?.window?.application?.clock.now ?? 0 }

    /// Schedules `body` after `delay` seconds on the app's run loop; nil when not in an app.
    /// Invalidate the timer in `reset()`.
    public func scheduleTimer(after delay: Double, _ body: @escaping @MainActor () -> Void) -> LoopTimer? {
        guard let mainLoop = view?.window?.application?.mainLoop else { return nil }
        return LoopTimer.scheduled(on: mainLoop, after: delay) { _ in body() }
    }

    /// Arms `timer` to fire `delay` seconds from now on the app's run loop: the first time
    /// (or when the recognizer moved to another app) it makes the timer, with the block
    /// `makeBody` returns; afterwards it re-arms that same timer, so a recognizer that starts a
    /// time limit on every touch allocates nothing once warm. Stop it with `invalidate()` in
    /// `reset()` and keep the reference. Returns false when not in an app.
    @discardableResult
    public func arm(_ timer: inout LoopTimer?, after delay: Double,
                    _ makeBody: @autoclosure () -> @MainActor () -> Void) -> Bool {
        guard let mainLoop = view?.window?.application?.mainLoop else { return false }
        let fireDate = mainLoop.clock.now + delay
        if let existing = timer, existing.mainLoop === mainLoop {
            existing.rearm(at: fireDate)
            return true
        }
        timer?.invalidate()
        let body = makeBody()
        let made = LoopTimer(fireDate: fireDate) { _ in body() }
        made.schedule(on: mainLoop)
        timer = made
        return true
    }

    // MARK: Internals

    var arena: Window? { joinedWindow ?? view?.window }

    /// Whether this recognizer has to wait for `other` before recognizing.
    func mustWait(for other: GestureRecognizer) -> Bool {
        if failureRequirements.contains(where: { $0.recognizer === other }) { return true }
        if shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self) { return true }
        if delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true { return true }
        if other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true { return true }
        return false
    }

    /// Explicit requirements, for the arena to check even across views.
    var explicitRequirements: [GestureRecognizer] { failureRequirements.compactMap(\.recognizer) }

    /// Whether this recognizer and `other` may recognize at the same time.
    func canRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        if delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true { return true }
        if other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true { return true }
        return false
    }

    private func transition(to newState: State) {
        let old = storedState
        if newState == old && newState != .changed { return }
        switch (old, newState) {
        case (.possible, .began), (.possible, .ended):
            if pendingState != nil, newState == .began || newState == .ended {
                // Already waiting: remember the latest wish.
                pendingState = newState
                return
            }
            let shouldBegin = (delegate?.gestureRecognizerShouldBegin(self) ?? true)
                && (view?.gestureRecognizerShouldBegin(self) ?? true)
                && touchedViewsAllowBeginning()
            guard shouldBegin else {
                setFailed()
                return
            }
            switch arena?.decision(for: self) ?? .proceed {
            case .wait:
                pendingState = newState
            case .fail:
                setFailed()
            case .proceed:
                enter(newState)
            }
        case (.possible, .failed), (.possible, .cancelled):
            setFailed()
        case (.possible, .changed):
            // A continuous recognizer waiting for a failure keeps updating; nothing to send.
            return
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            storedState = newState
            sendActions()
            if newState != .changed { arena?.recognizerDidFinishTracking(self) }
        case (_, .possible):
            resetToPossible()
        default:
            assertionFailure("invalid gesture recognizer transition \(old) → \(newState) in \(type(of: self))")
        }
    }

    /// As UIKit, the views the fingers are on also get a say (a button refuses an ancestor's
    /// single tap, so the tap goes to the button).
    private func touchedViewsAllowBeginning() -> Bool {
        for touch in TouchSet(storage: touchStorage, mask: receivedMask) {
            guard let touched = touch.view, touched !== view,
                  touch.recognizers.contains(where: { $0 === self }) else { continue }
            if !touched.gestureRecognizerShouldBegin(self) { return false }
        }
        return true
    }

    /// Enters `.began` or `.ended` from `.possible`, with everything that implies.
    func enter(_ newState: State) {
        pendingState = nil
        storedState = newState
        arena?.recognizerDidRecognize(self)
        sendActions()
        if newState == .ended { arena?.recognizerDidFinishTracking(self) }
    }

    /// Fails from `.possible` (or a wait), telling the arena.
    func setFailed() {
        pendingState = nil
        storedState = .failed
        arena?.recognizerDidFail(self)
    }

    /// Forced out by a recognizer that won: a waiting or possible one fails, a running one is
    /// cancelled (and sends its action).
    func prevent() {
        switch storedState {
        case .possible: setFailed()
        case .began, .changed:
            storedState = .cancelled
            sendActions()
        default: break
        }
    }

    func resetToPossible() {
        storedState = .possible
        pendingState = nil
        trackedMask = 0
        receivedMask = 0
        isParticipating = false
        isLeavingWindow = false
        joinedWindow = nil
        reset()
    }

    func detach() {
        if storedState == .began || storedState == .changed { prevent() }
        let window = arena
        trackedMask = 0
        receivedMask = 0
        isParticipating = false
        pendingState = nil
        storedState = .possible
        view = nil
        // The subclass's per-gesture state goes too (its timers would fire on a detached
        // recognizer and fail it for good), and the touches it held back go on to their views.
        reset()
        window?.recognizerDidFinishTracking(self)
    }

    private func sendActions() {
        if trackedMask != 0 { lastCentroidInWindow = location(in: nil) }
        for action in actions { action(self) }
    }
}

/// A weak reference to a recognizer, for failure requirements (which must not keep one alive).
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}
