import VitrineGraphics

// The view tree: adding, inserting, removing and reordering subviews, with the window and\n// superview callbacks in UIKit's order; a subtree leaving its window cancels its touches.\n// Split from View.swift by role.
extension View {
    // MARK: Hierarchy

    /// Adds `view` on top of the other subviews (moving it to the top when it is already one).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` of `subviews` (0 is the back). A view is moved from its
    /// current superview; `index` is clamped to the valid range. Adding a view to itself or
    /// under one of its own subviews (a cycle) is an app bug: it is logged and nothing changes.
    public func insertSubview(_ view: View, at index: Int) {
        guard view !== self, !isDescendant(of: view) else {
            logHierarchyMisuse(view === self ? "a view cannot be its own subview: \(view) is not added to itself"
                                             : "adding \(view) under its own descendant \(self) would make a cycle: it is not added")
            return
        }
        if view.superview === self {
            // Reorder only: no lifecycle callbacks, as UIKit.
            guard let current = subviews.firstIndex(where: { $0 === view }) else { return }
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(index > current ? index - 1 : index, 0), subviews.count))
            view.invalidateComposition(force: true)
            return
        }
        let newWindow = window
        let appearanceBefore = view.inheritedAppearance()
        let windowChanges = view.window !== newWindow
        // Leaving its window cancels the subtree's touches (UIKit's interruption).
        if windowChanges, let oldWindow = view.window { oldWindow.subtreeWillLeave(view) }
        view.willMove(toSuperview: self)
        if windowChanges { view.propagateWillMove(toWindow: newWindow) }
        if let old = view.superview {
            old.willRemoveSubview(view)
            view.invalidateComposition(force: true)
            old.subviews.removeAll { $0 === view }
            old.subviewVisibilityDidChange(view)
        }
        view.superview = self
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        if windowChanges { view.propagateWindow(newWindow) }
        view.markSubtreeDirtyForNewParent()
        if windowChanges { view.propagateDidMoveToWindow() }
        view.didMoveToSuperview()
        view.appearanceDidMove(from: appearanceBefore)
        if windowChanges, newWindow != nil { view.catchUpWithLanguage() }
        didAddSubview(view)
        subviewVisibilityDidChange(view)
    }

    /// Inserts `view` just above `sibling`. When `sibling` is not a subview (an app bug), `view`
    /// goes on top of the others, as UIKit-compatible implementations do, with a log line.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else {
            insertOnTop(view, notFinding: sibling)
            return
        }
        // Indices are positions before `view` is taken out (see insertSubview(_:at:)).
        insertSubview(view, at: index + 1)
    }

    /// Inserts `view` just below `sibling`. When `sibling` is not a subview (an app bug), `view`
    /// goes on top of the others, as UIKit-compatible implementations do, with a log line.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else {
            insertOnTop(view, notFinding: sibling)
            return
        }
        insertSubview(view, at: index)
    }

    /// Detaches the view from its superview (and window). Touches in the subtree are cancelled
    /// once (`touchesCancelled` to their views and recognizers), after the event being
    /// delivered when called from a touch handler.
    public func removeFromSuperview() {
        guard let old = superview else { return }
        // Constraints from this subtree to views outside lose what relates them (UIKit's).
        LayoutEngine.shared.viewWillLeaveSuperview(self)
        let appearanceBefore = inheritedAppearance()
        // Leaving the window cancels the subtree's touches (UIKit's interruption), chosen
        // while the tree still says which views are inside.
        window?.subtreeWillLeave(self)
        old.willRemoveSubview(self)
        invalidateComposition(force: true)
        let windowChanges = window != nil
        willMove(toSuperview: nil)
        if windowChanges { propagateWillMove(toWindow: nil) }
        old.subviews.removeAll { $0 === self }
        superview = nil
        if windowChanges {
            resignFirstResponderInSubtree(of: old.window)
            propagateWindow(nil)
            propagateDidMoveToWindow()
        }
        didMoveToSuperview()
        appearanceDidMove(from: appearanceBefore)
        old.subviewVisibilityDidChange(self)
    }

    /// Moves `view` (a subview) to the top.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves `view` (a subview) to the back.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Swaps the subviews at `index1` and `index2`.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard index1 != index2 else { return }
        subviews.swapAt(index1, index2)
        subviews[index1].invalidateComposition(force: true)
        subviews[index2].invalidateComposition(force: true)
        subviewVisibilityDidChange(subviews[index1])
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// This view or the first descendant (depth first, in subview order) whose `tag` is `tag`.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }
}
