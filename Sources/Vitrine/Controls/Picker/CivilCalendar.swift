/// The proleptic Gregorian calendar as plain integer arithmetic: a civil date (year, month, day)
/// and its day number (days since 1970-01-01) each way, weekdays, leap years, month lengths and
/// month arithmetic. It is what `DatePicker` reads and builds dates with, so that `Vitrine` needs
/// no Foundation (and no ICU).
///
/// Proleptic: the Gregorian rules run back before 1582 (year 0 is 1 BC, year -1 is 2 BC), as in
/// ISO 8601 and glibc's `timegm`; Foundation's `.gregorian` calendar switches to the Julian one
/// before 15 October 1582 instead. Every function is total: out-of-range months and days carry
/// over (month 13 of 2023 is January 2024, day 0 is the last day of the month before), as
/// `timegm` does, and nothing traps for day numbers within ±2⁵⁰.
enum CivilCalendar {
    /// Days in a 400-year cycle: the calendar repeats after it.
    static let daysPerCycle = 146_097
    /// The day number of 0000-03-01 (the first day of the first cycle counted from March).
    private static let cycleStart = -719_468
    /// Where each month begins in a year counted from March (March = 0 … February = 11): counting
    /// from March puts the leap day last, so the month starts do not depend on the year.
    private static let marchMonthStarts = [0, 31, 61, 92, 122, 153, 184, 214, 245, 275, 306, 337]

    /// Whether `year` has a 29 February.
    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The length of `month` (1…12, carried over into years outside it) of `year`.
    static func daysInMonth(year: Int, month: Int) -> Int {
        let (year, month) = normalized(year: year, month: month)
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The day number (days since 1970-01-01; negative before) of a civil date. Months and days
    /// outside their range carry over.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let (year, month) = normalized(year: year, month: month)
        // A year counted from March: January and February belong to the year before.
        let marchYear = month <= 2 ? year - 1 : year
        let cycle = floorDivide(marchYear, 400)
        let yearOfCycle = marchYear - cycle * 400
        let marchMonth = (month + 9) % 12
        let dayOfCycle = daysBefore(yearOfCycle: yearOfCycle) + marchMonthStarts[marchMonth] + (day - 1)
        return cycle * daysPerCycle + dayOfCycle + cycleStart
    }

    /// The civil date of a day number.
    static func civilDate(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let days = dayNumber - cycleStart
        let cycle = floorDivide(days, daysPerCycle)
        let dayOfCycle = days - cycle * daysPerCycle
        // The mean year's estimate is never above the year and at most one below it (the tests
        // check every day of a whole cycle, and every cycle is the same).
        var yearOfCycle = dayOfCycle * 400 / daysPerCycle
        if daysBefore(yearOfCycle: yearOfCycle + 1) <= dayOfCycle { yearOfCycle += 1 }
        let dayOfYear = dayOfCycle - daysBefore(yearOfCycle: yearOfCycle)
        var marchMonth = 11
        while marchMonthStarts[marchMonth] > dayOfYear { marchMonth -= 1 }
        let month = (marchMonth + 2) % 12 + 1
        let year = cycle * 400 + yearOfCycle + (month <= 2 ? 1 : 0)
        return (year, month, dayOfYear - marchMonthStarts[marchMonth] + 1)
    }

    /// The weekday of a day number, 1 = Sunday … 7 = Saturday (Foundation's and ICU's numbering).
    static func weekday(dayNumber: Int) -> Int {
        // 1970-01-01 was a Thursday (5).
        floorModulo(dayNumber + 4, 7) + 1
    }

    /// `months` months after the civil date (before it when negative), the day kept or, past the
    /// new month's end, brought back to its last day: 31 January + 1 month is 29 February in a
    /// leap year, as Foundation's `Calendar.date(byAdding: .month, …)`.
    static func addingMonths(_ months: Int, year: Int, month: Int, day: Int) -> (year: Int, month: Int, day: Int) {
        let (newYear, newMonth) = normalized(year: year, month: month + months)
        return (newYear, newMonth, min(max(day, 1), daysInMonth(year: newYear, month: newMonth)))
    }

    // MARK: Arithmetic

    /// Days from the cycle's start (1 March of its year 0) to 1 March of its year `yearOfCycle`
    /// (0…400): 365 a year, a leap day every fourth, none every hundredth, one every 400th.
    private static func daysBefore(yearOfCycle: Int) -> Int {
        365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100 + yearOfCycle / 400
    }

    /// The year and month with the month brought into 1…12.
    static func normalized(year: Int, month: Int) -> (year: Int, month: Int) {
        let monthsFromZero = month - 1
        let carry = floorDivide(monthsFromZero, 12)
        return (year + carry, monthsFromZero - carry * 12 + 1)
    }

    /// Division rounding towards minus infinity (Swift's `/` rounds towards zero).
    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    /// The remainder of `floorDivide`: in 0..<b for a positive `b`.
    static func floorModulo(_ a: Int, _ b: Int) -> Int { a - floorDivide(a, b) * b }
}
