import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// The toolkit's containers mirrored right to left, as UIKit's: the navigation bar and its
/// slides and back swipe, the tab bar, an alert's row of two buttons, table cells and their
/// swipe actions, the collection view's flow layout, stack views and the scroll indicators.
/// Pictures (`rtl-*.png`) in Arabic, and the behaviour behind them.
@MainActor
@Suite struct RightToLeftContainerTests {
    // MARK: Screens

    /// A content screen titled `title` with a line of Arabic text.
    func content(_ title: String) -> ViewController {
        let controller = ViewController()
        controller.title = title
        let label = Label(frame: Rect(x: 20, y: 20, width: 440, height: 30))
        label.text = "شاشة \(title)"
        label.textColor = Color(rgb: 0x1B2A41)
        label.textAlignment = .right
        controller.view.backgroundColor = Color(rgb: 0xF4F1EA)
        controller.view.addSubview(label)
        return controller
    }

    /// A harness whose application lays out right to left.
    func rightToLeftHarness(width: Int = 800, height: Int = 480) -> Harness {
        let h = Harness(width: width, height: height)
        h.app.userInterfaceLayoutDirection = .rightToLeft
        return h
    }

    // MARK: Navigation

    @Test func aNavigationBarPutsTheBackButtonRightAndItsItemsLeft() {
        let h = rightToLeftHarness(width: 480, height: 160)
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let navigation = h.navigation(root: content("أهلاً"))
        let detail = content("الغرفة ٤")
        detail.navigationItem.rightBarButtonItems = [BarButtonItem(title: "تم", style: .done), BarButtonItem(title: "تعديل")]
        navigation.pushViewController(detail, animated: false)
        h.settle()
        let bar = navigation.navigationBar
        #expect(bar.backButton.frame.maxX == 476)
        #expect(bar.rightButtons[0].frame.minX == 4)
        #expect(bar.rightButtons[1].frame.minX == bar.rightButtons[0].frame.maxX)
        #expect(bar.titleLabel.frame.midX == 240)
        #expect(bar.backButton.currentTitle == "\u{200F}‹ أهلاً")
        expectGolden(h.display.shownBuffer!, "rtl-navigation-bar")
    }

    @Test func aPushSlidesInFromTheLeftAndAPopLeavesToTheLeft() {
        let h = rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let a = ViewController(), b = ViewController()
        let navigation = h.navigation(root: a)
        navigation.pushViewController(b, animated: true)
        h.advance(by: NavigationController.slideDuration / 2)
        let midX = h.window.bounds.midX
        let arriving = b.view.presentation?.center.x ?? midX
        #expect(arriving < midX && arriving > midX - h.window.bounds.width, "part-way in from the left")
        #expect((a.view.presentation?.center.x ?? midX) > midX, "the old top moves a little right")
        h.advance(by: 1)
        navigation.popViewController(animated: true)
        h.advance(by: NavigationController.slideDuration / 2)
        #expect((b.view.presentation?.center.x ?? midX) < midX, "the top leaves toward the left")
        h.advance(by: 1)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test func theBackSwipeFromTheRightEdgePops() {
        let h = rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let a = ViewController(), b = ViewController()
        let navigation = h.navigation(root: a)
        navigation.pushViewController(b, animated: false)
        h.advance(by: 0.1)
        #expect(navigation.interactivePopGestureRecognizer.edges == .right)
        // Part-way: the top view follows the finger leftwards.
        h.down(0, at: Point(x: 795, y: 240))
        for x in stride(from: 755.0, through: 495, by: -20) {
            h.advance(by: 0.02)
            h.move(0, to: Point(x: x, y: 242))
        }
        #expect(b.view.renderTransformToSuperview.tx == -300, "shown where the finger is")
        #expect(navigation.viewControllers.count == 2)
        // Slowly on past half, then a rest: the position decides, and the pop completes.
        for x in stride(from: 455.0, through: 255, by: -20) {
            h.advance(by: 0.1)
            h.move(0, to: Point(x: x, y: 242))
        }
        h.advance(by: 0.3)
        h.up(0)
        h.advance(by: 1)
        #expect(navigation.viewControllers.count == 1 && navigation.topViewController === a)
        #expect(a.view.frame.minX == 0 && b.view.window == nil)
    }

    @Test func theLeftEdgeSwipeDoesNothingRightToLeft() {
        let h = rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let a = ViewController(), b = ViewController()
        let navigation = h.navigation(root: a)
        navigation.pushViewController(b, animated: false)
        h.advance(by: 0.1)
        h.drag(from: Point(x: 5, y: 240), to: Point(x: 605, y: 240), steps: 10, interval: 0.05)
        h.advance(by: 1)
        #expect(navigation.viewControllers.count == 2 && navigation.topViewController === b)
        #expect(b.view.frame.minX == 0)
    }

    @Test func aLanguageSwitchMovesTheBackSwipeToTheOtherEdge() {
        let h = Harness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let navigation = h.navigation(root: ViewController())
        #expect(navigation.interactivePopGestureRecognizer.edges == .left)
        h.app.userInterfaceLayoutDirection = .rightToLeft
        h.settle()
        #expect(navigation.interactivePopGestureRecognizer.edges == .right)
    }

    // MARK: Tab bar and alert

    @Test func aTabBarRunsRightToLeft() {
        let h = rightToLeftHarness(width: 480, height: 160)
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let tabs = TabBarController()
        let icon = Surface(width: 24, height: 24, format: .argb8888)
        let context = GraphicsContext(surface: icon)
        context.fillColor = Color(rgb: 0x5B6B82)
        context.fillEllipse(in: Rect(x: 2, y: 2, width: 20, height: 20))
        let controllers = [content("الغرف"), content("الخريطة"), content("مساعدة")]
        controllers[0].tabBarItem.image = Image(surface: icon)
        tabs.viewControllers = controllers
        tabs.selectedIndex = 1
        h.window.rootViewController = tabs
        h.settle()
        #expect(tabs.tabBar.indexOfItem(at: Point(x: 470, y: 20)) == 0)
        #expect(tabs.tabBar.indexOfItem(at: Point(x: 10, y: 20)) == 2)
        expectGolden(h.display.shownBuffer!, "rtl-tab-bar")
        // A tap on the left-most item selects the last one.
        let bar = tabs.tabBar
        let point = bar.convert(Point(x: 40, y: bar.bounds.midY), to: nil)
        h.tap(at: point)
        #expect(tabs.selectedIndex == 2)
    }

    @Test func anAlertPutsItsCancelButtonRight() {
        let h = rightToLeftHarness(width: 480, height: 320)
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let root = content("أهلاً")
        h.window.rootViewController = root
        let alert = AlertController(title: "تسجيل الوصول؟", message: "الغرفة ٤، ليلتان، ابتداءً من اليوم.", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "إلغاء", style: .cancel))
        alert.addAction(AlertAction(title: "تسجيل"))
        root.present(alert, animated: false)
        h.settle()
        let cancel = alert.actionButtons[0], other = alert.actionButtons[1]
        #expect(cancel.currentTitle == "إلغاء")
        #expect(cancel.frame.minX > other.frame.minX)
        expectGolden(h.display.shownBuffer!, "rtl-alert")
    }

    // MARK: Lists

    @MainActor final class Rooms: TableViewDataSource, TableViewDelegate {
        let names = [["الردهة", "قاعة الاجتماعات", "الأرز"], ["المكتبة", "الاستوديو", "الشرفة"]]
        var swipes = 0
        let picture: Image = {
            let surface = Surface(width: 40, height: 40, format: .argb8888)
            let context = GraphicsContext(surface: surface)
            context.drawLinearGradient(Gradient(colors: [Color(rgb: 0x8FB9A8), Color(rgb: 0x2E5E4E)]),
                                       start: Point(x: 0, y: 0), end: Point(x: 0, y: 40))
            return Image(surface: surface)
        }()
        func numberOfSections(in tableView: TableView) -> Int { names.count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names[section].count }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
            section == 0 ? "الطابق الأرضي" : "الطابق الأول"
        }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: ItemPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "room", for: indexPath)
            cell.textLabel.text = names[indexPath.section][indexPath.row]
            cell.detailTextLabel.text = indexPath.row % 2 == 0 ? "متاحة" : "مشغولة حتى ١١:٠٠"
            cell.imageView.image = picture
            cell.accessoryType = indexPath.row == 1 ? .checkmark : .disclosureIndicator
            return cell
        }
        func sectionIndexTitles(for tableView: TableView) -> [String]? { ["أ", "ب"] }
        func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: ItemPath) -> SwipeActionsConfiguration? {
            SwipeActionsConfiguration(actions: [
                ContextualAction(style: .destructive, title: "حذف") { [weak self] _, _, done in
                    self?.swipes += 1
                    done(false)
                },
                ContextualAction(style: .normal, title: "نقل") { _, _, done in done(false) },
            ])
        }
    }

    func roomsTable(_ rooms: Rooms, width: Double = 320, height: Double = 300) -> TableView {
        let table = TableView(frame: Rect(x: 0, y: 0, width: width, height: height), style: .plain)
        table.rowHeight = 56
        table.register(TableViewCellValue1.self, forCellReuseIdentifier: "room")
        table.dataSource = rooms
        table.delegate = rooms
        return table
    }

    /// A `.value1` cell, for the table's registration.
    @MainActor final class TableViewCellValue1: TableViewCell {
        required init(style: Style, reuseIdentifier: String?) { super.init(style: .value1, reuseIdentifier: reuseIdentifier) }
    }

    @Test func aTableCellIsMirrored() {
        let rooms = Rooms()
        let table = roomsTable(rooms)
        table.semanticContentAttribute = .forceRightToLeft
        table.layoutIfNeeded()
        table.selectRow(at: ItemPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        table.layoutIfNeeded()
        let cell = table.cellForRow(at: ItemPath(row: 0, section: 0))!
        #expect(cell.imageView.frame == Rect(x: 320 - 16 - 40, y: 8, width: 40, height: 40))
        #expect(cell.textLabel.frame.maxX == 320 - 16 - 40 - 12)
        // The chevron at the left, clear of the section index, the detail after it.
        #expect(cell.accessoryMark.frame == Rect(x: 24 + 16, y: (56 - 15) / 2, width: 9, height: 15))
        #expect(abs(cell.detailTextLabel.frame.minX - (24 + 16 + 9 + 10)) < 1e-9)
        #expect(cell.detailTextLabel.textAlignment == .left)
        #expect(table.sectionIndexView?.frame == Rect(x: 0, y: 0, width: 24, height: 300))
        withExtendedLifetime(rooms) {
            expectGolden(table.snapshot(scale: 1), "rtl-table")
        }
    }

    @Test func leftToRightTheAccessoryAndTheIndexAreAtTheRight() {
        let rooms = Rooms()
        let table = roomsTable(rooms)
        table.semanticContentAttribute = .forceLeftToRight
        table.layoutIfNeeded()
        let cell = table.cellForRow(at: ItemPath(row: 1, section: 0))!
        #expect(cell.accessoryMark.frame == Rect(x: 320 - 24 - 16 - 16, y: (56 - 13) / 2, width: 16, height: 13))
        #expect(cell.imageView.frame.minX == 16)
        #expect(abs(cell.detailTextLabel.frame.maxX - (320 - 24 - 16 - 16 - 10)) < 1e-9)
        #expect(table.sectionIndexView?.frame == Rect(x: 296, y: 0, width: 24, height: 300))
        // An app's own accessory view replaces the mark.
        let badge = View(frame: Rect(x: 0, y: 0, width: 30, height: 20))
        cell.accessoryView = badge
        cell.layoutIfNeeded()
        #expect(badge.superview === cell.contentView && cell.accessoryMark.superview == nil)
        #expect(badge.frame == Rect(x: 320 - 24 - 16 - 30, y: 18, width: 30, height: 20))
        withExtendedLifetime(rooms) {}
    }

    @Test func aTouchOnTheSectionIndexScrollsToItsSection() {
        let h = rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let rooms = Rooms()
        let table = roomsTable(rooms, width: 800, height: 200)
        h.window.addSubview(table)
        h.settle()
        let index = table.sectionIndexView!
        #expect(index.frame.minX == 0)
        // Two titles 16 high, centred in 200: the second from y 100 to 116.
        h.tap(at: Point(x: 12, y: 108))
        // Section 1 starts under section 0's header and three rows (28 + 3 × 56 = 196), past the
        // largest offset (392 of content in 200): the table goes as far as it can.
        #expect(table.contentOffset.y == 392 - 200)
        #expect(index.frame.minY == table.contentOffset.y, "the index stays in view")
        h.tap(at: Point(x: 12, y: 92))
        #expect(table.contentOffset.y == 0)
    }

    @Test func aRightwardSwipeRevealsTheTrailingActionsAtTheLeft() {
        let h = rightToLeftHarness()
        defer { h.app.userInterfaceLayoutDirection = .leftToRight }
        let rooms = Rooms()
        let table = roomsTable(rooms, width: 800, height: 480)
        h.window.addSubview(table)
        h.frame()
        let cell = table.cellForRow(at: ItemPath(row: 1, section: 0))!
        let y = table.convert(Point(x: 0, y: cell.frame.midY), to: nil).y
        // A leftward swipe does nothing right to left.
        swipe(h, from: Point(x: 100, y: y), dx: -200)
        h.advance(by: 0.5)
        #expect(!table.hasOpenSwipeActions && cell.contentView.frame.minX == 0)
        swipe(h, from: Point(x: 100, y: y), dx: 200)
        h.advance(by: 0.5)
        #expect(table.hasOpenSwipeActions)
        #expect(cell.contentView.frame.minX == 160)
        let buttons = cell.subviews.compactMap { $0 as? Button }
        #expect(buttons.map(\.currentTitle) == ["حذف", "نقل"])
        #expect(buttons.map(\.frame.minX) == [0, 80], "the first action outermost, at the left edge")
        h.tap(at: Point(x: 40, y: y))
        #expect(rooms.swipes == 1)
        h.advance(by: 0.5)
        #expect(!table.hasOpenSwipeActions)
    }

    /// A finger dragged from `start` by `dx` points in six moves 16 ms apart.
    func swipe(_ h: Harness, from start: Point, dx: Double) {
        h.down(0, at: start)
        for step in 1...6 {
            h.advance(by: 0.016)
            h.move(0, to: Point(x: start.x + dx * Double(step) / 6, y: start.y))
        }
        h.up(0)
    }

    @MainActor final class Tiles: CollectionViewDataSource {
        let colours: [UInt32] = [0xE57373, 0x64B5F6, 0x81C784, 0xFFD54F, 0xBA68C8]
        let digits = ["١", "٢", "٣", "٤", "٥", "٦", "٧"]
        func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { digits.count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
            cell.contentView.backgroundColor = Color(rgb: colours[indexPath.item % colours.count])
            let label = cell.contentView.subviews.compactMap { $0 as? Label }.first ?? {
                let made = Label(frame: Rect(x: 0, y: 0, width: 90, height: 90))
                made.textAlignment = .center
                made.font = .system(size: 32, weight: .bold)
                made.textColor = .white
                cell.contentView.addSubview(made)
                return made
            }()
            label.text = digits[indexPath.item]
            return cell
        }
    }

    @Test func aCollectionViewFillsRowsFromTheRight() {
        let tiles = Tiles()
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        grid.semanticContentAttribute = .forceRightToLeft
        grid.backgroundColor = .white
        var layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 90, height: 90)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 10, right: 10)
        grid.layout = layout
        grid.register(CollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        grid.dataSource = tiles
        grid.layoutIfNeeded()
        // Three columns 100 apart; mirrored, the first at the right, `left` inset at the right.
        #expect(grid.frameForItem(at: ItemPath(item: 0, section: 0)) == Rect(x: 320 - 20 - 90, y: 10, width: 90, height: 90))
        #expect(grid.frameForItem(at: ItemPath(item: 2, section: 0)) == Rect(x: 10, y: 10, width: 90, height: 90))
        #expect(grid.frameForItem(at: ItemPath(item: 3, section: 0)).minX == 210)
        #expect(grid.indexPathForItem(at: Point(x: 290, y: 50)) == ItemPath(item: 0, section: 0))
        withExtendedLifetime(tiles) {
            expectGolden(grid.snapshot(scale: 1), "rtl-collection")
        }
    }

    // MARK: Stack and scroll views

    /// A box with a word in it, `width` wide.
    func word(_ text: String, _ colour: UInt32, width: Double) -> Label {
        let label = Label(frame: Rect(x: 0, y: 0, width: width, height: 40))
        label.text = text
        label.textAlignment = .center
        label.textColor = .white
        label.backgroundColor = Color(rgb: colour)
        return label
    }

    @Test func stackViewsArrangeFromTheLeadingEdge() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        root.backgroundColor = .white
        root.semanticContentAttribute = .forceRightToLeft
        let row = StackView(arrangedSubviews: [word("واحد", 0xE57373, width: 80), word("اثنان", 0x64B5F6, width: 80),
                                               word("ثلاثة", 0x81C784, width: 80)])
        row.axis = .horizontal
        row.spacing = 10
        row.distribution = .equalSpacing
        row.frame = Rect(x: 10, y: 10, width: 300, height: 40)
        root.addSubview(row)
        let column = StackView(arrangedSubviews: [word("أ", 0xFFD54F, width: 60), word("ب", 0xBA68C8, width: 120),
                                                  word("ج", 0x4DB6AC, width: 90)])
        column.axis = .vertical
        column.spacing = 8
        column.alignment = .leading
        column.frame = Rect(x: 10, y: 70, width: 300, height: 150)
        column.backgroundColor = Color(rgb: 0xECEFF1)
        root.addSubview(column)
        root.layoutIfNeeded()
        let rowViews = row.arrangedSubviews, columnViews = column.arrangedSubviews
        // Equal spacing: the first at the right end, the last at the left one, in order.
        #expect(rowViews[0].frame.maxX == 300 && rowViews[2].frame.minX == 0)
        #expect(rowViews[0].frame.minX > rowViews[1].frame.maxX && rowViews[1].frame.minX > rowViews[2].frame.maxX)
        let rightToLeftFrames = rowViews.map(\.frame)
        #expect(columnViews.map(\.frame.maxX) == [300, 300, 300])
        column.alignment = .trailing
        root.layoutIfNeeded()
        #expect(columnViews.map(\.frame.minX) == [0, 0, 0])
        column.alignment = .leading
        root.layoutIfNeeded()
        expectGolden(root.snapshot(scale: 1), "rtl-stack")
        // Forced left to right, the same stacks run from the left again.
        root.semanticContentAttribute = .forceLeftToRight
        root.layoutIfNeeded()
        #expect(rowViews.map(\.frame) == RightToLeftLayoutTests.mirrored(rightToLeftFrames, width: 300))
        #expect(columnViews.map(\.frame.minX) == [0, 0, 0])
    }

    @Test func theVerticalScrollIndicatorIsAtTheLeft() {
        let root = View(frame: Rect(x: 0, y: 0, width: 240, height: 240))
        root.backgroundColor = .white
        root.semanticContentAttribute = .forceRightToLeft
        let scrollView = ScrollView(frame: Rect(x: 20, y: 20, width: 200, height: 200))
        scrollView.backgroundColor = Color(rgb: 0xECEFF1)
        scrollView.contentSize = Size(width: 400, height: 600)
        let colours: [UInt32] = [0xE57373, 0x64B5F6, 0x81C784, 0xFFD54F, 0xBA68C8]
        for row in 0..<10 {
            for column in 0..<2 {
                let tile = View(frame: Rect(x: 10 + Double(column) * 200, y: 10 + Double(row) * 60, width: 180, height: 50))
                tile.backgroundColor = Color(rgb: colours[(row + column) % colours.count])
                tile.cornerRadius = 8
                scrollView.addSubview(tile)
            }
        }
        root.addSubview(scrollView)
        scrollView.contentOffset = Point(x: 100, y: 130)
        scrollView.flashScrollIndicators()
        // Offsets are not mirrored; the vertical indicator is at the visible left edge, and the
        // horizontal one leaves the corner at its left end.
        #expect(scrollView.verticalScrollIndicator?.frame.minX == 100 + 2.5)
        #expect((scrollView.horizontalScrollIndicator?.frame.minX ?? 0) >= 100 + 2.5 + 3 + 2.5)
        expectGolden(root.snapshot(scale: 1), "rtl-scroll-indicators")
    }
}
