import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineInput
import VitrineTestSupport

/// A real `Application` on the headless platform (manual loop, virtual display) reading a
/// `LibInputSource` on the fake backend: the whole path from libinput's events to views.
@MainActor
final class AppHarness {
    let platform: HeadlessPlatform
    let app: Application
    let window: Window
    let fake = FakeLibInput()
    let source: LibInputSource
    let logs = LogCapture()

    var loop: ManualMainLoop { platform.manualMainLoop }
    var display: VirtualDisplay { platform.virtualDisplay }

    /// Queues the devices with `setup`, starts the source on the platform's display and
    /// clock, and makes a key window covering the screen.
    init(width: Int = 800, height: Int = 480, rotation: ScreenRotation = .none, scale: Double = 1,
         touchCapacity: Int = 10, configuration: InputConfiguration = InputConfiguration(),
         delegate: (any ApplicationDelegate)? = nil, keyReader: KeyReader? = nil,
         setup: (FakeLibInput) -> Void) throws(InputError) {
        platform = HeadlessPlatform(mode: DisplayMode(width: width, height: height), scale: scale,
                                    touchCapacity: touchCapacity, rotation: rotation)
        setup(fake)
        source = try LibInputSource(backend: fake, configuration: configuration, display: platform.virtualDisplay,
                                    screenScale: scale, clock: platform.manualMainLoop.clock, keyReader: keyReader,
                                    logger: logs.logger)
        source.touchPoolCapacity = touchCapacity
        app = Application(platform: platform)
        app.delegate = delegate
        app.addInputSource(source)
        window = Window(frame: app.screen.bounds)
        window.backgroundColor = Color(rgb: 0x202020)
        window.makeKeyAndVisible(in: app)
        loop.runUntilIdle()
    }

    /// Runs a loop turn, which dispatches the source, then whatever follows.
    func run() {
        loop.wakeUp()
        loop.runUntilIdle()
    }

    /// Commits and waits for the flip, so `display.shownBuffer` shows the window.
    func showFrame() {
        run()
        loop.advance(by: 0.1)
    }
}

/// A view that records the touch callbacks it gets: method, touch count and the locations
/// (in its window) of the touches passed.
@MainActor
final class TouchRecorder: View {
    var log: [String] = []
    var locations: [Point] = []

    convenience init(frame: Rect, color: UInt32) {
        self.init(frame: frame)
        backgroundColor = Color(rgb: color)
        isMultipleTouchEnabled = true
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) { record("began", touches) }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { record("moved", touches) }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { record("ended", touches) }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { record("cancelled", touches) }

    private func record(_ method: String, _ touches: TouchSet) {
        log.append("\(method) \(touches.count)")
        for touch in touches { locations.append(touch.location(in: window)) }
    }
}

/// A responder that records the presses it gets.
@MainActor
final class PressRecorder: View {
    var log: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) {
        for press in presses { log.append("began \(press.keyCode) \"\(press.characters)\" \(press.modifiers.rawValue)") }
    }
    override func pressesEnded(_ presses: PressSet, with event: PressesEvent?) {
        for press in presses { log.append("ended \(press.keyCode)") }
    }
    override func pressesCancelled(_ presses: PressSet, with event: PressesEvent?) {
        for press in presses { log.append("cancelled \(press.keyCode)") }
    }
}
