import VitrineGraphics

/// Self-sizing rows (UIKit's `rowHeight = UITableView.automaticDimension` with
/// `estimatedRowHeight`): a row the delegate does not size, in a table whose `rowHeight` is
/// `automaticDimension`, takes the height its cell asks for.
///
/// **When.** A row is measured once, the first time it comes on screen, from its configured
/// cell: the content view's Auto Layout constraints when it has any
/// (`systemLayoutSizeFitting` at the table's width, `.required`, and the fitting level for the
/// height), else the cell's `sizeThatFits`. Until then it counts as `estimatedRowHeight`. The
/// height is kept (one `Double` per row) until `reloadData()`, a change of the table's width,
/// or a reload or reconfigure of the row; batch updates carry the measured heights to the
/// rows' new places.
///
/// **No jump.** A row measured while it straddles the top of the visible area (scrolling up
/// into estimated rows) changes the positions of every row below it; the content offset moves
/// by the same amount, along with the drag or momentum in progress
/// (`ScrollView.correctContentOffset(by:)`), so the rows already on screen stay where they
/// are. Measured heights are rounded up to the screen's pixels, so the offset stays on whole
/// pixels.
///
/// **Cost.** Measuring a row changes the prefix sum of the rows below it (one addition each);
/// once every row on screen is measured a scroll step measures nothing and allocates nothing.
extension TableView {
    /// The height rows count as before they are measured (UIKit's `estimatedRowHeight`), in
    /// points; `automaticDimension` (the default), 0 or less: 44. Used only when `rowHeight` is
    /// `automaticDimension`. Changing it reloads.
    public var estimatedRowHeight: Double {
        get { selfSizing.estimatedRowHeight }
        set {
            guard newValue != selfSizing.estimatedRowHeight else { return }
            selfSizing.estimatedRowHeight = newValue
            setNeedsReload()
        }
    }

    /// Whether rows the delegate does not size are self-sizing.
    var selfSizesRows: Bool { rowHeight == TableView.automaticDimension }

    /// The height of a row during a rebuild of the layout: `asked` (the delegate's answer,
    /// `automaticDimension` when it has none), the table's `rowHeight`, or, self-sizing, the
    /// row's measured height or the estimate. Called for every row in order.
    func resolvedRowHeight(_ asked: Double, section: Int, row: Int) -> Double {
        guard selfSizesRows else {
            return asked == TableView.automaticDimension ? rowHeight : asked
        }
        var measured = -1.0
        if asked == TableView.automaticDimension {
            if let byPath = selfSizing.byNewPath {
                measured = byPath[ItemPath(row: row, section: section)] ?? -1
            } else if selfSizing.rebuildIndex < selfSizing.heights.count {
                measured = selfSizing.heights[selfSizing.rebuildIndex]
            }
        }
        selfSizing.rebuildIndex += 1
        // Rows the delegate sizes count as measured: nothing to ask their cells.
        let height = asked != TableView.automaticDimension ? asked : measured >= 0 ? measured : selfSizing.estimate
        selfSizing.rebuilt.append(asked != TableView.automaticDimension ? asked : measured)
        return height
    }

    /// Starts a rebuild of the layout (see `resolvedRowHeight`).
    func beginSelfSizingRebuild() {
        selfSizing.rebuildIndex = 0
        selfSizing.rebuilt.removeAll(keepingCapacity: true)
    }

    /// Ends a rebuild: the heights just resolved become the table's.
    func endSelfSizingRebuild() {
        selfSizing.endRebuild()
    }

    /// Forgets every measured height (a reload asks the cells again).
    func forgetRowHeights() {
        selfSizing.heights.removeAll(keepingCapacity: true)
    }

    /// Before a batch update rebuilds the layout: the measured heights by the rows' new
    /// paths (deleted and reloaded rows drop theirs).
    func carryRowHeights(through batch: UpdateBatch, from old: TableLayout) {
        guard selfSizesRows, !selfSizing.heights.isEmpty else { return }
        let reloaded = Set(batch.reloads)
        var byPath: [ItemPath: Double] = [:]
        for (global, height) in selfSizing.heights.enumerated() where height >= 0 && global < old.totalRows {
            let path = old.path(ofGlobal: global)
            guard !reloaded.contains(path), let moved = newPath(of: path, batch) else { continue }
            byPath[moved] = height
        }
        selfSizing.byNewPath = byPath
    }

    /// Marks the row at global index `global` to be measured again the next time it is laid
    /// out (its cell was reconfigured).
    func invalidateRowHeight(global: Int) {
        guard selfSizesRows, selfSizing.heights.indices.contains(global), selfSizing.heights[global] >= 0 else { return }
        selfSizing.heights[global] = -1
        setNeedsLayout()
    }

    /// Measures the visible rows not measured yet, moves the rows below each one whose height
    /// changed, keeps the on-screen rows in place when a changed row straddles the top (see the
    /// extension's documentation), and lays the visible rows out again when anything moved.
    func settleSelfSizingRows() {
        guard selfSizesRows, bounds.width > 0 else { return }
        if selfSizing.width != bounds.width {
            let measuredBefore = selfSizing.width >= 0
            selfSizing.width = bounds.width
            if measuredBefore {
                // Text wraps differently at another width: every row is measured again.
                forgetRowHeights()
                rebuildLayout()
            }
        }
        guard selfSizing.heights.count == layout.totalRows else { return }
        let top = bounds.minY
        var correction = 0.0, changed = false
        for item in visibleRows.items where selfSizing.heights[item.index] < 0 {
            let height = measuredHeight(of: item.view)
            selfSizing.heights[item.index] = height
            let section = layout.sections[item.path.section]
            let rowTop = layout.rect(global: item.index, in: section, width: 0).minY
            let delta = layout.setHeight(height, ofGlobal: item.index, inSection: item.path.section)
            guard delta != 0 else { continue }
            changed = true
            if rowTop < top { correction += delta }
        }
        guard changed else { return }
        let size = Size(width: bounds.width, height: layout.contentHeight)
        if contentSize != size { contentSize = size }
        if correction != 0 {
            View.performWithoutAnimation { correctContentOffset(by: Point(x: 0, y: correction)) }
        }
        layoutVisibleContent()
    }

    /// The height `cell` asks for at the table's width, rounded up to the screen's pixels.
    private func measuredHeight(of cell: TableViewCell) -> Double {
        let width = bounds.width
        let content = cell.contentView
        let usesConstraints = !content.constraints.isEmpty
            || content.subviews.contains { !$0.translatesAutoresizingMaskIntoConstraints }
        let height: Double
        if usesConstraints {
            height = content.systemLayoutSizeFitting(Size(width: width, height: 0),
                                                     withHorizontalFittingPriority: .required,
                                                     verticalFittingPriority: .fittingSizeLevel).height
        } else {
            height = cell.sizeThatFits(Size(width: width, height: 0)).height
        }
        let scale = window?.application?.screen.scale ?? 1
        guard height.isFinite, height > 0 else { return 0 }
        return (height * scale).rounded(.up) / scale
    }
}

/// What a self-sizing table keeps: the measured height of each row (negative: not measured),
/// the estimate, and the width they were measured at.
struct SelfSizingRows {
    /// Measured heights by global row; negative: not measured yet (the estimate stands in).
    /// Rows the delegate sizes hold their height (they need no measuring). Empty when the
    /// table does not self-size.
    var heights: [Double] = []
    /// The heights a rebuild resolves, in order (swapped in at its end).
    var rebuilt: [Double] = []
    /// The global row the rebuild resolves next.
    var rebuildIndex = 0
    /// During a batch update: measured heights by their rows' new paths.
    var byNewPath: [ItemPath: Double]?
    /// The table's width when the heights were measured (negative: never).
    var width = -1.0
    /// UIKit's `estimatedRowHeight` as set.
    var estimatedRowHeight = -1.0  // TableView.automaticDimension

    /// Makes the heights just resolved the table's (keeping both buffers' storage).
    mutating func endRebuild() {
        swap(&heights, &rebuilt)
        rebuilt.removeAll(keepingCapacity: true)
        byNewPath = nil
    }

    /// The height an unmeasured row counts as.
    var estimate: Double { estimatedRowHeight > 0 ? estimatedRowHeight : 44 }
}
