import Glibc
import Vitrine
import VitrineGraphics

/// The demo kiosk: a self-service check-in terminal.
///
/// Welcome screen: a header, a clock that redraws itself once a second (and only itself), and a
/// stack of large buttons. "Check in" presents a detail screen; a swipe to the right goes back.
/// Shaking the device returns to the welcome screen; closing the lid cancels every touch.

/// Actions the kiosk's buttons send up the responder chain (typed nil-targeted actions).
@MainActor
protocol KioskNavigation {
    func showDetail(_ sender: AnyObject?)
    func callForHelp(_ sender: AnyObject?)
}

extension Action {
    /// Shows the detail screen; handled by whichever controller up the chain navigates.
    static let showDetail = Action("showDetail", to: (any KioskNavigation).self) { $0.showDetail($1) }
    /// Asks for staff.
    static let callForHelp = Action("callForHelp", to: (any KioskNavigation).self) { $0.callForHelp($1) }
}

/// A clock face that redraws once a second. Only its own rectangle is damaged.
final class ClockView: View {
    private(set) var seconds = 0
    private(set) var drawCount = 0

    func tick() {
        seconds += 1
        setNeedsDisplay()
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        drawCount += 1
        // A seconds dial and the elapsed time: drawn only when a second passes.
        let dial = Rect(x: 4, y: 4, width: bounds.height - 8, height: bounds.height - 8)
        context.strokeColor = Color(white: 1, alpha: 0.35)
        context.lineWidth = 3
        context.strokeEllipse(in: dial)
        let angle = Double(seconds % 60) / 60 * 2 * Double.pi - Double.pi / 2
        let hand = Point(x: dial.midX + cos(angle) * dial.width * 0.4, y: dial.midY + sin(angle) * dial.height * 0.4)
        context.strokeColor = Color(rgb: 0xF2B134)
        context.lineCap = .round
        context.strokeLine(from: Point(x: dial.midX, y: dial.midY), to: hand)
        let text = "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
        context.draw(text, at: Point(x: dial.maxX + 12, y: bounds.midY - 14), font: .monospacedSystem(size: 22), color: .white)
    }
}

/// The welcome screen: header, clock, and a stack of large buttons.
final class WelcomeController: ViewController, KioskNavigation {
    let clock = ClockView(frame: Rect(x: 0, y: 0, width: 160, height: 60))
    let buttons = ["Check in", "Find a room", "Help"].map { title -> Button in
        let button = Button(frame: Rect(x: 0, y: 0, width: 320, height: 72))
        button.setTitle(title, for: .normal)
        button.titleFont = .system(size: 24, weight: .semibold)
        button.setBackgroundColor(Color(rgb: 0x2D6CDF), for: .normal)
        button.cornerRadius = 14
        return button
    }
    var log: (String) -> Void = { _ in }

    override func viewDidLoad() {
        view.backgroundColor = Color(rgb: 0xF4F1EA)
        let header = View(frame: Rect(x: 0, y: 0, width: view.bounds.width, height: 80))
        header.backgroundColor = Color(rgb: 0x1B2A41)
        header.autoresizingMask = [.flexibleWidth]
        view.addSubview(header)
        let title = Label(frame: Rect(x: 24, y: 0, width: view.bounds.width - 220, height: 80))
        title.text = "Welcome · Добро пожаловать · 欢迎"
        title.font = .system(size: 24, weight: .bold)
        title.textColor = .white
        title.autoresizingMask = [.flexibleWidth]
        header.addSubview(title)

        clock.frame = Rect(x: view.bounds.width - 180, y: 10, width: 160, height: 60)
        clock.autoresizingMask = [.flexibleLeftMargin]
        header.addSubview(clock)

        buttons[0].addAction(.showDetail, for: .touchUpInside)
        buttons[2].addAction(.callForHelp, for: .touchUpInside)
        let stack = StackView(arrangedSubviews: buttons)
        stack.axis = .vertical
        stack.spacing = 24
        stack.distribution = .fillEqually
        stack.alignment = .center
        stack.frame = Rect(x: 0, y: 120, width: view.bounds.width, height: 3 * 72 + 2 * 24)
        stack.autoresizingMask = [.flexibleWidth]
        view.addSubview(stack)
    }

    func showDetail(_ sender: AnyObject?) {
        log("action showDetail reached WelcomeController through the responder chain")
        present(DetailController(log: log))
    }

    func callForHelp(_ sender: AnyObject?) {
        log("action callForHelp: staff called")
    }
}

/// The detail screen: a picture and text in three scripts to come; swipe right to go back.
final class DetailController: ViewController {
    let log: (String) -> Void

    init(log: @escaping (String) -> Void) {
        self.log = log
        super.init()
    }

    override func viewDidLoad() {
        view.backgroundColor = Color(rgb: 0xFFFFFF)
        let picture = ImageView(frame: Rect(x: 40, y: 40, width: 320, height: 240))
        picture.image = DetailController.roomPicture()
        picture.contentMode = .scaleAspectFill
        picture.cornerRadius = 16
        picture.clipsToBounds = true
        view.addSubview(picture)
        let text = Label(frame: Rect(x: 392, y: 40, width: view.bounds.width - 432, height: 300))
        text.text = "Room 4 is ready for you.\nВаш номер 4 готов.\n您的4号房间已准备好。\n\nSwipe right to go back."
        text.numberOfLines = 0
        text.font = .system(size: 22)
        text.textColor = Color(rgb: 0x1B2A41)
        text.lineSpacing = 4
        view.addSubview(text)
        let swipe = SwipeGestureRecognizer { [weak self] _ in
            self?.log("swipe right: back to the welcome screen")
            self?.dismiss()
        }
        swipe.direction = .right
        view.addGestureRecognizer(swipe)
    }
}

extension DetailController {
    /// A picture drawn in code (a real app loads a PNG with `Image(contentsOfFile:)`).
    static func roomPicture() -> Image {
        let surface = Surface(width: 640, height: 480, format: .argb8888)
        let context = GraphicsContext(surface: surface)
        context.drawLinearGradient(Gradient(colors: [Color(rgb: 0x8FB9A8), Color(rgb: 0x2E5E4E)]),
                                   start: Point(x: 0, y: 0), end: Point(x: 0, y: 480))
        context.fillColor = Color(rgb: 0xF2B134)
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

/// The app delegate. It is a responder, so it ends the responder chain: a shake that nothing
/// else handles arrives here and resets the kiosk.
final class KioskDelegate: Responder, ApplicationDelegate {
    var window: Window?
    let welcome = WelcomeController()
    var log: (String) -> Void = { print($0) }
    private var clockTimer: Timer?

    func applicationDidFinishLaunching(_ application: Application) {
        welcome.log = log
        let window = Window(frame: application.screen.bounds)
        window.rootViewController = welcome
        window.makeKeyAndVisible(in: application)
        self.window = window
        clockTimer = Timer.scheduled(on: application.runLoop, after: 1, repeats: true) { [weak self] _ in
            self?.welcome.clock.tick()
        }
    }

    func applicationWillTerminate(_ application: Application) {
        clockTimer?.invalidate()
    }

    func application(_ application: Application, switch kind: SwitchKind, didChangeTo isOn: Bool) {
        if kind == .lid && isOn {
            log("lid closed: every touch cancelled")
            application.cancelAllTouches()
        }
    }

    override func motionEnded(_ motion: Event.Subtype, with event: Event?) {
        guard motion == .motionShake else { return }
        log("shake: back to the welcome screen")
        welcome.dismiss()
    }
}
