import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Cell registrations and content configurations, written as a UIKit app of today writes a
/// list: a registration made once, a diffable data source whose provider dequeues configured
/// cells, and `ListContentConfiguration`s set on the cells.
@MainActor
struct CellRegistrationTests {
    struct Contact: Hashable {
        var id: Int
        var name: String
        var phone: String
    }

    @Test func theDefaultConfigurationFollowsTheCellStyleAndReplacesTheStandardLabels() {
        let subtitle = TableViewCell(style: .subtitle, reuseIdentifier: nil)
        let value = TableViewCell(style: .value1, reuseIdentifier: nil)
        let plain = TableViewCell(style: .default, reuseIdentifier: nil)
        #expect(value.defaultContentConfiguration().prefersSideBySideTextAndSecondaryText)
        #expect(!plain.defaultContentConfiguration().prefersSideBySideTextAndSecondaryText)

        var content = subtitle.defaultContentConfiguration()
        content.text = "Ada"
        content.secondaryText = "555 0100"
        subtitle.contentConfiguration = content
        subtitle.frame = Rect(x: 0, y: 0, width: 320, height: 60)
        subtitle.layoutIfNeeded()
        let views = subtitle.contentView.subviews.compactMap { $0 as? ListContentView }
        #expect(views.count == 1)
        #expect(subtitle.textLabel.isHidden && subtitle.detailTextLabel.isHidden)
        #expect(views.first?.frame == Rect(x: 0, y: 0, width: 320, height: 60))
        let labels = views.first?.subviews.compactMap { $0 as? Label } ?? []
        #expect(labels.map(\.text) == ["Ada", "555 0100"])
        // The text sits above the secondary text, both inside the 16-point margins.
        #expect(labels[0].frame.maxY <= labels[1].frame.minY && labels[0].frame.minX == 16)

        // A configuration of the same kind updates the same view.
        content.text = "Grace"
        subtitle.contentConfiguration = content
        #expect(subtitle.contentView.subviews.compactMap { $0 as? ListContentView }.first === views.first)
        #expect(labels[0].text == "Grace")

        subtitle.contentConfiguration = nil
        #expect(subtitle.contentView.subviews.allSatisfy { !($0 is ListContentView) })
        #expect(!subtitle.textLabel.isHidden)
    }

    @Test func aValueCellPutsTheSecondaryTextAtTheTrailingEdgeMirroredRightToLeft() {
        let cell = TableViewCell(style: .value1, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = "Volume"
        content.secondaryText = "80 %"
        cell.contentConfiguration = content
        cell.frame = Rect(x: 0, y: 0, width: 320, height: 44)
        cell.layoutIfNeeded()
        let labels = cell.contentView.subviews.compactMap { $0 as? ListContentView }.first!.subviews.compactMap { $0 as? Label }
        #expect(labels[1].frame.maxX == 320 - 16 && labels[0].frame.minX == 16)
        cell.semanticContentAttribute = .forceRightToLeft
        cell.setNeedsLayout()
        cell.layoutIfNeeded()
        let view = cell.contentView.subviews.compactMap { $0 as? ListContentView }.first!
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(labels[1].frame.minX == 16 && labels[0].frame.maxX == 320 - 16)
    }

    @Test func aRegistrationConfiguresReusedCellsThroughADiffableDataSource() {
        let h = Harness()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        h.window.addSubview(table)
        // Items are ids; the model is looked up by id (UIKit's recommended pattern).
        var contacts = Dictionary(uniqueKeysWithValues: (0..<500).map { ($0, Contact(id: $0, name: "Contact \($0)", phone: "555 \($0)")) })
        var handled = 0
        let registration = TableView.CellRegistration<TableViewCell, Int> { cell, _, id in
            handled += 1
            var content = cell.defaultContentConfiguration()
            content.text = contacts[id]?.name
            content.secondaryText = contacts[id]?.phone
            cell.contentConfiguration = content
            cell.tag = id
        }
        let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, path, id in
            table.dequeueConfiguredReusableCell(using: registration, for: path, item: id)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<500))
        source.apply(snapshot, animatingDifferences: false)
        h.frame()
        let visible = table.visibleCells.count
        #expect(visible == 11 && handled == visible)
        for step in 1...200 {
            table.contentOffset = Point(x: 0, y: Double(step) * 37)
            h.frame()
        }
        #expect(table.visibleValues.first == 168)
        #expect(table.visibleCells.allSatisfy { cell in
            cell.contentView.subviews.compactMap { $0 as? ListContentView }.count == 1
        })
        // One class registered once: the cells made stay within the visible rows plus two.
        #expect(table.subviews.filter { $0 is TableViewCell }.count <= visible + 2)
        // A reconfigure runs the handler again on the row's own cell.
        let cell = table.cellForRow(at: ItemPath(row: 170, section: 0))!
        let view = cell.contentView.subviews.first { $0 is ListContentView }
        contacts[170]?.name = "Renamed"
        snapshot.reconfigureItems([170])
        handled = 0
        source.apply(snapshot)
        #expect(handled == 1)
        #expect(table.cellForRow(at: ItemPath(row: 170, section: 0)) === cell)
        #expect(cell.contentView.subviews.first { $0 is ListContentView } === view)
        #expect(view?.subviews.compactMap { $0 as? Label }.first?.text == "Renamed")
        withExtendedLifetime(source) {}
    }

    @Test func aSelfSizingRowTakesTheHeightOfItsContentConfiguration() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440))
        table.rowHeight = TableView.automaticDimension
        let registration = TableView.CellRegistration<TableViewCell, Int> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = "Note \(item)"
            content.secondaryText = String(repeating: "more words ", count: item * 4)
            cell.contentConfiguration = content
        }
        let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, path, item in
            table.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<20))
        source.apply(snapshot, animatingDifferences: false)
        table.layoutIfNeeded()
        var probe = ListContentConfiguration.subtitleCell()
        for row in 0..<3 {
            probe.text = "Note \(row)"
            probe.secondaryText = String(repeating: "more words ", count: row * 4)
            let expected = ListContentView(configuration: probe).sizeThatFits(Size(width: 320, height: 0)).height
            #expect(table.rectForRow(at: ItemPath(row: row, section: 0)).height == expected.rounded(.up))
        }
        #expect(table.rectForRow(at: ItemPath(row: 2, section: 0)).height > table.rectForRow(at: ItemPath(row: 0, section: 0)).height)
        withExtendedLifetime(source) {}
    }

    @Test func aGridRegistrationAndDiffableDataSourceShowTheSnapshot() {
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 200))
        let registration = CollectionView.CellRegistration<CollectionViewCell, String> { cell, _, name in
            var content = ListContentConfiguration.cell()
            content.text = name
            cell.contentConfiguration = content
        }
        let source = CollectionViewDiffableDataSource<Int, String>(collectionView: grid) { grid, path, name in
            grid.dequeueConfiguredReusableCell(using: registration, for: path, item: name)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b", "c"])
        source.apply(snapshot)
        #expect(grid.indexPathsForVisibleItems.count == 3)
        #expect(source.itemIdentifier(for: ItemPath(item: 1, section: 0)) == "b")
        snapshot.deleteItems(["a"])
        source.apply(snapshot)
        #expect(grid.indexPathsForVisibleItems.count == 2)
        #expect(source.indexPath(for: "c") == ItemPath(item: 1, section: 0))
        let texts = grid.indexPathsForVisibleItems.compactMap { path -> String? in
            let view = grid.cellForItem(at: path)?.contentView.subviews.first { $0 is ListContentView }
            return view?.subviews.compactMap { $0 as? Label }.first?.text
        }
        #expect(texts == ["b", "c"])
    }
}
