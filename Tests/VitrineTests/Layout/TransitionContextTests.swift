import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The context a transition's blocks are given: duration, animation, never interactive or
/// cancelled, progress 0 alongside and 1 at completion, the content's turn.
@MainActor
struct TransitionContextTests {
    final class Screen: ViewController {
        var seen: [String] = []
        override func viewWillTransition(to size: Size, with coordinator: ViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            coordinator.animate(alongsideTransition: { [unowned self] context in
                seen.append("alongside \(context.transitionDuration) \(context.isAnimated) \(context.percentComplete)")
                seen.append("\(context.isInteractive) \(context.initiallyInteractive) \(context.isCancelled) \(context.completionVelocity)")
                let turn = context.targetTransform
                // cos and sin of the angle: (0, −1) is −90°.
                seen.append("turn \(Int(turn.a.rounded())) \(Int(turn.b.rounded()))")
            }, completion: { [unowned self] context in
                seen.append("completion \(context.percentComplete) \(context.completionCurve == .easeInOut)")
            })
        }
    }

    @Test func blocksAreGivenTheTransitionsContext() {
        let h = Harness(width: 800, height: 480)
        let screen = Screen()
        h.window.rootViewController = screen
        h.runLayoutTurn()
        h.app.setScreenRotation(.clockwise90)
        h.runLayoutTurn()
        #expect(screen.seen == ["alongside 0.0 false 0.0", "false false false 1.0", "turn 0 -1", "completion 1.0 true"])
        screen.seen.removeAll()
        h.app.setScreenRotation(.none, animated: true)
        h.runLayoutTurn()
        h.advance(by: 1)
        #expect(screen.seen == ["alongside 0.3 true 0.0", "false false false 1.0", "turn 0 1", "completion 1.0 true"])
    }
}
