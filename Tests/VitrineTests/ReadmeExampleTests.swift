import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

// The README's "small app", kept here so that it compiles and works as written.

@MainActor protocol CheckInHandling { func checkIn(_ sender: AnyObject?) }

extension Action {
    /// Sent up the responder chain by the check-in button; the first controller that can check in does.
    static let checkIn = Action("checkIn", to: (any CheckInHandling).self) { $0.checkIn($1) }
}

private final class WelcomeController: ViewController, CheckInHandling {
    var checkIns = 0
    override func viewDidLoad() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 300, height: 80))
        button.setTitle("Check in", for: .normal)
        button.addAction(.checkIn, for: .touchUpInside)       // nil-targeted: travels the chain
        let stack = StackView(arrangedSubviews: [button])
        stack.axis = .vertical
        stack.frame = view.bounds
        stack.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(stack)
    }
    func checkIn(_ sender: AnyObject?) { checkIns += 1 }
}

private final class AppDelegate: ApplicationDelegate {
    var window: Window?
    let welcome = WelcomeController()
    func applicationDidFinishLaunching(_ application: Application) {
        let window = Window(frame: application.screen.bounds)
        window.rootViewController = welcome
        window.makeKeyAndVisible(in: application)
        self.window = window
    }
}

@MainActor
struct ReadmeExampleTests {
    @Test func theReadmeAppChecksInWhenItsButtonIsTapped() {
        let platform = HeadlessPlatform()
        let delegate = AppDelegate()
        platform.manualMainLoop.addBeforeWaitingObserver {
            // Tap the middle of the screen once the app is up (the stack centres the button), then stop.
            if platform.manualMainLoop.manualClock.now == 0 && delegate.window != nil && delegate.welcome.checkIns == 0 {
                platform.input.down(0, at: Point(x: 400, y: 240))
                platform.input.frame()
                platform.input.up(0)
                platform.input.frame()
            } else if delegate.welcome.checkIns > 0 {
                Application.shared.terminate()
            }
        }
        Application.main(platform: platform, delegate: delegate)
        #expect(delegate.welcome.checkIns == 1)
    }
}
