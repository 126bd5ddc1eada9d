import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Size classes from the window's size in points, delivered on rotation, mode change and resize.
@MainActor
struct SizeClassTests {
    @Test("the panel table", arguments: [
        (800.0, 480.0, UserInterfaceSizeClass.regular, UserInterfaceSizeClass.compact),
        (480, 800, .compact, .regular),
        (1024, 600, .regular, .compact),
        (600, 1024, .compact, .regular),
        (1280, 800, .regular, .regular),
        (800, 1280, .regular, .regular),
        (1920, 1080, .regular, .regular),
        (1080, 1920, .regular, .regular),
    ])
    func panelTable(width: Double, height: Double, horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass) {
        let classes = TraitCollection.sizeClasses(for: Size(width: width, height: height))
        #expect(classes.horizontal == horizontal)
        #expect(classes.vertical == vertical)
    }

    @Test func aViewInNoWindowHasNoSizeClass() {
        let traits = View().traitCollection
        #expect(traits.horizontalSizeClass == .unspecified && traits.verticalSizeClass == .unspecified)
    }

    final class Recorder: View {
        var previous: [TraitCollection?] = []
        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            previous.append(previousTraitCollection)
        }
    }

    final class Screen: ViewController {
        var events: [String] = []
        var coordinatorDone = false
        override func viewWillTransition(to size: Size, with coordinator: ViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            events.append("willTransition \(Int(size.width))x\(Int(size.height)) from \(Int(view.bounds.width))")
            coordinator.animate(alongsideTransition: { [unowned self] _ in
                events.append("alongside at \(Int(view.bounds.width))")
            }, completion: { [unowned self] _ in
                events.append("completion")
            })
        }
        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            let now = traitCollection
            events.append("traits \(previousTraitCollection?.horizontalSizeClass.rawValue ?? -1)\(previousTraitCollection?.verticalSizeClass.rawValue ?? -1)→\(now.horizontalSizeClass.rawValue)\(now.verticalSizeClass.rawValue)")
        }
        override func viewDidLayoutSubviews() {
            if events.last != "layout" { events.append("layout") }
        }
    }

    @Test func rotationTellsControllersThenViewsInOneCommit() {
        let h = Harness(width: 800, height: 480)
        let screen = Screen()
        h.window.rootViewController = screen
        let probe = Recorder()
        screen.view.addSubview(probe)
        h.runLayoutTurn()
        #expect(probe.traitCollection.horizontalSizeClass == .regular && probe.traitCollection.verticalSizeClass == .compact)
        screen.events.removeAll()
        h.app.setScreenRotation(.clockwise90)
        h.runLayoutTurn()
        #expect(screen.events == ["willTransition 480x800 from 800", "alongside at 480", "traits 21→12", "layout", "completion"])
        #expect(probe.previous.count == 1)
        #expect(probe.previous.first??.horizontalSizeClass == .regular)
        #expect(probe.traitCollection.horizontalSizeClass == .compact && probe.traitCollection.verticalSizeClass == .regular)
        // A half turn keeps the size: no transition, no traits.
        screen.events.removeAll()
        h.app.setScreenRotation(.clockwise270)
        h.runLayoutTurn()
        #expect(h.window.bounds.size == Size(width: 480, height: 800))
        #expect(screen.events.isEmpty)
        #expect(probe.previous.count == 1)
    }

    @Test func aWindowResizedByTheAppChangesItsTraits() {
        let h = Harness(width: 800, height: 480)
        let probe = Recorder()
        h.window.addSubview(probe)
        h.runLayoutTurn()
        h.window.frame = Rect(x: 0, y: 0, width: 500, height: 480)
        h.runLayoutTurn()
        #expect(probe.previous.count == 1)
        #expect(probe.traitCollection.horizontalSizeClass == .compact)
    }

    @Test func aModeChangeChangesTraits() {
        let h = Harness(width: 800, height: 480)
        let probe = Recorder()
        h.window.addSubview(probe)
        h.runLayoutTurn()
        try? h.display.setMode(DisplayMode(width: 1920, height: 1080))
        h.runLayoutTurn()
        #expect(h.window.bounds.size == Size(width: 1920, height: 1080))
        #expect(probe.previous.count == 1)
        #expect(probe.traitCollection.verticalSizeClass == .regular)
    }
}
