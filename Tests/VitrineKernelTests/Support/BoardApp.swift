import Logging
import Testing
import Vitrine
import VitrineBoard
import VitrineDRM
import VitrineGraphics
import VitrineLinux
import VitrineTestSupport

/// An `Application` on a whole `BoardPlatform` on vkms, made from a board profile as a kiosk
/// makes it (`BoardPlatform.init` + `Application(platform:)`): libinput on seat0, the udev
/// monitor, and the profile's encoder, accelerometer and speech, so the hotplug tests see what
/// a board does, not a copy of its wiring.
@MainActor
final class BoardApp {
    let platform: BoardPlatform
    let app: Application
    let window: Window
    let driver: LoopDriver
    /// Everything the board logged at info or above.
    let log = LogCapture(level: .info)
    /// How many entries the log had once the app was up: what came after is the test's.
    private(set) var startLogCount = 0
    private var isShutDown = false

    var loop: EpollMainLoop { platform.drm!.epollMainLoop }

    /// Starts the board with `[input] encoder = encoder`, `[accelerometer] device = "auto"` and
    /// `auto_rotate = autoRotate`, and `[accessibility] speech = speech`.
    init(encoder: String? = nil, autoRotate: Bool = false, speech: SpeechConfiguration.Mode = .off) throws {
        var profile = BoardProfile(
            name: "vkms-hotplug",
            display: BoardProfile.Display(backend: .drm, device: try KernelDevices.vkmsPath(), connector: KernelDevices.virtualConnector),
            accelerometer: BoardProfile.Accelerometer(device: .automatic, autoRotate: autoRotate),
            system: BoardProfile.System(watchdog: false, console: .none, session: .direct))
        profile.input.encoder = encoder
        profile.speech = SpeechConfiguration(mode: speech)
        platform = try BoardPlatform(profile: profile, notifier: nil, logger: log.logger(label: "vitrine.board"))
        app = Application(platform: platform)
        driver = LoopDriver(platform.drm!.epollMainLoop)
        window = Window(frame: app.screen.bounds)
        window.backgroundColor = .white
        window.makeKeyAndVisible(in: app)
        _ = settle()
        startLogCount = log.entries.count
    }

    /// The messages logged since start at `minimum` or above.
    func messagesSinceStart(atLeast minimum: Logger.Level) -> [String] {
        log.entries.dropFirst(startLogCount).filter { $0.level >= minimum }.map(\.message)
    }

    /// How many messages since start contain `text`.
    func countSinceStart(_ text: String) -> Int {
        log.entries.dropFirst(startLogCount).count { $0.message.contains(text) }
    }

    /// Runs the loop until everything is on screen.
    @discardableResult
    func settle(timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let app = self.app, display = platform.drm!.drmDisplay
        let settled = driver.run(until: { !app.hasPendingCommit && !display.isFlipPending }, timeout: timeout)
        if !settled { Issue.record("the board did not settle within \(timeout) s", sourceLocation: sourceLocation) }
        return settled
    }

    /// The loop's wake-ups while it runs `seconds` on its own after settling, less the one of
    /// the timer that ends the wait: what the app costs idle.
    func idleWakeUps(over seconds: Double = 1) -> Int {
        settle()
        let before = loop.wakeUps
        driver.run(for: seconds)
        return loop.wakeUps - before - 1
    }

    /// Two buttons side by side, "First" and "Second".
    func addTwoButtons() -> [Button] {
        ["First", "Second"].enumerated().map { index, title -> Button in
            let button = Button(frame: Rect(x: 100 + Double(index) * 450, y: 300, width: 350, height: 120))
            button.setTitle(title, for: .normal)
            button.backgroundColor = Color(red: 0.15, green: 0.45, blue: 0.8)
            window.addSubview(button)
            return button
        }
    }

    /// Releases the board (input, display, loop). Idempotent.
    func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        platform.shutdown()
    }
}
