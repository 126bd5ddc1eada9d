import Logging

/// The fixed set of `Touch` objects that every finger is served from.
///
/// All touches are allocated once, when the pool is created; a finger takes a free touch when it
/// touches down and gives it back after its end has been delivered. A finger beyond `capacity`
/// is ignored — its down, motion and up are dropped with one log line at the down — and never
/// crashes or disturbs the fingers already down.
@MainActor
public final class TouchPool {
    /// How many fingers can be down at once (1...64; typically the panel's slot count, 10).
    public let capacity: Int
    /// Touch objects, one per slot; never reallocated.
    let storage: ContiguousArray<Touch>
    /// Bit `i` set means slot `i` is taken.
    private(set) var inUseMask: UInt64 = 0
    /// Fingers that were ignored because the pool was full, since creation (for tests and logs).
    public private(set) var ignoredTouchCount = 0
    private var nextSequenceNumber: UInt64 = 1
    private let logger: Logger

    /// The capacities a pool can have: one finger at least, and as many as the slot mask holds.
    public static let capacityRange = 1...64

    /// Creates a pool of `capacity` touches, allocating them all now. A capacity outside
    /// `capacityRange` is clamped into it, with one log line.
    public init(capacity: Int, logger: Logger = Logger(label: "vitrine.touch")) {
        let usable = min(max(capacity, TouchPool.capacityRange.lowerBound), TouchPool.capacityRange.upperBound)
        if usable != capacity {
            logger.warning("touch-pool capacity must be 1...64, got \(capacity): using \(usable) — set [touch] capacity in the board profile to the panel's slot count")
        }
        self.capacity = usable
        self.storage = ContiguousArray((0..<usable).map { Touch(poolIndex: $0) })
        self.logger = logger
    }

    /// How many touches are taken (down, or ended but not yet delivered).
    public var activeCount: Int { inUseMask.nonzeroBitCount }

    /// Every taken touch.
    public var activeTouches: TouchSet { TouchSet(storage: storage, mask: inUseMask) }

    /// Takes a fresh touch for the finger `identifier`, or returns `nil` (with one log line) when
    /// every slot is taken.
    func acquire(_ identifier: TouchIdentifier) -> Touch? {
        let free = ~inUseMask & (capacity == 64 ? ~0 : (1 << UInt64(capacity)) - 1)
        guard free != 0 else {
            ignoredTouchCount += 1
            logger.warning("touch \(identifier) ignored: all \(capacity) touches of the pool are down (raise [touch] capacity in the board profile if the panel has more slots)")
            return nil
        }
        let index = free.trailingZeroBitCount
        inUseMask |= 1 << UInt64(index)
        let touch = storage[index]
        touch.reset(identifier: identifier, sequenceNumber: nextSequenceNumber)
        nextSequenceNumber &+= 1
        return touch
    }

    /// The taken touch of finger `identifier` that has not ended yet, if any.
    func liveTouch(_ identifier: TouchIdentifier) -> Touch? {
        var bits = inUseMask
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            let touch = storage[index]
            if touch.identifier == identifier && touch.phase != .ended && touch.phase != .cancelled {
                return touch
            }
        }
        return nil
    }

    /// Gives `touch` back; it serves a later finger.
    func release(_ touch: Touch) {
        inUseMask &= ~(1 << UInt64(touch.poolIndex))
        touch.view = nil
        touch.window = nil
        touch.recognizers.removeAll(keepingCapacity: true)
    }
}
