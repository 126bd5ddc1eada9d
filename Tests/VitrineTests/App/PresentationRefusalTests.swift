import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// UIKit refuses to present from a controller that is already presenting: the app's double tap
/// on a button that presents opens one screen, not two stacked.
@MainActor
struct PresentationRefusalTests {
    /// A root controller with a button that presents a new screen, animated, on every tap.
    final class Opener: ViewController {
        let button = Button(frame: Rect(x: 100, y: 100, width: 200, height: 80))
        var opened: [ViewController] = []
        var completions = 0

        override func viewDidLoad() {
            button.setTitle("Open", for: .normal)
            view.addSubview(button)
            button.addAction({ [weak self] _ in
                guard let self else { return }
                let screen = ViewController()
                self.opened.append(screen)
                self.present(screen, animated: true) { self.completions += 1 }
            }, for: .touchUpInside)
        }
    }

    @Test func aDoubleTapOnAButtonThatPresentsOpensOneScreen() {
        let h = Harness()
        let opener = Opener()
        h.window.rootViewController = opener
        h.settle()
        // The second tap lands while the first screen slides in: the button is still under it.
        h.tap(at: Point(x: 200, y: 140), duration: 0.02)
        h.advance(by: 0.05)
        h.tap(at: Point(x: 200, y: 140), duration: 0.02)
        h.advance(by: ViewController.transitionDuration * 2)
        #expect(opener.opened.count == 2)  // the app asked twice…
        #expect(opener.presentedViewController === opener.opened[0])  // …one screen opened
        #expect(opener.opened[0].presentedViewController == nil)
        #expect(opener.opened[1].presentingViewController == nil)
        #expect(opener.opened[1].viewIfLoaded?.window == nil)
        #expect(opener.completions == 1)
        // Once it is dismissed, the button presents again.
        opener.dismiss(animated: false)
        h.settle()
        h.tap(at: Point(x: 200, y: 140))
        h.advance(by: ViewController.transitionDuration * 2)
        #expect(opener.presentedViewController === opener.opened.last && opener.opened.count == 3)
        #expect(opener.completions == 2)
    }

    @Test func aChildOfAPresentingContainerIsRefusedToo() {
        let h = Harness()
        let top = ViewController()
        let navigation = h.navigation(root: top)
        let first = ViewController(), second = ViewController()
        top.present(first, animated: false)
        #expect(navigation.presentedViewController === first)
        var completed = false
        top.present(second, animated: false) { completed = true }
        #expect(!completed && second.presentingViewController == nil)
        #expect(navigation.presentedViewController === first && first.presentedViewController == nil)
    }
}
