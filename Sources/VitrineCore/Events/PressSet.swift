/// A set of presses of one pool, stored as a bit mask over the pool's slots.
///
/// This is what press-handling methods (`pressesBegan` …) receive instead of UIKit's
/// `Set<UIPress>`, for the reason `TouchSet` replaces `Set<UITouch>`: a Swift `Set` is a heap
/// buffer made for every key event, while this is a value of two words that allocates nothing.
/// It reads like the set UIKit passes: a `Collection` (iterate it, `count`, `first`,
/// `contains`); make a `Set(presses)` when a Swift set is needed.
@MainActor
public struct PressSet: @MainActor Collection, @MainActor CustomStringConvertible {
    /// Position of a press in the set: its slot index in the pool.
    public typealias Index = Int

    let storage: ContiguousArray<Press>
    /// Bit `i` set means pool slot `i` is in the set.
    let mask: UInt64

    init(storage: ContiguousArray<Press>, mask: UInt64) {
        self.storage = storage
        self.mask = mask
    }

    /// An empty set.
    public init() {
        storage = []
        mask = 0
    }

    /// The index of the first press.
    nonisolated public var startIndex: Int { mask == 0 ? 64 : mask.trailingZeroBitCount }
    /// Past the last press.
    nonisolated public var endIndex: Int { 64 }

    /// The press at `position`.
    public subscript(position: Int) -> Press { storage[position] }

    /// The next press's index after `i`.
    nonisolated public func index(after i: Int) -> Int {
        let next = i + 1
        guard next < 64 else { return 64 }
        let rest = mask >> UInt64(next)
        return rest == 0 ? 64 : next + rest.trailingZeroBitCount
    }

    /// How many presses are in the set.
    nonisolated public var count: Int { mask.nonzeroBitCount }
    /// Whether the set is empty.
    nonisolated public var isEmpty: Bool { mask == 0 }

    /// Whether `press` is in the set.
    public func contains(_ press: Press) -> Bool {
        press.poolIndex < storage.count && storage[press.poolIndex] === press
            && mask & (1 << UInt64(press.poolIndex)) != 0
    }

    /// The presses of this set that are in `phase`.
    public func filter(phase: Press.Phase) -> PressSet {
        subset { $0.phase == phase }
    }

    /// The presses for which `include` is true.
    public func subset(_ include: (Press) -> Bool) -> PressSet {
        var bits: UInt64 = 0
        for index in indices where include(storage[index]) { bits |= 1 << UInt64(index) }
        return PressSet(storage: storage, mask: bits)
    }

    /// The presses, for logs.
    public var description: String { "PressSet(\(map(\.description).joined(separator: ", ")))" }
}
