#if canImport(Glibc)
import Glibc
#endif
import Testing
import VitrineTestSupport
@testable import Vitrine
@testable import VitrineCore
import VitrineHeadless

/// The date picker's calendar against glibc's `timegm` and `gmtime_r` (both proleptic
/// Gregorian, in UTC): every day of four centuries, random days from year 1601 to 9999 and far
/// beyond, month lengths and month arithmetic at month ends and leap days, and hand-picked days.
struct CivilCalendarTests {
    /// glibc's day number of a civil date (fields outside their range carry over).
    static func glibcDayNumber(_ year: Int, _ month: Int, _ day: Int) -> Int {
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month - 1)
        fields.tm_mday = Int32(day)
        fields.tm_hour = 12 // away from midnight, so the division below cannot round the wrong way
        return (timegm(&fields) - 43_200) / 86_400
    }

    /// glibc's civil date and weekday (1 = Sunday) of a day number.
    static func glibcCivil(_ dayNumber: Int) -> (year: Int, month: Int, day: Int, weekday: Int) {
        var seconds = time_t(dayNumber * 86_400 + 43_200)
        var fields = tm()
        _ = gmtime_r(&seconds, &fields)
        return (Int(fields.tm_year) + 1900, Int(fields.tm_mon) + 1, Int(fields.tm_mday), Int(fields.tm_wday) + 1)
    }

    /// glibc's length of a month: day 0 of the month after is its last day.
    static func glibcDaysInMonth(_ year: Int, _ month: Int) -> Int {
        glibcCivil(glibcDayNumber(year, month + 1, 0)).day
    }

    static func ours(_ dayNumber: Int) -> (year: Int, month: Int, day: Int, weekday: Int) {
        let date = CivilCalendar.civilDate(dayNumber: dayNumber)
        return (date.year, date.month, date.day, CivilCalendar.weekday(dayNumber: dayNumber))
    }

    @Test func everyDayOfFourCenturiesMatchesGlibc() {
        let first = Self.glibcDayNumber(1600, 1, 1), last = Self.glibcDayNumber(2401, 3, 1)
        var mismatches = 0
        for dayNumber in first...last {
            let expected = Self.glibcCivil(dayNumber), got = Self.ours(dayNumber)
            if got != expected || CivilCalendar.dayNumber(year: got.year, month: got.month, day: got.day) != dayNumber {
                mismatches += 1
                if mismatches <= 3 { Issue.record("day \(dayNumber): glibc \(expected), ours \(got)") }
            }
        }
        #expect(last - first == 292_619) // 2 × 146,097 + 366 + 59
        #expect(mismatches == 0)
    }

    @Test(arguments: [1_601 as UInt64, 2_024, 9_999])
    func randomDatesFrom1601To9999MatchGlibc(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var mismatches = 0
        for _ in 0..<20_000 {
            let year = Int.random(in: 1601...9999, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...Self.glibcDaysInMonth(year, month), using: &random)
            let expected = Self.glibcDayNumber(year, month, day)
            let got = CivilCalendar.dayNumber(year: year, month: month, day: day)
            let back = Self.ours(got)
            if got != expected || (back.year, back.month, back.day) != (year, month, day)
                || back.weekday != Self.glibcCivil(expected).weekday {
                mismatches += 1
                if mismatches <= 3 { Issue.record("seed \(seed): \(year)-\(month)-\(day): glibc \(expected), ours \(got)") }
            }
        }
        #expect(mismatches == 0)
    }

    /// Far years (±1 million), negative years included, and fields outside their range.
    @Test func farYearsAndCarriedFieldsMatchGlibc() {
        var random = SeededRandom(seed: 7)
        var mismatches = 0
        for _ in 0..<20_000 {
            let year = Int.random(in: -1_000_000...1_000_000, using: &random)
            let month = Int.random(in: -30...30, using: &random)
            let day = Int.random(in: -400...400, using: &random)
            let expected = Self.glibcDayNumber(year, month, day)
            let got = CivilCalendar.dayNumber(year: year, month: month, day: day)
            let gotCivil = Self.ours(got), expectedCivil = Self.glibcCivil(expected)
            if got != expected || gotCivil != expectedCivil {
                mismatches += 1
                if mismatches <= 3 { Issue.record("\(year)-\(month)-\(day): glibc \(expected), ours \(got)") }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func monthLengthsAndLeapYearsFrom1601To9999MatchGlibc() {
        var mismatches = 0
        for year in 1601...9999 {
            for month in 1...12 where CivilCalendar.daysInMonth(year: year, month: month) != Self.glibcDaysInMonth(year, month) {
                mismatches += 1
            }
            if CivilCalendar.isLeapYear(year) != (Self.glibcDaysInMonth(year, 2) == 29) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// Adding months keeps the day or clamps it to the new month's last day (glibc would carry
    /// 31 February into March, so the expected day is the smaller of the day and the length).
    @Test func addingMonthsClampsAtMonthEndsAndLeapDays() {
        var random = SeededRandom(seed: 29)
        var mismatches = 0
        for index in 0..<20_000 {
            let year = Int.random(in: 1601...9999, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let length = Self.glibcDaysInMonth(year, month)
            // Half the days at the month's end (28…31), where clamping happens.
            let day = index % 2 == 0 ? Int.random(in: max(1, length - 3)...length, using: &random)
                : Int.random(in: 1...length, using: &random)
            let months = Int.random(in: -1_200...1_200, using: &random)
            let target = Self.glibcCivil(Self.glibcDayNumber(year, month + months, 1))
            let expected = (target.year, target.month, min(day, Self.glibcDaysInMonth(target.year, target.month)))
            let got = CivilCalendar.addingMonths(months, year: year, month: month, day: day)
            if got != expected {
                mismatches += 1
                if mismatches <= 3 { Issue.record("\(year)-\(month)-\(day) + \(months): glibc \(expected), ours \(got)") }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func handPickedDays() {
        #expect(CivilCalendar.dayNumber(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilCalendar.weekday(dayNumber: 0) == 5) // Thursday
        #expect(CivilCalendar.dayNumber(year: 1969, month: 12, day: 31) == -1)
        #expect(CivilCalendar.weekday(dayNumber: -1) == 4)
        #expect(CivilCalendar.dayNumber(year: 2000, month: 2, day: 29) == 11_016)
        #expect(CivilCalendar.dayNumber(year: 2000, month: 3, day: 1) == 11_017)
        #expect(CivilCalendar.dayNumber(year: 1601, month: 1, day: 1) == -134_774) // Windows' epoch
        #expect(CivilCalendar.dayNumber(year: 0, month: 3, day: 1) == -719_468)
        #expect(CivilCalendar.dayNumber(year: 9999, month: 12, day: 31) == 2_932_896)
        #expect(CivilCalendar.civilDate(dayNumber: 2_932_896) == (9999, 12, 31))
        let friday = CivilCalendar.dayNumber(year: 2024, month: 3, day: 15)
        #expect(CivilCalendar.weekday(dayNumber: friday) == 6)
        // Leap years: every fourth, not every hundredth, every 400th.
        #expect([1900, 2000, 2023, 2024, 2100, 2400, 0, -4, -100].map(CivilCalendar.isLeapYear)
            == [false, true, false, true, false, true, true, true, false])
        #expect(CivilCalendar.daysInMonth(year: 2024, month: 2) == 29)
        #expect(CivilCalendar.daysInMonth(year: 1900, month: 2) == 28)
        #expect(CivilCalendar.daysInMonth(year: 2023, month: 14) == 29) // February 2024
        // Carried fields: month 13, month 0, day 0, day 32.
        #expect(CivilCalendar.civilDate(dayNumber: CivilCalendar.dayNumber(year: 2023, month: 13, day: 1)) == (2024, 1, 1))
        #expect(CivilCalendar.civilDate(dayNumber: CivilCalendar.dayNumber(year: 2024, month: 0, day: 1)) == (2023, 12, 1))
        #expect(CivilCalendar.civilDate(dayNumber: CivilCalendar.dayNumber(year: 2024, month: 3, day: 0)) == (2024, 2, 29))
        #expect(CivilCalendar.civilDate(dayNumber: CivilCalendar.dayNumber(year: 2023, month: 1, day: 32)) == (2023, 2, 1))
        // Month arithmetic at month ends.
        #expect(CivilCalendar.addingMonths(1, year: 2024, month: 1, day: 31) == (2024, 2, 29))
        #expect(CivilCalendar.addingMonths(1, year: 2023, month: 1, day: 31) == (2023, 2, 28))
        #expect(CivilCalendar.addingMonths(-1, year: 2024, month: 3, day: 31) == (2024, 2, 29))
        #expect(CivilCalendar.addingMonths(12, year: 2024, month: 2, day: 29) == (2025, 2, 28))
        #expect(CivilCalendar.addingMonths(48, year: 2024, month: 2, day: 29) == (2028, 2, 29))
        #expect(CivilCalendar.addingMonths(2, year: 2023, month: 12, day: 31) == (2024, 2, 29))
        #expect(CivilCalendar.addingMonths(-13, year: 2024, month: 1, day: 15) == (2022, 12, 15))
        // Floor division, which Swift's `/` is not.
        #expect(CivilCalendar.floorDivide(-1, 7) == -1 && CivilCalendar.floorModulo(-1, 7) == 6)
        #expect(CivilCalendar.floorDivide(-7, 7) == -1 && CivilCalendar.floorDivide(6, 7) == 0)
    }
}

/// `DateTime`: civil fields each way in a zone, the seconds rounded down, and no trap on
/// instants far away or not finite.
struct DateTimeTests {
    @Test func civilFieldsEachWay() {
        let date = DateTime(year: 2024, month: 3, day: 15, hour: 14, minute: 35, second: 7)
        #expect(date.secondsSince1970 == 1_710_513_307)
        #expect(date.components() == DateTime.Components(localSeconds: 1_710_513_307))
        let c = date.components()
        #expect([c.year, c.month, c.day, c.hour, c.minute, c.second, c.weekday] == [2024, 3, 15, 14, 35, 7, 6])
        #expect(date.description == "2024-03-15T14:35:07Z")
        let berlin = DateTimeZone(secondsFromGMT: 3600)
        #expect(berlin.identifier == "GMT+01:00")
        #expect(DateTimeZone(secondsFromGMT: -34_200).identifier == "GMT-09:30")
        #expect(date.components(in: berlin).hour == 15)
        #expect(DateTime(year: 2024, month: 3, day: 15, hour: 15, minute: 35, second: 7, in: berlin) == date)
        // Carried fields: minute 60 is the next hour, month 13 the next January.
        #expect(DateTime(year: 2023, month: 13, day: 1, hour: 0, minute: 60) == DateTime(year: 2024, month: 1, day: 1, hour: 1))
    }

    /// `DatePicker.wallClock`'s default: the real-time clock, as `time()` reads it.
    @Test func theSystemsNowIsTheRealTimeClock() {
        let now = DateTime.systemNow().secondsSince1970
        #expect(abs(now - Double(time(nil))) < 5)
    }

    @Test func secondsRoundDownBefore1970() {
        let c = DateTime(secondsSince1970: -0.5).components()
        #expect([c.year, c.month, c.day, c.hour, c.minute, c.second, c.weekday] == [1969, 12, 31, 23, 59, 59, 4])
        #expect(DateTime(secondsSince1970: 59.9).components().second == 59)
    }

    @Test func farAndNonFiniteInstantsDoNotTrap() {
        #expect(DateTime(secondsSince1970: 1e300).components().year > 35_000_000)
        #expect(DateTime(secondsSince1970: -.infinity).components().year < -35_000_000)
        #expect(DateTime(secondsSince1970: .nan).components().year == 1970)
        #expect(DateTime(year: .max, month: .min, day: .max, hour: .max, minute: .min, second: .max).secondsSince1970.isFinite)
        #expect(DateTimeZone.local.secondsFromGMT(for: DateTime(secondsSince1970: 1e300)) == 0
            || DateTimeZone.local.secondsFromGMT(for: DateTime(secondsSince1970: 1e300)) != 0) // no trap
        let wild = DateTimeZone(identifier: "wild") { _ in .max }
        #expect(wild.secondsFromGMT(for: DateTime(secondsSince1970: 0)) == 86_400)
    }

    /// A zone that springs forward from −5 h to −4 h at 2024-03-10 07:00 UTC (02:00 local) and
    /// falls back at 2024-11-03 06:00 UTC (02:00 local), as New York.
    static let springAndFall = DateTimeZone(identifier: "test") { instant in
        let t = instant.secondsSince1970
        return t >= 1_710_054_000 && t < 1_730_613_600 ? -4 * 3600 : -5 * 3600
    }

    @Test func skippedTimesTakeTheOffsetBeforeAndRepeatedTimesTheFirst() {
        let zone = Self.springAndFall
        // 02:30 does not exist on 10 March: read with −5 h, it is 03:30 EDT.
        let skipped = DateTime(year: 2024, month: 3, day: 10, hour: 2, minute: 30, in: zone)
        #expect(skipped.secondsSince1970 == 1_710_055_800)
        #expect(skipped.components(in: zone).hour == 3)
        // 01:30 happens twice on 3 November: the first, EDT (05:30 UTC).
        #expect(DateTime(year: 2024, month: 11, day: 3, hour: 1, minute: 30, in: zone).secondsSince1970 == 1_730_611_800)
        // Either side of the changes, the one offset.
        #expect(DateTime(year: 2024, month: 3, day: 10, hour: 1, minute: 59, in: zone).secondsSince1970 == 1_710_053_940)
        #expect(DateTime(year: 2024, month: 3, day: 10, hour: 3, in: zone).secondsSince1970 == 1_710_054_000)
        #expect(DateTime(year: 2024, month: 11, day: 3, hour: 2, in: zone).secondsSince1970 == 1_730_617_200)
    }

    @Test func theLocalZoneIsGlibcs() {
        var random = SeededRandom(seed: 3)
        for _ in 0..<1_000 {
            let seconds = Int.random(in: -5_000_000_000...10_000_000_000, using: &random)
            var t = time_t(seconds)
            var fields = tm()
            _ = localtime_r(&t, &fields)
            #expect(DateTimeZone.local.secondsFromGMT(for: DateTime(secondsSince1970: Double(seconds))) == fields.tm_gmtoff)
        }
    }
}
