#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An instant in time: seconds since 1970-01-01 00:00:00 UTC (negative before), as Foundation's
/// `Date` is seconds since 2001. `DatePicker` takes and returns it, so that `Vitrine` does not
/// link Foundation; an app that uses Foundation's `Date` converts in one line each way:
///
///     let date = Date(timeIntervalSince1970: picker.date.secondsSince1970)
///     picker.date = DateTime(secondsSince1970: date.timeIntervalSince1970)
///
/// Civil fields (year, month, day, hour, minute, second) exist only in a time zone: build an
/// instant with `init(year:month:day:hour:minute:second:in:)` and read one with
/// `components(in:)`, both in the proleptic Gregorian calendar (see `CivilCalendar`). Instants
/// further than 2⁵⁰ seconds (about 35 million years) from 1970 are read as that limit.
public struct DateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01 00:00:00 UTC, leap seconds not counted (POSIX time).
    public var secondsSince1970: Double

    /// The instant `secondsSince1970` seconds after 1970-01-01 00:00:00 UTC.
    public init(secondsSince1970: Double) {
        self.secondsSince1970 = secondsSince1970
    }

    /// The instant the wall clocks of `timeZone` show as this civil date and time. Fields outside
    /// their range carry over as in `timegm` (month 13 is January of the next year, minute 60
    /// the next hour); beyond ±2³² a field is read as ±2³². A time a daylight-saving change
    /// skips is read with the offset before the change (02:30 on a spring-forward night is
    /// 03:30), and a time it repeats is the first of the two, as Foundation's
    /// `Calendar.date(from:)`.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                in timeZone: DateTimeZone = .utc) {
        // Fields beyond ±2³² are read as that (an app bug, not worth an overflow trap).
        func bounded(_ field: Int) -> Int { min(max(field, -(1 << 32)), 1 << 32) }
        let days = CivilCalendar.dayNumber(year: bounded(year), month: bounded(month), day: bounded(day))
        let local = days * 86_400 + bounded(hour) * 3600 + bounded(minute) * 60 + bounded(second)
        self = timeZone.instant(fromLocalSeconds: local)
    }

    /// The civil date and time of this instant on the wall clocks of `timeZone`, the seconds
    /// rounded down.
    public func components(in timeZone: DateTimeZone = .utc) -> Components {
        Components(localSeconds: timeZone.localSeconds(of: self))
    }

    /// This instant `seconds` later (earlier when negative).
    public func adding(seconds: Double) -> DateTime {
        DateTime(secondsSince1970: secondsSince1970 + seconds)
    }

    /// ISO 8601 in UTC, for logs and test failures: "2024-03-15T14:35:00Z".
    public var description: String {
        guard secondsSince1970.isFinite else { return "DateTime(\(secondsSince1970))" }
        let c = components()
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(c.year)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))Z"
    }

    public static func < (lhs: DateTime, rhs: DateTime) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// The wall clock now (`CLOCK_REALTIME`). Only `DatePicker.wallClock`'s default reads it.
    static func systemNow() -> DateTime {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return DateTime(secondsSince1970: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
    }

    /// The largest number of seconds from 1970 the calendar reads; beyond, it reads this.
    static let secondsLimit = Double(1 << 50)

    /// Whole seconds since 1970 (rounded down), kept within ±`secondsLimit` so the integer
    /// arithmetic cannot overflow; nan reads as 0.
    var flooredSeconds: Int {
        guard !secondsSince1970.isNaN else { return 0 }
        return Int(min(max(secondsSince1970, -Self.secondsLimit), Self.secondsLimit).rounded(.down))
    }
}

extension DateTime {
    /// A civil date and time: what a wall clock and a wall calendar show for an instant.
    public struct Components: Sendable, Hashable {
        /// The proleptic Gregorian year (0 is 1 BC).
        public var year: Int
        /// 1 (January) … 12.
        public var month: Int
        /// 1 … 31.
        public var day: Int
        /// 0 … 23.
        public var hour: Int
        /// 0 … 59.
        public var minute: Int
        /// 0 … 59.
        public var second: Int
        /// 1 (Sunday) … 7 (Saturday), as Foundation's `Calendar`.
        public var weekday: Int

        /// The fields of `localSeconds` seconds after local midnight, 1970-01-01.
        init(localSeconds: Int) {
            let dayNumber = CivilCalendar.floorDivide(localSeconds, 86_400)
            let secondOfDay = localSeconds - dayNumber * 86_400
            (year, month, day) = CivilCalendar.civilDate(dayNumber: dayNumber)
            hour = secondOfDay / 3600
            minute = secondOfDay / 60 % 60
            second = secondOfDay % 60
            weekday = CivilCalendar.weekday(dayNumber: dayNumber)
        }
    }
}
