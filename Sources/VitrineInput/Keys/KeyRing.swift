/// One thing the key reader's thread read from a keyboard, queued for the main actor as plain
/// values: 16 bytes, no reference, so queuing one copies it and allocates nothing.
package struct QueuedKey: Sendable, Hashable {
    /// What happened.
    package enum Kind: UInt8, Sendable {
        /// A key (`code`) came up.
        case released
        /// A key (`code`) went down.
        case pressed
        /// The kernel's buffer of this client overflowed (SYN_DROPPED): events were lost, and
        /// the keys that follow (until the next normal event) bring the key state up to date.
        case dropped
        /// Reading failed and the reader stopped reading the device; `code` holds the errno
        /// (ENODEV: unplugged).
        case lost
    }

    /// When the kernel stamped the event: microseconds of CLOCK_MONOTONIC (the reader sets
    /// the client's clock so, as libinput does), the unit of `RawInputEvent` times.
    package var time: UInt64
    /// The reader's token for the keyboard (`KeyReader.add(path:)`).
    package var device: UInt32
    /// The Linux KEY_* code; for `.lost`, the errno that ended reading.
    package var code: UInt16
    /// What happened.
    package var kind: Kind

    /// Creates an entry.
    package init(time: UInt64, device: UInt32, code: UInt16, kind: Kind) {
        self.time = time
        self.device = device
        self.code = code
        self.kind = kind
    }
}

/// A first-in first-out queue of `QueuedKey`s of fixed capacity, its storage allocated once:
/// appending and taking never allocate. Not synchronised itself: `KeyReader` keeps it inside
/// its mutex.
package struct KeyRing: Sendable {
    /// The entries; `count` of them from `head` on (wrapping) are queued.
    private var storage: [QueuedKey]
    private var head = 0
    /// How many entries are queued.
    package private(set) var count = 0

    /// An empty ring of `capacity` entries (at least 1).
    package init(capacity: Int) {
        storage = Array(repeating: QueuedKey(time: 0, device: 0, code: 0, kind: .released), count: max(capacity, 1))
    }

    /// How many entries it holds at most.
    package var capacity: Int { storage.count }
    /// How many more entries fit.
    package var space: Int { storage.count - count }
    /// Whether nothing is queued.
    package var isEmpty: Bool { count == 0 }

    /// Queues `entry` at the end; returns false (and queues nothing) when the ring is full.
    @discardableResult
    package mutating func append(_ entry: QueuedKey) -> Bool {
        guard count < storage.count else { return false }
        var index = head + count
        if index >= storage.count { index -= storage.count }
        storage[index] = entry
        count += 1
        return true
    }

    /// Moves up to `limit` entries from the front, in order, into `buffer`'s first positions
    /// (at most `buffer.count` of them); returns how many.
    package mutating func take(into buffer: inout [QueuedKey], limit: Int) -> Int {
        let taken = min(count, limit, buffer.count)
        for offset in 0..<taken {
            buffer[offset] = storage[head]
            head += 1
            if head == storage.count { head = 0 }
        }
        count -= taken
        return taken
    }

    /// The address of the storage, to check that it is never reallocated (tests).
    package var storageAddress: UnsafeRawPointer? {
        storage.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
}
