import Vitrine
import VitrineGraphics

/// A table's data source and delegate for the list tests: sections of numbered rows, titles,
/// heights and swipe actions as a test sets them, and a record of what the table asked and told.
@MainActor
final class Rows: TableViewDataSource, TableViewDelegate {
    var counts: [Int]
    var headerTitles: [String?] = []
    var footerTitles: [String?] = []
    var height: ((ItemPath) -> Double)?
    var headerView: ((Int) -> View?)?
    /// The reuse identifier of each row ("row" unless set).
    var identifier: ((ItemPath) -> String)?
    var headerHeight: ((Int) -> Double)?
    var swipeActions: ((ItemPath) -> SwipeActionsConfiguration?)?
    /// Whether cells get a text (the reuse tests of 100,000 rows leave it off for speed).
    var setsText = true
    /// The value each row shows (its tag): `row + 1000 × section` unless a test renumbers.
    var values: [[Int]]

    private(set) var cellRequests = 0
    private(set) var rowCountRequests = 0
    private(set) var selected: [ItemPath] = []
    private(set) var deselected: [ItemPath] = []

    init(_ counts: [Int]) {
        self.counts = counts
        values = counts.enumerated().map { section, count in (0..<count).map { $0 + 1000 * section } }
    }

    /// Removes row `row` of `section` from the data (the test then tells the table).
    func remove(row: Int, section: Int = 0) {
        values[section].remove(at: row)
        counts[section] -= 1
    }

    /// Inserts `value` at `row` of `section`.
    func insert(_ value: Int, at row: Int, section: Int = 0) {
        values[section].insert(value, at: row)
        counts[section] += 1
    }

    func numberOfSections(in tableView: TableView) -> Int { counts.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        rowCountRequests += 1
        return counts[section]
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: ItemPath) -> TableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier?(indexPath) ?? "row", for: indexPath)
        let value = indexPath.row < values[indexPath.section].count ? values[indexPath.section][indexPath.row] : -1
        cell.tag = value
        if setsText { cell.textLabel.text = "Row \(value)" }
        return cell
    }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        section < headerTitles.count ? headerTitles[section] : nil
    }

    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        section < footerTitles.count ? footerTitles[section] : nil
    }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: ItemPath) -> Double {
        height?(indexPath) ?? TableView.automaticDimension
    }

    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
        headerView?(section)
    }

    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double {
        headerHeight?(section) ?? TableView.automaticDimension
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: ItemPath) { selected.append(indexPath) }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: ItemPath) { deselected.append(indexPath) }

    func tableView(_ tableView: TableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: ItemPath) -> SwipeActionsConfiguration? {
        swipeActions?(indexPath)
    }
}

/// A table that holds its test data source strongly (a table holds its own weakly, as UIKit's).
final class TestTable: TableView {
    var rows: Rows?
}

/// A table of `rows` (44-point rows) in `frame`, laid out; it keeps `rows` alive.
@MainActor
func makeTable(_ rows: Rows, frame: Rect = Rect(x: 0, y: 0, width: 320, height: 440),
               style: TableView.Style = .plain) -> TableView {
    let table = TestTable(frame: frame, style: style)
    table.rows = rows
    table.register(TableViewCell.self, forCellReuseIdentifier: "row")
    table.dataSource = rows
    table.delegate = rows
    table.layoutIfNeeded()
    return table
}

extension TableView {
    /// Scrolls to `y` and lays out, as a scroll step would.
    func scroll(toY y: Double) {
        contentOffset = Point(x: 0, y: y)
        layoutIfNeeded()
    }

    /// The values (tags) the visible cells show, in row order.
    var visibleValues: [Int] { visibleCells.map(\.tag) }
}
