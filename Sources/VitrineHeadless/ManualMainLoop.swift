import VitrineSeams

/// A run loop that tests drive: it runs a turn only when asked, and time moves only through
/// `advance(by:)`, which wakes at each timer deadline on the way, exactly as a real loop would
/// when sleeping in between. It counts its turns (wake-ups), so tests can prove an idle app
/// never wakes.
///
/// A turn follows the `MainLoop` contract: ready input sources, then ready descriptor watches,
/// then due timers in deadline order (the shared `TimerQueue`), then the before-waiting
/// observers (the application's commit).
///
/// Descriptors are not real here: a watched descriptor is a number that the test makes ready
/// by hand with `setReadiness(_:of:)`, level-triggered as on a real loop (ready in every turn
/// until the test clears it, which a stand-in does when it is read dry).
@MainActor
public final class ManualMainLoop: MainLoop {
    /// The loop's clock, which only `advance(by:)` and `advance(to:)` move.
    public let manualClock: ManualClock
    /// The loop's clock.
    public var clock: any TimeSource { manualClock }
    /// Turns run so far: each one is a wake-up a real loop would have had.
    public private(set) var turnCount = 0

    private struct Watched {
        let source: any InputSource
        let handler: @MainActor (InputEvent) -> Void
    }
    private var sources: [Watched] = []
    private var readySources: [ObjectIdentifier] = []
    /// An emptied list kept for its capacity, swapped with `readySources` by each turn, so a
    /// warm turn allocates nothing (a nested turn simply starts without it).
    private var spareReadySources: [ObjectIdentifier] = []
    private var timers = TimerQueue()
    private var watches: [DescriptorWatch] = []
    private var readiness: [Int32: DescriptorEvents] = [:]
    private var readyScratch: [DescriptorWatch] = []
    private var observers: [@MainActor () -> Void] = []
    private var wakeRequested = false
    private var stopRequested = false

    /// Creates a loop on `clock` (a new clock at 0 by default).
    public init(clock: ManualClock = ManualClock()) {
        manualClock = clock
    }

    // MARK: MainLoop

    /// Watches `source`. A `SignallingInputSource` makes the loop run a turn when it signals;
    /// a source with a descriptor is dispatched in every turn (descriptors are not watched
    /// headless).
    public func addInputSource(_ source: any InputSource, handler: @escaping @MainActor (InputEvent) -> Void) {
        sources.append(Watched(source: source, handler: handler))
        if let signalling = source as? any SignallingInputSource {
            let id = ObjectIdentifier(source)
            signalling.readinessHandler = { [weak self] in
                guard let self else { return }
                if !self.readySources.contains(id) { self.readySources.append(id) }
            }
        }
    }

    /// Stops watching `source`.
    public func removeInputSource(_ source: any InputSource) {
        let id = ObjectIdentifier(source)
        sources.removeAll { ObjectIdentifier($0.source) == id }
        readySources.removeAll { $0 == id }
        (source as? any SignallingInputSource)?.readinessHandler = nil
    }

    /// Watches the (fake) `descriptor`: its handler runs in every turn in which the test has
    /// made it ready (`setReadiness(_:of:)`) for one of `events`, `hangUp` or `error`, as the
    /// `MainLoop` contract says. Throws `.invalidDescriptor` for a negative number and
    /// `.alreadyWatched` for one watched already.
    public func watch(_ descriptor: Int32, events: DescriptorEvents,
                      _ handler: @escaping @MainActor (DescriptorEvents) -> Void) throws(DescriptorWatchError) -> DescriptorWatch {
        // EBADF, as the kernel would say.
        guard descriptor >= 0 else { throw .invalidDescriptor(descriptor, errno: 9) }
        guard !watches.contains(where: { $0.descriptor == descriptor }) else { throw .alreadyWatched(descriptor) }
        let watch = DescriptorWatch(descriptor: descriptor, events: events, handler: handler) { [weak self] ended in
            self?.watches.removeAll { $0 === ended }
        }
        watches.append(watch)
        return watch
    }

    /// Arms `timer`.
    public func add(_ timer: LoopTimer) {
        timers.arm(timer)
    }

    /// Disarms `timer`.
    public func remove(_ timer: LoopTimer) {
        timers.disarm(timer)
    }

    /// Adds an observer run at the end of every turn.
    public func addBeforeWaitingObserver(_ body: @escaping @MainActor () -> Void) {
        observers.append(body)
    }

    /// Asks for a turn at the next `runUntilIdle()` or `advance`. Asked during a turn, before
    /// its observers have run (from an input handler or a timer), it is served by those
    /// observers: the turn it asks for is the one already under way, so it costs no extra turn.
    public func wakeUp() {
        wakeRequested = true
    }

    /// Runs turns until nothing is ready and no timer is armed, moving the clock to each timer
    /// deadline (a manual loop has nothing to sleep for), or until `stop()`. A `stop()` made
    /// before `run()` has no effect, as with a real loop.
    public func run() {
        stopRequested = false
        // One turn at a time, checking `stop()` after each: work that is still ready when the
        // loop is told to stop is left for whoever runs it next.
        while !stopRequested {
            if !hasWork {
                guard let deadline = nextDeadline else { break }
                manualClock.set(to: max(deadline, manualClock.now))
            }
            runTurn()
        }
        stopRequested = false
    }

    /// Makes `run()` return after the current turn.
    public func stop() {
        stopRequested = true
    }

    // MARK: Driving

    /// When the loop next wakes for a timer, if any is armed: the earliest `fireDate + tolerance`.
    /// Waking at the latest time a timer accepts, rather than at its `fireDate`, lets one wake-up
    /// serve every timer due by then (the coalescing `tolerance` allows); a timer without
    /// tolerance is woken for at its `fireDate` exactly. A timer that never fires (its
    /// `wakeDate` is nil) is not waited for.
    public var nextDeadline: Double? { timers.nextWakeDate }

    /// How many timers are armed.
    public var armedTimerCount: Int { timers.count }

    /// How many descriptor watches are active.
    public var watchCount: Int { watches.count }

    /// Makes the fake `descriptor` ready for `events` (level-triggered: in every turn from now
    /// until it is set to `[]`), as the kernel would when data arrives; `[.hangUp]` is the peer
    /// going away. Readiness of a descriptor nobody watches is kept, as a kernel keeps data.
    public func setReadiness(_ events: DescriptorEvents, of descriptor: Int32) {
        if events.isEmpty { readiness[descriptor] = nil } else { readiness[descriptor] = events }
    }

    /// What the fake `descriptor` is ready for (`setReadiness(_:of:)`).
    public func readiness(of descriptor: Int32) -> DescriptorEvents { readiness[descriptor] ?? [] }

    /// Whether a real loop would be awake now: a source or a watched descriptor ready, a wake-up
    /// asked, or the wake time of a timer (`nextDeadline`) reached.
    public var hasWork: Bool {
        !readySources.isEmpty || wakeRequested || hasReadyWatch
            || (nextDeadline.map { $0 <= manualClock.now } ?? false)
    }

    private var hasReadyWatch: Bool {
        watches.contains { !readyEvents(of: $0).isEmpty }
    }

    private func readyEvents(of watch: DescriptorWatch) -> DescriptorEvents {
        (readiness[watch.descriptor] ?? []).intersection(watch.events.union(.terminal))
    }

    /// Runs turns at the current time until there is no work left.
    public func runUntilIdle() {
        var guardCount = 0
        while hasWork {
            runTurn()
            guardCount += 1
            precondition(guardCount < 10_000, "ManualMainLoop: work keeps arriving at one instant (a timer of interval 0?)")
        }
    }

    /// Moves time forward by `seconds`, running a turn at each timer deadline on the way and
    /// whatever is ready at the end.
    public func advance(by seconds: Double) {
        advance(to: manualClock.now + seconds)
    }

    /// Moves time forward to `time`, as `advance(by:)`.
    public func advance(to time: Double) {
        runUntilIdle()
        while let deadline = nextDeadline, deadline <= time {
            manualClock.set(to: max(deadline, manualClock.now))
            runUntilIdle()
        }
        manualClock.set(to: max(time, manualClock.now))
        runUntilIdle()
    }

    /// Runs one turn now: ready sources, ready watches, due timers, observers.
    public func runTurn() {
        turnCount += 1
        var ready: [ObjectIdentifier] = []
        swap(&ready, &spareReadySources)
        swap(&ready, &readySources)
        for watched in sources where watched.source.fileDescriptor != nil || ready.contains(ObjectIdentifier(watched.source)) {
            let handler = watched.handler
            watched.source.dispatch { handler($0) }
        }
        ready.removeAll(keepingCapacity: true)
        spareReadySources = ready
        dispatchReadyWatches()
        fireDueTimers()
        // Cleared here, not at the start: a wake-up asked by this turn's input or timers is
        // answered by the observers that follow (see `wakeUp()`).
        wakeRequested = false
        for observer in observers { observer() }
    }

    private func dispatchReadyWatches() {
        // Collected first: a handler may cancel watches or start new ones (which wait for the
        // next turn, as on a real loop, where they were not in this turn's readiness).
        readyScratch.removeAll(keepingCapacity: true)
        for watch in watches where !readyEvents(of: watch).isEmpty { readyScratch.append(watch) }
        for watch in readyScratch where watch.isActive {
            // Read now, not when collected: an earlier handler may have drained it.
            watch.deliver(readyEvents(of: watch))
        }
        readyScratch.removeAll(keepingCapacity: true)
    }

    private func fireDueTimers() {
        let now = manualClock.now
        timers.collectDue(at: now)
        while let timer = timers.nextDue() {
            if !timer.fireFromMainLoop(now: now) { remove(timer) }
        }
    }
}
