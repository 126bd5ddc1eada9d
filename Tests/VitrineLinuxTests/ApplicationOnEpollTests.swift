import Glibc
import Testing
import Vitrine
@testable import VitrineLinux

/// An `Application` on the epoll loop: a signal ends it the way the issue asks, through the
/// delegate and then the platform's `shutdown()` (where the display is restored).
@Suite(.serialized)
@MainActor
struct ApplicationOnEpollTests {
    final class Delegate: ApplicationDelegate {
        var log: [String] = []
        var onLaunch: (@MainActor () -> Void)?
        func applicationDidFinishLaunching(_ application: Application) {
            log.append("launched")
            onLaunch?()
        }
        func applicationWillTerminate(_ application: Application) { log.append("will terminate") }
    }

    final class LinuxLikePlatform: Platform {
        let loop: EpollMainLoop
        var log: [String] = []
        init(loop: EpollMainLoop) { self.loop = loop }
        var mainLoop: any MainLoop { loop }
        var display: (any Display)? { nil }
        var screenScale: Double { 1 }
        var touchCapacity: Int { 10 }
        var inputSources: [any InputSource] { [] }
        func shutdown() { log.append("shutdown") }
    }

    @Test func sigtermEndsApplicationMainThroughTheDelegateThenThePlatformShutdown() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let platform = LinuxLikePlatform(loop: loop)
        let delegate = Delegate()
        delegate.onLaunch = {
            LoopTimer.scheduled(on: loop, after: 0.01) { _ in _ = kill(getpid(), SIGTERM) }
        }
        // The default signal handling (none set): stop the loop.
        Application.main(platform: platform, delegate: delegate)
        #expect(delegate.log == ["launched", "will terminate"])
        #expect(platform.log == ["shutdown"])
        #expect(!watchdog.fired)
    }

    @Test func terminateHandlingTellsTheDelegateBeforeTheLoopStops() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let application = Application(mainLoop: loop)
        let delegate = Delegate()
        application.delegate = delegate
        var loopRunningWhenTold = false
        delegate.onLaunch = {
            LoopTimer.scheduled(on: loop, after: 0.01) { _ in _ = raise(SIGHUP) }
        }
        loop.signalHandler = { signal in
            application.terminate()
            loopRunningWhenTold = loop.isRunning && delegate.log.last == "will terminate"
        }
        application.run()
        #expect(delegate.log == ["launched", "will terminate"])
        #expect(loopRunningWhenTold, "the delegate heard it inside the loop's turn")
        #expect(!watchdog.fired)
    }
}
