import VitrineSeams

/// A clock that moves only when told to: the deterministic time of tests and of the headless
/// tour. Starts at `0` unless given another origin.
@MainActor
public final class ManualClock: TimeSource {
    /// The current time, in seconds.
    public private(set) var now: Double

    /// Creates a clock reading `start`.
    public init(start: Double = 0) {
        now = start
    }

    /// Moves the clock to `time`; time never goes backwards.
    public func set(to time: Double) {
        precondition(time >= now, "a ManualClock never goes backwards (\(now) → \(time))")
        now = time
    }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: Double) {
        set(to: now + seconds)
    }
}
