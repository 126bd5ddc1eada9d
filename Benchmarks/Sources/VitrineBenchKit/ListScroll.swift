import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A `TableView` of `rowCount` card rows (72 points, a coloured card inset in each) scrolling
/// down at 2,000 points per second in 60 Hz steps (33.3 points a step), wrapping to the top at
/// the end. Cells are configured by colour only, so what is measured is the list's own work:
/// finding the visible rows (binary search over the height sums), recycling the cells that
/// left and configuring those that entered.
///
/// Two ways to run it: `step(_:)` alone (the table with no window: offset, layout) and, with
/// `frames: true`, on a 1920×1080 headless display where every step is a whole frame (commit,
/// compose, copy, vblank).
@MainActor
public final class ListScroll: TableViewDataSource {
    /// Points a step scrolls: 2,000 points per second at 60 frames per second.
    public static let step = 2000.0 / 60

    /// The list.
    public let table: TableView
    /// Rows in it.
    public let rowCount: Int
    /// The headless platform when the list is on a display.
    public let platform: HeadlessPlatform?
    private let application: Application?
    private let window: Window?
    private let colors = [Color(rgb: 0x2D6CDF), Color(rgb: 0x5B6B82), Color(rgb: 0xF2B134), Color(rgb: 0x3A9D5D)]
    private var offset = 0.0

    /// A list of `rowCount` rows, 1920×1080; `frames`: on a headless display. Warmed up: it has
    /// scrolled through the whole list once, so that every cell it needs exists.
    public init(rowCount: Int = 100_000, frames: Bool = false) {
        self.rowCount = rowCount
        table = TableView(frame: Rect(x: 0, y: 0, width: 1920, height: 1080), style: .plain)
        table.rowHeight = 72
        table.separatorStyle = .none
        table.register(CardCell.self, style: .default, forCellReuseIdentifier: "card")
        if frames {
            let platform = HeadlessPlatform(mode: DisplayMode(width: 1920, height: 1080))
            let application = Application(platform: platform)
            let window = Window(frame: application.screen.bounds)
            window.makeKeyAndVisible(in: application)
            window.addSubview(table)
            self.platform = platform
            self.application = application
            self.window = window
        } else {
            platform = nil
            application = nil
            window = nil
        }
        table.dataSource = self
        table.layoutIfNeeded()
        platform?.manualMainLoop.advance(by: 0.1)
        _ = step(200)
        offset = 0
        _ = step(1)
    }

    /// Scrolls `count` steps; with a display, each is a frame through the commit and its
    /// vblank. Returns the offset reached.
    @discardableResult
    public func step(_ count: Int) -> Double {
        let end = Double(rowCount) * 72 - 1080
        for _ in 0..<count {
            offset += ListScroll.step
            if offset > end { offset = 0 }
            table.contentOffset = Point(x: 0, y: offset)
            if let application, let platform {
                application.commit()
                platform.manualMainLoop.advance(by: platform.virtualDisplay.refreshPeriod)
            } else {
                table.layoutIfNeeded()
            }
        }
        return offset
    }

    /// Whether the visible cells are exactly the rows meeting the bounds, each where its row is.
    public func showsTheRightRows() -> Bool {
        let first = Int((table.contentOffset.y / 72).rounded(.down))
        let last = min(rowCount - 1, Int(((table.contentOffset.y + 1080) / 72).rounded(.up)) - 1)
        let paths = table.indexPathsForVisibleRows
        return paths == (first...last).map { ItemPath(row: $0, section: 0) }
            && table.visibleCells.allSatisfy { $0.tag >= 0 && $0.frame == table.rectForRow(at: ItemPath(row: $0.tag, section: 0)) }
    }

    /// Cells made so far (reuse keeps it at the visible rows plus at most two).
    public var cellsCreated: Int { table.numberOfCellsCreated(withIdentifier: "card") }

    /// What the last frame cost (with a display).
    public var lastFrame: FrameCounters? { application?.statistics.lastFrame }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rowCount }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: ItemPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "card", for: indexPath)
        cell.tag = indexPath.row
        (cell as? CardCell)?.card.backgroundColor = colors[indexPath.row % colors.count]
        return cell
    }
}

/// A row holding a rounded card.
final class CardCell: TableViewCell {
    let card = View(frame: .zero)

    required init(style: Style, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        card.cornerRadius = 12
        contentView.addSubview(card)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        card.frame = Rect(x: 24, y: 6, width: bounds.width - 48, height: bounds.height - 12)
    }
}

/// `count` steps of `list`, in a function of its own that a profiler (callgrind, a debugger's
/// breakpoint on `malloc`) can be limited to.
@MainActor
@inline(never)
public func measuredListSteps(_ list: ListScroll, count: Int) -> Double {
    list.step(count)
}
