import Testing
import Vitrine
import VitrineGraphics

/// A table costs what is on screen: the data source is asked only for visible rows, cells are
/// reused by identifier (at most the visible rows plus two are ever made), and nothing grows
/// with the row count but the one-`Double`-per-row height sums.
@MainActor
struct TableViewReuseTests {
    @Test func onlyTheVisibleRowsAreAskedFor() {
        let rows = Rows([100_000])
        rows.setsText = false
        let table = makeTable(rows)
        #expect(rows.cellRequests == 10)
        #expect(table.indexPathsForVisibleRows == (0..<10).map { ItemPath(row: $0, section: 0) })
        #expect(table.contentSize == Size(width: 320, height: 4_400_000))
        #expect(rows.rowCountRequests == 1)
    }

    @Test func scrollingAHundredThousandRowsMakesAtMostTheVisibleRowsPlusTwoCells() {
        let rows = Rows([100_000])
        rows.setsText = false
        let table = makeTable(rows)
        var mostVisible = 0
        for step in 1...3000 {
            table.scroll(toY: Double(step) * 17)
            mostVisible = max(mostVisible, table.visibleCells.count)
        }
        #expect(mostVisible == 11)
        #expect(table.numberOfCellsCreated(withIdentifier: "row") <= mostVisible + 2)
        // A jump far down, and back up: every cell comes from the pool.
        table.scroll(toY: 44 * 90_000 + 5)
        #expect(table.indexPathsForVisibleRows.first == ItemPath(row: 90_000, section: 0))
        #expect(table.visibleValues == Array(90_000...90_010))
        table.scroll(toY: 0)
        #expect(table.visibleValues == Array(0..<10))
        #expect(table.numberOfCellsCreated(withIdentifier: "row") <= mostVisible + 2)
        #expect(table.subviews.count <= mostVisible + 2 + 1)  // cells, the swipe-free table has no other
    }

    @Test func eachReuseIdentifierMakesAtMostItsVisibleRowsPlusTwo() {
        let rows = Rows([10_000])
        rows.setsText = false
        rows.identifier = { $0.row % 3 == 0 ? "plain" : "fancy" }
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440), style: .plain)
        table.register(TableViewCell.self, forCellReuseIdentifier: "plain")
        table.register(TableViewCell.self, style: .value1, forCellReuseIdentifier: "fancy")
        table.dataSource = rows
        var mostPlain = 0, mostFancy = 0
        for step in 0...2000 {
            table.scroll(toY: Double(step) * 19)
            let visible = table.visibleCells
            mostPlain = max(mostPlain, visible.filter { $0.reuseIdentifier == "plain" }.count)
            mostFancy = max(mostFancy, visible.filter { $0.reuseIdentifier == "fancy" }.count)
            #expect(visible.allSatisfy { $0.reuseIdentifier == ($0.tag % 3 == 0 ? "plain" : "fancy") })
        }
        #expect(table.numberOfCellsCreated(withIdentifier: "plain") <= mostPlain + 2)
        #expect(table.numberOfCellsCreated(withIdentifier: "fancy") <= mostFancy + 2)
        #expect(table.visibleCells.first { $0.reuseIdentifier == "fancy" }?.style == .value1)
    }

    @Test func theTablesViewsDoNotGrowWithTheRowCount() {
        func viewsAfterScrolling(rowCount: Int) -> (subviews: Int, cells: Int, requests: Int) {
            let rows = Rows([rowCount])
            rows.setsText = false
            let table = makeTable(rows)
            for step in 0...200 { table.scroll(toY: Double(step) * 101) }
            return (table.subviews.count, table.numberOfCellsCreated(withIdentifier: "row"), rows.cellRequests)
        }
        let small = viewsAfterScrolling(rowCount: 1_000)
        let large = viewsAfterScrolling(rowCount: 100_000)
        #expect(small.subviews == large.subviews)
        #expect(small.cells == large.cells)
        #expect(small.requests == large.requests)
    }

    @Test func visibleCellsFollowTheOffsetAndSitAtTheirRows() {
        let rows = Rows([200])
        let table = makeTable(rows)
        table.scroll(toY: 22)
        #expect(table.visibleValues == Array(0...10))
        table.scroll(toY: 44 * 50)
        #expect(table.visibleValues == Array(50..<60))
        for cell in table.visibleCells {
            #expect(cell.frame == table.rectForRow(at: ItemPath(row: cell.tag, section: 0)))
            #expect(cell.textLabel.text == "Row \(cell.tag)")
            #expect(!cell.isHidden)
        }
        // Past the end: only the last rows; above the top: only the first.
        table.scroll(toY: 44 * 195)
        #expect(table.visibleValues == Array(195..<200))
        table.scroll(toY: -100)
        #expect(table.visibleValues == Array(0..<8))
        // Hidden pooled cells are never the visible ones.
        let hidden = table.subviews.compactMap { $0 as? TableViewCell }.filter(\.isHidden)
        #expect(hidden.allSatisfy { cell in !table.visibleCells.contains { $0 === cell } })
    }

    @Test func computedHeightsAreFoundByTheirPrefixSums() {
        let rows = Rows([1000])
        let heights = [30.0, 50, 70]
        rows.height = { heights[$0.row % 3] }
        let table = makeTable(rows)
        var tops = [0.0]
        for row in 0..<1000 { tops.append(tops[row] + heights[row % 3]) }
        #expect(table.contentSize.height == tops[1000])
        for y in stride(from: 0.0, to: 40_000, by: 333) {
            table.scroll(toY: y)
            let first = tops.firstIndex { $0 > y }! - 1
            let last = tops.firstIndex { $0 >= y + 440 }.map { $0 - 1 } ?? 999
            #expect(table.visibleValues == Array(first...last), "at \(y)")
            #expect(table.indexPathForRow(at: Point(x: 10, y: y)) == ItemPath(row: first, section: 0))
            #expect(table.rectForRow(at: ItemPath(row: first, section: 0)) ==
                    Rect(x: 0, y: tops[first], width: 320, height: heights[first % 3]))
        }
    }

    @Test func reloadDataAsksAgainAndReusesTheCells() {
        let rows = Rows([50])
        let table = makeTable(rows)
        let before = table.numberOfCellsCreated(withIdentifier: "row")
        rows.values[0] = (0..<50).map { $0 + 500 }
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table.visibleValues == Array(500..<510))
        #expect(table.numberOfCellsCreated(withIdentifier: "row") == before)
        rows.counts = [3]
        rows.values = [[7, 8, 9]]
        table.reloadData()
        #expect(table.visibleValues == [7, 8, 9])
        #expect(table.contentSize.height == 132)
    }

    @Test func reloadRowsReplacesOnlyThoseCellsContent() {
        let rows = Rows([50])
        let table = makeTable(rows)
        let requests = rows.cellRequests
        rows.values[0][3] = 333
        table.reloadRows(at: [ItemPath(row: 3, section: 0)], with: .none)
        #expect(table.visibleValues == [0, 1, 2, 333, 4, 5, 6, 7, 8, 9])
        #expect(rows.cellRequests == requests + 1)
    }

    @Test func aCellClassNeverRegisteredIsLoggedAndStillShown() {
        let rows = Rows([5])
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440), style: .plain)
        table.dataSource = rows  // "row" was never registered
        table.layoutIfNeeded()
        #expect(table.visibleValues == [0, 1, 2, 3, 4])
    }

    @Test func itemPathsOrderBySectionThenRow() {
        #expect(ItemPath(row: 5, section: 0) < ItemPath(row: 0, section: 1))
        #expect(ItemPath(item: 3, section: 2).row == 3)
        #expect("\(ItemPath(row: 4, section: 1))" == "[1, 4]")
    }
}
