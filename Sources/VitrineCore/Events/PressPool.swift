import Logging

/// The fixed set of `Press` objects that every held key is served from, and the one
/// `PressesEvent` they are delivered in.
///
/// Everything is allocated once, when the pool is made (with the application): a key takes a
/// free press when it goes down and gives it back once its end (or cancel) has been delivered,
/// so pressing and releasing keys allocates nothing. This also bounds the key state: a key
/// whose release never comes (an unknown code, a release lost with its device) holds one slot
/// at most, and when every slot is held a further key is ignored — its press, repeats and
/// release dropped, with one log line until a slot frees — never crashing and never disturbing
/// the keys already held.
@MainActor
public final class PressPool {
    /// How many keys can be held at once by default: more than two hands hold, so a kiosk
    /// keyboard never reaches it, and few enough that a device flooding unknown codes costs
    /// a few hundred bytes.
    public static let defaultCapacity = 16

    /// How many keys can be held at once (1...64).
    public let capacity: Int
    /// Press objects, one per slot; never reallocated.
    let storage: ContiguousArray<Press>
    /// The event every key change is delivered in.
    let event: PressesEvent
    /// Bit `i` set means slot `i` is taken.
    private(set) var inUseMask: UInt64 = 0
    /// Key presses ignored because every slot was held, since creation (for tests and logs).
    public private(set) var ignoredPressCount = 0
    /// Whether the pool being full was logged since it last had a free slot.
    private var hasLoggedFull = false
    private let logger: Logger

    /// Creates a pool of `capacity` presses (clamped to 1...64), allocating them all now.
    public init(capacity: Int = PressPool.defaultCapacity, logger: Logger = Logger(label: "vitrine.keys")) {
        let clamped = min(max(capacity, 1), 64)
        if clamped != capacity {
            logger.warning("press-pool capacity \(capacity) is outside 1...64; using \(clamped)")
        }
        self.capacity = clamped
        self.storage = ContiguousArray((0..<clamped).map { Press(poolIndex: $0) })
        self.event = PressesEvent(storage: storage)
        self.logger = logger
    }

    /// How many keys are held (or ending, during the delivery of their end).
    public var activeCount: Int { inUseMask.nonzeroBitCount }

    /// Every taken press.
    public var activePresses: PressSet { PressSet(storage: storage, mask: inUseMask) }

    /// The held press of key `code`, if any.
    func heldPress(forKey code: Int) -> Press? {
        var bits = inUseMask
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            let press = storage[index]
            if press.keyCode == code && press.isHeld { return press }
        }
        return nil
    }

    /// Takes a free press for key `code`, or returns `nil` when every slot is held (logged
    /// once until a slot frees).
    func acquire(keyCode code: Int) -> Press? {
        let free = ~inUseMask & (capacity == 64 ? ~0 : (1 << UInt64(capacity)) - 1)
        guard free != 0 else {
            ignoredPressCount += 1
            if !hasLoggedFull {
                hasLoggedFull = true
                logger.warning("key \(code) ignored: \(capacity) keys are held already (a key stuck down, or a device sending codes it never releases); further keys are ignored until one is released, or the keyboard is unplugged")
            }
            return nil
        }
        let index = free.trailingZeroBitCount
        inUseMask |= 1 << UInt64(index)
        let press = storage[index]
        press.keyCode = code
        return press
    }

    /// Gives the presses of `mask` back; they serve later keys.
    func release(mask: UInt64) {
        guard inUseMask & mask != 0 else { return }
        inUseMask &= ~mask
        hasLoggedFull = false
    }
}
