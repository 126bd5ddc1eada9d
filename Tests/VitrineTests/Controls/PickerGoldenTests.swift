import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Pictures of the wheels: the band in the middle, rows fading and squeezing away from it.
@MainActor
struct PickerGoldenTests {
    @Test func aTwoComponentPicker() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 236))
        root.backgroundColor = .white
        let recorder = PickerRecorder(rows: [30, 12])
        let picker = PickerView(frame: Rect(x: 10, y: 10, width: 280, height: 216))
        picker.dataSource = recorder
        picker.delegate = recorder
        root.addSubview(picker)
        picker.selectRow(5, inComponent: 0, animated: false)
        picker.selectRow(3, inComponent: 1, animated: false)
        root.layoutIfNeeded()
        expectGolden(root.snapshot(scale: 1), "picker-two-components")
    }

    @Test func aDatePickerInDateMode() {
        let root = View(frame: Rect(x: 0, y: 0, width: 340, height: 236))
        root.backgroundColor = .white
        let picker = DatePicker(frame: Rect(x: 10, y: 10, width: 320, height: 216))
        picker.timeZone = .utc
        picker.locale = DateLocale(identifier: "en_US_POSIX")!
        picker.datePickerMode = .date
        picker.date = utcDate(2024, 2, 29)
        root.addSubview(picker)
        root.layoutIfNeeded()
        expectGolden(root.snapshot(scale: 1), "datepicker-date")
    }
}
