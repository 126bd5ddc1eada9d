import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// The wheel date picker: its modes' wheels and titles from the locale, days rolling back
/// past the month's end, minimum and maximum springing back, the minute interval, and
/// `.valueChanged` once per change the user makes.
@MainActor
struct DatePickerTests {
    @Test func eachModeShowsItsWheelsInTheLocalesOrder() {
        let f = DatePickerFixture(mode: .date, date: utcDate(2024, 3, 15))
        #expect(f.columns == [.month, .day, .year]) // "MMMM d, y"
        #expect(f.selectedRows() == [2, 14, 2023])
        #expect(f.title(component: 0, row: 2) == "March")
        f.picker.locale = DateLocale(identifier: "en_GB")!
        #expect(f.columns == [.day, .month, .year]) // "d MMMM y"
        #expect(f.selectedRows() == [14, 2, 2023])
        f.picker.locale = DateLocale(identifier: "de_DE")!
        f.picker.pickerView.layoutIfNeeded()
        #expect(f.title(component: 1, row: 2) == "März")
        f.picker.datePickerMode = .time
        #expect(f.columns == [.hour, .minute]) // 24-hour in German
        f.picker.locale = DateLocale(identifier: "en_US_POSIX")!
        #expect(f.columns == [.hour, .minute, .meridiem])
        f.picker.datePickerMode = .dateAndTime
        #expect(f.columns == [.dayOfEra, .hour, .minute, .meridiem])
        f.picker.datePickerMode = .countDownTimer
        #expect(f.columns == [.countHours, .countMinutes])
        #expect(f.events.names.isEmpty) // the app's changes send nothing
    }

    @Test func dateAndTimeShowsTheDayAndA12HourClock() {
        let f = DatePickerFixture(mode: .dateAndTime, date: utcDate(2024, 3, 15, 14, 35))
        let rows = f.selectedRows()
        #expect(Array(rows.dropFirst()) == [2, 35, 1]) // 2 PM, :35
        f.picker.pickerView.layoutIfNeeded()
        #expect(f.title(component: 0, row: rows[0]) == "Fri, Mar 15")
        #expect(f.title(component: 1, row: 2) == "2")
        #expect(f.title(component: 3, row: 1) == "PM")
        // The next day on the day wheel keeps the time.
        f.tap(component: 0, rowsBelow: 1)
        #expect(f.picker.date == utcDate(2024, 3, 16, 14, 35))
        // AM: the same hour, twelve earlier.
        f.tap(component: 3, rowsBelow: -1)
        #expect(f.picker.date == utcDate(2024, 3, 16, 2, 35))
        #expect(f.events.names == ["valueChanged", "valueChanged"])
    }

    @Test func aDayPastTheMonthsEndRollsBack() {
        let f = DatePickerFixture(mode: .date, date: utcDate(2024, 1, 31, 10, 20, 30))
        f.tap(component: 0, rowsBelow: 1) // January → February
        #expect(f.picker.date == utcDate(2024, 2, 29, 10, 20, 30)) // leap year: the 29th
        #expect(f.selectedRows() == [1, 28, 2023]) // the day wheel turned back
        #expect(f.picker.pickerView.wheel(1)!.contentOffset.y == f.picker.pickerView.wheel(1)!.offset(forRow: 28))
        #expect(f.events.names == ["valueChanged"])
        f.tap(component: 2, rowsBelow: -1) // 2024 → 2023: no 29 February
        #expect(f.picker.date == utcDate(2023, 2, 28, 10, 20, 30))
        #expect(f.selectedRows() == [1, 27, 2022])
        // Day 31 in February: the wheel turns back to the 28th.
        f.tap(component: 1, rowsBelow: 3)
        #expect(f.picker.date == utcDate(2023, 2, 28, 10, 20, 30))
        #expect(f.selectedRows() == [1, 27, 2022])
        #expect(f.events.names == ["valueChanged", "valueChanged"]) // the date did not change
    }

    @Test func belowTheMinimumTheWheelsSpringBack() {
        let f = DatePickerFixture(mode: .date, date: utcDate(2024, 1, 16, 12))
        f.picker.minimumDate = utcDate(2024, 1, 15)
        f.tap(component: 1, rowsBelow: -2) // the 14th
        #expect(f.picker.date == utcDate(2024, 1, 15))
        #expect(f.selectedRows() == [0, 14, 2023])
        #expect(f.events.names == ["valueChanged"])
        // The app's date below the minimum is brought into range too, without an action.
        f.picker.date = utcDate(2020, 1, 1)
        #expect(f.picker.date == utcDate(2024, 1, 15))
        #expect(f.events.names == ["valueChanged"])
    }

    @Test func aboveTheMaximumTheWheelsSpringBack() {
        let f = DatePickerFixture(mode: .date, date: utcDate(2024, 12, 20))
        f.picker.maximumDate = utcDate(2024, 12, 25)
        f.tap(component: 2, rowsBelow: 1) // 2025
        #expect(f.picker.date == utcDate(2024, 12, 25))
        #expect(f.selectedRows() == [11, 24, 2023])
        #expect(f.picker.pickerView.wheel(2)!.contentOffset.y == f.picker.pickerView.wheel(2)!.offset(forRow: 2023))
        #expect(f.events.names == ["valueChanged"])
    }

    @Test func theMinuteWheelStepsByTheInterval() {
        let f = DatePickerFixture(mode: .time, date: utcDate(2024, 5, 1, 10, 0, 40), locale: "en_GB")
        f.picker.minuteInterval = 15
        #expect(f.picker.pickerView.numberOfRows(inComponent: 1) == 4)
        f.picker.pickerView.layoutIfNeeded()
        #expect((0..<4).map { f.title(component: 1, row: $0) } == ["00", "15", "30", "45"])
        f.tap(component: 1, rowsBelow: 1)
        #expect(f.picker.date == utcDate(2024, 5, 1, 10, 15)) // the seconds zeroed
        f.picker.minuteInterval = 7 // not a divisor of 60: logged, kept at 15
        #expect(f.picker.minuteInterval == 15)
        flickWheel(from: f.picker.pickerView.wheel(1)!.convert(Point(x: 20, y: 160), to: nil), step: 20, steps: 4,
                   h: f.h)
        settleWheels(in: f.picker.pickerView, h: f.h)
        let minute = f.picker.date.components(in: .utc).minute
        #expect(minute % 15 == 0)
        #expect(f.events.names.count == (minute == 15 ? 1 : 2))
    }

    @Test func theCountDownTimerChoosesHoursAndMinutes() {
        let f = DatePickerFixture(mode: .countDownTimer, date: utcDate(2024, 5, 1))
        f.picker.minuteInterval = 5
        f.picker.countDownDuration = 2 * 3600 + 17 * 60
        #expect(f.selectedRows() == [2, 3]) // 17 min shown as 15
        f.tap(component: 0, rowsBelow: 1)
        #expect(f.picker.countDownDuration == 3 * 3600 + 15 * 60)
        f.tap(component: 1, rowsBelow: 1)
        #expect(f.picker.countDownDuration == 3 * 3600 + 20 * 60)
        #expect(f.events.names == ["valueChanged", "valueChanged"])
        f.picker.countDownDuration = .nan
        #expect(f.picker.countDownDuration == 3 * 3600 + 20 * 60)
    }

    /// The README's form: a target's method taking the date picker itself.
    @Test func aTargetHearsTheNewDate() {
        @MainActor final class Booking {
            var dates: [DateTime] = []
            func dateChanged(_ sender: DatePicker) { dates.append(sender.date) }
        }
        let f = DatePickerFixture(mode: .date, date: utcDate(2024, 6, 10))
        let booking = Booking()
        f.picker.addTarget(booking, action: Booking.dateChanged, for: .valueChanged)
        f.tap(component: 1, rowsBelow: 1)
        #expect(booking.dates == [utcDate(2024, 6, 11)])
    }

    @Test func aNewPickerTakesItsDateFromTheReplaceableWallClock() {
        let saved = DatePicker.wallClock
        defer { DatePicker.wallClock = saved }
        DatePicker.wallClock = { utcDate(2030, 7, 4, 9, 30) }
        let picker = DatePicker(frame: Rect(x: 0, y: 0, width: 320, height: 216))
        #expect(picker.date == utcDate(2030, 7, 4, 9, 30))
    }

    /// The wheels show `date` on the wall clocks of `timeZone`, and what the user picks there is
    /// read back in it.
    @Test func theWheelsShowAndReadTheTimeZonesWallClock() {
        let f = DatePickerFixture(mode: .time, date: utcDate(2024, 3, 15, 23, 45), locale: "en_GB")
        f.picker.timeZone = DateTimeZone(secondsFromGMT: 5 * 3600 + 1800) // 05:15 on the 16th
        #expect(f.selectedRows() == [5, 15])
        f.tap(component: 0, rowsBelow: 1)
        #expect(f.picker.date == utcDate(2024, 3, 16, 0, 45))
        f.picker.datePickerMode = .date
        #expect(f.selectedRows() == [15, 2, 2023]) // 16 March, day first
        f.picker.timeZone = DateTimeZone(secondsFromGMT: -3600) // 23:45 on the 15th
        #expect(f.selectedRows() == [14, 2, 2023])
        #expect(f.events.names == ["valueChanged"])
    }

    @Test func theDefaultsAreTheSystemsZoneAndFoundationsLinuxLocale() {
        let picker = DatePicker(frame: Rect(x: 0, y: 0, width: 320, height: 216))
        #expect(picker.timeZone.identifier == "local")
        #expect(picker.locale == DateLocale(identifier: "en_001"))
        #expect(picker.wheels.columns == [.dayOfEra, .hour, .minute, .meridiem])
    }

    /// An app's locale with too few names and a broken order is repaired (and logged), not trapped on.
    @Test func aBrokenLocaleStillShowsTwelveMonths() {
        let f = DatePickerFixture(mode: .date, date: utcDate(2024, 3, 15))
        f.picker.locale = DateLocale(identifier: "app", monthNames: ["Jan"], shortMonthNames: [], shortWeekdayNames: [],
                                     amSymbol: "a", pmSymbol: "p", uses12HourClock: false, dateFieldOrder: [],
                                     dayTitlePattern: "EEE")
        #expect(f.columns == [.month, .day, .year])
        #expect(f.picker.pickerView.numberOfRows(inComponent: 0) == 12)
        f.picker.pickerView.layoutIfNeeded()
        #expect(f.title(component: 0, row: 2) == "3")
        f.picker.datePickerMode = .dateAndTime
        f.picker.pickerView.layoutIfNeeded()
        #expect(f.title(component: 0, row: f.selectedRows()[0]) == "6") // Friday, unnamed
    }

    @Test func aDisabledPickerTakesNoTouches() {
        let f = DatePickerFixture(mode: .date, date: utcDate(2024, 6, 10))
        f.picker.isEnabled = false
        f.tap(component: 1, rowsBelow: 1)
        #expect(f.picker.date == utcDate(2024, 6, 10))
        #expect(f.events.names.isEmpty)
        f.picker.isEnabled = true
        f.tap(component: 1, rowsBelow: 1)
        #expect(f.picker.date == utcDate(2024, 6, 11))
    }

    @Test func atRestNothingTicks() {
        let f = DatePickerFixture(mode: .date, date: utcDate(2024, 1, 31))
        f.tap(component: 0, rowsBelow: 1) // and the day wheel's spring back
        f.h.advance(by: 2)
        #expect(f.h.app.displayLinks.isEmpty)
        #expect(f.h.loop.nextDeadline == nil)
    }
}
