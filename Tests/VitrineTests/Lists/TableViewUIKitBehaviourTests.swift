import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A table's data source and delegate that records the scroll callbacks, for the tests that
/// need the table in a window (animated scrolling runs on the app's frames).
@MainActor
final class ScrollingRows: TableViewDataSource, TableViewDelegate {
    var count: Int
    var log: [String] = []
    init(_ count: Int) { self.count = count }

    func numberOfSections(in tableView: TableView) -> Int { 1 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: ItemPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.tag = indexPath.row
        return cell
    }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { log.append("didEndScrollingAnimation") }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: ItemPath) { log.append("didDeselect \(indexPath.row)") }
}

/// Classic table behaviours checked against UIKit's documented ones: floating footers,
/// animated scrolling to a row, and what `reloadData()` does to the selection.
@MainActor
struct TableViewUIKitBehaviourTests {
    // MARK: Floating footers

    /// Two sections of 20 rows (880 points) with a 28-point header and footer each: section 0
    /// is header 0–28, rows 28–908, footer 908–936; section 1 starts at 936.
    private func sectionedTable(style: TableView.Style) -> TableView {
        let rows = Rows([20, 20])
        rows.headerTitles = ["A", "B"]
        rows.footerTitles = ["End of A", "End of B"]
        return makeTable(rows, style: style)
    }

    @Test func aPlainTablesFooterSticksToTheBottomWhileItsRowsFillTheScreen() {
        let table = sectionedTable(style: .plain)
        // At the top: section 0's rows run past the bottom (440), so its footer floats there.
        #expect(table.footerView(forSection: 0)?.frame == Rect(x: 0, y: 412, width: 320, height: 28))
        table.scroll(toY: 300)
        #expect(table.footerView(forSection: 0)?.frame.minY == 712)  // 300 + 412
        // The header still sticks at the top meanwhile.
        #expect(table.headerView(forSection: 0)?.frame.minY == 300)
        // Once the rows end above the bottom, the footer rests under them and scrolls away.
        table.scroll(toY: 600)
        #expect(table.footerView(forSection: 0)?.frame.minY == 908)
        // Section 1 has come in at 936 (its rows run to 1844): its footer floats at the bottom.
        #expect(table.footerView(forSection: 1)?.frame.minY == 1012)
        table.scroll(toY: 1000)
        #expect(table.footerView(forSection: 0) == nil)
        #expect(table.footerView(forSection: 1)?.frame.minY == 1412)
    }

    @Test func aFooterNeverFloatsAboveItsOwnRows() {
        let table = sectionedTable(style: .plain)
        // Section 1's header is at 936–964; at y = 540 the visible bottom is 980: the footer
        // would sit at 952, over the header, so it stays under the header instead.
        table.scroll(toY: 540)
        #expect(table.footerView(forSection: 1)?.frame.minY == 964)
    }

    @Test func aGroupedTablesFooterScrollsWithItsSection() {
        let table = sectionedTable(style: .grouped)
        #expect(table.footerView(forSection: 0) == nil)
        table.scroll(toY: 600)
        #expect(table.footerView(forSection: 0)?.frame.minY == 908)
        #expect(table.footerView(forSection: 1) == nil)
    }

    @Test func aFloatingFooterStaysAboveTheBottomInset() {
        let table = sectionedTable(style: .plain)
        table.contentInset.bottom = 40
        table.layoutIfNeeded()
        #expect(table.footerView(forSection: 0)?.frame.minY == 372)  // 440 − 40 − 28
    }

    // MARK: Animated scrolling to a row

    private func tableInWindow(_ h: Harness, rows: ScrollingRows) -> TableView {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440), style: .plain)
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
        table.delegate = rows
        h.window.addSubview(table)
        h.frame()
        return table
    }

    @Test func scrollToRowAnimatedMovesOverFramesAndEndsWithItsCallback() {
        let h = Harness()
        let rows = ScrollingRows(100)
        let table = tableInWindow(h, rows: rows)
        table.scrollToRow(at: ItemPath(row: 50, section: 0), at: .top, animated: true)
        #expect(table.contentOffset.y == 0)
        h.advance(by: 0.15)
        #expect(table.contentOffset.y > 0 && table.contentOffset.y < 2200)
        #expect(rows.log.isEmpty)
        h.advance(by: 1)
        #expect(table.contentOffset.y == 2200)
        #expect(table.indexPathsForVisibleRows.first == ItemPath(row: 50, section: 0))
        #expect(rows.log == ["didEndScrollingAnimation"])
        // Not animated: at once, and no callback (as UIKit).
        table.scrollToRow(at: ItemPath(row: 0, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == 0)
        h.advance(by: 1)
        #expect(rows.log == ["didEndScrollingAnimation"])
    }

    @Test func selectRowWithAScrollPositionScrollsAnimatedToo() {
        let h = Harness()
        let rows = ScrollingRows(100)
        let table = tableInWindow(h, rows: rows)
        table.selectRow(at: ItemPath(row: 80, section: 0), animated: true, scrollPosition: .bottom)
        #expect(table.indexPathForSelectedRow == ItemPath(row: 80, section: 0))
        #expect(table.contentOffset.y == 0)
        h.advance(by: 0.15)
        #expect(table.contentOffset.y > 0 && table.contentOffset.y < 81 * 44 - 440)
        h.advance(by: 1)
        #expect(table.contentOffset.y == 81 * 44 - 440)
        #expect(rows.log == ["didEndScrollingAnimation"])
        #expect(table.cellForRow(at: ItemPath(row: 80, section: 0))?.isSelected == true)
    }

    // MARK: reloadData and the selection

    @Test func reloadDataDropsTheSelectionWithoutTellingTheDelegate() {
        let h = Harness()
        let rows = ScrollingRows(30)
        let table = tableInWindow(h, rows: rows)
        table.allowsMultipleSelection = true
        table.selectRow(at: ItemPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        h.tap(at: Point(x: 100, y: 5 * 44 + 20))
        #expect(table.indexPathsForSelectedRows == [ItemPath(row: 2, section: 0), ItemPath(row: 5, section: 0)])
        table.reloadData()
        // At once, as UIKit: the selection named rows of the old data.
        #expect(table.indexPathForSelectedRow == nil)
        #expect(table.indexPathsForSelectedRows == nil)
        h.frame()
        #expect(table.visibleCells.allSatisfy { !$0.isSelected })
        #expect(!rows.log.contains { $0.hasPrefix("didDeselect") })
        // Selecting again after the reload works as before.
        table.selectRow(at: ItemPath(row: 3, section: 0), animated: false, scrollPosition: .none)
        #expect(table.cellForRow(at: ItemPath(row: 3, section: 0))?.isSelected == true)
    }
}
