import Vitrine
import VitrineGraphics

// "Find a room": the building's rooms in a scrolling list, one section per floor, each row a
// picture, the room's name (in English and Chinese) and whether it is free. Pull the list down
// to refresh the statuses; tap a room for its detail screen (RoomDetail.swift); type in the search field to
// filter, in Chinese through Pinyin (RoomSearch.swift). The list is a `TableView` with reused cells: a
// building of 10,000 rooms would cost the same few cells.

/// What the welcome screen's "Find a room" and "Opening hours" buttons ask for (sent up the
/// responder chain as nil-targeted actions, like the kiosk's other buttons).
@MainActor
public protocol KioskBrowsing {
    /// Shows the list of rooms.
    func findRoom(_ sender: AnyObject?)
    /// Shows the opening hours.
    func showHours(_ sender: AnyObject?)
}

extension Action {
    /// Shows the list of rooms.
    static let findRoom = Action("findRoom", to: (any KioskBrowsing).self) { $0.findRoom($1) }
    /// Shows the opening hours.
    static let showHours = Action("showHours", to: (any KioskBrowsing).self) { $0.showHours($1) }
}

extension WelcomeController: KioskBrowsing {
    public func findRoom(_ sender: AnyObject?) {
        present(RoomsController(log: log, inputMethod: KioskTextEntry.pinyin(log: log)), animated: true)
    }

    public func showHours(_ sender: AnyObject?) {
        present(HoursController(), animated: true)
    }

    /// Connects the browsing buttons (called from `viewDidLoad`).
    func connectBrowsingButtons() {
        buttons[1].addAction(.findRoom, for: .touchUpInside)
        buttons[2].addAction(.showHours, for: .touchUpInside)
    }
}

/// A room of the building.
public struct Room: Sendable, Hashable {
    /// The room's name.
    public var name: String
    /// The room's name in Chinese (会议室 is a meeting room).
    public var chineseName: String
    /// The floor, from 0 (the section it is listed in).
    public var floor: Int
    /// Seats.
    public var capacity: Int
    /// Whether it is free now.
    public var isFree: Bool
    /// Until when it is busy, or free ("11:30").
    public var until: String

    /// The status line shown under the name, in the app's language.
    public var status: String { isFree ? String(localized: "Free until \(until)") : String(localized: "Busy until \(until)") }

    /// Its seats, in the app's language ("1 seat", "12 seats").
    public var seats: String { String(localized: "\(capacity) seats") }
}

/// The building's rooms, by floor. Deterministic: `refresh()` moves every status on by one
/// step, so the tour's pictures do not change from run to run.
public struct RoomDirectory: Sendable {
    /// The floors' names (section titles), in the app's language.
    public static var floors: [String] {
        [String(localized: "Ground floor"), String(localized: "First floor"), String(localized: "Second floor"),
         String(localized: "Third floor")]
    }
    private static let names = [
        ["Atrium", "Boardroom", "Cedar", "Dune", "Elm", "Fjord"],
        ["Granite", "Harbour", "Iris", "Juniper", "Kelp", "Larch", "Maple"],
        ["Nimbus", "Oak", "Pine", "Quartz", "Reed", "Slate"],
        ["Tundra", "Umber", "Vault", "Willow", "Yarrow", "Zephyr", "Library"],
    ]
    private static let chineseNames = [
        ["中庭", "董事会议室", "雪松厅", "沙丘室", "榆树厅", "峡湾室"],
        ["花岗岩会议室", "海港厅", "鸢尾室", "杜松室", "海藻室", "落叶松厅", "枫树会议室"],
        ["云彩室", "橡树厅", "松树室", "石英会议室", "芦苇室", "石板室"],
        ["冻原室", "赭石室", "穹顶厅", "柳树室", "蓍草室", "西风室", "图书馆"],
    ]
    private static let times = ["10:30", "11:00", "12:15", "14:00", "16:45"]

    /// Rooms by floor.
    public private(set) var rooms: [[Room]]
    /// How many refreshes ran.
    public private(set) var refreshes = 0

    /// The directory as it opens.
    public init() {
        rooms = []
        rebuild()
    }

    /// Moves every status on (what a refresh from the booking system would bring).
    public mutating func refresh() {
        refreshes += 1
        rebuild()
    }

    private mutating func rebuild() {
        let step = refreshes
        rooms = RoomDirectory.names.enumerated().map { floor, names in
            names.enumerated().map { index, name in
                let n = floor * 7 + index + step
                return Room(name: name, chineseName: RoomDirectory.chineseNames[floor][index], floor: floor, capacity: 4 + (n * 3) % 14, isFree: n % 3 != 1,
                            until: RoomDirectory.times[n % RoomDirectory.times.count])
            }
        }
    }
}

/// A header bar with a title and a Back button, shared by the browsing screens. Back is at the
/// leading edge, the title after it: right to left, Back is on the right.
@MainActor
final class BarView: View {
    let titleLabel = Label(frame: .zero)
    let backButton = kioskButton("Back", color: Palette.quiet)
    /// Points at the trailing end the title leaves free (for a search field placed there).
    var trailingSpace = 16.0 {
        didSet { if trailingSpace != oldValue { setNeedsLayout() } }
    }

    init() {
        super.init(frame: .zero)
        backgroundColor = Palette.ink
        titleLabel.font = .system(size: 26, weight: .bold)
        titleLabel.textColor = .white
        titleLabel.numberOfLines = 2  // a longer language wraps rather than cuts the title
        backButton.titleFont = .system(size: 20, weight: .semibold)
        backButton.cornerRadius = 10
        addSubview(titleLabel)
        addSubview(backButton)
    }

    /// The title, and Back in the app's language (its screen calls this when its texts change).
    func showTexts(title: String) {
        titleLabel.text = title
        backButton.setTitle(String(localized: "Back"), for: .normal)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let direction = effectiveUserInterfaceLayoutDirection, width = bounds.width
        backButton.frame = Rect(x: 16, y: 14, width: 110, height: 52).mirrored(in: width, for: direction)
        titleLabel.frame = Rect(x: 146, y: 0, width: max(0, width - 146 - trailingSpace), height: bounds.height).mirrored(in: width, for: direction)
    }
}

/// The list of rooms: sections per floor, pull to refresh, a tap opens the room.
public final class RoomsController: ViewController, TableViewDataSource, TableViewDelegate {
    /// The list.
    public let tableView = TableView(frame: .zero, style: .plain)
    /// The rooms of the building.
    public private(set) var directory = RoomDirectory()
    /// Filters the list by name, English or Chinese (Pinyin while it edits, when available).
    public let searchField = TextField(frame: .zero)
    /// The floors listed and their rooms matching the search (every room when it is empty).
    public internal(set) var shown: [(floor: Int, rooms: [Room])] = []
    /// The input method the search field types with (the demo's Pinyin), nil for none.
    let searchInputMethod: (any InputMethod)?
    /// The application the search field made Pinyin the input method of, while it edits.
    weak var searchApplication: Application?
    let log: (String) -> Void
    let bar = BarView()
    private let refresh = RefreshControl()
    private var refreshTimer: LoopTimer?
    private var shownLanguage = ShownLanguage()

    init(log: @escaping (String) -> Void, inputMethod: (any InputMethod)?) {
        self.log = log
        searchInputMethod = inputMethod
        super.init()
    }

    public override func viewDidLoad() {
        view.backgroundColor = .white
        applySearch()
        tableView.rowHeight = 72
        tableView.sectionHeaderHeight = 34
        tableView.separatorInset = EdgeInsets(top: 0, left: 92, bottom: 0, right: 0)
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "room")
        tableView.dataSource = self
        tableView.delegate = self
        refresh.addAction({ [weak self] _ in self?.refreshStatuses() }, for: .valueChanged)
        tableView.refreshControl = refresh
        view.addSubview(tableView)
        view.addSubview(bar)
        bar.backButton.addAction({ [weak self] _ in self?.dismiss(animated: true) }, for: .touchUpInside)
        setUpSearchField()
        textsMayBeStale()
    }

    /// The texts in the app's language; the list again (its headers, statuses and seats).
    private func showTexts() {
        bar.showTexts(title: String(localized: "Find a room"))
        refresh.title = String(localized: "Pull to refresh")
        searchField.placeholder = searchInputMethod == nil ? String(localized: "Search") : String(localized: "Search · 搜索 (Pinyin)")
        tableView.reloadData()
    }

    private func textsMayBeStale() {
        guard shownLanguage.needsTexts(of: view) else { return }
        showTexts()
        view.setNeedsLayout()
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) { textsMayBeStale() }

    public override func viewWillAppear(_ animated: Bool) {
        // Coming back from a room: its row fades out of selection, as in UIKit's lists.
        if let selected = tableView.indexPathForSelectedRow { tableView.deselectRow(at: selected, animated: animated) }
    }

    public override func viewDidLayoutSubviews() {
        let b = view.bounds
        bar.frame = Rect(x: 0, y: 0, width: b.width, height: 80)
        let top = layOutSearchField(in: b)
        tableView.frame = Rect(x: 0, y: top, width: b.width, height: max(0, b.height - top))
    }

    /// The booking system is asked again (a second, on the loop's timer); the list reloads.
    private func refreshStatuses() {
        log("pulled to refresh: asking for the rooms' statuses")
        guard let loop = view.window?.application?.mainLoop else { return }
        refreshTimer = LoopTimer.scheduled(on: loop, after: 1) { [weak self] _ in
            guard let self else { return }
            self.directory.refresh()
            self.applySearch()
            self.refresh.endRefreshing()
            self.log("statuses refreshed")
        }
    }

    // MARK: Data source and delegate

    public func numberOfSections(in tableView: TableView) -> Int { shown.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        shown[section].rooms.count
    }

    /// The floor's name and how many of its rooms are free ("Ground floor · 4 rooms free").
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        let floor = shown[section].floor
        let free = directory.rooms[floor].reduce(0) { $0 + ($1.isFree ? 1 : 0) }
        return RoomDirectory.floors[floor] + " · " + String(localized: "\(free) rooms free")
    }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: ItemPath) -> TableViewCell {
        let room = shown[indexPath.section].rooms[indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: "room", for: indexPath)
        cell.textLabel.text = "\(room.name)  \(room.chineseName)"
        cell.textLabel.font = .system(size: 20, weight: .semibold)
        cell.textLabel.textColor = Palette.ink
        cell.detailTextLabel.text = room.status + " · " + room.seats
        cell.detailTextLabel.textColor = room.isFree ? Color(rgb: 0x2E7D4F) : Color(rgb: 0xB3412E)
        cell.imageView.image = RoomPictures.thumbnail(floor: room.floor)
        return cell
    }

    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: ItemPath) {
        let room = shown[indexPath.section].rooms[indexPath.row]
        log("room \(room.name) tapped")
        present(RoomDetailController(room: room), animated: true)
    }
}

/// Pictures of the rooms, drawn in code once per floor (a real kiosk loads PNGs).
@MainActor
enum RoomPictures {
    private static let colors: [(UInt32, UInt32)] = [(0x8FB9A8, 0x2E5E4E), (0xA8B8D8, 0x2D4A7A), (0xE0C08F, 0x8A5A2B), (0xC7A2C9, 0x5B3A6B)]
    private static var thumbnails: [Int: Image] = [:]
    private static var larges: [Int: Image] = [:]

    static func thumbnail(floor: Int) -> Image {
        if let image = thumbnails[floor] { return image }
        let image = draw(floor: floor, size: 112, scale: 2)
        thumbnails[floor] = image
        return image
    }

    static func large(floor: Int) -> Image {
        if let image = larges[floor] { return image }
        // 480 points drawn at 2 pixels per point: sharp on a 1920×1080 screen too.
        let image = draw(floor: floor, size: 960, scale: 2)
        larges[floor] = image
        return image
    }

    /// A room seen through its door: a gradient wall, a window, a table.
    private static func draw(floor: Int, size: Int, scale: Double) -> Image {
        let (top, bottom) = colors[floor % colors.count]
        let surface = Surface(width: size, height: size, format: .argb8888)
        let context = GraphicsContext(surface: surface)
        let s = Double(size)
        context.drawLinearGradient(Gradient(colors: [Color(rgb: top), Color(rgb: bottom)]),
                                   start: Point(x: 0, y: 0), end: Point(x: 0, y: s))
        context.fillColor = Color(white: 1, alpha: 0.75)
        context.fill(Path(Rect(x: s * 0.18, y: s * 0.16, width: s * 0.3, height: s * 0.3)))
        context.fill(Path(Rect(x: s * 0.55, y: s * 0.16, width: s * 0.27, height: s * 0.3)))
        context.fillColor = Palette.ink.withAlphaComponent(0.8)
        context.fill(Path(Rect(x: s * 0.12, y: s * 0.66, width: s * 0.76, height: s * 0.08)))
        context.fill(Path(Rect(x: s * 0.2, y: s * 0.74, width: s * 0.06, height: s * 0.18)))
        context.fill(Path(Rect(x: s * 0.74, y: s * 0.74, width: s * 0.06, height: s * 0.18)))
        return Image(surface: surface, scale: scale)
    }
}
