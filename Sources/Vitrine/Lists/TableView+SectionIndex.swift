import VitrineGraphics

// The section index (UIKit's `sectionIndexTitles(for:)`): a column of short titles at the
// trailing edge of the visible bounds (the left edge right to left); a finger on it, or moving
// along it, scrolls the table to the section of the title under it.

extension TableView {
    /// The width of the index column, in points.
    static let sectionIndexWidth = 24.0

    /// After a reload: asks the data source for index titles and shows the index, or takes it
    /// away when there are none.
    func reloadSectionIndex() {
        let titles = dataSource?.sectionIndexTitles(for: self) ?? []
        guard !titles.isEmpty else {
            sectionIndexView?.removeFromSuperview()
            sectionIndexView = nil
            return
        }
        let index = sectionIndexView ?? SectionIndexView(frame: .zero)
        index.table = self
        index.titles = titles
        if index.superview !== self { addSubview(index) }
        sectionIndexView = index
    }

    /// Keeps the index at the trailing edge of the visible bounds, above the rows.
    func layoutSectionIndex() {
        guard let index = sectionIndexView else { return }
        let b = bounds
        let width = Self.sectionIndexWidth
        let frame = Rect(x: isRightToLeft ? b.minX : b.maxX - width, y: b.minY, width: width, height: b.height)
        if index.frame != frame { index.frame = frame }
        if subviews.last !== index { bringSubviewToFront(index) }
    }

    /// The index title at `position` was touched: scrolls its section's top to the top.
    func scrollToSectionIndexTitle(at position: Int, title: String) {
        guard let source = dataSource else { return }
        let section = source.tableView(self, sectionForSectionIndexTitle: title, at: position)
        guard layout.sections.indices.contains(section) else { return }
        let size = Size(width: bounds.width, height: layout.contentHeight)
        if contentSize != size { contentSize = size }
        let y = min(max(layout.sections[section].top, minimumContentOffset.y), maximumContentOffset.y)
        if contentOffset.y != y { contentOffset = Point(x: contentOffset.x, y: y) }
    }
}

/// The column of index titles a table shows (its `sectionIndexView`), in the tint colour,
/// spread evenly and centred vertically. Touches on it jump to sections.
@MainActor
final class SectionIndexView: View {
    weak var table: TableView?
    var titles: [String] = [] {
        didSet { if titles != oldValue { rebuildLabels() } }
    }
    private var labels: [Label] = []
    /// The title last jumped to while a finger is down, so that moving within it does nothing.
    private var lastPosition = -1
    /// The height of one title, in points.
    static let rowHeight = 16.0

    override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = nil
    }

    private func rebuildLabels() {
        for label in labels { label.removeFromSuperview() }
        labels = titles.map { title in
            let label = Label(frame: .zero)
            label.text = title
            label.font = .system(size: 11, weight: .semibold)
            label.textAlignment = .center
            label.textColor = tintColor
            label.isUserInteractionEnabled = false
            addSubview(label)
            return label
        }
        setNeedsLayout()
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        for label in labels { label.textColor = tintColor }
    }

    /// The top of the first title: the column centred in the bounds.
    private var firstTop: Double {
        max(0, (bounds.height - Double(labels.count) * Self.rowHeight) / 2)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let top = firstTop
        for (position, label) in labels.enumerated() {
            label.frame = Rect(x: 0, y: top + Double(position) * Self.rowHeight, width: bounds.width, height: Self.rowHeight)
        }
    }

    /// The title under `y` (bounds space), clamped to the first and last.
    private func position(at y: Double) -> Int {
        guard !labels.isEmpty else { return -1 }
        let raw = ((y - firstTop) / Self.rowHeight).rounded(.down)
        return raw.isFinite ? Int(min(max(raw, 0), Double(labels.count - 1))) : 0
    }

    private func jump(to y: Double) {
        let position = position(at: y)
        guard position >= 0, position != lastPosition, position < titles.count else { return }
        lastPosition = position
        table?.scrollToSectionIndexTitle(at: position, title: titles[position])
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        guard let touch = touches.first else { return }
        lastPosition = -1
        jump(to: touch.location(in: self).y)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        guard let touch = touches.first else { return }
        jump(to: touch.location(in: self).y)
    }

    /// A finger on the index runs along it: the table's scrolling and swipes do not take it
    /// (as a slider keeps its own tracking).
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { false }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) { lastPosition = -1 }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { lastPosition = -1 }
}
