import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

@MainActor
@Suite struct TabBarControllerTests {
    final class Delegate: TabBarControllerDelegate {
        var log: [String] = []
        var refuse: ViewController?
        func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool {
            log.append("should \(viewController.title ?? "")")
            return viewController !== refuse
        }
        func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {
            log.append("did \(viewController.title ?? "")")
        }
    }

    @Test func tappingATabSelectsItsControllerAndTellsTheDelegate() {
        let h = Harness()
        let journal = Journal()
        let rooms = JournalController("rooms", journal, title: "Rooms")
        let map = JournalController("map", journal, title: "Map")
        let help = JournalController("help", journal, title: "Help")
        let tabs = TabBarController()
        tabs.viewControllers = [rooms, map, help]
        let delegate = Delegate()
        tabs.delegate = delegate
        h.window.rootViewController = tabs
        h.advance(by: 0.1)
        #expect(journal.take().filter { !$0.contains("Move") } == ["rooms didLoad", "rooms willAppear", "rooms didAppear"])
        #expect(tabs.tabBar.items.map(\.title) == ["Rooms", "Map", "Help"])
        #expect(tabs.tabBar.selectedItem === rooms.tabBarItem)
        // The bar is 64 points at the bottom; the middle third is "Map".
        h.tap(at: Point(x: 400, y: 450))
        #expect(tabs.selectedIndex == 1 && tabs.selectedViewController === map)
        #expect(delegate.log == ["should Map", "did Map"])
        #expect(journal.take() == ["rooms willDisappear", "map didLoad", "map willAppear", "rooms didDisappear", "map didAppear"])
        #expect(rooms.view.window == nil && map.view.window === h.window)
        #expect(map.view.frame == Rect(x: 0, y: 0, width: 800, height: 480 - TabBar.height))
        // A refused tab stays unselected.
        delegate.refuse = help
        h.tap(at: Point(x: 700, y: 450))
        #expect(tabs.selectedIndex == 1 && delegate.log.suffix(1) == ["should Help"])
        // Selecting in code tells no one.
        delegate.log.removeAll()
        tabs.selectedIndex = 0
        tabs.selectedIndex = 7
        #expect(tabs.selectedIndex == 0 && delegate.log.isEmpty && rooms.isVisible)
    }

    @Test func aFingerThatSlidesToAnotherTabSelectsNothing() {
        let h = Harness()
        let tabs = TabBarController()
        let a = ViewController(), b = ViewController()
        a.title = "A"
        b.title = "B"
        tabs.viewControllers = [a, b]
        h.window.rootViewController = tabs
        h.advance(by: 0.1)
        h.down(0, at: Point(x: 100, y: 450))
        h.move(0, to: Point(x: 600, y: 450))
        h.up(0)
        #expect(tabs.selectedIndex == 0)
    }
}
