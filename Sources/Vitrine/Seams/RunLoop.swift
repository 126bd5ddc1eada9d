/// The loop that runs the user interface on the main thread.
///
/// Contract, for every implementation (epoll on Linux, manual in tests):
/// - Each *turn*: dispatch every input source that is ready, fire every timer that is due
///   (in deadline order), then call the before-waiting observers (where the application
///   commits layout, display and presentation), then sleep until a source is ready, a timer
///   is due or `wakeUp()` is called. When nothing is due it sleeps with no timeout: it never
///   polls.
/// - Timers fire no earlier than their deadline (plus their tolerance, which lets the loop
///   coalesce wake-ups); a repeating timer that falls behind skips the missed firings.
/// - All callbacks run on the main actor, one at a time.
@MainActor
public protocol RunLoop: AnyObject {
    /// The clock that timers and timestamps of this loop are measured on.
    var clock: any Clock { get }

    /// Starts watching `source`: when it is ready the loop calls `source.dispatch(into:)`
    /// with a sink that hands every `InputEvent` to `handler`.
    func addInputSource(_ source: any InputSource, handler: @escaping @MainActor (InputEvent) -> Void)

    /// Stops watching `source`. Events already dispatched are not taken back.
    func removeInputSource(_ source: any InputSource)

    /// Arms `timer` at its `fireDate`. Called by `Timer.schedule(on:)`; a timer is on at most one loop.
    func add(_ timer: Timer)

    /// Disarms `timer`. Called by `Timer.invalidate()`.
    func remove(_ timer: Timer)

    /// Registers `body` to run at the end of every turn, after input and timers and before the
    /// loop sleeps. Observers run in the order they were added.
    func addBeforeWaitingObserver(_ body: @escaping @MainActor () -> Void)

    /// Makes the loop run one more turn soon even if no source is ready and no timer is due
    /// (for example because something became dirty outside a turn).
    func wakeUp()

    /// Runs turns until `stop()` is called.
    func run()

    /// Makes `run()` return after the current turn.
    func stop()
}
