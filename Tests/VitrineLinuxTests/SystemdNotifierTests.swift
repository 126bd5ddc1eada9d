import Glibc
import Logging
import SystemPackage
import Testing
import Vitrine
@testable import VitrineLinux

/// A fake systemd notification socket: a Unix datagram socket bound in a fresh temporary
/// directory, read without blocking. The notifier is given its path explicitly, so no test
/// touches the process environment (tests run in parallel).
final class FakeNotifySocket {
    let directory: String
    let path: String
    private let fd: Int32

    init() throws {
        var template = Array("/tmp/vitrine-notify-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Errno(rawValue: errno) }
        directory = String(cString: made)
        path = directory + "/notify"
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Errno(rawValue: errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else { throw Errno(rawValue: errno) }
    }

    /// Every datagram waiting, in order.
    func received() -> [String] {
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard count > 0 else { break }
            messages.append(String(decoding: buffer[0..<count], as: UTF8.self))
        }
        return messages
    }

    deinit {
        close(fd)
        unlink(path)
        rmdir(directory)
    }
}

/// A run loop that only keeps timers, for code that arms them: the test fires them by hand
/// at chosen times, as the loop would when it turns.
@MainActor
final class TimerOnlyLoop: MainLoop {
    let fixedClock = FixedClock()
    var clock: any TimeSource { fixedClock }
    private(set) var timers: [LoopTimer] = []
    var armedTimers: [LoopTimer] { timers.filter(\.isValid) }

    func addInputSource(_ source: any InputSource, handler: @escaping @MainActor (InputEvent) -> Void) {}
    func removeInputSource(_ source: any InputSource) {}
    func watch(_ descriptor: Int32, events: DescriptorEvents,
               _ handler: @escaping @MainActor (DescriptorEvents) -> Void) throws(DescriptorWatchError) -> DescriptorWatch {
        throw .unwatchable(descriptor, errno: 0)
    }
    func add(_ timer: LoopTimer) { timers.append(timer) }
    func remove(_ timer: LoopTimer) { timers.removeAll { $0 === timer } }
    func addBeforeWaitingObserver(_ body: @escaping @MainActor () -> Void) {}
    func wakeUp() {}
    func run() {}
    func stop() {}

    /// Advances the clock to `time` and fires every timer due by then, as a loop turn would.
    func turn(at time: Double) {
        fixedClock.now = time
        for timer in timers where timer.isValid && timer.fireDate <= time {
            if !timer.fireFromMainLoop(now: time) { remove(timer) }
        }
    }
}

@MainActor
final class FixedClock: TimeSource {
    var now: Double = 0
}

@Suite struct SystemdNotifierTests {
    @Test func sendsEachMessageAsOneDatagramInTheProtocolsForm() throws {
        let socket = try FakeNotifySocket()
        let notifier = SystemdNotifier(socketPath: socket.path)
        try notifier.ready(status: "showing\nthe welcome screen")
        try notifier.status("800x480 on DSI-1")
        try notifier.watchdogAlive()
        try notifier.stopping()
        #expect(socket.received() == [
            "READY=1\nSTATUS=showing the welcome screen",
            "STATUS=800x480 on DSI-1",
            "WATCHDOG=1",
            "STOPPING=1",
        ])
    }

    @Test func aMissingSocketIsATypedErrorThatSaysWhatToDo() throws {
        let notifier = SystemdNotifier(socketPath: "/tmp/vitrine-no-such-dir-\(getpid())/notify")
        #expect(throws: SystemdNotifyError.self) { try notifier.send("READY=1") }
        do {
            try notifier.send("READY=1")
        } catch {
            #expect(error.errno == .noSuchFileOrDirectory)
            #expect(error.description.hasPrefix("READY=1 to /tmp/vitrine-no-such-dir-"))
            #expect(error.description.contains("is systemd"))
        }
    }

    @Test func aPathTooLongForASocketAddressIsRefused() {
        let notifier = SystemdNotifier(socketPath: "/" + String(repeating: "x", count: 200))
        do {
            try notifier.send("READY=1")
            Issue.record("a 201-byte socket path was accepted")
        } catch {
            #expect(error.errno == .fileNameTooLong)
        }
    }

    @Test func theEnvironmentsSocketIsWhereMessagesGo() throws {
        let socket = try FakeNotifySocket()
        let environment = ["NOTIFY_SOCKET": socket.path]
        let notifier = try #require(SystemdNotifier.fromEnvironment { environment[$0] })
        try notifier.ready()
        #expect(socket.received() == ["READY=1"])
        #expect(SystemdNotifier.fromEnvironment { ["NOTIFY_SOCKET": ""][$0] } == nil)
        #expect(SystemdNotifier.fromEnvironment { _ in nil } == nil)
    }

    @Test func anAbstractSocketIsNamedWithAnAt() throws {
        // systemd gives an abstract address as "@name"; on the wire the name starts with a NUL
        // and the address's length ends where the name does (no terminating NUL).
        let name = "vitrine-notify-test-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in name.utf8.enumerated() { raw[index + 1] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + name.utf8.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        try #require(bound == 0)
        try SystemdNotifier(socketPath: "@" + name).send("READY=1")
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        #expect(count == 7)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "READY=1")
    }

    @Test func anAddressThatIsNotAUnixSocketsSaysWhatToGive() {
        let notifier = SystemdNotifier(socketPath: "vsock:2:1234")
        do {
            try notifier.send("READY=1")
            Issue.record("a vsock address was accepted")
        } catch {
            #expect(error.errno == .addressFamilyNotSupported)
            #expect(error.description.contains("Unix NOTIFY_SOCKET"))
        }
    }

    @Test func theWatchdogsTimeoutIsReadAsSystemdWritesIt() {
        func timeout(_ variables: [String: String], pid: Int32 = 42) -> Double? {
            SystemdWatchdog.timeoutFromEnvironment({ variables[$0] }, processID: pid)
        }
        #expect(timeout(["WATCHDOG_USEC": "20000000"]) == 20)
        #expect(timeout(["WATCHDOG_USEC": "1500000", "WATCHDOG_PID": "42"]) == 1.5)
        #expect(timeout(["WATCHDOG_USEC": "1500000", "WATCHDOG_PID": "43"]) == nil)
        #expect(timeout(["WATCHDOG_USEC": "1500000", "WATCHDOG_PID": "forty-two"]) == nil)
        #expect(timeout(["WATCHDOG_USEC": "0"]) == nil)
        #expect(timeout(["WATCHDOG_USEC": "-5"]) == nil)
        #expect(timeout(["WATCHDOG_USEC": "20s"]) == nil)
        #expect(timeout([:]) == nil)
    }

    @Test func notUnderSystemdThereIsNoNotifierAndNoWatchdog() {
        // Only meaningful when this test process itself was not started by systemd as a
        // notify service (it never is under `swift test`); then nothing must be set up.
        guard getenv("NOTIFY_SOCKET") == nil, getenv("WATCHDOG_USEC") == nil else { return }
        #expect(SystemdNotifier.fromEnvironment() == nil)
        #expect(SystemdWatchdog.timeoutFromEnvironment() == nil)
    }
}

@Suite @MainActor struct SystemdWatchdogTests {
    @Test func feedsAtHalfTheTimeoutOnlyWhenTheLoopTurns() throws {
        let socket = try FakeNotifySocket()
        let loop = TimerOnlyLoop()
        let watchdog = SystemdWatchdog(notifier: SystemdNotifier(socketPath: socket.path), timeout: 10, mainLoop: loop)
        #expect(watchdog.pingInterval == 5)
        #expect(loop.armedTimers.count == 1)
        let timer = try #require(loop.armedTimers.first)
        #expect(timer.fireDate == 5)
        #expect(timer.interval == 5)
        // A ping never comes later than the timeout, even with the tolerance used up.
        #expect(timer.fireDate + timer.tolerance < watchdog.timeout)

        loop.turn(at: 4.9)
        #expect(socket.received().isEmpty)
        loop.turn(at: 5)
        #expect(socket.received() == ["WATCHDOG=1"])
        loop.turn(at: 10.2)
        #expect(socket.received() == ["WATCHDOG=1"])
        // A hung main thread: the loop does not turn for 30 s. Nothing was sent meanwhile
        // (systemd restarts the app), and when it turns again it pings once, not a burst.
        loop.turn(at: 40.2)
        #expect(socket.received() == ["WATCHDOG=1"])
        #expect(watchdog.pings == 3)
    }

    @Test func stoppingDisarmsTheTimer() throws {
        let socket = try FakeNotifySocket()
        let loop = TimerOnlyLoop()
        let watchdog = SystemdWatchdog(notifier: SystemdNotifier(socketPath: socket.path), timeout: 2, mainLoop: loop)
        #expect(watchdog.isRunning)
        watchdog.stop()
        #expect(!watchdog.isRunning)
        #expect(loop.armedTimers.isEmpty)
        loop.turn(at: 100)
        #expect(socket.received().isEmpty)
    }

    @Test func withoutANotifierNothingIsArmed() {
        let loop = TimerOnlyLoop()
        #expect(SystemdWatchdog.start(notifier: nil, mainLoop: loop) == nil)
        #expect(loop.armedTimers.isEmpty)
    }

    @Test func aFailingSocketIsLoggedOnceAndThePingsCarryOn() throws {
        let recorder = LogRecorder()
        var logger = Logger(label: "test") { label in
            SystemdLogHandler(label: label, format: .plain, output: { recorder.append($0) })
        }
        logger.logLevel = .debug
        let loop = TimerOnlyLoop()
        let watchdog = SystemdWatchdog(notifier: SystemdNotifier(socketPath: "/tmp/vitrine-gone-\(getpid())/notify"),
                                       timeout: 2, mainLoop: loop, logger: logger)
        loop.turn(at: 1)
        loop.turn(at: 2)
        loop.turn(at: 3)
        #expect(watchdog.pings == 0)
        #expect(watchdog.isRunning)
        let lines = recorder.lines
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("error test: systemd watchdog: WATCHDOG=1 to /tmp/vitrine-gone-") == true)
    }
}
