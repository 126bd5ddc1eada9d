/// The state of a list as identifiers: sections, and the items of each, in order (UIKit's
/// `NSDiffableDataSourceSnapshot`). An app builds one, or changes a copy of the data source's
/// `snapshot()`, and gives it to `apply(_:animatingDifferences:completion:)`; the data source
/// works out what was inserted, deleted, moved and reloaded.
///
/// Identifiers are values that name a section or an item (an id, not the model itself): each
/// one appears once in the whole snapshot. Lookups by identifier are dictionary reads; an
/// item's position inside its section is a search of that section.
///
/// **Misuse.** UIKit raises on a duplicate identifier, an unknown item or section given as an
/// anchor, or items appended with no section to hold them. Here the snapshot survives it: the
/// offending change is skipped (a duplicate keeps its first place) and the problem is kept, to
/// be logged once the snapshot is applied to a list in a window.
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    /// Section identifiers in order.
    private(set) var sections: [SectionIdentifierType] = []
    /// Each section's items in order (parallel to `sections`).
    private(set) var items: [[ItemIdentifierType]] = []
    /// The index of each section in `sections`.
    private var sectionIndex: [SectionIdentifierType: Int] = [:]
    /// The section holding each item.
    private var itemSection: [ItemIdentifierType: SectionIdentifierType] = [:]
    /// Items to reload (their cells replaced) and to reconfigure (their cells kept and set up
    /// again) when this snapshot is applied.
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    /// Items whose existing cells the data source configures again when this snapshot is
    /// applied (UIKit's `reconfigureItems`: cheaper than a reload, no fade).
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []
    /// Sections whose items are all reloaded when this snapshot is applied.
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []
    /// App bugs met while building the snapshot, logged when it is applied.
    var problems: [String] = []

    /// An empty snapshot: no sections, no items.
    public init() {}

    // MARK: Reading

    /// Items in every section.
    public var numberOfItems: Int { itemSection.count }
    /// Sections.
    public var numberOfSections: Int { sections.count }
    /// Section identifiers in order.
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    /// Every item identifier, section after section.
    public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }

    /// The items of `section` in order (empty for a section not in the snapshot).
    public func itemIdentifiers(inSection section: SectionIdentifierType) -> [ItemIdentifierType] {
        sectionIndex[section].map { items[$0] } ?? []
    }

    /// How many items `section` holds (0 for a section not in the snapshot).
    public func numberOfItems(inSection section: SectionIdentifierType) -> Int {
        sectionIndex[section].map { items[$0].count } ?? 0
    }

    /// The section holding `item`, or nil when it is not in the snapshot.
    public func sectionIdentifier(containingItem item: ItemIdentifierType) -> SectionIdentifierType? {
        itemSection[item]
    }

    /// The position of `item` among all items (section after section), or nil.
    public func indexOfItem(_ item: ItemIdentifierType) -> Int? {
        guard let section = itemSection[item], let s = sectionIndex[section],
              let row = items[s].firstIndex(of: item) else { return nil }
        return items[..<s].reduce(row) { $0 + $1.count }
    }

    /// The position of `section`, or nil when it is not in the snapshot.
    public func indexOfSection(_ section: SectionIdentifierType) -> Int? {
        sectionIndex[section]
    }

    /// The path of `item` (section index, row in it), or nil.
    func path(of item: ItemIdentifierType) -> ItemPath? {
        guard let section = itemSection[item], let s = sectionIndex[section],
              let row = items[s].firstIndex(of: item) else { return nil }
        return ItemPath(row: row, section: s)
    }

    /// The item at `path`, or nil when there is none.
    func item(at path: ItemPath) -> ItemIdentifierType? {
        guard items.indices.contains(path.section), items[path.section].indices.contains(path.row) else { return nil }
        return items[path.section][path.row]
    }

    // MARK: Items

    /// Adds `identifiers` at the end of `section`, or of the last section when nil.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil) {
        guard let s = resolve(section, "appendItems") else { return }
        add(identifiers, toSection: s, at: items[s].count, "appendItems")
    }

    /// Inserts `identifiers` just before `beforeIdentifier`, in its section.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        guard let path = anchor(beforeIdentifier, "insertItems(_:beforeItem:)") else { return }
        add(identifiers, toSection: path.section, at: path.row, "insertItems(_:beforeItem:)")
    }

    /// Inserts `identifiers` just after `afterIdentifier`, in its section.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        guard let path = anchor(afterIdentifier, "insertItems(_:afterItem:)") else { return }
        add(identifiers, toSection: path.section, at: path.row + 1, "insertItems(_:afterItem:)")
    }

    /// Removes `identifiers` (those not in the snapshot are ignored, as in UIKit).
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        var doomed = Set<ItemIdentifierType>()
        var touched = Set<Int>()
        for item in identifiers {
            guard let section = itemSection.removeValue(forKey: item) else { continue }
            doomed.insert(item)
            if let s = sectionIndex[section] { touched.insert(s) }
        }
        guard !doomed.isEmpty else { return }
        for s in touched { items[s].removeAll { doomed.contains($0) } }
        forgetReloads(of: doomed)
    }

    /// Removes every item; the sections stay.
    public mutating func deleteAllItems() {
        for s in items.indices { items[s].removeAll() }
        itemSection.removeAll()
        reloadedItemIdentifiers.removeAll()
        reconfiguredItemIdentifiers.removeAll()
    }

    /// Moves `identifier` to just before `toIdentifier` (into its section if another).
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        move(identifier, anchor: toIdentifier, after: false)
    }

    /// Moves `identifier` to just after `toIdentifier` (into its section if another).
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        move(identifier, anchor: toIdentifier, after: true)
    }

    /// Marks `identifiers` to have their cells replaced (asked for again) when applied.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for item in identifiers {
            guard itemSection[item] != nil else {
                problems.append("reloadItems: item \(item) is not in the snapshot")
                continue
            }
            reloadedItemIdentifiers.append(item)
        }
    }

    /// Marks `identifiers` to have their current cells configured again when applied (the
    /// cell provider gets the same cell back from `dequeueReusableCell`).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        for item in identifiers {
            guard itemSection[item] != nil else {
                problems.append("reconfigureItems: item \(item) is not in the snapshot")
                continue
            }
            reconfiguredItemIdentifiers.append(item)
        }
    }

    // MARK: Sections

    /// Adds `identifiers` as empty sections at the end.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        addSections(identifiers, at: sections.count, "appendSections")
    }

    /// Inserts `identifiers` as empty sections just before `toIdentifier`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        guard let s = sectionIndex[toIdentifier] else {
            problems.append("insertSections(_:beforeSection:): section \(toIdentifier) is not in the snapshot")
            return
        }
        addSections(identifiers, at: s, "insertSections(_:beforeSection:)")
    }

    /// Inserts `identifiers` as empty sections just after `toIdentifier`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        guard let s = sectionIndex[toIdentifier] else {
            problems.append("insertSections(_:afterSection:): section \(toIdentifier) is not in the snapshot")
            return
        }
        addSections(identifiers, at: s + 1, "insertSections(_:afterSection:)")
    }

    /// Removes `identifiers` and their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let doomed = Set(identifiers.filter { sectionIndex[$0] != nil })
        guard !doomed.isEmpty else { return }
        var gone = Set<ItemIdentifierType>()
        for (s, section) in sections.enumerated() where doomed.contains(section) {
            for item in items[s] {
                itemSection[item] = nil
                gone.insert(item)
            }
        }
        let kept = sections.indices.filter { !doomed.contains(sections[$0]) }
        items = kept.map { items[$0] }
        sections = kept.map { sections[$0] }
        reindexSections()
        forgetReloads(of: gone)
        reloadedSectionIdentifiers.removeAll { doomed.contains($0) }
    }

    /// Moves section `identifier` (with its items) to just before `toIdentifier`.
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, anchor: toIdentifier, after: false)
    }

    /// Moves section `identifier` (with its items) to just after `toIdentifier`.
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, anchor: toIdentifier, after: true)
    }

    /// Marks every item of `identifiers` to be reloaded when applied.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for section in identifiers {
            guard sectionIndex[section] != nil else {
                problems.append("reloadSections: section \(section) is not in the snapshot")
                continue
            }
            reloadedSectionIdentifiers.append(section)
        }
    }

    /// Marks every item of `identifiers` to be reconfigured when applied.
    public mutating func reconfigureSections(_ identifiers: [SectionIdentifierType]) {
        for section in identifiers { reconfigureItems(itemIdentifiers(inSection: section)) }
    }

    /// The snapshot without its marks for reloading and its problems: the state a data
    /// source keeps once the snapshot is applied.
    var unmarked: DiffableDataSourceSnapshot {
        var copy = self
        copy.reloadedItemIdentifiers.removeAll()
        copy.reconfiguredItemIdentifiers.removeAll()
        copy.reloadedSectionIdentifiers.removeAll()
        copy.problems.removeAll()
        return copy
    }

    // MARK: Private

    /// The index of `section`, or of the last section when nil; records a problem when there
    /// is none.
    private mutating func resolve(_ section: SectionIdentifierType?, _ call: String) -> Int? {
        if let section {
            if let s = sectionIndex[section] { return s }
            problems.append("\(call): section \(section) is not in the snapshot")
            return nil
        }
        if sections.isEmpty {
            problems.append("\(call): the snapshot has no section to add items to (call appendSections first)")
            return nil
        }
        return sections.count - 1
    }

    private mutating func anchor(_ item: ItemIdentifierType, _ call: String) -> ItemPath? {
        if let path = path(of: item) { return path }
        problems.append("\(call): item \(item) is not in the snapshot")
        return nil
    }

    /// Inserts the identifiers not yet in the snapshot at `row` of section `s`.
    private mutating func add(_ identifiers: [ItemIdentifierType], toSection s: Int, at row: Int, _ call: String) {
        let section = sections[s]
        var fresh: [ItemIdentifierType] = []
        fresh.reserveCapacity(identifiers.count)
        for item in identifiers {
            // Already here (earlier in this call or before): it keeps its first place.
            guard itemSection[item] == nil else {
                problems.append("\(call): item \(item) is already in the snapshot (identifiers must be unique)")
                continue
            }
            itemSection[item] = section
            fresh.append(item)
        }
        if row == items[s].count {
            items[s].append(contentsOf: fresh)
        } else {
            items[s].insert(contentsOf: fresh, at: row)
        }
    }

    private mutating func addSections(_ identifiers: [SectionIdentifierType], at index: Int, _ call: String) {
        var fresh: [SectionIdentifierType] = []
        var seen = Set<SectionIdentifierType>()
        for section in identifiers {
            if sectionIndex[section] != nil || !seen.insert(section).inserted {
                problems.append("\(call): section \(section) is already in the snapshot (identifiers must be unique)")
                continue
            }
            fresh.append(section)
        }
        sections.insert(contentsOf: fresh, at: index)
        items.insert(contentsOf: fresh.map { _ in [] }, at: index)
        reindexSections()
    }

    private mutating func move(_ item: ItemIdentifierType, anchor target: ItemIdentifierType, after: Bool) {
        let call = after ? "moveItem(_:afterItem:)" : "moveItem(_:beforeItem:)"
        guard item != target else { return }
        guard let from = path(of: item) else {
            problems.append("\(call): item \(item) is not in the snapshot")
            return
        }
        guard anchor(target, call) != nil else { return }
        items[from.section].remove(at: from.row)
        let to = path(of: target)!  // found above; the removal may have shifted it
        items[to.section].insert(item, at: to.row + (after ? 1 : 0))
        itemSection[item] = sections[to.section]
    }

    private mutating func moveSection(_ section: SectionIdentifierType, anchor target: SectionIdentifierType, after: Bool) {
        let call = after ? "moveSection(_:afterSection:)" : "moveSection(_:beforeSection:)"
        guard section != target else { return }
        guard let from = sectionIndex[section], sectionIndex[target] != nil else {
            problems.append("\(call): section \(sectionIndex[section] == nil ? section : target) is not in the snapshot")
            return
        }
        let moving = items.remove(at: from)
        sections.remove(at: from)
        reindexSections()
        let to = sectionIndex[target]! + (after ? 1 : 0)
        sections.insert(section, at: to)
        items.insert(moving, at: to)
        reindexSections()
    }

    private mutating func reindexSections() {
        sectionIndex.removeAll(keepingCapacity: true)
        for (s, section) in sections.enumerated() { sectionIndex[section] = s }
    }

    private mutating func forgetReloads(of gone: Set<ItemIdentifierType>) {
        guard !gone.isEmpty else { return }
        reloadedItemIdentifiers.removeAll { gone.contains($0) }
        reconfiguredItemIdentifiers.removeAll { gone.contains($0) }
    }
}

extension DiffableDataSourceSnapshot: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

extension DiffableDataSourceSnapshot: Equatable {
    /// Two snapshots are equal when they hold the same sections and items in the same order
    /// (the marks for reloading are not compared).
    public static func == (a: DiffableDataSourceSnapshot, b: DiffableDataSourceSnapshot) -> Bool {
        a.sections == b.sections && a.items == b.items
    }
}
