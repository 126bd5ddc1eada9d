import CEvdev
import CVitrineShims
import Glibc
import Synchronization
import SystemPackage

/// Reads keyboards on a thread of its own, as soon as their keys arrive, whatever the main
/// thread is doing, and queues them for the main actor: the kernel keeps only 64 events per
/// evdev client, and a barcode scanner types a whole code (20–60 characters and Return, four
/// to eight events each) in one burst, so a main thread busy for a moment (an image decoded,
/// a dictionary deployed) would otherwise lose the code, silently.
///
/// - The thread sleeps in `epoll_wait` on the keyboards' own evdev clients
///   (`KeyboardEventStream`) and a control eventfd; it wakes only when a key, a command or room
///   in the queue arrives, and never wakes the main loop while nothing is queued.
/// - What it reads is queued as `QueuedKey` values in one `KeyRing` of fixed capacity behind
///   a mutex: queuing and draining allocate nothing. Only keys (EV_KEY codes that libinput
///   treats as keys, presses and releases: auto-repeat is the app's) are queued, with the
///   kernel's time; a SYN_DROPPED is queued as `.dropped` and the resync's keys follow it; a
///   read that fails is queued as `.lost` and ends the device's reading.
/// - The first entry queued after a drain makes `readyDescriptor` (an eventfd) readable; the
///   main loop watches it and the main actor calls `drain(_:)`.
/// - When the queue is full the thread stops reading (it waits on its control eventfd alone,
///   it does not spin) until a drain makes room; the kernel's buffers then fill, and an
///   overflow there is a SYN_DROPPED, reported as above, after which libevdev's resync
///   brings the key state up to date.
///
/// The thread is started by `init` and stopped and joined when the reader is released; it
/// runs with every signal blocked (signals are the main thread's, through its signalfd), at
/// real-time priority when the system allows it (`isRealTime`), so that it reads a key at once
/// even on a single core the main thread keeps busy.
/// Everything here but the thread is on the main actor.
@MainActor
package final class KeyReader {
    /// Readable when keys are queued; the main loop watches it (`LibInputContext` adds it to
    /// the descriptor it exposes). Cleared by `drain(_:)`.
    package var readyDescriptor: Int32 { core.ready }
    /// How many entries the queue holds at most.
    package let capacity: Int
    /// Whether the thread runs at real-time priority (SCHED_FIFO 1, above every ordinary
    /// thread): allowed to root, to CAP_SYS_NICE, or with `LimitRTPRIO=1` in the systemd unit.
    /// Otherwise it runs at the main thread's priority, and relies on the scheduler favouring
    /// a thread that wakes after sleeping.
    package let isRealTime: Bool

    private let core: KeyReaderCore
    private let thread: pthread_t
    private let opener: @MainActor (String) throws(EvdevError) -> any KeyboardEventStream
    private var nextToken: UInt32 = 1
    private var tokens: Set<UInt32> = []
    /// Where a drain copies entries to before handing them over outside the lock.
    private var chunk: [QueuedKey]
    private var isDraining = false

    /// Starts the thread with a queue of `capacity` entries (4096: two seconds of a USB
    /// keyboard's fastest typing, one report a millisecond, twice over), opening keyboards with
    /// `opener`. Throws `InputError.systemCall` when a descriptor or the thread cannot be made.
    package init(capacity: Int = 4096,
                 opener: @escaping @MainActor (String) throws(EvdevError) -> any KeyboardEventStream = LibEvdevKeyboardStream.open)
        throws(InputError) {
        self.capacity = max(capacity, 1)
        self.opener = opener
        chunk = Array(repeating: QueuedKey(time: 0, device: 0, code: 0, kind: .released), count: min(self.capacity, 256))
        core = try KeyReaderCore(capacity: self.capacity)
        (thread, isRealTime) = try core.startThread()
    }

    isolated deinit {
        core.shared.withLock { $0.isStopping = true }
        core.signal(core.control)
        pthread_join(thread, nil)
        // The thread closed what it was reading, and what was handed to it in its last turn.
    }

    /// Opens the keyboard at `path` with the opener and hands it to the thread, which reads it
    /// from then on; returns its token (what its `QueuedKey`s carry). Throws what the opener
    /// throws; nothing is read then.
    package func add(path: String) throws(EvdevError) -> UInt32 {
        let stream = try opener(path)
        let token = nextToken
        nextToken = nextToken == .max ? 1 : nextToken + 1
        core.shared.withLock { $0.adds.append((token, stream)) }
        core.signal(core.control)
        tokens.insert(token)
        return token
    }

    /// Stops reading the keyboard of `token`: the thread closes it in its next turn. Entries it
    /// queued before are still drained; the caller ignores them.
    package func remove(_ token: UInt32) {
        guard tokens.remove(token) != nil else { return }
        core.shared.withLock { $0.removals.append(token) }
        core.signal(core.control)
    }

    /// The keyboards being read, by token.
    package var readTokens: Set<UInt32> { tokens }

    /// Hands every entry queued when it is called to `body`, in the order read, outside the
    /// lock (the thread goes on queuing meanwhile; what it queues now is for the next drain,
    /// which it signals). Allocates nothing. A drain asked for from inside `body` does nothing.
    package func drain(_ body: (QueuedKey) -> Void) {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        core.clear(core.ready)
        var budget = -1
        while true {
            var wakesThread = false
            let taken = core.shared.withLock { shared in
                if budget < 0 {
                    budget = shared.ring.count
                    shared.mainIsSignalled = false
                }
                let taken = shared.ring.take(into: &chunk, limit: budget)
                if taken > 0 && shared.threadWaitsForSpace {
                    shared.threadWaitsForSpace = false
                    wakesThread = true
                }
                return taken
            }
            budget -= taken
            if wakesThread { core.signal(core.control) }
            for index in 0..<taken { body(chunk[index]) }
            if taken == 0 || budget == 0 { return }
        }
    }

    /// Makes `readyDescriptor` readable with nothing queued, so that the loop watching it calls
    /// its source's dispatch in its next turn: what a source's timer does when it has
    /// something to hand over that no key brings (a scan ended by a pause). The next drain
    /// clears it.
    package func wake() {
        core.shared.withLock { $0.mainIsSignalled = true }
        core.signal(core.ready)
    }

    /// How many entries are queued now (tests).
    package var queuedCount: Int { core.shared.withLock { $0.ring.count } }
    /// The address of the queue's storage, which never changes (tests: no reallocation).
    package var queueStorageAddress: UnsafeRawPointer? { core.shared.withLock { $0.ring.storageAddress } }
}

/// What the main actor and the reader thread share, under `KeyReaderCore.shared`.
struct KeyReaderShared {
    var ring: KeyRing
    /// Keyboards handed to the thread and not yet taken by it.
    var adds: [(token: UInt32, stream: any KeyboardEventStream)] = []
    /// Keyboards to stop reading, by token.
    var removals: [UInt32] = []
    var isStopping = false
    /// Whether the ready eventfd was written since the main actor's last drain began: the
    /// thread writes it for the first entry only, not once per key.
    var mainIsSignalled = false
    /// Whether the thread found the ring full and waits for a drain to make room.
    var threadWaitsForSpace = false

    init(capacity: Int) {
        ring = KeyRing(capacity: capacity)
        adds.reserveCapacity(4)
        removals.reserveCapacity(4)
    }
}

/// The reader's state shared with its thread, and the thread's body. The descriptors are made
/// here and closed when the last of its two owners (the `KeyReader`, the thread) lets go.
final class KeyReaderCore: Sendable {
    let shared: Mutex<KeyReaderShared>
    /// The thread's epoll: the control eventfd and every keyboard being read.
    let epoll: Int32
    /// Wakes the thread: a command, room in the ring, or stop.
    let control: Int32
    /// Wakes the main loop: entries queued.
    let ready: Int32
    /// The epoll data of `control`; keyboards are their tokens (UInt32).
    private static let controlToken = UInt64.max
    /// How many entries the thread reads from one keyboard before queuing them.
    private static let batchCapacity = 64

    init(capacity: Int) throws(InputError) {
        shared = Mutex(KeyReaderShared(capacity: capacity))
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw .systemCall(operation: "epoll_create1", errno: Errno(rawValue: errno)) }
        let control = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard control >= 0 else {
            let error = Errno(rawValue: errno)
            _ = Glibc.close(epoll)
            throw .systemCall(operation: "eventfd", errno: error)
        }
        let ready = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard ready >= 0 else {
            let error = Errno(rawValue: errno)
            _ = Glibc.close(control)
            _ = Glibc.close(epoll)
            throw .systemCall(operation: "eventfd", errno: error)
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = Self.controlToken
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, control, &event) == 0 else {
            let error = Errno(rawValue: errno)
            _ = Glibc.close(ready)
            _ = Glibc.close(control)
            _ = Glibc.close(epoll)
            throw .systemCall(operation: "epoll_ctl(EPOLL_CTL_ADD)", errno: error)
        }
        self.epoll = epoll
        self.control = control
        self.ready = ready
    }

    deinit {
        _ = Glibc.close(ready)
        _ = Glibc.close(control)
        _ = Glibc.close(epoll)
    }

    /// Makes the eventfd `descriptor` readable. From any thread; one write(2), never blocks.
    func signal(_ descriptor: Int32) {
        var one: UInt64 = 1
        _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Makes the eventfd `descriptor` unreadable until it is signalled again.
    func clear(_ descriptor: Int32) {
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
    }

    /// Starts the thread (`run()`) with every signal blocked and a small stack, at real-time
    /// priority (SCHED_FIFO 1) when allowed; says whether it is.
    func startThread() throws(InputError) -> (thread: pthread_t, isRealTime: Bool) {
        // Threads inherit the creator's mask: block everything around the creation, so that no
        // signal is ever delivered to the reader (SIGTERM's or a VT switch's SIGUSR1 default
        // action would end the process; the main thread reads them from its signalfd).
        var all = sigset_t()
        sigfillset(&all)
        var previous = sigset_t()
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // It calls little: libevdev's read, the lock, epoll. 256 KiB rather than 8 MiB of
        // address space.
        pthread_attr_setstacksize(&attributes, 256 * 1024)
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<KeyReaderCore>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<KeyReaderCore>.fromOpaque(context).release()
            throw .systemCall(operation: "pthread_create", errno: Errno(rawValue: status))
        }
        // Above every ordinary thread when the system allows it (root, CAP_SYS_NICE, or
        // systemd's LimitRTPRIO=): a key then wakes the reader at once even on one busy core.
        // Safe at that priority: a wake-up's work is a read and the lock, in proportion to what
        // the keyboards send, and the thread sleeps whenever the ring is full (until the main
        // thread drains it), so it cannot keep the main thread from running.
        var parameters = sched_param()
        parameters.sched_priority = 1
        let raised = pthread_setschedparam(thread, SCHED_FIFO, &parameters) == 0
        return (thread, raised)
    }

    // MARK: The thread

    /// One keyboard as the thread reads it.
    private struct Reading {
        let stream: any KeyboardEventStream
        /// Reading a resync after a SYN_DROPPED, until `.empty`.
        var syncing = false
    }

    /// The thread's body: wait, apply commands, read what is readable; until stopped.
    private func run() {
        var devices: [UInt32: Reading] = [:]
        var events = [epoll_event](repeating: epoll_event(), count: 16)
        var batch = [QueuedKey](repeating: QueuedKey(time: 0, device: 0, code: 0, kind: .released),
                                count: Self.batchCapacity)
        var waitsForSpace = false
        while true {
            var readyCount = 0
            var isControlled = true
            if waitsForSpace {
                // The keyboards stay readable while the ring is full: wait for the control
                // eventfd alone, or epoll would report them again at once.
                var descriptor = pollfd(fd: control, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, -1)
            } else {
                readyCount = max(0, Int(epoll_wait(epoll, &events, Int32(events.count), -1)))
                isControlled = events.prefix(readyCount).contains { $0.data.u64 == Self.controlToken }
            }
            // A key costs the thread its read and the lock, no more: commands only when the
            // control eventfd says so.
            if isControlled && !handleCommands(&devices, waitsForSpace: &waitsForSpace) { return }
            if waitsForSpace { continue }
            for index in 0..<readyCount {
                let data = events[index].data.u64
                guard data != Self.controlToken, let token = UInt32(exactly: data), var reading = devices[token] else { continue }
                switch readKeys(&reading, token: token, into: &batch) {
                case .drained:
                    devices[token] = reading
                case .full:
                    devices[token] = reading
                    waitsForSpace = true
                case .lost:
                    devices[token] = nil
                    _ = epoll_ctl(epoll, EPOLL_CTL_DEL, reading.stream.fileDescriptor, nil)
                    reading.stream.close()
                }
                if waitsForSpace { break }
            }
        }
    }

    /// Takes the commands the main actor left (keyboards to read, to stop, stop), after
    /// clearing the control eventfd so that none signalled meanwhile is missed, and whether a
    /// drain made room. Returns false when the thread must end (everything closed).
    private func handleCommands(_ devices: inout [UInt32: Reading], waitsForSpace: inout Bool) -> Bool {
        clear(control)
        let (adds, removals, isStopping, hasSpace) = shared.withLock { shared in
            // Swapped out, not copied: removing from a copy would allocate a new buffer.
            let adds = shared.adds, removals = shared.removals
            shared.adds = []
            shared.removals = []
            return (adds, removals, shared.isStopping, !shared.threadWaitsForSpace)
        }
        if isStopping {
            for reading in devices.values { reading.stream.close() }
            for add in adds { add.stream.close() }
            return false
        }
        for add in adds {
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.u64 = UInt64(add.token)
            if epoll_ctl(epoll, EPOLL_CTL_ADD, add.stream.fileDescriptor, &event) == 0 {
                devices[add.token] = Reading(stream: add.stream)
            } else {
                let error = Errno(rawValue: errno)
                add.stream.close()
                commit([QueuedKey(time: 0, device: add.token, code: UInt16(truncatingIfNeeded: error.rawValue), kind: .lost)], count: 1)
            }
        }
        for token in removals {
            guard let reading = devices.removeValue(forKey: token) else { continue }
            _ = epoll_ctl(epoll, EPOLL_CTL_DEL, reading.stream.fileDescriptor, nil)
            reading.stream.close()
        }
        // Room again: back to epoll, which reports the keyboards still readable.
        if waitsForSpace && hasSpace { waitsForSpace = false }
        return true
    }

    private enum ReadOutcome { case drained, full, lost }

    /// Reads `reading` until it has nothing more, queuing its keys in batches; stops early when
    /// the ring is full (`.full`: the thread then waits for room) or reading fails (`.lost`,
    /// queued as such).
    private func readKeys(_ reading: inout Reading, token: UInt32, into batch: inout [QueuedKey]) -> ReadOutcome {
        var space = shared.withLock { $0.ring.space }
        while true {
            if space == 0 {
                // Waits only if the ring is still full: a drain may have made room meanwhile.
                let isFull = shared.withLock { shared in
                    if shared.ring.space > 0 { return false }
                    shared.threadWaitsForSpace = true
                    return true
                }
                if isFull { return .full }
                space = shared.withLock { $0.ring.space }
                continue
            }
            let limit = min(space, batch.count)
            var count = 0
            var outcome: ReadOutcome?
            reading: while count < limit {
                switch reading.stream.nextEvent(syncing: reading.syncing) {
                case .event(let event):
                    guard event.type == UInt16(EV_KEY), event.value == 0 || event.value == 1,
                          Self.isKey(Int(event.code)) else { continue }
                    batch[count] = QueuedKey(time: Self.microseconds(event.time), device: token, code: event.code,
                                             kind: event.value == 1 ? .pressed : .released)
                    count += 1
                case .dropped(let event):
                    reading.syncing = true
                    batch[count] = QueuedKey(time: Self.microseconds(event.time), device: token, code: 0, kind: .dropped)
                    count += 1
                case .empty:
                    if reading.syncing {
                        // The resync is complete: back to normal reading.
                        reading.syncing = false
                        continue
                    }
                    outcome = .drained
                    break reading
                case .failed(let error):
                    batch[count] = QueuedKey(time: 0, device: token, code: UInt16(truncatingIfNeeded: error.rawValue), kind: .lost)
                    count += 1
                    outcome = .lost
                    break reading
                }
            }
            space = commit(batch, count: count)
            if let outcome { return outcome }
        }
    }

    /// Queues the first `count` entries of `batch`; signals the main loop if it was not
    /// signalled since its last drain. Returns the room left.
    @discardableResult
    private func commit(_ batch: [QueuedKey], count: Int) -> Int {
        guard count > 0 else { return shared.withLock { $0.ring.space } }
        let (signals, space) = shared.withLock { shared in
            for index in 0..<count { shared.ring.append(batch[index]) }
            let signals = !shared.mainIsSignalled
            shared.mainIsSignalled = true
            return (signals, shared.ring.space)
        }
        if signals { signal(ready) }
        return space
    }

    /// Whether EV_KEY `code` is a key rather than a button, as libinput sorts them (its
    /// `get_key_type`): buttons stay libinput's (pointer, tablet, joystick).
    static func isKey(_ code: Int) -> Bool {
        switch Int32(code) {
        case KEY_ESC...KEY_MICMUTE, KEY_OK...KEY_LIGHTS_TOGGLE: true
        case KEY_ALS_TOGGLE..<BTN_TRIGGER_HAPPY: true
        default: false
        }
    }

    /// Seconds (libevdev's time, as `EvdevEvent` carries it) to whole microseconds.
    private static func microseconds(_ seconds: Double) -> UInt64 {
        seconds > 0 ? UInt64((seconds * 1_000_000).rounded()) : 0
    }
}
