import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// `Application.setScreenRotation(_:animated:)`: the layout for the new size, alongside blocks
/// and trait changes included, is animated over the turn on the clock the test moves; the
/// coordinator says how long and completes when the animation ends.
@MainActor
struct AnimatedRotationTests {
    /// A box constrained to half the view's width, and a record of the transition's callbacks.
    final class Screen: ViewController {
        let box = View()
        var events: [String] = []
        var durations: [Double] = []
        var animatedFlags: [Bool] = []

        override func viewDidLoad() {
            box.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(box)
            LayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                box.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
                box.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5),
                box.heightAnchor.constraint(equalToConstant: 50),
            ])
        }

        override func viewWillTransition(to size: Size, with coordinator: ViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            durations.append(coordinator.transitionDuration)
            animatedFlags.append(coordinator.isAnimated)
            coordinator.animate(alongsideTransition: { [unowned self] _ in
                events.append("alongside")
                box.alpha = size.width < size.height ? 0.5 : 1
            }, completion: { [unowned self] _ in
                events.append("completion")
            })
        }

        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            events.append("traits")
        }
    }

    /// The box's frame as shown now, in its superview's space.
    private func shownFrame(_ view: View) -> Rect {
        let b = view.renderBounds
        return Rect(origin: b.origin, size: b.size).applying(view.renderTransformToSuperview)
    }

    private func setUp() -> (Harness, Screen) {
        let h = Harness(width: 800, height: 480)
        let screen = Screen()
        h.window.rootViewController = screen
        h.runLayoutTurn()
        return (h, screen)
    }

    @Test func theConstrainedLayoutGlidesOverTheTurn() {
        let (h, screen) = setUp()
        let box = screen.box
        #expect(box.frame == Rect(x: 20, y: 20, width: 400, height: 50))
        h.app.setScreenRotation(.clockwise90, animated: true)
        h.loop.runUntilIdle()
        let start = h.clock.now
        // The turn's commit ran: the window and the model at the new size, the screen showing
        // the old frame, the alongside block and the traits inside the animation, no completion.
        #expect(h.window.bounds.size == Size(width: 480, height: 800))
        #expect(screen.durations == [Application.screenRotationDuration] && screen.animatedFlags == [true])
        #expect(box.frame == Rect(x: 20, y: 20, width: 240, height: 50))
        #expect(shownFrame(box) == Rect(x: 20, y: 20, width: 400, height: 50))
        #expect(screen.events == ["alongside", "traits"])
        #expect(h.window.hitTest(Point(x: 100, y: 45), with: nil) !== box, "an animating view takes no touch")

        h.loop.advance(to: start + Application.screenRotationDuration / 2)
        let halfway = shownFrame(box)
        #expect(abs(halfway.minX - 20) < 1e-9 && halfway.width > 260 && halfway.width < 380, "\(halfway)")
        #expect(box.renderAlpha > 0.55 && box.renderAlpha < 0.95, "the alongside block's change animates too")
        #expect(screen.events == ["alongside", "traits"])

        h.loop.advance(to: start + Application.screenRotationDuration + 0.1)
        #expect(shownFrame(box) == box.frame)
        #expect(box.presentation == nil && h.app.animator.count == 0)
        #expect(box.renderAlpha == 0.5)
        #expect(screen.events == ["alongside", "traits", "completion"])
        #expect(h.window.hitTest(Point(x: 100, y: 45), with: nil) === box)
        // Nothing is left ticking: the loop sleeps.
        h.runLayoutTurn()
        let turns = h.loop.turnCount
        h.loop.advance(by: 2)
        #expect(h.loop.turnCount == turns)
    }

    @Test func aTurnWithoutAnimationHappensInOneCommit() {
        let (h, screen) = setUp()
        h.app.setScreenRotation(.clockwise90, animated: false)
        h.loop.runUntilIdle()
        #expect(screen.durations == [0] && screen.animatedFlags == [false])
        #expect(shownFrame(screen.box) == Rect(x: 20, y: 20, width: 240, height: 50))
        #expect(screen.box.presentation == nil)
        #expect(screen.events == ["alongside", "traits", "completion"])
    }

    /// A half turn keeps the size: no transition, nothing animates.
    @Test func anAnimatedHalfTurnAnimatesNothing() {
        let (h, screen) = setUp()
        h.app.setScreenRotation(.upsideDown, animated: true)
        h.loop.runUntilIdle()
        #expect(h.window.bounds.size == Size(width: 800, height: 480))
        #expect(screen.durations.isEmpty && screen.events.isEmpty)
        #expect(h.app.animator.count == 0)
    }

    /// A turn back during the animation takes over from what is shown: the box goes back from
    /// where it was, and the first turn's completion still runs.
    @Test func aTurnBackMidwayStartsFromWhatIsShown() {
        let (h, screen) = setUp()
        h.app.setScreenRotation(.clockwise90, animated: true)
        h.loop.runUntilIdle()
        let start = h.clock.now
        h.loop.advance(to: start + Application.screenRotationDuration / 2)
        let halfway = shownFrame(screen.box).width
        h.app.setScreenRotation(.none, animated: true)
        h.loop.runUntilIdle()
        // A flip may still be pending: the turn waits for it.
        h.loop.advance(by: 1.0 / 60)
        let taken = shownFrame(screen.box).width
        #expect(abs(taken - halfway) < 60, "the second turn starts near \(halfway), not at an end: \(taken)")
        #expect(screen.box.frame.width == 400)
        h.loop.advance(by: 1)
        #expect(shownFrame(screen.box) == Rect(x: 20, y: 20, width: 400, height: 50))
        #expect(screen.events.filter { $0 == "completion" }.count == 2)
        #expect(h.app.animator.count == 0)
    }
}
