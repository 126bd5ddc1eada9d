import VitrineGraphics

/// Questions about the table's rows, sections and cells, and scrolling to a row. Model
/// questions (counts, rectangles, the row at a point) answer for the data source's current
/// state (a pending reload runs first); questions about cells lay out first.
extension TableView {
    /// Sections in the table.
    public var numberOfSections: Int {
        reloadIfNeeded()
        return layout.sections.count
    }

    /// Rows in `section` (0 for a section that does not exist).
    public func numberOfRows(inSection section: Int) -> Int {
        reloadIfNeeded()
        return layout.sections.indices.contains(section) ? layout.sections[section].rowCount : 0
    }

    /// The rectangle of the row at `indexPath` in content space (`Rect.zero` when there is no
    /// such row).
    public func rectForRow(at indexPath: ItemPath) -> Rect {
        reloadIfNeeded()
        return layout.rect(row: indexPath.row, section: indexPath.section, width: bounds.width) ?? .zero
    }

    /// The rectangle of `section` (header, rows, footer) in content space.
    public func rect(forSection section: Int) -> Rect {
        reloadIfNeeded()
        guard layout.sections.indices.contains(section) else { return .zero }
        let s = layout.sections[section]
        return Rect(x: 0, y: s.top, width: bounds.width, height: s.bottom - s.top)
    }

    /// The row at `point` (content space), or nil when it is on no row.
    public func indexPathForRow(at point: Point) -> ItemPath? {
        reloadIfNeeded()
        guard point.x >= 0, point.x < bounds.width, let s = layout.sectionIndex(atY: point.y) else { return nil }
        let section = layout.sections[s]
        guard point.y >= section.rowsTop, point.y < section.rowsBottom else { return nil }
        let global = layout.firstRow(in: section, below: point.y)
        guard global < section.firstRow + section.rowCount else { return nil }
        return ItemPath(row: global - section.firstRow, section: s)
    }

    /// The rows shown, in order (after any pending layout).
    public var indexPathsForVisibleRows: [ItemPath] {
        layoutIfNeeded()
        return visibleRows.items.map(\.path)
    }

    /// The cells shown, in row order (after any pending layout).
    public var visibleCells: [TableViewCell] {
        layoutIfNeeded()
        return visibleRows.items.map(\.view)
    }

    /// The cell of the row at `indexPath` when it is on screen, else nil.
    public func cellForRow(at indexPath: ItemPath) -> TableViewCell? {
        layoutIfNeeded()
        return visibleRows.item(at: indexPath)?.view
    }

    /// The row of `cell` when it is on screen, else nil.
    public func indexPath(for cell: TableViewCell) -> ItemPath? {
        visibleRows.items.first { $0.view === cell }?.path
    }

    /// The header view shown for `section`, if it is on screen.
    public func headerView(forSection section: Int) -> View? {
        layoutIfNeeded()
        return visibleSupplementaries.first { $0.section == section && $0.isHeader }?.view
    }

    /// The footer view shown for `section`, if it is on screen.
    public func footerView(forSection section: Int) -> View? {
        layoutIfNeeded()
        return visibleSupplementaries.first { $0.section == section && !$0.isHeader }?.view
    }

    /// Scrolls so that the row at `indexPath` shows at `position`, within the scrollable range.
    /// Animated, it moves as `setContentOffset(_:animated:)` does (the delegate hears
    /// `scrollViewDidScroll` each frame and `scrollViewDidEndScrollingAnimation` at the end);
    /// otherwise the offset is set at once.
    public func scrollToRow(at indexPath: ItemPath, at position: ScrollPosition, animated: Bool) {
        reloadIfNeeded()
        guard let rect = layout.rect(row: indexPath.row, section: indexPath.section, width: bounds.width) else {
            logHierarchyMisuse("TableView.scrollToRow(at: \(indexPath)): no such row")
            return
        }
        let visibleHeight = bounds.height
        var y = contentOffset.y
        switch position {
        case .top: y = rect.minY
        case .middle: y = rect.midY - visibleHeight / 2
        case .bottom: y = rect.maxY - visibleHeight
        case .none:
            if rect.minY < y { y = rect.minY } else if rect.maxY > y + visibleHeight { y = rect.maxY - visibleHeight }
        }
        let size = Size(width: bounds.width, height: layout.contentHeight)
        if contentSize != size { contentSize = size }
        y = min(max(y, minimumContentOffset.y), maximumContentOffset.y)
        setContentOffset(Point(x: contentOffset.x, y: y), animated: animated)
    }
}
