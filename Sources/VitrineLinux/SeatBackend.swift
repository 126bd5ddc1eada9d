import CLibSeat
import Glibc
import Synchronization
import SystemPackage

/// What a seat tells its session: the seat became usable, or is about to be taken away.
package enum SeatEvent: Sendable, Hashable {
    /// libseat's `enable_seat`: devices may be opened and used (again).
    case enabled
    /// libseat's `disable_seat`: stop using the devices, then acknowledge with `disableSeat()`.
    case disabled
}

/// The calls a `SeatSession` makes on a seat: libseat (`LibSeat`), or a stand-in in tests.
///
/// Contract: each method is one libseat call, its failure the `Errno` libseat set. The seat's
/// events are never delivered from inside a call to the session's code: the backend keeps them,
/// in order, and `takeEvents()` hands them over (libseat calls its listener from inside
/// `libseat_dispatch`, where the session must not yet open or close devices). A backend with a
/// `fileDescriptor` has the run loop watch it (readable when the seat has something to say);
/// one without calls `readinessHandler` instead. All on the main actor.
@MainActor
package protocol SeatBackend: AnyObject {
    /// The seat's name (`seat0`).
    var seatName: String { get }
    /// The connection to watch (`libseat_get_fd`), or nil for a backend that calls `readinessHandler`.
    var fileDescriptor: Int32? { get }
    /// Set by the session while it watches the seat: called by a backend without a descriptor when it
    /// has something to dispatch.
    var readinessHandler: (@MainActor () -> Void)? { get set }
    /// Reads and handles what the connection has (`libseat_dispatch`); waits up to
    /// `timeoutMilliseconds` for it (0: never waits, -1: forever). Returns how many messages it handled.
    func dispatch(timeoutMilliseconds: Int32) throws(Errno) -> Int
    /// The events received since the last call, oldest first.
    func takeEvents() -> [SeatEvent]
    /// Opens `path` on the seat (`libseat_open_device`): its descriptor (the caller's to close)
    /// and the seat's id for it.
    func openDevice(atPath path: String) throws(Errno) -> (descriptor: Int32, id: Int32)
    /// Tells the seat the device `id` is no longer used (`libseat_close_device`); does not
    /// close the descriptor.
    func closeDevice(id: Int32) throws(Errno)
    /// Acknowledges a `.disabled` event (`libseat_disable_seat`).
    func disableSeat() throws(Errno)
    /// Asks the seat to show session (VT) `number` (`libseat_switch_session`).
    func switchSession(_ number: Int32) throws(Errno)
    /// Closes the seat (`libseat_close_seat`). Nothing may be called afterwards.
    func close()
}

/// A seat opened with libseat: seatd's socket, a logind session, or (as root, with neither)
/// libseat's builtin seat, whichever works first (`LIBSEAT_BACKEND` chooses one).
///
/// Owns the `struct libseat` and the listener libseat keeps a pointer to; `close()` (or deinit)
/// releases both, the seat first.
@MainActor
package final class LibSeat: SeatBackend {
    /// The seat's name, from `libseat_seat_name`.
    package let seatName: String
    /// `libseat_get_fd`: readable when the seat has something to dispatch.
    package let fileDescriptor: Int32?
    /// Unused: the run loop watches the descriptor.
    package var readinessHandler: (@MainActor () -> Void)?

    private var seat: OpaquePointer?
    private let listener: UnsafeMutablePointer<libseat_seat_listener>
    /// Kept alive with the seat: libseat's listener gets it as an unretained pointer.
    private let inbox = SeatInbox()

    /// Opens the seat. `backend` (`"seatd"`, `"logind"`, `"builtin"`) picks one for this call
    /// (libseat reads `LIBSEAT_BACKEND`, which is set around the call and put back); nil lets
    /// libseat try each. Throws `SeatError.noSeat` with libseat's errno and what it logged.
    /// Throws `SeatError.libraryMissing` when libseat itself cannot be loaded: it is loaded
    /// here, on the first seat opened, not linked (see `vitrine_libseat.h`).
    package init(backend: String? = nil) throws(SeatError) {
        var reason = [CChar](repeating: 0, count: 256)
        guard vitrine_libseat_load(&reason, reason.count) == 0 else {
            throw .libraryMissing(reason: String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        LibSeatLog.install()
        let listener = UnsafeMutablePointer<libseat_seat_listener>.allocate(capacity: 1)
        listener.initialize(to: libseat_seat_listener(
            enable_seat: { _, data in
                guard let data else { return }
                Unmanaged<SeatInbox>.fromOpaque(data).takeUnretainedValue().post(.enabled)
            },
            disable_seat: { _, data in
                guard let data else { return }
                Unmanaged<SeatInbox>.fromOpaque(data).takeUnretainedValue().post(.disabled)
            }))
        LibSeatLog.clear()
        let previous = getenv("LIBSEAT_BACKEND").map { String(cString: $0) }
        if let backend { setenv("LIBSEAT_BACKEND", backend, 1) }
        let opened = vitrine_libseat_open_seat(listener, Unmanaged.passUnretained(inbox).toOpaque())
        let error = Errno(rawValue: errno)
        if backend != nil {
            if let previous { setenv("LIBSEAT_BACKEND", previous, 1) } else { unsetenv("LIBSEAT_BACKEND") }
        }
        guard let opened else {
            listener.deinitialize(count: 1)
            listener.deallocate()
            throw .noSeat(errno: error, messages: LibSeatLog.recent())
        }
        seat = opened
        self.listener = listener
        seatName = vitrine_libseat_seat_name(opened).map { String(cString: $0) } ?? "seat0"
        let descriptor = vitrine_libseat_get_fd(opened)
        fileDescriptor = descriptor >= 0 ? descriptor : nil
    }

    isolated deinit { close() }

    /// `libseat_dispatch`.
    package func dispatch(timeoutMilliseconds: Int32) throws(Errno) -> Int {
        guard let seat else { throw .badFileDescriptor }
        let handled = vitrine_libseat_dispatch(seat, timeoutMilliseconds)
        if handled < 0 { throw Errno(rawValue: errno) }
        return Int(handled)
    }

    /// What the listener received.
    package func takeEvents() -> [SeatEvent] { inbox.take() }

    /// `libseat_open_device`.
    package func openDevice(atPath path: String) throws(Errno) -> (descriptor: Int32, id: Int32) {
        guard let seat else { throw .badFileDescriptor }
        var descriptor: Int32 = -1
        let id = vitrine_libseat_open_device(seat, path, &descriptor)
        if id < 0 { throw Errno(rawValue: errno) }
        return (descriptor, id)
    }

    /// `libseat_close_device`.
    package func closeDevice(id: Int32) throws(Errno) {
        guard let seat else { throw .badFileDescriptor }
        if vitrine_libseat_close_device(seat, id) != 0 { throw Errno(rawValue: errno) }
    }

    /// `libseat_disable_seat`.
    package func disableSeat() throws(Errno) {
        guard let seat else { throw .badFileDescriptor }
        if vitrine_libseat_disable_seat(seat) != 0 { throw Errno(rawValue: errno) }
    }

    /// `libseat_switch_session`.
    package func switchSession(_ number: Int32) throws(Errno) {
        guard let seat else { throw .badFileDescriptor }
        if vitrine_libseat_switch_session(seat, number) != 0 { throw Errno(rawValue: errno) }
    }

    /// `libseat_close_seat`, then the listener it pointed at. Idempotent.
    package func close() {
        guard let seat else { return }
        self.seat = nil
        _ = vitrine_libseat_close_seat(seat)
        listener.deinitialize(count: 1)
        listener.deallocate()
    }
}

/// Where libseat's listener leaves events until the session takes them. libseat calls the
/// listener on the thread that called into it (the main thread), but from C, so the queue is
/// guarded rather than isolated.
final class SeatInbox: Sendable {
    private let events = Mutex<[SeatEvent]>([])

    func post(_ event: SeatEvent) { events.withLock { $0.append(event) } }

    func take() -> [SeatEvent] {
        events.withLock { events in
            defer { events.removeAll(keepingCapacity: true) }
            return events
        }
    }
}

/// libseat's log, kept for error messages: it is process-wide and has no user data, so the
/// last lines are kept here (libseat logs only while opening and on failures).
enum LibSeatLog {
    private static let lines = Mutex<[String]>([])
    private static let installed = Mutex(false)

    /// Routes libseat's log here, at INFO (what each backend tried and why it failed).
    static func install() {
        let first = installed.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        vitrine_libseat_set_log_handler { _, format, arguments in
            guard let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            _ = vsnprintf(&buffer, buffer.count, format, arguments)
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            LibSeatLog.append(line)
        }
        vitrine_libseat_set_log_level(LIBSEAT_LOG_LEVEL_INFO)
    }

    static func append(_ line: String) {
        let text = String(line.reversed().drop { $0 == "\n" }.reversed())
        guard !text.isEmpty else { return }
        lines.withLock { lines in
            lines.append(text)
            if lines.count > 8 { lines.removeFirst() }
        }
    }

    static func clear() { lines.withLock { $0.removeAll() } }

    static func recent() -> [String] { lines.withLock { $0 } }
}
