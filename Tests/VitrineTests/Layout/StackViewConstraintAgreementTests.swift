import Testing
import Vitrine
import VitrineGraphics

/// `StackView` arranges by its own code; these tests build, for the same arranged views, the
/// constraints UIKit's `UIStackView` makes (its edge, spacing, distribution and alignment
/// constraints, gap guides for the equal distributions, the 25-point ambiguity suppression
/// across the axis) and check the engine solves them to the stack's frames, for every
/// distribution and alignment, along both axes, and for a stack that constraints place.
@MainActor
struct StackViewConstraintAgreementTests {
    /// Arranged views' intrinsic lengths along the axis and across it (nil: none).
    private struct Item {
        var main: Double?
        var cross: Double
    }

    private static let items = [Item(main: 40, cross: 30), Item(main: 70, cross: 50), Item(main: 25, cross: 20)]

    private func sizedView(_ item: Item, axis: StackView.Axis) -> LayoutSizedView {
        LayoutSizedView(main: item.main, cross: item.cross, axis: axis)
    }

    /// The stack's frames for `items` in a `box` (the stack's size).
    private func stackFrames(_ items: [Item], axis: StackView.Axis, distribution: StackView.Distribution,
                             alignment: StackView.Alignment, spacing: Double, box: Size) -> [Rect] {
        let stack = StackView(frame: Rect(origin: .zero, size: box))
        stack.axis = axis
        stack.distribution = distribution
        stack.alignment = alignment
        stack.spacing = spacing
        for item in items { stack.addArrangedSubview(sizedView(item, axis: axis)) }
        stack.layoutIfNeeded()
        return stack.arrangedSubviews.map(\.frame)
    }

    /// The attributes along and across `axis`.
    private struct Attributes {
        let leading, trailing, length, center, crossLeading, crossTrailing, crossCenter, crossLength: LayoutConstraint.Attribute

        init(_ axis: StackView.Axis) {
            let horizontal = axis == .horizontal
            leading = horizontal ? .leading : .top
            trailing = horizontal ? .trailing : .bottom
            length = horizontal ? .width : .height
            center = horizontal ? .centerX : .centerY
            crossLeading = horizontal ? .top : .leading
            crossTrailing = horizontal ? .bottom : .trailing
            crossCenter = horizontal ? .centerY : .centerX
            crossLength = horizontal ? .height : .width
        }
    }

    private func constraint(_ a: AnyObject, _ attribute: LayoutConstraint.Attribute, _ relation: LayoutConstraint.Relation,
                            _ b: AnyObject?, _ other: LayoutConstraint.Attribute, multiplier: Double = 1, constant: Double = 0,
                            priority: LayoutPriority = .required) -> LayoutConstraint {
        let made = LayoutConstraint(item: a, attribute: attribute, relatedBy: relation, toItem: b, attribute: other,
                                    multiplier: multiplier, constant: constant)
        made.priority = priority
        return made
    }

    /// UIKit's constraints for the arrangement, on views placed in `canvas` (a plain view the
    /// stack's size, or a stack's stand-in that constraints place).
    private func uikitConstraints(_ views: [View], in canvas: View, items: [Item], axis: StackView.Axis,
                                  distribution: StackView.Distribution, alignment: StackView.Alignment,
                                  spacing: Double) -> [LayoutConstraint] {
        let at = Attributes(axis)
        var made: [LayoutConstraint] = []
        // Edges: the first and last views touch the canvas's ends.
        made.append(constraint(views[0], at.leading, .equal, canvas, at.leading))
        made.append(constraint(views[views.count - 1], at.trailing, .equal, canvas, at.trailing))
        let count = Double(views.count)
        switch distribution {
        case .fill, .fillEqually, .fillProportionally:
            for (previous, next) in zip(views, views.dropFirst()) {
                made.append(constraint(next, at.leading, .equal, previous, at.trailing, constant: spacing))
            }
            if distribution == .fillEqually {
                for view in views.dropFirst() { made.append(constraint(view, at.length, .equal, views[0], at.length)) }
            } else if distribution == .fillProportionally {
                // length_i = share_i × (canvas − spacings), share_i = intrinsic_i / Σ intrinsic.
                let total = items.reduce(0) { $0 + ($1.main ?? 0) }
                let spacings = spacing * (count - 1)
                for (view, item) in zip(views, items) {
                    let share = (item.main ?? 0) / total
                    made.append(constraint(view, at.length, .equal, canvas, at.length, multiplier: share, constant: -share * spacings))
                }
            } else {
                // UIKit breaks a tie of hugging by index: the last view stretches.
                views.last?.setContentHuggingPriority(.defaultLow - 1, for: axis == .horizontal ? .horizontal : .vertical)
            }
        case .equalSpacing, .equalCentering:
            // Gap guides between neighbours' edges (or centers), all of one length; views at
            // least `spacing` apart.
            var gaps: [LayoutGuide] = []
            let from = distribution == .equalSpacing ? at.trailing : at.center
            let to = distribution == .equalSpacing ? at.leading : at.center
            for (previous, next) in zip(views, views.dropFirst()) {
                let gap = LayoutGuide()
                canvas.addLayoutGuide(gap)
                gaps.append(gap)
                made.append(constraint(gap, at.leading, .equal, previous, from))
                made.append(constraint(gap, at.trailing, .equal, next, to))
                made.append(constraint(next, at.leading, .greaterThanOrEqual, previous, at.trailing, constant: spacing))
                // Pin the guide across the axis: it is a gap along it only.
                made.append(constraint(gap, at.crossLeading, .equal, canvas, at.crossLeading))
                made.append(constraint(gap, at.crossLength, .equal, nil, .notAnAttribute))
            }
            for gap in gaps.dropFirst() { made.append(constraint(gap, at.length, .equal, gaps[0], at.length)) }
        }
        for view in views {
            switch alignment {
            case .fill:
                made.append(constraint(view, at.crossLeading, .equal, canvas, at.crossLeading))
                made.append(constraint(view, at.crossTrailing, .equal, canvas, at.crossTrailing))
            case .leading:
                made.append(constraint(view, at.crossLeading, .equal, canvas, at.crossLeading))
                made.append(constraint(view, at.crossTrailing, .lessThanOrEqual, canvas, at.crossTrailing))
            case .center:
                made.append(constraint(view, at.crossCenter, .equal, canvas, at.crossCenter))
                made.append(constraint(view, at.crossLeading, .greaterThanOrEqual, canvas, at.crossLeading))
            case .trailing:
                made.append(constraint(view, at.crossTrailing, .equal, canvas, at.crossTrailing))
                made.append(constraint(view, at.crossLeading, .greaterThanOrEqual, canvas, at.crossLeading))
            }
            if alignment != .fill {
                // UISV-ambiguity-suppression: a view with nothing else to size it is 0 across.
                made.append(constraint(view, at.crossLength, .equal, nil, .notAnAttribute, priority: LayoutPriority(25)))
            }
        }
        return made
    }

    /// The frames UIKit's constraints give the same views in a canvas of `box`.
    private func constraintFrames(_ items: [Item], axis: StackView.Axis, distribution: StackView.Distribution,
                                  alignment: StackView.Alignment, spacing: Double, box: Size) -> [Rect] {
        let canvas = View(frame: Rect(origin: .zero, size: box))
        let views: [View] = items.map { item in
            let view = sizedView(item, axis: axis)
            view.translatesAutoresizingMaskIntoConstraints = false
            canvas.addSubview(view)
            return view
        }
        LayoutConstraint.activate(uikitConstraints(views, in: canvas, items: items, axis: axis, distribution: distribution,
                                                   alignment: alignment, spacing: spacing))
        canvas.layoutIfNeeded()
        #expect(views.allSatisfy { !$0.hasAmbiguousLayout }, "UIKit's constraints leave \(distribution) \(alignment) ambiguous")
        return views.map(\.frame)
    }

    nonisolated private static let distributions: [StackView.Distribution] = [.fill, .fillEqually, .fillProportionally, .equalSpacing, .equalCentering]
    nonisolated private static let alignments: [StackView.Alignment] = [.fill, .leading, .center, .trailing]

    @Test(arguments: distributions, alignments)
    func aRowAgreesWithUIKitsConstraints(distribution: StackView.Distribution, alignment: StackView.Alignment) {
        let box = Size(width: 300, height: 80)
        let stack = stackFrames(Self.items, axis: .horizontal, distribution: distribution, alignment: alignment, spacing: 8, box: box)
        let solved = constraintFrames(Self.items, axis: .horizontal, distribution: distribution, alignment: alignment, spacing: 8, box: box)
        expectSameFrames(stack, solved)
    }

    @Test(arguments: distributions, alignments)
    func aColumnAgreesWithUIKitsConstraints(distribution: StackView.Distribution, alignment: StackView.Alignment) {
        let box = Size(width: 90, height: 260)
        let stack = stackFrames(Self.items, axis: .vertical, distribution: distribution, alignment: alignment, spacing: 6, box: box)
        let solved = constraintFrames(Self.items, axis: .vertical, distribution: distribution, alignment: alignment, spacing: 6, box: box)
        expectSameFrames(stack, solved)
    }

    @Test func fillGivesTheLeftoverToTheViewWithoutAnIntrinsicLength() {
        let items = [Item(main: 40, cross: 30), Item(main: nil, cross: 50), Item(main: 25, cross: 20)]
        let box = Size(width: 300, height: 80)
        let stack = stackFrames(items, axis: .horizontal, distribution: .fill, alignment: .center, spacing: 8, box: box)
        let solved = constraintFrames(items, axis: .horizontal, distribution: .fill, alignment: .center, spacing: 8, box: box)
        expectSameFrames(stack, solved)
        #expect(stack[1].width == 300 - 16 - 65)
    }

    @Test func aStackThatConstraintsPlaceAgreesToo() {
        // The stack is sized by constraints (its width) and by its arrangement (its height, from
        // its intrinsic size); UIKit's stack is sized by its arranged views' constraints.
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let stack = StackView(frame: .zero)
        stack.translatesAutoresizingMaskIntoConstraints = false
        stack.distribution = .equalSpacing
        stack.alignment = .center
        stack.spacing = 8
        for item in Self.items { stack.addArrangedSubview(sizedView(item, axis: .horizontal)) }
        root.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
        ])
        root.layoutIfNeeded()
        #expect(stack.frame == Rect(x: 20, y: 10, width: 360, height: 50))

        let reference = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let canvas = View()
        canvas.translatesAutoresizingMaskIntoConstraints = false
        reference.addSubview(canvas)
        let views: [View] = Self.items.map { item in
            let view = sizedView(item, axis: .horizontal)
            view.translatesAutoresizingMaskIntoConstraints = false
            canvas.addSubview(view)
            return view
        }
        LayoutConstraint.activate(uikitConstraints(views, in: canvas, items: Self.items, axis: .horizontal,
                                                   distribution: .equalSpacing, alignment: .center, spacing: 8) + [
            canvas.leadingAnchor.constraint(equalTo: reference.leadingAnchor, constant: 20),
            canvas.trailingAnchor.constraint(equalTo: reference.trailingAnchor, constant: -20),
            canvas.topAnchor.constraint(equalTo: reference.topAnchor, constant: 10),
            // What makes UIKit's stack as tall as its tallest view: each view fits across it,
            // and the stack hugs them (UISV-canvas-fit, and the stack's own hugging).
            canvas.heightAnchor.constraint(greaterThanOrEqualToConstant: 0),
        ] + views.map { canvas.heightAnchor.constraint(greaterThanOrEqualTo: $0.heightAnchor) } + [
            {
                let hug = canvas.heightAnchor.constraint(equalToConstant: 0)
                hug.priority = LayoutPriority(49)
                return hug
            }(),
        ])
        reference.layoutIfNeeded()
        #expect(canvas.frame == stack.frame)
        expectSameFrames(stack.arrangedSubviews.map(\.frame), views.map(\.frame))
    }

    private func expectSameFrames(_ stack: [Rect], _ solved: [Rect], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(stack.count == solved.count, sourceLocation: sourceLocation)
        for (a, b) in zip(stack, solved) {
            let close = abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6
                && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
            #expect(close, "stack \(a), constraints \(b)", sourceLocation: sourceLocation)
        }
    }
}
