import Vitrine
import VitrineGraphics

/// The tour's steps through the scrolling screens: the list of rooms (scrolled, pulled to
/// refresh, a room opened and closed) and the opening hours (scrolled to the end).
///
/// Scrolling is driven by the content offset, as the app or a scroll bar would: the scroll
/// view's pan and momentum are merged separately, and a flick through `ScriptedInput` replaces
/// these offsets then.
extension KioskTour {
    func browseRoomsAndHours() {
        tap(kiosk.welcome.buttons[1])
        let rooms = kiosk.welcome.presentedViewController as? RoomsController
        let table = rooms?.tableView
        record("tap \"Find a room\": the rooms, floor by floor", picture: "rooms",
               passed: rooms?.isVisible == true && table?.visibleCells.isEmpty == false
               && (table?.headerView(forSection: 0) as? TableViewHeaderFooterView)?.textLabel.text == "Ground floor")
        guard let rooms, let table else { return }

        let created = table.numberOfCellsCreated(withIdentifier: "room")
        var mostVisible = table.visibleCells.count
        for step in 1...60 {
            table.contentOffset = Point(x: 0, y: Double(step) * 25)
            loop.advance(by: 1.0 / 60)
            mostVisible = max(mostVisible, table.visibleCells.count)
        }
        let first = table.indexPathsForVisibleRows.first
        let cells = table.numberOfCellsCreated(withIdentifier: "room")
        record("the list scrolled 1,500 points in a second: first row now \(first.map { "\($0)" } ?? "none"), \(cells) cells made in all (\(created) at first)",
               passed: first.map { $0.section > 0 } == true && cells <= mostVisible + 2)

        table.contentOffset = .zero
        loop.advance(by: 0.1)
        let statusBefore = rooms.directory.rooms[0][0].status
        for y in stride(from: -10.0, through: -100, by: -10) {
            table.contentOffset = Point(x: 0, y: y)
            loop.advance(by: 1.0 / 60)
        }
        let refreshing = table.refreshControl?.isRefreshing == true
        table.contentOffset = table.minimumContentOffset
        loop.advance(by: 1.5)
        record("pulled down past the top: the statuses refreshed",
               passed: refreshing && table.refreshControl?.isRefreshing == false
               && rooms.directory.refreshes == 1 && rooms.directory.rooms[0][0].status != statusBefore
               && table.contentOffset.y == table.minimumContentOffset.y)

        let path = ItemPath(row: 1, section: 0)
        if let cell = table.cellForRow(at: path) { tap(cell) }
        let detail = rooms.presentedViewController as? RoomDetailController
        record("tap a room: its picture, status and seats", picture: "room",
               passed: detail?.isVisible == true && detail?.room == rooms.directory.rooms[0][1]
               && messages.contains { $0.contains("tapped") })

        if let detail { tapBackButton(of: detail) }
        record("Back: the list again, the room's row deselected",
               passed: rooms.isVisible && rooms.presentedViewController == nil && table.indexPathForSelectedRow == nil)

        tapBackButton(of: rooms)
        tap(kiosk.welcome.buttons[2])
        let hours = kiosk.welcome.presentedViewController as? HoursController
        if let scroll = hours?.scrollView {
            scroll.contentOffset = Point(x: 0, y: scroll.maximumContentOffset.y / 2)
            loop.advance(by: 0.1)
        }
        let scrolled = hours.map { $0.scrollView.contentSize.height > $0.scrollView.bounds.height } ?? false
        record("\"Opening hours\": a long text, scrolled halfway", picture: "hours",
               passed: hours?.isVisible == true && scrolled)
        if let hours { tapBackButton(of: hours) }
        record("Back: the welcome screen", passed: kiosk.welcome.presentedViewController == nil && kiosk.welcome.isVisible)
    }

    /// Taps the Back button of a browsing screen's bar.
    private func tapBackButton(of controller: ViewController) {
        guard let bar = controller.view.subviews.first(where: { $0 is BarView }) as? BarView else { return }
        tap(bar.backButton)
    }
}
