@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// A data source and delegate with `rows[c]` rows in component `c`, titled "c:r", recording
/// every `didSelectRow` and counting the views it is asked for.
@MainActor
final class PickerRecorder: PickerViewDataSource, PickerViewDelegate {
    var rows: [Int]
    var selections: [(row: Int, component: Int)] = []
    var titleRequests = 0
    var prefix = ""

    init(rows: [Int]) { self.rows = rows }

    func numberOfComponents(in pickerView: PickerView) -> Int { rows.count }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { rows[component] }
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        titleRequests += 1
        return "\(prefix)\(component):\(row)"
    }
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        selections.append((row, component))
    }
}

/// A 300×216 picker at (100, 40) in a harness window: its middle band is at screen y 148.
@MainActor
struct PickerFixture {
    let h = Harness()
    let picker = PickerView(frame: Rect(x: 100, y: 40, width: 300, height: 216))
    let recorder: PickerRecorder

    init(rows: [Int] = [100]) {
        recorder = PickerRecorder(rows: rows)
        picker.dataSource = recorder
        picker.delegate = recorder
        h.window.addSubview(picker)
        h.settleControls()
    }

    /// The screen point at the centre of `component`'s wheel, `rowsBelow` rows below the band.
    func point(component: Int = 0, rowsBelow: Double = 0) -> Point {
        let wheel = picker.wheel(component)!
        let centre = wheel.convert(Point(x: wheel.bounds.midX, y: wheel.bounds.midY), to: nil)
        return Point(x: centre.x, y: centre.y + rowsBelow * wheel.rowHeight)
    }

    /// Runs a loop turn that commits (layout included) what the test changed.
    func commit() { h.settleControls() }

    /// Runs frames until every wheel rests, then a second more.
    func settle(limit: Double = 10) { settleWheels(in: picker, h: h, limit: limit) }

    /// A flick up from below the band: the finger moves `step` points every 10 ms, `steps` times.
    func flick(component: Int = 0, step: Double = -20, steps: Int = 8) {
        flickWheel(from: point(component: component, rowsBelow: 2), step: step, steps: steps, h: h)
    }
}

@MainActor
func settleWheels(in picker: PickerView, h: Harness, limit: Double = 10) {
    var waited = 0.0
    func moving() -> Bool {
        (0..<picker.numberOfComponents).contains { component in
            let wheel = picker.wheel(component)!
            return wheel.isDecelerating || wheel.isMovingByItself || wheel.isTracking
        }
    }
    while moving() && waited < limit {
        h.advance(by: 1.0 / 60)
        waited += 1.0 / 60
    }
    h.advance(by: 1)
}

@MainActor
func flickWheel(from start: Point, step: Double, steps: Int, h: Harness) {
    h.down(0, at: start)
    var point = start
    for _ in 0..<steps {
        h.advance(by: 0.01)
        point.y += step
        h.move(0, to: point)
    }
    h.up(0)
}

/// An instant written as a civil date and time in UTC: dates the tests can write down.
func utcDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> DateTime {
    DateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, in: .utc)
}

/// A date picker at (50, 40), 400×216, in UTC with the POSIX locale, in a harness window.
@MainActor
struct DatePickerFixture {
    let h = Harness()
    let picker = DatePicker(frame: Rect(x: 50, y: 40, width: 400, height: 216))
    let events: ControlEventLog

    init(mode: DatePicker.Mode, date: DateTime, locale: String = "en_US_POSIX") {
        picker.timeZone = .utc
        picker.locale = DateLocale(identifier: locale)!
        picker.datePickerMode = mode
        picker.date = date
        events = ControlEventLog(observing: picker)
        h.window.addSubview(picker)
        h.settleControls()
    }

    /// A tap on `component`'s wheel, `rowsBelow` rows below (negative: above) the band.
    func tap(component: Int, rowsBelow: Double) {
        let wheel = picker.pickerView.wheel(component)!
        let centre = wheel.convert(Point(x: wheel.bounds.midX, y: wheel.bounds.midY), to: nil)
        h.tap(at: Point(x: centre.x, y: centre.y + rowsBelow * wheel.rowHeight))
        settleWheels(in: picker.pickerView, h: h)
    }

    func selectedRows() -> [Int] {
        (0..<picker.pickerView.numberOfComponents).map { picker.pickerView.selectedRow(inComponent: $0) }
    }

    func title(component: Int, row: Int) -> String? {
        (picker.pickerView.view(forRow: row, forComponent: component) as? Label)?.text
    }

    var columns: [DatePickerWheels.Column] { picker.wheels.columns }
}
