import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A navigation controller's back swipe in progress: a finger that started at the left screen
/// edge drags the top screen, and every touch frame moves both screens (the recognizer's
/// `.changed`, the navigation controller following it). Starting and ending the swipe make the
/// transition (allocations by design, once per swipe); what is measured is the frames in
/// between, which must allocate nothing. No display and no commit, as `TouchDispatch`.
@MainActor
public final class EdgeSwipeDispatch {
    /// The application the touches are posted to.
    public let application: Application
    /// The navigation controller, two screens deep.
    public let navigation: NavigationController
    private let loop: ManualMainLoop
    private let window: Window
    private var time = 1.0
    private var step = 0
    private let finger = TouchIdentifier(device: 0, slot: 0)

    /// Two screens on a navigation controller in an 800×480 window, and a finger that has
    /// started the back swipe.
    public init() {
        loop = ManualMainLoop()
        application = Application(mainLoop: loop)
        window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        navigation = NavigationController(rootViewController: ViewController())
        window.rootViewController = navigation
        window.makeKeyAndVisible(in: application)
        navigation.pushViewController(ViewController(), animated: false)
        // No commit runs here (the loop never turns): lay out by hand, once.
        window.layoutIfNeeded()
        post(.touchDown(finger, location: Point(x: 4, y: 240), majorRadius: 0, timestamp: time))
        for x in [40.0, 80, 120] { moveFinger(to: x) }
    }

    /// Whether the swipe is under way (the top screen follows the finger).
    public var isSwiping: Bool { navigation.topViewController?.viewIfLoaded?.frame.minX ?? 0 > 0 }

    /// Delivers `count` frames of the finger moving between 120 and 440 points.
    public func deliverFrames(_ count: Int) {
        for _ in 0..<count {
            step = (step + 1) % 32
            moveFinger(to: 120 + Double(step < 16 ? step : 32 - step) * 20)
        }
    }

    private func moveFinger(to x: Double) {
        post(.touchMotion(finger, location: Point(x: x, y: 240), majorRadius: 0, timestamp: time))
    }

    private func post(_ event: InputEvent) {
        time += 1.0 / 120
        loop.manualClock.set(to: time)
        application.post(event)
        application.post(.touchFrame(timestamp: time))
    }
}
