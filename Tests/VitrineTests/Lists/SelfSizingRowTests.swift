import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Self-sizing rows (`rowHeight = TableView.automaticDimension`): a row counts as
/// `estimatedRowHeight` until it comes on screen, then takes the height its cell asks for
/// (`sizeThatFits`, or the content view's constraints), measured once and kept; scrolling up
/// into estimated rows keeps the rows on screen where they are, frame after frame.
@MainActor
struct SelfSizingRowTests {
    /// A cell whose height follows its row's value (the tag): 30, 47, 64, 81 or 98 points.
    final class SizedCell: TableViewCell {
        static var measurements = 0
        static func height(of value: Int) -> Double { 30 + Double(value % 5) * 17 }
        override func sizeThatFits(_ size: Size) -> Size {
            SizedCell.measurements += 1
            return Size(width: size.width, height: SizedCell.height(of: tag))
        }
    }

    func makeSelfSizingTable(_ rows: Rows, frame: Rect = Rect(x: 0, y: 0, width: 320, height: 440)) -> TableView {
        let table = TestTable(frame: frame, style: .plain)
        table.rows = rows
        table.rowHeight = TableView.automaticDimension
        table.estimatedRowHeight = 50
        table.register(SizedCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
        table.delegate = rows
        table.layoutIfNeeded()
        return table
    }

    /// Where the top of each visible row is on screen, by the row's value.
    func onScreenTops(_ table: TableView) -> [Int: Double] {
        var tops: [Int: Double] = [:]
        for cell in table.visibleCells { tops[cell.tag] = cell.frame.minY - table.contentOffset.y }
        return tops
    }

    @Test func rowsOnScreenTakeTheirMeasuredHeightsAndTheOthersTheEstimate() {
        let rows = Rows([1_000])
        let table = makeSelfSizingTable(rows)
        let visible = table.indexPathsForVisibleRows
        #expect(visible.first?.row == 0)
        for path in visible {
            #expect(table.rectForRow(at: path).height == SizedCell.height(of: path.row))
        }
        // The rows fill the bounds with their real heights: the last visible one reaches past
        // 440 and the one after it is not shown.
        let last = visible.last!
        #expect(table.rectForRow(at: last).maxY >= 440 && table.rectForRow(at: last).minY < 440)
        #expect(table.rectForRow(at: ItemPath(row: 500, section: 0)).height == 50)
        // Measured: the rows the first, estimated, pass showed (440 / 50: rows 0…8); the
        // rest count as the estimate.
        let measured = (0...8).reduce(0.0) { $0 + SizedCell.height(of: $1) }
        #expect(table.contentSize.height == measured + Double(1_000 - 9) * 50)
    }

    @Test func aRowIsMeasuredOnceAndAWarmScrollMeasuresNothing() {
        let rows = Rows([300])
        let table = makeSelfSizingTable(rows)
        var y = 0.0
        while y < table.contentSize.height - 440 {
            y += 23
            table.scroll(toY: y)
        }
        let before = SizedCell.measurements
        // Every row is measured now: scrolling through again measures none.
        while y > 0 {
            y = max(0, y - 31)
            table.scroll(toY: y)
        }
        #expect(SizedCell.measurements == before)
        let expected = (0..<300).reduce(0.0) { $0 + SizedCell.height(of: $1) }
        #expect(table.contentSize.height == expected)
    }

    @Test func aBatchUpdateCarriesTheMeasuredHeightsToTheRowsNewPlaces() {
        let rows = Rows([100])
        let table = makeSelfSizingTable(rows)
        let secondHeight = table.rectForRow(at: ItemPath(row: 1, section: 0)).height
        let before = SizedCell.measurements
        rows.remove(row: 0)
        table.deleteRows(at: [ItemPath(row: 0, section: 0)], with: .none)
        #expect(table.rectForRow(at: ItemPath(row: 0, section: 0)).height == secondHeight)
        // Only the row that came into view at the bottom was measured.
        #expect(SizedCell.measurements - before <= 2)
        #expect(table.visibleCells.allSatisfy { $0.frame.height == SizedCell.height(of: $0.tag) })
    }

    @Test func reloadDataAndANewWidthMeasureAgain() {
        let rows = Rows([100])
        let table = makeSelfSizingTable(rows)
        let visible = table.visibleCells.count
        var before = SizedCell.measurements
        table.reloadData()
        table.layoutIfNeeded()
        // The rows shown are measured again (those of the estimated first pass: one more).
        #expect((visible...(visible + 2)).contains(SizedCell.measurements - before))
        before = SizedCell.measurements
        table.frame = Rect(x: 0, y: 0, width: 400, height: 440)
        table.layoutIfNeeded()
        #expect((visible...(visible + 2)).contains(SizedCell.measurements - before))
        #expect(table.rectForRow(at: ItemPath(row: 3, section: 0)).height == SizedCell.height(of: 3))
    }

    @Test func aContentViewWithConstraintsIsMeasuredByThem() {
        final class LabelCell: TableViewCell {
            let body = Label(frame: .zero)
            required init(style: Style, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                body.numberOfLines = 0
                body.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(body)
                LayoutConstraint.activate([
                    body.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
                    body.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
                    body.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                    body.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
                ])
            }
        }
        final class Texts: TableViewDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 50 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: ItemPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "text", for: indexPath) as! LabelCell
                cell.body.text = String(repeating: "word ", count: 1 + indexPath.row * 7)
                return cell
            }
        }
        let texts = Texts()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440))
        table.rowHeight = TableView.automaticDimension
        table.register(LabelCell.self, forCellReuseIdentifier: "text")
        table.dataSource = texts
        table.layoutIfNeeded()
        let first = table.rectForRow(at: ItemPath(row: 0, section: 0)).height
        let third = table.rectForRow(at: ItemPath(row: 2, section: 0)).height
        let probe = Label(frame: .zero)
        probe.numberOfLines = 0
        probe.text = "word "
        #expect(first == probe.sizeThatFits(Size(width: 288, height: 0)).height + 20)
        probe.text = String(repeating: "word ", count: 15)
        #expect(third == probe.sizeThatFits(Size(width: 288, height: 0)).height + 20)
        #expect(third > first)
        withExtendedLifetime(texts) {}
    }

    /// The goal: a finger drags up into rows never measured (estimated at 50, real
    /// 30 to 98): each frame, every row that was on screen before moves by exactly the finger's
    /// motion; and while the list coasts after a flick every row on screen moves by the same
    /// amount each frame (nothing jumps against the rest).
    @Test func scrollingUpIntoEstimatedRowsKeepsTheRowsOnScreenInPlace() {
        let h = Harness()
        let rows = Rows([10_000])
        let table = makeSelfSizingTable(rows, frame: Rect(x: 0, y: 0, width: 800, height: 480))
        h.window.addSubview(table)
        table.contentOffset = Point(x: 0, y: table.contentSize.height - 480)
        h.frame()
        var tops = onScreenTops(table)
        h.down(0, at: Point(x: 400, y: 100))
        var corrected = false
        for step in 1...30 {
            let offsetBefore = table.contentOffset.y
            h.move(0, to: Point(x: 400, y: 100 + Double(step) * 10))
            h.advance(by: 1.0 / 60)
            let now = onScreenTops(table)
            if step > 2 {  // past the pan's hysteresis the content follows the finger 1:1
                for (value, top) in now {
                    guard let old = tops[value] else { continue }
                    #expect(top - old == 10, "step \(step): row \(value) moved \(top - old)")
                }
                if offsetBefore - table.contentOffset.y != 10 { corrected = true }
            }
            tops = now
        }
        #expect(corrected, "no row above the top was measured at another height than its estimate")
        // A flick down: the list coasts up through more estimated rows.
        h.move(0, to: Point(x: 400, y: 440))
        h.up(0)
        var frames = 0
        while table.isDecelerating && frames < 300 {
            h.advance(by: 1.0 / 60)
            frames += 1
            let now = onScreenTops(table)
            let moves = Set(now.compactMap { value, top in tops[value].map { top - $0 } })
            #expect(moves.count <= 1, "frame \(frames): rows moved by different amounts \(moves)")
            tops = now
        }
        #expect(frames > 10)
    }
}
