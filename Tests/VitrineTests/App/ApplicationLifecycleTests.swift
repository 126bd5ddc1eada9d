import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A delegate that builds a window in `applicationDidFinishLaunching`, as an app does, and
/// records what happens to it. What it does at launch is up to the test.
@MainActor
final class RecordingDelegate: ApplicationDelegate {
    var log: [String] = []
    var onLaunch: (Application) -> Void = { _ in }
    var window: Window?
    /// Presents at launch time (the app's first frame), read back after `main` returned.
    var presentsAtTermination = -1
    var clockAtTermination = -1.0

    func applicationDidFinishLaunching(_ application: Application) {
        log.append("didFinishLaunching")
        let window = Window(frame: application.screen.bounds)
        window.rootViewController = ViewController()
        window.makeKeyAndVisible()
        self.window = window
        onLaunch(application)
    }

    func applicationWillTerminate(_ application: Application) {
        log.append("willTerminate")
        presentsAtTermination = application.statistics.presents
        clockAtTermination = application.clock.now
    }
}

@MainActor
struct ApplicationLifecycleTests {
    @Test func mainLaunchesRunsAndTerminatesFromATimer() {
        let platform = HeadlessPlatform()
        let delegate = RecordingDelegate()
        var sharedAtLaunch: Application?
        delegate.onLaunch = { application in
            sharedAtLaunch = Application.shared
            LoopTimer.scheduled(on: application.mainLoop, after: 2) { _ in
                delegate.log.append("timer")
                application.terminate()
            }
        }
        Application.main(platform: platform, delegate: delegate)
        #expect(delegate.log == ["didFinishLaunching", "timer", "willTerminate"])
        #expect(sharedAtLaunch != nil)
        // The launch's window reached the screen before the app ended.
        #expect(delegate.presentsAtTermination == 1)
        #expect(platform.virtualDisplay.presentCount == 1)
        #expect(delegate.clockAtTermination == 2)
    }

    @Test func theFirstFrameIsPresentedByTheFirstTurnNotByTheFirstEvent() {
        let platform = HeadlessPlatform()
        let delegate = RecordingDelegate()
        delegate.onLaunch = { application in
            // Terminate at the first vblank: by then the launch frame must be on its way.
            LoopTimer.scheduled(on: application.mainLoop, after: 1.0 / 120) { _ in application.terminate() }
        }
        Application.main(platform: platform, delegate: delegate)
        #expect(delegate.presentsAtTermination == 1)
        #expect(platform.virtualDisplay.presentedDamage.first == Region(PixelRect(x: 0, y: 0, width: 800, height: 480)))
    }

    @Test func terminatingWhileLaunchingNeverRunsTheLoop() {
        let platform = HeadlessPlatform()
        let delegate = RecordingDelegate()
        var fired = false
        delegate.onLaunch = { application in
            LoopTimer.scheduled(on: application.mainLoop, after: 1) { _ in fired = true }
            application.terminate()
        }
        Application.main(platform: platform, delegate: delegate)
        #expect(delegate.log == ["didFinishLaunching", "willTerminate"])
        #expect(!fired)
        #expect(platform.manualMainLoop.turnCount == 0)
    }

    @Test func aLoopThatRunsDryEndsTheAppAndTheDelegateHearsItOnce() {
        let platform = HeadlessPlatform()
        let delegate = RecordingDelegate()
        Application.main(platform: platform, delegate: delegate)
        // Nothing armed, nothing to read: the manual loop returns once the first frame is out.
        #expect(delegate.log == ["didFinishLaunching", "willTerminate"])
        #expect(platform.virtualDisplay.presentCount == 1)
        #expect(!platform.virtualDisplay.isFlipPending)
    }

    @Test func terminateIsHeardOnceWhateverCallsIt() {
        let platform = HeadlessPlatform()
        let delegate = RecordingDelegate()
        delegate.onLaunch = { application in
            LoopTimer.scheduled(on: application.mainLoop, after: 1) { _ in
                application.terminate()
                application.terminate()
            }
        }
        Application.main(platform: platform, delegate: delegate)
        #expect(delegate.log == ["didFinishLaunching", "willTerminate"])
    }

    @Test func terminateStopsTheLoopAfterTheCurrentTurn() {
        let platform = HeadlessPlatform()
        let delegate = RecordingDelegate()
        var ticks = 0
        delegate.onLaunch = { application in
            LoopTimer.scheduled(on: application.mainLoop, after: 0.5, repeats: true) { _ in
                ticks += 1
                if ticks == 4 { application.terminate() }
            }
        }
        // Without terminate() this loop would never run dry.
        Application.main(platform: platform, delegate: delegate)
        #expect(ticks == 4)
        #expect(delegate.clockAtTermination == 2)
        #expect(platform.manualMainLoop.clock.now == 2)
    }

    @Test func inputScriptedAtLaunchIsDeliveredThroughTheApplication() {
        let platform = HeadlessPlatform()
        let delegate = RecordingDelegate()
        let view = RecordingView("v", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        delegate.onLaunch = { application in
            delegate.window?.rootViewController?.view.addSubview(view)
            platform.input.down(0, at: Point(x: 150, y: 150))
            platform.input.frame()
            LoopTimer.scheduled(on: application.mainLoop, after: 0.1) { _ in
                platform.input.up(0)
                platform.input.frame()
            }
            LoopTimer.scheduled(on: application.mainLoop, after: 0.2) { _ in application.terminate() }
        }
        Application.main(platform: platform, delegate: delegate)
        #expect(view.log == ["began 1", "ended 1"])
    }

    @Test func switchesReachTheDelegate() {
        final class SwitchDelegate: ApplicationDelegate {
            var changes: [String] = []
            func application(_ application: Application, switch kind: SwitchKind, didChangeTo isOn: Bool) {
                changes.append("\(kind) \(isOn)")
            }
        }
        let h = Harness()
        let delegate = SwitchDelegate()
        h.app.delegate = delegate
        h.input.toggle(.lid, isOn: true)
        h.input.toggle(.tabletMode, isOn: false)
        h.loop.runUntilIdle()
        #expect(delegate.changes == ["lid true", "tabletMode false"])
    }

    @Test func sharedIsTheMostRecentlyCreatedApplication() {
        let first = Application(platform: HeadlessPlatform())
        #expect(Application.shared === first)
        let second = Application(platform: HeadlessPlatform())
        #expect(Application.shared === second)
        _ = first
    }

    @Test func makeKeyAndVisibleUsesTheSharedApplication() {
        let app = Application(platform: HeadlessPlatform())
        let window = Window(frame: app.screen.bounds)
        window.makeKeyAndVisible()
        #expect(window.application === app)
        #expect(app.keyWindow === window)
        #expect(window.isKeyWindow)
        #expect(app.windows.count == 1)
    }

    @Test func theScreenIsTheDisplayModeInPoints() {
        let app = Application(platform: HeadlessPlatform(mode: DisplayMode(width: 1280, height: 800), scale: 2))
        #expect(app.screen.nativeSize == Size(width: 1280, height: 800))
        #expect(app.screen.bounds == Rect(x: 0, y: 0, width: 640, height: 400))
    }
}
