import Glibc
import SystemPackage
import VitrineSeams

/// A device opened through the seat: its descriptor (owned by whoever opened it, until it is
/// handed back with `SeatSession.closeDevice(_:)`), the seat's id for it, and its path.
public struct SeatDevice: Sendable, Hashable {
    /// The node, as asked for.
    public let path: String
    /// The open descriptor (read-write, non-blocking, close-on-exec, as the seat opens it).
    public let fileDescriptor: Int32
    /// libseat's device id.
    public let id: Int32
}

/// The app's session on a seat (libseat: seatd, logind, or libseat's builtin seat as root):
/// devices are opened through it rather than with open(2), so the app needs no group `video`
/// or `input` and no root, and the seat manager takes them away and gives them back when the
/// session is switched away and back (a VT switch on seat0).
///
/// - `openDevice(path:)` / `closeDevice(_:)`: DRM cards and input event nodes, through the seat.
/// - The seat's connection is watched by the run loop (`watch(on:)`); each readable turn
///   dispatches it (`libseat_dispatch(seat, 0)`).
/// - **Disable** (switched away): `paused` runs — the app stops presenting and releases its
///   input devices; DRM master is the seat's business, not the app's — then the disable is
///   acknowledged (`libseat_disable_seat`). Until it is enabled again every device request fails.
/// - **Enable** (shown again): `resumed` runs — the display repaints everything and input
///   reopens its devices (evdev descriptors were revoked while disabled).
/// - `switchSession(_:)` asks the seat to show another session (Ctrl+Alt+F`n`).
/// - `close()`: stops watching, releases every device still registered, closes the seat.
///
/// The seat's listener never calls into the app from inside libseat: events are taken after
/// each dispatch and handled in order, so `paused` and `resumed` may open and close devices.
/// The VT itself (graphics mode, keyboard off, `VT_PROCESS`) is the seat manager's: with a seat,
/// the app neither takes over the console nor negotiates VT switches.
@MainActor
public final class SeatSession {
    /// The seat's name (`seat0`).
    public let seatName: String
    /// Whether the seat is enabled for this session: devices can be opened and used.
    public private(set) var isActive = false
    /// Whether `close()` has run.
    public private(set) var isClosed = false
    /// The devices opened and not yet closed, by descriptor.
    public private(set) var openDevices: [Int32: SeatDevice] = [:]

    /// Runs when the seat is being taken away, before the disable is acknowledged: cancel
    /// touches, pause the display (keeping its buffers; master is dropped by the seat manager),
    /// release the input devices.
    public var paused: (@MainActor () -> Void)?
    /// Runs when the seat is enabled again after `paused`: resume the display (full repaint)
    /// and reopen input.
    public var resumed: (@MainActor () -> Void)?
    /// Told about a failure that happened outside any call (a dispatch, acknowledging a
    /// disable): log it. After a dispatch failure the connection is no longer watched.
    public var failed: (@MainActor (SeatError) -> Void)?

    private let backend: any SeatBackend
    private var watch: (mainLoop: any MainLoop, connection: ReadinessWatch)?
    private var isHandlingEvents = false
    private var pendingEvents: [SeatEvent] = []
    private var scheduledDrain: LoopTimer?

    /// Opens the seat with libseat (`backend`: `"seatd"`, `"logind"`, `"builtin"`, or nil for the
    /// first that works) and waits up to `activationTimeout` milliseconds for it to be enabled.
    /// Throws `SeatError.noSeat` (no seatd, no logind session, not root) or `.inactive`.
    public convenience init(libseatBackend backend: String? = nil, activationTimeout: Int32 = 2_000) throws(SeatError) {
        try self.init(backend: LibSeat(backend: backend), activationTimeout: activationTimeout)
    }

    /// Starts a session on `backend` (the seam: tests pass a stand-in), which it owns from here
    /// on: handles what the seat said while opening, and when it has not been enabled yet waits
    /// once, up to `activationTimeout` milliseconds, for it. Throws `.inactive` (having closed
    /// the backend) when the seat stays disabled, `.dispatching` when its connection fails.
    package init(backend: any SeatBackend, activationTimeout: Int32 = 2_000) throws(SeatError) {
        self.backend = backend
        self.seatName = backend.seatName
        do {
            try dispatchAndHandle(timeoutMilliseconds: 0)
            if !isActive && activationTimeout != 0 { try dispatchAndHandle(timeoutMilliseconds: activationTimeout) }
        } catch {
            backend.close()
            isClosed = true
            throw error
        }
        guard isActive else {
            backend.close()
            isClosed = true
            throw .inactive(seat: seatName)
        }
    }

    isolated deinit { close() }

    // MARK: The run loop

    /// Watches the seat's connection on `mainLoop` (once; a second call does nothing) with a
    /// descriptor watch (`MainLoop.watch`): the seat produces no input. When the loop refuses the
    /// descriptor, `failed` hears `.dispatching` and the connection goes unwatched.
    public func watch(on mainLoop: any MainLoop) {
        guard watch == nil, !isClosed else { return }
        let backend = backend
        let connection: ReadinessWatch
        do {
            connection = try ReadinessWatch(descriptor: backend.fileDescriptor, mainLoop: mainLoop,
                                            install: { backend.readinessHandler = $0 },
                                            uninstall: { backend.readinessHandler = nil }) { [weak self] in
                self?.connectionReadable()
            }
        } catch {
            failed?(.dispatching(errno: Errno(rawValue: error.errno)))
            return
        }
        watch = (mainLoop, connection)
        // Events taken while no loop watched (during opens at start-up) are handled now.
        if !pendingEvents.isEmpty { scheduleDrain() }
    }

    /// Stops watching the connection (`close()` does it first). Idempotent.
    public func stopWatching() {
        scheduledDrain?.invalidate()
        scheduledDrain = nil
        guard let watch else { return }
        self.watch = nil
        watch.connection.cancel()
    }

    /// The loop found the connection readable: dispatch it and handle what it said.
    private func connectionReadable() {
        guard !isClosed, !isHandlingEvents else { return }
        do {
            try dispatchAndHandle(timeoutMilliseconds: 0)
        } catch {
            // A dead connection stays readable (EOF): stop watching it rather than spin.
            stopWatching()
            failed?(error)
        }
    }

    // MARK: Devices

    /// Opens `path` through the seat. The descriptor is the caller's until handed back with
    /// `closeDevice(_:)`. Throws `.closed`, or `.openingDevice` with the seat's errno (`EPERM`
    /// while the seat is disabled, `ENOENT` for a node the seat does not manage).
    public func openDevice(path: String) throws(SeatError) -> SeatDevice {
        guard !isClosed else { throw .closed }
        let opened: (descriptor: Int32, id: Int32)
        do { opened = try backend.openDevice(atPath: path) } catch { throw .openingDevice(path: path, errno: error) }
        let device = SeatDevice(path: path, fileDescriptor: opened.descriptor, id: opened.id)
        openDevices[device.fileDescriptor] = device
        collectEventsAfterCall()
        return device
    }

    /// Releases `device` from the seat (`libseat_close_device`) and closes its descriptor.
    /// After `close()` only the descriptor is closed (the seat released it already). A device
    /// not open (closed before) is ignored, so its descriptor number, perhaps reused since,
    /// is never closed twice. A seat that refuses is told to `failed`; the descriptor is
    /// closed either way.
    public func closeDevice(_ device: SeatDevice) {
        // The same number with another id is a later device that reused the descriptor.
        guard openDevices[device.fileDescriptor] == device else { return }
        closeDevice(descriptor: device.fileDescriptor)
    }

    /// `closeDevice(_:)` by descriptor (what libinput's close_restricted gives).
    public func closeDevice(descriptor: Int32) {
        guard let device = openDevices.removeValue(forKey: descriptor) else { return }
        if !isClosed {
            do { try backend.closeDevice(id: device.id) } catch {
                failed?(.closingDevice(path: device.path, errno: error))
            }
            collectEventsAfterCall()
        }
        _ = Glibc.close(device.fileDescriptor)
    }

    // MARK: Switching

    /// Asks the seat to show session (VT) `number`, as Ctrl+Alt+F`number` does on a console.
    /// Returns at once: the switch arrives later as a disable (`paused`). Throws `.closed` or
    /// `.switchingSession`.
    public func switchSession(_ number: Int) throws(SeatError) {
        guard !isClosed else { throw .closed }
        guard let value = Int32(exactly: number), value > 0 else {
            throw .switchingSession(number: number, errno: .invalidArgument)
        }
        do { try backend.switchSession(value) } catch { throw .switchingSession(number: number, errno: error) }
        collectEventsAfterCall()
    }

    // MARK: Closing

    /// Stops watching the connection, releases every device still registered with the seat
    /// (their descriptors stay with their owners, whose `closeDevice` then only closes them),
    /// and closes the seat. Idempotent.
    public func close() {
        guard !isClosed else { return }
        stopWatching()
        for device in openDevices.values.sorted(by: { $0.id > $1.id }) {
            try? backend.closeDevice(id: device.id)
        }
        isClosed = true
        isActive = false
        pendingEvents.removeAll()
        backend.close()
    }

    // MARK: Events

    private func dispatchAndHandle(timeoutMilliseconds: Int32) throws(SeatError) {
        isHandlingEvents = true
        defer { isHandlingEvents = false }
        var timeout = timeoutMilliseconds
        // Handling an event may open devices (resumed), which can bring the next event with it:
        // dispatch again until the seat has nothing more to say.
        while !isClosed {
            do { _ = try backend.dispatch(timeoutMilliseconds: timeout) } catch { throw .dispatching(errno: error) }
            timeout = 0
            pendingEvents += backend.takeEvents()
            if pendingEvents.isEmpty { return }
            while !pendingEvents.isEmpty && !isClosed {
                handle(pendingEvents.removeFirst())
            }
        }
    }

    /// A libseat call outside a dispatch may have read events from the connection (they are
    /// then no longer readable there): keep them and handle them on the loop's next turn.
    private func collectEventsAfterCall() {
        let events = backend.takeEvents()
        guard !events.isEmpty else { return }
        pendingEvents += events
        if !isHandlingEvents { scheduleDrain() }
    }

    private func scheduleDrain() {
        guard scheduledDrain == nil, let mainLoop = watch?.mainLoop else { return }
        scheduledDrain = LoopTimer.scheduled(on: mainLoop, after: 0) { [weak self] _ in
            guard let self else { return }
            self.scheduledDrain = nil
            self.connectionReadable()
        }
    }

    private func handle(_ event: SeatEvent) {
        switch event {
        case .enabled:
            guard !isActive else { return }
            isActive = true
            resumed?()
        case .disabled:
            if isActive {
                isActive = false
                paused?()
            }
            do { try backend.disableSeat() } catch { failed?(.disabling(errno: error)) }
        }
    }
}
