// When required constraints cannot all hold (UIKit's "Unable to simultaneously satisfy
// constraints"): the solver names the conflicting set (`ConstraintSolver.lastConflict`), the
// engine breaks the app's constraint of lowest priority in it (ties: the one activated last),
// logs the set once, naming views by `accessibilityIdentifier` or type and constraints by
// `identifier`, and goes on. Never a trap.
//
// What the engine itself adds — the frame of a view that translates its autoresizing mask, an
// intrinsic size held at a required priority, a guide's margins — is never broken: those stand
// for what the app set elsewhere (a frame, a text, margins), as UIKit's own constraints do.

extension LayoutEngine {
    /// `constraint`, being activated, contradicts `conflict` (solver handles): it breaks. Only
    /// required constraints conflict (a lower priority is a weight, never unsatisfiable), so
    /// every app constraint of the set is at 1000 and the one being activated is the latest:
    /// the rule picks it.
    func breakConstraint(_ constraint: LayoutConstraint, conflict: [SolverConstraint], in container: View) {
        constraint.isBroken = true
        broken.append(ActiveConstraint(constraint: constraint))
        container.logHierarchyMisuse("Unable to satisfy these constraints together: \(conflictDescription(conflict, adding: constraint)). Breaking \(constraint.description) (the lowest priority, activated last); it stays active and ignored until one of the others is deactivated or its constant changes")
    }

    /// `attempt` (adding or moving a constraint of the engine's own: a frame's pin, an intrinsic
    /// size) failed: breaks the app constraints of the conflicting set one at a time, lowest
    /// priority first and the latest activated among equals, retrying after each, until
    /// `attempt` succeeds (true) or no app constraint is left in the set (false: `otherwise`
    /// says what happens then). Logs the first set and the outcome once.
    func resolveByBreaking(_ subject: String, view: View, otherwise: String, attempt: () -> Bool) -> Bool {
        if attempt() { return true }
        let first = conflictDescription(solver.lastConflict, adding: nil)
        var victims: [LayoutConstraint] = []
        while let victim = lowestPriorityLatest(in: solver.lastConflict) {
            if let handle = victim.solverConstraint { try? solver.remove(handle) }
            victim.solverConstraint = nil
            victim.isBroken = true
            broken.append(ActiveConstraint(constraint: victim))
            if let container = victim.container { systemDidChange(container) }
            victims.append(victim)
            if attempt() {
                view.logHierarchyMisuse("Unable to satisfy \(subject) together with \(first). Breaking \(victims.map(\.description).joined(separator: ", ")) (the lowest priority, activated last); broken constraints stay active and ignored until one of the others is deactivated or their constant changes")
                return true
            }
        }
        view.logHierarchyMisuse("Unable to satisfy \(subject) together with \(first)\(victims.isEmpty ? "" : " (even after breaking \(victims.map(\.description).joined(separator: ", ")))"); \(otherwise)")
        return false
    }

    /// The app constraint of `conflict` to break: the lowest priority, then the latest activated.
    private func lowestPriorityLatest(in conflict: [SolverConstraint]) -> LayoutConstraint? {
        var best: LayoutConstraint?
        for handle in conflict {
            guard let constraint = appConstraint(for: handle) else { continue }
            if let current = best {
                if constraint.strength > current.strength { continue }
                if constraint.strength == current.strength && constraint.activationSerial < current.activationSerial { continue }
            }
            best = constraint
        }
        return best
    }

    /// Tries every broken constraint again (something was deactivated); those that hold now
    /// are no longer broken.
    func retryBrokenConstraints() {
        var index = broken.count - 1
        while index >= 0 {
            if let constraint = broken[index].constraint {
                if constraint.engineIndex < 0 || retryAdding(constraint) { broken.remove(at: index) }
            } else {
                broken.remove(at: index)
            }
            index -= 1
        }
    }

    /// The active app constraint whose solver handle is `handle`, if any.
    private func appConstraint(for handle: SolverConstraint) -> LayoutConstraint? {
        for entry in active {
            if let constraint = entry.constraint, constraint.solverConstraint == handle { return constraint }
        }
        return nil
    }

    /// The conflicting set for a log: app constraints by their `description`, the engine's own
    /// by what they stand for, and `adding` (not yet in the solver) first.
    func conflictDescription(_ conflict: [SolverConstraint], adding: LayoutConstraint?) -> String {
        var parts: [String] = adding.map { [$0.description] } ?? []
        for handle in conflict {
            if let constraint = appConstraint(for: handle) {
                parts.append(constraint.description)
            } else if let owned = engineConstraintDescription(handle) {
                parts.append(owned)
            }
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }

    /// What an engine-made constraint stands for, e.g. `Label.width == 120 (its frame)`.
    private func engineConstraintDescription(_ handle: SolverConstraint) -> String? {
        let names = ["left", "top", "width", "height"]
        for entry in entries where entry.live {
            let name = entry.view?.layoutName ?? "a released view"
            if let slot = entry.pins.firstIndex(of: handle) {
                let value = [entry.pinned.minX, entry.pinned.minY, entry.pinned.width, entry.pinned.height][slot]
                return "<\(name).\(names[slot]) == \(value) (its frame: translatesAutoresizingMaskIntoConstraints)>"
            }
            if let slot = entry.intrinsic.firstIndex(of: handle), let view = entry.view {
                let size = view.intrinsicContentSize
                return "<\(name) intrinsic \(slot < 2 && size.width != View.noIntrinsicMetric ? "width \(size.width)" : "height \(size.height)")>"
            }
        }
        return nil
    }
}
