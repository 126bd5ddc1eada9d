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
///
/// Each identifier has a bucket object, found by a dictionary read and then mutated: a
/// dictionary's in-place mutation (`dict[key]?.popLast()`) runs nested accessor coroutines whose
/// frames are heap-allocated, three `malloc`s per reuse, which a scroll step must not cost.
@MainActor
struct ReusePool<Element: View> {
    /// One identifier's factory, idle views and count of views made.
    private final class Bucket {
        var factory: @MainActor (String) -> Element
        var idle: [Element] = []
        var created = 0
        init(factory: @escaping @MainActor (String) -> Element) { self.factory = factory }
    }

    private var buckets: [String: Bucket] = [:]

    /// Records how views of `identifier` are made (replacing an earlier registration; idle
    /// views stay).
    mutating func register(_ identifier: String, factory: @escaping @MainActor (String) -> Element) {
        if let bucket = buckets[identifier] {
            bucket.factory = factory
        } else {
            buckets[identifier] = Bucket(factory: factory)
        }
    }

    /// Whether `identifier` was registered.
    func isRegistered(_ identifier: String) -> Bool { buckets[identifier] != nil }

    /// An idle view of `identifier`, or a new one from its factory; nil when the identifier was
    /// never registered. `isNew` says whether it was made now.
    func dequeue(_ identifier: String) -> (view: Element, isNew: Bool)? {
        guard let bucket = buckets[identifier] else { return nil }
        if let view = bucket.idle.popLast() { return (view, false) }
        bucket.created += 1
        return (bucket.factory(identifier), true)
    }

    /// Puts `view` back as idle under `identifier` (a registered one).
    func enqueue(_ view: Element, identifier: String) {
        guard let bucket = buckets[identifier] else { return }
        bucket.idle.append(view)
    }

    /// How many views of `identifier` have been made.
    func created(_ identifier: String) -> Int { buckets[identifier]?.created ?? 0 }

    /// How many views of `identifier` are idle.
    func idleCount(_ identifier: String) -> Int { buckets[identifier]?.idle.count ?? 0 }
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
