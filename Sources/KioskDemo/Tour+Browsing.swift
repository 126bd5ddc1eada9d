import Vitrine
import VitrineGraphics

/// The tour's steps through the scrolling screens: the list of rooms (scrolled, pulled to
/// refresh, a room opened and closed) and the opening hours (scrolled to the end).
///
/// Scrolling is done by a finger, as a visitor would: a flick that coasts to rest, a pull past
/// the top, and a drag through the long text.
extension KioskTour {
    func browseRoomsAndHours() {
        tap(kiosk.welcome.buttons[1])
        let rooms = kiosk.welcome.presentedViewController as? RoomsController
        let table = rooms?.tableView
        record("tap \"Find a room\": the rooms, floor by floor", picture: "rooms",
               passed: rooms?.isVisible == true && table?.visibleCells.isEmpty == false
               && (table?.headerView(forSection: 0) as? TableViewHeaderFooterView)?.textLabel.text == "Ground floor · 4 rooms free")
        guard let rooms, let table else { return }

        let created = table.numberOfCellsCreated(withIdentifier: "room")
        var mostVisible = table.visibleCells.count
        let screen = table.convert(table.bounds, to: nil)   // the list's area on the screen
        // A flick up: half the list's height in a tenth of a second, then it coasts.
        drag(from: Point(x: screen.midX, y: screen.minY + screen.height * 0.8), by: -screen.height / 2, in: 0.1) {
            mostVisible = max(mostVisible, table.visibleCells.count)
        }
        let released = table.contentOffset.y
        // UIKit's normal deceleration takes about four seconds to settle from such a flick.
        for frame in 0..<600 {
            loop.advance(by: 1.0 / 60)
            mostVisible = max(mostVisible, table.visibleCells.count)
            if frame > 0 && !table.isDecelerating { break }
        }
        let first = table.indexPathsForVisibleRows.first
        let cells = table.numberOfCellsCreated(withIdentifier: "room")
        record("a flick: the list coasted \(Int(table.contentOffset.y - released)) points to rest, first row now \(first.map { "\($0)" } ?? "none"), \(cells) cells made in all (\(created) at first)",
               passed: table.contentOffset.y > released + 300 && !table.isDecelerating && cells <= mostVisible + 2)

        table.setContentOffset(.zero, animated: true)
        loop.advance(by: 1)
        let statusBefore = rooms.directory.rooms[0][0].status
        // A pull past the top: the finger drags 300 points down, waits, and lifts.
        drag(from: Point(x: screen.midX, y: screen.minY + screen.height * 0.2), by: 300, in: 0.3, lift: false)
        let refreshing = table.refreshControl?.isRefreshing == true
        loop.advance(by: 0.2)
        input.up(0)
        input.frame()
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

        if let detail { turnAnimated(detail) }
        if let detail { tapBackButton(of: detail) }
        record("Back: the list again, the room's row deselected",
               passed: rooms.isVisible && rooms.presentedViewController == nil && table.indexPathForSelectedRow == nil)

        searchRoomsInPinyin(rooms)
        tapBackButton(of: rooms)
        tap(kiosk.welcome.buttons[2])
        let hours = kiosk.welcome.presentedViewController as? HoursController
        if let scroll = hours?.scrollView {
            // A slow drag (no momentum) up through the text by half its scrollable length.
            let area = scroll.convert(scroll.bounds, to: nil)
            let distance = min(scroll.maximumContentOffset.y / 2, area.height * 0.6)
            drag(from: Point(x: area.midX, y: area.minY + area.height * 0.8), by: -distance, in: 1)
            loop.advance(by: 1)
        }
        let scrolled = hours.map { $0.scrollView.contentSize.height > $0.scrollView.bounds.height } ?? false
        record("\"Opening hours\": a long text, dragged up", picture: "hours",
               passed: hours?.isVisible == true && scrolled)
        if let hours { tapBackButton(of: hours) }
        record("Back: the welcome screen", passed: kiosk.welcome.presentedViewController == nil && kiosk.welcome.isVisible)
    }

    /// Turns the screen a quarter with animation on the room's screen, and back: its
    /// constraints change arrangement (side by side or stacked, whichever the new shape asks
    /// for) and the views glide there over the turn, a frame per vblank (a 0.3-second turn at
    /// 60 Hz is about 18 frames; a turn at once would be one or two).
    private func turnAnimated(_ detail: RoomDetailController) {
        for rotation in [ScreenRotation.clockwise90, .none] {
            let before = detail.arrangement.map { "\($0)" } ?? "none"
            let presents = display.presentCount
            application.setScreenRotation(rotation, animated: true)
            loop.advance(by: 0.5)
            let size = application.screen.bounds.size
            let frames = display.presentCount - presents
            let expected = RoomDetailController.arrangement(for: size, traits: detail.view.traitCollection)
            record("the room turned \(rotation == .none ? "back" : "a quarter") with animation: \(before) → \(expected) over \(frames) frames",
                   passed: detail.view.bounds.size == size && detail.arrangement == expected && frames >= 10)
        }
    }

    /// A finger at `start` (screen points) moves `dy` points vertically in 10 moves over
    /// `duration` seconds, then lifts at once (a flick keeps its speed) unless `lift` is false;
    /// `eachMove` runs after every move.
    private func drag(from start: Point, by dy: Double, in duration: Double, lift: Bool = true,
                      eachMove: () -> Void = {}) {
        input.down(0, at: start)
        input.frame()
        for step in 1...10 {
            loop.advance(by: duration / 10)
            input.move(0, to: Point(x: start.x, y: start.y + dy * Double(step) / 10))
            input.frame()
            eachMove()
        }
        guard lift else { return }
        input.up(0)
        input.frame()
    }

    /// Taps the Back button of a browsing screen's bar.
    private func tapBackButton(of controller: ViewController) {
        guard let bar = controller.view.subviews.first(where: { $0 is BarView }) as? BarView else { return }
        tap(bar.backButton)
    }
}
