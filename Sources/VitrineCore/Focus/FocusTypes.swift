import VitrineGraphics

/// Which way focus moved (UIKit's `UIFocusHeading`).
public struct FocusHeading: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt
    /// A heading from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Up (the up arrow).
    public static let up = FocusHeading(rawValue: 1 << 0)
    /// Down (the down arrow).
    public static let down = FocusHeading(rawValue: 1 << 1)
    /// Left (the left arrow).
    public static let left = FocusHeading(rawValue: 1 << 2)
    /// Right (the right arrow).
    public static let right = FocusHeading(rawValue: 1 << 3)
    /// The next element in reading order (Tab, an encoder turned clockwise).
    public static let next = FocusHeading(rawValue: 1 << 4)
    /// The previous element in reading order (Shift-Tab, an encoder turned anticlockwise).
    public static let previous = FocusHeading(rawValue: 1 << 5)
}

/// What a focus update changed (UIKit's `UIFocusUpdateContext`), given to
/// `View.didUpdateFocus(in:with:)`.
@MainActor
public struct FocusUpdateContext {
    /// The view that had focus, or nil.
    public let previouslyFocusedView: View?
    /// The view that has focus now, or nil.
    public let nextFocusedView: View?
    /// Which way focus moved; empty for a move that is not a heading (a screen change, an
    /// app's request).
    public let focusHeading: FocusHeading

    /// A context of a move from `previouslyFocusedView` to `nextFocusedView` (made by the
    /// toolkit's focus engine).
    package init(previouslyFocusedView: View?, nextFocusedView: View?, focusHeading: FocusHeading) {
        self.previouslyFocusedView = previouslyFocusedView
        self.nextFocusedView = nextFocusedView
        self.focusHeading = focusHeading
    }
}

/// Lets a view run changes alongside the focus ring's move (UIKit's
/// `UIFocusAnimationCoordinator`). Differs from UIKit: the ring moves at once (no animation),
/// so the animations and then the completion run immediately.
@MainActor
public final class FocusAnimationCoordinator {
    package static let shared = FocusAnimationCoordinator()

    /// Runs `animations`, then `completion`.
    public func addCoordinatedAnimations(_ animations: (() -> Void)?, completion: (() -> Void)? = nil) {
        animations?()
        completion?()
    }
}
