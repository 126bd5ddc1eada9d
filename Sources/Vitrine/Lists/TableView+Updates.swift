import VitrineGraphics

/// Animated changes of rows: insert, delete, move and reload, alone or in a batch (UIKit's
/// `performBatchUpdates(_:completion:)`). As in UIKit, the data source is changed first, then
/// the table is told: deletions and reloads name rows as they were before the batch,
/// insertions and move destinations as they are after it. Kept rows slide to their new places,
/// inserted rows fade in, deleted rows fade out (0.3 s on the animator).
///
/// Row counts that do not add up (the data source was not changed to match) are an app bug:
/// logged, and the table reloads without animation instead of trapping as UIKit does.
extension TableView {
    /// How inserted, deleted and reloaded rows appear and go (UIKit's `RowAnimation`; every
    /// style but `.none` fades here).
    public enum RowAnimation: Sendable, Hashable {
        /// Fade in or out.
        case fade
        /// The table's choice (a fade).
        case automatic
        /// No animation.
        case none
    }

    /// The changes recorded during a batch.
    struct UpdateBatch {
        var deletions: [ItemPath] = []
        var insertions: [ItemPath] = []
        var moves: [(from: ItemPath, to: ItemPath)] = []
        var reloads: [ItemPath] = []
        var animated = false
    }

    /// Inserts rows at `indexPaths` (paths after the change).
    public func insertRows(at indexPaths: [ItemPath], with animation: RowAnimation) {
        record(animation) { $0.insertions += indexPaths }
    }

    /// Deletes the rows at `indexPaths` (paths before the change).
    public func deleteRows(at indexPaths: [ItemPath], with animation: RowAnimation) {
        record(animation) { $0.deletions += indexPaths }
    }

    /// Moves the row at `indexPath` to `newIndexPath` (within or between sections).
    public func moveRow(at indexPath: ItemPath, to newIndexPath: ItemPath) {
        record(.automatic) { $0.moves.append((indexPath, newIndexPath)) }
    }

    /// Asks the data source again for the rows at `indexPaths` (their heights too); their
    /// cells are replaced.
    public func reloadRows(at indexPaths: [ItemPath], with animation: RowAnimation) {
        record(animation) { $0.reloads += indexPaths }
    }

    /// Applies every insertion, deletion, move and reload made in `updates` as one animated
    /// change; `completion` runs when the animation ended (true) or was interrupted (false).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil) {
        let outer = pendingBatch == nil
        if outer { pendingBatch = UpdateBatch() }
        updates?()
        guard outer, let batch = pendingBatch else { return }
        pendingBatch = nil
        apply(batch, completion: completion)
    }

    private func record(_ animation: RowAnimation, _ change: (inout UpdateBatch) -> Void) {
        var batch = pendingBatch ?? UpdateBatch()
        change(&batch)
        if animation != .none { batch.animated = true }
        if pendingBatch != nil {
            pendingBatch = batch
        } else {
            apply(batch, completion: nil)
        }
    }

    private func apply(_ batch: UpdateBatch, completion: (@MainActor (Bool) -> Void)?) {
        guard !needsReload else {
            reloadIfNeeded()
            layoutIfNeeded()
            completion?(true)
            return
        }
        let old = layout
        carryRowHeights(through: batch, from: old)
        rebuildLayoutKeepingSelection()
        guard counts(of: batch, add: old, upTo: layout) else {
            logHierarchyMisuse("TableView: the batch's row counts do not match the data source's (change the data source first, then tell the table); reloaded instead")
            reloadData()
            layoutIfNeeded()
            completion?(false)
            return
        }
        let deleted = Set(batch.deletions).union(batch.reloads)
        var kept: [VisibleItem<TableViewCell>] = []
        for item in visibleRows.items {
            if deleted.contains(item.path) {
                disappear(item.view, animated: batch.animated)
            } else if let path = newPath(of: item.path, batch), let global = layout.global(of: path) {
                kept.append(VisibleItem(index: global, path: path, view: item.view))
            } else {
                recycle(item.view)
            }
        }
        visibleRows.replace(with: kept)
        var selection = Set<ItemPath>()
        for path in selectedPaths where !deleted.contains(path) {
            if let moved = newPath(of: path, batch), layout.global(of: moved) != nil { selection.insert(moved) }
        }
        selectedPaths = selection
        insertedPaths = Set(batch.insertions).union(batch.reloads)
        let size = Size(width: bounds.width, height: layout.contentHeight)
        if contentSize != size { contentSize = size }
        insertionsFade = batch.animated
        if batch.animated {
            View.animate(withDuration: 0.3, animations: { layoutVisibleContent() }, completion: completion)
        } else {
            layoutVisibleContent()
            completion.map { done in View.animate(withDuration: 0, animations: {}, completion: done) }
        }
        insertedPaths = []
    }

    private func rebuildLayoutKeepingSelection() {
        let selection = selectedPaths
        rebuildLayout()
        selectedPaths = selection
    }

    /// Whether each section's new row count is its old one less deletions and moves out, plus
    /// insertions and moves in.
    private func counts(of batch: UpdateBatch, add old: TableLayout, upTo new: TableLayout) -> Bool {
        guard old.sections.count == new.sections.count else { return false }
        var expected = old.sections.map(\.rowCount)
        for path in batch.deletions where expected.indices.contains(path.section) { expected[path.section] -= 1 }
        for path in batch.insertions where expected.indices.contains(path.section) { expected[path.section] += 1 }
        for move in batch.moves where expected.indices.contains(move.from.section) && expected.indices.contains(move.to.section) {
            expected[move.from.section] -= 1
            expected[move.to.section] += 1
        }
        return expected == new.sections.map(\.rowCount)
    }

    /// Where the row that was at `path` is after `batch` (nil when it was deleted): moved rows
    /// go where the move says; others shift by the rows removed before them in their section
    /// and the rows added at or before their new place.
    func newPath(of path: ItemPath, _ batch: UpdateBatch) -> ItemPath? {
        if batch.deletions.contains(path) { return nil }
        if let move = batch.moves.first(where: { $0.from == path }) { return move.to }
        var row = path.row
        for removed in batch.deletions where removed.section == path.section && removed.row < path.row { row -= 1 }
        for move in batch.moves where move.from.section == path.section && move.from.row < path.row { row -= 1 }
        var added = batch.insertions.filter { $0.section == path.section }.map(\.row)
        added += batch.moves.filter { $0.to.section == path.section }.map(\.to.row)
        for position in added.sorted() where position <= row { row += 1 }
        return ItemPath(row: row, section: path.section)
    }

    /// Fades out a cell whose row was deleted or reloaded; it returns to the pool after.
    private func disappear(_ cell: TableViewCell, animated: Bool) {
        guard animated else {
            recycle(cell)
            return
        }
        if swipe.cell === cell { closeSwipe(animated: false) }
        disappearingCells.append(cell)
        View.animate(withDuration: 0.3, animations: { cell.alpha = 0 }, completion: { [weak self] _ in
            guard let self, let index = self.disappearingCells.firstIndex(where: { $0 === cell }) else { return }
            self.disappearingCells.remove(at: index)
            self.recycle(cell)
        })
    }
}
