#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A time zone as `DatePicker` needs one: the offset of its wall clocks from UTC at each instant.
/// `.utc` and fixed offsets are built in; `.local` asks the C library (`localtime_r`), which
/// follows `TZ` and `/etc/localtime` as Foundation's `TimeZone.current` does. Any other rule is
/// a closure; an app with Foundation wraps a `TimeZone` in one line:
///
///     let zone = DateTimeZone(identifier: tz.identifier) {
///         tz.secondsFromGMT(for: Date(timeIntervalSince1970: $0.secondsSince1970)) }
public struct DateTimeZone: Sendable, CustomStringConvertible {
    /// A name for logs ("UTC", "local", "GMT+01:00", or the one given).
    public let identifier: String
    private let offsetRule: @Sendable (DateTime) -> Int

    /// A zone whose wall clocks are `secondsFromGMT(instant)` seconds ahead of UTC at each
    /// instant (behind when negative). An offset beyond ±24 hours is read as ±24 hours.
    public init(identifier: String, secondsFromGMT: @escaping @Sendable (DateTime) -> Int) {
        self.identifier = identifier
        offsetRule = secondsFromGMT
    }

    /// A zone always `secondsFromGMT` ahead of UTC (behind when negative).
    public init(secondsFromGMT offset: Int) {
        let minutes = abs(offset) / 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        self.init(identifier: "GMT\(offset < 0 ? "-" : "+")\(two(minutes / 60)):\(two(minutes % 60))") { _ in offset }
    }

    /// Coordinated Universal Time.
    public static let utc = DateTimeZone(identifier: "UTC") { _ in 0 }

    /// The system's zone, read through `localtime_r` at each instant (daylight saving included):
    /// the `TZ` environment variable, else `/etc/localtime`, else UTC.
    public static let local = DateTimeZone(identifier: "local") { instant in
        var seconds = time_t(instant.flooredSeconds)
        var fields = tm()
        guard localtime_r(&seconds, &fields) != nil else { return 0 } // beyond the C library's years
        return Int(fields.tm_gmtoff)
    }

    /// How far this zone's wall clocks are ahead of UTC at `instant`, in seconds.
    public func secondsFromGMT(for instant: DateTime) -> Int {
        min(max(offsetRule(instant), -86_400), 86_400)
    }

    public var description: String { identifier }

    // MARK: Local time

    /// The wall clock reading at `instant` as whole seconds since local 1970-01-01 00:00.
    func localSeconds(of instant: DateTime) -> Int {
        instant.flooredSeconds + secondsFromGMT(for: instant)
    }

    /// The instant whose wall clock reading is `local` (seconds since local 1970-01-01 00:00).
    /// A reading an offset change skips takes the offset before the change; a reading it
    /// repeats is the earlier instant (as Foundation's `Calendar.date(from:)`).
    func instant(fromLocalSeconds local: Int) -> DateTime {
        // The offsets a day either side: unless a change is near, they agree and are the answer.
        let before = secondsFromGMT(for: DateTime(secondsSince1970: Double(local - 86_400)))
        let after = secondsFromGMT(for: DateTime(secondsSince1970: Double(local + 86_400)))
        let withBefore = local - before, withAfter = local - after
        let beforeHolds = secondsFromGMT(for: DateTime(secondsSince1970: Double(withBefore))) == before
        let afterHolds = secondsFromGMT(for: DateTime(secondsSince1970: Double(withAfter))) == after
        switch (beforeHolds, afterHolds) {
        case (true, true): return DateTime(secondsSince1970: Double(min(withBefore, withAfter)))
        case (false, true): return DateTime(secondsSince1970: Double(withAfter))
        case (true, false), (false, false): return DateTime(secondsSince1970: Double(withBefore))
        }
    }
}
