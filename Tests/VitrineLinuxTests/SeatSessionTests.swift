import Glibc
import SystemPackage
import Testing
import Vitrine
import VitrineHeadless
@testable import VitrineLinux

/// `SeatSession` on a stand-in seat that behaves as libseat does for one client: it queues
/// enable and disable events for the next dispatch, refuses opens while disabled, and journals
/// every call, so the tests can say "paused before libseat_disable_seat".
@MainActor
@Suite
struct SeatSessionTests {
    private let journal = SeatJournal()
    private let loop = ManualMainLoop()

    private func session(_ seat: FakeSeat) throws -> SeatSession {
        let session = try SeatSession(backend: seat, activationTimeout: 0)
        session.paused = { [journal] in journal.record("paused") }
        session.resumed = { [journal] in journal.record("resumed") }
        session.failed = { [journal] error in journal.record("failed: \(error)") }
        session.watch(on: loop)
        journal.clear()
        return session
    }

    private func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) != -1 }

    @Test func aSeatEnabledWhileOpeningStartsActive() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: true)
        let session = try self.session(seat)
        #expect(session.isActive)
        #expect(session.seatName == "seat0")
        #expect(!seat.isClosed)
    }

    @Test func aSeatNeverEnabledIsATypedErrorAndIsClosed() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: false)
        #expect(throws: SeatError.inactive(seat: "seat0")) { try SeatSession(backend: seat, activationTimeout: 0) }
        #expect(seat.isClosed)
        #expect(SeatError.inactive(seat: "seat0").description.contains("start the app on the console in front"))
    }

    @Test func aSeatThatSaysEnableOnlyWhenWaitedForIsWaitedForOnce() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: false)
        seat.enablesWhenWaitedFor = true
        let session = try SeatSession(backend: seat, activationTimeout: 500)
        #expect(session.isActive)
        #expect(seat.dispatchTimeouts == [0, 500, 0])
    }

    @Test func disablePausesTheAppThenAcknowledges() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: true)
        let session = try self.session(seat)
        seat.send(.disabled)
        #expect(journal.entries.isEmpty)
        loop.runUntilIdle()
        #expect(journal.entries == ["paused", "libseat_disable_seat"])
        #expect(!session.isActive)
    }

    @Test func enableResumesAndTheAppMayReopenDevicesThere() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: true)
        let session = try self.session(seat)
        seat.send(.disabled)
        loop.runUntilIdle()
        var reopened: SeatDevice?
        session.resumed = { [journal] in
            journal.record("resumed")
            reopened = try? session.openDevice(path: "/dev/input/event3")
        }
        journal.clear()
        seat.send(.enabled)
        loop.runUntilIdle()
        #expect(journal.entries == ["resumed", "libseat_open_device /dev/input/event3"])
        #expect(session.isActive)
        let device = try #require(reopened)
        #expect(session.openDevices[device.fileDescriptor] == device)
        session.closeDevice(device)
    }

    @Test func aDisableThatArrivesDuringResumeIsHandledAfterIt() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: true)
        let session = try self.session(seat)
        seat.send(.disabled)
        loop.runUntilIdle()
        session.resumed = { [journal] in
            journal.record("resumed")
            // libseat reads the next event while waiting for the open's answer.
            seat.eventsOnNextCall = [.disabled]
            if let device = try? session.openDevice(path: "/dev/dri/card0") { session.closeDevice(device) }
        }
        journal.clear()
        seat.send(.enabled)
        loop.runUntilIdle()
        #expect(journal.entries == ["resumed", "libseat_open_device /dev/dri/card0", "libseat_close_device 1",
                                    "paused", "libseat_disable_seat"])
        #expect(!session.isActive)
    }

    @Test func anEventReadDuringACallOutsideADispatchIsHandledOnTheNextTurn() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: true)
        let session = try self.session(seat)
        seat.eventsOnNextCall = [.disabled]
        try session.switchSession(2)
        #expect(journal.entries == ["libseat_switch_session 2"])
        #expect(session.isActive)
        loop.runUntilIdle()
        #expect(journal.entries == ["libseat_switch_session 2", "paused", "libseat_disable_seat"])
    }

    @Test func devicesAreOpenedThroughTheSeatAndClosedOnce() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: true)
        let session = try self.session(seat)
        let device = try session.openDevice(path: "/dev/dri/card0")
        #expect(device.path == "/dev/dri/card0")
        #expect(isOpen(device.fileDescriptor))
        session.closeDevice(device)
        #expect(!isOpen(device.fileDescriptor))
        #expect(session.openDevices.isEmpty)
        // A second close neither asks the seat again nor closes the (perhaps reused) number.
        let other = try session.openDevice(path: "/dev/input/event1")
        session.closeDevice(device)
        #expect(journal.entries == ["libseat_open_device /dev/dri/card0", "libseat_close_device 1",
                                    "libseat_open_device /dev/input/event1"])
        if other.fileDescriptor == device.fileDescriptor { #expect(isOpen(other.fileDescriptor)) }
        session.closeDevice(other)
    }

    @Test func openingWhileDisabledIsATypedErrorWithTheRemedy() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: true)
        let session = try self.session(seat)
        seat.send(.disabled)
        loop.runUntilIdle()
        #expect(throws: SeatError.openingDevice(path: "/dev/input/event2", errno: .notPermitted)) {
            try session.openDevice(path: "/dev/input/event2")
        }
        let message = SeatError.openingDevice(path: "/dev/input/event2", errno: .notPermitted).description
        #expect(message.hasPrefix("/dev/input/event2: the seat would not open it"))
        #expect(message.contains("not active for this session"))
    }

    @Test func switchingAsksTheSeatAndRefusesNonsense() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: true)
        let session = try self.session(seat)
        try session.switchSession(3)
        #expect(journal.entries == ["libseat_switch_session 3"])
        #expect(throws: SeatError.switchingSession(number: 0, errno: .invalidArgument)) { try session.switchSession(0) }
        seat.failing = .noSuchAddressOrDevice
        #expect(throws: SeatError.switchingSession(number: 9, errno: .noSuchAddressOrDevice)) { try session.switchSession(9) }
    }

    @Test func closeStopsWatchingReleasesDevicesThenClosesTheSeat() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: true)
        let session = try self.session(seat)
        let card = try session.openDevice(path: "/dev/dri/card0")
        let keyboard = try session.openDevice(path: "/dev/input/event1")
        journal.clear()
        session.close()
        #expect(journal.entries == ["libseat_close_device 2", "libseat_close_device 1", "libseat_close_seat"])
        #expect(seat.readinessHandler == nil)
        #expect(!session.isActive)
        // The owners still hold their descriptors; handing them back now only closes them.
        #expect(isOpen(card.fileDescriptor))
        session.closeDevice(card)
        session.closeDevice(keyboard)
        #expect(!isOpen(card.fileDescriptor))
        #expect(!isOpen(keyboard.fileDescriptor))
        #expect(journal.entries.count == 3)
        #expect(throws: SeatError.closed) { try session.openDevice(path: "/dev/dri/card0") }
        #expect(throws: SeatError.closed) { try session.switchSession(2) }
        session.close()
        #expect(journal.entries.count == 3)
    }

    @Test func aDeadConnectionIsReportedAndNoLongerWatched() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: true)
        let session = try self.session(seat)
        seat.failing = .connectionReset
        seat.send(.enabled)
        loop.runUntilIdle()
        #expect(journal.entries.count == 1)
        #expect(journal.entries.first?.hasPrefix("failed: the seat's connection failed") == true)
        #expect(seat.readinessHandler == nil)
        #expect(session.isActive)
    }

    @Test func aSeatWithADescriptorIsADescriptorWatchDispatchedWhenReadable() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: true)
        seat.descriptor = 30
        let session = try self.session(seat)
        #expect(loop.watchCount == 1)
        #expect(seat.readinessHandler == nil, "watched through its descriptor")
        seat.send(.disabled)
        loop.runUntilIdle()
        #expect(journal.entries.isEmpty, "not readable yet: nothing dispatched")
        loop.setReadiness(.readable, of: 30)
        loop.runTurn()
        loop.setReadiness([], of: 30)
        #expect(journal.entries == ["paused", "libseat_disable_seat"])
        session.close()
        #expect(loop.watchCount == 0)
    }

    @Test func aDescriptorTheLoopRefusesIsReportedAndLeftUnwatched() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: true)
        seat.descriptor = -1
        let session = try self.session(seat)
        #expect(journal.entries.isEmpty)
        session.stopWatching()
        journal.clear()
        session.watch(on: loop)
        #expect(journal.entries == ["failed: \(SeatError.dispatching(errno: .badFileDescriptor))"])
        #expect(loop.watchCount == 0)
    }

    @Test func aRefusedAcknowledgementIsReportedAndTheSessionStaysPaused() throws {
        let seat = FakeSeat(journal: journal, enabledAtOpen: true)
        let session = try self.session(seat)
        seat.failDisable = .ioError
        seat.send(.disabled)
        loop.runUntilIdle()
        #expect(journal.entries.first == "paused")
        #expect(journal.entries.last?.hasPrefix("failed: acknowledging the seat's disable failed") == true)
        #expect(!session.isActive)
    }

    @Test func everyErrorSaysWhatToDo() {
        let errors: [SeatError] = [
            .noSeat(errno: .noSuchFileOrDirectory, messages: ["Could not connect to socket /run/seatd.sock"]),
            .libraryMissing(reason: "libseat.so.1: cannot open shared object file: No such file or directory"),
            .inactive(seat: "seat0"),
            .openingDevice(path: "/dev/dri/card0", errno: .noSuchFileOrDirectory),
            .openingDevice(path: "/dev/dri/card0", errno: .resourceBusy),
            .closingDevice(path: "/dev/input/event1", errno: .ioError),
            .switchingSession(number: 2, errno: .invalidArgument),
            .disabling(errno: .ioError),
            .dispatching(errno: .connectionReset),
            .closed,
        ]
        for error in errors { #expect(error.description.contains(" — "), "\(error)") }
        #expect(errors[0].description.contains("(libseat: Could not connect to socket /run/seatd.sock)"))
        #expect(errors[1].description.contains("apt install libseat1"))
        #expect(errors[3].description.contains("/dev/input/event*"))
    }

    // MARK: Real libseat

    @Test func noSeatdIsATypedErrorThatSaysWhatToDo() throws {
        // libseat's seatd backend connects to SEATD_SOCK: point it where nothing listens.
        let previous = getenv("SEATD_SOCK").map { String(cString: $0) }
        setenv("SEATD_SOCK", "/nonexistent/vitrine-test-seatd.sock", 1)
        defer {
            if let previous { setenv("SEATD_SOCK", previous, 1) } else { unsetenv("SEATD_SOCK") }
        }
        do {
            _ = try SeatSession(libseatBackend: "seatd", activationTimeout: 0)
            Issue.record("a seat opened without seatd")
        } catch {
            guard case .noSeat(let errno, let messages) = error else {
                Issue.record("not .noSeat: \(error)")
                return
            }
            #expect(errno == .noSuchFileOrDirectory)
            #expect(messages.contains { $0.contains("/nonexistent/vitrine-test-seatd.sock") })
            #expect(error.description.contains("start seatd (apt install seatd"))
            #expect(error.description.contains("[system] session = \"direct\""))
        }
    }

    /// libseat's builtin seat takes over the foreground console (KD_GRAPHICS, K_OFF,
    /// VT_PROCESS) while open, so it runs only when asked for, as root on a machine whose
    /// console nobody else uses.
    @Test(.enabled(if: getenv("VITRINE_TEST_SEAT_BUILTIN") != nil && getuid() == 0,
                   "set VITRINE_TEST_SEAT_BUILTIN=1 (as root) to open libseat's builtin seat on this machine's console"))
    func theBuiltinSeatOpensAsRootAndRefusesWhatIsNotADevice() throws {
        let session = try SeatSession(libseatBackend: "builtin")
        defer { session.close() }
        #expect(session.isActive)
        #expect(session.seatName == "seat0")
        #expect(throws: SeatError.openingDevice(path: "/dev/null", errno: .noSuchFileOrDirectory)) {
            try session.openDevice(path: "/dev/null")
        }
    }

    // MARK: Auto detection

    @Test func seatdIsFoundByItsSocketAndLogindOnlyWithASession() {
        func detect(env: [String: String] = [:], sockets: Set<String> = [], directories: Set<String> = [],
                    cgroup: String? = nil) -> SeatManager? {
            SeatManager.detect(environment: { env[$0] }, isSocket: { sockets.contains($0) },
                               isDirectory: { directories.contains($0) }, controlGroup: { cgroup })
        }
        #expect(detect() == nil)
        #expect(detect(sockets: ["/run/seatd.sock"]) == .seatd(socket: "/run/seatd.sock"))
        #expect(detect(env: ["SEATD_SOCK": "/tmp/s"], sockets: ["/run/seatd.sock"]) == nil)
        #expect(detect(env: ["SEATD_SOCK": "/tmp/s"], sockets: ["/tmp/s"]) == .seatd(socket: "/tmp/s"))
        // logind running, but a system service has no session: libseat's logind backend would fail.
        #expect(detect(directories: ["/run/systemd/seats"], cgroup: "0::/system.slice/vitrine-kiosk.service\n") == nil)
        #expect(detect(env: ["XDG_SESSION_ID": "4"], directories: ["/run/systemd/seats"]) == .logind(session: "4"))
        #expect(detect(directories: ["/run/systemd/seats"], cgroup: "0::/user.slice/user-1000.slice/session-7.scope\n")
                == .logind(session: "7"))
        #expect(detect(env: ["XDG_SESSION_ID": "4"]) == nil)
        #expect(detect(env: ["XDG_SESSION_ID": "4"], sockets: ["/run/seatd.sock"], directories: ["/run/systemd/seats"])
                == .seatd(socket: "/run/seatd.sock"))
        #expect(SeatManager.seatd(socket: "/run/seatd.sock").libseatBackend == "seatd")
        #expect(SeatManager.logind(session: "1").libseatBackend == "logind")
    }
}

// MARK: Stand-ins

@MainActor
final class SeatJournal {
    private(set) var entries: [String] = []
    func record(_ entry: String) { entries.append(entry) }
    func clear() { entries.removeAll() }
}

/// A seat as libseat presents one client: events wait in the connection until dispatched;
/// devices open (on /dev/null, so closing them is safe) only while enabled.
@MainActor
final class FakeSeat: SeatBackend {
    let seatName = "seat0"
    /// The connection's (fake) descriptor: nil for a stand-in that calls `readinessHandler`.
    var descriptor: Int32?
    var fileDescriptor: Int32? { descriptor }
    var readinessHandler: (@MainActor () -> Void)?
    let journal: SeatJournal
    /// Events waiting in the connection (read by the next dispatch).
    private var connection: [SeatEvent] = []
    /// Events read by the listener, not yet taken.
    private var received: [SeatEvent] = []
    /// Events the next device or switch call reads while waiting for its answer.
    var eventsOnNextCall: [SeatEvent] = []
    /// The seat says "enabled" only to a dispatch that waits.
    var enablesWhenWaitedFor = false
    var failing: Errno?
    var failDisable: Errno?
    private(set) var isEnabled = false
    private(set) var isClosed = false
    private(set) var dispatchTimeouts: [Int32] = []
    private var nextID: Int32 = 1

    init(journal: SeatJournal, enabledAtOpen: Bool) {
        self.journal = journal
        if enabledAtOpen { connection.append(.enabled) }
    }

    /// The seat manager sends `event`: the connection becomes readable.
    func send(_ event: SeatEvent) {
        connection.append(event)
        readinessHandler?()
    }

    private func deliver(_ events: [SeatEvent]) {
        for event in events {
            switch event {
            case .enabled: isEnabled = true
            case .disabled: break
            }
            received.append(event)
        }
    }

    private func readDuringCall() {
        deliver(eventsOnNextCall)
        eventsOnNextCall = []
    }

    func dispatch(timeoutMilliseconds: Int32) throws(Errno) -> Int {
        dispatchTimeouts.append(timeoutMilliseconds)
        if let failing { throw failing }
        if enablesWhenWaitedFor && timeoutMilliseconds != 0 { connection.append(.enabled) }
        let events = connection
        connection.removeAll()
        deliver(events)
        return events.count
    }

    func takeEvents() -> [SeatEvent] {
        defer { received.removeAll() }
        return received
    }

    func openDevice(atPath path: String) throws(Errno) -> (descriptor: Int32, id: Int32) {
        journal.record("libseat_open_device \(path)")
        defer { readDuringCall() }
        if let failing { throw failing }
        guard isEnabled else { throw .notPermitted }
        let descriptor = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw Errno(rawValue: errno) }
        defer { nextID += 1 }
        return (descriptor, nextID)
    }

    func closeDevice(id: Int32) throws(Errno) {
        journal.record("libseat_close_device \(id)")
        readDuringCall()
    }

    func disableSeat() throws(Errno) {
        journal.record("libseat_disable_seat")
        if let failDisable { throw failDisable }
        isEnabled = false
    }

    func switchSession(_ number: Int32) throws(Errno) {
        if let failing { throw failing }
        journal.record("libseat_switch_session \(number)")
        readDuringCall()
    }

    func close() {
        journal.record("libseat_close_seat")
        isClosed = true
    }
}
