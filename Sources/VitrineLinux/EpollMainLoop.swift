import CVitrineShims
// Links libdispatch, whose main-queue hooks (CVitrineShims' dispatch_shims.h) the loop calls.
import Dispatch
import Glibc
import Logging
import SystemPackage
import VitrineSeams

/// The run loop of a Vitrine app on Linux: one thread sleeping in `epoll_wait` over every
/// input source's descriptor, a timerfd for timers, an eventfd for wake-ups, a signalfd for
/// SIGINT, SIGTERM and SIGHUP, and the Dispatch main queue.
///
/// It follows the `MainLoop` contract, turn by turn:
/// 1. sleep in `epoll_wait` with no timeout (every deadline is carried by the timerfd, so the
///    loop never polls), or not at all when a turn was asked for with `wakeUp()`;
/// 2. dispatch every ready input source and call every ready descriptor watch
///    (`watch(_:events:_:)`), in the order the kernel reports their descriptors, then the
///    sources without a descriptor that signalled, then deliver pending signals to
///    `signalHandler`;
/// 3. fire every timer that is due, in deadline order (arming order among equal deadlines). The
///    clock is read **once per turn**, before the first timer fires: a timer that becomes due
///    while others fire waits for the next turn, which the timerfd brings at once;
/// 4. drain the Dispatch main queue (`DispatchQueue.main.async` blocks, MainActor jobs such as
///    `Task { @MainActor in … }` and the continuations of `await`), when `drainsMainQueue`;
/// 5. run the before-waiting observers (the application's commit: layout, display, present).
///
/// **Timers and coalescing.** The timerfd is armed, with an absolute `CLOCK_MONOTONIC` time, at
/// the earliest `fireDate + tolerance` of all armed timers (the shared `TimerQueue`'s
/// `nextWakeDate`) (`LoopTimer.wakeDate`: a timer that never
/// fires arms nothing, and a deadline past `MonotonicClock.farFuture` is clamped to it): the
/// latest moment that every timer still accepts, and never before the earliest `fireDate`.
/// When it expires, every timer whose
/// `fireDate` has passed fires in that one turn, so timers with overlapping tolerance windows
/// cost one wake-up; a timer without tolerance fires at its `fireDate`. (The same rule as
/// `ManualMainLoop.nextDeadline`.) The timerfd is re-armed only when that time changes.
///
/// **Threads.** Everything runs on the thread that created the loop and calls `run()`, as the
/// main actor; only `wakeHandle` (and `wakeUpFromAnyThread()`) may be used from other threads.
/// Create the loop on the process's main thread, from a synchronous `main` (as
/// `Application.main` is called), and early, before other threads start: see `init` for
/// signals and `drainsMainQueue` for Dispatch.
///
/// **Resources.** The loop owns its epoll, timer, wake and signal descriptors and releases them,
/// in reverse order, in `close()` or when it is deinitialised.
@MainActor
public final class EpollMainLoop: MainLoop {
    /// The signals the loop reads from its signalfd (when it handles signals): SIGINT (Ctrl-C),
    /// SIGTERM (systemd stopping the unit) and SIGHUP (the terminal went away).
    public nonisolated static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The loop's clock: `CLOCK_MONOTONIC`, the clock its timerfd runs on.
    public let monotonicClock = MonotonicClock()
    /// The loop's clock (`monotonicClock`).
    public var clock: any TimeSource { monotonicClock }

    /// How many times the thread came back from sleeping in `epoll_wait`: once per real
    /// wake-up (a source, a timer, a signal, the main queue or `wakeUp()` from another thread).
    /// Turns asked for with `wakeUp()` while the loop is awake do not sleep and are not counted.
    /// An idle app's count does not move.
    public private(set) var wakeUps = 0
    /// How many turns have run: every wake-up, plus the turns run without sleeping because
    /// `wakeUp()` asked for them.
    public private(set) var turns = 0
    /// Whether `run()` is running.
    public private(set) var isRunning = false

    /// Called on the loop, as a source of the turn, for every SIGINT, SIGTERM or SIGHUP the
    /// process receives, with the signal's number. `nil` (the default) stops the loop, which is
    /// a clean shutdown under `Application.main`: `run()` returns, the delegate hears
    /// `applicationWillTerminate`, and the platform's `shutdown()` restores the display.
    /// `SignalHandling` has ready-made handlers. Unused when the loop does not handle signals.
    public var signalHandler: (@MainActor (Int32) -> Void)?

    /// Wakes this loop from any thread (see `WakeHandle`).
    public nonisolated let wakeHandle: WakeHandle

    /// Whether the loop drains the Dispatch main queue, so that `DispatchQueue.main.async`,
    /// `Task { @MainActor in … }` and `await` in handlers run inside its turns.
    ///
    /// True when the loop was created on the process's main thread and libdispatch still lets
    /// that thread drain the main queue. False under an `async` main, including the Swift
    /// Testing runner: that main has called `dispatch_main()`, after which libdispatch drains
    /// the main queue on its own threads, and the main actor *is* whichever thread runs this
    /// loop's `run()` from a main-queue job; MainActor work enqueued while the loop runs then
    /// waits until `run()` returns. Apps call `Application.main` from a synchronous `main`.
    public let drainsMainQueue: Bool

    /// Whether this loop reads SIGINT, SIGTERM and SIGHUP (see `init(handlesSignals:logger:)`).
    public var handlesSignals: Bool { resources.signals != nil }

    enum Token {
        static let timer: UInt64 = 0
        static let wake: UInt64 = 1
        static let signals: UInt64 = 2
        static let mainQueue: UInt64 = 3
        static let firstSource: UInt64 = 16
    }

    enum Delivery {
        /// Watched by epoll; dispatched when its descriptor is readable.
        case descriptor
        /// No descriptor; dispatched in the turn after it signals readiness.
        case signalled
        /// Can be neither watched nor signalled; dispatched in every turn.
        case everyTurn
    }

    struct Watched {
        let token: UInt64
        let source: any InputSource
        let handler: @MainActor (InputEvent) -> Void
        let descriptor: Int32?
        let delivery: Delivery
    }

    struct Watching {
        let token: UInt64
        let watch: DescriptorWatch
    }

    let resources: Resources
    let logger: Logger
    var sources: [Watched] = []
    var nextToken = Token.firstSource
    var signalledSources: [UInt64] = []
    var hasEveryTurnSources: Bool { sources.contains { $0.delivery == .everyTurn } }
    var signalledScratch: [UInt64] = []
    var watches: [Watching] = []
    var timers = TimerQueue()
    var observers: [@MainActor () -> Void] = []
    var wakeRequested = false
    var stopRequested = false

    /// Creates the loop's descriptors on the calling thread, which becomes the loop's thread.
    ///
    /// With `handlesSignals` (the default) it blocks SIGINT, SIGTERM and SIGHUP in this thread
    /// (`pthread_sigmask`) and reads them from a signalfd instead. Threads created afterwards
    /// from this thread inherit the blocked mask; for threads that already exist and do not
    /// block them, a small handler re-sends such a signal to the loop's thread, so that a
    /// process-directed SIGTERM (systemd, `kill`) reaches the loop whichever thread the kernel
    /// picks. Only one loop per process can handle signals: make others with
    /// `handlesSignals: false`. `close()` undoes all of it.
    ///
    /// Throws `MainLoopError` when the kernel refuses a descriptor (too many open files, a
    /// sandbox) or another loop handles signals already.
    public init(handlesSignals: Bool = true, logger: Logger = Logger(label: "vitrine.runloop")) throws(MainLoopError) {
        self.logger = logger
        let resources = try Resources()
        self.resources = resources
        wakeHandle = WakeHandle(event: resources.wake)
        try resources.watch(resources.timer.rawValue, token: Token.timer)
        try resources.watch(resources.wake.descriptor.rawValue, token: Token.wake)
        if handlesSignals {
            try resources.startHandlingSignals(Self.handledSignals)
            if let signals = resources.signals {
                try resources.watch(signals.descriptor.rawValue, token: Token.signals)
            }
        }
        // Only the main thread may drain the main queue; asking for the handle elsewhere would
        // make libdispatch create one that could never be served.
        if vitrine_is_main_thread() != 0 {
            let handle = _dispatch_get_main_queue_handle_4CF()
            if handle >= 0 {
                try resources.watch(handle, token: Token.mainQueue)
                resources.mainQueue = handle
            }
        }
        drainsMainQueue = resources.mainQueue != nil
    }

    /// Releases the descriptors in reverse order of creation and, when the loop handled
    /// signals, restores their handling as it was (signals that arrived and were not read are
    /// dropped, so that unblocking them does not kill the process). Idempotent; the loop cannot
    /// run afterwards. Called by deinit if not before.
    public func close() {
        precondition(!isRunning, "close() an EpollMainLoop after run() has returned")
        resources.close()
    }

    // MARK: MainLoop

    /// Watches `source`. A source with a descriptor is watched by epoll (level-triggered) and
    /// dispatched in every turn in which it is readable; a `SignallingInputSource` without one
    /// is dispatched in the turn after it signals. A source with neither can only be polled:
    /// it is dispatched in every turn (and never wakes the loop), with a warning.
    public func addInputSource(_ source: any InputSource, handler: @escaping @MainActor (InputEvent) -> Void) {
        let token = nextToken
        nextToken += 1
        var delivery = Delivery.everyTurn
        let descriptor = source.fileDescriptor
        if let descriptor {
            switch resources.tryWatch(descriptor, token: token) {
            case .success:
                delivery = .descriptor
            case .failure(.fileExists):
                preconditionFailure("descriptor \(descriptor) is watched by the loop already: one descriptor, one input source")
            case .failure(.notPermitted):
                // Regular files and directories cannot be watched, and are always readable.
                logger.warning("descriptor \(descriptor) cannot be watched by epoll (a regular file?): its source is dispatched in every turn")
            case .failure(let error):
                logger.error("cannot watch input descriptor \(descriptor): \(error); its source is dispatched in every turn")
            }
        } else if let signalling = source as? any SignallingInputSource {
            delivery = .signalled
            signalling.readinessHandler = { [weak self] in self?.sourceDidSignal(token) }
        } else {
            logger.warning("an input source with neither a descriptor nor readiness signalling can only be polled: it is dispatched in every turn")
        }
        sources.append(Watched(token: token, source: source, handler: handler,
                               descriptor: descriptor, delivery: delivery))
        if delivery == .everyTurn { wakeRequested = true }
    }

    /// Stops watching `source`. A source whose descriptor was closed already is simply
    /// forgotten (closing a descriptor removes it from epoll).
    public func removeInputSource(_ source: any InputSource) {
        let id = ObjectIdentifier(source)
        guard let index = sources.firstIndex(where: { ObjectIdentifier($0.source) == id }) else { return }
        let watched = sources.remove(at: index)
        switch watched.delivery {
        case .descriptor:
            if let descriptor = watched.descriptor { resources.unwatch(descriptor) }
        case .signalled:
            (source as? any SignallingInputSource)?.readinessHandler = nil
            signalledSources.removeAll { $0 == watched.token }
        case .everyTurn:
            break
        }
    }

    /// Watches `descriptor` with epoll, level-triggered, as the `MainLoop` contract says: the
    /// handler runs once in every turn in which the kernel reports it ready. EPOLLHUP, EPOLLRDHUP
    /// and EPOLLERR are reported as `hangUp` and `error`, after which the watch ends with a log
    /// line. Throws `DescriptorWatchError` for what `epoll_ctl(EPOLL_CTL_ADD)` refuses: EBADF
    /// (`.invalidDescriptor`), EEXIST (`.alreadyWatched`, also when an input source has it),
    /// EPERM (`.unwatchable`), anything else (`.systemRefused`).
    public func watch(_ descriptor: Int32, events: DescriptorEvents,
                      _ handler: @escaping @MainActor (DescriptorEvents) -> Void) throws(DescriptorWatchError) -> DescriptorWatch {
        guard descriptor >= 0 else { throw .invalidDescriptor(descriptor, errno: Errno.badFileDescriptor.rawValue) }
        let token = nextToken
        switch resources.tryWatch(descriptor, token: token, events: Self.epollEvents(for: events)) {
        case .success: break
        case .failure(.badFileDescriptor): throw .invalidDescriptor(descriptor, errno: Errno.badFileDescriptor.rawValue)
        case .failure(.fileExists): throw .alreadyWatched(descriptor)
        case .failure(.notPermitted): throw .unwatchable(descriptor, errno: Errno.notPermitted.rawValue)
        case .failure(let error): throw .systemRefused(descriptor, errno: error.rawValue)
        }
        nextToken += 1
        let watch = DescriptorWatch(descriptor: descriptor, events: events, handler: handler) { [weak self] ended in
            self?.watchEnded(ended)
        }
        watches.append(Watching(token: token, watch: watch))
        return watch
    }

    /// Arms `timer` (the timerfd is set before the loop next sleeps).
    public func add(_ timer: LoopTimer) {
        timers.arm(timer)
    }

    /// Disarms `timer`.
    public func remove(_ timer: LoopTimer) {
        timers.disarm(timer)
    }

    /// Adds an observer run at the end of every turn, after input, timers and the main queue.
    public func addBeforeWaitingObserver(_ body: @escaping @MainActor () -> Void) {
        observers.append(body)
    }

    /// Asks for a turn. Asked during a turn before its observers have run (from an input
    /// handler, a timer or a main-queue job), it is served by those observers, costing nothing;
    /// asked from the observers (a commit that left work) or outside a turn, the loop runs its
    /// next turn without sleeping. It never blocks and makes no system call.
    public func wakeUp() {
        wakeRequested = true
    }

    /// Wakes the loop from any thread (`wakeHandle.wakeUp()`).
    public nonisolated func wakeUpFromAnyThread() {
        wakeHandle.wakeUp()
    }

    /// Runs turns until `stop()`. Not re-entrant: a callback must not run the loop it runs on.
    public func run() {
        precondition(!isRunning, "EpollMainLoop.run() is not re-entrant: a callback must not run the loop it is called from")
        precondition(!resources.isClosed, "run() on an EpollMainLoop that was closed")
        if let signals = resources.signals, signals.thread != vitrine_gettid() {
            // The signals are blocked, and forwarded to, the thread that made the loop: on
            // another thread a signal sent to that one would not make this one's signalfd ready.
            logger.warning("EpollMainLoop runs on another thread than the one that created it: signals may not reach it")
        }
        isRunning = true
        stopRequested = false
        defer {
            isRunning = false
            stopRequested = false
        }
        while !stopRequested {
            armTimerForNextDeadline()
            let turnAskedFor = wakeRequested || !signalledSources.isEmpty
            let readyCount = resources.wait(sleeping: !turnAskedFor)
            if !turnAskedFor { wakeUps += 1 }
            runTurn(readyCount: readyCount)
        }
    }

    /// Makes `run()` return after the current turn. A `stop()` made before `run()` has no
    /// effect (as with `ManualMainLoop`).
    public func stop() {
        stopRequested = true
    }

    // MARK: Turns

    func sourceDidSignal(_ token: UInt64) {
        if !signalledSources.contains(token) { signalledSources.append(token) }
    }

    func runTurn(readyCount: Int) {
        turns += 1
        var timerExpired = false
        var signalsPending = false
        var mainQueueReady = false
        // The loop's own descriptors first, clearing their readiness: a main-queue eventfd read
        // after draining could swallow the poke of work enqueued during the drain.
        for index in 0..<readyCount {
            switch resources.events[index].data.u64 {
            case Token.timer:
                resources.clearTimer()
                timerExpired = true
            case Token.wake:
                resources.wake.clear()
            case Token.signals:
                signalsPending = true
            case Token.mainQueue:
                resources.clearMainQueue()
                mainQueueReady = true
            default:
                break
            }
        }
        for index in 0..<readyCount {
            let token = resources.events[index].data.u64
            if token >= Token.firstSource && !watches.isEmpty {
                // A watch, not a source: its token is in `watches`. Looked up each time: a
                // handler may have cancelled this watch or others.
                if let found = watches.firstIndex(where: { $0.token == token }) {
                    let ready = Self.descriptorEvents(from: resources.events[index].events)
                    let watch = watches[found].watch
                    if watch.deliver(ready), !ready.isDisjoint(with: .terminal) {
                        logger.notice("descriptor \(watch.descriptor) reported \(ready.contains(.error) ? "an error" : "a hang-up"): its watch ended")
                    }
                    continue
                }
            }
            if token >= Token.firstSource { dispatchSource(token) }
        }
        if !signalledSources.isEmpty {
            swap(&signalledSources, &signalledScratch)
            for token in signalledScratch { dispatchSource(token) }
            signalledScratch.removeAll(keepingCapacity: true)
        }
        if hasEveryTurnSources {
            var index = 0
            while index < sources.count {
                if sources[index].delivery == .everyTurn { dispatchSource(sources[index].token) }
                index += 1
            }
        }
        if signalsPending { deliverSignals() }
        fireDueTimers(timerExpired: timerExpired)
        if mainQueueReady { _dispatch_main_queue_callback_4CF(nil) }
        // Cleared here, not at the start: a wake-up asked by this turn's input, timers or
        // main-queue jobs is answered by the observers that follow.
        wakeRequested = false
        var index = 0
        while index < observers.count {
            observers[index]()
            index += 1
        }
    }

    func dispatchSource(_ token: UInt64) {
        // Looked up each time: a handler may have removed this source or others.
        guard let index = sources.firstIndex(where: { $0.token == token }) else { return }
        let handler = sources[index].handler
        sources[index].source.dispatch { handler($0) }
    }

    func deliverSignals() {
        guard let signals = resources.signals else { return }
        while let number = signals.next() {
            if let signalHandler {
                signalHandler(number)
            } else {
                logger.info("\(SignalHandling.name(of: number)) received: stopping the run loop")
                stop()
            }
        }
    }

    func watchEnded(_ watch: DescriptorWatch) {
        guard let index = watches.firstIndex(where: { $0.watch === watch }) else { return }
        watches.remove(at: index)
        // After `close()` the epoll number may belong to someone else: leave it alone.
        guard !resources.isClosed else { return }
        // EBADF/ENOENT when the owner closed the descriptor first, which unwatched it already.
        resources.unwatch(watch.descriptor)
    }

    static func epollEvents(for events: DescriptorEvents) -> UInt32 {
        var bits: UInt32 = EPOLLRDHUP.rawValue
        if events.contains(.readable) { bits |= EPOLLIN.rawValue }
        if events.contains(.writable) { bits |= EPOLLOUT.rawValue }
        return bits
    }

    static func descriptorEvents(from bits: UInt32) -> DescriptorEvents {
        var events: DescriptorEvents = []
        if bits & (EPOLLIN.rawValue | EPOLLPRI.rawValue) != 0 { events.insert(.readable) }
        if bits & EPOLLOUT.rawValue != 0 { events.insert(.writable) }
        if bits & (EPOLLHUP.rawValue | EPOLLRDHUP.rawValue) != 0 { events.insert(.hangUp) }
        if bits & EPOLLERR.rawValue != 0 { events.insert(.error) }
        return events
    }

    func fireDueTimers(timerExpired: Bool) {
        guard !timers.isEmpty else { return }
        var now = monotonicClock.now
        if timerExpired, let reached = resources.expiredDeadline {
            // The kernel expired the timerfd at or after the deadline; reading the clock back
            // as a Double must not make a due timer wait one more wake-up for rounding.
            now = max(now, reached)
        }
        // Deadline order, arming order among equal deadlines; a timer invalidated by one that
        // fired before it in this turn does not fire; one armed while firing waits for its own
        // deadline (`TimerQueue`).
        timers.collectDue(at: now)
        while let timer = timers.nextDue() {
            if !timer.fireFromMainLoop(now: now) { remove(timer) }
        }
    }

    func armTimerForNextDeadline() {
        // A timer that never fires (NaN or +∞, `LoopTimer.wakeDate` nil) arms nothing: the loop
        // sleeps rather than waking for it, or re-arming for it, turn after turn.
        let deadline = timers.nextWakeDate
        // After an expiry the timerfd counts as disarmed, so a deadline equal to the one that
        // just passed (a timer re-armed for it) arms it again rather than waiting forever.
        guard deadline != resources.timerDeadline else { return }
        resources.armTimer(at: deadline)
    }

}
