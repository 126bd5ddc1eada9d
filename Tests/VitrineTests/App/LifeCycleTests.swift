import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A delegate that journals the life-cycle callbacks, with whether touches were still down.
@MainActor
final class LifeCycleJournal: ApplicationDelegate {
    var log: [String] = []

    func applicationDidFinishLaunching(_ application: Application) { log.append("didFinishLaunching") }
    func applicationWillResignActive(_ application: Application) {
        log.append("willResignActive touches \(application.touchPool.activeCount) \(application.applicationState)")
    }
    func applicationDidBecomeActive(_ application: Application) {
        log.append("didBecomeActive \(application.applicationState)")
    }
}

/// A view controller stand-in that observes the life cycle through `addLifeCycleObserver`.
@MainActor
final class ObservingController {
    var events: [LifeCycleEvent] = []
    init(_ application: Application) {
        application.addLifeCycleObserver(self) { controller, event in controller.events.append(event) }
    }
}

@MainActor
@Suite struct LifeCycleTests {
    @Test func launchingMakesTheApplicationActiveAfterDidFinishLaunching() {
        let h = Harness()
        let journal = LifeCycleJournal()
        h.app.delegate = journal
        let observer = ObservingController(h.app)
        #expect(h.app.applicationState == .inactive)
        #expect(h.app.inactivityReasons == .launching)
        h.app.launch()
        #expect(journal.log == ["didFinishLaunching", "didBecomeActive active"])
        #expect(observer.events == [.didBecomeActive])
        #expect(h.app.inactivityReasons.isEmpty)
    }

    @Test func overlappingReasonsResignOnceAndBecomeActiveOnlyWhenAllAreGone() {
        let h = Harness()
        let journal = LifeCycleJournal()
        h.app.delegate = journal
        h.app.launch()
        let observer = ObservingController(h.app)
        let view = RecordingView("v", frame: h.window.bounds)
        h.window.addSubview(view)
        h.down(0, at: Point(x: 10, y: 10))
        journal.log.removeAll()

        h.app.resignActive(reason: .consoleSwitchedAway)
        // The touch was cancelled before the delegate heard of it.
        #expect(view.log == ["began 1", "cancelled 1"])
        #expect(h.app.touchPool.activeCount == 0)
        h.app.resignActive(reason: .lidClosed)
        h.app.resignActive(reason: .consoleSwitchedAway)
        #expect(journal.log == ["willResignActive touches 0 inactive"])
        #expect(h.app.inactivityReasons == [.consoleSwitchedAway, .lidClosed])

        h.app.becomeActive(reason: .consoleSwitchedAway)
        #expect(h.app.applicationState == .inactive)
        h.app.becomeActive(reason: .seatDisabled)  // never held: nothing
        h.app.becomeActive(reason: .lidClosed)
        #expect(journal.log == ["willResignActive touches 0 inactive", "didBecomeActive active"])
        #expect(observer.events == [.willResignActive, .didBecomeActive])
        h.app.becomeActive(reason: .lidClosed)
        #expect(journal.log.count == 2)
    }

    @Test func anObserverEndsWithItsOwnerAndCanBeRemoved() {
        let h = Harness()
        h.app.launch()
        var heard: [LifeCycleEvent] = []
        do {
            let owner = ObservingController(h.app)
            h.app.addLifeCycleObserver(owner) { _, event in heard.append(event) }
            h.app.resignActive(reason: .seatDisabled)
            #expect(owner.events == [.willResignActive])
        }
        // The owner is gone: its closures are not called.
        h.app.becomeActive(reason: .seatDisabled)
        #expect(heard == [.willResignActive])

        let kept = ObservingController(h.app)
        h.app.removeLifeCycleObservers(of: kept)
        h.app.resignActive(reason: .seatDisabled)
        #expect(kept.events.isEmpty)
    }

    @Test func theLidResignsThroughTheLifeCycleAndOpeningItBecomesActive() {
        let h = Harness()
        let journal = LifeCycleJournal()
        h.app.delegate = journal
        h.app.launch()
        journal.log.removeAll()
        h.input.toggle(.lid, isOn: true)
        h.loop.runUntilIdle()
        #expect(h.app.inactivityReasons == .lidClosed)
        #expect(!h.display.isPoweredOn)
        h.app.resignActive(reason: .consoleSwitchedAway)
        h.input.toggle(.lid, isOn: false)
        h.loop.runUntilIdle()
        // The display follows the lid; the app stays inactive while the console is away.
        #expect(h.display.isPoweredOn)
        #expect(h.app.applicationState == .inactive)
        h.app.becomeActive(reason: .consoleSwitchedAway)
        #expect(journal.log == ["willResignActive touches 0 inactive", "didBecomeActive active"])
        #expect(h.display.powerChanges.map(\.isOn) == [false, true])
    }

    @Test func anIgnoredLidLeavesTheApplicationActive() {
        let h = Harness()
        h.app.launch()
        h.app.switchPolicy = SwitchPolicy(lid: .ignore)
        h.input.toggle(.lid, isOn: true)
        h.loop.runUntilIdle()
        #expect(h.app.applicationState == .active)
        #expect(h.display.isPoweredOn)
    }
}

/// The README's life-cycle observer, as written there.
@MainActor
private final class PlayerController: ViewController {
    final class Player { var isPlaying = true; func pause() { isPlaying = false } }
    let player = Player()
    func observe(_ application: Application) {
        application.addLifeCycleObserver(self) { controller, event in   // held weakly through `self`
            if event == .willResignActive { controller.player.pause() }
        }
    }
}

@MainActor
@Suite struct ReadmeLifeCycleTests {
    @Test func theReadmesObserverPausesThePlayerWhenTheAppResigns() {
        let h = Harness()
        h.app.launch()
        let controller = PlayerController()
        controller.observe(h.app)
        h.app.resignActive(reason: .consoleSwitchedAway)
        #expect(!controller.player.isPlaying)
    }
}
