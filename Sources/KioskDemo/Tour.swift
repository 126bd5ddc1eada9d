#if canImport(Glibc)
import Glibc
#endif
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The demo's scripted tour on the headless display: taps, typing on the on-screen keyboard
/// and in Pinyin, a swipe, a shake, the lid and a turn of the screen, fed through the same input path real devices use. After each step it
/// checks what should have happened, reports what the frames that followed cost, and writes
/// the screen as a PNG. What `scripts/demo` plays when there is no usable DRM device, and what
/// `scripts/test` runs as ring 2.
@MainActor
public final class KioskTour {
    /// One step's outcome.
    public struct Step: Sendable {
        /// What the step did.
        public var title: String
        /// Whether it did what it should.
        public var passed: Bool
        /// Frames presented during the step.
        public var frames: Int
        /// Scene pixels those frames repainted.
        public var damagedPixels: Int
        /// The PNG written for it, if any.
        public var picture: String?
        /// What the app logged during it.
        public var messages: [String]
    }

    /// The platform the tour runs on.
    public let platform: HeadlessPlatform
    /// The application.
    public let application: Application
    /// The kiosk.
    public let kiosk: KioskDelegate
    /// The steps run so far.
    public private(set) var steps: [Step] = []
    /// Where the pictures go (nil: none are written).
    public let framesFolder: String?

    var messages: [String] = []
    private var presentsSeen = 0
    /// Pictures that could not be written so far: each fails the step that asked for it.
    private var pictureFailures = 0
    var loop: ManualMainLoop { platform.manualMainLoop }
    var input: ScriptedInput { platform.input }
    var display: VirtualDisplay { platform.virtualDisplay }

    /// A tour of a kiosk on `platform` whose clock starts at 09:41:00, writing pictures into
    /// `framesFolder` (created if missing). A picture that cannot be written fails its step
    /// (and so the tour); `FramesFolder.prepare` checks the folder before the tour plays.
    public init(platform: HeadlessPlatform, framesFolder: String?) {
        self.platform = platform
        self.framesFolder = framesFolder
        application = Application(platform: platform)
        kiosk = KioskDelegate(secondsOfDay: 9 * 3600 + 41 * 60)
        kiosk.log = { [unowned self] in self.messages.append($0) }
        application.delegate = kiosk
        if let framesFolder { mkdir(framesFolder, 0o755) }
    }

    /// Whether every step passed.
    public var passed: Bool { steps.allSatisfy(\.passed) }

    /// Runs every step; returns whether all passed.
    @discardableResult
    public func run() -> Bool {
        application.launch()
        loop.advance(by: 0.1)
        record("launched: the welcome screen", picture: "welcome", passed: display.presentCount >= 1)

        let clock = kiosk.welcome.clock
        let drawsBefore = clock.drawCount
        let presentsBefore = display.presentCount
        loop.advance(by: 3)
        let clockPixels = PixelRect(covering: clock.convert(clock.bounds, to: nil).applying(
            AffineTransform(scaleX: application.screen.scale, y: application.screen.scale)))
        let onlyClock = display.presentedDamage.dropFirst(presentsBefore).allSatisfy { $0 == Region(clockPixels) }
        record("3 s idle: the clock redrew \(clock.drawCount - drawsBefore) times, and nothing else",
               passed: onlyClock && clock.drawCount - drawsBefore == 3)

        checkInWithTheKeyboard()

        swipeRight()
        loop.advance(by: 0.5)
        record("swipe right: back to the welcome screen", passed: kiosk.welcome.presentedViewController == nil
               && kiosk.welcome.isVisible)

        tap(kiosk.welcome.buttons[3])
        let confirmation = kiosk.welcome.presentedViewController as? AlertController
        if let confirmation, confirmation.actionButtons.count == 2 { tap(confirmation.actionButtons[1]) }
        record("tap \"Help\", then \"Call staff\" in the alert asking to confirm",
               passed: confirmation != nil && messages.contains { $0.contains("callForHelp") }
               && kiosk.welcome.presentedViewController == nil)

        tap(kiosk.welcome.buttons[0])
        loop.advance(by: 0.5)
        shake()
        loop.advance(by: 0.5)
        record("tap \"Check in\", then shake the kiosk: back to the welcome screen, the keyboard down",
               passed: kiosk.welcome.presentedViewController == nil && messages.contains { $0.hasPrefix("shake") }
               && !application.keyboard.isVisible)

        browseRoomsAndHours()
        visitSettings()

        input.down(0, at: Point(x: 400, y: 300))
        input.frame()
        loop.advance(by: 0.1)
        input.toggle(.lid, isOn: true)
        loop.advance(by: 0.1)
        let closedOK = application.touchPool.activeCount == 0 && !display.isPoweredOn
        input.toggle(.lid, isOn: false)
        loop.advance(by: 0.1)
        record("finger down, lid closed: touches cancelled, display off; lid opened: repainted whole",
               passed: closedOK && display.isPoweredOn && display.presentedCopies.last?.area == display.mode.width * display.mode.height)

        let upright = application.screen.bounds.size
        application.setScreenRotation(.clockwise90)
        loop.advance(by: 0.1)
        let turned = application.screen.bounds.size
        record("the screen turned a quarter: the layout follows", picture: "welcome-turned",
               passed: turned == Size(width: upright.height, height: upright.width)
               && kiosk.welcome.view.bounds.size == turned)
        application.setScreenRotation(.none)
        loop.advance(by: 0.1)
        record("turned back", passed: application.screen.bounds.size == upright)

        watchThePromo()

        kiosk.applicationWillTerminate(application)
        // A frame still in flight (the clock may have ticked just now) ends at its vblank first.
        loop.advance(by: 0.1)
        let turnsBefore = loop.turnCount
        loop.advance(by: 5)
        record("5 s with nothing happening and the clock stopped: \(loop.turnCount - turnsBefore) wake-ups",
               passed: loop.turnCount == turnsBefore)
        return passed
    }

    // MARK: Gestures

    func tap(_ view: View, settle: Double = 0.5) {
        let point = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        input.down(0, at: point)
        input.frame()
        loop.advance(by: 0.08)
        input.up(0)
        input.frame()
        loop.advance(by: settle)
    }

    private func swipeRight() {
        input.down(0, at: Point(x: 100, y: 300))
        input.frame()
        for step in 1...6 {
            loop.advance(by: 0.02)
            input.move(0, to: Point(x: 100 + Double(step) * 40, y: 302))
            input.frame()
        }
        input.up(0)
        input.frame()
    }

    /// A second of side-to-side shaking as the accelerometer reports it (100 samples a second,
    /// 1.5 g at 5 Hz), then a second at rest.
    private func shake() {
        let start = loop.manualClock.now
        for i in 0..<200 {
            let t = Double(i) / 100
            let x = i < 100 ? 1.5 * sin(2 * Double.pi * 5 * t) : 0
            input.send(.acceleration(Acceleration(x: x, y: 1, z: 0), timestamp: start + t))
            if i % 10 == 9 { loop.advance(by: 0.1) }
        }
    }

    // MARK: Reporting

    func record(_ title: String, picture name: String? = nil, passed: Bool) {
        let newDamage = display.presentedDamage.dropFirst(presentsSeen)
        let failuresBefore = pictureFailures
        let picture = name.flatMap(writePicture)
        let step = Step(title: title, passed: passed && pictureFailures == failuresBefore, frames: display.presentCount - presentsSeen,
                        damagedPixels: newDamage.reduce(0) { $0 + $1.area },
                        picture: picture, messages: messages)
        presentsSeen = display.presentCount
        messages.removeAll()
        steps.append(step)
    }

    /// Writes the screen as the user sees it (the scene the last frame was composed into).
    private func writePicture(_ name: String) -> String? {
        guard let framesFolder, let scene = application.compositor?.scene else { return nil }
        let number = steps.count + 1
        let path = framesFolder + "/" + (number < 10 ? "0" : "") + "\(number)-\(name).png"
        do {
            try scene.writePNG(to: path)
            return path
        } catch {
            pictureFailures += 1
            messages.append("the picture was not written: \(error)")
            return nil
        }
    }

    /// The steps as the demo prints them.
    public var report: String {
        var lines: [String] = []
        for step in steps {
            lines.append("\(step.passed ? "✔" : "✘") \(step.title)")
            for message in step.messages { lines.append("      \(message)") }
            lines.append("      frames presented: \(step.frames), damaged pixels: \(step.damagedPixels)"
                         + (step.picture.map { ", picture: \($0)" } ?? ""))
        }
        lines.append(passed ? "tour passed: \(display.presentCount) frames presented"
                            : "tour FAILED: \(steps.filter { !$0.passed }.count) step(s) did not do what they should")
        return lines.joined(separator: "\n")
    }
}
