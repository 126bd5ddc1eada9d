import VitrineGraphics

/// What a controller is given in `viewWillTransition(to:with:)` to act with the change of size
/// (UIKit's `UIViewControllerTransitionCoordinator`, reduced to what a turn of the screen or a
/// new display mode needs). The screen turns at once (`transitionDuration` 0): blocks given to
/// `animate(alongsideTransition:completion:)` run when the windows have taken the new size,
/// before its layout pass (alongside), and after that pass (completion), in the same commit.
@MainActor
public final class ViewControllerTransitionCoordinator {
    /// How long the transition animates, in seconds: 0, the screen turns at once.
    public let transitionDuration = 0.0
    private var alongside: [@MainActor (ViewControllerTransitionCoordinator) -> Void] = []
    private var completions: [@MainActor (ViewControllerTransitionCoordinator) -> Void] = []
    private var didRunAlongside = false

    init() {}

    /// Runs `animation` once the windows have their new size (before it is laid out: change
    /// constraints there) and `completion` after the layout pass that follows. Returns true.
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
