import Glibc
import VitrineSeams

/// The kernel's monotonic clock (`CLOCK_MONOTONIC`), in seconds since an unspecified origin
/// (boot, in practice).
///
/// It is the clock of every real-device timestamp Vitrine meets: libinput and evdev event times,
/// DRM page-flip (vblank) times and the `EpollMainLoop`'s timerfd all count on it, so touches,
/// frames and timers compare without conversion. It never jumps with the wall clock (NTP, the
/// user setting the date) and stops while the system is suspended.
@MainActor
public final class MonotonicClock: TimeSource {
    /// Creates a clock; every instance reads the same kernel clock.
    public init() {}

    /// Seconds on `CLOCK_MONOTONIC`; never decreases.
    public var now: Double { Self.read() }

    /// Reads `CLOCK_MONOTONIC` in seconds, from any thread.
    public nonisolated static func read() -> Double {
        var time = timespec()
        // Cannot fail for CLOCK_MONOTONIC with a valid pointer.
        _ = clock_gettime(CLOCK_MONOTONIC, &time)
        return seconds(time)
    }

    /// `time` in seconds.
    nonisolated static func seconds(_ time: timespec) -> Double {
        Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }

    /// The farthest time a deadline is armed for, in seconds (2³³ s, about 272 years of
    /// uptime): later deadlines (1e300, +∞) mean "never" and are clamped to it, which a
    /// timespec and the kernel's timers represent.
    nonisolated static let farFuture = 8_589_934_592.0

    /// The first whole nanosecond at or after `seconds` (and at least 1 ns: a zero timespec
    /// would disarm a timerfd), so a timer armed with it never expires before `seconds`.
    /// Past `farFuture` (or NaN) it is `farFuture`; at or before 0 (−∞ included), 1 ns.
    nonisolated static func timespecRoundingUp(_ seconds: Double) -> timespec {
        guard seconds > 0 else {
            return seconds.isNaN ? timespec(tv_sec: Int(farFuture), tv_nsec: 0) : timespec(tv_sec: 0, tv_nsec: 1)
        }
        guard seconds < farFuture else { return timespec(tv_sec: Int(farFuture), tv_nsec: 0) }
        var whole = seconds.rounded(.down)
        var nanoseconds = ((seconds - whole) * 1_000_000_000).rounded(.up)
        if nanoseconds >= 1_000_000_000 {
            whole += 1
            nanoseconds -= 1_000_000_000
        }
        return timespec(tv_sec: Int(whole), tv_nsec: Int(nanoseconds))
    }
}
