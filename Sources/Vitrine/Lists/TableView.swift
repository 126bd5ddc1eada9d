import VitrineGraphics

/// A vertically scrolling list of rows in sections (UIKit's `UITableView`), built for long
/// lists: it asks its data source only for the rows on screen and reuses their cells.
///
/// Why `TableView` and not `ListView`: Vitrine names things as UIKit does (without the `UI`
/// prefix) wherever UIKit has the concept, so that an iOS developer's knowledge and code carry
/// over: `TableView`, `TableViewCell`, `TableViewDataSource`, `TableViewDelegate`,
/// `dequeueReusableCell(withIdentifier:for:)`, `didSelectRowAt`. Only the index path differs
/// (`ItemPath`: see there why).
///
/// **Geometry.** A `ScrollView`: rows lie in content space (the scroll view's bounds space),
/// from y = 0, as wide as the table. Each section is its header, its rows, its footer. Row
/// heights are `rowHeight`, or what the delegate's `heightForRowAt` says; they are kept as one
/// prefix sum (one `Double` per row), so finding the first visible row is a binary search and
/// 100,000 rows keep no object per row. In the `.plain` style a section's header stays pinned
/// at the top, and its footer at the bottom, while its rows scroll under them.
///
/// **Cost.** `layoutSubviews` (run after the content offset or the size changed) shows the
/// rows meeting the bounds: cells of rows that left are hidden and kept for reuse before rows
/// that entered ask for theirs, so a table never holds more cells than fit on screen plus a
/// few, whatever its row count; a warm scroll step allocates nothing in the table.
///
/// **Differences from UIKit.** No editing mode or leading swipe actions; rows move between
/// sections but sections are not inserted or deleted by batch updates (use `reloadData()`).
/// `refreshControl` is on the table (UIKit has it on `UIScrollView`).
open class TableView: ScrollView {
    /// How sections look (UIKit's `UITableView.Style`).
    public enum Style: Sendable, Hashable {
        /// Headers pinned at the top and footers at the bottom while their section scrolls.
        case plain
        /// Headers scroll with their section.
        case grouped
    }

    /// Whether rows have separator lines.
    public enum SeparatorStyle: Sendable, Hashable {
        /// No separators.
        case none
        /// A one-point line under each row.
        case singleLine
    }

    /// Where `scrollToRow(at:at:animated:)` puts the row.
    public enum ScrollPosition: Sendable, Hashable {
        /// Scroll as little as makes the row fully visible.
        case none
        /// The row's top at the visible top.
        case top
        /// The row in the middle.
        case middle
        /// The row's bottom at the visible bottom.
        case bottom
    }

    /// A height that means "the table's default" (`rowHeight`, `sectionHeaderHeight`, …).
    public static let automaticDimension = -1.0

    /// The table's style.
    public let style: Style

    /// Gives the rows and cells; held weakly. Setting it reloads.
    public weak var dataSource: (any TableViewDataSource)? {
        didSet { setNeedsReload() }
    }

    /// The table's delegate: heights, headers, selection and swipes, and scrolling. Set a
    /// `TableViewDelegate` (it is a `ScrollViewDelegate`). Setting it reloads.
    public override weak var delegate: (any ScrollViewDelegate)? {
        didSet {
            tableDelegate = delegate as? any TableViewDelegate
            setNeedsReload()
        }
    }
    /// `delegate` as a table delegate (nil when it is only a scroll view delegate).
    weak var tableDelegate: (any TableViewDelegate)?

    /// The height of rows the delegate does not size, in points (default 44). Changing it
    /// reloads.
    public var rowHeight = 44.0 {
        didSet { if rowHeight != oldValue { setNeedsReload() } }
    }
    /// The height of a section header that has a title or a view (default 28).
    public var sectionHeaderHeight = 28.0 {
        didSet { if sectionHeaderHeight != oldValue { setNeedsReload() } }
    }
    /// The height of a section footer that has a title or a view (default 28).
    public var sectionFooterHeight = 28.0 {
        didSet { if sectionFooterHeight != oldValue { setNeedsReload() } }
    }
    /// Whether rows have separators (default `.singleLine`).
    public var separatorStyle = SeparatorStyle.singleLine {
        didSet { setNeedsLayout() }
    }
    /// The separators' colour.
    public var separatorColor = Color(white: 0.8) {
        didSet { setNeedsLayout() }
    }
    /// The separators' inset from the row's edges (only left and right count; default 16 left).
    public var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0) {
        didSet { setNeedsLayout() }
    }
    /// Whether touching a row selects it (default true).
    public var allowsSelection = true
    /// Whether several rows may be selected at once (default false: selecting one deselects
    /// the other).
    public var allowsMultipleSelection = false

    /// The pull-to-refresh control shown above the first row; nil for none.
    public var refreshControl: RefreshControl? {
        didSet {
            guard refreshControl !== oldValue else { return }
            oldValue?.detach()
            if let refreshControl { refreshControl.attach(to: self) }
        }
    }

    // MARK: State shared with the extensions

    /// Where everything lies; rebuilt by reloads and updates.
    var layout = TableLayout()
    /// Whether the next layout pass asks the data source again.
    var needsReload = true
    var visibleRows = VisibleItems<TableViewCell>()
    var cellPool = ReusePool<TableViewCell>()
    var headerFooterPool = ReusePool<TableViewHeaderFooterView>()
    /// Headers and footers on screen.
    var visibleSupplementaries: [Supplementary] = []
    /// Selected rows (paths only: nothing per row).
    var selectedPaths = Set<ItemPath>()
    /// Cells leaving in an update animation: not visible rows any more, back to the pool when
    /// the animation ends.
    var disappearingCells: [TableViewCell] = []
    /// The row a finger is on (for highlight and selection), and where it touched down.
    var tracking: (path: ItemPath, start: Point)?
    /// The swipe in progress or the open row.
    var swipe = SwipeState()
    /// The section index, while the data source gives titles (TableView+SectionIndex.swift).
    var sectionIndexView: SectionIndexView?
    /// Decides whether the swipe pan may begin (horizontal, on a row with actions).
    lazy var swipeArbiter = SwipeArbiter(table: self)
    /// The visible cell a diffable data source is configuring again (`reconfigureItems`):
    /// the next dequeue of its identifier returns it instead of another cell.
    var reconfiguringCell: TableViewCell?
    /// Measured heights of self-sizing rows (TableView+SelfSizing.swift).
    var selfSizing = SelfSizingRows()
    /// The batch being recorded by `performBatchUpdates`.
    var pendingBatch: UpdateBatch?
    /// Rows inserted by the update being laid out (they fade in when `insertionsFade`).
    var insertedPaths = Set<ItemPath>()
    var insertionsFade = false
    /// The pan that reveals trailing swipe actions (one finger). It begins only for a drag
    /// more horizontal than vertical that starts on a row with actions (or on the open row).
    /// The scroll view's own pan must leave such a drag to it — a vertical list's pan should
    /// not begin on a mostly horizontal drag, or should require this one to fail — as UIKit's
    /// table arbitrates its swipe against its scrolling.
    public let swipeActionsRecognizer = PanGestureRecognizer()

    /// A header or footer on screen.
    struct Supplementary {
        var section: Int
        var isHeader: Bool
        var view: View
        /// True when the table made it for a title (and reuses it).
        var isTitleView: Bool
    }

    static let titleViewIdentifier = "vitrine.title"

    /// A table of `style` with `frame` in its superview's space.
    public init(frame: Rect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = .white
        headerFooterPool.register(TableView.titleViewIdentifier) { TableViewHeaderFooterView(reuseIdentifier: $0) }
        setUpSwipeRecognizer()
    }

    /// A `.plain` table with `frame` in its superview's space.
    public override convenience init(frame: Rect) {
        self.init(frame: frame, style: .plain)
    }

    // MARK: Registration and dequeuing

    /// Makes cells of `cellClass` (with `.subtitle` style) for `identifier`
    /// (UIKit's `register(_:forCellReuseIdentifier:)`).
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        register(cellClass, style: .subtitle, forCellReuseIdentifier: identifier)
    }

    /// Makes cells of `cellClass` and `style` for `identifier`.
    public func register(_ cellClass: TableViewCell.Type, style: TableViewCell.Style,
                         forCellReuseIdentifier identifier: String) {
        cellPool.register(identifier) { cellClass.init(style: style, reuseIdentifier: $0) }
    }

    /// A cell for `identifier`: an idle one (after `prepareForReuse()`) or a new one of the
    /// registered class. An identifier never registered is an app bug: it is logged, and a
    /// `.subtitle` `TableViewCell` is registered for it and returned.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: ItemPath) -> TableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        logHierarchyMisuse("TableView: no cell class registered for \"\(identifier)\" (call register(_:forCellReuseIdentifier:)); a TableViewCell is used")
        register(TableViewCell.self, forCellReuseIdentifier: identifier)
        return dequeueReusableCell(withIdentifier: identifier) ?? TableViewCell(style: .subtitle, reuseIdentifier: identifier)
    }

    /// An idle or new cell for a registered `identifier`, nil when it was never registered.
    /// While a diffable data source reconfigures a row, the row's own cell is handed back.
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        if let cell = reconfiguringCell, cell.reuseIdentifier == identifier {
            reconfiguringCell = nil
            return cell
        }
        guard let (cell, isNew) = cellPool.dequeue(identifier) else { return nil }
        if isNew {
            insertSubview(cell, at: 0)
            cell.isHidden = true
        } else {
            prepareForReuse(cell)
        }
        return cell
    }

    /// Makes header and footer views of `viewClass` for `identifier`.
    public func register(_ viewClass: TableViewHeaderFooterView.Type, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerFooterPool.register(identifier) { viewClass.init(reuseIdentifier: $0) }
    }

    /// An idle or new header or footer view for `identifier`, nil when it was never registered.
    public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> TableViewHeaderFooterView? {
        guard let (view, isNew) = headerFooterPool.dequeue(identifier) else { return nil }
        if !isNew { view.prepareForReuse() }
        view.isHidden = false
        return view
    }

    /// How many cells the table has made for `identifier` so far (reuse keeps it near the
    /// number of rows on screen).
    public func numberOfCellsCreated(withIdentifier identifier: String) -> Int {
        cellPool.created(identifier)
    }

    func prepareForReuse(_ cell: TableViewCell) {
        View.performWithoutAnimation {
            cell.removeAllAnimations()
            cell.alpha = 1
            cell.resetSwipe()
            cell.setHighlighted(false, animated: false)
            cell.setSelected(false, animated: false)
        }
        cell.prepareForReuse()
    }

    // MARK: Reloading

    /// Asks the data source again for everything, in the next layout pass (UIKit's
    /// `reloadData()`): visible cells go back to the pool and are asked for again, and the
    /// selection is dropped at once (as UIKit: the rows it named may be others now; keep the
    /// selected items in the model and select them again after reloading if they should stay).
    public func reloadData() {
        selectedPaths.removeAll()
        setNeedsReload()
    }

    func setNeedsReload() {
        needsReload = true
        // The row under a finger may be another row, or none, once reloaded: the touch selects
        // nothing when it lifts (it selected a stale index path, out of the new data).
        endSelectionTracking()
        setNeedsLayout()
    }

    /// The rows' and sections' geometry, rebuilt from the data source and delegate now.
    func rebuildLayout() {
        let source = dataSource
        let sectionCount = source.map { $0.numberOfSections(in: self) } ?? 0
        let delegate = tableDelegate
        beginSelfSizingRebuild()
        layout.rebuild(
            sectionCount: sectionCount,
            rowCount: { source?.tableView(self, numberOfRowsInSection: $0) ?? 0 },
            headerHeight: { supplementaryHeight(section: $0, isHeader: true) },
            footerHeight: { supplementaryHeight(section: $0, isHeader: false) },
            rowHeight: { section, row in
                let asked = delegate?.tableView(self, heightForRowAt: ItemPath(row: row, section: section)) ?? TableView.automaticDimension
                return self.resolvedRowHeight(asked, section: section, row: row)
            })
        endSelfSizingRebuild()
        selectedPaths = selectedPaths.filter { layout.global(of: $0) != nil }
    }

    private func supplementaryHeight(section: Int, isHeader: Bool) -> Double {
        let asked = isHeader ? tableDelegate?.tableView(self, heightForHeaderInSection: section)
                             : tableDelegate?.tableView(self, heightForFooterInSection: section)
        if let asked, asked != TableView.automaticDimension { return asked }
        guard supplementaryTitle(section: section, isHeader: isHeader) != nil
              || supplementaryView(section: section, isHeader: isHeader) != nil else { return 0 }
        return isHeader ? sectionHeaderHeight : sectionFooterHeight
    }

    func supplementaryTitle(section: Int, isHeader: Bool) -> String? {
        isHeader ? dataSource?.tableView(self, titleForHeaderInSection: section)
                 : dataSource?.tableView(self, titleForFooterInSection: section)
    }

    func supplementaryView(section: Int, isHeader: Bool) -> View? {
        isHeader ? tableDelegate?.tableView(self, viewForHeaderInSection: section)
                 : tableDelegate?.tableView(self, viewForFooterInSection: section)
    }

    /// Runs a pending reload now (queries call it so that they answer for the data source's
    /// current state).
    func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        for item in visibleRows.removeAll() { recycle(item.view) }
        for supplementary in visibleSupplementaries { recycle(supplementary) }
        visibleSupplementaries.removeAll(keepingCapacity: true)
        closeSwipe(animated: false)
        tracking = nil
        forgetRowHeights()
        rebuildLayout()
        reloadSectionIndex()
    }

    // MARK: Layout

    /// Reloads if asked, sizes the content, and shows the rows, headers and footers that meet
    /// the bounds (see the type's documentation).
    open override func layoutSubviews() {
        super.layoutSubviews()
        reloadIfNeeded()
        let size = Size(width: bounds.width, height: layout.contentHeight)
        if contentSize != size { contentSize = size }
        layoutVisibleContent()
        layoutSectionIndex()
        refreshControl?.tableDidLayout()
    }

    /// Shows exactly the rows and headers meeting the bounds; no allocation once warm.
    func layoutVisibleContent() {
        let band = bounds
        let range = layout.visibleRows(minY: band.minY, maxY: band.maxY)
        var rows = visibleRows
        visibleRows = VisibleItems()
        rows.update(range: range,
                    recycle: { recycle($0.view) },
                    make: { makeRow(global: $0) },
                    place: { place($0) })
        visibleRows = rows
        layoutSupplementaries(in: band)
        settleSelfSizingRows()
    }

    private func makeRow(global: Int) -> VisibleItem<TableViewCell>? {
        guard let dataSource else { return nil }
        let path = layout.path(ofGlobal: global)
        let cell = dataSource.tableView(self, cellForRowAt: path)
        if cell.superview !== self { insertSubview(cell, at: 0) }
        cell.isHidden = false
        if selectedPaths.contains(path) { cell.setSelected(true, animated: false) }
        let item = VisibleItem(index: global, path: path, view: cell)
        View.performWithoutAnimation { place(item) }
        if insertionsFade && insertedPaths.contains(path) {
            View.performWithoutAnimation { cell.alpha = 0 }
            cell.alpha = 1
        }
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
        return item
    }

    private func place(_ item: VisibleItem<TableViewCell>) {
        let section = layout.sections[item.path.section]
        let cell = item.view
        cell.frame = layout.rect(global: item.index, in: section, width: bounds.width)
        // The section index covers the trailing edge: the cell keeps its content clear of it.
        cell.sectionIndexInset = sectionIndexView == nil ? 0 : Self.sectionIndexWidth
        cell.separatorView.isHidden = separatorStyle == .none
        cell.separatorView.backgroundColor = separatorColor
        if cell.separatorInset != separatorInset {
            cell.separatorInset = separatorInset
            cell.setNeedsLayout()
        }
    }

    /// Puts a cell that left the screen back in the pool (hidden), or removes a cell the data
    /// source made without an identifier.
    func recycle(_ cell: TableViewCell) {
        if swipe.cell === cell { closeSwipe(animated: false) }
        if let identifier = cell.reuseIdentifier, cellPool.isRegistered(identifier) {
            cell.isHidden = true
            cellPool.enqueue(cell, identifier: identifier)
        } else {
            cell.removeFromSuperview()
        }
    }

    private func recycle(_ supplementary: Supplementary) {
        if supplementary.isTitleView, let view = supplementary.view as? TableViewHeaderFooterView {
            view.isHidden = true
            headerFooterPool.enqueue(view, identifier: TableView.titleViewIdentifier)
        } else if supplementary.view.superview === self {
            supplementary.view.removeFromSuperview()
        }
    }

    /// Shows the headers and footers of the sections meeting `band`; a `.plain` table pins
    /// each header to the top, and each footer to the bottom, while its section is on screen.
    private func layoutSupplementaries(in band: Rect) {
        var kept = 0
        for index in visibleSupplementaries.indices {
            let s = visibleSupplementaries[index]
            if let rect = supplementaryRect(section: s.section, isHeader: s.isHeader, band: band) {
                visibleSupplementaries[kept] = s
                kept += 1
                s.view.frame = rect
            } else {
                recycle(s)
            }
        }
        visibleSupplementaries.removeLast(visibleSupplementaries.count - kept)
        guard let first = layout.sectionIndex(atY: band.minY), let last = layout.sectionIndex(atY: band.maxY) else { return }
        for section in first...last {
            showSupplementary(section: section, isHeader: true, band: band)
            showSupplementary(section: section, isHeader: false, band: band)
        }
    }

    private func showSupplementary(section: Int, isHeader: Bool, band: Rect) {
        guard supplementaryRect(section: section, isHeader: isHeader, band: band) != nil,
              !visibleSupplementaries.contains(where: { $0.section == section && $0.isHeader == isHeader }) else { return }
        addSupplementary(section: section, isHeader: isHeader, band: band)
    }

    private func addSupplementary(section: Int, isHeader: Bool, band: Rect) {
        let view: View, isTitleView: Bool
        if let custom = supplementaryView(section: section, isHeader: isHeader) {
            view = custom
            isTitleView = false
        } else if let title = supplementaryTitle(section: section, isHeader: isHeader),
                  let titled = dequeueReusableHeaderFooterView(withIdentifier: TableView.titleViewIdentifier) {
            titled.textLabel.text = title
            view = titled
            isTitleView = true
        } else {
            return
        }
        if view.superview !== self { addSubview(view) } else { bringSubviewToFront(view) }
        view.isHidden = false
        View.performWithoutAnimation {
            view.frame = supplementaryRect(section: section, isHeader: isHeader, band: band) ?? .zero
        }
        visibleSupplementaries.append(Supplementary(section: section, isHeader: isHeader, view: view, isTitleView: isTitleView))
    }

    /// Where a header or footer is shown, or nil when it has no height or is off `band`.
    private func supplementaryRect(section: Int, isHeader: Bool, band: Rect) -> Rect? {
        guard layout.sections.indices.contains(section) else { return nil }
        let s = layout.sections[section]
        let height = isHeader ? s.headerHeight : s.footerHeight
        guard height > 0 else { return nil }
        var y = isHeader ? s.top : s.rowsBottom
        if style == .plain {
            // As UIKit's plain style: a header sticks to the visible top and a footer to the
            // visible bottom (within the adjusted insets) while their section's rows pass under
            // them, and neither leaves its section.
            let inset = adjustedContentInset
            y = isHeader ? min(max(s.top, band.minY + inset.top), s.bottom - height)
                         : max(min(s.rowsBottom, band.maxY - inset.bottom - height), s.rowsTop)
        }
        let rect = Rect(x: 0, y: y, width: bounds.width, height: height)
        return rect.maxY > band.minY && rect.minY < band.maxY ? rect : nil
    }

    // MARK: Touches (see TableView+Selection.swift)

    /// Highlights the touched row (or closes an open swipe). The table handles touches on its
    /// rows itself; they do not go further up the responder chain.
    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        selectionTouchesBegan(touches)
    }

    /// Un-highlights once the finger moved past the selection slop.
    open override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        selectionTouchesMoved(touches)
    }

    /// Selects the highlighted row.
    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        selectionTouchesEnded(touches)
    }

    /// Un-highlights.
    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        selectionTouchesCancelled(touches)
    }

    // MARK: Offsets

    /// Tells the refresh control (it begins refreshing when pulled past its threshold).
    open override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        refreshControl?.tableDidScroll()
    }
}
