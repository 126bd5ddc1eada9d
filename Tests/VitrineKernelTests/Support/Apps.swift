import Testing
import Vitrine
import VitrineBoard
import VitrineDRM
import VitrineGraphics
import VitrineHeadless
import VitrineInput
import VitrineLinux
import VitrineTestSupport

/// An `Application` on the real backends of the VM: `DRMPlatform` (epoll loop, DRM display on
/// vkms), with libinput on the udev seat when asked (the devices the test made with uinput,
/// as udev in the VM describes them), one full-screen window, and a `LoopDriver` to run it
/// until a frame is on screen.
@MainActor
final class KernelApp {
    let platform: DRMPlatform
    let app: Application
    let window: Window
    let driver: LoopDriver
    /// libinput on seat0, when the app was made with input.
    let libInput: LibInputSource?
    /// The encoder read with libevdev, when `encoder` names a device that turns as a dial
    /// (opened as `BoardPlatform` opens it).
    let dialEncoder: DialEncoderSource?
    /// The barcode scanners named by `scanners`, read as `BoardPlatform` reads them.
    let scanners: ScannerSource?
    /// What the backends logged at warning or above.
    let log = LogCapture(level: .info)
    private var isShutDown = false

    /// Starts the app on vkms with `configuration` (the Virtual connector unless it names
    /// another) and a window whose background is `background`; with `input`, libinput reads
    /// the udev seat (the device named `encoder` being the rotary encoder, those named
    /// `scanners` barcode scanners ending codes without Return after `scanGap` seconds).
    /// Nothing is shown until `settle()`.
    init(configuration: DRMDisplay.Configuration = DRMDisplay.Configuration(), background: Color = .white,
         input: Bool = false, encoder: String? = nil, scanners: [String] = [], scanGap: Double = 0.25) throws {
        var configuration = configuration
        if configuration.connectorName == nil { configuration.connectorName = KernelDevices.virtualConnector }
        platform = try DRMPlatform(path: try KernelDevices.vkmsPath(), configuration: configuration,
                                   logger: log.logger(label: "vitrine.drm"))
        app = Application(platform: platform)
        driver = LoopDriver(platform.epollMainLoop)
        if input {
            let source: LibInputSource
            do {
                source = try LibInputSource(configuration: InputConfiguration(devices: .seat("seat0"), allowsNoDevices: true,
                                                                                  encoder: encoder, scanners: scanners),
                                            display: platform.drmDisplay, screenScale: platform.screenScale,
                                            clock: platform.epollMainLoop.clock, logger: log.logger(label: "vitrine.input"))
            } catch {
                platform.shutdown()
                throw error
            }
            source.touchPoolCapacity = app.touchPool.capacity
            app.addInputSource(source)
            libInput = source
            // As `BoardPlatform` does it.
            let dial = DialEncoderSource.open(for: source, loop: platform.epollMainLoop, logger: log.logger(label: "vitrine.input"))
            if let dial { app.addInputSource(dial) }
            dialEncoder = dial
            let scannerSource = BoardPlatform.scannerSource(ScannerConfiguration(devices: scanners, gap: scanGap), libInput: source,
                                                            loop: platform.epollMainLoop, logger: log.logger(label: "vitrine.input"))
            if let scannerSource { app.addInputSource(scannerSource) }
            self.scanners = scannerSource
        } else {
            libInput = nil
            dialEncoder = nil
            self.scanners = nil
        }
        window = Window(frame: app.screen.bounds)
        window.backgroundColor = background
        window.makeKeyAndVisible(in: app)
    }

    /// What the backends logged at warning or above, but for the notice that libinput started
    /// before udev had described the test's devices (they are added when udev has) and
    /// libinput's complaint that event processing lags on a slow (emulated) machine.
    var unexpectedLogMessages: [String] {
        log.lines(atLeast: .warning).filter {
            // libinput's own timing complaint when the emulated CPU falls behind (TCG with
            // builds beside it): about the machine, not about the code under test.
            !$0.contains("no input devices on seat") && !$0.contains("your system is too slow")
        }
    }

    /// Runs the loop until libinput has added the device called `name` (udev in the VM must
    /// have described it first). Records an issue when it does not come within `timeout` s.
    @discardableResult
    func waitForInputDevice(_ name: String, timeout: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let libInput else {
            Issue.record("the app was made without input", sourceLocation: sourceLocation)
            return false
        }
        let found = driver.run(until: { libInput.devices.contains { $0.name == name } }, timeout: timeout)
        if !found {
            Issue.record("libinput did not add \(name) within \(timeout) s (it has \(libInput.devices.map(\.name))) — is systemd-udevd running in the VM?",
                         sourceLocation: sourceLocation)
        }
        return found
    }

    var display: DRMDisplay { platform.drmDisplay }
    var loop: EpollMainLoop { platform.epollMainLoop }

    /// Runs the loop until every change made so far is on screen: nothing left to commit and no
    /// flip in flight. Records an issue (and returns false) when that takes over `timeout` s.
    @discardableResult
    func settle(timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let app = self.app, display = self.display
        let settled = driver.run(until: { !app.hasPendingCommit && !display.isFlipPending }, timeout: timeout)
        if !settled {
            Issue.record("the app did not settle within \(timeout) s (pending commit: \(app.hasPendingCommit), flip: \(display.pageFlip))",
                         sourceLocation: sourceLocation)
        }
        return settled
    }

    /// Stops reading input, restores the display and closes the loop, in that order. Idempotent.
    func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        if let libInput { platform.epollMainLoop.removeInputSource(libInput) }
        if let dialEncoder {
            platform.epollMainLoop.removeInputSource(dialEncoder)
            dialEncoder.close()
        }
        if let scanners {
            platform.epollMainLoop.removeInputSource(scanners)
            scanners.close()
        }
        platform.shutdown()
    }
}

/// The same app headless: `HeadlessPlatform` with a `VirtualDisplay` of the same mode and
/// rotation, on a manual clock. What a frame should look like.
@MainActor
final class HeadlessReference {
    let platform: HeadlessPlatform
    let app: Application
    let window: Window

    init(mode: DisplayMode, rotation: ScreenRotation, background: Color = .white) {
        platform = HeadlessPlatform(mode: mode, rotation: rotation)
        app = Application(platform: platform)
        window = Window(frame: app.screen.bounds)
        window.backgroundColor = background
        window.makeKeyAndVisible(in: app)
    }

    /// Commits what changed and lets every flip land.
    func settle() {
        let loop = platform.manualMainLoop
        let period = platform.virtualDisplay.refreshPeriod
        loop.wakeUp()
        loop.runUntilIdle()
        while platform.virtualDisplay.isFlipPending || app.hasPendingCommit {
            loop.advance(by: 1.5 * period)
        }
    }

    /// A copy of the panel's picture (panel pixels, as scanout holds them).
    func shownFrame() -> Surface? {
        guard let shown = platform.virtualDisplay.shownBuffer else { return nil }
        let copy = Surface(width: shown.width, height: shown.height, format: .xrgb8888)
        _ = copy.copy(Region(shown.bounds), from: shown)
        return copy
    }
}

/// A view that draws with the context (a gradient, a stroked path, an ellipse): pictures that
/// exercise `draw(_:in:)` and the backing store, not only backgrounds.
@MainActor
final class DrawnView: View {
    var hue: Double = 0 { didSet { setNeedsDisplay() } }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let b = bounds
        let gradient = Gradient(colors: [Color(red: hue, green: 0.3, blue: 0.8), Color(red: 0.95, green: 0.8, blue: 1 - hue)])
        context.drawLinearGradient(gradient, start: Point(x: 0, y: 0), end: Point(x: b.width, y: b.height))
        context.fillColor = Color(white: 1, alpha: 0.7)
        context.fillEllipse(in: Rect(x: b.width * 0.2, y: b.height * 0.2, width: b.width * 0.6, height: b.height * 0.6))
        context.strokeColor = Color(red: 0.1, green: 0.1, blue: 0.2)
        context.lineWidth = 3
        var path = Path()
        path.move(to: Point(x: 4, y: b.height - 4))
        path.addLine(to: Point(x: b.width / 2, y: 6))
        path.addLine(to: Point(x: b.width - 4, y: b.height - 4))
        context.stroke(path)
    }
}

/// The view tree the picture tests show, and a script of partial changes to it. The same
/// script runs on the kernel and headless; after each step both pictures must be equal.
@MainActor
final class PictureScript {
    let banner: View
    let card: View
    let label: Label
    let button: Button
    let drawn: DrawnView
    let translucent: View

    /// The steps after the first frame, by name (used in artifact names).
    static let steps = ["recolour", "move", "relabel", "fade-and-hide", "redraw"]

    /// Builds the tree into `window` (positions in points; everything fits a 768-point square,
    /// so every rotation shows all of it).
    init(in window: Window) {
        banner = View(frame: Rect(x: 0, y: 0, width: window.bounds.width, height: 64))
        banner.backgroundColor = Color(red: 0.1, green: 0.3, blue: 0.6)
        window.addSubview(banner)
        card = View(frame: Rect(x: 40, y: 100, width: 300, height: 200))
        card.backgroundColor = Color(red: 1, green: 0.85, blue: 0.4)
        card.cornerRadius = 18
        card.borderWidth = 3
        card.borderColor = Color(red: 0.5, green: 0.3, blue: 0)
        window.addSubview(card)
        label = Label(text: "Vitrine on a real kernel", font: .system(size: 22))
        label.frame = Rect(x: 20, y: 20, width: 260, height: 40)
        label.textColor = Color(red: 0.2, green: 0.1, blue: 0)
        card.addSubview(label)
        button = Button(frame: Rect(x: 20, y: 120, width: 160, height: 56))
        button.setTitle("Check in", for: .normal)
        button.backgroundColor = Color(red: 0.2, green: 0.6, blue: 0.3)
        button.cornerRadius = 10
        card.addSubview(button)
        drawn = DrawnView(frame: Rect(x: 400, y: 120, width: 220, height: 220))
        window.addSubview(drawn)
        translucent = View(frame: Rect(x: 260, y: 260, width: 240, height: 160))
        translucent.backgroundColor = Color(red: 0.8, green: 0.1, blue: 0.3)
        translucent.alpha = 0.6
        let inner = View(frame: Rect(x: 30, y: 30, width: 120, height: 90))
        inner.backgroundColor = Color(red: 0.1, green: 0.1, blue: 0.9)
        translucent.addSubview(inner)
        window.addSubview(translucent)
    }

    /// Applies step `index` of `steps`.
    func apply(step index: Int) {
        switch index {
        case 0: banner.backgroundColor = Color(red: 0.6, green: 0.2, blue: 0.1)
        case 1: card.frame.origin = Point(x: 70, y: 420)
        case 2: label.text = "Partial update"
        case 3:
            translucent.alpha = 0.3
            button.isHidden = true
        case 4: drawn.hue = 0.9
        default: break
        }
    }
}
