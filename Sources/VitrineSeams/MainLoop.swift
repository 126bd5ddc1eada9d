/// The loop that runs the user interface on the main thread.
///
/// Contract, for every implementation (epoll on Linux, manual in tests):
/// - Each *turn*: dispatch every input source that is ready, call every descriptor watch whose
///   descriptor is ready (`watch(_:events:_:)`), fire every timer that is due
///   (in deadline order), then call the before-waiting observers (where the application
///   commits layout, display and presentation), then sleep until a source is ready, a timer
///   is due or `wakeUp()` is called. When nothing is due it sleeps with no timeout: it never
///   polls.
/// - Timers fire no earlier than their deadline (plus their tolerance, which lets the loop
///   coalesce wake-ups); a repeating timer that falls behind skips the missed firings.
/// - All callbacks run on the main actor, one at a time.
/// - `InputSource` is for what produces `InputEvent`s (libinput, an accelerometer, a script);
///   anything else the loop must wake for (a udev monitor, a signalfd, a seat's connection,
///   the DRM descriptor's page-flip events, a window system's or a remote viewer's socket) is
///   a descriptor `watch`.
@MainActor
public protocol MainLoop: AnyObject {
    /// The clock that timers and timestamps of this loop are measured on.
    var clock: any TimeSource { get }

    /// Starts watching `source`: when it is ready the loop calls `source.dispatch(into:)`
    /// with a sink that hands every `InputEvent` to `handler`.
    func addInputSource(_ source: any InputSource, handler: @escaping @MainActor (InputEvent) -> Void)

    /// Stops watching `source`. Events already dispatched are not taken back.
    func removeInputSource(_ source: any InputSource)

    /// Watches `descriptor` for `events` and calls `handler`, on the main actor, with what it is
    /// ready for. The caller keeps the descriptor open and calls `cancel()` on the returned watch
    /// before closing it.
    ///
    /// - **Level-triggered**: the handler is called once in every turn in which the descriptor
    ///   is ready, until what made it ready is consumed (read the descriptor dry, non-blocking,
    ///   in the handler). A descriptor that is not ready costs nothing: the loop sleeps.
    /// - `hangUp` and `error` are reported even when not asked for, once: the loop then ends the
    ///   watch (`isActive` false) and logs it, so a descriptor whose peer went away, or that is
    ///   broken, never makes the loop spin. Read what is left in that last call.
    /// - A descriptor closed while watched stops being reported (the kernel forgets it with the
    ///   last reference to the file); cancelling afterwards is harmless.
    /// - Throws `DescriptorWatchError`: `.invalidDescriptor` for a number that is not open
    ///   (EBADF), `.alreadyWatched` when this loop watches it already, `.unwatchable` for a
    ///   regular file, `.systemRefused` otherwise. Nothing is watched when it throws.
    /// - Cancelling from a handler (its own watch or another) takes effect at once, within the
    ///   turn.
    func watch(_ descriptor: Int32, events: DescriptorEvents,
               _ handler: @escaping @MainActor (DescriptorEvents) -> Void) throws(DescriptorWatchError) -> DescriptorWatch

    /// Arms `timer` at its `fireDate`. Called by `LoopTimer.schedule(on:)`; a timer is on at most one loop.
    func add(_ timer: LoopTimer)

    /// Disarms `timer`. Called by `LoopTimer.invalidate()`.
    func remove(_ timer: LoopTimer)

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

extension MainLoop {
    /// Watches `descriptor` for readability (see `watch(_:events:_:)`).
    public func watch(_ descriptor: Int32,
                      _ handler: @escaping @MainActor (DescriptorEvents) -> Void) throws(DescriptorWatchError) -> DescriptorWatch {
        try watch(descriptor, events: .readable, handler)
    }
}
