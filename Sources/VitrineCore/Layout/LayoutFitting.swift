// The size a view's constraints give it (UIKit's `systemLayoutSizeFitting`), computed in a
// solver of its own so that the live layout is not touched: the active constraints held by the
// view and its descendants (those relating views of its subtree), the intrinsic sizes of the
// views they place, the frames of the subviews that translate their autoresizing masks, and
// two constraints asking for the target width and height at the fitting priorities. The view's
// own position, and constraints relating it to views outside, take no part.
//
// A label that wraps at the width constraints give it (`LayoutWidthDependentSize`) is sized in
// a second solve, at the width the first gave it, as UIKit does.

import VitrineGraphics

/// A view whose intrinsic size depends on the width layout gives it (a multi-line `Label`
/// without `preferredMaxLayoutWidth`): its height follows its text wrapped at that width.
@MainActor
package protocol LayoutWidthDependentSize: AnyObject {
    /// The intrinsic size when laid out `width` points wide, or nil when it does not depend on
    /// the width (then `intrinsicContentSize` holds).
    func intrinsicContentSize(forLayoutWidth width: Double) -> Size?
}

@MainActor
struct LayoutFitting {
    private let solver = ConstraintSolver()
    private let root: View

    private struct Slot {
        var left, top, width, height: SolverVariable
        weak var view: View?
        var intrinsic: [SolverConstraint] = []
        /// The width the intrinsic size was measured at, for a width-dependent view.
        var measuredWidth: Double?
    }

    private var slots: [ObjectIdentifier: Slot] = [:]
    /// Slots of width-dependent views, in the order made.
    private var widthDependent: [ObjectIdentifier] = []

    init(root: View) {
        self.root = root
    }

    /// The size closest to `target` the constraints allow, each axis held at its priority.
    mutating func fittingSize(_ target: Size, horizontal: LayoutPriority, vertical: LayoutPriority) -> Size {
        let rootSlot = slot(for: root)
        addConstraints(of: root)
        for (variable, length, priority) in [(rootSlot.width, target.width, horizontal), (rootSlot.height, target.height, vertical)] {
            guard length.isFinite else { continue }
            let expression = LinearExpression([LinearTerm(variable)], constant: -max(length, 0))
            let strength = min(max(Double(priority.rawValue), 1), ConstraintSolver.requiredStrength)
            // A required target the view's required constraints contradict gives way to them.
            if (try? solver.add(expression, .equal, strength: strength)) == nil {
                _ = try? solver.add(expression, .equal, strength: ConstraintSolver.requiredStrength - 1)
            }
        }
        // Second passes: labels wrap at the widths the previous solve gave them (a handful of
        // rounds at most; a new wrap rarely changes a width again).
        for _ in 0..<4 where remeasureWidthDependentViews() {}
        return Size(width: max(solver.value(of: rootSlot.width), 0), height: max(solver.value(of: rootSlot.height), 0))
    }

    /// Adds the active constraints held by `view` and its descendants, broken ones too: the
    /// live engine may have broken them for the root's frame, which takes no part here (one
    /// that contradicts the others here is left out).
    private mutating func addConstraints(of view: View) {
        for constraint in view.ownedConstraints where constraint.isActive {
            add(constraint, in: view)
        }
        for subview in view.subviews { addConstraints(of: subview) }
    }

    private mutating func add(_ constraint: LayoutConstraint, in container: View) {
        guard let first = constraint.firstLayoutItem else { return }
        var expression = LinearExpression(constant: -constraint.constant)
        if constraint.usesDirectionalEdges && container.isRightToLeft {
            // Read in the container's mirrored space, as the live engine does (LayoutEngine.swift).
            addAttribute(first, constraint.firstAttribute.mirrored, in: container, times: -1, to: &expression)
            if let second = constraint.secondLayoutItem {
                addAttribute(second, constraint.secondAttribute.mirrored, in: container, times: constraint.multiplier, to: &expression)
                if constraint.multiplier != 1 { expression.terms.append(LinearTerm(slot(for: container).width, 1 - constraint.multiplier)) }
            }
        } else {
            addAttribute(first, constraint.firstAttribute, in: container, times: 1, to: &expression)
            if let second = constraint.secondLayoutItem {
                addAttribute(second, constraint.secondAttribute, in: container, times: -constraint.multiplier, to: &expression)
            }
        }
        // One that contradicts those already in is left out (the live engine breaks it too).
        _ = try? solver.add(expression, LinearRelation(constraint.relation), strength: constraint.strength)
    }

    /// Adds `factor × item.attribute` in `container`'s space (as `LayoutEngine` does).
    private mutating func addAttribute(_ item: any LayoutItem, _ attribute: LayoutConstraint.Attribute, in container: View,
                                       times factor: Double, to expression: inout LinearExpression) {
        let own = slot(for: item)
        switch attribute {
        case .width: expression.terms.append(LinearTerm(own.width, factor))
        case .height: expression.terms.append(LinearTerm(own.height, factor))
        case .left, .leading: addPosition(item, horizontal: true, in: container, times: factor, to: &expression)
        case .top: addPosition(item, horizontal: false, in: container, times: factor, to: &expression)
        case .right, .trailing:
            addPosition(item, horizontal: true, in: container, times: factor, to: &expression)
            expression.terms.append(LinearTerm(own.width, factor))
        case .bottom:
            addPosition(item, horizontal: false, in: container, times: factor, to: &expression)
            expression.terms.append(LinearTerm(own.height, factor))
        case .centerX:
            addPosition(item, horizontal: true, in: container, times: factor, to: &expression)
            expression.terms.append(LinearTerm(own.width, factor / 2))
        case .centerY:
            addPosition(item, horizontal: false, in: container, times: factor, to: &expression)
            expression.terms.append(LinearTerm(own.height, factor / 2))
        case .firstBaseline, .lastBaseline:
            let baseline = ((item as? any LayoutBaselineProviding)?.layoutBaseline(last: attribute == .lastBaseline))
                ?? (heightFactor: 1, offset: 0)
            addPosition(item, horizontal: false, in: container, times: factor, to: &expression)
            expression.terms.append(LinearTerm(own.height, factor * baseline.heightFactor))
            expression.constant += factor * baseline.offset
        case .notAnAttribute: break
        }
    }

    private mutating func addPosition(_ item: any LayoutItem, horizontal: Bool, in container: View, times factor: Double,
                                      to expression: inout LinearExpression) {
        var current: any LayoutItem = item
        while current !== container, let parent = current.layoutParent {
            let own = slot(for: current)
            expression.terms.append(LinearTerm(horizontal ? own.left : own.top, factor))
            current = parent
        }
    }

    /// The item's variables, made on first use with the rows the engine would hold: the root
    /// at the origin, sized by its intrinsic size and its constraints only; a subview that
    /// translates its mask at its frame; a margins or safe-area guide inset in its owner.
    private mutating func slot(for item: any LayoutItem) -> Slot {
        let key = ObjectIdentifier(item)
        if let existing = slots[key] { return existing }
        var slot = Slot(left: solver.makeVariable(), top: solver.makeVariable(), width: solver.makeVariable(),
                        height: solver.makeVariable(), view: item as? View)
        slots[key] = slot
        let solver = self.solver
        func require(_ terms: [LinearTerm], _ constant: Double) {
            // Fresh variables (and an owner's width for a guide): these cannot conflict.
            _ = try? solver.add(LinearExpression(terms, constant: constant), .equal, strength: ConstraintSolver.requiredStrength)
        }
        if let guide = item as? LayoutGuide {
            if let owner = guide.owningView, let insets = guide.currentInsets {
                let ownerSlot = self.slot(for: owner)
                require([LinearTerm(slot.left)], -insets.left)
                require([LinearTerm(slot.top)], -insets.top)
                require([LinearTerm(slot.width), LinearTerm(ownerSlot.width, -1)], insets.horizontal)
                require([LinearTerm(slot.height), LinearTerm(ownerSlot.height, -1)], insets.vertical)
            }
        } else if let view = item as? View {
            if view === root {
                require([LinearTerm(slot.left)], 0)
                require([LinearTerm(slot.top)], 0)
                slot.intrinsic = addIntrinsicSize(view.intrinsicContentSize, of: view, slot)
            } else if view.translatesAutoresizingMaskIntoConstraints {
                let frame = view.frame
                require([LinearTerm(slot.left)], -frame.minX)
                require([LinearTerm(slot.top)], -frame.minY)
                require([LinearTerm(slot.width)], -frame.width)
                require([LinearTerm(slot.height)], -frame.height)
            } else {
                slot.intrinsic = addIntrinsicSize(view.intrinsicContentSize, of: view, slot)
            }
            if view is any LayoutWidthDependentSize { widthDependent.append(key) }
        }
        slots[key] = slot
        return slot
    }

    /// Size ≤ and ≥ `size` at the view's hugging and compression resistance priorities.
    private func addIntrinsicSize(_ size: Size, of view: View, _ slot: Slot) -> [SolverConstraint] {
        let priorities = view.contentPriorities
        var added: [SolverConstraint] = []
        let axes = [(slot.width, size.width, priorities.huggingHorizontal, priorities.compressionHorizontal),
                    (slot.height, size.height, priorities.huggingVertical, priorities.compressionVertical)]
        for (variable, length, hugging, compression) in axes where length != View.noIntrinsicMetric {
            let expression = LinearExpression([LinearTerm(variable)], constant: -length)
            for (relation, priority) in [(LinearRelation.lessThanOrEqual, hugging), (.greaterThanOrEqual, compression)] {
                let strength = min(max(Double(priority.rawValue), 1), ConstraintSolver.requiredStrength)
                // A required intrinsic size the app's constraints contradict is ignored, as the
                // live engine would break the app's constraint instead: close enough for a size.
                if let handle = try? solver.add(expression, relation, strength: strength) { added.append(handle) }
            }
        }
        return added
    }

    /// Gives each width-dependent view the intrinsic size for its solved width; true when one
    /// changed (solve again).
    private mutating func remeasureWidthDependentViews() -> Bool {
        var changed = false
        for key in widthDependent {
            guard var slot = slots[key], let view = slot.view, let sized = view as? any LayoutWidthDependentSize else { continue }
            if view !== root && view.translatesAutoresizingMaskIntoConstraints { continue }
            let width = max(solver.value(of: slot.width), 0)
            guard slot.measuredWidth != width, let size = sized.intrinsicContentSize(forLayoutWidth: width) else { continue }
            for handle in slot.intrinsic { try? solver.remove(handle) }
            slot.intrinsic = addIntrinsicSize(size, of: view, slot)
            slot.measuredWidth = width
            slots[key] = slot
            changed = true
        }
        return changed
    }
}

extension View {
    /// The size the constraints of the view's subtree give it when asked for `targetSize`
    /// (UIKit's): as close to `targetSize` as they allow, at `LayoutPriority.fittingSizeLevel`
    /// along both axes. Pass `View.layoutFittingCompressedSize` for the smallest size,
    /// `layoutFittingExpandedSize` for the largest. Sizes in points; the view does not change.
    public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
                                verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the constraints of the view's subtree give it when its width is asked to be
    /// `targetSize.width` at `horizontalFittingPriority` and its height `targetSize.height` at
    /// `verticalFittingPriority` (UIKit's; `.required` fixes that length — a self-sizing row
    /// asks for its width at `.required` and its height at `.fittingSizeLevel`).
    ///
    /// Counted: the active constraints held by the view and its descendants (those relating
    /// views of its subtree, its own width and height included), the intrinsic sizes of the
    /// view and of the subviews constraints place (a multi-line label wraps at the width they
    /// give it), and the frames of subviews that translate their autoresizing masks. Not
    /// counted: the view's position and constraints relating it to views outside. Computed in
    /// a solver of its own: the layout of the screen is not touched. Sizes in points.
    public func systemLayoutSizeFitting(_ targetSize: Size, withHorizontalFittingPriority horizontalFittingPriority: LayoutPriority,
                                        verticalFittingPriority: LayoutPriority) -> Size {
        var fitting = LayoutFitting(root: self)
        return fitting.fittingSize(targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }

    /// The target size asking `systemLayoutSizeFitting(_:)` for the smallest size (0 × 0).
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)

    /// The target size asking `systemLayoutSizeFitting(_:)` for the largest size (UIKit's
    /// 10 000 × 10 000 points): lengths nothing limits come out at 10 000.
    public static let layoutFittingExpandedSize = Size(width: 10_000, height: 10_000)
}
