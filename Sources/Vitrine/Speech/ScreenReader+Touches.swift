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
    /// The one timer (made on first use, then re-armed: no allocation per touch) and what it
    /// is armed for: a finger held still (`holding`), or a single tap to say.
    var timer: LoopTimer?
    var holding = true

    /// Reused buffers of the window's elements, so that exploring allocates nothing once warm.
    var elements: [View] = []
    var scratch: [View] = []

    /// Whether the timer is armed.
    var isTimerArmed: Bool { timer?.isValid == true }

    mutating func reset(cancelling: Bool) {
        timer?.invalidate()
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
        // Held still past a tap's length: exploring (says what is under the finger).
        armTimer(holding: true, after: Self.tapMaxDuration)
    }

    private func armTimer(holding: Bool, after delay: Double) {
        exploration.holding = holding
        let fireDate = application.mainLoop.clock.now + delay
        if let timer = exploration.timer {
            timer.rearm(at: fireDate)
        } else {
            let timer = LoopTimer(fireDate: fireDate) { [weak self] _ in self?.timerFired() }
            timer.schedule(on: application.mainLoop)
            exploration.timer = timer
        }
    }

    private func timerFired() {
        if exploration.holding {
            guard exploration.finger != nil, !exploration.spoiled else { return }
            exploration.exploring = true
            exploration.pendingTap = nil
            explore(at: exploration.last)
        } else {
            guard let pending = exploration.pendingTap else { return }
            exploration.pendingTap = nil
            explore(at: pending.location)
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
        }
        explore(at: location)
    }

    private func fingerUp(timestamp: Double) {
        exploration.timer?.invalidate()
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
        exploration.pendingTap = (exploration.last, timestamp)
        armTimer(holding: false, after: Self.doubleTapInterval)
    }

    /// Says the element under `location` (screen points) unless this finger just said it: of
    /// the elements whose frame contains it, the smallest (as `Window.accessibilityElement(atScreenPoint:)`,
    /// here into reused buffers).
    func explore(at location: Point) {
        guard let window = application.touchTargetWindow() else { return }
        // Moved out and back (no copy: the buffers stay unique), as two inout accesses to
        // `exploration` at once would conflict.
        var elements = exploration.elements, scratch = exploration.scratch
        exploration.elements = []
        exploration.scratch = []
        window.collectAccessibilityElements(into: &elements, scratch: &scratch)
        var best: View?
        var bestArea = Double.infinity
        for element in elements {
            let frame = element.accessibilityFrame
            guard frame.contains(location), frame.width * frame.height < bestArea else { continue }
            best = element
            bestArea = frame.width * frame.height
        }
        elements.removeAll(keepingCapacity: true)
        exploration.elements = elements
        exploration.scratch = scratch
        guard let best, ObjectIdentifier(best) != exploration.lastExplored else { return }
        exploration.lastExplored = ObjectIdentifier(best)
        move(to: best)
    }
}
