import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// A list of rooms filtered by a search controller, written as a UIKit screen is.
@MainActor
final class SearchableRooms: ViewController, TableViewDataSource, SearchResultsUpdating, SearchBarDelegate {
    let all: [String]
    private(set) var shown: [String]
    let table = TableView(frame: .zero, style: .plain)
    let searchController = SearchController()
    var updates: [String] = []
    var barLog: [String] = []

    init(_ rooms: [String] = ["Atrium", "Boardroom", "Cedar", "Library", "Lounge"]) {
        all = rooms
        shown = rooms
        super.init()
        title = "Rooms"
    }

    override func loadView() { view = table }

    override func viewDidLoad() {
        table.register(TableViewCell.self, style: .default, forCellReuseIdentifier: "room")
        table.dataSource = self
        searchController.searchResultsUpdater = self
        searchController.searchBar.placeholder = "Find a room"
        searchController.searchBar.delegate = self
        navigationItem.searchController = searchController
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { shown.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: ItemPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "room", for: indexPath)
        cell.textLabel.text = shown[indexPath.row]
        return cell
    }

    func updateSearchResults(for searchController: SearchController) {
        let query = searchController.searchBar.text.lowercased()
        updates.append(query)
        shown = query.isEmpty ? all : all.filter { $0.lowercased().contains(query) }
        table.reloadData()
    }

    func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) { barLog.append("textDidChange \(searchText)") }
    func searchBarSearchButtonClicked(_ searchBar: SearchBar) { barLog.append("search") }
    func searchBarCancelButtonClicked(_ searchBar: SearchBar) { barLog.append("cancel") }
    func searchBarTextDidBeginEditing(_ searchBar: SearchBar) { barLog.append("didBegin") }
    func searchBarTextDidEndEditing(_ searchBar: SearchBar) { barLog.append("didEnd") }
}

/// `SearchController` and `SearchBar` in a navigation bar, filtering a list (UIKit's
/// `navigationItem.searchController`).
@MainActor
struct SearchControllerTests {
    private func screen(width: Int = 800) -> (Harness, NavigationController, SearchableRooms) {
        let h = Harness(width: width, height: 480)
        h.app.keyboard.isHardwareKeyboardAttached = true  // the list stays in sight
        let rooms = SearchableRooms()
        let navigation = h.navigation(root: rooms)
        h.settle()
        return (h, navigation, rooms)
    }

    /// The centre of `view` in screen points.
    private func center(of view: View, in h: Harness) -> Point {
        let frame = view.convert(view.bounds, to: h.window)
        return Point(x: frame.midX, y: frame.midY)
    }

    @Test func theBarSitsUnderTheTitleAndTheListUnderIt() {
        let (_, navigation, rooms) = screen()
        let bar = rooms.searchController.searchBar
        #expect(navigation.navigationBar.frame == Rect(x: 0, y: 0, width: 800, height: NavigationBar.height + SearchBar.height))
        #expect(bar.superview === navigation.navigationBar)
        #expect(bar.frame == Rect(x: 0, y: NavigationBar.height, width: 800, height: SearchBar.height))
        #expect(navigation.navigationBar.titleLabel.frame.maxY <= NavigationBar.height)
        #expect(navigation.contentFrame.minY == NavigationBar.height + SearchBar.height)
        #expect(rooms.table.convert(rooms.table.bounds, to: navigation.view).minY == 116)
        #expect(bar.searchTextField.placeholder == "Find a room")
        #expect(bar.cancelButton.isHidden && !rooms.searchController.isActive)
        #expect(bar.searchTextField.accessibilityTraits.contains(.searchField))
    }

    @Test func typingFiltersTheListAndCancelBringsItBack() {
        let (h, navigation, rooms) = screen()
        let controller = rooms.searchController
        let bar = controller.searchBar
        h.tap(at: center(of: bar.searchTextField, in: h))
        // Active: the updater hears it at once, Cancel shows, the title row folds away.
        #expect(controller.isActive && bar.isEditing)
        #expect(rooms.updates == [""])
        #expect(!bar.cancelButton.isHidden)
        h.settle()
        #expect(navigation.navigationBar.frame.height == SearchBar.height)
        #expect(bar.frame.minY == 0)
        #expect(navigation.contentFrame.minY == SearchBar.height)
        h.type("r")
        #expect(rooms.table.numberOfRows(inSection: 0) == 4)
        h.type("o")
        #expect(rooms.updates == ["", "r", "ro"])
        #expect(rooms.table.numberOfRows(inSection: 0) == 1)
        h.settle()
        #expect(rooms.table.visibleCells.map { $0.textLabel.text } == ["Boardroom"])
        #expect(rooms.barLog == ["didBegin", "textDidChange r", "textDidChange ro"])
        // Cancel: empty, no keyboard, every room, the title row back.
        h.tap(at: center(of: bar.cancelButton, in: h))
        #expect(!controller.isActive && !bar.isEditing && bar.text.isEmpty)
        #expect(rooms.barLog.suffix(2) == ["cancel", "didEnd"])
        #expect(rooms.updates == ["", "r", "ro", ""])
        #expect(bar.cancelButton.isHidden)
        h.settle()
        #expect(rooms.table.numberOfRows(inSection: 0) == 5)
        #expect(navigation.navigationBar.frame.height == NavigationBar.height + SearchBar.height)
        #expect(navigation.contentFrame.minY == 116)
    }

    @Test func theSearchKeyPutsTheKeyboardAwayAndTheSearchStays() {
        let (h, _, rooms) = screen()
        let controller = rooms.searchController
        let bar = controller.searchBar
        #expect(bar.searchTextField.returnKeyType == .search)
        h.tap(at: center(of: bar.searchTextField, in: h))
        h.type("lib")
        h.press(Key.enter)
        #expect(rooms.barLog.suffix(2) == ["search", "didEnd"])
        #expect(!bar.isEditing && controller.isActive && bar.text == "lib")
        #expect(!bar.cancelButton.isHidden)
        #expect(rooms.table.numberOfRows(inSection: 0) == 1)
    }

    @Test func theClearButtonEmptiesTheSearch() {
        let (h, _, rooms) = screen()
        let bar = rooms.searchController.searchBar
        h.tap(at: center(of: bar.searchTextField, in: h))
        h.type("ced")
        h.settle()
        let clear = bar.searchTextField.clearButtonRect(forBounds: bar.searchTextField.bounds)
        #expect(clear != .zero)
        let point = bar.searchTextField.convert(Point(x: clear.midX, y: clear.midY), to: h.window)
        h.tap(at: point)
        #expect(bar.text.isEmpty && rooms.searchController.isActive)
        #expect(rooms.updates.last == "" && rooms.barLog.last == "textDidChange ")
        #expect(rooms.table.numberOfRows(inSection: 0) == 5)
    }

    @Test func obscuringDimsTheListUntilThereIsTextAndATapOnItCancels() {
        let (h, navigation, rooms) = screen()
        let controller = rooms.searchController
        controller.obscuresBackgroundDuringPresentation = true
        controller.hidesNavigationBarDuringPresentation = false
        h.tap(at: center(of: controller.searchBar.searchTextField, in: h))
        h.settle()
        #expect(controller.isObscuringBackground)
        // The title row stays while searching when asked.
        #expect(navigation.navigationBar.frame.height == NavigationBar.height + SearchBar.height)
        h.type("a")
        #expect(!controller.isObscuringBackground)
        h.press(Key.backspace)
        #expect(controller.isObscuringBackground)
        // A tap on the dimmed list ends the search and selects nothing.
        h.settle()
        h.tap(at: Point(x: 400, y: 300))
        #expect(!controller.isActive && !controller.isObscuringBackground)
        #expect(rooms.table.indexPathForSelectedRow == nil)
    }

    @Test func isActiveInCodeTellsTheUpdaterAndTheDelegate() {
        final class Watcher: SearchControllerDelegate {
            var log: [String] = []
            func willPresentSearchController(_ searchController: SearchController) { log.append("willPresent") }
            func didPresentSearchController(_ searchController: SearchController) { log.append("didPresent") }
            func willDismissSearchController(_ searchController: SearchController) { log.append("willDismiss") }
            func didDismissSearchController(_ searchController: SearchController) { log.append("didDismiss") }
        }
        let (_, _, rooms) = screen()
        let controller = rooms.searchController
        let watcher = Watcher()
        controller.delegate = watcher
        controller.isActive = true
        controller.isActive = true
        #expect(watcher.log == ["willPresent", "didPresent"])
        #expect(rooms.updates == [""])
        // It does not focus the field (as UIKit).
        #expect(!controller.searchBar.isEditing && !controller.searchBar.cancelButton.isHidden)
        controller.searchBar.text = "lou"  // set in code: no textDidChange, no update
        #expect(rooms.barLog.isEmpty && rooms.updates == [""])
        controller.isActive = false
        #expect(watcher.log == ["willPresent", "didPresent", "willDismiss", "didDismiss"])
        #expect(controller.searchBar.text.isEmpty && rooms.updates == ["", ""])
    }

    @Test func theSearchGoesWithItsScreen() {
        let (h, navigation, rooms) = screen()
        let next = ViewController()
        navigation.pushViewController(next, animated: false)
        h.settle()
        #expect(rooms.searchController.searchBar.superview == nil)
        #expect(navigation.navigationBar.frame.height == NavigationBar.height)
        #expect(navigation.contentFrame.minY == NavigationBar.height)
        navigation.popViewController(animated: false)
        h.settle()
        #expect(rooms.searchController.searchBar.superview === navigation.navigationBar)
        #expect(navigation.contentFrame.minY == 116)
    }

    @Test func rightToLeftMirrorsTheBar() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let (h, _, rooms) = screen()
        h.app.localizer = Localizer(sourceLanguage: "ar")
        rooms.searchController.isActive = true
        h.settle()
        let bar = rooms.searchController.searchBar
        let field = bar.searchTextField
        #expect(bar.cancelButton.currentTitle == "إلغاء")
        // Cancel at the left; the field to its right, 16 points from the right edge.
        #expect(bar.cancelButton.frame.minX == 8)
        #expect(field.frame.maxX == 800 - 16 && field.frame.minX > bar.cancelButton.frame.maxX)
        // The magnifier at the field's right end, the text clear of it.
        #expect(field.glyphRect.maxX == field.bounds.maxX - 10)
        #expect(field.textInsets.right > field.textInsets.left)
        h.tap(at: center(of: field, in: h))
        h.type("مكتبة")
        #expect(field.clearButtonRect(forBounds: field.bounds).minX < field.bounds.midX)
    }
}

/// Pictures of a search bar under a navigation bar's title, compared with references under
/// Tests/VitrineTests/Goldens (`VITRINE_RECORD_GOLDENS=1` records them).
@MainActor
struct SearchGoldenTests {
    @Test func aSearchBarUnderTheTitleOverAList() {
        let h = Harness(width: 480, height: 320)
        let rooms = SearchableRooms()
        _ = h.navigation(root: rooms)
        h.settle()
        expectGolden(h.display.shownBuffer!, "search-bar")
    }

    @Test func anActiveSearchRightToLeftWithTextAndCancel() {
        let saved = Localization.current
        defer { Localization.current = saved }
        let h = Harness(width: 480, height: 320)
        h.app.keyboard.isHardwareKeyboardAttached = true
        h.app.localizer = Localizer(sourceLanguage: "ar")
        let rooms = SearchableRooms(["قاعة الاجتماعات", "المكتبة", "الردهة", "Cedar 2"])
        _ = h.navigation(root: rooms)
        h.settle()
        let field = rooms.searchController.searchBar.searchTextField
        _ = field.becomeFirstResponder()
        h.type("ال")
        h.settle()
        expectGolden(h.display.shownBuffer!, "search-bar-active-rtl")
    }
}

/// The search bar's field is a text field: the on-screen keyboard comes up for it.
@MainActor
struct SearchKeyboardTests {
    @Test func theOnScreenKeyboardComesUpForTheSearchField() {
        let h = Harness(width: 800, height: 480)
        let rooms = SearchableRooms()
        _ = h.navigation(root: rooms)
        h.settle()
        let field = rooms.searchController.searchBar.searchTextField
        let frame = field.convert(field.bounds, to: h.window)
        h.tap(at: Point(x: frame.midX, y: frame.midY))
        h.settle()
        #expect(h.app.keyboard.isVisible)
        #expect(rooms.searchController.isActive)
        rooms.searchController.isActive = false
        h.settle()
        h.advance(by: 0.5)
        #expect(!h.app.keyboard.isVisible)
    }
}
