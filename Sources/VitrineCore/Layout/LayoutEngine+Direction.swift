// Leading and trailing in the layout engine. A constraint that uses them is read in its
// container's space left to right, and in the container's mirrored space (x′ = width − x) right
// to left, so `leading` becomes the right edge and a positive constant points leftwards, as in
// UIKit. The direction is read when the row is added; a change of direction (the application's,
// a `semanticContentAttribute`, a view moved under another forced direction) only raises a
// flag, and the next layout pass re-adds the rows whose direction is no longer the one they
// were built with. A screen whose constraints use no leading or trailing pays nothing.

extension LayoutConstraint.Attribute {
    /// Whether the attribute depends on the reading direction.
    var isDirectional: Bool { self == .leading || self == .trailing }

    /// Whether the attribute is an absolute horizontal edge.
    var isAbsoluteHorizontalEdge: Bool { self == .left || self == .right }

    /// The attribute measured in a mirrored space, as an attribute of the real one (the sign is
    /// the caller's): leading is the right edge, trailing the left, the centre stays the centre.
    var mirrored: LayoutConstraint.Attribute {
        switch self {
        case .leading: .right
        case .trailing: .left
        default: self
        }
    }
}

extension LayoutConstraint {
    /// Whether either attribute is leading or trailing: the direction matters.
    var usesDirectionalEdges: Bool { firstAttribute.isDirectional || secondAttribute.isDirectional }

    /// Whether it relates leading or trailing to left or right (invalid, as in UIKit).
    var mixesDirectionalAndAbsoluteEdges: Bool {
        (firstAttribute.isDirectional && secondAttribute.isAbsoluteHorizontalEdge)
            || (firstAttribute.isAbsoluteHorizontalEdge && secondAttribute.isDirectional)
    }
}

extension LayoutEngine {
    /// A layout direction may have changed for `view` and its subtree: the next layout pass
    /// re-reads the direction of the constraints that use leading or trailing.
    func layoutDirectionMayHaveChanged(in view: View) {
        directionsMayHaveChanged = true
        needsFrameCheck = true
        view.setNeedsLayout()
    }

    /// A layout direction may have changed everywhere (the application's).
    func layoutDirectionMayHaveChanged() {
        directionsMayHaveChanged = true
        needsFrameCheck = true
    }

    /// Re-adds each active constraint using leading or trailing whose container's direction is
    /// not the one its row was built with (and retries broken ones in their new direction).
    func resolveDirections() {
        directionsMayHaveChanged = false
        for index in active.indices {
            guard let constraint = active[index].constraint, constraint.usesDirectionalEdges,
                  let container = constraint.container, container.isRightToLeft != constraint.resolvedRightToLeft else { continue }
            if let handle = constraint.solverConstraint {
                // The handle came from this solver and is live: removal cannot fail.
                try? solver.remove(handle)
                constraint.solverConstraint = nil
            } else if constraint.isBroken {
                broken.removeAll { $0.constraint === constraint || $0.constraint == nil }
            }
            addToSolver(constraint, container: container)
            container.setNeedsLayout()
        }
    }
}
