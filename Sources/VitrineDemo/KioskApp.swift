import Vitrine
import VitrineGraphics

/// The demo kiosk: a self-service check-in terminal.
///
/// Welcome screen: a header, a clock that redraws itself once a second (and only itself), and a
/// stack of large buttons. "Check in" presents a detail screen; a swipe to the right goes back.
/// Shaking the device returns to the welcome screen; closing the lid cancels every touch.
/// (Text, images and pixels arrive with the pictures issue; until then views are coloured
/// rectangles and the headless run reports what each frame changed.)

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
    }
}

/// The welcome screen: header, clock, and a stack of large buttons.
final class WelcomeController: ViewController, KioskNavigation {
    let clock = ClockView(frame: Rect(x: 0, y: 0, width: 160, height: 60))
    let buttons = ["Check in", "Find a room", "Help"].map { title -> Button in
        let button = Button(frame: Rect(x: 0, y: 0, width: 320, height: 72))
        button.setTitle(title, for: .normal)
        button.backgroundColor = Color(rgb: 0x2D6CDF)
        return button
    }
    var log: (String) -> Void = { _ in }

    override func viewDidLoad() {
        view.backgroundColor = Color(rgb: 0xF4F1EA)
        let header = View(frame: Rect(x: 0, y: 0, width: view.bounds.width, height: 80))
        header.backgroundColor = Color(rgb: 0x1B2A41)
        header.autoresizingMask = [.flexibleWidth]
        view.addSubview(header)

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
        let picture = View(frame: Rect(x: 40, y: 40, width: 320, height: 240))
        picture.backgroundColor = Color(rgb: 0x8FB9A8)
        view.addSubview(picture)
        let swipe = SwipeGestureRecognizer { [weak self] _ in
            self?.log("swipe right: back to the welcome screen")
            self?.dismiss()
        }
        swipe.direction = .right
        view.addGestureRecognizer(swipe)
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
