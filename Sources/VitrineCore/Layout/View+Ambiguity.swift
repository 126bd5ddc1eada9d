extension View {
    /// Whether the view's constraints leave its frame undetermined (UIKit's): another frame
    /// satisfies them at the same cost as the one it gets, so which it gets is the solver's
    /// arbitrary pick. Constraints of every priority count (a position held only at
    /// `.defaultLow` is determined). A view that translates its autoresizing mask into
    /// constraints is never ambiguous; one that does not and that no constraint mentions is
    /// (nothing places it). A debugging aid: each call probes the solver (four weak edits).
    public var hasAmbiguousLayout: Bool { !ambiguousLayoutAxes.isEmpty }

    /// Which of the view's frame values (minX and minY in its superview's space, width, height)
    /// its constraints leave free; empty when they fix the frame. See `hasAmbiguousLayout`.
    public var ambiguousLayoutAxes: AmbiguousLayoutAxes { LayoutEngine.shared.ambiguousAxes(of: self) }

    /// Moves an ambiguously laid-out view to another frame its constraints allow (UIKit's), so
    /// that the ambiguity shows on screen: each free value moves by up to 20 points, as far as
    /// the constraints let it. Views placed relative to it stay; the next change of the
    /// constraints lays it out again. Does nothing for a view whose layout is not ambiguous.
    public func exerciseAmbiguityInLayout() {
        guard hasAmbiguousLayout, let frame = LayoutEngine.shared.alternativeFrame(of: self, step: 20) else { return }
        self.frame = frame
    }

    /// The views of this subtree (the view included, depth first) whose layout is ambiguous
    /// (`hasAmbiguousLayout`), logged together in one warning naming each by its
    /// `accessibilityIdentifier` (else its type) with its free values, e.g.
    /// `Ambiguous layout: badge (x), Label (y, height)`. Nothing is logged when there are none.
    /// Call it on a window, after a layout pass, while developing a screen.
    @discardableResult
    public func reportAmbiguousLayout() -> [View] {
        var found: [(View, AmbiguousLayoutAxes)] = []
        collectAmbiguousLayout(into: &found)
        if !found.isEmpty {
            let names = found.map { "\($0.0.layoutName) (\($0.1))" }.joined(separator: ", ")
            logHierarchyMisuse("Ambiguous layout: \(names): their constraints leave these values free, and the solver picks one of the frames they allow")
        }
        return found.map(\.0)
    }

    private func collectAmbiguousLayout(into found: inout [(View, AmbiguousLayoutAxes)]) {
        let axes = ambiguousLayoutAxes
        if !axes.isEmpty { found.append((self, axes)) }
        for subview in subviews { subview.collectAmbiguousLayout(into: &found) }
    }
}
