// Right-to-left layout (UIKit's `semanticContentAttribute` and
// `effectiveUserInterfaceLayoutDirection`). A view's direction is its own forced attribute, else
// the first forced attribute of its superviews, else the application's
// `userInterfaceLayoutDirection`. Auto Layout reads it for `leading` and `trailing`
// (LayoutEngine+Direction.swift), the toolkit's containers read it in `layoutSubviews` and
// `draw`, so a change marks the subtree for layout and display rather than telling each
// container.

import VitrineGraphics

extension View {
    /// How the view's content is laid out along the reading direction (UIKit's
    /// `semanticContentAttribute`). Default `.unspecified`: the superview's direction, and at the
    /// top the application's `userInterfaceLayoutDirection`. A forced attribute holds for the
    /// view's own content (its subviews' constraints, a stack's order, a control's parts) and
    /// for its subviews that do not force one of their own. Changing it lays out and redraws
    /// the subtree whose direction changes, re-solves the constraints it holds, and calls
    /// `traitCollectionDidChange(_:)` on the subviews whose `traitCollection.layoutDirection`
    /// changed.
    public var semanticContentAttribute: SemanticContentAttribute {
        get { ownSemanticContentAttribute }
        set {
            guard newValue != ownSemanticContentAttribute else { return }
            let before = effectiveUserInterfaceLayoutDirection
            ownSemanticContentAttribute = newValue
            if newValue != .unspecified { View.someViewForcesDirection = true }
            let after = effectiveUserInterfaceLayoutDirection
            guard after != before else { return }
            // The view's own traits come from its superviews and did not change; its subviews'
            // (those not forcing their own) did.
            setNeedsLayout()
            setNeedsDisplay()
            resolveDirectionalLayoutMargins()
            for subview in subviews { subview.layoutDirectionDidChange(from: before) }
            LayoutEngine.shared.layoutDirectionMayHaveChanged(in: self)
        }
    }

    /// The direction this view lays out its content in (UIKit's
    /// `effectiveUserInterfaceLayoutDirection`): `.rightToLeft` when its own
    /// `semanticContentAttribute` forces it, else `traitCollection.layoutDirection` (the first
    /// forced attribute of its superviews, else the application's `userInterfaceLayoutDirection`
    /// — the window's application, or the current one for a view in no window; left to right
    /// without one). Computed by a walk up the tree: always current.
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        var view: View? = self
        var top = self
        while let current = view {
            switch current.ownSemanticContentAttribute {
            case .forceLeftToRight: return .leftToRight
            case .forceRightToLeft: return .rightToLeft
            case .unspecified:
                top = current
                view = current.superview
            }
        }
        return Self.applicationLayoutDirection(at: top)
    }

    /// The direction a view with `attribute` lays out in when nothing above it forces one
    /// (UIKit's class method `userInterfaceLayoutDirection(for:)`): the forced direction, else
    /// the current application's `userInterfaceLayoutDirection` (left to right without one).
    public static func userInterfaceLayoutDirection(for attribute: SemanticContentAttribute) -> UserInterfaceLayoutDirection {
        switch attribute {
        case .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        case .unspecified: Application.currentIfAny?.userInterfaceLayoutDirection ?? .leftToRight
        }
    }

    /// The direction of `attribute` relative to `direction`, the direction of the view's
    /// surroundings (UIKit's `userInterfaceLayoutDirection(for:relativeTo:)`): a forced attribute
    /// wins, `.unspecified` takes `direction`.
    public static func userInterfaceLayoutDirection(for attribute: SemanticContentAttribute,
                                                    relativeTo direction: UserInterfaceLayoutDirection) -> UserInterfaceLayoutDirection {
        switch attribute {
        case .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        case .unspecified: direction
        }
    }

    /// Whether the view lays out right to left: `effectiveUserInterfaceLayoutDirection`, for
    /// the toolkit's `layoutSubviews` and `draw`.
    package var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// The direction the view's superviews give it (`traitCollection.layoutDirection`): the
    /// first forced attribute above the view, else the application's.
    var inheritedLayoutDirection: UserInterfaceLayoutDirection {
        superview?.effectiveUserInterfaceLayoutDirection ?? Self.applicationLayoutDirection(at: self)
    }

    /// The application's direction for the tree whose top is `top`.
    private static func applicationLayoutDirection(at top: View) -> UserInterfaceLayoutDirection {
        ((top as? Window)?.application ?? Application.currentIfAny)?.ownLayoutDirection ?? .leftToRight
    }

    /// The first forced attribute above the view, or nil: the application's direction holds.
    var inheritedForcedLayoutDirection: UserInterfaceLayoutDirection? {
        var view = superview
        while let current = view {
            switch current.ownSemanticContentAttribute {
            case .forceLeftToRight: return .leftToRight
            case .forceRightToLeft: return .rightToLeft
            case .unspecified: view = current.superview
            }
        }
        return nil
    }

    /// The direction above this view changed (`previousDirection` was its
    /// `traitCollection.layoutDirection`): marks it for layout and display, re-resolves its
    /// directional margins, and tells it and its subviews whose direction changed with it.
    func layoutDirectionDidChange(from previousDirection: UserInterfaceLayoutDirection) {
        var previous = traitCollection
        previous.layoutDirection = previousDirection
        setNeedsLayout()
        deliverTraitChange(from: previous)
        // A view forcing its direction keeps it: only its traits changed, not its content.
        guard ownSemanticContentAttribute == .unspecified else { return }
        setNeedsDisplay()
        resolveDirectionalLayoutMargins()
        for subview in subviews { subview.layoutDirectionDidChange(from: previousDirection) }
    }
}
