import VitrineGraphics

/// Touch exploration's state: the one finger followed, the fingers taken and let through, and
/// the tap waiting to become a double tap.
@MainActor
struct TouchExploration {
    /// The finger being classified (tap, swipe or exploring), with where and when it went down.
    var finger: TouchIdentifier?
    var start = Point(x: 0, y: 0)
    var last = Point(x: 0, y: 0)
    var startTime = 0.0
    /// Whether the finger has become exploring (moved beyond the tap slop or held).
    var exploring = false
    /// Whether another finger came down meanwhile (the gesture is then nothing).
    var spoiled = false
    /// The element this finger last said, so that moving within it does not repeat it.
    var lastExplored: ObjectIdentifier?
    /// Fingers taken from the app (every event of theirs is swallowed).
    var taken: Set<TouchIdentifier> = []
    /// Fingers let through to the app (down on a direct-interaction view, or down before).
    var passed: Set<TouchIdentifier> = []
    /// The last single tap, waiting `doubleTapInterval` for a second one.
    var pendingTap: (location: Point, time: Double)?
    var timer: LoopTimer?

    mutating func reset(cancelling: Bool) {
        timer?.invalidate()
        timer = nil
        finger = nil
        pendingTap = nil
        exploring = false
        spoiled = false
        if cancelling {
            taken.removeAll(keepingCapacity: true)
            passed.removeAll(keepingCapacity: true)
        }
    }
}

/// Touch exploration (VoiceOver's): while the reader is installed, a finger moving over the
/// screen (or held still) says the element under it; a double tap anywhere activates the
/// cursor's element; a quick horizontal swipe moves the cursor to the next (right) or previous
/// (left) element. Those fingers never reach the app. A finger that goes down on a view with
/// `.allowsDirectInteraction` (itself or an ancestor: a signature pad) goes to the app as
/// usual, whole; so does a finger that was down before the reader was installed.
///
/// Times are the input's timestamps and the loop's clock (a single tap is said when no second
/// tap came within `doubleTapInterval`, and a finger held still starts exploring after
/// `tapMaxDuration`, each by a `LoopTimer` armed only meanwhile: nothing ticks when idle).
extension ScreenReader: TouchInterceptor {
    /// Longest press that is still a tap (s); a finger held longer explores.
    public static let tapMaxDuration = 0.3
    /// How far a tap may move (points).
    public static let tapSlop = 12.0
    /// Longest wait between the taps of a double tap (s); a single tap is said after it.
    public static let doubleTapInterval = 0.35
    /// How far apart the taps of a double tap may be (points).
    public static let doubleTapSlop = 80.0
    /// A swipe goes at least this far horizontally (points), twice as far as vertically.
    public static let swipeMinimumDistance = 40.0
    /// A swipe takes at most this long (s).
    public static let swipeMaxDuration = 0.5

    /// Takes or lets through touch input (see `TouchInterceptor` and the extension's comment).
    public func intercept(_ input: InputEvent) -> Bool {
        switch input {
        case let .touchDown(finger, location, _, timestamp):
            if exploration.taken.contains(finger) { return true }
            if exploration.passed.contains(finger) || isDirectInteraction(at: location) {
                exploration.passed.insert(finger)
                return false
            }
            exploration.taken.insert(finger)
            fingerDown(finger, at: location, timestamp: timestamp)
            return true
        case let .touchMotion(finger, location, _, timestamp):
            guard exploration.taken.contains(finger) else { return false }
            if finger == exploration.finger { fingerMoved(to: location, timestamp: timestamp) }
            return true
        case let .touchUp(finger, timestamp):
            guard exploration.taken.remove(finger) != nil else {
                exploration.passed.remove(finger)
                return false
            }
            if finger == exploration.finger { fingerUp(timestamp: timestamp) }
            return true
        case let .touchCancel(finger, _):
            guard exploration.taken.remove(finger) != nil else {
                exploration.passed.remove(finger)
                return false
            }
            if finger == exploration.finger {
                exploration.timer?.invalidate()
                exploration.finger = nil
            }
            return true
        case let .deviceRemoved(device, _):
            exploration.taken = exploration.taken.filter { $0.device != device }
            if exploration.finger?.device == device { exploration.finger = nil }
            return false
        default:
            return false
        }
    }

    /// Whether `location` (screen points) is on a view that takes touches directly.
    func isDirectInteraction(at location: Point) -> Bool {
        guard let window = application.touchTargetWindow() else { return false }
        var view = window.hitTest(window.convertFromScreen(location), with: nil)
        while let current = view {
            if current.accessibilityTraits.contains(.allowsDirectInteraction) { return true }
            view = current.superview
        }
        return false
    }

    private func fingerDown(_ finger: TouchIdentifier, at location: Point, timestamp: Double) {
        if exploration.finger != nil {
            // A second finger: whatever the first was doing is no gesture.
            exploration.spoiled = true
            return
        }
        exploration.finger = finger
        exploration.start = location
        exploration.last = location
        exploration.startTime = timestamp
        exploration.exploring = false
        exploration.spoiled = false
        exploration.lastExplored = nil
        exploration.timer?.invalidate()
        // Held still past a tap's length: exploring (says what is under the finger).
        exploration.timer = LoopTimer.scheduled(on: application.mainLoop, after: Self.tapMaxDuration) { [weak self] _ in
            guard let self, self.exploration.finger != nil, !self.exploration.spoiled else { return }
            self.exploration.timer = nil
            self.exploration.exploring = true
            self.exploration.pendingTap = nil
            self.explore(at: self.exploration.last)
        }
    }

    private func fingerMoved(to location: Point, timestamp: Double) {
        exploration.last = location
        guard !exploration.spoiled else { return }
        if !exploration.exploring {
            let dx = location.x - exploration.start.x, dy = location.y - exploration.start.y
            // A quick horizontal stroke may still become a swipe: do not explore it yet.
            let mayBeSwipe = timestamp - exploration.startTime <= Self.swipeMaxDuration && abs(dx) > 2 * abs(dy)
            guard (dx * dx + dy * dy).squareRoot() > Self.tapSlop, !mayBeSwipe else { return }
            exploration.exploring = true
            exploration.pendingTap = nil
            exploration.timer?.invalidate()
            exploration.timer = nil
        }
        explore(at: location)
    }

    private func fingerUp(timestamp: Double) {
        exploration.timer?.invalidate()
        exploration.timer = nil
        exploration.finger = nil
        guard !exploration.spoiled, !exploration.exploring else { return }
        let dx = exploration.last.x - exploration.start.x, dy = exploration.last.y - exploration.start.y
        let duration = timestamp - exploration.startTime
        if duration <= Self.swipeMaxDuration && abs(dx) >= Self.swipeMinimumDistance && abs(dx) > 2 * abs(dy) {
            exploration.pendingTap = nil
            moveCursor(forward: dx > 0)
            return
        }
        guard duration <= Self.tapMaxDuration, (dx * dx + dy * dy).squareRoot() <= Self.tapSlop else { return }
        if let pending = exploration.pendingTap, timestamp - pending.time <= Self.doubleTapInterval,
           pending.location.distance(to: exploration.last) <= Self.doubleTapSlop {
            exploration.pendingTap = nil
            activateCursor(timestamp: timestamp)
            return
        }
        // A single tap: said once no second tap follows.
        let location = exploration.last
        exploration.pendingTap = (location, timestamp)
        exploration.timer = LoopTimer.scheduled(on: application.mainLoop, after: Self.doubleTapInterval) { [weak self] _ in
            guard let self, self.exploration.pendingTap != nil else { return }
            self.exploration.timer = nil
            self.exploration.pendingTap = nil
            self.explore(at: location)
        }
    }

    /// Says the element under `location` (screen points) unless this finger just said it.
    func explore(at location: Point) {
        guard let window = application.touchTargetWindow(),
              let element = window.accessibilityElement(atScreenPoint: location),
              ObjectIdentifier(element) != exploration.lastExplored else { return }
        exploration.lastExplored = ObjectIdentifier(element)
        move(to: element)
    }
}
