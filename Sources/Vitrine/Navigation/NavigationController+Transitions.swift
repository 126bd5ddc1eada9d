import VitrineGraphics

/// A push or pop under way: the controllers changing places and how.
@MainActor
final class NavigationTransition {
    let from: ViewController
    let to: ViewController
    /// A push (the new view comes from the trailing side, the right) or a pop (the top view
    /// leaves toward it).
    let forward: Bool
    /// Driven by the back swipe rather than an animation.
    let isInteractive: Bool
    /// What the operation does once the views have changed places (containment calls).
    let cleanup: @MainActor () -> Void
    /// The back swipe's slide, held by the finger (which sets its `fractionComplete`) and
    /// continued or reversed on release.
    var animator: ViewPropertyAnimator?

    init(from: ViewController, to: ViewController, forward: Bool, isInteractive: Bool, cleanup: @escaping @MainActor () -> Void) {
        self.from = from
        self.to = to
        self.forward = forward
        self.isInteractive = isInteractive
        self.cleanup = cleanup
    }
}

extension NavigationController {
    /// Past this speed (points per second, away from the edge the swipe started at: toward the
    /// right, toward the left right to left) a released back swipe completes wherever it is;
    /// past it the other way it cancels. Between the two, it completes when the view has moved
    /// past half the width (UIKit's rule).
    public static let backSwipeDecisiveVelocity = 300.0

    /// Shows `to` in place of `from` (a push when `forward`), with the appearance callbacks
    /// when the navigation controller is on screen; `cleanup` runs once the views have changed
    /// places, after the "did" callbacks.
    func show(_ to: ViewController?, replacing from: ViewController?, forward: Bool, animated: Bool,
              then containment: @escaping @MainActor () -> Void) {
        refreshBar()
        if let to, to !== from { delegate?.navigationController(self, willShow: to, animated: animated) }
        // A delegate may show or hide the bar in `willShow`: the container takes its new frame
        // now, before the views are put in it and slid, not at the next layout pass (which would
        // resize them mid-slide without animation, ending the slide at once).
        viewIfLoaded?.layoutIfNeeded()
        let tellDidShow: @MainActor () -> Void = { [weak self, weak to] in
            guard let self, let to, to !== from else { return }
            self.delegate?.navigationController(self, didShow: to, animated: animated)
        }
        let cleanup: @MainActor () -> Void = {
            containment()
            tellDidShow()
        }
        guard isViewLoaded else {
            // viewDidLoad installs the top view.
            cleanup()
            return
        }
        let visible = isAppearingOrVisible && view.window != nil
        if visible {
            from?.beginAppearanceTransition(false, animated: animated)
            to?.beginAppearanceTransition(true, animated: animated)
        }
        guard animated, visible, let to, let from, from !== to else {
            if from !== to { from?.viewIfLoaded?.removeFromSuperview() }
            if let to { install(to.view) }
            if visible {
                from?.endAppearanceTransition()
                to?.endAppearanceTransition()
            }
            cleanup()
            return
        }
        let transition = NavigationTransition(from: from, to: to, forward: forward, isInteractive: false, cleanup: cleanup)
        begin(transition)
        let width = containerView.bounds.width * slideSign
        let bounds = containerView.bounds
        let toView = to.view, fromView = from.view
        View.animate(withDuration: Self.slideDuration, options: .curveEaseInOut, animations: {
            toView.frame = bounds
            fromView.frame = bounds.offsetBy(dx: forward ? -width * Self.parallax : width, dy: 0)
        }, completion: { [weak self] _ in self?.end(transition, completed: true) })
    }

    /// Puts both views in the container where the transition starts, and stops touches to them.
    private func begin(_ transition: NavigationTransition) {
        self.transition = transition
        containerView.isUserInteractionEnabled = false
        let bounds = containerView.bounds
        let width = bounds.width * slideSign
        let toView = transition.to.view, fromView = transition.from.view
        View.performWithoutAnimation {
            install(toView)
            toView.frame = bounds.offsetBy(dx: transition.forward ? width : -width * Self.parallax, dy: 0)
            fromView.frame = bounds
        }
        // A pop shows the view underneath: it goes below the leaving one.
        if !transition.forward { containerView.insertSubview(toView, belowSubview: fromView) }
    }

    /// Ends `transition`: when `completed`, `to` is shown and `from` leaves; otherwise (a
    /// cancelled back swipe) `from` stays and `to` leaves. Then the queued operations run.
    private func end(_ transition: NavigationTransition, completed: Bool) {
        guard self.transition === transition else { return }
        let leaving = completed ? transition.from : transition.to
        let staying = completed ? transition.to : transition.from
        leaving.viewIfLoaded?.removeFromSuperview()
        leaving.viewIfLoaded?.frame = containerView.bounds
        View.performWithoutAnimation { staying.viewIfLoaded?.frame = containerView.bounds }
        self.transition = nil
        containerView.isUserInteractionEnabled = true
        leaving.endAppearanceTransition()
        staying.endAppearanceTransition()
        if completed { transition.cleanup() }
        refreshBar()
        runQueuedOperations()
    }

    /// 1 left to right, −1 right to left: slides run mirrored (a push comes in from the left,
    /// a pop and the back swipe move the top view toward the left), as UIKit's.
    var slideSign: Double { (viewIfLoaded?.isRightToLeft ?? false) ? -1 : 1 }

    // MARK: The back swipe

    /// Follows the back swipe: starts an interactive pop whose slide is a held
    /// `ViewPropertyAnimator`, scrubs it with the finger, and on release continues it to the
    /// end or reverses it, by position and velocity, at the finger's speed.
    func handleBackSwipe(_ recognizer: GestureRecognizer) {
        guard let pan = recognizer as? ScreenEdgePanGestureRecognizer else { return }
        switch pan.state {
        case .began:
            beginInteractivePop()
            follow(pan)
        case .changed:
            follow(pan)
        case .ended:
            let velocity = pan.velocity(in: nil).x * slideSign
            let progress = interactiveProgress(pan)
            let completes = velocity > Self.backSwipeDecisiveVelocity
                || (velocity >= -Self.backSwipeDecisiveVelocity && progress > 0.5)
            finishInteractivePop(completing: completes, velocity: velocity)
        case .cancelled:
            finishInteractivePop(completing: false, velocity: 0)
        default:
            break
        }
    }

    private func beginInteractivePop() {
        guard transition == nil, stack.count >= 2, let from = stack.last else { return }
        let to = stack[stack.count - 2]
        delegate?.navigationController(self, willShow: to, animated: true)
        from.beginAppearanceTransition(false, animated: true)
        to.beginAppearanceTransition(true, animated: true)
        let transition = NavigationTransition(from: from, to: to, forward: false, isInteractive: true) { [weak self] in
            guard let self else { return }
            self.stack.removeAll { $0 === from }
            from.willMove(toParent: nil)
            from.removeFromParent()
            self.delegate?.navigationController(self, didShow: to, animated: true)
        }
        begin(transition)
        // The slide of the pop, held at its start: the finger scrubs it.
        let bounds = containerView.bounds
        let width = bounds.width * slideSign
        let fromView = from.view, toView = to.view
        let animator = ViewPropertyAnimator(duration: Self.slideDuration, curve: .linear) {
            fromView.frame = bounds.offsetBy(dx: width, dy: 0)
            toView.frame = bounds
        }
        animator.addCompletion { [weak self] position in self?.end(transition, completed: position == .end) }
        animator.pauseAnimation()
        transition.animator = animator
    }

    /// How far the swipe has gone, 0…1 of the container's width.
    private func interactiveProgress(_ pan: PanGestureRecognizer) -> Double {
        let width = containerView.bounds.width
        guard width > 0 else { return 0 }
        return min(max(pan.translation(in: nil).x * slideSign / width, 0), 1)
    }

    private func follow(_ pan: PanGestureRecognizer) {
        guard let transition, transition.isInteractive else { return }
        transition.animator?.fractionComplete = interactiveProgress(pan)
    }

    /// Runs the held slide the rest of the way (or back, when `completing` is false) over the
    /// part of `slideDuration` left to go, on a spring that starts at the finger's `velocity`
    /// (points per second toward the end).
    private func finishInteractivePop(completing: Bool, velocity: Double) {
        guard let transition, transition.isInteractive else { return }
        if !completing {
            // The pop is called off: the top comes back, the one underneath goes away again.
            transition.from.beginAppearanceTransition(true, animated: true)
            transition.to.beginAppearanceTransition(false, animated: true)
        }
        guard let animator = transition.animator else { return end(transition, completed: completing) }
        animator.isReversed = !completing
        let fraction = animator.fractionComplete
        // At least 50 ms: a release at the very end still shows a frame of motion.
        let timeLeft = Self.slideDuration * (completing ? 1 - fraction : fraction)
        let factor = timeLeft > 0 ? max(1, 0.05 / timeLeft) : 1
        // The spring's velocity is in whole remaining distances per second; up to ln(1000) per
        // second of the slide, where a critically damped spring would start to overshoot (the
        // view underneath would open a gap at the edge).
        let remaining = containerView.bounds.width * (completing ? 1 - fraction : fraction)
        let towardTarget = completing ? velocity : -velocity
        let limit = 6.9 / max(timeLeft * factor, 0.05)
        let relative = remaining > 1 ? min(max(towardTarget / remaining, -limit), limit) : 0
        animator.continueAnimation(withTimingParameters: SpringTimingParameters(dampingRatio: 1, initialVelocity: relative),
                                   durationFactor: factor)
    }
}
