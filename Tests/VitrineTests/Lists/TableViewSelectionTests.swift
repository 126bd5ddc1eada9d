import Testing
import Vitrine
import VitrineGraphics

/// Selection through real touches (ScriptedInput): a finger highlights the row, lifting it
/// selects the row and tells the delegate; a moving finger selects nothing; deselecting
/// animated fades the highlight over several frames.
@MainActor
struct TableViewSelectionTests {
    func scene(_ counts: [Int] = [30]) -> (Harness, Rows, TableView) {
        let h = Harness()
        let rows = Rows(counts)
        let table = makeTable(rows, frame: Rect(x: 0, y: 0, width: 800, height: 480))
        h.window.addSubview(table)
        h.frame()
        return (h, rows, table)
    }

    @Test func aTapHighlightsThenSelectsTheRow() {
        let (h, rows, table) = scene()
        h.down(0, at: Point(x: 100, y: 44 * 2 + 20))
        let cell = table.cellForRow(at: ItemPath(row: 2, section: 0))!
        // As in UIKit, the scroll view holds the touch back for 150 ms (it may become a drag).
        #expect(!cell.isHighlighted)
        h.advance(by: 0.16)
        #expect(cell.isHighlighted)
        #expect(!cell.isSelected)
        #expect(rows.selected.isEmpty)
        h.up(0)
        #expect(rows.selected == [ItemPath(row: 2, section: 0)])
        #expect(!cell.isHighlighted)
        #expect(cell.isSelected)
        #expect(cell.selectedBackgroundView.alpha == 1)
        #expect(table.indexPathForSelectedRow == ItemPath(row: 2, section: 0))
    }

    /// Found by the demo's hostile stream: the list's filter changed under a finger (a search
    /// typed on a hardware keyboard) and the lifted finger selected the old row, out of the new
    /// data. A reload forgets the row under the finger.
    @Test func aReloadUnderAFingerSelectsNothingWhenItLifts() {
        let (h, rows, table) = scene()
        h.down(0, at: Point(x: 100, y: 44 * 5 + 20))
        h.advance(by: 0.16)
        #expect(table.cellForRow(at: ItemPath(row: 5, section: 0))?.isHighlighted == true)
        rows.counts = [2]
        table.reloadData()
        h.up(0)
        h.frame()
        #expect(rows.selected.isEmpty)
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test func selectingAnotherRowDeselectsTheFirst() {
        let (h, rows, table) = scene()
        h.tap(at: Point(x: 100, y: 44 * 2 + 20))
        h.tap(at: Point(x: 100, y: 44 * 4 + 20))
        #expect(rows.selected == [ItemPath(row: 2, section: 0), ItemPath(row: 4, section: 0)])
        #expect(rows.deselected == [ItemPath(row: 2, section: 0)])
        #expect(table.indexPathsForSelectedRows == [ItemPath(row: 4, section: 0)])
        #expect(table.cellForRow(at: ItemPath(row: 2, section: 0))?.isSelected == false)
    }

    @Test func multipleSelectionTogglesRows() {
        let (h, rows, table) = scene()
        table.allowsMultipleSelection = true
        h.tap(at: Point(x: 100, y: 20))
        h.tap(at: Point(x: 100, y: 64))
        #expect(table.indexPathsForSelectedRows == [ItemPath(row: 0, section: 0), ItemPath(row: 1, section: 0)])
        h.tap(at: Point(x: 100, y: 20))
        #expect(table.indexPathsForSelectedRows == [ItemPath(row: 1, section: 0)])
        #expect(rows.deselected == [ItemPath(row: 0, section: 0)])
    }

    @Test func aFingerThatMovesAwaySelectsNothing() {
        let (h, rows, table) = scene()
        h.down(0, at: Point(x: 100, y: 66))
        let cell = table.cellForRow(at: ItemPath(row: 1, section: 0))!
        h.advance(by: 0.16)
        #expect(cell.isHighlighted)
        // The move becomes a drag of the list: the row's touch is cancelled.
        h.move(0, to: Point(x: 100, y: 96))
        #expect(!cell.isHighlighted)
        h.up(0)
        #expect(rows.selected.isEmpty)
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test func selectionDisabledSelectsNothing() {
        let (h, rows, table) = scene()
        table.allowsSelection = false
        h.tap(at: Point(x: 100, y: 66))
        #expect(rows.selected.isEmpty)
    }

    @Test func animatedDeselectFadesOverSeveralFrames() {
        let (h, _, table) = scene()
        h.tap(at: Point(x: 100, y: 66))
        h.advance(by: 1)
        let path = ItemPath(row: 1, section: 0)
        let presents = h.display.presentCount
        table.deselectRow(at: path, animated: true)
        #expect(table.indexPathForSelectedRow == nil)
        #expect(table.cellForRow(at: path)?.isSelected == false)
        h.advance(by: 0.5)
        let animatedFrames = h.display.presentCount - presents
        #expect(animatedFrames >= 10)
        // Not animated: one frame.
        table.selectRow(at: path, animated: false, scrollPosition: .none)
        h.advance(by: 0.5)
        let before = h.display.presentCount
        table.deselectRow(at: path, animated: false)
        h.advance(by: 0.5)
        #expect(h.display.presentCount - before == 1)
    }

    @Test func selectionSurvivesScrollingAndReuse() {
        let (h, _, table) = scene([500])
        h.tap(at: Point(x: 100, y: 66))
        table.scroll(toY: 44 * 200)
        #expect(table.visibleCells.allSatisfy { !$0.isSelected })
        table.scroll(toY: 0)
        #expect(table.cellForRow(at: ItemPath(row: 1, section: 0))?.isSelected == true)
        #expect(table.visibleCells.filter(\.isSelected).count == 1)
    }

    @Test func selectRowScrollsItIntoView() {
        let (_, rows, table) = scene([500])
        table.selectRow(at: ItemPath(row: 100, section: 0), animated: false, scrollPosition: .top)
        #expect(table.contentOffset.y == 4400)
        #expect(table.cellForRow(at: ItemPath(row: 100, section: 0))?.isSelected == true)
        #expect(rows.selected.isEmpty)  // programmatic selection does not tell the delegate
        table.scrollToRow(at: ItemPath(row: 499, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == 500 * 44 - 480)  // clamped to the end
    }
}
