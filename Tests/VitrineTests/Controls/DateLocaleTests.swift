import Foundation
import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineHeadless

/// The built-in locales and zone rules against Foundation, which the date picker used before:
/// the same names, clock, wheel order and day titles, and the same instant for a wall-clock
/// time around daylight-saving changes.
struct DateLocaleTests {
    @Test(arguments: DateLocale.builtIn)
    func aBuiltInLocaleIsFoundations(_ ours: DateLocale) {
        let locale = Locale(identifier: ours.identifier)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        #expect(ours.monthNames == formatter.standaloneMonthSymbols)
        #expect(ours.shortMonthNames == formatter.shortMonthSymbols)
        #expect(ours.shortWeekdayNames == formatter.shortWeekdaySymbols)
        #expect(ours.amSymbol == formatter.amSymbol && ours.pmSymbol == formatter.pmSymbol)
        // The picker's reading of ICU's patterns before: letters outside quotes ("HH 'Uhr'").
        func letters(_ template: String) -> String {
            (DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) ?? "")
                .split(separator: "'", omittingEmptySubsequences: false)
                .enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
        }
        let hour = letters("j")
        #expect(ours.uses12HourClock == (hour.contains("h") || hour.contains("K")))
        let long = letters("yMMMMd")
        let order: [(DateLocale.Field, Character)] = [(.month, "M"), (.day, "d"), (.year, "y")]
        #expect(ours.dateFieldOrder == order.sorted {
            (long.firstIndex(of: $0.1) ?? long.endIndex) < (long.firstIndex(of: $1.1) ?? long.endIndex)
        }.map(\.0))
        #expect(ours.dayTitlePattern == DateFormatter.dateFormat(fromTemplate: "EEEMMMd", options: 0, locale: locale))
        // Every day of a leap year titled as Foundation titles it.
        formatter.setLocalizedDateFormatFromTemplate("EEEMMMd")
        let first = CivilCalendar.dayNumber(year: 2024, month: 1, day: 1)
        for dayNumber in first..<first + 366 {
            let date = CivilCalendar.civilDate(dayNumber: dayNumber)
            let title = ours.dayTitle(year: date.year, month: date.month, day: date.day,
                                      weekday: CivilCalendar.weekday(dayNumber: dayNumber))
            let expected = formatter.string(from: Date(timeIntervalSince1970: Double(dayNumber) * 86_400))
            if title != expected { Issue.record("\(ours.identifier) \(date): \(title) ≠ \(expected)"); break }
        }
    }

    @Test func theDefaultIsFoundationsCurrentOnLinux() {
        #expect(DateLocale.current.identifier == Locale.current.identifier)
        #expect(DateLocale.current.dateFieldOrder == [.day, .month, .year])
    }

    @Test func namesAreLookedUpAsTheSystemWritesThem() {
        #expect(DateLocale(identifier: "de-DE")?.identifier == "de_DE")
        #expect(DateLocale(identifier: "de_DE.UTF-8")?.identifier == "de_DE")
        #expect(DateLocale(identifier: "de_DE@euro")?.identifier == "de_DE")
        #expect(DateLocale(identifier: "de_AT")?.identifier == "de_DE") // the language's first
        #expect(DateLocale(identifier: "en")?.identifier == "en_US")
        #expect(DateLocale(identifier: "en_GB")?.monthNames[2] == "March")
        #expect(DateLocale(identifier: "xx_YY") == nil)
    }

    @Test func patternsQuoteTextAndNumberFields() {
        var locale = DateLocale(identifier: "en_US")!
        locale.dayTitlePattern = "EEE d 'de' MMM ''y'' MM/dd 'o''clock' MMMM"
        #expect(locale.dayTitle(year: 2024, month: 3, day: 5, weekday: 3)
            == "Tue 5 de Mar '2024' 03/05 o'clock March")
    }

    @Test func aBrokenLocaleIsRepairedWithAReason() {
        let broken = DateLocale(identifier: "app", monthNames: ["Jan"], shortMonthNames: [], shortWeekdayNames: [],
                                amSymbol: "a", pmSymbol: "p", uses12HourClock: false, dateFieldOrder: [.day, .day],
                                dayTitlePattern: "EEE MMM d")
        let (locale, problem) = broken.repaired()
        #expect(locale.monthNames == ["Jan"] + (2...12).map(String.init))
        #expect(locale.shortWeekdayNames.count == 7)
        #expect(locale.dateFieldOrder == [.month, .day, .year])
        #expect(problem?.contains("monthNames has 1 names, not 12") == true)
        #expect(DateLocale.current.repaired().problem == nil)
    }

    /// Wall-clock times on and around the days the clocks change in four zones (a 30-minute
    /// change on Lord Howe Island, and São Paulo's midnight change in 2018) become the same
    /// instants as through Foundation's `Calendar.date(from:)`.
    @Test(arguments: ["America/New_York", "Europe/Berlin", "America/Sao_Paulo", "Australia/Lord_Howe"])
    func wallClockTimesAroundChangesAreFoundations(_ identifier: String) throws {
        let timeZone = try #require(TimeZone(identifier: identifier))
        let zone = DateTimeZone(identifier: identifier) {
            timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: $0.secondsSince1970))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var mismatches = 0
        var transition = Date(timeIntervalSince1970: 1_500_000_000)
        for _ in 0..<6 {
            guard let next = timeZone.nextDaylightSavingTimeTransition(after: transition) else { break }
            transition = next
            let day = calendar.dateComponents([.year, .month, .day], from: next)
            for minutes in stride(from: -24 * 60, through: 48 * 60, by: 15) {
                let parts = DateComponents(year: day.year, month: day.month, day: day.day, hour: 0, minute: minutes)
                let expected = calendar.date(from: parts)!.timeIntervalSince1970
                let ours = DateTime(year: day.year!, month: day.month!, day: day.day!, minute: minutes, in: zone)
                if ours.secondsSince1970 != expected {
                    mismatches += 1
                    if mismatches <= 3 { Issue.record("\(identifier) \(day) +\(minutes) min: \(ours) ≠ \(expected)") }
                }
                let fields = ours.components(in: zone)
                let theirs = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: expected))
                if [fields.year, fields.month, fields.day, fields.hour, fields.minute]
                    != [theirs.year, theirs.month, theirs.day, theirs.hour, theirs.minute] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }
}
