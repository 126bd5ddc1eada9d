/// A set of touches of one pool, stored as a bit mask over the pool's slots.
///
/// This is what touch-handling methods receive instead of UIKit's `Set<UITouch>`: it is a
/// value that needs no heap allocation, so delivering a touch event allocates nothing. It is a
/// `Collection` (iterate it, `count`, `first`, `contains`); make a `Set(touches)` when a Swift
/// set is needed.
@MainActor
public struct TouchSet: @MainActor Collection, @MainActor CustomStringConvertible {
    /// Position of a touch in the set: its slot index in the pool.
    public typealias Index = Int

    let storage: ContiguousArray<Touch>
    /// Bit `i` set means pool slot `i` is in the set.
    let mask: UInt64

    init(storage: ContiguousArray<Touch>, mask: UInt64) {
        self.storage = storage
        self.mask = mask
    }

    /// An empty set.
    public init() {
        storage = []
        mask = 0
    }

    /// The index of the first touch.
    nonisolated public var startIndex: Int { mask == 0 ? 64 : mask.trailingZeroBitCount }
    /// Past the last touch.
    nonisolated public var endIndex: Int { 64 }

    /// The touch at `position`.
    public subscript(position: Int) -> Touch { storage[position] }

    /// The next touch's index after `i`.
    nonisolated public func index(after i: Int) -> Int {
        let next = i + 1
        guard next < 64 else { return 64 }
        let rest = mask >> UInt64(next)
        return rest == 0 ? 64 : next + rest.trailingZeroBitCount
    }

    /// How many touches are in the set.
    nonisolated public var count: Int { mask.nonzeroBitCount }
    /// Whether the set is empty.
    nonisolated public var isEmpty: Bool { mask == 0 }

    /// Whether `touch` is in the set.
    public func contains(_ touch: Touch) -> Bool {
        touch.poolIndex < storage.count && storage[touch.poolIndex] === touch
            && mask & (1 << UInt64(touch.poolIndex)) != 0
    }

    /// The touches of this set that are in `phase`.
    public func filter(phase: Touch.Phase) -> TouchSet {
        subset { $0.phase == phase }
    }

    /// The touches for which `include` is true.
    public func subset(_ include: (Touch) -> Bool) -> TouchSet {
        var bits: UInt64 = 0
        for index in indices where include(storage[index]) { bits |= 1 << UInt64(index) }
        return TouchSet(storage: storage, mask: bits)
    }

    /// The touches, for logs.
    public var description: String { "TouchSet(\(map(\.description).joined(separator: ", ")))" }
}
