import VitrineGraphics

/// How a `CollectionView` places its items (UIKit's `UICollectionViewFlowLayout`, vertical
/// scrolling only): rows of equal items, left to right, wrapping to the width; sections one
/// under the other, each inside its `sectionInset`. In a collection view whose
/// `effectiveUserInterfaceLayoutDirection` is right to left the layout is mirrored (rows fill
/// from the right, `sectionInset.left` is at the right edge), as UIKit's flow layout with
/// `flipsHorizontallyInOppositeLayoutDirection` (its default).
///
/// Items per row: as many as fit in the width less the insets, with at least
/// `minimumInteritemSpacing` between them; the space left over is shared between the gaps
/// (UIKit's justified rows). Rows are `minimumLineSpacing` apart. All in points.
public struct CollectionViewFlowLayout: Sendable, Hashable {
    /// Every item's size (default 50 × 50).
    public var itemSize = Size(width: 50, height: 50)
    /// The least horizontal gap between items of a row (default 10).
    public var minimumInteritemSpacing = 10.0
    /// The vertical gap between rows (default 10).
    public var minimumLineSpacing = 10.0
    /// Room around each section's items (default none).
    public var sectionInset = EdgeInsets.zero

    /// The default layout.
    public init() {}

    /// The layout with every value that is not finite or is negative replaced by 0, and every
    /// one above a billion points limited to that (so that sums stay finite).
    var sanitized: CollectionViewFlowLayout {
        func clean(_ value: Double) -> Double { value.isFinite && value > 0 ? min(value, 1e9) : 0 }
        var copy = self
        copy.itemSize = Size(width: clean(itemSize.width), height: clean(itemSize.height))
        copy.minimumInteritemSpacing = clean(minimumInteritemSpacing)
        copy.minimumLineSpacing = clean(minimumLineSpacing)
        copy.sectionInset = EdgeInsets(top: clean(sectionInset.top), left: clean(sectionInset.left),
                                       bottom: clean(sectionInset.bottom), right: clean(sectionInset.right))
        return copy
    }

    /// How many items fit in a row of a view `width` wide (at least 1).
    public func columns(forWidth width: Double) -> Int {
        let available = width - sectionInset.left - sectionInset.right
        guard itemSize.width > 0, available.isFinite else { return 1 }
        let fitting = ((available + minimumInteritemSpacing) / (itemSize.width + minimumInteritemSpacing)).rounded(.down)
        return fitting.isFinite ? Int(fitting.clamped(1, 10_000)) : 1
    }

    /// The horizontal step from one item to the next in a row of `columns` (item width plus
    /// the justified gap).
    func step(columns: Int, width: Double) -> Double {
        guard columns > 1 else { return itemSize.width }
        let available = width - sectionInset.left - sectionInset.right
        return itemSize.width + max(minimumInteritemSpacing, (available - Double(columns) * itemSize.width) / Double(columns - 1))
    }

    /// The height of a section of `count` items in a view `width` wide, insets included.
    public func sectionHeight(itemCount count: Int, width: Double) -> Double {
        let rows = (count + columns(forWidth: width) - 1) / columns(forWidth: width)
        let itemsHeight = rows == 0 ? 0 : Double(rows) * itemSize.height + Double(rows - 1) * minimumLineSpacing
        return sectionInset.top + itemsHeight + sectionInset.bottom
    }
}

/// One tile of a `CollectionView` (UIKit's `UICollectionViewCell`): a `contentView` for the
/// app's subviews and a `selectedBackgroundView` shown while highlighted or selected. Reused
/// like table cells.
open class CollectionViewCell: View {
    /// The identifier the grid reuses the cell under.
    public let reuseIdentifier: String?
    /// Holds the app's subviews.
    public let contentView = View(frame: .zero)
    /// Shown behind the content while highlighted or selected.
    public let selectedBackgroundView = View(frame: .zero)
    /// What the cell shows, as a value (UIKit's `contentConfiguration`): its view fills the
    /// content view; later configurations of the same kind update that view.
    public var contentConfiguration: (any ContentConfiguration)? {
        didSet { contentConfigurationDidChange() }
    }
    /// The view made for `contentConfiguration`.
    var configuredContentView: (any View & ContentView)?
    /// Whether a finger is on the item.
    public internal(set) var isHighlighted = false {
        didSet { updateSelectionLook() }
    }
    /// Whether the item is selected.
    public internal(set) var isSelected = false {
        didSet { updateSelectionLook() }
    }

    /// A cell reused under `reuseIdentifier`; registered classes override this initializer.
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        selectedBackgroundView.backgroundColor = Color(white: 0, alpha: 0.2)
        selectedBackgroundView.isHidden = true
        selectedBackgroundView.isUserInteractionEnabled = false
        addSubview(contentView)
        addSubview(selectedBackgroundView)
    }

    /// Called before the cell is handed out again. The default does nothing.
    open func prepareForReuse() {}

    private func updateSelectionLook() {
        selectedBackgroundView.isHidden = !(isHighlighted || isSelected)
    }

    /// Fills the cell with the content and the selection views.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        selectedBackgroundView.frame = bounds
        configuredContentView?.frame = contentView.bounds
    }
}

/// What a `CollectionView` asks for its items (UIKit's `UICollectionViewDataSource`).
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    /// Sections (default 1).
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// Items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell for the item at `indexPath`, from `dequeueReusableCell(withReuseIdentifier:for:)`.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell
}

public extension CollectionViewDataSource {
    /// Default: what the requirement says when not implemented.
    func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
}

/// What a `CollectionView` tells its delegate (UIKit's `UICollectionViewDelegate`); set it as
/// the grid's `delegate`.
@MainActor
public protocol CollectionViewDelegate: ScrollViewDelegate {
    /// The user selected the item.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath)
    /// Whether the item highlights when touched (default true).
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: ItemPath) -> Bool
}

public extension CollectionViewDelegate {
    /// Default: what the requirement says when not implemented.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) {}
    /// Default: what the requirement says when not implemented.
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: ItemPath) -> Bool { true }
}

/// A vertically scrolling grid of tiles (UIKit's `UICollectionView` with a flow layout).
///
/// Why a collection view rather than a grid mode of `TableView`: tiles have their own size,
/// spacing and insets, which are a layout's business, not a list's; UIKit developers know
/// this split; and the grid's geometry is closed-form (a row of items is `index / columns`),
/// so it needs no per-row array at all. Only the flow layout exists; it is a value set on
/// `layout`.
///
/// Items lie in content space from y = 0, section after section. Like `TableView`, only the
/// items meeting the bounds have cells, reused by identifier; a tap highlights and selects
/// (single selection; `deselectItem(at:animated:)`). Differences from UIKit: no supplementary
/// views (section headers), no animated batch updates (`reloadData()`), no custom layouts.
open class CollectionView: ScrollView {
    /// Gives the items; held weakly. Setting it reloads.
    public weak var dataSource: (any CollectionViewDataSource)? {
        didSet { setNeedsReload() }
    }
    /// The grid's delegate (a `CollectionViewDelegate` for selection).
    public override weak var delegate: (any ScrollViewDelegate)? {
        didSet { gridDelegate = delegate as? any CollectionViewDelegate }
    }
    weak var gridDelegate: (any CollectionViewDelegate)?

    /// Where items go; changing it lays the grid out again. Sizes, spacings and insets that are
    /// not finite or are negative count as 0 (an item size of 0 shows nothing), and are limited
    /// to a billion points.
    public var layout = CollectionViewFlowLayout() {
        didSet {
            layout = layout.sanitized
            if layout != oldValue { setNeedsReload() }
        }
    }

    /// Top of each section, and one more entry: the content's height.
    private var sectionTops: [Double] = [0]
    /// Items per section and the global index of each section's first item.
    private var itemCounts: [Int] = []
    private var firstItems: [Int] = []
    private var needsReload = true
    private var visibleItems = VisibleItems<CollectionViewCell>()
    private var pool = ReusePool<CollectionViewCell>()
    private var selectedPath: ItemPath?
    private var tracking: (path: ItemPath, start: Point)?

    /// A grid with `frame` in its superview's space.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Makes cells of `cellClass` for `identifier`.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        pool.register(identifier) { cellClass.init(reuseIdentifier: $0) }
    }

    /// An idle or new cell for `identifier`. One never registered is an app bug: logged, and a
    /// plain `CollectionViewCell` is registered and returned.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: ItemPath) -> CollectionViewCell {
        if pool.isRegistered(identifier) == false {
            logHierarchyMisuse("CollectionView: no cell class registered for \"\(identifier)\"; a CollectionViewCell is used")
            register(CollectionViewCell.self, forCellWithReuseIdentifier: identifier)
        }
        guard let (cell, isNew) = pool.dequeue(identifier) else { return CollectionViewCell(reuseIdentifier: identifier) }
        if isNew {
            insertSubview(cell, at: 0)
            cell.isHidden = true
        } else {
            cell.isHighlighted = false
            cell.isSelected = false
            cell.prepareForReuse()
        }
        return cell
    }

    /// Whether a cell class is registered for `identifier`.
    func isCellRegistered(_ identifier: String) -> Bool { pool.isRegistered(identifier) }

    /// How many cells the grid made for `identifier` so far.
    public func numberOfCellsCreated(withIdentifier identifier: String) -> Int {
        pool.created(identifier)
    }

    /// Asks the data source again, in the next layout pass.
    public func reloadData() { setNeedsReload() }

    private func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    private func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        for item in visibleItems.removeAll() { recycle(item.view) }
        let sections = dataSource.map { $0.numberOfSections(in: self) } ?? 0
        itemCounts = (0..<max(sections, 0)).map { max(dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0, 0) }
        firstItems.removeAll(keepingCapacity: true)
        sectionTops.removeAll(keepingCapacity: true)
        var y = 0.0, global = 0
        for count in itemCounts {
            sectionTops.append(y)
            firstItems.append(global)
            y += layout.sectionHeight(itemCount: count, width: bounds.width)
            global += count
        }
        sectionTops.append(y)
        if let selectedPath, !(itemCounts.indices.contains(selectedPath.section) && selectedPath.item < itemCounts[selectedPath.section]) {
            self.selectedPath = nil
        }
    }

    /// The frame of the item at `indexPath` in content space (`Rect.zero` when there is none).
    public func frameForItem(at indexPath: ItemPath) -> Rect {
        reloadIfNeeded()
        guard itemCounts.indices.contains(indexPath.section), indexPath.item >= 0,
              indexPath.item < itemCounts[indexPath.section] else { return .zero }
        let columns = layout.columns(forWidth: bounds.width)
        let step = layout.step(columns: columns, width: bounds.width)
        let row = indexPath.item / columns, column = indexPath.item % columns
        let fromLeft = layout.sectionInset.left + Double(column) * step
        // Right to left the whole layout is mirrored, insets included (UIKit's flow layout
        // `flipsHorizontallyInOppositeLayoutDirection`, true by default).
        return Rect(x: isRightToLeft ? bounds.width - fromLeft - layout.itemSize.width : fromLeft,
                    y: sectionTops[indexPath.section] + layout.sectionInset.top
                        + Double(row) * (layout.itemSize.height + layout.minimumLineSpacing),
                    width: layout.itemSize.width, height: layout.itemSize.height)
    }

    /// The item at `point` (content space), or nil.
    public func indexPathForItem(at point: Point) -> ItemPath? {
        reloadIfNeeded()
        guard let section = section(atY: point.y) else { return nil }
        let range = itemRange(in: section, minY: point.y, maxY: point.y + 1e-9)
        for item in range where frameForItem(at: ItemPath(item: item, section: section)).contains(point) {
            return ItemPath(item: item, section: section)
        }
        return nil
    }

    /// The items shown, in order.
    public var indexPathsForVisibleItems: [ItemPath] {
        layoutIfNeeded()
        return visibleItems.items.map(\.path)
    }

    /// The cell of the item at `indexPath` when it is on screen.
    public func cellForItem(at indexPath: ItemPath) -> CollectionViewCell? {
        layoutIfNeeded()
        return visibleItems.item(at: indexPath)?.view
    }

    /// The selected item, if any.
    public var indexPathForSelectedItem: ItemPath? { selectedPath }

    /// Deselects the item (without telling the delegate).
    public func deselectItem(at indexPath: ItemPath, animated: Bool) {
        guard selectedPath == indexPath else { return }
        selectedPath = nil
        visibleItems.item(at: indexPath)?.view.isSelected = false
    }

    private func section(atY y: Double) -> Int? {
        guard !itemCounts.isEmpty else { return nil }
        var low = 0, high = itemCounts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sectionTops[mid] <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The items of `section` in rows meeting `minY..<maxY` (closed-form).
    private func itemRange(in section: Int, minY: Double, maxY: Double) -> Range<Int> {
        let columns = layout.columns(forWidth: bounds.width)
        let pitch = layout.itemSize.height + layout.minimumLineSpacing
        let top = sectionTops[section] + layout.sectionInset.top
        guard pitch > 0, pitch.isFinite, top.isFinite, layout.itemSize.width > 0, itemCounts[section] > 0 else { return 0..<0 }
        let rows = (itemCounts[section] + columns - 1) / columns
        // A row r spans top + r·pitch ..< top + r·pitch + itemHeight.
        // Clamped as Doubles first: a far offset must not overflow the conversion to Int.
        let firstRow = (((minY - top - layout.itemSize.height) / pitch).rounded(.down) + 1).clamped(0, Double(rows))
        let lastRow = (((maxY - top) / pitch).rounded(.up) - 1).clamped(-1, Double(rows - 1))
        guard firstRow.isFinite, lastRow.isFinite else { return 0..<0 }
        let first = Int(firstRow), last = Int(lastRow)
        guard first <= last else { return 0..<0 }
        return (first * columns)..<min(itemCounts[section], (last + 1) * columns)
    }

    /// Reloads if asked, sizes the content, and shows the items meeting the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        reloadIfNeeded()
        let size = Size(width: bounds.width, height: sectionTops.last ?? 0)
        if contentSize != size { contentSize = size }
        let band = bounds
        var range = 0..<0
        if let first = section(atY: band.minY), let last = section(atY: band.maxY) {
            var low = Int.max, high = Int.min
            for section in first...last {
                let items = itemRange(in: section, minY: band.minY, maxY: band.maxY)
                guard !items.isEmpty else { continue }
                low = min(low, firstItems[section] + items.lowerBound)
                high = max(high, firstItems[section] + items.upperBound)
            }
            if low < high { range = low..<high }
        }
        var items = visibleItems
        visibleItems = VisibleItems()
        items.update(range: range, recycle: { recycle($0.view) }, make: { makeItem(global: $0) }, place: { place($0) })
        visibleItems = items
    }

    private func path(ofGlobal global: Int) -> ItemPath {
        var section = 0
        while section + 1 < firstItems.count && firstItems[section + 1] <= global { section += 1 }
        return ItemPath(item: global - firstItems[section], section: section)
    }

    private func makeItem(global: Int) -> VisibleItem<CollectionViewCell>? {
        let path = path(ofGlobal: global)
        // Rows between a section's items are not in it: a global index past the section's
        // visible rows may still be in range (the range spans sections), so check the frame.
        guard let dataSource, path.item < itemCounts[path.section] else { return nil }
        let cell = dataSource.collectionView(self, cellForItemAt: path)
        if cell.superview !== self { insertSubview(cell, at: 0) }
        cell.isHidden = false
        cell.isSelected = selectedPath == path
        let item = VisibleItem(index: global, path: path, view: cell)
        View.performWithoutAnimation { place(item) }
        return item
    }

    private func place(_ item: VisibleItem<CollectionViewCell>) {
        item.view.frame = frameForItem(at: item.path)
    }

    private func recycle(_ cell: CollectionViewCell) {
        if let identifier = cell.reuseIdentifier, pool.isRegistered(identifier) {
            cell.isHidden = true
            pool.enqueue(cell, identifier: identifier)
        } else {
            cell.removeFromSuperview()
        }
    }

    // MARK: Touches

    /// Highlights the touched item.
    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        guard tracking == nil, let touch = touches.first else { return }
        let point = touch.location(in: self)
        guard let path = indexPathForItem(at: point), let cell = visibleItems.item(at: path)?.view,
              gridDelegate?.collectionView(self, shouldHighlightItemAt: path) ?? true else { return }
        tracking = (path, point)
        cell.isHighlighted = true
    }

    /// Un-highlights once the finger moved more than 10 points.
    open override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        guard let tracked = tracking, let touch = touches.first else { return }
        let point = touch.location(in: self)
        let dx = point.x - tracked.start.x, dy = point.y - tracked.start.y
        if dx * dx + dy * dy > 100 { endTracking() }
    }

    /// Selects the highlighted item and tells the delegate.
    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        guard let tracked = tracking else { return }
        endTracking()
        if let old = selectedPath { visibleItems.item(at: old)?.view.isSelected = false }
        selectedPath = tracked.path
        visibleItems.item(at: tracked.path)?.view.isSelected = true
        gridDelegate?.collectionView(self, didSelectItemAt: tracked.path)
    }

    /// Un-highlights.
    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        endTracking()
    }

    private func endTracking() {
        guard let tracked = tracking else { return }
        tracking = nil
        visibleItems.item(at: tracked.path)?.view.isHighlighted = false
    }
}

extension Double {
    /// The value limited to `low…high` (NaN stays NaN).
    fileprivate func clamped(_ low: Double, _ high: Double) -> Double {
        Swift.min(Swift.max(self, low), high)
    }
}
