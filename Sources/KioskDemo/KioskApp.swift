#if canImport(Glibc)
import Glibc
#endif
import Vitrine
import VitrineGraphics

// The demo kiosk: a self-service check-in terminal, and the example of how to write a Vitrine
// app. It is small on purpose; read it top to bottom.
//
// - Welcome screen: a header with a clock that redraws itself once a second (and only itself),
//   and two stacks of large buttons. "Check in" slides up a form for the visitor's name and
//   email (CheckIn.swift), typed on the on-screen keyboard; checking in shows a detail screen.
//   It is the root of a navigation controller (KioskNavigation.swift) that later screens are
//   pushed onto; "Help" asks to confirm in an alert before it calls a member of staff.
// - Detail screen: a picture and text in Latin, Cyrillic and Chinese. A swipe to the right, or
//   the "Back" button, slides it away again.
// - Shaking the device returns to the welcome screen (the app delegate ends the responder
//   chain, so a shake nothing else handles arrives there).
// - Closing the lid: the runtime cancels every touch and turns the display off by itself (the
//   board profile's lid policy); opening it repaints. The app only logs it.
// - Every layout follows the screen's size, so the same app fits 800×480, 1024×768,
//   1920×1080 and portrait, and follows auto-rotation: most screens compute their frames, the
//   room screen (RoomDetail.swift) is laid out by constraints and size classes.

// MARK: Actions

/// What the kiosk's buttons ask for. Buttons send these up the responder chain (nil-targeted
/// actions), so a button needs no reference to the controller that navigates.
@MainActor
public protocol KioskNavigation {
    /// Shows the detail screen.
    func showDetail(_ sender: AnyObject?)
    /// Goes back to the welcome screen.
    func goBack(_ sender: AnyObject?)
    /// Asks for a member of staff.
    func callForHelp(_ sender: AnyObject?)
}

extension Action {
    /// Shows the detail screen; handled by whichever controller up the chain navigates.
    static let showDetail = Action("showDetail", to: (any KioskNavigation).self) { $0.showDetail($1) }
    /// Goes back to the welcome screen.
    static let goBack = Action("goBack", to: (any KioskNavigation).self) { $0.goBack($1) }
    /// Asks for staff.
    static let callForHelp = Action("callForHelp", to: (any KioskNavigation).self) { $0.callForHelp($1) }
}

/// The kiosk's colours.
enum Palette {
    static let ink = Color(rgb: 0x1B2A41)
    static let paper = Color(rgb: 0xF4F1EA)
    static let accent = Color(rgb: 0x2D6CDF)
    static let quiet = Color(rgb: 0x5B6B82)
    static let sun = Color(rgb: 0xF2B134)
}

// MARK: TimeSource

/// A clock face showing the time of day. It redraws once a second, when its timer ticks: only
/// its own rectangle is damaged, so a frame costs the clock's pixels and nothing else.
public final class ClockView: View {
    /// Seconds since midnight that the clock shows.
    public private(set) var secondsOfDay: Int
    /// How often `draw(_:in:)` ran (the demo's tour checks it).
    public private(set) var drawCount = 0

    /// A clock showing `secondsOfDay`; to assistive technology an element "Time" whose value is
    /// the hours and minutes ("09:41"), read when asked (it changes every second).
    public init(frame: Rect, secondsOfDay: Int) {
        self.secondsOfDay = secondsOfDay
        super.init(frame: frame)
        isAccessibilityElement = true
        accessibilityLabel = "Time"
        accessibilityTraits = [.staticText, .updatesFrequently]
        accessibilityValueBlock = { [weak self] in
            guard let self else { return nil }
            let h = self.secondsOfDay / 3600, m = self.secondsOfDay / 60 % 60
            return (h < 10 ? "0\(h)" : "\(h)") + ":" + (m < 10 ? "0\(m)" : "\(m)")
        }
    }

    /// Moves the clock on by a second and asks for a redraw of this view only.
    public func tick() {
        secondsOfDay = (secondsOfDay + 1) % 86_400
        setNeedsDisplay()
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        drawCount += 1
        let dial = Rect(x: 4, y: 4, width: bounds.height - 8, height: bounds.height - 8)
        context.strokeColor = Color(white: 1, alpha: 0.35)
        context.lineWidth = 3
        context.strokeEllipse(in: dial)
        let angle = Double(secondsOfDay % 60) / 60 * 2 * Double.pi - Double.pi / 2
        let hand = Point(x: dial.midX + cos(angle) * dial.width * 0.4, y: dial.midY + sin(angle) * dial.height * 0.4)
        context.strokeColor = Palette.sun
        context.lineCap = .round
        context.strokeLine(from: Point(x: dial.midX, y: dial.midY), to: hand)
        let h = secondsOfDay / 3600, m = secondsOfDay / 60 % 60, s = secondsOfDay % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        context.draw("\(two(h)):\(two(m)):\(two(s))", at: Point(x: dial.maxX + 10, y: bounds.midY - 14),
                     font: .monospacedSystem(size: 22), color: .white)
    }
}

// MARK: Welcome screen

/// A large, rounded button of the kiosk.
@MainActor
func kioskButton(_ title: String, color: Color = Palette.accent) -> Button {
    let button = Button(frame: Rect(x: 0, y: 0, width: 300, height: 72))
    button.setTitle(title, for: .normal)
    button.titleFont = .system(size: 24, weight: .semibold)
    button.setBackgroundColor(color, for: .normal)
    button.cornerRadius = 14
    return button
}

/// The welcome screen: a header with the greeting and the clock, two stacks of buttons, and
/// the language picker (each language's name in itself) under them.
public final class WelcomeController: ViewController, KioskNavigation {
    /// The header's clock.
    public let clock: ClockView
    /// The buttons: "Check in", "Find a room", "Opening hours", "Help" (in the app's language).
    public let buttons = [kioskButton("Check in"), kioskButton("Find a room"),
                          kioskButton("Opening hours", color: Palette.quiet), kioskButton("Help", color: Palette.quiet)]
    /// The language picker: one segment per `KioskLanguage`; choosing one shows every screen
    /// in it.
    public let languagePicker = SegmentedControl(items: KioskLanguage.allCases.map(\.name))
    /// Where the app's messages go.
    var log: (String) -> Void

    private let header = View(frame: .zero)
    /// The header's greeting, in the app's language.
    public let greeting = Label(frame: .zero)
    private let columns: StackView
    private var shownLanguage = ShownLanguage()

    init(secondsOfDay: Int, log: @escaping (String) -> Void) {
        clock = ClockView(frame: Rect(x: 0, y: 0, width: 170, height: 60), secondsOfDay: secondsOfDay)
        self.log = log
        // Two vertical stacks side by side: the primary tasks, then information and help.
        let left = StackView(arrangedSubviews: [buttons[0], buttons[1]])
        let right = StackView(arrangedSubviews: [buttons[2], buttons[3]])
        for stack in [left, right] {
            stack.axis = .vertical
            stack.spacing = 24
            stack.distribution = .fillEqually
        }
        columns = StackView(arrangedSubviews: [left, right])
        columns.axis = .horizontal
        columns.spacing = 24
        columns.distribution = .fillEqually
        super.init()
    }

    public override func viewDidLoad() {
        view.backgroundColor = Palette.paper
        header.backgroundColor = Palette.ink
        view.addSubview(header)
        greeting.font = .system(size: 24, weight: .bold)
        greeting.textColor = .white
        header.addSubview(greeting)
        header.addSubview(clock)
        view.addSubview(columns)
        languagePicker.titleFont = .system(size: 18, weight: .medium)
        languagePicker.tintColor = Palette.ink
        languagePicker.addAction({ [weak self] control in
            guard let self, let picker = control as? SegmentedControl,
                  let chosen = KioskLanguage(rawValue: picker.selectedSegmentIndex),
                  let application = view.window?.application else { return }
            log("language: \(chosen.name)")
            KioskTranslations.choose(chosen, in: application)
        }, for: .valueChanged)
        view.addSubview(languagePicker)
        buttons[0].addAction(.checkIn, for: .touchUpInside)
        buttons[3].addAction(.callForHelp, for: .touchUpInside)
        connectBrowsingButtons()
        connectSettings()
        textsMayBeStale()
    }

    /// The texts in the app's language, and the picker showing it.
    private func showTexts() {
        greeting.text = String(localized: "Welcome")
        clock.accessibilityLabel = String(localized: "Time")
        for (button, title) in zip(buttons, [String(localized: "Check in"), String(localized: "Find a room"),
                                             String(localized: "Opening hours"), String(localized: "Help")]) {
            button.setTitle(title, for: .normal)
        }
        languagePicker.selectedSegmentIndex = KioskTranslations.current.rawValue
    }

    private func textsMayBeStale() {
        guard shownLanguage.needsTexts(of: view) else { return }
        showTexts()
        view.setNeedsLayout()
    }

    /// The language changed, while the screen is in the window or while another covered it
    /// (heard as it comes back): its texts again.
    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        textsMayBeStale()
    }

    /// Lays the screen out for whatever size it has (any resolution, portrait or landscape),
    /// from the leading edge: right to left, the greeting is on the right and the clock on the
    /// left (the stack views and the picker mirror themselves).
    public override func viewDidLayoutSubviews() {
        let b = view.bounds
        let direction = view.effectiveUserInterfaceLayoutDirection
        header.frame = Rect(x: 0, y: 0, width: b.width, height: 80)
        clock.frame = Rect(x: b.width - 190, y: 10, width: 170, height: 60).mirrored(in: b.width, for: direction)
        greeting.frame = Rect(x: 24, y: 0, width: max(0, b.width - 24 - 210), height: 80).mirrored(in: b.width, for: direction)
        // Narrow screens (portrait) stack the two columns: four rows of buttons instead of two.
        let isNarrow = b.width < 600
        columns.axis = isNarrow ? .vertical : .horizontal
        let margin = 40.0, rows = isNarrow ? 4.0 : 2.0, pickerHeight = 48.0
        // The picker keeps its place under the buttons: they give up height first.
        let height = min(rows * 96 + (rows - 1) * 24, b.height - 80 - 3 * margin - pickerHeight)
        columns.frame = Rect(x: margin, y: 80 + margin, width: b.width - 2 * margin, height: max(0, height))
        let pickerWidth = min(b.width - 2 * margin, 640)
        languagePicker.frame = Rect(x: (b.width - pickerWidth) / 2, y: columns.frame.maxY + margin,
                                    width: max(0, pickerWidth), height: pickerHeight)
    }

    public func showDetail(_ sender: AnyObject?) {
        log("action showDetail reached WelcomeController through the responder chain")
        present(DetailController(log: log), animated: true)
    }

    public func goBack(_ sender: AnyObject?) {
        dismiss(animated: true)
    }

    public func callForHelp(_ sender: AnyObject?) {
        // Asks first (KioskNavigation.swift); "Call staff" logs the call.
        present(staffCallConfirmation(), animated: true)
    }
}

// MARK: Detail screen

/// The detail screen: a picture and text in three scripts; swipe back (right, or left right to
/// left), or "Back", to go back.
public final class DetailController: ViewController {
    let log: (String) -> Void
    /// The checked-in visitor's name, greeted first; nil for none.
    public let guestName: String?
    private let picture = ImageView(frame: .zero)
    /// The greeting and the room, in the app's language, and the same in Russian and Chinese.
    public let text = Label(frame: .zero)
    private let back = kioskButton("Back", color: Palette.quiet)
    private let swipe = SwipeGestureRecognizer()
    private var shownLanguage = ShownLanguage()

    init(log: @escaping (String) -> Void, guestName: String? = nil) {
        self.log = log
        self.guestName = guestName
        super.init()
    }

    public override func viewDidLoad() {
        view.backgroundColor = .white
        // A JPEG decoded at the size shown, and SVG icons drawn at the screen's scale.
        picture.image = KioskAssets.image("room.jpg", scale: 2, log: log) ?? DetailController.roomPicture()
        let ready = ImageView(image: KioskAssets.image("ready.svg", log: log))
        ready.frame = Rect(x: 12, y: 12, width: 40, height: 40)
        picture.addSubview(ready)
        back.setImage(KioskAssets.image("back.svg", log: log), for: .normal)
        picture.contentMode = .scaleAspectFill
        picture.cornerRadius = 16
        picture.clipsToBounds = true
        view.addSubview(picture)
        text.numberOfLines = 0
        text.font = .system(size: 22)
        text.textColor = Palette.ink
        text.lineSpacing = 4
        view.addSubview(text)
        back.addAction(.goBack, for: .touchUpInside)
        view.addSubview(back)
        swipe.addAction { [weak self] recognizer in
            guard let self, let swipe = recognizer as? SwipeGestureRecognizer else { return }
            log("swipe \(swipe.direction == .left ? "left" : "right"): back to the welcome screen")
            dismiss(animated: true)
        }
        view.addGestureRecognizer(swipe)
        textsMayBeStale()
    }

    private func showTexts() {
        // The Russian and Chinese lines stay: the screen shows text in three scripts.
        let greeting = guestName.map { String(localized: "Welcome, \($0)!") + "\n" } ?? ""
        text.text = greeting + String(localized: "Room \(4) is ready for you.") + "\nВаш номер 4 готов.\n您的4号房间已准备好。\n\n"
            + String(localized: "Swipe right to go back.")
        back.setTitle(String(localized: "Back"), for: .normal)
    }

    private func textsMayBeStale() {
        guard shownLanguage.needsTexts(of: view) else { return }
        showTexts()
        view.setNeedsLayout()
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) { textsMayBeStale() }

    /// The picture at the leading edge, the text after it, Back at the bottom leading corner;
    /// mirrored right to left, where going back is a swipe to the left.
    public override func viewDidLayoutSubviews() {
        let b = view.bounds
        let direction = view.effectiveUserInterfaceLayoutDirection
        swipe.direction = direction == .rightToLeft ? .left : .right
        var pictureFrame: Rect, textFrame: Rect
        if b.width >= 600 {
            pictureFrame = Rect(x: 40, y: 40, width: (b.width - 120) * 0.45, height: b.height - 160)
            textFrame = Rect(x: pictureFrame.maxX + 40, y: 40, width: b.width - pictureFrame.maxX - 80, height: b.height - 160)
        } else {
            pictureFrame = Rect(x: 24, y: 24, width: b.width - 48, height: (b.height - 160) * 0.45)
            textFrame = Rect(x: 24, y: pictureFrame.maxY + 24, width: b.width - 48, height: b.height - pictureFrame.maxY - 144)
        }
        picture.frame = pictureFrame.mirrored(in: b.width, for: direction)
        text.frame = textFrame.mirrored(in: b.width, for: direction)
        back.frame = Rect(x: 40, y: b.height - 96, width: 200, height: 64).mirrored(in: b.width, for: direction)
    }

    /// The room picture drawn in code: `Assets/room.jpg` was made from it, and it stands in
    /// when that file cannot be read.
    static func roomPicture() -> Image {
        let surface = Surface(width: 640, height: 480, format: .argb8888)
        let context = GraphicsContext(surface: surface)
        context.drawLinearGradient(Gradient(colors: [Color(rgb: 0x8FB9A8), Color(rgb: 0x2E5E4E)]),
                                   start: Point(x: 0, y: 0), end: Point(x: 0, y: 480))
        context.fillColor = Palette.sun
        context.fillEllipse(in: Rect(x: 440, y: 60, width: 120, height: 120))
        var hills = Path()
        hills.move(to: Point(x: 0, y: 480))
        hills.addLine(to: Point(x: 0, y: 340))
        hills.addQuadCurve(to: Point(x: 320, y: 330), control: Point(x: 160, y: 240))
        hills.addQuadCurve(to: Point(x: 640, y: 300), control: Point(x: 480, y: 420))
        hills.addLine(to: Point(x: 640, y: 480))
        hills.closeSubpath()
        context.fillColor = Color(rgb: 0x1B2A41, alpha: 0.85)
        context.fill(hills)
        return Image(surface: surface, scale: 2)
    }
}

// MARK: The app delegate

/// The app delegate. It is a responder, so it ends the responder chain: a shake that nothing
/// else handles arrives here and resets the kiosk to its welcome screen.
public final class KioskDelegate: Responder, ApplicationDelegate {
    /// The one window.
    public private(set) var window: Window?
    /// The welcome screen (the window's root).
    public let welcome: WelcomeController
    /// Where the app's messages go (standard output by default).
    public var log: (String) -> Void {
        didSet { welcome.log = log }
    }
    private var clockTimer: LoopTimer?
    /// Seconds nobody touches the kiosk on its welcome screen before the promo plays full
    /// screen (Promo.swift); nil, the default, never. The demo on a real screen sets a minute;
    /// the tour sets it for its own step.
    public var attractAfter: Double? {
        didSet { armAttractTimer() }
    }
    var attractTimer: LoopTimer?
    /// When anyone last touched the kiosk (or pressed a key), on the application's clock.
    var lastTouchTime = 0.0

    /// A kiosk whose clock starts at `secondsOfDay` (seconds since midnight; the demo passes
    /// the local time, the tour a fixed time so that its pictures do not change).
    public init(secondsOfDay: Int) {
        let log: (String) -> Void = { print($0) }
        self.log = log
        welcome = WelcomeController(secondsOfDay: secondsOfDay, log: log)
        super.init()
    }

    public func applicationDidFinishLaunching(_ application: Application) {
        // Shake-to-reset needs the accelerometer; asking for shakes is what turns it on.
        application.detectsShakes = true
        // The keyboard's Russian layout for the check-in (Pinyin starts with the room search).
        KioskTextEntry.start(in: application, log: log)
        let window = KioskWindow(frame: application.screen.bounds)
        lastTouchTime = application.clock.now
        window.didReceiveEvent = { [weak self, unowned application] in self?.lastTouchTime = application.clock.now }
        // The demo's strings join the profile's translations, if any.
        KioskTranslations.install(in: application, log: log)
        window.rootViewController = KioskNavigationController(welcome: welcome)
        window.makeKeyAndVisible(in: application)
        self.window = window
        armAttractTimer()
        clockTimer = LoopTimer.scheduled(on: application.mainLoop, after: 1, repeats: true) { [weak self] _ in
            self?.welcome.clock.tick()
        }
    }

    public func applicationWillTerminate(_ application: Application) {
        clockTimer?.invalidate()
        clockTimer = nil
        attractTimer?.invalidate()
    }

    public func application(_ application: Application, switch kind: SwitchKind, didChangeTo isOn: Bool) {
        // The runtime applies the lid policy itself (touches cancelled, display off and on).
        if kind == .lid { log(isOn ? "lid closed: the display sleeps" : "lid opened: the display wakes") }
    }

    public func application(_ application: Application, didRotateTo rotation: ScreenRotation) {
        log("screen turned to \(rotation)")
    }

    public override func motionEnded(_ motion: Event.Subtype, with event: Event?) {
        guard motion == .motionShake else { return }
        log("shake: back to the welcome screen")
        welcome.dismiss(animated: true)
    }
}

/// The local time of day in seconds since midnight, for the clock on a real screen.
public func localSecondsOfDay() -> Int {
    var now = time(nil)
    var parts = tm()
    guard localtime_r(&now, &parts) != nil else { return 0 }
    return Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec)
}
