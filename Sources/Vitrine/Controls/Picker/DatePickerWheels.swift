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
    private var timeZone = DateTimeZone.utc
    private var locale = DateLocale.current
    private var minuteInterval = 1
    private var uses12Hour: Bool { locale.uses12HourClock }
    /// `.dateAndTime`: the first day of the day wheel (a day number, see `CivilCalendar`) and its
    /// number of rows.
    private var firstDay = 0
    private var dayCount = 1
    /// The last locale whose repair was logged.
    private var brokenLocaleReported: DateLocale?

    /// The years the year wheel offers: 1…9999.
    static let yearCount = 9999
    /// `.dateAndTime`'s day wheel without limits: 100 years before the date, 200 after.
    static let daysBefore = 36_525, daysAfter = 73_050

    func configure(mode: DatePicker.Mode, locale: DateLocale, timeZone: DateTimeZone,
                   minuteInterval: Int, date: DateTime, minimum: DateTime?, maximum: DateTime?) {
        let (usable, problem) = locale.repaired()
        // Once per locale, not at every rebuild of the wheels.
        if let problem, locale != brokenLocaleReported {
            PickerView.logger.warning("\(problem); using numbers and month, day, year instead")
            brokenLocaleReported = locale
        }
        self.locale = usable
        self.timeZone = timeZone
        self.minuteInterval = minuteInterval
        let time: [Column] = uses12Hour ? [.hour, .minute, .meridiem] : [.hour, .minute]
        switch mode {
        case .time:
            columns = time
        case .date:
            // Month, day and year in the order the locale writes a long date.
            columns = usable.dateFieldOrder.map { field in
                switch field {
                case .month: .month
                case .day: .day
                case .year: .year
                }
            }
        case .dateAndTime:
            columns = [.dayOfEra] + time
            firstDay = localDay(minimum ?? date.adding(seconds: -Double(Self.daysBefore) * 86_400))
            if let maximum {
                dayCount = localDay(maximum) - firstDay + 1
            } else {
                dayCount = localDay(date) - firstDay + Self.daysAfter
            }
            dayCount = max(dayCount, 1)
        case .countDownTimer:
            columns = [.countHours, .countMinutes]
        }
    }

    /// Whether `.dateAndTime`'s day wheel has a row for `date`.
    func dayWheelCovers(_ date: DateTime) -> Bool {
        let day = dayRow(date)
        return day >= 0 && day < dayCount
    }

    private func dayRow(_ date: DateTime) -> Int { localDay(date) - firstDay }

    /// The day number of `date`'s day on the wall calendars of the time zone.
    private func localDay(_ date: DateTime) -> Int {
        CivilCalendar.floorDivide(timeZone.localSeconds(of: date), 86_400)
    }

    // MARK: Rows and values

    /// The row each column shows for `date` (or `duration`, counting down).
    func rows(date: DateTime, duration: Double) -> [Int] {
        let parts = date.components(in: timeZone)
        let hour = parts.hour
        let minutes = Int(duration) / 60
        return columns.map { column in
            switch column {
            case .month: return parts.month - 1
            case .day: return parts.day - 1
            case .year: return min(max(parts.year - 1, 0), Self.yearCount - 1)
            case .hour: return uses12Hour ? hour % 12 : hour
            case .minute: return parts.minute / minuteInterval
            case .meridiem: return hour >= 12 ? 1 : 0
            case .dayOfEra: return min(max(dayRow(date), 0), dayCount - 1)
            case .countHours: return minutes / 60
            case .countMinutes: return (minutes % 60) / minuteInterval
            }
        }
    }

    /// The date the wheels' `rows` show, the seconds zeroed and the rest of `current` kept; a
    /// day past the month's length becomes its last day.
    func date(fromRows rows: [Int], keeping current: DateTime) -> DateTime {
        var parts = current.components(in: timeZone)
        var hour = parts.hour
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
                (parts.year, parts.month, parts.day) = CivilCalendar.civilDate(dayNumber: firstDay + row)
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
            parts.day = min(wantedDay, CivilCalendar.daysInMonth(year: parts.year, month: parts.month))
        }
        return DateTime(year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute,
                        second: parts.second, in: timeZone)
    }

    /// The duration the count-down wheels' `rows` show, in seconds.
    func duration(fromRows rows: [Int]) -> Double {
        var minutes = 0
        for (column, row) in zip(columns, rows) where row >= 0 {
            if column == .countHours { minutes += row * 60 }
            if column == .countMinutes { minutes += row * minuteInterval }
        }
        return Double(minutes * 60)
    }

    // MARK: PickerViewDataSource and PickerViewDelegate

    func numberOfComponents(in pickerView: PickerView) -> Int { columns.count }

    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        guard columns.indices.contains(component) else { return 0 }
        switch columns[component] {
        case .month: return 12
        case .day: return 31
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
        case .month: return locale.monthNames.indices.contains(row) ? locale.monthNames[row] : nil
        case .day: return String(row + 1)
        case .year: return String(row + 1)
        case .hour: return uses12Hour ? String(row == 0 ? 12 : row) : twoDigits(row)
        case .minute: return twoDigits(row * minuteInterval)
        case .meridiem: return row == 0 ? locale.amSymbol : locale.pmSymbol
        case .dayOfEra:
            let day = CivilCalendar.civilDate(dayNumber: firstDay + row)
            return locale.dayTitle(year: day.year, month: day.month, day: day.day,
                                   weekday: CivilCalendar.weekday(dayNumber: firstDay + row))
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
