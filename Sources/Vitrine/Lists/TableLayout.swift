import VitrineGraphics

/// Where every section, header, row and footer of a `TableView` lies along its content, in
/// content points from the top (y only: rows span the table's width).
///
/// Memory is one `Double` per row: a prefix sum of the row heights, so a row's top and the
/// first row at a given y are found by arithmetic and a binary search, and 100,000 rows cost
/// 800 KB and no objects. Sections keep a small record each.
struct TableLayout {
    /// One section's extent.
    struct Section {
        /// Top of the section (its header's top).
        var top: Double
        var headerHeight: Double
        var footerHeight: Double
        /// The global index of its first row (rows of every section numbered in order).
        var firstRow: Int
        var rowCount: Int
        /// Top of its first row: `top + headerHeight`.
        var rowsTop: Double { top + headerHeight }
        /// Bottom of the section (its footer's bottom).
        var bottom: Double
        /// Bottom of its last row (top of the footer).
        var rowsBottom: Double { bottom - footerHeight }
    }

    private(set) var sections: [Section] = []
    /// `rowPrefix[g]`: the sum of the heights of the rows before global row `g`; one more
    /// entry than there are rows.
    private(set) var rowPrefix: [Double] = [0]
    /// Height of the whole content.
    private(set) var contentHeight = 0.0

    /// Rows of every section.
    var totalRows: Int { rowPrefix.count - 1 }

    /// Rebuilds the layout, keeping the arrays' storage. Heights that are not finite or are
    /// negative count as 0; heights above `maximumHeight` are limited to it.
    mutating func rebuild(sectionCount: Int, rowCount: (Int) -> Int, headerHeight: (Int) -> Double,
                          footerHeight: (Int) -> Double, rowHeight: (Int, Int) -> Double) {
        sections.removeAll(keepingCapacity: true)
        rowPrefix.removeAll(keepingCapacity: true)
        rowPrefix.append(0)
        var y = 0.0, sum = 0.0, global = 0
        for section in 0..<max(sectionCount, 0) {
            let rows = max(rowCount(section), 0)
            let header = TableLayout.clean(headerHeight(section))
            let footer = TableLayout.clean(footerHeight(section))
            let rowsStart = sum
            rowPrefix.reserveCapacity(rowPrefix.count + rows)
            for row in 0..<rows {
                sum += TableLayout.clean(rowHeight(section, row))
                rowPrefix.append(sum)
            }
            let bottom = y + header + (sum - rowsStart) + footer
            sections.append(Section(top: y, headerHeight: header, footerHeight: footer,
                                    firstRow: global, rowCount: rows, bottom: bottom))
            global += rows
            y = bottom
        }
        contentHeight = y
    }

    /// The largest height a row, header or footer may have (points): sums of 100,000 rows stay
    /// finite and exact enough.
    static let maximumHeight = 1e9

    private static func clean(_ value: Double) -> Double {
        value.isFinite && value > 0 ? min(value, maximumHeight) : 0
    }

    /// The height of global row `global`.
    func height(ofGlobal global: Int) -> Double { rowPrefix[global + 1] - rowPrefix[global] }

    /// Gives global row `global` (in section `section`) a new height, moving everything below
    /// it; returns the change. Linear in the rows below (one addition each): a self-sizing
    /// row is measured once, when it first comes on screen.
    mutating func setHeight(_ height: Double, ofGlobal global: Int, inSection section: Int) -> Double {
        let delta = TableLayout.clean(height) - self.height(ofGlobal: global)
        guard delta != 0 else { return 0 }
        for g in (global + 1)..<rowPrefix.count { rowPrefix[g] += delta }
        sections[section].bottom += delta
        for s in (section + 1)..<sections.count {
            sections[s].top += delta
            sections[s].bottom += delta
        }
        contentHeight += delta
        return delta
    }

    /// The rectangle of row `row` of `section` for a table `width` wide (nil when there is no
    /// such row).
    func rect(row: Int, section: Int, width: Double) -> Rect? {
        guard sections.indices.contains(section), row >= 0, row < sections[section].rowCount else { return nil }
        return rect(global: sections[section].firstRow + row, in: sections[section], width: width)
    }

    /// The rectangle of global row `global`, which lies in `section`.
    func rect(global: Int, in section: Section, width: Double) -> Rect {
        let top = section.rowsTop + rowPrefix[global] - rowPrefix[section.firstRow]
        return Rect(x: 0, y: top, width: width, height: rowPrefix[global + 1] - rowPrefix[global])
    }

    /// The section holding y (the last whose top is at or above it), or nil without sections.
    func sectionIndex(atY y: Double) -> Int? {
        guard !sections.isEmpty else { return nil }
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sections[mid].top <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The first global row of `section` whose bottom is below `y` (binary search over the
    /// prefix sums); the section's end when none is.
    func firstRow(in section: Section, below y: Double) -> Int {
        let base = section.rowsTop - rowPrefix[section.firstRow]
        var low = section.firstRow, high = section.firstRow + section.rowCount
        while low < high {
            let mid = (low + high) / 2
            if base + rowPrefix[mid + 1] > y { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The global rows that meet the band `minY..<maxY` (content points): a contiguous range.
    func visibleRows(minY: Double, maxY: Double) -> Range<Int> {
        guard maxY > minY, var s = sectionIndex(atY: minY) else { return 0..<0 }
        // Skip sections whose rows all lie above the band (it may start in a footer).
        var first = firstRow(in: sections[s], below: minY)
        while first == sections[s].firstRow + sections[s].rowCount && s + 1 < sections.count {
            s += 1
            first = firstRow(in: sections[s], below: minY)
        }
        guard let e = sectionIndex(atY: maxY) else { return 0..<0 }
        var last = firstRow(in: sections[e], below: maxY)  // first row not above maxY's row…
        // …include the row that holds maxY (its top is above maxY).
        if last < sections[e].firstRow + sections[e].rowCount,
           rect(global: last, in: sections[e], width: 0).minY < maxY { last += 1 }
        return first..<max(first, last)
    }

    /// The section and row of global row `global` (binary search over the sections).
    func path(ofGlobal global: Int) -> ItemPath {
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sections[mid].firstRow <= global { low = mid } else { high = mid - 1 }
        }
        // Empty sections share a first row with the next one: step to the one holding it.
        while low + 1 < sections.count && sections[low].firstRow + sections[low].rowCount <= global { low += 1 }
        return ItemPath(row: global - sections[low].firstRow, section: low)
    }

    /// The global index of `path`, or nil when there is no such row.
    func global(of path: ItemPath) -> Int? {
        guard sections.indices.contains(path.section), path.row >= 0,
              path.row < sections[path.section].rowCount else { return nil }
        return sections[path.section].firstRow + path.row
    }
}
