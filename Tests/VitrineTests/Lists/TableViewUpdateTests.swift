import Logging
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

/// Animated insert, delete, move and batches: kept cells slide to their new rows, new rows fade
/// in, deleted ones fade out and return to the pool; counts that do not add up are logged and
/// reloaded.
@MainActor
struct TableViewUpdateTests {
    func scene() -> (Harness, Rows, TableView) {
        let h = Harness()
        let rows = Rows([30])
        let table = makeTable(rows, frame: Rect(x: 0, y: 0, width: 800, height: 480))
        h.window.addSubview(table)
        h.frame()
        return (h, rows, table)
    }

    @Test func deletingARowSlidesTheNextOnesUp() {
        let (h, rows, table) = scene()
        let deleted = table.cellForRow(at: ItemPath(row: 1, section: 0))!
        let third = table.cellForRow(at: ItemPath(row: 2, section: 0))!
        rows.remove(row: 1)
        table.deleteRows(at: [ItemPath(row: 1, section: 0)], with: .fade)
        #expect(table.cellForRow(at: ItemPath(row: 1, section: 0)) === third)
        #expect(third.frame.minY == 44)  // the model value at once…
        #expect(!deleted.isHidden)       // …while the deleted row fades out
        h.advance(by: 0.5)
        #expect(deleted.isHidden)
        #expect(table.visibleValues == [0] + Array(2...11))
        #expect(table.contentSize.height == 29 * 44)
    }

    @Test func insertingARowFadesItInAndPushesTheOthersDown() {
        let (h, rows, table) = scene()
        let first = table.cellForRow(at: ItemPath(row: 0, section: 0))!
        let requests = rows.cellRequests
        rows.insert(99, at: 0)
        table.insertRows(at: [ItemPath(row: 0, section: 0)], with: .automatic)
        #expect(rows.cellRequests == requests + 1)
        #expect(table.cellForRow(at: ItemPath(row: 1, section: 0)) === first)
        #expect(first.frame.minY == 44)
        h.advance(by: 0.5)
        #expect(table.visibleValues == [99] + Array(0...9))
        #expect(table.cellForRow(at: ItemPath(row: 0, section: 0))?.alpha == 1)
    }

    @Test func movingARowKeepsItsCell() {
        let (h, rows, table) = scene()
        let moving = table.cellForRow(at: ItemPath(row: 0, section: 0))!
        let value = rows.values[0].remove(at: 0)
        rows.values[0].insert(value, at: 3)
        table.moveRow(at: ItemPath(row: 0, section: 0), to: ItemPath(row: 3, section: 0))
        h.advance(by: 0.5)
        #expect(table.cellForRow(at: ItemPath(row: 3, section: 0)) === moving)
        #expect(moving.frame.minY == 132)
        #expect(table.visibleValues == [1, 2, 3, 0] + Array(4...10))
    }

    @Test func aBatchAppliesEverythingAtOnceAndCompletesAfterTheAnimation() {
        let (h, rows, table) = scene()
        var completed: Bool?
        table.selectRow(at: ItemPath(row: 5, section: 0), animated: false, scrollPosition: .none)
        table.performBatchUpdates({
            rows.remove(row: 0)
            rows.remove(row: 0)
            rows.insert(77, at: 2)
            table.deleteRows(at: [ItemPath(row: 0, section: 0), ItemPath(row: 1, section: 0)], with: .fade)
            table.insertRows(at: [ItemPath(row: 2, section: 0)], with: .fade)
        }, completion: { completed = $0 })
        #expect(completed == nil)
        h.advance(by: 0.5)
        #expect(completed == true)
        #expect(table.visibleValues == [2, 3, 77] + Array(4...11))
        // The selected row (value 5) moved from row 5 to row 4.
        #expect(table.indexPathForSelectedRow == ItemPath(row: 4, section: 0))
        #expect(table.cellForRow(at: ItemPath(row: 4, section: 0))?.isSelected == true)
    }

    @Test func aRowMovesBetweenSections() {
        let h = Harness()
        let rows = Rows([3, 3])
        let table = makeTable(rows, frame: Rect(x: 0, y: 0, width: 800, height: 480))
        h.window.addSubview(table)
        h.frame()
        let moving = table.cellForRow(at: ItemPath(row: 0, section: 0))!
        let value = rows.values[0].remove(at: 0)
        rows.values[1].insert(value, at: 1)
        rows.counts = [2, 4]
        table.moveRow(at: ItemPath(row: 0, section: 0), to: ItemPath(row: 1, section: 1))
        h.advance(by: 0.5)
        #expect(table.cellForRow(at: ItemPath(row: 1, section: 1)) === moving)
        #expect(moving.frame == table.rectForRow(at: ItemPath(row: 1, section: 1)))
        #expect(table.visibleValues == [1, 2, 1000, 0, 1001, 1002])
        #expect(table.visibleCells.allSatisfy { $0.frame == table.rectForRow(at: table.indexPath(for: $0)!) })
    }

    @Test func deletedCellsAreReused() {
        let (h, rows, table) = scene()
        let created = table.numberOfCellsCreated(withIdentifier: "row")
        for _ in 0..<10 {
            rows.remove(row: 0)
            table.deleteRows(at: [ItemPath(row: 0, section: 0)], with: .fade)
            h.advance(by: 0.5)
        }
        #expect(table.visibleValues == Array(10...20))
        #expect(table.numberOfCellsCreated(withIdentifier: "row") <= created + 2)
    }

    @Test func countsThatDoNotAddUpAreLoggedAndReloaded() {
        let lines = LogCapture(level: .info)
        let app = Application(mainLoop: ManualMainLoop(), logger: lines.logger)
        let window = Window(frame: app.screen.bounds)
        window.makeKeyAndVisible(in: app)
        let rows = Rows([30])
        let table = makeTable(rows)
        window.addSubview(table)
        table.layoutIfNeeded()
        var completed: Bool?
        // The data source was not changed: 30 rows before and after one deletion.
        table.performBatchUpdates({ table.deleteRows(at: [ItemPath(row: 0, section: 0)], with: .fade) },
                                  completion: { completed = $0 })
        #expect(completed == false)
        #expect(lines.messages(atLeast: .warning).count == 1)
        #expect(lines.messages(atLeast: .warning).first?.contains("row counts") == true)
        #expect(table.visibleValues == Array(0..<10))
        withExtendedLifetime(app) {}
    }
}
