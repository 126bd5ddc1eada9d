import Logging
import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

/// Snapshots and the diffable data source (UIKit's `NSDiffableDataSourceSnapshot` and
/// `UITableViewDiffableDataSource`): the snapshot's edits and queries, `apply` turning the
/// difference into the table's batch update (kept cells slide, new ones fade in, only rows on
/// screen get cells), reloads and reconfigures, misuse logged, and seeded random snapshots
/// whose application leaves the table showing exactly the snapshot.
@MainActor
struct DiffableDataSourceTests {
    typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

    /// A table in a window with a diffable data source whose cells show their item (tag and
    /// text) and count how often the provider ran.
    @MainActor final class Scene {
        /// How often the cell provider ran, in all and per item.
        @MainActor final class Counts {
            var provided = 0
            var configured: [Int: Int] = [:]
        }
        let h: Harness
        let table: TableView
        let source: TableViewDiffableDataSource<String, Int>
        let counts: Counts
        var provided: Int { counts.provided }
        var configured: [Int: Int] { counts.configured }

        init(frame: Rect = Rect(x: 0, y: 0, width: 800, height: 480), harness: Harness? = nil) {
            h = harness ?? Harness()
            table = TableView(frame: frame, style: .plain)
            table.register(TableViewCell.self, forCellReuseIdentifier: "item")
            let counts = Counts()
            self.counts = counts
            source = TableViewDiffableDataSource(tableView: table) { table, path, item in
                counts.provided += 1
                counts.configured[item, default: 0] += 1
                let cell = table.dequeueReusableCell(withIdentifier: "item", for: path)
                cell.tag = item
                cell.textLabel.text = "Item \(item)"
                return cell
            }
            h.window.addSubview(table)
            h.frame()
        }

        /// What the table shows, section by section, asked through the table (not the source).
        var tableContent: [[Int]] {
            (0..<table.numberOfSections).map { s in
                (0..<table.numberOfRows(inSection: s)).map { source.itemIdentifier(for: ItemPath(row: $0, section: s)) ?? -1 }
            }
        }
    }

    func snapshot(_ sections: [(String, [Int])]) -> Snapshot {
        var snapshot = Snapshot()
        for (section, items) in sections {
            snapshot.appendSections([section])
            snapshot.appendItems(items, toSection: section)
        }
        return snapshot
    }

    // MARK: The snapshot

    @Test func aSnapshotIsEditedAndAskedAsUIKitsIs() {
        var s = Snapshot()
        s.appendSections(["a", "b"])
        s.appendItems([1, 2, 3], toSection: "a")
        s.appendItems([10, 11])  // to the last section
        s.insertItems([0], beforeItem: 1)
        s.insertItems([4], afterItem: 3)
        s.insertSections(["z"], beforeSection: "a")
        #expect(s.sectionIdentifiers == ["z", "a", "b"])
        #expect(s.itemIdentifiers(inSection: "a") == [0, 1, 2, 3, 4])
        #expect(s.numberOfItems == 7 && s.numberOfSections == 3)
        #expect(s.numberOfItems(inSection: "b") == 2 && s.numberOfItems(inSection: "z") == 0)
        #expect(s.indexOfItem(10) == 5 && s.indexOfItem(99) == nil)
        #expect(s.sectionIdentifier(containingItem: 11) == "b")
        s.moveItem(0, afterItem: 11)
        s.moveItem(4, beforeItem: 1)
        #expect(s.itemIdentifiers == [4, 1, 2, 3, 10, 11, 0])
        #expect(s.sectionIdentifier(containingItem: 0) == "b")
        s.deleteItems([2, 10, 99])
        #expect(s.itemIdentifiers == [4, 1, 3, 11, 0])
        s.moveSection("b", beforeSection: "z")
        #expect(s.sectionIdentifiers == ["b", "z", "a"] && s.indexOfSection("a") == 2)
        s.deleteSections(["b"])
        #expect(s.itemIdentifiers == [4, 1, 3] && s.sectionIdentifier(containingItem: 0) == nil)
        s.reloadItems([1])
        s.reconfigureItems([3])
        #expect(s.reloadedItemIdentifiers == [1] && s.reconfiguredItemIdentifiers == [3])
        s.deleteAllItems()
        #expect(s.numberOfItems == 0 && s.numberOfSections == 2 && s.reloadedItemIdentifiers.isEmpty)
    }

    /// UIKit raises on duplicate identifiers; here the duplicate is skipped (the first stays)
    /// and the problem is logged when the snapshot is applied.
    @Test func duplicateIdentifiersAreSkippedAndLoggedOnApply() {
        let lines = LogCapture(level: .info)
        let app = Application(mainLoop: ManualMainLoop(), logger: lines.logger)
        let window = Window(frame: app.screen.bounds)
        window.makeKeyAndVisible(in: app)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440))
        table.register(TableViewCell.self, forCellReuseIdentifier: "item")
        window.addSubview(table)
        let source = TableViewDiffableDataSource<String, Int>(tableView: table) { table, path, _ in
            table.dequeueReusableCell(withIdentifier: "item", for: path)
        }
        var s = Snapshot()
        s.appendItems([1])  // no section yet: refused
        s.appendSections(["a", "b", "a"])
        s.appendItems([1, 2, 1], toSection: "a")
        s.appendItems([2, 3], toSection: "b")
        #expect(s.sectionIdentifiers == ["a", "b"])
        #expect(s.itemIdentifiers(inSection: "a") == [1, 2] && s.itemIdentifiers(inSection: "b") == [3])
        #expect(lines.messages(atLeast: .warning).isEmpty)
        source.apply(s, animatingDifferences: false)
        let warnings = lines.messages(atLeast: .warning)
        #expect(warnings.count == 4)
        #expect(warnings.filter { $0.contains("already in the snapshot") }.count == 3)
        #expect(table.numberOfRows(inSection: 0) == 2 && table.numberOfRows(inSection: 1) == 1)
        // The applied state keeps no problem: applying it again logs nothing more.
        source.apply(source.snapshot())
        #expect(lines.messages(atLeast: .warning).count == 4)
        withExtendedLifetime(app) {}
    }

    // MARK: Applying

    @Test func applyAnimatesKeptRowsAndFadesInNewOnes() {
        let scene = Scene()
        var s = snapshot([("main", Array(0..<30))])
        scene.source.apply(s, animatingDifferences: false)
        scene.h.frame()
        #expect(scene.table.visibleValues == Array(0..<11))
        let kept = scene.table.cellForRow(at: ItemPath(row: 2, section: 0))!
        let deleted = scene.table.cellForRow(at: ItemPath(row: 1, section: 0))!
        let provided = scene.provided
        s.deleteItems([1])
        s.insertItems([100, 101], beforeItem: 0)
        var completed = false
        scene.source.apply(s) { completed = true }
        // Row 1 (item 1) fades out; item 2's cell slides from row 2 to row 3; the two new
        // items are the only cells asked for.
        #expect(scene.table.cellForRow(at: ItemPath(row: 3, section: 0)) === kept)
        #expect(kept.frame.minY == 3 * 44)
        #expect(!deleted.isHidden)
        #expect(scene.provided == provided + 2)
        #expect(scene.table.cellForRow(at: ItemPath(row: 0, section: 0))?.alpha == 1)
        #expect(!completed)
        scene.h.advance(by: 0.5)
        #expect(completed)
        #expect(deleted.isHidden)
        #expect(scene.table.visibleValues == [100, 101, 0] + Array(2..<10))
        #expect(scene.source.indexPath(for: 2) == ItemPath(row: 3, section: 0))
        #expect(scene.source.itemIdentifier(for: ItemPath(row: 1, section: 0)) == 101)
        #expect(scene.source.indexPath(for: 1) == nil)
        #expect(scene.source.snapshot() == s)
    }

    @Test func aMovedItemIsOneMoveAndKeepsItsCell() {
        let scene = Scene()
        var s = snapshot([("main", Array(0..<30))])
        scene.source.apply(s)
        scene.h.advance(by: 0.5)
        let moving = scene.table.cellForRow(at: ItemPath(row: 0, section: 0))!
        let others = (1..<8).map { scene.table.cellForRow(at: ItemPath(row: $0, section: 0))! }
        let provided = scene.provided
        s.moveItem(0, afterItem: 7)
        scene.source.apply(s)
        scene.h.advance(by: 0.5)
        #expect(scene.provided == provided)  // nothing new to make
        #expect(scene.table.cellForRow(at: ItemPath(row: 7, section: 0)) === moving)
        #expect((0..<7).allSatisfy { scene.table.cellForRow(at: ItemPath(row: $0, section: 0)) === others[$0] })
        #expect(scene.table.visibleValues == Array(1...7) + [0] + Array(8..<11))
    }

    @Test func anItemMovesToAnotherSection() {
        let scene = Scene()
        var s = snapshot([("a", [1, 2, 3]), ("b", [4, 5])])
        scene.source.apply(s, animatingDifferences: false)
        let moving = scene.table.cellForRow(at: ItemPath(row: 2, section: 0))!
        s.moveItem(3, beforeItem: 4)
        scene.source.apply(s)
        scene.h.advance(by: 0.5)
        #expect(scene.tableContent == [[1, 2], [3, 4, 5]])
        #expect(scene.table.cellForRow(at: ItemPath(row: 0, section: 1)) === moving)
        #expect(moving.frame == scene.table.rectForRow(at: ItemPath(row: 0, section: 1)))
    }

    /// As UIKit since iOS 15: without animation the difference is still applied (kept rows keep
    /// their cells, nothing is asked again); `applySnapshotUsingReloadData` asks for every
    /// visible row again.
    @Test func applyWithoutAnimationKeepsCellsAndReloadDataAsksAgain() {
        let scene = Scene()
        var s = snapshot([("main", Array(0..<30))])
        scene.source.apply(s, animatingDifferences: false)
        let first = scene.table.cellForRow(at: ItemPath(row: 0, section: 0))!
        let provided = scene.provided
        s.deleteItems([5])
        scene.source.apply(s, animatingDifferences: false)
        #expect(scene.provided == provided + 1)  // the row that scrolled into the bottom
        #expect(scene.table.cellForRow(at: ItemPath(row: 0, section: 0)) === first)
        #expect(scene.table.visibleValues == [0, 1, 2, 3, 4] + Array(6...11))
        #expect(scene.table.visibleCells.allSatisfy { $0.alpha == 1 })
        var completed = false
        scene.source.applySnapshotUsingReloadData(s) { completed = true }
        #expect(scene.provided == provided + 1 + 11)
        scene.h.frame()
        #expect(completed)
    }

    @Test func aReloadedItemGetsANewCellAndAReconfiguredOneItsOwnConfiguredAgain() {
        let scene = Scene()
        var s = snapshot([("main", Array(0..<30))])
        scene.source.apply(s, animatingDifferences: false)
        let reloadedCell = scene.table.cellForRow(at: ItemPath(row: 3, section: 0))!
        let reconfiguredCell = scene.table.cellForRow(at: ItemPath(row: 4, section: 0))!
        reconfiguredCell.textLabel.text = "stale"
        s.reloadItems([3, 25])   // 25 is off screen: nothing to do for it now
        s.reconfigureItems([4])
        scene.source.apply(s)
        #expect(scene.configured[3] == 2 && scene.configured[4] == 2 && scene.configured[25] == nil)
        #expect(scene.table.cellForRow(at: ItemPath(row: 3, section: 0)) !== reloadedCell)
        #expect(scene.table.cellForRow(at: ItemPath(row: 4, section: 0)) === reconfiguredCell)
        #expect(reconfiguredCell.textLabel.text == "Item 4")
        scene.h.advance(by: 0.5)
        #expect(reloadedCell.isHidden)  // faded out, back in the pool
        #expect(scene.table.visibleValues == Array(0..<11))
        // The marks are one-shot: the data source's state has none.
        #expect(scene.source.snapshot().reloadedItemIdentifiers.isEmpty)
    }

    @Test func changingTheSectionsReloadsTheTable() {
        let scene = Scene()
        var s = snapshot([("a", [1, 2])])
        scene.source.apply(s, animatingDifferences: false)
        s.insertSections(["z"], beforeSection: "a")
        s.appendItems([7], toSection: "z")
        scene.source.apply(s)
        #expect(scene.tableContent == [[7], [1, 2]])
        #expect(scene.table.visibleValues == [7, 1, 2])
    }

    /// The goal: 10,000 items, 100 changes (deletions, insertions, moves) applied with
    /// animation: only rows on screen animate or get cells, and no more cells exist than the
    /// visible rows plus two.
    @Test func tenThousandItemsWithAHundredChangesMakeNoCellsBeyondTheVisibleOnes() {
        let scene = Scene()
        var random = SeededRandom(seed: 10_000)
        var items = Array(0..<10_000)
        scene.source.apply(snapshot([("main", items)]), animatingDifferences: false)
        scene.table.contentOffset = Point(x: 0, y: 44 * 5_000)
        scene.h.frame()
        let visible = scene.table.visibleCells.count
        var next = 10_000
        for round in 0..<5 {
            for change in 0..<100 {
                switch change % 3 {
                case 0: items.remove(at: Int.random(in: 0..<items.count, using: &random))
                case 1:
                    items.insert(next, at: Int.random(in: 0...items.count, using: &random))
                    next += 1
                default:
                    let item = items.remove(at: Int.random(in: 0..<items.count, using: &random))
                    items.insert(item, at: Int.random(in: 0...items.count, using: &random))
                }
            }
            // Round 0 also changes the rows on screen: a deletion, an insertion and a move.
            if round == 0 {
                items.remove(at: 5_002)
                items.insert(next, at: 5_004)
                next += 1
                items.swapAt(5_001, 5_006)
            }
            let provided = scene.provided
            scene.source.apply(snapshot([("main", items)]))
            #expect(scene.provided - provided <= visible, "round \(round) asked for \(scene.provided - provided) cells")
            scene.h.advance(by: 0.5)
            #expect(scene.table.visibleValues == Array(items[5_000..<(5_000 + visible)]), "round \(round)")
        }
        #expect(scene.table.numberOfCellsCreated(withIdentifier: "item") <= visible + 2)
        #expect(scene.tableContent == [items])
    }

    /// Seeded random snapshots (sections kept, items inserted, deleted, moved within and across
    /// sections, reloaded), each applied with or without animation: the table's rows then equal
    /// the snapshot, and every visible cell shows the item of its row at its row's place.
    @Test(arguments: [1, 2, 3, 4])
    func randomSnapshotsApplyToExactlyTheirRows(seed: UInt64) {
        let scene = Scene(frame: Rect(x: 0, y: 0, width: 320, height: 300))
        var random = SeededRandom(seed: seed)
        let sections = ["a", "b", "c"]
        var content: [[Int]] = [Array(0..<20), Array(20..<25), []]
        var next = 25
        for step in 0..<60 {
            let changes = Int.random(in: 1...12, using: &random)
            var s = Snapshot()
            for _ in 0..<changes {
                let from = Int.random(in: 0..<3, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    content[from].insert(next, at: Int.random(in: 0...content[from].count, using: &random))
                    next += 1
                case 1 where !content[from].isEmpty:
                    content[from].remove(at: Int.random(in: 0..<content[from].count, using: &random))
                case 2 where !content[from].isEmpty:
                    let item = content[from].remove(at: Int.random(in: 0..<content[from].count, using: &random))
                    let to = Int.random(in: 0..<3, using: &random)
                    content[to].insert(item, at: Int.random(in: 0...content[to].count, using: &random))
                default:
                    break
                }
            }
            for (name, items) in zip(sections, content) {
                s.appendSections([name])
                s.appendItems(items, toSection: name)
            }
            if let any = content.joined().randomElement(using: &random) { s.reloadItems([any]) }
            let animated = Bool.random(using: &random)
            scene.source.apply(s, animatingDifferences: animated)
            scene.table.contentOffset = Point(x: 0, y: Double.random(in: 0...max(0, scene.table.contentSize.height - 300), using: &random))
            scene.h.advance(by: animated ? 0.5 : 0.02)
            #expect(scene.tableContent == content, "seed \(seed) step \(step)")
            for path in scene.table.indexPathsForVisibleRows {
                let cell = scene.table.cellForRow(at: path)
                #expect(cell?.tag == content[path.section][path.row], "seed \(seed) step \(step) row \(path)")
                #expect(cell?.frame == scene.table.rectForRow(at: path), "seed \(seed) step \(step) row \(path)")
            }
        }
    }
}
