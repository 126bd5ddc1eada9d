// The layout engine: active `LayoutConstraint`s as rows of one `ConstraintSolver`, and the
// frames of constrained views read back in the layout pass.
//
// Each view a constraint mentions (an item, a view on the way from an item up to the items'
// nearest common ancestor, or that ancestor when its size is used) gets four variables: its
// frame's minX, minY, width and height in its superview's space. A position in the ancestor's
// space is the sum of the minX (minY) of the views on the way; the ancestor's own left and top
// are 0. A view that translates its autoresizing mask into constraints (the default) is pinned
// there by four required equalities whose constants follow its frame; a view that does not is
// placed by the solver. The solver is always solved: activating, deactivating or changing a
// constant re-solves incrementally, marks the common ancestor for layout and lets the next
// layout pass move the views whose solved frames differ from their frames. Which views to
// look at comes from the solver (the variables a change moved, `changedVariables`), so a
// constant changed in an animation frame reads back the few views it moved, not every one.

import VitrineGraphics

@MainActor
final class LayoutEngine {
    /// One engine for every hierarchy: systems that share no view are independent rows of the
    /// same tableau, and constraints made before their views reach a window need no move.
    static let shared = LayoutEngine()

    let solver = ConstraintSolver()

    /// A view's or guide's variables, and its pins while it translates its frame.
    struct Entry {
        weak var item: (any LayoutItem)?
        /// The item when it is a view.
        var view: View? { item as? View }
        var live = false
        /// Whether the item is a guide (released before views: its rows use its owner's variables).
        var isGuide = false
        var left: SolverVariable
        var top: SolverVariable
        var width: SolverVariable
        var height: SolverVariable
        /// left, top, width, height = the frame (required), or empty.
        var pins: [SolverConstraint] = []
        /// The frame the pins hold.
        var pinned = Rect.zero
        /// Size ≤ and ≥ the intrinsic size at the hugging and compression resistance
        /// priorities, while the view is placed by constraints and has an intrinsic size.
        var intrinsic: [SolverConstraint] = []
        /// A margins or safe-area guide's left, top, width and height rows (required) relating it
        /// to its owning view, and the insets they hold (LayoutEngine+Guides.swift).
        var guideRows: [SolverConstraint] = []
        var guideInsets = EdgeInsets.zero
        /// The `checkSerial` of the last check of this entry's frame (each is checked once).
        var checkSerial = 0
    }

    var entries: [Entry] = []
    var freeEntries: [Int] = []
    /// By solver variable index, the entry whose variable it is, or -1: the solver's changed
    /// variables lead to the views they place.
    var entryOfVariable: [Int] = []
    /// Entries to compare with their solved frames at the next check besides those whose
    /// variables changed (new entries, a view that stopped translating its frame).
    var entriesToCheck: [Int] = []
    /// Counts frame checks (`Entry.checkSerial`).
    private var checkSerial = 0
    /// Whether a translating view's frame, a guide's insets or an item's life may have changed
    /// since the last `syncPins()`: a change of constant alone leaves the pins where they are.
    var pinsMayHaveMoved = false
    /// An active constraint, held weakly: its common ancestor owns it (`View.ownedConstraints`).
    struct ActiveConstraint {
        weak var constraint: LayoutConstraint?
    }

    /// The active constraints (each knows its index here).
    var active: [ActiveConstraint] = []
    /// Set by every change of the system: the next layout pass compares solved frames with frames.
    var needsFrameCheck = false
    /// How many margins and safe-area guides constraints use: while any, each layout round
    /// ends by syncing their insets (a safe area follows frames laid out in the same pass).
    var insetGuideCount = 0
    /// Active constraints the engine broke (LayoutEngine+Conflicts.swift), tried again when a
    /// constraint is deactivated; empty in a sound layout, so that costs nothing then.
    var broken: [ActiveConstraint] = []
    /// Counts activations (`LayoutConstraint.activationSerial`).
    private var activations = 0
    /// Set when a layout direction changed somewhere (the application's, a
    /// `semanticContentAttribute`, a view moved under another): the next check re-reads the
    /// direction of every constraint that uses leading or trailing (LayoutEngine+Direction.swift).
    var directionsMayHaveChanged = false

    // MARK: Constraints

    func activate(_ constraint: LayoutConstraint) {
        guard constraint.engineIndex < 0 else { return }
        guard let first = constraint.firstLayoutItem, let firstNode = first.layoutNode else {
            if let guide = constraint.firstLayoutItem as? LayoutGuide {
                View.hierarchyLogger.warning("\(constraint.description): \(guide.layoutName) belongs to no view; it stays inactive — fix the app")
            } else if !constraint.itemsAreLayoutItems {
                View.hierarchyLogger.warning("\(constraint.description): an item is neither a view nor a layout guide; it stays inactive — fix the app")
            }
            return
        }
        let firstKind = constraint.firstAttribute.axisKind
        let secondKind = constraint.secondAttribute.axisKind
        let dimensions = firstKind >= 2
        let valid = constraint.itemsAreLayoutItems && firstKind >= 0
            && (constraint.secondLayoutItem == nil ? dimensions : (dimensions ? secondKind >= 2 : secondKind == firstKind))
            && !constraint.mixesDirectionalAndAbsoluteEdges
        guard valid else {
            firstNode.logHierarchyMisuse("\(constraint.description) relates attributes that cannot be related; it stays inactive")
            return
        }
        let container: View
        if let second = constraint.secondLayoutItem {
            guard let secondNode = second.layoutNode, let common = Self.nearestCommonAncestor(firstNode, secondNode) else {
                firstNode.logHierarchyMisuse("\(constraint.description): its items share no ancestor; it stays inactive")
                return
            }
            container = common
        } else {
            container = firstNode
        }
        constraint.container = container
        activations += 1
        constraint.activationSerial = activations
        constraint.engineIndex = active.count
        active.append(ActiveConstraint(constraint: constraint))
        container.ownedConstraints.append(constraint)
        addToSolver(constraint, container: container)
        systemDidChange(container)
    }

    func deactivate(_ constraint: LayoutConstraint) {
        guard constraint.engineIndex >= 0 else { return }
        if let handle = constraint.solverConstraint {
            // The handle came from this solver and is live: removal cannot fail.
            try? solver.remove(handle)
        }
        forget(at: constraint.engineIndex)
        constraint.engineIndex = -1
        let wasBroken = constraint.isBroken
        constraint.solverConstraint = nil
        constraint.isBroken = false
        if let container = constraint.container {
            container.ownedConstraints.removeAll { $0 === constraint }
            systemDidChange(container)
        }
        constraint.container = nil
        if wasBroken {
            broken.removeAll { $0.constraint === constraint || $0.constraint == nil }
        } else if !broken.isEmpty {
            // What a broken constraint contradicted may be what just went.
            retryBrokenConstraints()
        }
    }

    /// Takes the constraint at `index` off the active list (the last one takes its place).
    private func forget(at index: Int) {
        active.swapAt(index, active.count - 1)
        active[index].constraint?.engineIndex = index
        active.removeLast()
    }

    /// An active constraint was released with its common ancestor: its row leaves the solver.
    func constraintWasReleased(at index: Int, _ handle: SolverConstraint?) {
        if let handle { try? solver.remove(handle) }
        forget(at: index)
        needsFrameCheck = true
        pinsMayHaveMoved = true
    }

    /// A new constant: the solver shifts it in place (dual simplex), nothing is rebuilt.
    func constantDidChange(_ constraint: LayoutConstraint) {
        guard constraint.engineIndex >= 0, let container = constraint.container else { return }
        guard let handle = constraint.solverConstraint else {
            // Broken at activation: try it again with its new constant.
            deactivate(constraint)
            activate(constraint)
            return
        }
        do {
            try solver.setConstant(-constraint.constant, of: handle)
        } catch {
            // Unlike an activation, nothing breaks: an animation pushing a constant too far
            // stops where the constraints allow rather than letting the view jump.
            container.logHierarchyMisuse("Unable to satisfy \(conflictDescription(solver.lastConflict, adding: nil)) with the new constant of \(constraint.description); its previous constant is kept")
        }
        // Only the solution moved (no pin, guide or item did): the check reads back what moved.
        needsFrameCheck = true
        container.setNeedsLayout()
    }

    func priorityDidChange(_ constraint: LayoutConstraint) {
        guard constraint.engineIndex >= 0 else { return }
        deactivate(constraint)
        activate(constraint)
    }

    /// The view is about to leave its superview: constraints relating a view of its subtree to
    /// a view outside lose the hierarchy that placed them, and are deactivated (as UIKit does).
    func viewWillLeaveSuperview(_ view: View) {
        guard !active.isEmpty else { return }
        var index = active.count - 1
        while index >= 0 {
            let entry = active[index]
            index -= 1
            guard let constraint = entry.constraint, let container = constraint.container, !container.isDescendant(of: view) else { continue }
            // Two tests, not an array of the two items: this runs for every view removed.
            if constraint.firstLayoutItem?.layoutNode?.isDescendant(of: view) == true
                || constraint.secondLayoutItem?.layoutNode?.isDescendant(of: view) == true {
                deactivate(constraint)
            }
        }
    }

    func addToSolver(_ constraint: LayoutConstraint, container: View) {
        guard let expression = expression(of: constraint, in: container) else { return }
        do {
            constraint.solverConstraint = try solver.add(expression, LinearRelation(constraint.relation),
                                                         strength: constraint.strength)
            constraint.isBroken = false
        } catch {
            // Only required constraints can conflict, and of those in the set the one being
            // activated is the latest: by the rule (lowest priority, then latest) it breaks.
            constraint.solverConstraint = nil
            breakConstraint(constraint, conflict: solver.lastConflict, in: container)
        }
    }

    /// `first.attribute − multiplier × second.attribute − constant`, in `container`'s space,
    /// or in its mirrored space when the constraint uses leading or trailing and the container
    /// lays out right to left (LayoutEngine+Direction.swift); records which.
    private func expression(of constraint: LayoutConstraint, in container: View) -> LinearExpression? {
        guard let first = constraint.firstLayoutItem else { return nil }
        var expression = LinearExpression(constant: -constraint.constant)
        let mirrored = constraint.usesDirectionalEdges && container.isRightToLeft
        constraint.resolvedRightToLeft = mirrored
        if mirrored {
            // x′ = W − x, W the container's width: first′ − m × second′ − c
            //    = −first + m × second + (1 − m) × W − c, with leading read as right.
            addAttribute(first, constraint.firstAttribute.mirrored, in: container, times: -1, to: &expression)
            if let second = constraint.secondLayoutItem {
                addAttribute(second, constraint.secondAttribute.mirrored, in: container, times: constraint.multiplier, to: &expression)
                if constraint.multiplier != 1 {
                    expression.terms.append(LinearTerm(entries[entryIndex(for: container)].width, 1 - constraint.multiplier))
                }
            }
            return expression
        }
        addAttribute(first, constraint.firstAttribute, in: container, times: 1, to: &expression)
        if let second = constraint.secondLayoutItem {
            addAttribute(second, constraint.secondAttribute, in: container, times: -constraint.multiplier, to: &expression)
        }
        return expression
    }

    /// Adds an active constraint that is broken back to the solver; true when it holds now.
    func retryAdding(_ constraint: LayoutConstraint) -> Bool {
        guard let container = constraint.container, let expression = expression(of: constraint, in: container) else { return false }
        guard let handle = try? solver.add(expression, LinearRelation(constraint.relation), strength: constraint.strength) else { return false }
        constraint.solverConstraint = handle
        constraint.isBroken = false
        systemDidChange(container)
        return true
    }

    /// Adds `factor × item.attribute` (in `container`'s space) to `expression`.
    private func addAttribute(_ view: any LayoutItem, _ attribute: LayoutConstraint.Attribute, in container: View,
                              times factor: Double, to expression: inout LinearExpression) {
        let index = entryIndex(for: view)
        // The variables, not a copy of the entry (which would retain its weak reference and arrays).
        let width = entries[index].width, height = entries[index].height
        switch attribute {
        case .width: expression.terms.append(LinearTerm(width, factor))
        case .height: expression.terms.append(LinearTerm(height, factor))
        case .left, .leading: addPosition(view, horizontal: true, in: container, times: factor, to: &expression)
        case .top: addPosition(view, horizontal: false, in: container, times: factor, to: &expression)
        case .right, .trailing:
            addPosition(view, horizontal: true, in: container, times: factor, to: &expression)
            expression.terms.append(LinearTerm(width, factor))
        case .bottom:
            addPosition(view, horizontal: false, in: container, times: factor, to: &expression)
            expression.terms.append(LinearTerm(height, factor))
        case .centerX:
            addPosition(view, horizontal: true, in: container, times: factor, to: &expression)
            expression.terms.append(LinearTerm(width, factor / 2))
        case .centerY:
            addPosition(view, horizontal: false, in: container, times: factor, to: &expression)
            expression.terms.append(LinearTerm(height, factor / 2))
        case .firstBaseline, .lastBaseline:
            // top + k × height + offset: a label's text is centred (k = ½); no text, the bottom.
            let baseline = ((view as? any LayoutBaselineProviding)?.layoutBaseline(last: attribute == .lastBaseline))
                ?? (heightFactor: 1, offset: 0)
            addPosition(view, horizontal: false, in: container, times: factor, to: &expression)
            expression.terms.append(LinearTerm(height, factor * baseline.heightFactor))
            expression.constant += factor * baseline.offset
        case .notAnAttribute: break
        }
    }

    /// The item's left (top) edge in `container`'s space: Σ minX (minY) of the items on the way
    /// (a guide's in its owning view, then the views up to `container`).
    private func addPosition(_ item: any LayoutItem, horizontal: Bool, in container: View, times factor: Double,
                             to expression: inout LinearExpression) {
        var current: any LayoutItem = item
        while current !== container, let parent = current.layoutParent {
            let index = entryIndex(for: current)
            expression.terms.append(LinearTerm(horizontal ? entries[index].left : entries[index].top, factor))
            current = parent
        }
    }

    static func nearestCommonAncestor(_ a: View, _ b: View) -> View? {
        var ancestor: View? = a
        while let candidate = ancestor {
            if b.isDescendant(of: candidate) { return candidate }
            ancestor = candidate.superview
        }
        return nil
    }

    // MARK: Views

    func entryIndex(for item: any LayoutItem) -> Int {
        if item.layoutEngineEntry >= 0 { return item.layoutEngineEntry }
        let entry = Entry(item: item, live: true, isGuide: item is LayoutGuide, left: solver.makeVariable(),
                          top: solver.makeVariable(), width: solver.makeVariable(), height: solver.makeVariable())
        let index: Int
        if let free = freeEntries.popLast() {
            entries[free] = entry
            index = free
        } else {
            entries.append(entry)
            index = entries.count - 1
        }
        item.layoutEngineEntry = index
        for variable in [entry.left, entry.top, entry.width, entry.height] {
            while entryOfVariable.count <= variable.index { entryOfVariable.append(-1) }
            entryOfVariable[variable.index] = index
        }
        // Its variables may be where the view is not (a first check compares them).
        entriesToCheck.append(index)
        if let guide = item as? LayoutGuide {
            addGuideRows(index, guide)
        } else if let view = item as? View {
            if view.translatesAutoresizingMaskIntoConstraints { pin(index, to: view.frame) } else { updateIntrinsicSize(index) }
        }
        return index
    }

    /// Pins a translating view's variables to `frame` (fresh variables: cannot conflict).
    private func pin(_ index: Int, to frame: Rect) {
        let entry = entries[index]
        var pins: [SolverConstraint] = []
        for (variable, value) in [(entry.left, frame.minX), (entry.top, frame.minY),
                                  (entry.width, frame.width), (entry.height, frame.height)] {
            if let pin = try? solver.add(LinearExpression([LinearTerm(variable)], constant: -value), .equal,
                                         strength: ConstraintSolver.requiredStrength) {
                pins.append(pin)
            }
        }
        entries[index].pins = pins
        entries[index].pinned = frame
    }

    private func unpin(_ index: Int) {
        for pin in entries[index].pins { try? solver.remove(pin) }
        entries[index].pins.removeAll()
    }

    /// `translatesAutoresizingMaskIntoConstraints` changed.
    func translationDidChange(_ view: View) {
        let index = view.layoutEngineEntry
        guard index >= 0 else { return }
        if view.translatesAutoresizingMaskIntoConstraints {
            if entries[index].pins.isEmpty { pin(index, to: view.frame) }
        } else {
            unpin(index)
        }
        updateIntrinsicSize(index)
        entriesToCheck.append(index)
        systemDidChange(view.superview ?? view)
    }

    /// The view's intrinsic size or its hugging or compression resistance priority changed.
    func intrinsicSizeDidChange(_ view: View) {
        let index = view.layoutEngineEntry
        guard index >= 0 else { return }
        updateIntrinsicSize(index)
        readdBaselineConstraints(of: view)
        systemDidChange(view.superview ?? view)
    }

    /// Constraints on the view's baselines hold its text's offset as a constant: a new text
    /// re-adds them (rare next to a change of constant).
    private func readdBaselineConstraints(of view: View) {
        guard view is any LayoutBaselineProviding else { return }
        var found: [LayoutConstraint] = []
        for entry in active {
            guard let constraint = entry.constraint else { continue }
            let first = constraint.firstLayoutItem === view
                && (constraint.firstAttribute == .firstBaseline || constraint.firstAttribute == .lastBaseline)
            let second = constraint.secondLayoutItem === view
                && (constraint.secondAttribute == .firstBaseline || constraint.secondAttribute == .lastBaseline)
            if first || second { found.append(constraint) }
        }
        for constraint in found {
            deactivate(constraint)
            activate(constraint)
        }
    }

    /// Replaces the entry's intrinsic size constraints by ones for the view's current intrinsic
    /// size and priorities (none for a view that translates its frame). A change of text is
    /// rare next to a change of constant, so they are rebuilt rather than edited.
    private func updateIntrinsicSize(_ index: Int) {
        for constraint in entries[index].intrinsic { try? solver.remove(constraint) }
        entries[index].intrinsic.removeAll()
        guard let view = entries[index].view, !view.translatesAutoresizingMaskIntoConstraints else { return }
        let size = view.intrinsicContentSize
        let priorities = view.contentPriorities
        let axes = [(entries[index].width, size.width, priorities.huggingHorizontal, priorities.compressionHorizontal),
                    (entries[index].height, size.height, priorities.huggingVertical, priorities.compressionVertical)]
        for (variable, length, hugging, compression) in axes where length != View.noIntrinsicMetric {
            let expression = LinearExpression([LinearTerm(variable)], constant: -length)
            for (relation, priority) in [(LinearRelation.lessThanOrEqual, hugging), (.greaterThanOrEqual, compression)] {
                let strength = min(max(Double(priority.rawValue), 1), ConstraintSolver.requiredStrength)
                var added: SolverConstraint?
                let holds = resolveByBreaking("\(view.layoutName)'s intrinsic size \(size) at \(priority.rawValue)", view: view,
                                              otherwise: "the intrinsic size is ignored along that axis") {
                    added = try? solver.add(expression, relation, strength: strength)
                    return added != nil
                }
                if holds, let added { entries[index].intrinsic.append(added) }
            }
        }
    }

    /// A view that translates its frame and that constraints mention moved or resized: the
    /// next layout pass brings the solution along (its pins follow the new frame there).
    func translatedFrameDidChange(_ view: View) {
        needsFrameCheck = true
        pinsMayHaveMoved = true
        view.markAncestorsNeedLayout()
    }

    func systemDidChange(_ container: View) {
        needsFrameCheck = true
        pinsMayHaveMoved = true
        // A batch activates hundreds in one container: it (and its ancestors) is marked once.
        // Marked with its subtree flag set, its ancestors are marked too (the walk stops there).
        if !(container.needsLayoutFlag && container.subtreeNeedsLayout) { container.setNeedsLayout() }
    }

    /// Moves the pins of translating views to their current frames, and the rows of margins and
    /// safe-area guides to their current insets; returns whether any moved. Entries of items
    /// that are gone are given back (guides first: their rows use their owners' variables).
    @discardableResult
    func syncPins() -> Bool {
        pinsMayHaveMoved = false
        var moved = false
        for index in entries.indices where entries[index].live && entries[index].isGuide {
            if entries[index].item == nil {
                release(index)
            } else if !entries[index].guideRows.isEmpty, syncGuideRows(index) {
                moved = true
            }
        }
        for index in entries.indices where entries[index].live && !entries[index].isGuide {
            guard let view = entries[index].item as? View else {
                release(index)
                continue
            }
            guard !entries[index].pins.isEmpty else { continue }
            let frame = view.frame
            let old = entries[index].pinned
            guard frame != old else { continue }
            let pins = entries[index].pins
            let changes = [(frame.minX, old.minX), (frame.minY, old.minY), (frame.width, old.width), (frame.height, old.height)]
            for (slot, (new, previous)) in changes.enumerated() where new != previous {
                let pin = pins[slot]
                _ = resolveByBreaking("\(view.layoutName)'s frame \(frame) (translatesAutoresizingMaskIntoConstraints)", view: view,
                                      otherwise: "constrained views keep its previous frame") {
                    (try? solver.setConstant(-new, of: pin)) != nil
                }
            }
            entries[index].pinned = frame
            moved = true
        }
        return moved
    }

    private func release(_ index: Int) {
        unpin(index)
        removeGuideRows(index)
        for constraint in entries[index].intrinsic { try? solver.remove(constraint) }
        entries[index].intrinsic.removeAll()
        let entry = entries[index]
        for variable in [entry.left, entry.top, entry.width, entry.height] {
            entryOfVariable[variable.index] = -1
            // Still used only if a constraint outlived the view, which holding its items prevents.
            try? solver.releaseVariable(variable)
        }
        entries[index].live = false
        freeEntries.append(index)
    }

    func solvedFrame(_ index: Int) -> Rect {
        // Field by field: a copy of the entry would retain and release its weak reference and arrays.
        Rect(x: solver.value(of: entries[index].left), y: solver.value(of: entries[index].top),
             width: max(solver.value(of: entries[index].width), 0), height: max(solver.value(of: entries[index].height), 0))
    }

    // MARK: The layout pass

    /// At the start of a layout pass: after a change of the system, marks the superview of every
    /// constrained view whose solved frame differs from its frame for layout.
    func checkFramesIfNeeded() {
        guard needsFrameCheck else { return }
        needsFrameCheck = false
        if directionsMayHaveChanged { resolveDirections() }
        syncPinsIfNeeded()
        markMovedViews()
    }

    /// Syncs the pins and guides when something may have moved them (a margins or safe-area
    /// guide follows frames the layout pass sets, so while there is one, always).
    @discardableResult
    private func syncPinsIfNeeded() -> Bool {
        guard pinsMayHaveMoved || insetGuideCount > 0 else { return false }
        return syncPins()
    }

    /// Marks the superview of each constrained view whose solved frame is not its frame, but
    /// `parent`, whose subviews are being given their frames. The views looked at are those
    /// whose variables the solver changed since the last check, and new entries.
    func markMovedViews(except parent: View? = nil) {
        checkSerial &+= 1
        for variable in solver.changedVariables where variable.index < entryOfVariable.count {
            let index = entryOfVariable[variable.index]
            if index >= 0 { markIfMoved(index, except: parent) }
        }
        solver.clearChangedVariables()
        for index in entriesToCheck { markIfMoved(index, except: parent) }
        entriesToCheck.removeAll(keepingCapacity: true)
    }

    private func markIfMoved(_ index: Int, except parent: View?) {
        guard entries[index].live, entries[index].checkSerial != checkSerial else { return }
        entries[index].checkSerial = checkSerial
        guard entries[index].pins.isEmpty, let view = entries[index].item as? View, !view.translatesAutoresizingMaskIntoConstraints,
              let superview = view.superview, superview !== parent else { return }
        if solvedFrame(index) != view.frame { superview.setNeedsLayout() }
    }

    /// Before `parent`'s `layoutSubviews`: gives its constrained subviews their solved frames.
    func applyFrames(toSubviewsOf parent: View) {
        guard !entries.isEmpty else { return }
        var synced = false
        for subview in parent.subviews where subview.layoutEngineEntry >= 0 && !subview.translatesAutoresizingMaskIntoConstraints {
            if !synced {
                synced = true
                // A translating view's frame may have changed since the last pass (a resized
                // window, a frame set by hand): the solution follows before it is read; views
                // elsewhere that it moves are marked for this pass's next round.
                if syncPinsIfNeeded() { markMovedViews(except: parent) }
            }
            let frame = solvedFrame(subview.layoutEngineEntry)
            if frame != subview.frame { subview.frame = frame }
        }
    }
}

extension LinearRelation {
    /// The solver's relation for a constraint's.
    init(_ relation: LayoutConstraint.Relation) {
        switch relation {
        case .lessThanOrEqual: self = .lessThanOrEqual
        case .equal: self = .equal
        case .greaterThanOrEqual: self = .greaterThanOrEqual
        }
    }
}

extension LayoutConstraint {
    /// The solver strength of its priority: clamped to 1…1000 (UIKit raises on others).
    var strength: Double { min(max(Double(priority.rawValue), 1), ConstraintSolver.requiredStrength) }
}
