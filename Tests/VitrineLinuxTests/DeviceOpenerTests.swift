import Glibc
import SystemPackage
import Testing
import VitrineLinux

/// The device openers DRM and libinput share: through the seat, and directly.
@MainActor
@Suite
struct DeviceOpenerTests {
    private func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) != -1 }

    @Test func opensThroughTheSeatAndHandsBackOnClose() throws {
        let seat = OpenerSeat()
        let session = try SeatSession(backend: seat, activationTimeout: 0)
        let opener = SeatDeviceOpener(session: session)
        let descriptor = try opener.open(path: "/dev/input/event4", flags: O_RDONLY)
        #expect(seat.calls == ["open /dev/input/event4"])
        #expect(session.openDevices[descriptor]?.path == "/dev/input/event4")
        #expect(isOpen(descriptor))
        opener.close(descriptor)
        #expect(seat.calls == ["open /dev/input/event4", "close 7"])
        #expect(!isOpen(descriptor))
        #expect(session.openDevices.isEmpty)
    }

    @Test func theSeatsErrorAndErrnoReachTheCaller() throws {
        let seat = OpenerSeat()
        let session = try SeatSession(backend: seat, activationTimeout: 0)
        let opener = SeatDeviceOpener(session: session)
        seat.refusal = .notPermitted
        #expect(throws: DeviceOpeningError.seat(.openingDevice(path: "/dev/input/event4", errno: .notPermitted))) {
            _ = try opener.open(path: "/dev/input/event4", flags: O_RDWR)
        }
        seat.refusal = .noSuchFileOrDirectory
        do {
            _ = try opener.open(path: "/dev/dri/card0", flags: 0)
            Issue.record("the seat refused; open must throw")
        } catch {
            #expect(error.errno == .noSuchFileOrDirectory)
        }
    }

    @Test func theDirectOpenerReportsThePathAndErrno() {
        let opener = DirectDeviceOpener()
        #expect(throws: DeviceOpeningError.direct(path: "/nonexistent-vitrine/event0", errno: .noSuchFileOrDirectory)) {
            _ = try opener.open(path: "/nonexistent-vitrine/event0", flags: O_RDONLY)
        }
    }

    @Test func theDirectOpenerOpensReadWriteNonBlockingCloseOnExecAndCloses() throws {
        let opener = DirectDeviceOpener()
        let descriptor = try opener.open(path: "/dev/null", flags: O_RDONLY)
        let status = fcntl(descriptor, F_GETFL)
        #expect(status & O_ACCMODE == O_RDWR)
        #expect(status & O_NONBLOCK != 0)
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
        opener.close(descriptor)
        #expect(!isOpen(descriptor))
    }

    @Test func aClosedSessionOpensNothingAndOnlyClosesWhatItHadOpened() throws {
        let seat = OpenerSeat()
        let session = try SeatSession(backend: seat, activationTimeout: 0)
        let opener = SeatDeviceOpener(session: session)
        let descriptor = try opener.open(path: "/dev/input/event4", flags: O_RDWR)
        session.close()
        #expect(throws: DeviceOpeningError.seat(.closed)) { _ = try opener.open(path: "/dev/input/event4", flags: O_RDWR) }
        #expect(DeviceOpeningError.seat(.closed).errno == .noSuchAddressOrDevice)
        opener.close(descriptor)
        #expect(!isOpen(descriptor))
        #expect(seat.calls == ["open /dev/input/event4", "close 7", "close seat"])
    }
}

/// An enabled seat that opens /dev/null for every device (id 7), or refuses with `refusal`.
@MainActor
private final class OpenerSeat: SeatBackend {
    let seatName = "seat0"
    var fileDescriptor: Int32? { nil }
    var readinessHandler: (@MainActor () -> Void)?
    var refusal: Errno?
    private(set) var calls: [String] = []
    private var enabled: [SeatEvent] = [.enabled]

    func dispatch(timeoutMilliseconds: Int32) throws(Errno) -> Int { enabled.count }
    func takeEvents() -> [SeatEvent] {
        defer { enabled = [] }
        return enabled
    }
    func openDevice(atPath path: String) throws(Errno) -> (descriptor: Int32, id: Int32) {
        calls.append("open \(path)")
        if let refusal { throw refusal }
        return (Glibc.open("/dev/null", O_RDWR | O_CLOEXEC), 7)
    }
    func closeDevice(id: Int32) throws(Errno) { calls.append("close \(id)") }
    func disableSeat() throws(Errno) {}
    func switchSession(_ number: Int32) throws(Errno) {}
    func close() { calls.append("close seat") }
}
