import VitrineGraphics

/// The position of a row of a `TableView` or an item of a `CollectionView`: a section and an
/// index within it (UIKit's `IndexPath` with `row`/`item` and `section`).
///
/// Why not `IndexPath`: Foundation has an `IndexPath`, and an app imports Foundation beside
/// Vitrine; a second `IndexPath` would make every unqualified use ambiguous (the same reason
/// the loop's timer is `LoopTimer`). `ItemPath` keeps UIKit's members (`row`, `item`,
/// `section`, `init(row:section:)`, `init(item:section:)`), so code reads as it does in UIKit.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, from 0.
    public var section: Int
    /// The row within the section, from 0 (the same number as `item`).
    public var row: Int

    /// The item within the section (a collection view's name for `row`).
    public var item: Int {
        get { row }
        set { row = newValue }
    }

    /// The path of `row` in `section`.
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    /// The path of `item` in `section`.
    public init(item: Int, section: Int) {
        self.init(row: item, section: section)
    }

    /// Section first, then row.
    public static func < (a: ItemPath, b: ItemPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.row < b.row
    }

    /// `[section, row]`, as Foundation prints an index path.
    public var description: String { "[\(section), \(row)]" }
}

/// The idle reusable views of a list or grid, by reuse identifier, and the factories that make
/// new ones (`register`). Idle views stay subviews of their list, hidden: reusing one is
/// showing it again, with no hierarchy change and no allocation once the pool has its size.
@MainActor
struct ReusePool<Element: View> {
    /// What `register` recorded: how to make a view for an identifier.
    private var factories: [String: @MainActor (String) -> Element] = [:]
    /// Idle views by identifier (hidden subviews of the list).
    private var idle: [String: [Element]] = [:]
    /// Views made so far, by identifier (tests and benchmarks read it).
    private(set) var created: [String: Int] = [:]

    /// Records how views of `identifier` are made (replacing an earlier registration).
    mutating func register(_ identifier: String, factory: @escaping @MainActor (String) -> Element) {
        factories[identifier] = factory
    }

    /// Whether `identifier` was registered.
    func isRegistered(_ identifier: String) -> Bool { factories[identifier] != nil }

    /// An idle view of `identifier`, or a new one from its factory; nil when the identifier was
    /// never registered. `isNew` says whether it was made now.
    mutating func dequeue(_ identifier: String) -> (view: Element, isNew: Bool)? {
        if let view = idle[identifier]?.popLast() { return (view, false) }
        guard let factory = factories[identifier] else { return nil }
        created[identifier, default: 0] += 1
        return (factory(identifier), true)
    }

    /// Puts `view` back as idle under `identifier`.
    mutating func enqueue(_ view: Element, identifier: String) {
        idle[identifier, default: []].append(view)
    }

    /// How many views of `identifier` are idle.
    func idleCount(_ identifier: String) -> Int { idle[identifier]?.count ?? 0 }

    /// Every idle view.
    var allIdle: [Element] { idle.values.flatMap { $0 } }
}

/// One visible cell of a list or grid: its global index (rows of all sections numbered in
/// order), its path and the view.
struct VisibleItem<Element: View> {
    var index: Int
    var path: ItemPath
    var view: Element
}

/// The visible cells of a list or grid, sorted by global index, and the merge that follows a
/// new visible range: cells that left it go back first (so the cells entering reuse them),
/// then cells that stay are kept and missing ones made. No allocation once warm: the two
/// buffers swap and keep their capacity.
@MainActor
struct VisibleItems<Element: View> {
    private(set) var items: [VisibleItem<Element>] = []
    private var spare: [VisibleItem<Element>] = []

    /// Replaces the visible cells by those of `range` (global indices). `recycle` gets each cell
    /// leaving; `make` gives the cell for an index entering (nil: none is shown there);
    /// `place` positions each cell of the range, kept or new.
    mutating func update(range: Range<Int>, recycle: (VisibleItem<Element>) -> Void,
                         make: (Int) -> VisibleItem<Element>?, place: (VisibleItem<Element>) -> Void) {
        for item in items where !range.contains(item.index) { recycle(item) }
        spare.removeAll(keepingCapacity: true)
        var old = 0
        for index in range {
            while old < items.count && items[old].index < index { old += 1 }
            if old < items.count && items[old].index == index {
                spare.append(items[old])
                old += 1
            } else if let item = make(index) {
                spare.append(item)
            }
        }
        swap(&items, &spare)
        spare.removeAll(keepingCapacity: true)
        for item in items { place(item) }
    }

    /// Removes and returns every visible cell (for a reload).
    mutating func removeAll() -> [VisibleItem<Element>] {
        let all = items
        items.removeAll(keepingCapacity: true)
        return all
    }

    /// Replaces the visible cells (after an update renumbered them); sorted by index here.
    mutating func replace(with newItems: [VisibleItem<Element>]) {
        items = newItems.sorted { $0.index < $1.index }
    }

    /// The visible cell at `path`, if any.
    func item(at path: ItemPath) -> VisibleItem<Element>? {
        items.first { $0.path == path }
    }
}
