import CEvdev
import CVitrineShims
import Glibc
import Synchronization
import SystemPackage
import VitrineInput

/// A keyboard's evdev client that a test scripts: what it pushes, the key reader's real thread
/// reads. Its descriptor is an eventfd, readable while pushed reads wait, so the thread's epoll
/// treats it as a device node.
final class ScriptedKeyboard: KeyboardEventStream {
    let fileDescriptor: Int32
    private struct State {
        var reads: [EvdevRead] = []
        var next = 0
        var nextCalls = 0
        var isClosed = false
    }
    private let state = Mutex(State())
    /// Seconds of CLOCK_MONOTONIC of the next pushed event; each advances it by 1 ms.
    private let clock = Mutex(100.0)

    init() {
        fileDescriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
    }

    deinit {
        close()
    }

    /// How often the reader called `nextEvent`.
    var nextCalls: Int { state.withLock { $0.nextCalls } }
    /// Whether the reader closed it.
    var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Queues `reads` for the reader and wakes it.
    func push(_ reads: [EvdevRead]) {
        state.withLock { $0.reads.append(contentsOf: reads) }
        var one: UInt64 = 1
        _ = write(fileDescriptor, &one, 8)
    }

    /// An event of `type`, `code`, `value`, stamped 1 ms after the previous one.
    func event(_ type: Int32, _ code: Int32, _ value: Int32) -> EvdevEvent {
        let time = clock.withLock { time in
            time += 0.001
            return time
        }
        return EvdevEvent(type: UInt16(type), code: UInt16(code), value: value, time: time)
    }

    /// Pushes key `code` going down (`value` 1), up (0) or repeating (2), then SYN_REPORT.
    func key(_ code: Int32, _ value: Int32) {
        push([.event(event(Int32(EV_KEY), code, value)), .event(event(Int32(EV_SYN), Int32(SYN_REPORT), 0))])
    }

    /// Pushes a press and a release of `code`.
    func tap(_ code: Int32) {
        key(code, 1)
        key(code, 0)
    }

    func nextEvent(syncing: Bool) -> EvdevRead {
        state.withLock { state in
            state.nextCalls += 1
            guard !state.isClosed else { return .failed(.badFileDescriptor) }
            guard state.next < state.reads.count else {
                // Nothing waits: no longer readable (under the lock, so a push is never missed).
                var count: UInt64 = 0
                _ = read(fileDescriptor, &count, 8)
                return .empty
            }
            let read = state.reads[state.next]
            state.next += 1
            return read
        }
    }

    func close() {
        let closes = state.withLock { state in
            defer { state.isClosed = true }
            return !state.isClosed
        }
        if closes { _ = Glibc.close(fileDescriptor) }
    }
}

/// The keyboards a test's `KeyReader` opens, by path: each open of a path the test named gives
/// a new `ScriptedKeyboard` (the latest is `stream(at:)`); other paths are refused.
@MainActor
final class ScriptedKeyboards {
    private(set) var opened: [String: ScriptedKeyboard] = [:]
    private(set) var openCount = 0
    /// Paths that may be opened; any other is `EvdevError.permissionDenied`.
    var openable: Set<String>

    init(_ openable: Set<String> = []) { self.openable = openable }

    /// The opener to give `KeyReader`.
    func open(_ path: String) throws(EvdevError) -> any KeyboardEventStream {
        guard openable.contains(path) else { throw .permissionDenied(path: path) }
        let stream = ScriptedKeyboard()
        opened[path] = stream
        openCount += 1
        return stream
    }

    /// A reader of `capacity` opening through this.
    func reader(capacity: Int = 4096) throws -> KeyReader {
        try KeyReader(capacity: capacity) { [unowned self] path throws(EvdevError) in try self.open(path) }
    }

    /// The stream last opened at `path`.
    func stream(at path: String) -> ScriptedKeyboard? { opened[path] }
}

/// Runs `condition` until it holds or `timeout` seconds pass, sleeping a millisecond between
/// looks: how a test waits for the reader's thread (the only waiting by time in these tests).
func eventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
    var waited = 0.0
    while !condition() {
        if waited >= timeout { return false }
        usleep(1_000)
        waited += 0.001
    }
    return true
}
