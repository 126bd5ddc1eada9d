import VitrineGraphics

/// What a controller is given in `viewWillTransition(to:with:)` to act with the change of size
/// (UIKit's `UIViewControllerTransitionCoordinator`, reduced to what a turn of the screen or a
/// new display mode needs). Blocks given to `animate(alongsideTransition:completion:)` run once
/// the windows have taken the new size, before its layout pass (alongside), and after that
/// pass (completion). A turn asked for without animation and a new display mode happen at
/// once (`transitionDuration` 0): both blocks run in the same commit. An animated turn
/// (`Application.setScreenRotation(_:animated:)`) runs the alongside blocks and the layout
/// pass inside one animation of `transitionDuration` seconds, so what they change is animated,
/// and the completions when that animation ends.
@MainActor
public final class ViewControllerTransitionCoordinator {
    /// How long the transition animates, in seconds: 0 when the screen turns at once (a turn
    /// asked for without animation, a half turn, a new display mode),
    /// `Application.screenRotationDuration` for an animated quarter turn.
    public let transitionDuration: Double
    /// Whether the transition animates (`transitionDuration` is above 0); UIKit's `isAnimated`.
    public var isAnimated: Bool { transitionDuration > 0 }
    private var alongside: [@MainActor (ViewControllerTransitionCoordinator) -> Void] = []
    private var completions: [@MainActor (ViewControllerTransitionCoordinator) -> Void] = []
    /// Whether the alongside blocks ran (a block given later runs at once).
    private(set) var didRunAlongside = false

    init(transitionDuration: Double = 0) {
        self.transitionDuration = transitionDuration
    }

    /// Runs `animation` once the windows have their new size (before it is laid out: change
    /// constraints there; in an animated turn, inside its animation) and `completion` after the
    /// layout pass that follows (in an animated turn, when its animation ends). Returns true.
    @discardableResult
    public func animate(alongsideTransition animation: (@MainActor (ViewControllerTransitionCoordinator) -> Void)?,
                        completion: (@MainActor (ViewControllerTransitionCoordinator) -> Void)? = nil) -> Bool {
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
        let blocks = completions
        completions.removeAll()
        for block in blocks { block(self) }
    }
}
