/// The timers armed on one run loop, and the rules every loop follows for them: one queue,
/// shared by `EpollMainLoop` and `ManualMainLoop` (and any later loop), so both fire the same
/// timers in the same order and wake at the same time.
///
/// - **When to wake** (`nextWakeDate`): the earliest `LoopTimer.wakeDate` (`fireDate + tolerance`)
///   of the armed timers: the latest moment every timer still accepts, never before the earliest
///   `fireDate`. A timer without tolerance is woken for at its `fireDate`; a timer that never
///   fires (NaN or +∞) is not woken for at all.
/// - **What fires** (`collectDue(at:)` then `nextDue()`): every valid timer whose `fireDate` has
///   passed at the turn's one reading of the clock, so timers with overlapping tolerance windows
///   share one wake-up. In deadline order, and in arming order among equal deadlines (re-arming
///   counts as arming anew). A timer invalidated by one that fired before it in the turn does not
///   fire; one armed while firing waits for its own deadline, even if already due.
///
/// The timers are kept in an array scanned linearly: a loop has a handful, and a timer's
/// `tolerance` may change while it is armed, which a heap keyed by wake date would miss. Once
/// warm (its arrays at their largest size), arming, disarming and firing allocate nothing.
///
/// Firing runs the timers' blocks, which may arm and disarm timers on the same loop: the loop
/// takes the due timers one at a time with `nextDue()` (a short access to the queue), never
/// holding the queue while a block runs.
@MainActor
public struct TimerQueue {
    private struct Armed {
        let timer: LoopTimer
        /// Arming order, the tie-break among equal deadlines.
        let sequence: UInt64
    }

    private var armed: [Armed] = []
    private var due: [Armed] = []
    private var dueCursor = 0
    private var dueNow = 0.0
    private var nextSequence: UInt64 = 0

    /// An empty queue.
    public init() {}

    /// Whether no timer is held (valid or not).
    public var isEmpty: Bool { armed.isEmpty }

    /// How many valid timers are armed.
    public var count: Int { armed.count { $0.timer.isValid } }

    /// Arms `timer`; arming a timer armed already does nothing (it keeps its arming order).
    public mutating func arm(_ timer: LoopTimer) {
        guard !armed.contains(where: { $0.timer === timer }) else { return }
        armed.append(Armed(timer: timer, sequence: nextSequence))
        nextSequence &+= 1
    }

    /// Disarms `timer`, if armed. A timer collected as due in this turn still will not fire if
    /// it is no longer valid (`LoopTimer.invalidate()` both invalidates and disarms).
    public mutating func disarm(_ timer: LoopTimer) {
        armed.removeAll { $0.timer === timer }
    }

    /// When the loop must wake for a timer, on its clock: the earliest `LoopTimer.wakeDate` of the
    /// valid timers, or nil when none needs a wake-up.
    public var nextWakeDate: Double? {
        var earliest: Double?
        for entry in armed where entry.timer.isValid {
            guard let latest = entry.timer.wakeDate else { continue }
            earliest = min(earliest ?? latest, latest)
        }
        return earliest
    }

    /// Whether a valid timer's `fireDate` has passed at `now`.
    public func hasDue(at now: Double) -> Bool {
        armed.contains { $0.timer.isValid && $0.timer.fireDate <= now }
    }

    /// Collects the timers due at `now` (the turn's one reading of the clock), in firing order,
    /// for `nextDue()`. Timers armed after this call are not among them.
    public mutating func collectDue(at now: Double) {
        due.removeAll(keepingCapacity: true)
        dueCursor = 0
        dueNow = now
        for entry in armed where entry.timer.isValid && entry.timer.fireDate <= now {
            due.append(entry)
        }
        due.sort { ($0.timer.fireDate, $0.sequence) < ($1.timer.fireDate, $1.sequence) }
    }

    /// The next collected timer that is still valid and due (a block may have re-armed it for
    /// later, or invalidated it), or nil when every one was taken (the
    /// collected list is then emptied, and timers no longer valid are dropped from the queue).
    /// The loop fires it with `LoopTimer.fireFromMainLoop(now:)` and disarms it when that returns
    /// false.
    public mutating func nextDue() -> LoopTimer? {
        while dueCursor < due.count {
            let timer = due[dueCursor].timer
            dueCursor += 1
            if timer.isValid && timer.fireDate <= dueNow { return timer }
        }
        due.removeAll(keepingCapacity: true)
        dueCursor = 0
        armed.removeAll { !$0.timer.isValid }
        return nil
    }
}
