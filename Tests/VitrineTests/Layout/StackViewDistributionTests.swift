import Testing
import Vitrine
import VitrineGraphics

/// Every distribution, on a row and on a column. The stack is 400 points along its axis and 100
/// across; expectations are (offset, length) along the axis, worked out by hand from the rules
/// written on `StackView`, and alignment is `fill` (cross 0, 100) unless a test says otherwise.
@MainActor
struct StackViewDistributionTests {
    static let axes: [StackView.Axis] = [.horizontal, .vertical]

    private func makeStack(_ axis: StackView.Axis, _ distribution: StackView.Distribution,
                           spacing: Double, views: [View]) -> StackView {
        let stack = StackView(arrangedSubviews: views)
        stack.frame = Rect(origin: .zero, size: LayoutAxes.size(main: 400, cross: 100, axis: axis))
        stack.axis = axis
        stack.distribution = distribution
        stack.spacing = spacing
        stack.layoutIfNeeded()
        return stack
    }

    /// Frames from (offset, length) pairs along the axis, filling the cross axis.
    private func slots(_ pairs: [(Double, Double)], _ axis: StackView.Axis) -> [Rect] {
        pairs.map { LayoutAxes.frame(main: $0.0, length: $0.1, cross: 0, crossLength: 100, axis: axis) }
    }

    // MARK: fill

    @Test(arguments: [StackView.Axis.horizontal, .vertical]) func fillGivesTheLeftoverToViewsWithoutIntrinsicLength(_ axis: StackView.Axis) {
        let a = LayoutSizedView(main: 50, cross: nil, axis: axis)
        let b = LayoutSizedView(main: nil, cross: nil, axis: axis, frameMain: 999)
        let c = LayoutSizedView(main: 70, cross: nil, axis: axis)
        let stack = makeStack(axis, .fill, spacing: 10, views: [a, b, c])
        // 400 − 2×10 spacing − 50 − 70 = 260 for b, whose own frame length does not matter.
        expectFrames(stack.arrangedSubviews, slots([(0, 50), (60, 260), (330, 70)], axis))
    }

    @Test(arguments: [StackView.Axis.horizontal, .vertical]) func fillSharesTheLeftoverEquallyAmongFlexibleViews(_ axis: StackView.Axis) {
        let a = LayoutSizedView(main: 40, cross: nil, axis: axis)
        let b = View()
        let c = View()
        let stack = makeStack(axis, .fill, spacing: 10, views: [a, b, c])
        // (380 − 40) / 2 = 170 each.
        expectFrames(stack.arrangedSubviews, slots([(0, 40), (50, 170), (230, 170)], axis))
    }

    @Test(arguments: [StackView.Axis.horizontal, .vertical]) func fillStretchesTheLastViewWhenAllHaveIntrinsicLengths(_ axis: StackView.Axis) {
        let views = [50.0, 60, 70].map { LayoutSizedView(main: $0, cross: nil, axis: axis) }
        let stack = makeStack(axis, .fill, spacing: 10, views: views)
        // 380 − 180 = 200 extra, all to the last: 70 + 200.
        expectFrames(stack.arrangedSubviews, slots([(0, 50), (60, 60), (130, 270)], axis))
    }

    @Test(arguments: [StackView.Axis.horizontal, .vertical]) func fillShrinksIntrinsicLengthsInProportionWhenTheyOverflow(_ axis: StackView.Axis) {
        let a = LayoutSizedView(main: 200, cross: nil, axis: axis)
        let b = View(frame: Rect(x: 0, y: 0, width: 30, height: 30))
        let c = LayoutSizedView(main: 300, cross: nil, axis: axis)
        let stack = makeStack(axis, .fill, spacing: 10, views: [a, b, c])
        // 500 wanted in 380: ×0.76 → 152 and 228; the flexible view gets nothing.
        expectFrames(stack.arrangedSubviews, slots([(0, 152), (162, 0), (172, 228)], axis))
    }

    // MARK: fillEqually

    @Test(arguments: [StackView.Axis.horizontal, .vertical]) func fillEquallyIgnoresIntrinsicLengths(_ axis: StackView.Axis) {
        let a = LayoutSizedView(main: 50, cross: nil, axis: axis)
        let b = View()
        let c = LayoutSizedView(main: 300, cross: nil, axis: axis)
        let stack = makeStack(axis, .fillEqually, spacing: 20, views: [a, b, c])
        // (400 − 40) / 3 = 120.
        expectFrames(stack.arrangedSubviews, slots([(0, 120), (140, 120), (280, 120)], axis))
    }

    // MARK: fillProportionally

    @Test(arguments: [StackView.Axis.horizontal, .vertical]) func fillProportionallySharesByNaturalLength(_ axis: StackView.Axis) {
        let a = LayoutSizedView(main: 10, cross: nil, axis: axis)
        // No intrinsic length: its frame length, 30, counts.
        let b = LayoutSizedView(main: nil, cross: nil, axis: axis, frameMain: 30)
        let c = LayoutSizedView(main: 40, cross: nil, axis: axis)
        let stack = makeStack(axis, .fillProportionally, spacing: 10, views: [a, b, c])
        // 380 in the ratio 10 : 30 : 40 (of 80) → 47.5, 142.5, 190.
        expectFrames(stack.arrangedSubviews, slots([(0, 47.5), (57.5, 142.5), (210, 190)], axis))
    }

    // MARK: equalSpacing

    @Test(arguments: [StackView.Axis.horizontal, .vertical]) func equalSpacingKeepsNaturalLengthsAndEqualGaps(_ axis: StackView.Axis) {
        let a = LayoutSizedView(main: 50, cross: nil, axis: axis)
        let b = LayoutSizedView(main: nil, cross: nil, axis: axis, frameMain: 30)
        let c = LayoutSizedView(main: 70, cross: nil, axis: axis)
        let stack = makeStack(axis, .equalSpacing, spacing: 10, views: [a, b, c])
        // 400 − 150 = 250 in two gaps of 125 (more than the 10 of spacing).
        expectFrames(stack.arrangedSubviews, slots([(0, 50), (175, 30), (330, 70)], axis))
    }

    @Test(arguments: [StackView.Axis.horizontal, .vertical]) func equalSpacingShrinksInProportionWhenTooLong(_ axis: StackView.Axis) {
        let views = [200.0, 200, 400].map { LayoutSizedView(main: $0, cross: nil, axis: axis) }
        let stack = makeStack(axis, .equalSpacing, spacing: 10, views: views)
        // 800 wanted in 380: ×0.475 → 95, 95, 190, gaps of exactly `spacing`.
        expectFrames(stack.arrangedSubviews, slots([(0, 95), (105, 95), (210, 190)], axis))
    }

    // MARK: equalCentering

    @Test(arguments: [StackView.Axis.horizontal, .vertical]) func equalCenteringSpacesCentersEqually(_ axis: StackView.Axis) {
        let views = [40.0, 20, 60].map { LayoutSizedView(main: $0, cross: nil, axis: axis) }
        let stack = makeStack(axis, .equalCentering, spacing: 10, views: views)
        // Centers from 20 (first touches the start) to 370 (last touches the end): 20, 195, 370.
        expectFrames(stack.arrangedSubviews, slots([(0, 40), (185, 20), (340, 60)], axis))
        let centers = stack.arrangedSubviews.map { axis == .horizontal ? $0.center.x : $0.center.y }
        #expect(centers == [20, 195, 370])
    }

    @Test(arguments: [StackView.Axis.horizontal, .vertical]) func equalCenteringFallsBackToEqualSpacingWhenNeighboursWouldCrowd(_ axis: StackView.Axis) {
        let views = [300.0, 20, 20].map { LayoutSizedView(main: $0, cross: nil, axis: axis) }
        let stack = makeStack(axis, .equalCentering, spacing: 10, views: views)
        // Equal centers would be 120 apart, overlapping the 300-point view; equal spacing
        // instead: 400 − 340 = 60 in two gaps of 30.
        expectFrames(stack.arrangedSubviews, slots([(0, 300), (330, 20), (380, 20)], axis))
    }

    // MARK: Every distribution

    @Test(arguments: [StackView.Distribution.fill, .fillEqually, .fillProportionally, .equalSpacing, .equalCentering])
    func aLoneViewFillsTheAxisWhateverTheDistribution(_ distribution: StackView.Distribution) {
        for axis in Self.axes {
            let only = LayoutSizedView(main: 50, cross: 20, axis: axis)
            let stack = makeStack(axis, distribution, spacing: 10, views: [only])
            expectFrames([only], slots([(0, 400)], axis))
            #expect(stack.arrangedSubviews.count == 1)
        }
    }

    @Test(arguments: [StackView.Distribution.fill, .fillEqually, .fillProportionally, .equalSpacing, .equalCentering])
    func changingTheDistributionLaysOutAgain(_ distribution: StackView.Distribution) {
        let views = [100.0, 100].map { LayoutSizedView(main: $0, cross: nil, axis: .horizontal) }
        let stack = makeStack(.horizontal, distribution == .fillEqually ? .fill : .fillEqually,
                              spacing: 0, views: views)
        stack.distribution = distribution
        #expect(stack.needsLayout)
        stack.layoutIfNeeded()
        // Two 100-point views in 400, spacing 0:
        // fill → the last stretches; fillEqually / fillProportionally → 200 each;
        // equalSpacing and equalCentering → one 200-point gap.
        let expected: [(Double, Double)]
        switch distribution {
        case .fill: expected = [(0, 100), (100, 300)]
        case .fillEqually, .fillProportionally: expected = [(0, 200), (200, 200)]
        case .equalSpacing, .equalCentering: expected = [(0, 100), (300, 100)]
        }
        expectFrames(views, slots(expected, .horizontal))
    }
}
