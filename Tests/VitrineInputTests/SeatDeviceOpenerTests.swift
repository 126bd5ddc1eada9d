import Glibc
import SystemPackage
import Testing
import VitrineInput
import VitrineLinux

/// libinput's opener through the seat: what libinput's open_restricted and close_restricted get.
@MainActor
@Suite
struct SeatDeviceOpenerTests {
    private func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) != -1 }

    @Test func opensThroughTheSeatAndHandsBackOnClose() throws {
        let seat = OpenerSeat()
        let session = try SeatSession(backend: seat, activationTimeout: 0)
        let opener = SeatDeviceOpener(session: session)
        let descriptor = try opener.openDevice(atPath: "/dev/input/event4", flags: O_RDONLY)
        #expect(seat.calls == ["open /dev/input/event4"])
        #expect(session.openDevices[descriptor]?.path == "/dev/input/event4")
        #expect(isOpen(descriptor))
        opener.closeDevice(descriptor)
        #expect(seat.calls == ["open /dev/input/event4", "close 7"])
        #expect(!isOpen(descriptor))
        #expect(session.openDevices.isEmpty)
    }

    @Test func theSeatsErrnoReachesLibInput() throws {
        let seat = OpenerSeat()
        let session = try SeatSession(backend: seat, activationTimeout: 0)
        let opener = SeatDeviceOpener(session: session)
        seat.refusal = .notPermitted
        #expect(throws: Errno.notPermitted) { _ = try opener.openDevice(atPath: "/dev/input/event4", flags: O_RDWR) }
        seat.refusal = .noSuchFileOrDirectory
        #expect(throws: Errno.noSuchFileOrDirectory) { _ = try opener.openDevice(atPath: "/dev/input/event9", flags: O_RDWR) }
    }

    @Test func aClosedSessionOpensNothingAndOnlyClosesWhatItHadOpened() throws {
        let seat = OpenerSeat()
        let session = try SeatSession(backend: seat, activationTimeout: 0)
        let opener = SeatDeviceOpener(session: session)
        let descriptor = try opener.openDevice(atPath: "/dev/input/event4", flags: O_RDWR)
        session.close()
        #expect(throws: Errno.noSuchAddressOrDevice) { _ = try opener.openDevice(atPath: "/dev/input/event4", flags: O_RDWR) }
        opener.closeDevice(descriptor)
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
        return (open("/dev/null", O_RDWR | O_CLOEXEC), 7)
    }
    func closeDevice(id: Int32) throws(Errno) { calls.append("close \(id)") }
    func disableSeat() throws(Errno) {}
    func switchSession(_ number: Int32) throws(Errno) {}
    func close() { calls.append("close seat") }
}
