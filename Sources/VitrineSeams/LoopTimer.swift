import Logging
/// A one-shot or repeating timer that fires on a `MainLoop`, on the main actor.
///
/// Times are seconds on the loop's `TimeSource`. A repeating timer fires at `fireDate`, then every
/// `interval`; when the loop falls behind it skips missed firings rather than bursting.
/// `tolerance` lets the loop fire up to that much later, to coalesce wake-ups with other timers.
///
/// Times that cannot be met are sanitised where they enter, never trapped on: a NaN or +∞
/// `fireDate` (from `init`, `scheduled(after:)` or `rearm(at:)`) means "never" — the timer
/// stays valid but does not fire and wakes no loop; a huge finite one is a deadline the loop
/// clamps to the farthest its clock can mean. A NaN, negative or infinite `interval` makes a
/// one-shot timer; a positive one is at least `minimumInterval`, so that no repeating timer
/// can ask for a turn after every turn.
///
/// Named like Foundation's `LoopTimer`; an app that also imports Foundation writes `Vitrine.LoopTimer`.
@MainActor
public final class LoopTimer {
    /// Where misuse of a timer is logged (a timer knows no application).
    static let misuseLogger = Logger(label: "vitrine.timer")

    /// The time (on the loop's clock) at which the timer fires next.
    public internal(set) var fireDate: Double
    /// The repeat interval in seconds; 0 for a one-shot timer.
    public let interval: Double
    /// The shortest repeat interval, in seconds (0.1 ms, Foundation's floor): a shorter positive
    /// interval is raised to it.
    public static let minimumInterval = 0.000_1
    /// How much later than `fireDate` the loop may fire the timer, in seconds (NaN or a
    /// negative value is taken as 0).
    public var tolerance: Double {
        didSet { if !(tolerance >= 0) { tolerance = 0 } }
    }
    /// Whether the timer will still fire; false after `invalidate()` or after a one-shot fired.
    public private(set) var isValid = true
    /// The loop this timer is scheduled on, if any.
    public private(set) weak var mainLoop: (any MainLoop)?

    private let block: @MainActor (LoopTimer) -> Void

    /// Creates an unscheduled timer that fires first at `fireDate` (seconds on the loop's clock;
    /// NaN or +∞: never) and, when `interval` > 0, every `interval` seconds after that (see the
    /// type's documentation for intervals that cannot be met).
    public init(fireDate: Double, interval: Double = 0, tolerance: Double = 0,
                block: @escaping @MainActor (LoopTimer) -> Void) {
        self.fireDate = Self.sanitized(fireDate)
        self.interval = interval.isFinite && interval > 0 ? max(interval, Self.minimumInterval) : 0
        self.tolerance = tolerance >= 0 ? tolerance : 0
        self.block = block
    }

    /// When a loop sleeping for this timer must wake, on the loop's clock: `fireDate +
    /// tolerance`, the latest moment the timer accepts; nil when that is never (+∞), so that a
    /// loop arms no wake-up for it. A deadline of −∞ is long past: the loop wakes at once.
    public var wakeDate: Double? {
        guard fireDate < .infinity else { return nil }
        let latest = fireDate + tolerance
        if latest.isNaN { return fireDate }
        return latest < .infinity ? latest : nil
    }

    /// `date`, or +∞ ("never") for NaN: a NaN deadline compares false with every time, so a
    /// loop could neither fire it nor tell that it never will.
    static func sanitized(_ date: Double) -> Double { date.isNaN ? .infinity : date }

    /// Creates a timer that fires `delay` seconds from now on `mainLoop`, repeating every `delay`
    /// when `repeats`, and schedules it.
    @discardableResult
    public static func scheduled(on mainLoop: any MainLoop, after delay: Double, repeats: Bool = false,
                                 tolerance: Double = 0,
                                 block: @escaping @MainActor (LoopTimer) -> Void) -> LoopTimer {
        let timer = LoopTimer(fireDate: mainLoop.clock.now + delay, interval: repeats ? delay : 0,
                          tolerance: tolerance, block: block)
        timer.schedule(on: mainLoop)
        return timer
    }

    /// Arms the timer on `mainLoop`. A timer lives on at most one loop: scheduling it again is
    /// an app bug, logged and ignored (use `rearm(at:)` to move a scheduled timer).
    public func schedule(on mainLoop: any MainLoop) {
        guard self.mainLoop == nil else {
            Self.misuseLogger.warning("a LoopTimer is scheduled on one main loop only: this schedule(on:) is ignored — use rearm(at:) to move it")
            return
        }
        guard isValid else { return }
        self.mainLoop = mainLoop
        mainLoop.add(self)
    }

    /// Arms the timer again, to fire first at `fireDate`, on the loop it was scheduled on —
    /// after it fired or was invalidated, or to move its deadline — so that a timer armed over
    /// and over (a gesture's time limit, on every touch) is made once and allocates nothing
    /// afterwards. The timer must have been scheduled on a loop that still exists; otherwise
    /// (an app bug) the call is logged and does nothing.
    public func rearm(at fireDate: Double) {
        guard let mainLoop else {
            Self.misuseLogger.warning("rearm(at:): the LoopTimer was never scheduled, or its main loop is gone: nothing is armed — schedule(on:) it first")
            return
        }
        mainLoop.remove(self)
        self.fireDate = Self.sanitized(fireDate)
        isValid = true
        mainLoop.add(self)
    }

    /// Stops the timer for good (until `rearm(at:)`); it will not fire again.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        mainLoop?.remove(self)
    }

    /// Runs the timer's block now without changing its schedule (as Foundation's `fire()`);
    /// a one-shot timer is invalidated by it.
    public func fire() {
        guard isValid else { return }
        block(self)
        if interval == 0 { invalidate() }
    }

    /// Called by a run loop when the timer is due at time `now`: runs the block and either
    /// re-arms a repeating timer at the next multiple of its interval after `now` or invalidates
    /// a one-shot timer. Returns whether the timer should stay armed.
    public func fireFromMainLoop(now: Double) -> Bool {
        guard isValid else { return false }
        if interval > 0 {
            // Skip missed firings: the next deadline is the first one strictly after `now`.
            let missed = ((now - fireDate) / interval).rounded(.down)
            fireDate += (missed + 1) * interval
            // Far from the clock's origin an interval can be below the resolution of `now`:
            // the next deadline must still be after it, or the timer would be due every turn.
            if !(fireDate > now) { fireDate = max(now + interval, now.nextUp) }
            block(self)
            return isValid
        } else {
            isValid = false
            block(self)
            // The block may have armed it again (`rearm(at:)`).
            return isValid
        }
    }
}
