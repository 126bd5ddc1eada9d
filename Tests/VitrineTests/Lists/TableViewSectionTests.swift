import Testing
import Vitrine
import VitrineGraphics

/// Sections: each is its header, rows and footer; titles become reused header views; a plain
/// table pins the header of the section at the top, pushed up by the next one.
@MainActor
struct TableViewSectionTests {
    /// Three sections of 3, 20 and 5 rows: A at 0 (rows 28…160), B at 160 (rows 188…1068,
    /// footer to 1096), C at 1096.
    func sections(style: TableView.Style = .plain) -> (Rows, TableView) {
        let rows = Rows([3, 20, 5])
        rows.headerTitles = ["A", "B", "C"]
        rows.footerTitles = [nil, "End of B", nil]
        return (rows, makeTable(rows, style: style))
    }

    @Test func sectionsLieHeaderRowsFooter() {
        let (_, table) = sections()
        #expect(table.numberOfSections == 3)
        #expect(table.numberOfRows(inSection: 1) == 20)
        #expect(table.rect(forSection: 0) == Rect(x: 0, y: 0, width: 320, height: 160))
        #expect(table.rect(forSection: 1) == Rect(x: 0, y: 160, width: 320, height: 936))
        #expect(table.rectForRow(at: ItemPath(row: 0, section: 1)) == Rect(x: 0, y: 188, width: 320, height: 44))
        #expect(table.contentSize.height == 1096 + 28 + 5 * 44)
        #expect(table.indexPathForRow(at: Point(x: 5, y: 170)) == nil)  // on B's header
        #expect(table.indexPathForRow(at: Point(x: 5, y: 190)) == ItemPath(row: 0, section: 1))
    }

    @Test func titlesBecomeHeaderAndFooterViews() {
        let (_, table) = sections()
        let header = table.headerView(forSection: 0) as? TableViewHeaderFooterView
        #expect(header?.textLabel.text == "A")
        #expect(header?.frame == Rect(x: 0, y: 0, width: 320, height: 28))
        #expect((table.headerView(forSection: 1) as? TableViewHeaderFooterView)?.textLabel.text == "B")
        table.scroll(toY: 800)
        let footer = table.footerView(forSection: 1) as? TableViewHeaderFooterView
        #expect(footer?.textLabel.text == "End of B")
        #expect(footer?.frame.minY == 1068)
        #expect(table.headerView(forSection: 0) == nil)
        #expect(table.footerView(forSection: 0) == nil)  // A has no footer
    }

    @Test func aPlainTablePinsTheCurrentSectionsHeader() {
        let (_, table) = sections()
        table.scroll(toY: 300)
        #expect(table.headerView(forSection: 1)?.frame.minY == 300)
        #expect(table.headerView(forSection: 0) == nil)
        // The header is in front of the rows it covers.
        let header = table.headerView(forSection: 1)!
        let cell = table.cellForRow(at: table.indexPathForRow(at: Point(x: 5, y: 310))!)!
        #expect(table.subviews.firstIndex { $0 === header }! > table.subviews.firstIndex { $0 === cell }!)
        // Near the end of B, C's header pushes B's up.
        table.scroll(toY: 1080)
        #expect(table.headerView(forSection: 1)?.frame.minY == 1068)
    }

    @Test func aGroupedTableScrollsHeadersWithTheirSection() {
        let (_, table) = sections(style: .grouped)
        table.scroll(toY: 300)
        #expect(table.headerView(forSection: 1) == nil)  // at 160…188, above the bounds
        table.scroll(toY: 150)
        #expect(table.headerView(forSection: 1)?.frame.minY == 160)
    }

    @Test func headerViewsAreReused() {
        let rows = Rows(Array(repeating: 2, count: 500))
        rows.headerTitles = (0..<500).map { "Section \($0)" }
        rows.setsText = false
        let table = makeTable(rows)
        for step in 0...300 { table.scroll(toY: Double(step) * 97) }
        let headers = table.subviews.filter { $0 is TableViewHeaderFooterView }
        #expect(headers.count <= 6)
        let shown = table.headerView(forSection: table.indexPathsForVisibleRows[0].section) as? TableViewHeaderFooterView
        #expect(shown?.textLabel.text == "Section \(table.indexPathsForVisibleRows[0].section)")
    }

    @Test func customHeaderViewsComeFromTheDelegate() {
        let banner = View(frame: .zero)
        let rows = Rows([2, 2])
        rows.headerView = { $0 == 0 ? banner : nil }
        rows.headerHeight = { $0 == 0 ? 60 : TableView.automaticDimension }
        let table = makeTable(rows)
        #expect(table.headerView(forSection: 0) === banner)
        #expect(banner.frame == Rect(x: 0, y: 0, width: 320, height: 60))
        #expect(table.rectForRow(at: ItemPath(row: 0, section: 1)) == Rect(x: 0, y: 148, width: 320, height: 44))
    }
}
