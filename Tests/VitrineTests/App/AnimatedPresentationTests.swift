import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

@MainActor
@Suite struct AnimatedPresentationTests {
    final class Logged: ViewController {
        let name: String
        var log: [String]
        init(_ name: String, log: [String] = []) {
            self.name = name
            self.log = log
            super.init()
        }
        override func viewDidAppear(_ animated: Bool) { log.append("\(name) didAppear \(animated)") }
        override func viewDidDisappear(_ animated: Bool) { log.append("\(name) didDisappear \(animated)") }
    }

    func setUp() -> (Harness, Logged) {
        let h = Harness()
        let root = Logged("root")
        h.window.rootViewController = root
        h.advance(by: 0.1)
        return (h, root)
    }

    @Test func anAnimatedPresentationSlidesUpAndFinishesWhenItArrives() {
        let (h, root) = setUp()
        let detail = Logged("detail")
        var completed = false
        root.present(detail, animated: true) { completed = true }
        // Both views are in the window while it moves; nothing "did" yet.
        #expect(detail.view.window === h.window && root.view.window === h.window)
        #expect(detail.view.frame == h.window.bounds, "the model value is the destination")
        #expect(!completed && detail.log.isEmpty)
        h.advance(by: ViewController.transitionDuration / 2)
        // On screen, its centre is part-way up.
        let midway = detail.view.presentation?.center.y ?? 0
        #expect(midway > h.window.bounds.midY && midway < h.window.bounds.midY + h.window.bounds.height)
        // Touches during the slide do not reach the moving view.
        #expect(h.window.hitTest(Point(x: 400, y: 470), with: nil) !== detail.view)
        h.advance(by: ViewController.transitionDuration)
        #expect(completed)
        #expect(root.view.window == nil)
        #expect(detail.log == ["detail didAppear true"])
        #expect(root.log.last == "root didDisappear true")
        // The screen shows the detail's view where it belongs.
        #expect(detail.view.presentation == nil)
    }

    @Test func anAnimatedDismissalPutsTheCoveredViewBackAndSlidesTheTopAway() {
        let (h, root) = setUp()
        let detail = Logged("detail")
        root.present(detail)
        h.advance(by: 0.1)
        var completed = false
        root.dismiss(animated: true) { completed = true }
        #expect(root.view.window === h.window)
        #expect(root.presentedViewController == nil, "unlinked at once")
        #expect(detail.view.window === h.window, "still sliding away")
        h.advance(by: ViewController.transitionDuration / 2)
        #expect(!completed)
        h.advance(by: ViewController.transitionDuration)
        #expect(completed)
        #expect(detail.view.window == nil)
        #expect(detail.log.last == "detail didDisappear true")
        #expect(root.log.last == "root didAppear true")
    }

    @Test func dismissingBeforeThePresentationArrivesLeavesTheCoveredViewInPlace() {
        let (h, root) = setUp()
        let detail = Logged("detail")
        root.present(detail, animated: true)
        h.advance(by: 0.05)
        root.dismiss()
        h.advance(by: 1)
        #expect(root.view.window === h.window)
        #expect(detail.view.window == nil)
        #expect(root.presentedViewController == nil)
    }
}
