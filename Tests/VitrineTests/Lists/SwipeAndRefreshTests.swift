import Testing
import Vitrine
import VitrineGraphics

/// Swipe to reveal trailing actions (a horizontal pan on a row), and pull to refresh (the
/// offset pulled past the top, with only the scroll view skeleton).
@MainActor
struct SwipeActionTests {
    func scene() -> (Harness, Rows, TableView, [String]) {
        let h = Harness()
        let rows = Rows([30])
        let table = makeTable(rows, frame: Rect(x: 0, y: 0, width: 800, height: 480))
        h.window.addSubview(table)
        h.frame()
        return (h, rows, table, [])
    }

    /// A finger dragged from `start` by `dx` points in `steps` moves 16 ms apart.
    func drag(_ h: Harness, from start: Point, dx: Double, steps: Int = 6) {
        h.down(0, at: start)
        for step in 1...steps {
            h.advance(by: 0.016)
            h.move(0, to: Point(x: start.x + dx * Double(step) / Double(steps), y: start.y))
        }
        h.up(0)
    }

    func deleteAction(_ rows: Rows, _ table: TableView, log: @escaping (String) -> Void) -> (ItemPath) -> SwipeActionsConfiguration? {
        { [weak rows, weak table] path in
            SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Delete") { _, _, done in
                log("delete \(path)")
                guard let rows, let table else { return }
                rows.remove(row: path.row, section: path.section)
                table.deleteRows(at: [path], with: .fade)
                done(true)
            }])
        }
    }

    @Test func aLeftSwipeRevealsTheActionsAndATapPerformsIt() {
        let (h, rows, table, _) = scene()
        var log: [String] = []
        rows.swipeActions = deleteAction(rows, table) { log.append($0) }
        let cell = table.cellForRow(at: ItemPath(row: 1, section: 0))!
        drag(h, from: Point(x: 700, y: 66), dx: -120)
        h.advance(by: 0.5)
        #expect(table.hasOpenSwipeActions)
        #expect(cell.contentView.frame.minX == -80)
        let button = cell.subviews.compactMap { $0 as? Button }.first
        #expect(button?.frame == Rect(x: 720, y: 0, width: 80, height: 44))
        #expect(rows.selected.isEmpty)  // the swipe cancelled the row's touch
        h.tap(at: Point(x: 760, y: 66))
        #expect(log == ["delete [0, 1]"])
        h.advance(by: 0.5)
        #expect(!table.hasOpenSwipeActions)
        #expect(table.visibleValues == [0] + Array(2...11))
    }

    @Test func aShortSwipeClosesAgain() {
        let (h, rows, table, _) = scene()
        rows.swipeActions = deleteAction(rows, table) { _ in }
        let cell = table.cellForRow(at: ItemPath(row: 1, section: 0))!
        h.down(0, at: Point(x: 700, y: 66))
        h.advance(by: 0.016)
        h.move(0, to: Point(x: 680, y: 66))
        h.advance(by: 0.016)
        h.move(0, to: Point(x: 675, y: 66))
        h.advance(by: 0.02)                       // the next display frame lays out
        #expect(cell.contentView.frame.minX == -5)  // follows the finger from where the pan began
        h.advance(by: 0.2)                        // rests, so no flick
        h.up(0)
        h.advance(by: 0.5)
        #expect(!table.hasOpenSwipeActions)
        #expect(cell.contentView.frame.minX == 0)
    }

    @Test func aTouchElsewhereClosesTheOpenRowWithoutSelecting() {
        let (h, rows, table, _) = scene()
        rows.swipeActions = deleteAction(rows, table) { _ in }
        drag(h, from: Point(x: 700, y: 66), dx: -120)
        h.advance(by: 0.5)
        #expect(table.hasOpenSwipeActions)
        h.tap(at: Point(x: 100, y: 200))
        h.advance(by: 0.5)
        #expect(!table.hasOpenSwipeActions)
        #expect(rows.selected.isEmpty)
    }

    @Test func rowsWithoutActionsAndVerticalDragsDoNotSwipe() {
        let (h, rows, table, _) = scene()
        rows.swipeActions = { $0.row == 1 ? nil : SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Flag") { _, _, done in done(true) }]) }
        let cell = table.cellForRow(at: ItemPath(row: 1, section: 0))!
        drag(h, from: Point(x: 700, y: 66), dx: -120)
        h.advance(by: 0.5)
        #expect(!table.hasOpenSwipeActions)
        #expect(cell.contentView.frame.minX == 0)
        // A rightward drag does not open a row either.
        drag(h, from: Point(x: 300, y: 110), dx: 120)
        h.advance(by: 0.5)
        #expect(!table.hasOpenSwipeActions)
    }

    @Test func aFullSwipePerformsTheFirstAction() {
        let (h, rows, table, _) = scene()
        var log: [String] = []
        rows.swipeActions = deleteAction(rows, table) { log.append($0) }
        drag(h, from: Point(x: 790, y: 110), dx: -600, steps: 10)
        #expect(log == ["delete [0, 2]"])
        h.advance(by: 0.5)
        #expect(table.visibleValues == [0, 1] + Array(3...11))
    }
}

@MainActor
struct RefreshControlTests {
    final class Counter {
        var count = 0
    }

    func scene() -> (Harness, TableView, RefreshControl, Counter) {
        let h = Harness()
        let rows = Rows([30])
        let table = makeTable(rows, frame: Rect(x: 0, y: 0, width: 320, height: 440))
        let control = RefreshControl()
        let counter = Counter()
        control.addAction({ _ in counter.count += 1 }, for: .valueChanged)
        table.refreshControl = control
        h.window.addSubview(table)
        h.frame()
        return (h, table, control, counter)
    }

    /// A finger pulls the list down by `distance` points in ten moves a frame apart; the list
    /// shows the pull rubber-banded (a 300-point pull shows about 112 points above the top).
    func pull(_ h: Harness, by distance: Double, lift: Bool = true) {
        h.down(0, at: Point(x: 100, y: 60))
        for step in 1...10 {
            h.advance(by: 1.0 / 60)
            h.move(0, to: Point(x: 100, y: 60 + distance * Double(step) / 10))
        }
        guard lift else { return }
        h.advance(by: 0.2)   // held still: the lift has no velocity
        h.up(0)
    }

    @Test func pullingPastTheThresholdRefreshesOnce() {
        let (h, table, control, counter) = scene()
        #expect(control.superview === table)
        #expect(control.frame == Rect(x: 0, y: -60, width: 320, height: 60))
        pull(h, by: 100, lift: false)
        #expect(table.contentOffset.y < -30 && table.contentOffset.y > -80)
        #expect(counter.count == 0)
        #expect(!control.isRefreshing)
        for step in 1...10 {
            h.advance(by: 1.0 / 60)
            h.move(0, to: Point(x: 100, y: 160 + 20 * Double(step)))
        }
        #expect(table.contentOffset.y < -80)
        #expect(counter.count == 1)
        #expect(control.isRefreshing)
        #expect(table.contentInset.top == 60)  // kept shown while refreshing
        #expect(table.minimumContentOffset.y == -60)
        h.up(0)
        h.advance(by: 1)
        #expect(counter.count == 1)
        #expect(table.contentOffset.y == -60, "while refreshing the list rests with the control shown")
        control.endRefreshing()
        h.advance(by: 1)
        #expect(!control.isRefreshing)
        #expect(table.contentInset.top == 0)
        #expect(table.contentOffset.y == 0)
    }

    @Test func anOffsetTheAppSetsAboveTheTopDoesNotRefresh() {
        let (h, table, control, counter) = scene()
        table.contentOffset = Point(x: 0, y: -120)
        h.frame()
        #expect(counter.count == 0)
        #expect(!control.isRefreshing)
    }

    @Test func itRefreshesAgainAfterReturningToTheTop() {
        let (h, table, control, counter) = scene()
        pull(h, by: 300)
        #expect(counter.count == 1)
        control.endRefreshing()      // slides the list back to its top: armed again
        h.advance(by: 1)
        #expect(table.contentOffset.y == 0)
        pull(h, by: 300)
        #expect(counter.count == 2)
        control.endRefreshing()
        h.advance(by: 1)
        pull(h, by: 300)
        #expect(counter.count == 3)
    }

    @Test func beginRefreshingDoesNotSendValueChanged() {
        let (h, table, control, counter) = scene()
        control.beginRefreshing()
        #expect(control.isRefreshing)
        #expect(counter.count == 0)
        #expect(table.contentInset.top == 60)
        pull(h, by: 300)
        #expect(counter.count == 0)
        table.refreshControl = nil
        #expect(control.superview == nil)
        #expect(table.contentInset.top == 0)
    }

    @Test func aDisabledControlDoesNotRefresh() {
        let (h, _, control, counter) = scene()
        control.isEnabled = false
        pull(h, by: 300)
        #expect(counter.count == 0)
        #expect(!control.isRefreshing)
    }
}
