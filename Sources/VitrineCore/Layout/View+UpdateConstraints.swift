// The update-constraints step of the layout pass (UIKit's): views that asked for it update their
// constraints bottom-up before the pass lays the window out top-down, and the constraints a
// view holds. The flags live in View.swift; a new view starts needing an update, as in UIKit,
// so an `updateConstraints()` (or a controller's `updateViewConstraints()`) that makes the
// view's constraints once runs before its first layout.

extension View {
    /// Asks for `updateConstraints()` (for a controller's root view, the controller's
    /// `updateViewConstraints()`) before the next layout pass. Many calls cost one update.
    public func setNeedsUpdateConstraints() {
        needsUpdateConstraintsFlag = true
        markSubtreeNeedsUpdateConstraints()
    }

    /// Whether the view's `updateConstraints()` is pending (UIKit's; true for a new view).
    public func needsUpdateConstraints() -> Bool { needsUpdateConstraintsFlag }

    /// Runs the pending `updateConstraints()` of this view and its subtree now, bottom-up (each
    /// view after its subviews). The layout pass calls it first; `layoutIfNeeded()` too.
    public func updateConstraintsIfNeeded() {
        // Bounded, like the layout pass, against an update that keeps asking for another.
        var rounds = 0
        while subtreeNeedsUpdateConstraints && rounds < 8 {
            rounds += 1
            updateConstraintsSubtree()
        }
    }

    private func updateConstraintsSubtree() {
        subtreeNeedsUpdateConstraints = false
        for subview in subviews where subview.subtreeNeedsUpdateConstraints { subview.updateConstraintsSubtree() }
        guard needsUpdateConstraintsFlag else { return }
        needsUpdateConstraintsFlag = false
        if let controller = owningViewController { controller.updateViewConstraints() } else { updateConstraints() }
    }

    /// Marks this view and its ancestors as holding a pending update, and asks for a layout
    /// pass to run it in.
    func markSubtreeNeedsUpdateConstraints() {
        var view: View? = self
        while let current = view, !current.subtreeNeedsUpdateConstraints || current === self {
            current.subtreeNeedsUpdateConstraints = true
            view = current.superview
        }
        markAncestorsNeedLayout()
    }

    // MARK: The constraints a view holds

    /// The active constraints the view holds (UIKit's `constraints`): those whose items' nearest
    /// common ancestor it is — a constraint between two subviews, between the view and a
    /// subview, on the view's own width or height, or on one of its guides — in the order they
    /// were activated. The view keeps them alive; they go with it. Unlike UIKit's, the list has
    /// no constraints the engine makes itself (a translated autoresizing mask, an intrinsic size).
    public var constraints: [LayoutConstraint] { ownedConstraints }

    /// Activates `constraint`, which must relate only this view and its descendants (or their
    /// guides), as UIKit's `addConstraint(_:)` asks; it is then held by its items' nearest
    /// common ancestor (this view or one below it). A constraint relating a view outside is an
    /// app bug: it is logged and stays inactive (UIKit raises). Prefer `isActive`.
    public func addConstraint(_ constraint: LayoutConstraint) {
        let items = [constraint.firstLayoutItem?.layoutNode, constraint.secondLayoutItem?.layoutNode]
        for case let node? in items where !node.isDescendant(of: self) {
            logHierarchyMisuse("\(constraint.description) added to \(layoutName) relates \(node.layoutName), which is not in its subtree; it stays inactive")
            return
        }
        constraint.isActive = true
    }

    /// `addConstraint(_:)` for each of `constraints`.
    public func addConstraints(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    /// Deactivates `constraint` when this view or one of its descendants holds it (it was added
    /// here or activated between views of the subtree); otherwise does nothing, as UIKit ignores
    /// a constraint the view does not hold.
    public func removeConstraint(_ constraint: LayoutConstraint) {
        guard let container = constraint.container, container.isDescendant(of: self) else { return }
        constraint.isActive = false
    }

    /// `removeConstraint(_:)` for each of `constraints`.
    public func removeConstraints(_ constraints: [LayoutConstraint]) {
        LayoutConstraint.deactivate(constraints.filter { $0.container?.isDescendant(of: self) == true })
    }
}
