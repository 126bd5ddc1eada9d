import Glibc
import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineHeadless
import VitrineInput
import VitrineLinux
import VitrineTestSupport
@testable import VitrineBoard

/// A fake systemd notification socket (a datagram socket in a temporary directory) whose path
/// is given to the notifier: no test touches the process environment.
final class NotifySocket {
    let directory: TemporaryDirectory
    let path: String
    private let fd: Int32

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path + "/notify"
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard fd >= 0, bound == 0 else { throw TestFailure(description: "cannot bind \(path): \(errno)") }
    }

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

    deinit { close(fd) }
}

@MainActor
final class OneWindowDelegate: ApplicationDelegate {
    var window: Window?
    func applicationDidFinishLaunching(_ application: Application) {
        let window = Window(frame: application.screen.bounds)
        window.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.6)
        window.makeKeyAndVisible(in: application)
        self.window = window
    }
}

@Suite @MainActor struct BoardPlatformTests {
    @Test func theVirtualProfileGivesAHeadlessPlatformOfItsSizeScaleRotationAndCapacity() throws {
        var profile = try BoardProfile.load(named: "virtual", directories: [shippedBoardsDirectory])
        profile.display.mode = ModeRequest(width: 1024, height: 600, refreshRate: 50)
        profile.display.rotation = .clockwise90
        profile.display.scale = 2
        profile.display.buffers = 3
        profile.touch.capacity = 5
        let platform = try BoardPlatform(profile: profile, notifier: nil)
        defer { platform.shutdown() }
        let headless = try #require(platform.headless)
        #expect(platform.drm == nil && platform.libInput == nil && platform.accelerometer == nil)
        #expect(headless.virtualDisplay.mode == DisplayMode(width: 1024, height: 600, refreshRate: 50))
        #expect(headless.virtualDisplay.rotation == .clockwise90)
        #expect(platform.screenScale == 2)
        #expect(platform.touchCapacity == 5)
        #expect(platform.mainLoop === headless.manualMainLoop)
        #expect(platform.inputSources.count == 1 && platform.inputSources[0] === headless.input)

        let application = Application(platform: platform)
        // A quarter turn: the scene (and the screen in points at scale 2) is 600×1024 / 2.
        #expect(application.screen.nativeSize == Size(width: 600, height: 1024))
        #expect(application.screen.bounds == Rect(x: 0, y: 0, width: 300, height: 512))
        #expect(application.touchPool.capacity == 5)
        #expect(platform.statusLine == "board virtual: virtual display 1024x600@50.0, scale 2.0")
    }

    @Test func theShippedVirtualProfileRunsAnApplication() throws {
        let platform = try BoardPlatform(profile: BoardProfile.load(named: "virtual", directories: [shippedBoardsDirectory]),
                                         notifier: nil)
        let application = Application(platform: platform)
        let delegate = OneWindowDelegate()
        application.delegate = delegate
        application.launch()
        try #require(platform.headless).manualMainLoop.advance(by: 0.1)
        #expect(try #require(platform.headless).virtualDisplay.presentCount >= 1)
        #expect(application.screen.bounds == Rect(x: 0, y: 0, width: 800, height: 480))
        platform.shutdown()
        #expect(platform.isShutDown)
        platform.shutdown()
    }

    @Test func readyIsSentOnceWhenTheFirstFrameIsOnTheScreenAndStoppingAtShutdown() throws {
        let socket = try NotifySocket()
        let platform = try BoardPlatform(profile: .virtual, notifier: SystemdNotifier(socketPath: socket.path))
        let application = Application(platform: platform)
        #expect(socket.received().isEmpty)
        let loop = try #require(platform.headless).manualMainLoop

        // Launched but nothing presented yet: not ready.
        application.delegate = OneWindowDelegate()
        #expect(socket.received().isEmpty)
        application.launch()
        loop.advance(by: 0.1)
        #expect(platform.hasSentReady)
        #expect(socket.received() == ["READY=1\nSTATUS=board virtual: virtual display 800x480@60.0, scale 1.0"])

        // Later frames send nothing more.
        (application.windows.first)?.backgroundColor = Color(red: 1, green: 0, blue: 0)
        loop.advance(by: 0.1)
        #expect(socket.received().isEmpty)

        platform.shutdown()
        #expect(socket.received() == ["STOPPING=1"])
    }

    @Test func makingTheApplicationAppliesTheLidPolicyAndTheMotionTuning() throws {
        var profile = BoardProfile.virtual
        profile.switches.lid = .ignore
        profile.accelerometer.shake = BoardProfile.Shake(enabled: true, threshold: 1.2, duration: 0.4, quietPeriod: 2)
        profile.accelerometer.orientationHysteresis = 25
        let platform = try BoardPlatform(profile: profile, notifier: nil)
        defer { platform.shutdown() }
        let application = Application(platform: platform)
        #expect(application.switchPolicy.lid == .ignore)
        #expect(application.shakeDetector.configuration.threshold == 1.2)
        #expect(application.shakeDetector.configuration.minimumDuration == 0.4)
        #expect(application.shakeDetector.configuration.quietPeriod == 2)
        #expect(application.orientationDetector.configuration.hysteresis == 25)
        // Headless there is no accelerometer: nothing is switched on that would read one.
        #expect(!application.detectsShakes && !application.autoRotates)

        var closing = BoardProfile.virtual
        closing.switches.lid = .displayOff
        let other = try BoardPlatform(profile: closing, notifier: nil)
        defer { other.shutdown() }
        let second = Application(platform: other)
        #expect(second.switchPolicy.lid == .displayOffAndCancelTouches)
        // The app may change a policy afterwards: it stays as the app set it.
        second.switchPolicy.lid = .ignore
        other.headless?.manualMainLoop.advance(by: 0.1)
        #expect(second.switchPolicy.lid == .ignore)
    }

    /// `Application.main(platform:delegate:)`, the generic entry point, with nothing else called:
    /// the profile's policies are in place when the app launches, READY=1 goes out with the first
    /// frame, STOPPING=1 at the end.
    @Test func anAppStartedTheGenericWayGetsTheProfilesPoliciesAndReady() throws {
        final class Recorder: ApplicationDelegate {
            var window: Window?
            var lid: SwitchPolicy.LidAction?
            var idlePolicy: IdlePolicy?
            var hasBacklight = false
            func applicationDidFinishLaunching(_ application: Application) {
                lid = application.switchPolicy.lid
                idlePolicy = application.idlePolicy
                hasBacklight = application.backlight != nil
                let window = Window(frame: application.screen.bounds)
                window.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.6)
                window.makeKeyAndVisible(in: application)
                self.window = window
                LoopTimer.scheduled(on: application.mainLoop, after: 0.1) { _ in application.terminate() }
            }
        }
        var profile = BoardProfile.virtual
        profile.switches.lid = .ignore
        profile.power = BoardProfile.Power(dimAfter: 30, offAfter: 60, dimLevel: 0.2)
        let socket = try NotifySocket()
        let platform = try BoardPlatform(profile: profile, notifier: SystemdNotifier(socketPath: socket.path))
        let delegate = Recorder()
        Application.main(platform: platform, delegate: delegate)
        #expect(delegate.lid == .ignore)
        #expect(delegate.idlePolicy == IdlePolicy(dimAfter: 30, offAfter: 60, dimLevel: 0.2))
        #expect(delegate.hasBacklight)
        #expect(platform.hasSentReady)
        #expect(socket.received() == ["READY=1\nSTATUS=board virtual: virtual display 800x480@60.0, scale 1.0",
                                      "STOPPING=1"])
        #expect(platform.isShutDown)
    }

    @Test func withoutSystemdNothingIsSentAndNoTimerIsArmed() throws {
        let platform = try BoardPlatform(profile: .virtual, notifier: nil)
        _ = Application(platform: platform)
        let loop = try #require(platform.headless).manualMainLoop
        #expect(loop.armedTimerCount == 0)
        #expect(platform.watchdog == nil)
        platform.shutdown()
    }

    @Test func aMissingDRMDeviceIsTheDRMErrorWithItsRemedyAndExitStatus() throws {
        var profile = BoardProfile.genericDRM
        profile.name = "test"
        profile.display.device = "/dev/dri/card-that-does-not-exist"
        profile.system.console = .none
        do {
            _ = try BoardPlatform(profile: profile, notifier: nil)
            Issue.record("a missing DRM device opened")
        } catch {
            guard case .display(let drmError, let name) = error else {
                Issue.record("not a display error: \(error)")
                return
            }
            #expect(drmError == .deviceNotFound(path: "/dev/dri/card-that-does-not-exist"))
            #expect(name == "test")
            #expect(error.exitStatus == 3)
            #expect(error.description == "board test: /dev/dri/card-that-does-not-exist does not exist — run `vitrine devices` to list the DRM devices")
        }
    }

    @Test func theTouchPoolHoldsWhatTheProfileOrTheTouchscreenAsksUpTo64() {
        #expect(BoardPlatform.touchCapacity(profile: 10, reported: 1) == 10)
        #expect(BoardPlatform.touchCapacity(profile: 5, reported: 10) == 10)
        #expect(BoardPlatform.touchCapacity(profile: 10, reported: 80) == 64)
    }

    @Test func theDRMConfigurationComesFromTheDisplaySection() {
        let display = BoardProfile.Display(backend: .drm, device: "/dev/dri/card1", connector: "DSI-1",
                                           mode: ModeRequest(width: 800, height: 480, refreshRate: 60),
                                           rotation: .upsideDown, pixelFormat: .rgb565, scale: 1, buffers: 3,
                                           allowsPlaneRotation: false, modesetting: .legacy)
        let configuration = display.drm
        #expect(configuration == DRMDisplay.Configuration(
            connectorName: "DSI-1", mode: ModeRequest(width: 800, height: 480, refreshRate: 60), rotation: .upsideDown,
            pixelFormat: .rgb565, bufferCount: 3, modesetting: .legacy, allowsPlaneRotation: false))
        #expect(BoardProfile.Display().drm == DRMDisplay.Configuration())
    }

    @Test func theDeviceIsTheProfilesElseTheCardWithTheConnectorElseAny() throws {
        let machine = try FakeMachine()
        try machine.addConnector(card: 2, "DSI-1", connected: true)
        let connectors = BoardConnectors(sysfsDirectory: machine.sysfs)
        var display = BoardProfile.Display(device: "/dev/dri/card7", connector: "DSI-1")
        #expect(BoardPlatform.devicePath(for: display, connectors: connectors) == "/dev/dri/card7")
        display.device = nil
        #expect(BoardPlatform.devicePath(for: display, connectors: connectors) == "/dev/dri/card2")
        display.connector = "HDMI-A-1"
        #expect(BoardPlatform.devicePath(for: display, connectors: connectors) == nil)
        display.connector = nil
        #expect(BoardPlatform.devicePath(for: display, connectors: connectors) == nil)
    }

    @Test func theInputConfigurationComesFromTheInputAndTouchSections() throws {
        var profile = BoardProfile()
        #expect(BoardPlatform.inputConfiguration(profile) == InputConfiguration(allowsNoDevices: true))
        profile.input = BoardProfile.Input(seat: "seat1", devices: ["/dev/input/event3"], allowsVTSwitching: true,
                                           pointerDrivesTouch: false,
                                           keymap: KeymapNames(layout: "de", variant: "nodeadkeys"))
        profile.touch.calibration = CalibrationMatrix(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1)
        let configuration = BoardPlatform.inputConfiguration(profile)
        #expect(configuration == InputConfiguration(
            devices: .paths(["/dev/input/event3"]),
            calibration: CalibrationMatrix(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1),
            keymap: KeymapNames(layout: "de", variant: "nodeadkeys"), allowsVTSwitching: true,
            pointerDrivesTouch: false, allowsNoDevices: false))
        try configuration.validate()
    }

    @Test func theAccelerometerConfigurationComesFromItsSection() throws {
        var settings = BoardProfile.Accelerometer()
        #expect(try BoardPlatform.accelerometerConfiguration(settings) == AccelerometerConfiguration())
        settings.device = .none
        #expect(try BoardPlatform.accelerometerConfiguration(settings) == nil)
        settings.device = .path("/dev/input/event5")
        settings.mountMatrix = try MountMatrix(rows: [[0, 1, 0], [-1, 0, 0], [0, 0, 1]])
        let configuration = try #require(try BoardPlatform.accelerometerConfiguration(settings))
        #expect(configuration.device == .evdev(path: "/dev/input/event5"))
        #expect(configuration.mountMatrix == (try MountMatrix(rows: [[0, 1, 0], [-1, 0, 0], [0, 0, 1]])))
        settings.device = .path("/sys/bus/iio/devices/iio:device0")
        #expect(try BoardPlatform.accelerometerConfiguration(settings)?.device == .iio(directory: "/sys/bus/iio/devices/iio:device0"))
    }

    @Test func everyShippedProfileGivesConfigurationsTheBackendsAccept() throws {
        for name in ShippedProfileTests.names {
            let profile = try BoardProfile.load(named: name, directories: [shippedBoardsDirectory])
            try BoardPlatform.inputConfiguration(profile).validate()
            try BoardPlatform.accelerometerConfiguration(profile.accelerometer)?.validate()
            let configuration = profile.display.drm
            #expect((2...3).contains(configuration.bufferCount))
        }
    }
}
