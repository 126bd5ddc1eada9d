import Testing
import Vitrine
import VitrineBoard
import VitrineGraphics

// The README's "app in twenty lines", as written there (less the `exit`), so that it keeps
// compiling and running.

private final class Hello: ViewController {
    var checkIns = 0
    override func viewDidLoad() {
        let button = Button(frame: Rect(x: 40, y: 40, width: 300, height: 80))
        button.setTitle("Check in", for: .normal)
        button.addTarget(self, action: Hello.checkIn, for: .touchUpInside)
        view.addSubview(button)
    }
    func checkIn(_ sender: AnyObject?) { checkIns += 1 }
}

private final class AppDelegate: ApplicationDelegate {
    var window: Window?
    func applicationDidFinishLaunching(_ application: Application) {
        window = Window(frame: application.screen.bounds)
        window?.rootViewController = Hello()
        window?.makeKeyAndVisible(in: application)
    }
}

@MainActor
@Suite struct ReadmeAppTests {
    @Test func theTwentyLineAppRunsOnTheVirtualBoardAndExitsCleanly() throws {
        let delegate = AppDelegate()
        let status = BoardPlatform.main(delegate: delegate,
                                        selector: BoardSelector(arguments: ["app", "--board", "virtual"]),
                                        bootstrapsLogging: false)
        #expect(status == 0)
        let window = try #require(delegate.window)
        #expect(window.bounds.size == Size(width: 800, height: 480))
        let button = try #require(window.rootViewController?.view.subviews.first as? Button)
        // Its target-action is wired as written.
        button.sendActions(for: .touchUpInside)
        #expect((window.rootViewController as? Hello)?.checkIns == 1)
    }

    @Test func aMissingProfileGivesTheProfileExitStatus() {
        let status = BoardPlatform.main(delegate: AppDelegate(),
                                        selector: BoardSelector(arguments: ["app", "--board", "no-such-board"]),
                                        bootstrapsLogging: false)
        #expect(status == 2)
    }
}
