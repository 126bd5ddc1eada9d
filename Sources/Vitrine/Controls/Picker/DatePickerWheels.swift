import Foundation
import VitrineGraphics

/// The date picker's wheels: which columns a mode shows, their rows and titles, and the
/// mapping between rows and a date (or a duration). It is the picker view's data source and
/// delegate, so `DatePicker` itself exposes neither.
@MainActor
final class DatePickerWheels: PickerViewDataSource, PickerViewDelegate {
    /// One wheel's meaning.
    enum Column: Equatable {
        case month, day, year, hour, minute, meridiem, dayOfEra, countHours, countMinutes
    }

    weak var owner: DatePicker?
    private(set) var columns: [Column] = []
    private var calendar = Calendar(identifier: .gregorian)
    private var minuteInterval = 1
    private var uses12Hour = false
    private var monthNames: [String] = []
    private var amSymbol = "AM", pmSymbol = "PM"
    /// `.dateAndTime`: the first day of the day wheel (start of day) and its number of rows.
    private var firstDay = Date(timeIntervalSinceReferenceDate: 0)
    private var dayCount = 1
    /// Formats the day wheel's titles ("Tue, Nov 24").
    private let dayFormatter = DateFormatter()

    /// The years the year wheel offers: 1…9999.
    static let yearCount = 9999
    /// `.dateAndTime`'s day wheel without limits: 100 years before the date, 200 after.
    static let daysBefore = 36_525, daysAfter = 73_050

    func configure(mode: DatePicker.Mode, calendar: Calendar, locale: Locale, timeZone: TimeZone,
                   minuteInterval: Int, date: Date, minimum: Date?, maximum: Date?) {
        self.calendar = calendar
        self.minuteInterval = minuteInterval
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = timeZone
        monthNames = formatter.standaloneMonthSymbols
        amSymbol = formatter.amSymbol
        pmSymbol = formatter.pmSymbol
        dayFormatter.locale = locale
        dayFormatter.calendar = calendar
        dayFormatter.timeZone = timeZone
        dayFormatter.setLocalizedDateFormatFromTemplate("EEEMMMd")
        let hourPattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "H"
        // Quoted literals ("HH 'Uhr'") are not pattern letters.
        let letters = hourPattern.split(separator: "'", omittingEmptySubsequences: false)
            .enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
        uses12Hour = letters.contains("h") || letters.contains("K")
        let time: [Column] = uses12Hour ? [.hour, .minute, .meridiem] : [.hour, .minute]
        switch mode {
        case .time:
            columns = time
        case .date:
            columns = dateOrder(locale: locale)
        case .dateAndTime:
            columns = [.dayOfEra] + time
            let start = calendar.startOfDay(for: minimum ?? date.addingTimeInterval(-Double(Self.daysBefore) * 86_400))
            firstDay = start
            if let maximum {
                dayCount = (calendar.dateComponents([.day], from: start, to: calendar.startOfDay(for: maximum)).day ?? 0) + 1
            } else {
                dayCount = (calendar.dateComponents([.day], from: start, to: calendar.startOfDay(for: date)).day ?? 0)
                    + Self.daysAfter
            }
            dayCount = max(dayCount, 1)
        case .countDownTimer:
            columns = [.countHours, .countMinutes]
        }
    }

    /// Month, day and year in the order the locale writes a long date.
    private func dateOrder(locale: Locale) -> [Column] {
        let pattern = DateFormatter.dateFormat(fromTemplate: "yMMMMd", options: 0, locale: locale) ?? "MMMM d y"
        func position(_ letter: Character) -> Int {
            pattern.firstIndex(of: letter).map { pattern.distance(from: pattern.startIndex, to: $0) } ?? Int.max
        }
        let order: [(Column, Int)] = [(.month, position("M")), (.day, position("d")), (.year, position("y"))]
        return order.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// Whether `.dateAndTime`'s day wheel has a row for `date`.
    func dayWheelCovers(_ date: Date) -> Bool {
        let day = dayRow(date)
        return day >= 0 && day < dayCount
    }

    private func dayRow(_ date: Date) -> Int {
        calendar.dateComponents([.day], from: firstDay, to: calendar.startOfDay(for: date)).day ?? 0
    }

    // MARK: Rows and values

    /// The row each column shows for `date` (or `duration`, counting down).
    func rows(date: Date, duration: TimeInterval) -> [Int] {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let hour = parts.hour ?? 0
        let minutes = Int(duration) / 60
        return columns.map { column in
            switch column {
            case .month: return (parts.month ?? 1) - 1
            case .day: return (parts.day ?? 1) - 1
            case .year: return min(max((parts.year ?? 1) - 1, 0), Self.yearCount - 1)
            case .hour: return uses12Hour ? hour % 12 : hour
            case .minute: return (parts.minute ?? 0) / minuteInterval
            case .meridiem: return hour >= 12 ? 1 : 0
            case .dayOfEra: return min(max(dayRow(date), 0), dayCount - 1)
            case .countHours: return minutes / 60
            case .countMinutes: return (minutes % 60) / minuteInterval
            }
        }
    }

    /// The date the wheels' `rows` show, the seconds zeroed and the rest of `current` kept; a
    /// day past the month's length becomes its last day. Nil when the calendar cannot build it.
    func date(fromRows rows: [Int], keeping current: Date) -> Date? {
        var parts = calendar.dateComponents([.era, .year, .month, .day, .hour, .minute, .second], from: current)
        var hour = parts.hour ?? 0
        var wantedDay: Int?
        for (column, row) in zip(columns, rows) where row >= 0 {
            switch column {
            case .month: parts.month = row + 1
            case .day: wantedDay = row + 1
            case .year: parts.year = row + 1
            case .hour: hour = uses12Hour ? row + (hour >= 12 ? 12 : 0) : row
            case .minute: parts.minute = row * minuteInterval; parts.second = 0
            case .meridiem: break // applied after the loop, whichever side of the hour it is
            case .dayOfEra:
                guard let day = calendar.date(byAdding: .day, value: row, to: firstDay) else { return nil }
                let ymd = calendar.dateComponents([.era, .year, .month, .day], from: day)
                parts.era = ymd.era; parts.year = ymd.year; parts.month = ymd.month; parts.day = ymd.day
            case .countHours, .countMinutes: break
            }
        }
        if let meridiem = columns.firstIndex(of: .meridiem), let hourColumn = columns.firstIndex(of: .hour),
           rows.indices.contains(meridiem), rows.indices.contains(hourColumn) {
            hour = rows[hourColumn] + (rows[meridiem] == 1 ? 12 : 0)
        }
        parts.hour = hour
        if let wantedDay {
            // Roll back past the month's end (31 February → 28 or 29).
            parts.day = 1
            let length = calendar.date(from: parts).flatMap { calendar.range(of: .day, in: .month, for: $0)?.count } ?? 28
            parts.day = min(wantedDay, length)
        }
        return calendar.date(from: parts)
    }

    /// The duration the count-down wheels' `rows` show, in seconds.
    func duration(fromRows rows: [Int]) -> TimeInterval {
        var minutes = 0
        for (column, row) in zip(columns, rows) where row >= 0 {
            if column == .countHours { minutes += row * 60 }
            if column == .countMinutes { minutes += row * minuteInterval }
        }
        return TimeInterval(minutes * 60)
    }

    // MARK: PickerViewDataSource and PickerViewDelegate

    func numberOfComponents(in pickerView: PickerView) -> Int { columns.count }

    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        guard columns.indices.contains(component) else { return 0 }
        switch columns[component] {
        case .month: return monthNames.count
        case .day: return calendar.maximumRange(of: .day)?.count ?? 31
        case .year: return Self.yearCount
        case .hour: return uses12Hour ? 12 : 24
        case .minute, .countMinutes: return 60 / minuteInterval
        case .meridiem: return 2
        case .dayOfEra: return dayCount
        case .countHours: return 24
        }
    }

    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        guard columns.indices.contains(component) else { return nil }
        switch columns[component] {
        case .month: return monthNames.indices.contains(row) ? monthNames[row] : nil
        case .day: return String(row + 1)
        case .year: return String(row + 1)
        case .hour: return uses12Hour ? String(row == 0 ? 12 : row) : twoDigits(row)
        case .minute: return twoDigits(row * minuteInterval)
        case .meridiem: return row == 0 ? amSymbol : pmSymbol
        case .dayOfEra:
            return calendar.date(byAdding: .day, value: row, to: firstDay).map { dayFormatter.string(from: $0) }
        case .countHours: return String(row)
        case .countMinutes: return String(row * minuteInterval)
        }
    }

    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double {
        guard columns.indices.contains(component) else { return 0 }
        let total = pickerView.bounds.width - 16
        switch columns[component] {
        case .month, .dayOfEra: return 0 // the room the others leave
        case .year: return min(80, total / 3)
        case .day, .hour, .minute, .meridiem: return min(56, total / 4)
        case .countHours, .countMinutes: return min(100, total / 2)
        }
    }

    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        owner?.wheelsDidSettle()
    }

    private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
