import VitrineGraphics

/// Selection: a finger on a row highlights it; lifting it on the row selects the row and tells
/// the delegate. A finger that moves more than `selectionSlop` points, or a touch the system
/// cancels (the scroll view's pan beginning, a swipe), un-highlights without selecting.
extension TableView {
    /// How far, in points, a finger may move on a row and still select it on lift.
    static let selectionSlop = 10.0

    /// The selected row (the first, with multiple selection), or nil.
    public var indexPathForSelectedRow: ItemPath? {
        selectedPaths.min()
    }

    /// The selected rows in order, or nil when none is.
    public var indexPathsForSelectedRows: [ItemPath]? {
        selectedPaths.isEmpty ? nil : selectedPaths.sorted()
    }

    /// Selects the row at `indexPath` (nil deselects all) without telling the delegate, and
    /// scrolls it to `position` (UIKit's `selectRow(at:animated:scrollPosition:)`).
    public func selectRow(at indexPath: ItemPath?, animated: Bool, scrollPosition: ScrollPosition) {
        reloadIfNeeded()
        guard let indexPath else {
            for path in selectedPaths { deselectRow(at: path, animated: animated) }
            return
        }
        guard layout.global(of: indexPath) != nil else {
            logHierarchyMisuse("TableView.selectRow(at: \(indexPath)): no such row")
            return
        }
        if !allowsMultipleSelection {
            for path in selectedPaths where path != indexPath { deselectRow(at: path, animated: animated) }
        }
        selectedPaths.insert(indexPath)
        cellForRow(at: indexPath)?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the row at `indexPath` without telling the delegate; animated, its highlight
    /// fades out (UIKit's `deselectRow(at:animated:)`, usually called from `didSelectRowAt` or
    /// when a pushed screen comes back).
    public func deselectRow(at indexPath: ItemPath, animated: Bool) {
        guard selectedPaths.remove(indexPath) != nil else { return }
        visibleRows.item(at: indexPath)?.view.setSelected(false, animated: animated)
    }

    /// Selects `indexPath` as the user did: asks `willSelectRowAt`, deselects the other rows
    /// (telling `didDeselectRowAt`), then tells `didSelectRowAt`.
    func userSelectRow(at indexPath: ItemPath) {
        // Against the data as it is now, not as it was before a pending reload.
        reloadIfNeeded()
        let target = tableDelegate.map { $0.tableView(self, willSelectRowAt: indexPath) } ?? indexPath
        guard let target, layout.global(of: target) != nil else { return }
        if allowsMultipleSelection && selectedPaths.contains(target) {
            deselectRow(at: target, animated: false)
            tableDelegate?.tableView(self, didDeselectRowAt: target)
            return
        }
        if !allowsMultipleSelection {
            for path in selectedPaths.sorted() where path != target {
                deselectRow(at: path, animated: false)
                tableDelegate?.tableView(self, didDeselectRowAt: path)
            }
        }
        selectedPaths.insert(target)
        visibleRows.item(at: target)?.view.setSelected(true, animated: false)
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    // MARK: Touches

    /// Highlights the row under the touch (or closes an open swipe and does nothing else).
    func selectionTouchesBegan(_ touches: TouchSet) {
        guard tracking == nil, let touch = touches.first else { return }
        if swipe.cell != nil && !swipe.isPanning {
            closeSwipe(animated: true)
            return
        }
        guard allowsSelection else { return }
        let point = touch.location(in: self)
        guard let path = indexPathForRow(at: point), let cell = visibleRows.item(at: path)?.view,
              !cell.isHidden, tableDelegate?.tableView(self, shouldHighlightRowAt: path) ?? true else { return }
        tracking = (path, point)
        cell.setHighlighted(true, animated: false)
    }

    /// Un-highlights once the finger moved past `selectionSlop`.
    func selectionTouchesMoved(_ touches: TouchSet) {
        guard let tracked = tracking, let touch = touches.first else { return }
        let point = touch.location(in: self)
        let dx = point.x - tracked.start.x, dy = point.y - tracked.start.y
        if dx * dx + dy * dy > TableView.selectionSlop * TableView.selectionSlop { endTracking() }
    }

    /// Selects the highlighted row.
    func selectionTouchesEnded(_ touches: TouchSet) {
        guard let tracked = tracking else { return }
        endTracking()
        userSelectRow(at: tracked.path)
    }

    /// Un-highlights.
    func selectionTouchesCancelled(_ touches: TouchSet) {
        endTracking()
    }

    /// Forgets the row a finger is on, un-highlighted: it will not be selected.
    func endSelectionTracking() { endTracking() }

    private func endTracking() {
        guard let tracked = tracking else { return }
        tracking = nil
        visibleRows.item(at: tracked.path)?.view.setHighlighted(false, animated: false)
    }
}
