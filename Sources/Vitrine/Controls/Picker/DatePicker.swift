import VitrineGraphics

/// A control for choosing a date, a time or a count-down duration on spinning wheels (UIKit's
/// `UIDatePicker` in its `.wheels` style). It is a `Control`: when the user brings a wheel to
/// rest on a new value it sends `.valueChanged` (not while a wheel moves, and not when the app
/// sets `date` or `countDownDuration`).
///
/// Dates are `DateTime`s, seconds since 1970 (`Vitrine` has no Foundation; an app converts with
/// `Date(timeIntervalSince1970: picker.date.secondsSince1970)`), read and built in the proleptic
/// Gregorian calendar on the wall clocks of `timeZone` (default `.local`, the system's); titles
/// (month names, AM/PM, weekday abbreviations), 12 or 24 hours and the order of the wheels come
/// from `locale` (default: the app's language's, `DateLocale.appLanguage`).
///
/// As in UIKit: a day past the month's length rolls back (31 February becomes 28 or 29
/// February, and the day wheel turns back); a value outside `minimumDate`…`maximumDate` is
/// brought back into range and the wheels spring back to it; the minute wheel steps by
/// `minuteInterval` and a chosen time has zero seconds.
///
/// Differences from UIKit: the wheels are flat approximations (see `PickerView`); the calendar
/// is always the Gregorian one, proleptic before 1582, and the locales are `DateLocale`'s;
/// `.dateAndTime`'s day wheel spans from `minimumDate` (or 100 years before the date) to
/// `maximumDate` (or 200 years later) and shows no "Today"; the count-down wheels show
/// numbers without unit labels; out-of-range rows are not greyed.
@MainActor
open class DatePicker: Control {
    /// What the wheels choose (UIKit's `UIDatePicker.Mode`).
    public enum Mode: Sendable, Hashable {
        /// Hour, minute and (in a 12-hour locale) AM/PM of `date`.
        case time
        /// Month, day and year of `date`, in the locale's order.
        case date
        /// The day (weekday, month, day), hour, minute and AM/PM of `date`.
        case dateAndTime
        /// Hours and minutes of `countDownDuration`.
        case countDownTimer
    }

    /// The wheels the picker shows; changing it reloads them.
    public var datePickerMode: Mode = .dateAndTime {
        didSet { if datePickerMode != oldValue { rebuildWheels() } }
    }

    /// Where a new picker's default `date` comes from: the system's real-time clock (now), as
    /// UIKit. This is the one place `Vitrine` reads the wall clock; an app or a test that wants
    /// another "now" replaces it (or sets `date`).
    public static var wallClock: @MainActor () -> DateTime = { DateTime.systemNow() }

    /// The chosen date (default: `DatePicker.wallClock()` when the picker is made, as UIKit's
    /// now). Setting it moves the wheels without animation and sends no action; a
    /// date outside `minimumDate`…`maximumDate` is brought into range.
    public var date: DateTime {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }

    /// The earliest date the user can choose (nil: no limit). The wheels spring back to it.
    public var minimumDate: DateTime? {
        didSet { rangeDidChange() }
    }

    /// The latest date the user can choose (nil: no limit). The wheels spring back to it.
    public var maximumDate: DateTime? {
        didSet { rangeDidChange() }
    }

    /// The step of the minute wheel, 1…30 and a divisor of 60 (default 1). Another value is
    /// logged and ignored, keeping the step before.
    public var minuteInterval: Int = 1 {
        didSet {
            guard minuteInterval != oldValue else { return }
            guard (1...30).contains(minuteInterval), 60 % minuteInterval == 0 else {
                PickerView.logger.warning("minuteInterval \(minuteInterval) is not 1…30 and a divisor of 60; keeping \(oldValue)")
                minuteInterval = oldValue
                return
            }
            rebuildWheels()
        }
    }

    /// The duration `.countDownTimer` shows, in seconds: 0 up to 23 h 59 min, shown rounded
    /// down to whole minutes on the interval (UIKit's default is 0 too). Non-finite is ignored.
    /// (A `Double`, which is what Foundation's `TimeInterval` is.)
    public var countDownDuration: Double = 0 {
        didSet {
            if !countDownDuration.isFinite { countDownDuration = oldValue; return }
            countDownDuration = min(max(countDownDuration, 0), 86_340)
            if datePickerMode == .countDownTimer { showValue(animated: false) }
        }
    }

    /// The locale of titles, of the 12- or 24-hour clock and of the wheels' order. Until it is
    /// set, it follows the app's language (`DateLocale.appLanguage`) and the wheels are built
    /// again when the language changes, as UIKit's picker follows the current locale; setting
    /// it pins it.
    public var locale: DateLocale {
        get { pinnedLocale ?? .appLanguage }
        set { pinnedLocale = newValue; rebuildWheels() }
    }
    private var pinnedLocale: DateLocale?

    /// A new language: the wheels in its locale, unless the app pinned one.
    open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if pinnedLocale == nil, previousTraitCollection?.language != traitCollection.language { rebuildWheels() }
    }

    /// The time zone `date` is shown in (default `.local`: the system's, through `localtime_r`).
    public var timeZone: DateTimeZone = .local {
        didSet { rebuildWheels() }
    }

    /// UIKit's `preferredDatePickerStyle`; only `.wheels` exists here.
    public enum Style: Sendable, Hashable {
        /// Spinning wheels.
        case wheels
    }

    /// Always `.wheels` (the one style this picker has).
    public var preferredDatePickerStyle: Style { .wheels }

    /// The wheels (a `PickerView` filling the bounds); for tests and restyling, not for
    /// changing its data source or delegate.
    public let pickerView: PickerView

    private var storedDate: DateTime
    let wheels = DatePickerWheels()

    /// Creates a wheel date picker in `.dateAndTime` mode showing now.
    public override init(frame: Rect) {
        storedDate = DatePicker.wallClock()
        pickerView = PickerView(frame: Rect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        pickerView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        wheels.owner = self
        pickerView.dataSource = wheels
        pickerView.delegate = wheels
        addSubview(pickerView)
        rebuildWheels()
    }

    /// Sets `date` (brought into range) and turns the wheels to it, over 0.3 s when `animated`.
    /// Sends no action. A date that is not finite is ignored.
    public func setDate(_ date: DateTime, animated: Bool) {
        guard date.secondsSince1970.isFinite else { return }
        storedDate = clamped(date)
        if datePickerMode == .dateAndTime, !wheels.dayWheelCovers(storedDate) { rebuildWheels(); return }
        showValue(animated: animated)
    }

    /// A disabled picker takes no touches and is drawn faded.
    open override var isEnabled: Bool {
        didSet {
            pickerView.isUserInteractionEnabled = isEnabled
            pickerView.alpha = isEnabled ? 1 : 0.5
        }
    }

    /// UIKit's date picker is 216 pt tall.
    open override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 216) }

    // MARK: Internal

    func clamped(_ date: DateTime) -> DateTime {
        var date = date
        if let minimumDate, date < minimumDate { date = minimumDate }
        if let maximumDate, date > maximumDate { date = maximumDate }
        return date
    }

    private func rangeDidChange() {
        let inRange = clamped(storedDate)
        if inRange != storedDate { storedDate = inRange }
        rebuildWheels()
    }

    private func rebuildWheels() {
        wheels.configure(mode: datePickerMode, locale: locale, timeZone: timeZone,
                         minuteInterval: minuteInterval, date: storedDate, minimum: minimumDate, maximum: maximumDate)
        pickerView.reloadAllComponents()
        showValue(animated: false)
    }

    /// Turns every wheel to the row of the current value.
    func showValue(animated: Bool) {
        let rows = wheels.rows(date: storedDate, duration: countDownDuration)
        for (component, row) in rows.enumerated() where pickerView.selectedRow(inComponent: component) != row
            || !animated {
            pickerView.selectRow(row, inComponent: component, animated: animated)
        }
    }

    /// A wheel came to rest: read the value the wheels show, roll back a day past the month's
    /// end, bring it into range, spring the wheels to it, and tell the targets if it changed.
    func wheelsDidSettle() {
        var rows: [Int] = []
        for component in 0..<pickerView.numberOfComponents { rows.append(pickerView.selectedRow(inComponent: component)) }
        if datePickerMode == .countDownTimer {
            let duration = wheels.duration(fromRows: rows)
            let changed = duration != countDownDuration
            countDownDuration = duration
            showValue(animated: true)
            if changed { sendActions(for: .valueChanged) }
            return
        }
        let value = clamped(wheels.date(fromRows: rows, keeping: storedDate))
        let changed = value != storedDate
        storedDate = value
        showValue(animated: true)
        if changed { sendActions(for: .valueChanged) }
    }
}
