/// A TOML date-time, local date-time, local date or local time, as the fields written.
///
/// Our own small value rather than a calendar type: profiles never use dates, but a valid file
/// may hold them, and a calendar would bring Foundation back. The fields are checked as TOML
/// (RFC 3339) asks when read: month 1…12, a day that the month has (29 February only in a leap
/// year), hour 0…23, minute and second 0…59, offset within ±23:59.
package struct TOMLDateTime: Hashable, Sendable, CustomStringConvertible {
    /// A calendar date of the proleptic Gregorian calendar.
    package struct Date: Hashable, Sendable {
        /// 0…9999.
        package var year: Int
        /// 1…12.
        package var month: Int
        /// 1…31, within the month.
        package var day: Int

        /// A date; the caller keeps the fields in range (the reader checks them).
        package init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }
    }

    /// A time of day.
    package struct Time: Hashable, Sendable {
        /// 0…23.
        package var hour: Int
        /// 0…59.
        package var minute: Int
        /// 0…59.
        package var second: Int
        /// The fraction of the second in nanoseconds: digits written past the ninth are dropped.
        package var nanosecond: Int

        /// A time; the caller keeps the fields in range (the reader checks them).
        package init(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
            self.hour = hour
            self.minute = minute
            self.second = second
            self.nanosecond = nanosecond
        }
    }

    /// The date; nil for a local time.
    package var date: Date?
    /// The time; nil for a local date.
    package var time: Time?
    /// Minutes east of UTC (`Z` is 0, `-07:00` is -420); nil for a local value.
    package var offsetMinutes: Int?

    /// A value of the kind the fields make: date, time or both, with or without an offset.
    package init(date: Date?, time: Time?, offsetMinutes: Int? = nil) {
        self.date = date
        self.time = time
        self.offsetMinutes = offsetMinutes
    }

    /// RFC 3339 text: `1979-05-27T07:32:00.5-07:00`, `07:32:00`, `1979-05-27` (a fraction is
    /// written without trailing zeros; `Z` is written `+00:00`).
    package var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = ""
        if let date { text += "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))" }
        if date != nil && time != nil { text += "T" }
        if let time {
            text += "\(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2))"
            if time.nanosecond > 0 {
                var fraction = pad(time.nanosecond, 9)
                while fraction.last == "0" { fraction.removeLast() }
                text += "." + fraction
            }
        }
        if let offsetMinutes {
            let size = abs(offsetMinutes)
            text += (offsetMinutes < 0 ? "-" : "+") + "\(pad(size / 60, 2)):\(pad(size % 60, 2))"
        }
        return text
    }

    /// Whether `day` exists in `month` of `year` (Gregorian leap years).
    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }
}
