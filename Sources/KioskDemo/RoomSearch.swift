import Vitrine
import VitrineGraphics

// The rooms list's search: a field in the bar (under it on a narrow screen) that filters the
// list as the visitor types. While it edits, the demo's Pinyin engine is the app's input method,
// so "huiyi" shows 会议 … in the candidate bar and choosing 会议 lists the meeting rooms (会议室);
// the check-in's fields never see the engine. Without librime the field filters by what the
// keyboard types (English names).

extension RoomDirectory {
    /// The floors with rooms matching `query` and those rooms, in order: a room matches when its
    /// English name contains the query (ignoring case) or its Chinese name does. Surrounding
    /// spaces are ignored; an empty query matches every room.
    public func matching(_ query: String) -> [(floor: Int, rooms: [Room])] {
        let query = query.trimmingSpaces.lowercased()
        return rooms.enumerated().compactMap { floor, rooms in
            let found = query.isEmpty ? rooms : rooms.filter {
                $0.name.lowercased().contains(query) || $0.chineseName.contains(query)
            }
            return found.isEmpty ? nil : (floor, found)
        }
    }
}

extension RoomsController {
    /// The search as it stands: the field's text without the part still being composed (the
    /// marked Pinyin letters are not a name yet).
    public var searchQuery: String {
        let text = searchField.text
        guard let marked = searchField.markedRange else { return text }
        return searchField.text(in: 0..<marked.lowerBound) + searchField.text(in: marked.upperBound..<text.count)
    }

    /// The field's look and its events (called from `viewDidLoad`).
    func setUpSearchField() {
        searchField.font = .system(size: 20)
        searchField.textColor = Palette.ink
        searchField.backgroundColor = .white
        searchField.cornerRadius = 10
        searchField.textInsets = EdgeInsets(top: 0, left: 12, bottom: 0, right: 12)
        searchField.autocapitalizationType = .none
        searchField.returnKeyType = .search
        searchField.clearButtonMode = .whileEditing
        searchField.addAction({ [weak self] _ in self?.searchDidBegin() }, for: .editingDidBegin)
        searchField.addAction({ [weak self] _ in self?.applySearch() }, for: .editingChanged)
        searchField.addAction({ [weak self] _ in self?.searchDidEnd() }, for: .editingDidEnd)
        // Return ("Search") puts the keyboard away: the whole list is seen again.
        searchField.addAction({ [weak self] _ in _ = self?.searchField.resignFirstResponder() }, for: .editingDidEndOnExit)
        view.addSubview(searchField)
    }

    /// Places the field (in the bar from 600 points wide, at its trailing end; else under it)
    /// and returns where the list starts, in the view's coordinates.
    func layOutSearchField(in b: Rect) -> Double {
        if b.width >= 600 {
            let width = min(b.width * 0.5, 520)
            searchField.frame = Rect(x: b.width - width - 16, y: 16, width: width, height: 48)
                .mirrored(in: b.width, for: view.effectiveUserInterfaceLayoutDirection)
            bar.trailingSpace = width + 32  // the title ends before the field
            return 80
        }
        bar.trailingSpace = 16
        searchField.frame = Rect(x: 16, y: 88, width: b.width - 32, height: 48)
        return 144
    }

    /// Lists the rooms matching `searchQuery` (again after a refresh).
    func applySearch() {
        let query = searchQuery
        shown = directory.matching(query)
        guard isViewLoaded else { return }
        tableView.reloadData()
        if !query.isEmpty { log("search \"\(query)\": \(shown.reduce(0) { $0 + $1.rooms.count }) rooms") }
    }

    private func searchDidBegin() {
        guard let engine = searchInputMethod, let application = view.window?.application,
              application.inputMethod == nil else { return }
        application.inputMethod = engine
        searchApplication = application
    }

    /// Also when the field leaves its window while editing (the screen dismissed): the
    /// application is remembered, so the other fields never type Pinyin.
    private func searchDidEnd() {
        guard let application = searchApplication else { return }
        searchApplication = nil
        if let engine = searchInputMethod, application.inputMethod === engine { application.inputMethod = nil }
    }
}
