/// What changed between two snapshots with the same sections in the same order, as a list's
/// batch update takes it: deletions at their old paths, insertions at their new paths, moves
/// from old to new paths (UIKit's order of an update batch).
///
/// **How.** One dictionary of the old items (by hash, see `init`), one pass over the new
/// items to match them, and a longest increasing subsequence of the matched
/// items' old positions (patience sorting, n log n): the matched items in it keep their
/// relative order and simply slide; every other matched item is a move, as is one that changed
/// section. This is the least number of moves that explains the reorder, so a single item
/// dragged elsewhere is one move, not a shift of all between. Items are unique in a snapshot
/// (the snapshot refuses duplicates), which the matching relies on.
struct DiffableDifference {
    var deletions: [ItemPath] = []
    var insertions: [ItemPath] = []
    var moves: [(from: ItemPath, to: ItemPath)] = []

    /// Whether nothing moved, came or went.
    var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && moves.isEmpty }

    /// The difference from `old` to `new`; both have the same section identifiers in the same
    /// order.
    init<S: Hashable, I: Hashable>(from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>) {
        // The identifiers' hashes, each computed once, are matched in a dictionary of `Int`s
        // (chained on equal hashes, confirmed with `==`): the app's identifier type reaches
        // this code unspecialized (a generic across modules), so the generic hashing and
        // equality calls are what costs; this keeps them to one hash per item and about one
        // comparison per kept item.
        var oldItems: [I] = []
        var oldPaths: [ItemPath] = []
        oldItems.reserveCapacity(old.numberOfItems)
        oldPaths.reserveCapacity(old.numberOfItems)
        for (s, sectionItems) in old.items.enumerated() {
            oldItems.append(contentsOf: sectionItems)
            for row in sectionItems.indices { oldPaths.append(ItemPath(row: row, section: s)) }
        }
        let count = oldItems.count
        // heads[hash]: the last old item with that hash; chain[g]: the previous one (-1: none).
        var heads = [Int: Int](minimumCapacity: count)
        var chain = [Int](repeating: -1, count: count)
        for g in 0..<count {
            let hash = oldItems[g].hashValue
            if let previous = heads.updateValue(g, forKey: hash) { chain[g] = previous }
        }
        var matched = [Bool](repeating: false, count: count)
        // Matched items that stayed in their section, in new order: their old positions and
        // their paths.
        var stayedOld: [Int] = []
        var stayedPaths: [(from: ItemPath, to: ItemPath)] = []
        stayedOld.reserveCapacity(min(count, new.numberOfItems))
        stayedPaths.reserveCapacity(min(count, new.numberOfItems))
        for (s, sectionItems) in new.items.enumerated() {
            for (row, item) in sectionItems.enumerated() {
                let to = ItemPath(row: row, section: s)
                var g = heads[item.hashValue] ?? -1
                while g >= 0 && !(oldItems[g] == item) { g = chain[g] }
                guard g >= 0 else {
                    insertions.append(to)
                    continue
                }
                matched[g] = true
                let from = oldPaths[g]
                if from.section == s {
                    stayedOld.append(g)
                    stayedPaths.append((from, to))
                } else {
                    moves.append((from, to))
                }
            }
        }
        let keep = DiffableDifference.longestIncreasing(stayedOld)
        for index in stayedPaths.indices where !keep[index] { moves.append(stayedPaths[index]) }
        for g in 0..<count where !matched[g] { deletions.append(oldPaths[g]) }
    }

    /// Marks the members of one longest strictly increasing subsequence of `values`.
    static func longestIncreasing(_ values: [Int]) -> [Bool] {
        var keep = [Bool](repeating: false, count: values.count)
        guard !values.isEmpty else { return keep }
        // tails[k]: index in `values` of the smallest tail of an increasing run of length k+1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        tails.reserveCapacity(64)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var index = tails[tails.count - 1]
        while index >= 0 {
            keep[index] = true
            index = previous[index]
        }
        return keep
    }
}
