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
}

/// Lets a view run changes alongside the focus ring's move (UIKit's
/// `UIFocusAnimationCoordinator`). Differs from UIKit: the ring moves at once (no animation),
/// so the animations and then the completion run immediately.
@MainActor
public final class FocusAnimationCoordinator {
    static let shared = FocusAnimationCoordinator()

    /// Runs `animations`, then `completion`.
    public func addCoordinatedAnimations(_ animations: (() -> Void)?, completion: (() -> Void)? = nil) {
        animations?()
        completion?()
    }
}

extension View {
    /// Whether this view has the focus of the focus engine (UIKit's `isFocused`).
    public var isFocused: Bool {
        guard let focus = accessibilityWindow?.application?.focusEngineIfMade else { return false }
        return focus.focusedView === self
    }

    /// Lets the app say whether the focus engine may focus this view, replacing the default
    /// of `canBecomeFocused` (nil: the default). An override of `canBecomeFocused` wins.
    public var isFocusable: Bool? {
        get { accessibilityStorage?.focusable }
        set { accessibilityStore.focusable = newValue }
    }

    /// `canBecomeFocused`'s default: `isFocusable` when set; otherwise an enabled element that
    /// does something — a control, a cell, or an element with a button, link, adjustable,
    /// search field, key or toggle trait (static text and images are read by the screen reader
    /// but not focused, as on tvOS).
    var defaultCanBecomeFocused: Bool {
        if let focusable = accessibilityStorage?.focusable { return focusable }
        guard isAccessibilityElement else { return false }
        let traits = accessibilityTraits
        if traits.contains(.notEnabled) { return false }
        if let textView = self as? TextView { return textView.isEditable }
        if self is RefreshControl { return false }
        if self is Control || self is TableViewCell || accessibilityStorage?.activateBlock != nil { return true }
        return !traits.isDisjoint(with: [.button, .link, .adjustable, .searchField, .keyboardKey, .toggleButton])
    }

    /// The window this view, or for an `AccessibilityElement` its container, is in.
    var accessibilityWindow: Window? {
        var view: View? = self
        while let current = view {
            if let window = current.window { return window }
            view = (current as? AccessibilityElement)?.accessibilityContainer
        }
        return nil
    }
}
