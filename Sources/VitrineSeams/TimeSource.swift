/// A source of monotonic time, in seconds.
///
/// Contract: `now` never decreases, has an arbitrary origin (boot, or whatever the
/// implementation chooses) and is only compared with other values of the same clock.
/// Every timestamp in Vitrine (touches, events, timers, display frames) is on this clock.
/// Nothing in `Vitrine` reads the wall clock; a test injects a manual clock and advances it.
@MainActor
public protocol TimeSource: AnyObject {
    /// Seconds since the clock's origin; never decreases.
    var now: Double { get }
}
