// Layout guides in the engine: a guide's entry is like a view's, in its owning view's space.
// A margins or safe-area guide also has four required rows holding it at its owning view's
// bounds inset by the guide's insets; their constants follow the insets (set in the layout
// pass: a view's safe area depends on where the pass put it, so each round re-reads them).

import VitrineGraphics

/// A view whose baselines are not its bottom (a `Label`): the toolkit's text views.
@MainActor
package protocol LayoutBaselineProviding: AnyObject {
    /// The first (`last` false) or last line's baseline as `top + heightFactor × height +
    /// offset`, in points of the view's superview's space; nil for the bottom.
    func layoutBaseline(last: Bool) -> (heightFactor: Double, offset: Double)?
}

extension LayoutEngine {
    /// Adds a margins or safe-area guide's rows (nothing for a plain guide): left = insets.left,
    /// top = insets.top, width = owner's width − left − right, height likewise.
    func addGuideRows(_ index: Int, _ guide: LayoutGuide) {
        guard guide.kind != .plain, let owner = guide.owningView, let insets = guide.currentInsets else { return }
        let ownerEntry = entries[entryIndex(for: owner)]
        let entry = entries[index]
        let rows = [
            LinearExpression([LinearTerm(entry.left)], constant: -insets.left),
            LinearExpression([LinearTerm(entry.top)], constant: -insets.top),
            LinearExpression([LinearTerm(entry.width), LinearTerm(ownerEntry.width, -1)], constant: insets.horizontal),
            LinearExpression([LinearTerm(entry.height), LinearTerm(ownerEntry.height, -1)], constant: insets.vertical),
        ]
        var handles: [SolverConstraint] = []
        for row in rows {
            // Fresh variables for the guide: the rows cannot conflict.
            if let handle = try? solver.add(row, .equal, strength: ConstraintSolver.requiredStrength) { handles.append(handle) }
        }
        entries[index].guideRows = handles
        entries[index].guideInsets = insets
        insetGuideCount += 1
    }

    func removeGuideRows(_ index: Int) {
        guard !entries[index].guideRows.isEmpty else { return }
        for row in entries[index].guideRows { try? solver.remove(row) }
        entries[index].guideRows.removeAll()
        insetGuideCount -= 1
    }

    /// Moves the guide's rows to its owner's current insets; true when they changed.
    func syncGuideRows(_ index: Int) -> Bool {
        guard let guide = entries[index].item as? LayoutGuide, let owner = guide.owningView,
              let insets = guide.currentInsets else { return false }
        let old = entries[index].guideInsets
        guard insets != old else { return false }
        let rows = entries[index].guideRows
        let changes = [(-insets.left, -old.left), (-insets.top, -old.top),
                       (insets.horizontal, old.horizontal), (insets.vertical, old.vertical)]
        for (slot, (new, previous)) in changes.enumerated() where new != previous {
            let row = rows[slot]
            _ = resolveByBreaking("\(guide.layoutName) at insets \(insets)", view: owner,
                                  otherwise: "the guide keeps its previous insets") {
                (try? solver.setConstant(new, of: row)) != nil
            }
        }
        entries[index].guideInsets = insets
        return true
    }

    /// The guide's solved frame, in its owning view's space.
    func solvedFrame(of guide: LayoutGuide) -> Rect {
        guard guide.layoutEngineEntry >= 0 else { return .zero }
        return solvedFrame(guide.layoutEngineEntry)
    }

    /// The guide leaves its view: the constraints that mention it are deactivated.
    func guideWillLeave(_ guide: LayoutGuide) {
        var index = active.count - 1
        while index >= 0 {
            let constraint = active[index].constraint
            index -= 1
            guard let constraint else { continue }
            if constraint.firstLayoutItem === guide || constraint.secondLayoutItem === guide { deactivate(constraint) }
        }
    }

    /// The view's margins (or whether they include the safe area) changed.
    func guideInsetsMayHaveChanged(of view: View) {
        needsFrameCheck = true
        view.setNeedsLayout()
    }

    /// The screen's safe area changed.
    func safeAreaMayHaveChanged() {
        needsFrameCheck = true
    }

    /// After each round of a layout pass: margins and safe-area guides follow the frames the
    /// round set (a view's safe area is where it sits in the window); moved ones mark their
    /// views for another round. Free while no constraint uses such a guide. The system changed
    /// during the round (a multi-line label measured at the width it was given, constraints
    /// changed in a `layoutSubviews`): the views it moves are marked for another round too.
    func layoutRoundDidEnd() {
        if needsFrameCheck {
            checkFramesIfNeeded()
            return
        }
        guard insetGuideCount > 0 else { return }
        if syncPins() { markMovedViews() }
    }
}
