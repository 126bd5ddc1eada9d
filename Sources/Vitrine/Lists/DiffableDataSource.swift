import VitrineGraphics

/// A table's data source that holds a snapshot of identifiers and animates the change to the
/// next one (UIKit's `UITableViewDiffableDataSource`).
///
/// Made with the table and a cell provider, it becomes the table's `dataSource`; the table
/// holds it weakly, so the app keeps it (a property of the controller, as in UIKit). The app
/// describes the list as a `DiffableDataSourceSnapshot` and calls `apply`; the data source
/// finds what was deleted, inserted and moved (linear in the number of items, see
/// `DiffableDifference`) and hands it to the table as one batch update: kept rows slide, new
/// rows fade in, deleted rows fade out — only rows on screen have cells, so only they animate.
///
/// Differences from UIKit: a change of the section identifiers (sections inserted, deleted or
/// moved) reloads the table without animation; an `apply` without animation still diffs (as
/// UIKit since iOS 15), `applySnapshotUsingReloadData` reloads; misuse (duplicate identifiers,
/// a nil cell) is logged and survived rather than raised.
@MainActor
open class TableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: TableViewDataSource {
    /// Makes the cell of an item: the table, the row's path and the item's identifier. It
    /// dequeues a cell (`dequeueReusableCell(withIdentifier:for:)` or a `CellRegistration`)
    /// and configures it. Nil is an app bug: logged, and an empty cell is shown.
    public typealias CellProvider = @MainActor (TableView, ItemPath, ItemIdentifierType) -> TableViewCell?

    /// The snapshot type this data source takes.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var tableView: TableView?
    private let cellProvider: CellProvider
    private var current = Snapshot()
    /// Each item's path in `current`, built on the first `indexPath(for:)` after a change.
    private var paths: [ItemIdentifierType: ItemPath]?

    /// How rows appear, go and reload when a snapshot is applied with animation (default
    /// `.automatic`: a fade).
    public var defaultRowAnimation = TableView.RowAnimation.automatic

    /// A data source for `tableView` that makes cells with `cellProvider`; it sets itself as
    /// the table's data source. The table starts empty until a snapshot is applied.
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    // MARK: Snapshots

    /// The current state: a copy the app may change and apply.
    public func snapshot() -> Snapshot { current }

    /// Makes `snapshot` the table's content. With `animatingDifferences`, the rows on screen
    /// animate to it (0.3 s); without, they take their places at once (kept rows keep their
    /// cells either way). Items marked by `reloadItems` get new cells, those marked by
    /// `reconfigureItems` have their cells configured again through the cell provider.
    /// `completion` runs once the rows are in place (after the animation).
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true,
                      completion: (@MainActor () -> Void)? = nil) {
        guard let tableView else {
            current = snapshot.unmarked
            completion?()
            return
        }
        for problem in snapshot.problems {
            tableView.logHierarchyMisuse("TableViewDiffableDataSource: \(problem)")
        }
        guard current.sections == snapshot.sections else {
            applySnapshotUsingReloadData(snapshot, completion: completion)
            return
        }
        let difference = DiffableDifference(from: current, to: snapshot)
        current = snapshot.unmarked
        paths = nil
        let animation = animatingDifferences ? defaultRowAnimation : .none
        if !difference.isEmpty {
            tableView.performBatchUpdates({
                tableView.deleteRows(at: difference.deletions, with: animation)
                tableView.insertRows(at: difference.insertions, with: animation)
                for move in difference.moves { tableView.moveRow(at: move.from, to: move.to) }
            }, completion: { _ in completion?() })
        }
        refreshMarkedRows(of: snapshot, in: tableView, animation: animation)
        if difference.isEmpty {
            View.animate(withDuration: 0, animations: {}, completion: { _ in completion?() })
        }
    }

    /// Makes `snapshot` the content by reloading the table (UIKit's
    /// `applySnapshotUsingReloadData`): no difference is computed, every visible row is asked
    /// for its cell again. `completion` runs after the next layout.
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (@MainActor () -> Void)? = nil) {
        current = snapshot.unmarked
        paths = nil
        tableView?.reloadData()
        tableView?.layoutIfNeeded()
        View.animate(withDuration: 0, animations: {}, completion: { _ in completion?() })
    }

    /// Replaces the cells of visible rows marked for reload and configures again those marked
    /// for reconfiguring; rows off screen get their cells fresh when they come on screen.
    private func refreshMarkedRows(of snapshot: Snapshot, in tableView: TableView, animation: TableView.RowAnimation) {
        var reloaded = Set(snapshot.reloadedItemIdentifiers)
        for section in snapshot.reloadedSectionIdentifiers {
            reloaded.formUnion(snapshot.itemIdentifiers(inSection: section))
        }
        let reconfigured = Set(snapshot.reconfiguredItemIdentifiers)
        guard !reloaded.isEmpty || !reconfigured.isEmpty else { return }
        var reloadPaths: [ItemPath] = []
        for path in tableView.indexPathsForVisibleRows {
            guard let item = current.item(at: path) else { continue }
            if reloaded.contains(item) {
                reloadPaths.append(path)
            } else if reconfigured.contains(item), !reconfigure(path, item: item, in: tableView) {
                reloadPaths.append(path)
            }
        }
        if !reloadPaths.isEmpty { tableView.reloadRows(at: reloadPaths, with: animation) }
    }

    /// Calls the cell provider for the row at `path` with its own cell handed back by the
    /// dequeue; false when the provider returned another cell (it then goes back to the pool
    /// and the row is reloaded instead).
    private func reconfigure(_ path: ItemPath, item: ItemIdentifierType, in tableView: TableView) -> Bool {
        guard let cell = tableView.cellForRow(at: path) else { return true }
        tableView.reconfiguringCell = cell
        let made = cellProvider(tableView, path, item)
        tableView.reconfiguringCell = nil
        guard let made, made !== cell else {
            // Self-sizing: the configured content may want another height.
            if made != nil, let global = tableView.layout.global(of: path) { tableView.invalidateRowHeight(global: global) }
            return made != nil
        }
        if made.superview !== tableView { tableView.insertSubview(made, at: 0) }
        tableView.recycle(made)
        return false
    }

    // MARK: Identifiers and paths

    /// The identifier of the item at `indexPath`, or nil when there is none.
    public func itemIdentifier(for indexPath: ItemPath) -> ItemIdentifierType? {
        current.item(at: indexPath)
    }

    /// The path of `itemIdentifier` in the current snapshot, or nil (a dictionary read once
    /// built after a change).
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> ItemPath? {
        if paths == nil {
            var built = [ItemIdentifierType: ItemPath](minimumCapacity: current.numberOfItems)
            for (s, items) in current.items.enumerated() {
                for (row, item) in items.enumerated() { built[item] = ItemPath(row: row, section: s) }
            }
            paths = built
        }
        return paths?[itemIdentifier]
    }

    /// The identifier of the section at `index`, or nil.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sections.indices.contains(index) ? current.sections[index] : nil
    }

    /// The index of `sectionIdentifier`, or nil.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        current.indexOfSection(sectionIdentifier)
    }

    // MARK: TableViewDataSource

    /// The snapshot's sections.
    public func numberOfSections(in tableView: TableView) -> Int { current.numberOfSections }

    /// The items of the section.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        current.items.indices.contains(section) ? current.items[section].count : 0
    }

    /// The cell provider's cell for the item at `indexPath`.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: ItemPath) -> TableViewCell {
        if let item = current.item(at: indexPath), let cell = cellProvider(tableView, indexPath, item) { return cell }
        tableView.logHierarchyMisuse("TableViewDiffableDataSource: the cell provider gave no cell for \(indexPath); an empty cell is shown")
        return TableViewCell(style: .default, reuseIdentifier: nil)
    }

    /// No header titles; override to give them (as in UIKit).
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }

    /// No footer titles; override to give them.
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }

    /// No section index; override to give one.
    open func sectionIndexTitles(for tableView: TableView) -> [String]? { nil }

    /// The section at `index`; override to map titles to sections otherwise.
    open func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
}

/// A grid's data source that holds a snapshot of identifiers (UIKit's
/// `UICollectionViewDiffableDataSource`), as `TableViewDiffableDataSource` does for a table.
///
/// Difference from UIKit: the grid has no animated updates yet, so `apply` reloads the grid
/// (the items on screen are asked for their cells again, reusing the cells they had; no cell
/// is made beyond those on screen).
@MainActor
open class CollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: CollectionViewDataSource {
    /// Makes the cell of an item; nil is an app bug (logged, an empty cell is shown).
    public typealias CellProvider = @MainActor (CollectionView, ItemPath, ItemIdentifierType) -> CollectionViewCell?

    /// The snapshot type this data source takes.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    private var current = Snapshot()
    private var paths: [ItemIdentifierType: ItemPath]?

    /// A data source for `collectionView` that makes cells with `cellProvider`; it sets itself
    /// as the grid's data source.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// The current state: a copy the app may change and apply.
    public func snapshot() -> Snapshot { current }

    /// Makes `snapshot` the grid's content (a reload: see the type's documentation);
    /// `completion` runs after the next layout.
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true,
                      completion: (@MainActor () -> Void)? = nil) {
        if let collectionView {
            for problem in snapshot.problems {
                collectionView.logHierarchyMisuse("CollectionViewDiffableDataSource: \(problem)")
            }
        }
        applySnapshotUsingReloadData(snapshot, completion: completion)
    }

    /// Makes `snapshot` the content by reloading the grid.
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (@MainActor () -> Void)? = nil) {
        current = snapshot.unmarked
        paths = nil
        collectionView?.reloadData()
        collectionView?.layoutIfNeeded()
        View.animate(withDuration: 0, animations: {}, completion: { _ in completion?() })
    }

    /// The identifier of the item at `indexPath`, or nil.
    public func itemIdentifier(for indexPath: ItemPath) -> ItemIdentifierType? {
        current.item(at: indexPath)
    }

    /// The path of `itemIdentifier`, or nil.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> ItemPath? {
        if paths == nil {
            var built = [ItemIdentifierType: ItemPath](minimumCapacity: current.numberOfItems)
            for (s, items) in current.items.enumerated() {
                for (row, item) in items.enumerated() { built[item] = ItemPath(item: row, section: s) }
            }
            paths = built
        }
        return paths?[itemIdentifier]
    }

    /// The identifier of the section at `index`, or nil.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sections.indices.contains(index) ? current.sections[index] : nil
    }

    /// The index of `sectionIdentifier`, or nil.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        current.indexOfSection(sectionIdentifier)
    }

    /// The snapshot's sections.
    public func numberOfSections(in collectionView: CollectionView) -> Int { current.numberOfSections }

    /// The items of the section.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        current.items.indices.contains(section) ? current.items[section].count : 0
    }

    /// The cell provider's cell for the item at `indexPath`.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        if let item = current.item(at: indexPath), let cell = cellProvider(collectionView, indexPath, item) { return cell }
        collectionView.logHierarchyMisuse("CollectionViewDiffableDataSource: the cell provider gave no cell for \(indexPath); an empty cell is shown")
        return CollectionViewCell(reuseIdentifier: nil)
    }
}
