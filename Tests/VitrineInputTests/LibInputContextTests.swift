import Glibc
import SystemPackage
import Testing
import Vitrine
import VitrineInput
import VitrineLinux
import VitrineTestSupport

/// The real libinput backend, as far as a machine without input devices can take it (the VM
/// ring drives it with uinput devices).
@MainActor
struct LibInputContextTests {
    private let missing = "/dev/input/event-vitrine-test-missing"
    private let logs = LogCapture()

    @Test func aPathThatDoesNotExistIsAClearError() {
        do {
            _ = try LibInputContext(devices: .paths([missing]), logger: logs.logger)
            Issue.record("a missing device was accepted")
        } catch {
            #expect(error == .deviceNotFound(path: missing))
            #expect(error.description.hasPrefix("\(missing) does not exist — check [input] devices in the board profile"))
        }
    }

    @Test func theSourceOnThePathBackendReportsTheSameError() {
        let display = TestDisplay()
        #expect(throws: InputError.deviceNotFound(path: missing)) {
            _ = try LibInputSource(configuration: InputConfiguration(devices: .paths([missing])), display: display,
                                   screenScale: 1, clock: TestClock(), logger: logs.logger)
        }
    }

    @Test func aFileThatIsNotAnInputDeviceIsRejectedWithLibInputsReason() throws {
        // A regular file exists, opens, and is no evdev device: libinput refuses it.
        var template = Array("/tmp/vitrine-not-input-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        try #require(descriptor >= 0)
        close(descriptor)
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        do {
            _ = try LibInputContext(devices: .paths([path]), logger: logs.logger)
            Issue.record("a regular file was accepted as an input device")
        } catch {
            guard case .deviceRejected(let rejected, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(rejected == path)
            #expect(reason.contains(path)) // what libinput logged about it
            #expect(logs.messages(at: .error).contains { $0.hasPrefix("libinput: ") && $0.contains(path) })
            #expect(error.description.contains("libinput did not accept the device"))
        }
    }

    @Test func noPathsIsAConfigurationError() {
        #expect(throws: InputError.self) { _ = try LibInputContext(devices: .paths([])) }
    }

    @Test func theUdevSeatStartsAndDispatchesWithoutBlocking() throws {
        // Whatever this machine has (here: no /dev/input), the context starts, its descriptor
        // is valid, and dispatching returns at once.
        let context = try LibInputContext(devices: .seat("seat0"), logger: logs.logger)
        #expect(context.origin == "seat seat0")
        #expect(fcntl(context.fileDescriptor, F_GETFD) >= 0)
        try context.dispatch(panelWidth: 800, panelHeight: 480) { _ in }
        // requestDispatch makes the descriptor readable until the next dispatch.
        context.requestDispatch()
        var poll = pollfd(fd: context.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(Glibc.poll(&poll, 1, 0) == 1)
        try context.dispatch(panelWidth: 800, panelHeight: 480) { _ in }
        poll.revents = 0
        #expect(Glibc.poll(&poll, 1, 0) == 0)
    }

    @Test func theDirectOpenerReportsTheErrno() {
        let opener = DirectDeviceOpener()
        #expect(throws: DeviceOpeningError.direct(path: missing, errno: .noSuchFileOrDirectory)) {
            _ = try opener.open(path: missing, flags: O_RDWR)
        }
    }
}

@MainActor
struct InputErrorTests {
    @Test func everyErrorSaysWhatToDo() {
        let errors: [InputError] = [
            .permissionDenied(path: "/dev/input/event3"),
            .deviceNotFound(path: "/dev/input/event9"),
            .deviceRejected(path: "/dev/input/event1", reason: "udev device never initialized"),
            .noDevices(origin: "seat seat0", failures: []),
            .noDevices(origin: "seat seat0", failures: [InputDeviceOpenFailure(path: "/dev/input/event2", errno: .permissionDenied)]),
            .seatAssignmentFailed(seat: "seat1"),
            .contextCreationFailed("udev_new failed"),
            .systemCall(operation: "libinput_dispatch", errno: .ioError),
            .invalidConfiguration("the calibration matrix has 5 values"),
        ]
        for error in errors { #expect(error.description.contains(" — "), "\(error)") }
        #expect(errors[0].description.contains("add the user to group input, or run as root or under seatd"))
        #expect(errors[2].description.contains("(udev device never initialized)"))
        #expect(errors[4].description.contains("/dev/input/event2: permission denied"))
        #expect(InputError.opening("/dev/input/event5", errno: .permissionDenied) == .permissionDenied(path: "/dev/input/event5"))
        #expect(InputError.opening("/dev/input/event5", errno: .noSuchFileOrDirectory) == .deviceNotFound(path: "/dev/input/event5"))
    }
}
