import VitrineGraphics

/// What a block given to `ViewControllerTransitionCoordinator.animate(alongsideTransition:completion:)`
/// is told about the transition it runs in (UIKit's `UIViewControllerTransitionCoordinatorContext`).
/// Vitrine's transitions are a turn of the screen and a new display mode: never interactive,
/// never cancelled, always run to the end.
@MainActor
public protocol ViewControllerTransitionCoordinatorContext: AnyObject {
    /// How long the transition animates, in seconds (0: it happens at once).
    var transitionDuration: Double { get }
    /// Whether the transition animates (`transitionDuration` is above 0).
    var isAnimated: Bool { get }
    /// Whether a finger drives the transition (UIKit's); always false here.
    var isInteractive: Bool { get }
    /// Whether the transition began driven by a finger (UIKit's); always false here.
    var initiallyInteractive: Bool { get }
    /// Whether the transition was cancelled (UIKit's, for an interactive one given up); always
    /// false here: a turn or a new mode always completes.
    var isCancelled: Bool { get }
    /// How far along the transition is, 0 before its animation and 1 once it is laid out (the
    /// alongside blocks read 0, the completions 1).
    var percentComplete: Double { get }
    /// The speed the transition finishes at, as a multiple of its animation's (UIKit's); 1.
    var completionVelocity: Double { get }
    /// The timing curve of the transition's animation: `.easeInOut`, as UIKit's rotation.
    var completionCurve: AnimationCurve { get }
    /// The turn applied to the interface, as UIKit's `targetTransform`: the rotation that takes
    /// the old orientation's content to the new one (−90° for a quarter turn of the screen
    /// clockwise, as the content turns against it), identity for a new display mode.
    var targetTransform: AffineTransform { get }
}

/// What a controller is given in `viewWillTransition(to:with:)` to act with the change of size
/// (UIKit's `UIViewControllerTransitionCoordinator`, reduced to what a turn of the screen or a
/// new display mode needs). Blocks given to `animate(alongsideTransition:completion:)` run once
/// the windows have taken the new size, before its layout pass (alongside), and after that
/// pass (completion); both are given the coordinator as their context. A turn asked for
/// without animation and a new display mode happen at once (`transitionDuration` 0): both
/// blocks run in the same commit. An animated turn
/// (`Application.setScreenRotation(_:animated:)`) runs the alongside blocks and the layout
/// pass inside one animation of `transitionDuration` seconds, so what they change is animated,
/// and the completions when that animation ends.
@MainActor
public final class ViewControllerTransitionCoordinator: ViewControllerTransitionCoordinatorContext {
    /// A block run alongside or after a transition, given its context.
    public typealias Block = @MainActor (any ViewControllerTransitionCoordinatorContext) -> Void

    /// How long the transition animates, in seconds: 0 when the screen turns at once (a turn
    /// asked for without animation, a half turn, a new display mode),
    /// `Application.screenRotationDuration` for an animated quarter turn.
    public let transitionDuration: Double
    /// Whether the transition animates (`transitionDuration` is above 0); UIKit's `isAnimated`.
    public var isAnimated: Bool { transitionDuration > 0 }
    /// Always false: no finger drives a turn of the screen.
    public var isInteractive: Bool { false }
    /// Always false.
    public var initiallyInteractive: Bool { false }
    /// Always false: a turn or a new mode always completes.
    public var isCancelled: Bool { false }
    /// 0 until the transition is laid out (its alongside blocks), 1 after (its completions).
    public private(set) var percentComplete = 0.0
    /// 1: the transition finishes at its animation's speed.
    public var completionVelocity: Double { 1 }
    /// `.easeInOut`, the curve an animated turn runs on.
    public var completionCurve: AnimationCurve { .easeInOut }
    /// The rotation the content goes through (see `ViewControllerTransitionCoordinatorContext`).
    public let targetTransform: AffineTransform
    private var alongside: [Block] = []
    private var completions: [Block] = []
    /// Whether the alongside blocks ran (a block given later runs at once).
    private(set) var didRunAlongside = false

    init(transitionDuration: Double = 0, targetTransform: AffineTransform = .identity) {
        self.transitionDuration = transitionDuration
        self.targetTransform = targetTransform
    }

    /// Runs `animation` once the windows have their new size (before it is laid out: change
    /// constraints there; in an animated turn, inside its animation) and `completion` after the
    /// layout pass that follows (in an animated turn, when its animation ends). Both are given
    /// the transition's context. Returns true.
    @discardableResult
    public func animate(alongsideTransition animation: Block?, completion: Block? = nil) -> Bool {
        if let animation {
            if didRunAlongside { animation(self) } else { alongside.append(animation) }
        }
        if let completion { completions.append(completion) }
        return true
    }

    func runAlongside() {
        didRunAlongside = true
        let blocks = alongside
        alongside.removeAll()
        for block in blocks { block(self) }
    }

    func complete() {
        percentComplete = 1
        let blocks = completions
        completions.removeAll()
        for block in blocks { block(self) }
    }
}
