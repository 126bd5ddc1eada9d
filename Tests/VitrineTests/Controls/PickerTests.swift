import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// The wheel picker: flicks come to rest on a whole row and report it once, taps turn to a
/// row, programmatic selection, reloads, reuse of row views, and nothing ticking at rest.
@MainActor
struct PickerTests {
    @Test func aFlickEndsExactlyOnARowAndReportsItOnceAtRest() {
        let f = PickerFixture(rows: [200])
        let wheel = f.picker.wheel(0)!
        #expect(wheel.contentOffset.y == -92) // row 0 in the band: (216 − 32) / 2 above the content
        f.flick()
        #expect(wheel.isDecelerating)
        #expect(f.recorder.selections.isEmpty) // not while it moves
        // The momentum itself is aimed at a row (the target snapped at the lift), not corrected
        // after it stops.
        let target = wheel.scrolling.y.target
        #expect(target == wheel.offset(forRow: wheel.row(forOffset: target)))
        #expect(target > 0)
        var offsetsSeen = Set<Double>()
        for _ in 0..<10 {
            f.h.advance(by: 1.0 / 60)
            offsetsSeen.insert(wheel.contentOffset.y)
        }
        #expect(offsetsSeen.count > 5) // it really spins…
        #expect(f.recorder.selections.isEmpty) // …and says nothing on the way
        f.settle()
        let row = f.picker.selectedRow(inComponent: 0)
        #expect(row > 5)
        #expect(wheel.contentOffset.y == Double(row) * 32 - 92) // exactly on the row
        #expect(f.recorder.selections.count == 1)
        #expect(f.recorder.selections.first?.row == row)
        #expect(f.recorder.selections.first?.component == 0)
    }

    @Test func aSlowDragLeftBetweenRowsGlidesOntoTheNearest() {
        let f = PickerFixture()
        let wheel = f.picker.wheel(0)!
        let start = f.point(rowsBelow: 1)
        f.h.down(0, at: start)
        for step in 1...5 {
            f.h.advance(by: 0.05)
            f.h.move(0, to: Point(x: start.x, y: start.y - Double(step) * 15))
        }
        f.h.advance(by: 0.3) // rest, so the release has no velocity
        f.h.up(0)
        f.settle()
        // The finger moved 75 pt less the hysteresis: 2 rows and some; it rests on a row.
        let row = f.picker.selectedRow(inComponent: 0)
        #expect(row == 2)
        #expect(wheel.contentOffset.y == 2 * 32 - 92)
        #expect(f.recorder.selections.map(\.row) == [2])
    }

    @Test func aTapOnTheNextRowSelectsIt() {
        let f = PickerFixture()
        f.h.tap(at: f.point(rowsBelow: 1))
        #expect(f.recorder.selections.isEmpty) // the wheel turns first
        f.settle()
        #expect(f.picker.selectedRow(inComponent: 0) == 1)
        #expect(f.recorder.selections.map(\.row) == [1])
        #expect(f.picker.wheel(0)!.contentOffset.y == 32 - 92)
        // Two rows above, now: back to… row 0 is the top, so tap one above.
        f.h.tap(at: f.point(rowsBelow: -1))
        f.settle()
        #expect(f.picker.selectedRow(inComponent: 0) == 0)
        #expect(f.recorder.selections.map(\.row) == [1, 0])
        // A tap on the selected row changes nothing.
        f.h.tap(at: f.point(rowsBelow: 0))
        f.settle()
        #expect(f.recorder.selections.count == 2)
    }

    @Test func selectRowWithoutAnimationJumpsAndTellsNoOne() {
        let f = PickerFixture(rows: [50, 30])
        f.picker.selectRow(7, inComponent: 1, animated: false)
        #expect(f.picker.selectedRow(inComponent: 1) == 7)
        #expect(f.picker.wheel(1)!.contentOffset.y == 7 * 32 - 92)
        #expect(f.picker.selectedRow(inComponent: 0) == 0)
        f.settle()
        #expect(f.recorder.selections.isEmpty)
        // Out of range: clamped (and logged), not a trap.
        f.picker.selectRow(99, inComponent: 1, animated: false)
        #expect(f.picker.selectedRow(inComponent: 1) == 29)
        f.picker.selectRow(1, inComponent: 5, animated: false)
        #expect(f.picker.selectedRow(inComponent: 5) == -1)
    }

    @Test func selectRowAnimatedTurnsOverAFewFramesAndTellsNoOne() {
        let f = PickerFixture()
        let wheel = f.picker.wheel(0)!
        f.picker.selectRow(10, inComponent: 0, animated: true)
        #expect(f.picker.selectedRow(inComponent: 0) == 10) // at once, as UIKit
        #expect(wheel.contentOffset.y == -92) // but the wheel has not moved yet
        f.h.advance(by: 0.1)
        #expect(wheel.contentOffset.y > -92 && wheel.contentOffset.y < 10 * 32 - 92)
        f.settle()
        #expect(wheel.contentOffset.y == 10 * 32 - 92)
        #expect(f.recorder.selections.isEmpty)
        #expect(f.h.app.displayLinks.isEmpty)
    }

    @Test func reloadsAskAgainAndKeepTheSelectionInRange() {
        let f = PickerFixture(rows: [100])
        f.picker.selectRow(50, inComponent: 0, animated: false)
        f.commit()
        #expect((f.picker.view(forRow: 50, forComponent: 0) as? Label)?.text == "0:50")
        f.recorder.prefix = "new "
        f.recorder.rows = [10, 5]
        f.picker.reloadComponent(0)
        f.commit()
        #expect(f.picker.numberOfComponents == 1) // reloadComponent does not add components
        #expect(f.picker.selectedRow(inComponent: 0) == 9)
        #expect(f.picker.wheel(0)!.contentOffset.y == 9 * 32 - 92)
        #expect((f.picker.view(forRow: 9, forComponent: 0) as? Label)?.text == "new 0:9")
        f.picker.reloadAllComponents()
        f.commit()
        #expect(f.picker.numberOfComponents == 2)
        #expect(f.picker.numberOfRows(inComponent: 1) == 5)
        #expect((f.picker.view(forRow: 0, forComponent: 1) as? Label)?.text == "new 1:0")
        // Two components side by side, each an equal share, 4 pt apart.
        #expect(f.picker.wheel(0)!.frame.width == 148)
        #expect(f.picker.wheel(1)!.frame.minX == 152)
        f.recorder.rows = []
        f.picker.reloadAllComponents()
        f.commit()
        #expect(f.picker.numberOfComponents == 0)
        #expect(f.picker.selectedRow(inComponent: 0) == -1)
    }

    @Test func tenThousandRowsBuildOnlyTheRowsInView() {
        let f = PickerFixture(rows: [10_000])
        let wheel = f.picker.wheel(0)!
        // 216 pt shows 7 rows (parts of 8); two spare each side.
        let bound = 8 + 2 * PickerWheel.spareRows
        #expect(wheel.rowViewCount <= bound)
        #expect(f.recorder.titleRequests <= bound)
        for _ in 0..<3 {
            f.flick(step: -40)
            f.settle()
        }
        #expect(f.picker.selectedRow(inComponent: 0) > 100)
        #expect(wheel.rowViewCount <= bound + 1)
        #expect(wheel.visibleRowNumbers.count <= bound)
        // Views are reused: far more rows passed than views exist.
        #expect(f.recorder.titleRequests > 100)
        let row = f.picker.selectedRow(inComponent: 0)
        #expect(wheel.visibleRowNumbers.contains(row))
        #expect(wheel.visibleRowNumbers.allSatisfy { abs($0 - row) <= 3 + PickerWheel.spareRows })
    }

    @Test func atRestNothingTicks() {
        let f = PickerFixture()
        f.flick()
        #expect(f.picker.wheel(0)!.isDecelerating)
        #expect(f.picker.wheel(0)!.scrolling.isLinkAttached)
        f.settle()
        f.h.advance(by: 2)
        #expect(f.h.app.displayLinks.isEmpty) // no display link…
        #expect(f.h.loop.nextDeadline == nil) // …and no timer: the loop sleeps
        f.h.tap(at: f.point(rowsBelow: 1))
        f.settle()
        f.h.advance(by: 2)
        #expect(f.h.app.displayLinks.isEmpty)
        #expect(f.h.loop.nextDeadline == nil)
    }

    @Test func aWheelTakenOutMidFlickRestsOnItsRowWhenBack() {
        let f = PickerFixture()
        f.flick()
        f.h.advance(by: 0.1)
        let wheel = f.picker.wheel(0)!
        f.picker.removeFromSuperview()
        #expect(!wheel.isDecelerating)
        #expect(f.h.app.displayLinks.isEmpty)
        f.h.window.addSubview(f.picker)
        f.commit()
        #expect(wheel.contentOffset.y == wheel.offset(forRow: f.picker.selectedRow(inComponent: 0)))
        #expect(f.recorder.selections.isEmpty)
    }

    @Test func rowsFadeAndSqueezeAwayFromTheBand() {
        let f = PickerFixture()
        f.picker.selectRow(10, inComponent: 0, animated: false)
        f.commit()
        guard let middle = f.picker.view(forRow: 10, forComponent: 0),
              let next = f.picker.view(forRow: 11, forComponent: 0),
              let far = f.picker.view(forRow: 13, forComponent: 0) else {
            Issue.record("rows 10, 11 and 13 should be in view")
            return
        }
        #expect(middle.alpha > 0.95 && middle.transform.d > 0.95)
        #expect(next.alpha < middle.alpha && next.transform.d < middle.transform.d)
        #expect(far.alpha < next.alpha && far.transform.d < next.transform.d)
        #expect(next.transform.a == 1) // only vertically
    }
}

/// A data source and delegate that make every mistake an app can: negative counts, sizes that
/// are not numbers, and a reload (and removal) from inside `didSelectRow`.
@MainActor
private final class CarelessPickerSource: PickerViewDataSource, PickerViewDelegate {
    var rows = [-5, 40]
    var selected = 0
    func numberOfComponents(in pickerView: PickerView) -> Int { rows.count }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { rows[component] }
    func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double { .nan }
    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double { .infinity }
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        selected += 1
        rows = [3]
        pickerView.reloadAllComponents()
        pickerView.removeFromSuperview()
    }
}

@MainActor
struct PickerMisuseTests {
    @Test func appMistakesAreSurvived() {
        let h = Harness()
        let source = CarelessPickerSource()
        let picker = PickerView(frame: Rect(x: 100, y: 40, width: 300, height: 216))
        picker.dataSource = source
        picker.delegate = source
        h.window.addSubview(picker)
        h.settleControls()
        #expect(picker.numberOfRows(inComponent: 0) == 0) // −5 rows: none
        #expect(picker.selectedRow(inComponent: 0) == -1)
        #expect(picker.rowSize(forComponent: 1) == Size(width: 148, height: 32)) // NaN, ∞: defaults
        // A tap on the second wheel's next row: its didSelectRow reloads and removes the picker.
        let wheel = picker.wheel(1)!
        let centre = wheel.convert(Point(x: wheel.bounds.midX, y: wheel.bounds.midY + 32), to: nil)
        h.tap(at: centre)
        settleWheels(in: picker, h: h)
        #expect(source.selected == 1)
        #expect(picker.superview == nil)
        #expect(picker.numberOfComponents == 1)
        #expect(picker.numberOfRows(inComponent: 0) == 3)
        #expect(h.app.displayLinks.isEmpty)
        #expect(h.loop.nextDeadline == nil)
    }
}

/// The picker follows light and dark appearance unless the app sets its own text colour.
@MainActor
struct PickerAppearanceTests {
    @Test func titlesAndTheBandFollowDarkAppearance() {
        let f = PickerFixture()
        func titleColors() -> Set<Color> {
            Set(f.picker.wheel(0)!.subviews.compactMap { ($0 as? PickerRowLabel)?.textColor })
        }
        #expect(titleColors() == [.black])
        f.h.window.overrideUserInterfaceStyle = .dark
        f.settle()
        #expect(titleColors() == [.white])
        #expect(f.picker.selectionIndicator.backgroundColor == SemanticColor.tertiarySystemFill.resolved(isDark: true))
        let red = Color(rgb: 0xFF3B30)
        f.picker.textColor = red
        f.settle()
        #expect(titleColors() == [red])
    }
}
