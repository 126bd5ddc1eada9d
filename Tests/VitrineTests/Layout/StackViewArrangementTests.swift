import Testing
import Vitrine
import VitrineGraphics

/// Alignment, margins, hidden views, nesting, the arranged-subview list and the stack's own
/// size. Expected frames are worked out by hand from the rules written on `StackView`.
@MainActor
struct StackViewArrangementTests {
    // MARK: Alignment

    /// Three views across a 100-point cross axis: cross 30 (intrinsic), 40 (frame, no intrinsic
    /// cross metric) and 150 (intrinsic, more than fits, so clamped to 100). Along the axis they
    /// share 300 equally.
    private func alignedStack(_ axis: StackView.Axis, _ alignment: StackView.Alignment) -> [View] {
        let views: [View] = [
            LayoutSizedView(main: nil, cross: 30, axis: axis),
            LayoutSizedView(main: nil, cross: nil, axis: axis, frameCross: 40),
            LayoutSizedView(main: nil, cross: 150, axis: axis),
        ]
        let stack = StackView(arrangedSubviews: views)
        stack.axis = axis
        stack.distribution = .fillEqually
        stack.alignment = alignment
        stack.frame = Rect(origin: .zero, size: LayoutAxes.size(main: 300, cross: 100, axis: axis))
        stack.layoutIfNeeded()
        return views
    }

    private func crossFrames(_ cross: [(Double, Double)], _ axis: StackView.Axis) -> [Rect] {
        cross.enumerated().map { index, pair in
            LayoutAxes.frame(main: Double(index) * 100, length: 100, cross: pair.0, crossLength: pair.1, axis: axis)
        }
    }

    @Test(arguments: [StackView.Axis.horizontal, .vertical])
    func alignmentFillStretchesAcross(_ axis: StackView.Axis) {
        expectFrames(alignedStack(axis, .fill), crossFrames([(0, 100), (0, 100), (0, 100)], axis))
    }

    @Test(arguments: [StackView.Axis.horizontal, .vertical])
    func alignmentLeadingKeepsNaturalCrossLengthAtTheStart(_ axis: StackView.Axis) {
        expectFrames(alignedStack(axis, .leading), crossFrames([(0, 30), (0, 40), (0, 100)], axis))
    }

    @Test(arguments: [StackView.Axis.horizontal, .vertical])
    func alignmentCenterCentersAcross(_ axis: StackView.Axis) {
        // (100 − 30) / 2 = 35, (100 − 40) / 2 = 30.
        expectFrames(alignedStack(axis, .center), crossFrames([(35, 30), (30, 40), (0, 100)], axis))
    }

    @Test(arguments: [StackView.Axis.horizontal, .vertical])
    func alignmentTrailingPutsViewsAtTheEnd(_ axis: StackView.Axis) {
        expectFrames(alignedStack(axis, .trailing), crossFrames([(70, 30), (60, 40), (0, 100)], axis))
    }

    @Test func topAndBottomAreLeadingAndTrailing() {
        #expect(StackView.Alignment.top == .leading)
        #expect(StackView.Alignment.bottom == .trailing)
        expectFrames(alignedStack(.horizontal, .bottom), crossFrames([(70, 30), (60, 40), (0, 100)], .horizontal))
    }

    // MARK: Margins

    @Test func marginsRelativeArrangementInsetsTheContentBox() {
        let a = View()
        let b = View()
        let stack = StackView(arrangedSubviews: [a, b])
        stack.frame = Rect(x: 0, y: 0, width: 400, height: 100)
        stack.distribution = .fillEqually
        stack.layoutMargins = EdgeInsets(top: 5, left: 10, bottom: 15, right: 30)
        stack.layoutIfNeeded()
        // Margins are ignored until asked for.
        expectFrames([a, b], [Rect(x: 0, y: 0, width: 200, height: 100), Rect(x: 200, y: 0, width: 200, height: 100)])

        stack.isLayoutMarginsRelativeArrangement = true
        #expect(stack.needsLayout)
        stack.layoutIfNeeded()
        // Content box x 10…370, y 5…85: two halves of 360.
        expectFrames([a, b], [Rect(x: 10, y: 5, width: 180, height: 80), Rect(x: 190, y: 5, width: 180, height: 80)])

        stack.axis = .vertical
        stack.frame = Rect(x: 0, y: 0, width: 100, height: 400)
        stack.layoutIfNeeded()
        // Content box x 10…70, y 5…385: two halves of 380.
        expectFrames([a, b], [Rect(x: 10, y: 5, width: 60, height: 190), Rect(x: 10, y: 195, width: 60, height: 190)])

        stack.layoutMargins = EdgeInsets(all: 0)
        #expect(stack.needsLayout)
        stack.layoutIfNeeded()
        expectFrames([a, b], [Rect(x: 0, y: 0, width: 100, height: 200), Rect(x: 0, y: 200, width: 100, height: 200)])
    }

    @Test func framesAreInTheStacksBoundsSpace() {
        let a = View()
        let stack = StackView(arrangedSubviews: [a])
        stack.frame = Rect(x: 50, y: 60, width: 200, height: 100)
        stack.bounds.origin = Point(x: -20, y: 30)
        stack.layoutIfNeeded()
        // The content box is `bounds`, origin included, not `frame`.
        #expect(a.frame == Rect(x: -20, y: 30, width: 200, height: 100))
    }

    // MARK: Hidden views

    @Test(arguments: [StackView.Axis.horizontal, .vertical])
    func hiddenViewsCollapseAndComeBack(_ axis: StackView.Axis) {
        let a = LayoutSizedView(main: 50, cross: nil, axis: axis)
        let b = LayoutSizedView(main: 60, cross: nil, axis: axis)
        let c = View()
        let stack = StackView(arrangedSubviews: [a, b, c])
        stack.axis = axis
        stack.spacing = 10
        stack.frame = Rect(origin: .zero, size: LayoutAxes.size(main: 400, cross: 100, axis: axis))
        stack.layoutIfNeeded()
        let bBefore = LayoutAxes.frame(main: 60, length: 60, cross: 0, crossLength: 100, axis: axis)
        // 380 − 110 = 270 for c.
        expectFrames([a, b, c], [LayoutAxes.frame(main: 0, length: 50, cross: 0, crossLength: 100, axis: axis),
                                 bBefore,
                                 LayoutAxes.frame(main: 130, length: 270, cross: 0, crossLength: 100, axis: axis)])

        b.isHidden = true
        #expect(stack.needsLayout)
        stack.layoutIfNeeded()
        // b takes no space and no spacing: c gets 400 − 50 − 10 = 340 from 60. b keeps its frame.
        expectFrames([a, b, c], [LayoutAxes.frame(main: 0, length: 50, cross: 0, crossLength: 100, axis: axis),
                                 bBefore,
                                 LayoutAxes.frame(main: 60, length: 340, cross: 0, crossLength: 100, axis: axis)])

        b.isHidden = false
        #expect(stack.needsLayout)
        stack.layoutIfNeeded()
        expectFrames([a, b, c], [LayoutAxes.frame(main: 0, length: 50, cross: 0, crossLength: 100, axis: axis),
                                 bBefore,
                                 LayoutAxes.frame(main: 130, length: 270, cross: 0, crossLength: 100, axis: axis)])
    }

    @Test func hidingAnArrangedViewInAWindowRelaysOutOnceInTheNextCommit() {
        let h = Harness()
        let a = View()
        let b = View()
        let stack = CountingStackView(arrangedSubviews: [a, b])
        stack.frame = Rect(x: 0, y: 0, width: 400, height: 100)
        h.window.addSubview(stack)
        h.runLayoutTurn()
        #expect(b.frame == Rect(x: 200, y: 0, width: 200, height: 100))
        let layouts = stack.layoutCount

        b.isHidden = true
        #expect(a.frame.width == 200)  // deferred: nothing moves before the commit
        h.runLayoutTurn()
        #expect(stack.layoutCount == layouts + 1)
        #expect(a.frame == Rect(x: 0, y: 0, width: 400, height: 100))
    }

    // MARK: The arranged-subview list

    @Test func arrangedSubviewsAreAddedInsertedAndRemovedAsUIKit() {
        let a = View()
        let b = View()
        let c = View()
        let stack = StackView(arrangedSubviews: [a, b])
        stack.frame = Rect(x: 0, y: 0, width: 300, height: 50)
        stack.distribution = .fillEqually
        #expect(stack.subviews.count == 2)

        stack.insertArrangedSubview(c, at: 0)
        #expect(stack.arrangedSubviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        // A new subview goes on top, whatever its place in the arrangement.
        #expect(stack.subviews.last === c)
        stack.layoutIfNeeded()
        expectFrames([c, a, b], [Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 100, y: 0, width: 100, height: 50),
                                 Rect(x: 200, y: 0, width: 100, height: 50)])

        // Adding an arranged view again moves it to the end.
        stack.addArrangedSubview(c)
        #expect(stack.arrangedSubviews.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        #expect(stack.subviews.count == 3)

        // removeArrangedSubview leaves the view a subview, where it stays.
        stack.layoutIfNeeded()
        stack.removeArrangedSubview(a)
        #expect(stack.arrangedSubviews.map(ObjectIdentifier.init) == [b, c].map(ObjectIdentifier.init))
        #expect(a.superview === stack)
        #expect(stack.needsLayout)
        stack.layoutIfNeeded()
        #expect(a.frame == Rect(x: 0, y: 0, width: 100, height: 50))
        expectFrames([b, c], [Rect(x: 0, y: 0, width: 150, height: 50), Rect(x: 150, y: 0, width: 150, height: 50)])

        // Taking an arranged view out of the subviews ends its arrangement too.
        c.removeFromSuperview()
        #expect(stack.arrangedSubviews.map(ObjectIdentifier.init) == [ObjectIdentifier(b)])
        stack.layoutIfNeeded()
        #expect(b.frame == Rect(x: 0, y: 0, width: 300, height: 50))
    }

    @Test func movingAnArrangedViewToAnotherStackEndsItsFirstArrangement() {
        let a = View()
        let b = View()
        let first = StackView(arrangedSubviews: [a, b])
        let second = StackView(arrangedSubviews: [])
        second.addArrangedSubview(b)
        #expect(first.arrangedSubviews.count == 1 && first.arrangedSubviews[0] === a)
        #expect(second.arrangedSubviews.count == 1 && second.arrangedSubviews[0] === b)
        #expect(b.superview === second)
    }

    @Test func anExistingSubviewCanBeArrangedWithoutBeingReordered() {
        let a = View()
        let decoration = View()
        let stack = StackView(arrangedSubviews: [])
        stack.addSubview(a)
        stack.addSubview(decoration)
        stack.addArrangedSubview(a)
        #expect(stack.subviews.map(ObjectIdentifier.init) == [a, decoration].map(ObjectIdentifier.init))
        stack.frame = Rect(x: 0, y: 0, width: 80, height: 40)
        decoration.frame = Rect(x: 5, y: 5, width: 10, height: 10)
        stack.layoutIfNeeded()
        // Only arranged views are laid out.
        #expect(a.frame == Rect(x: 0, y: 0, width: 80, height: 40))
        #expect(decoration.frame == Rect(x: 5, y: 5, width: 10, height: 10))
    }

    // MARK: Intrinsic size

    @Test func anArrangedViewsIntrinsicSizeChangeRelaysOutTheStack() {
        let h = Harness()
        let label = LayoutSizedView(main: 50, cross: nil, axis: .horizontal)
        let rest = View()
        let stack = CountingStackView(arrangedSubviews: [label, rest])
        stack.frame = Rect(x: 0, y: 0, width: 400, height: 100)
        h.window.addSubview(stack)
        h.runLayoutTurn()
        #expect(rest.frame == Rect(x: 50, y: 0, width: 350, height: 100))
        let layouts = stack.layoutCount

        label.intrinsic = Size(width: 120, height: 20)
        label.intrinsic = Size(width: 80, height: 20)
        h.runLayoutTurn()
        #expect(stack.layoutCount == layouts + 1)
        #expect(label.frame == Rect(x: 0, y: 0, width: 80, height: 100))
        #expect(rest.frame == Rect(x: 80, y: 0, width: 320, height: 100))
    }

    @Test func resizingAnArrangedViewFromOutsideSetsItsNaturalLength() {
        let a = View(frame: Rect(x: 0, y: 0, width: 40, height: 10))
        let b = View(frame: Rect(x: 0, y: 0, width: 60, height: 10))
        let stack = StackView(arrangedSubviews: [a, b])
        stack.distribution = .equalSpacing
        stack.frame = Rect(x: 0, y: 0, width: 300, height: 50)
        stack.layoutIfNeeded()
        #expect(b.frame == Rect(x: 240, y: 0, width: 60, height: 50))

        // No intrinsic size: the frame the app gives is the length the stack keeps.
        b.frame = Rect(x: 0, y: 0, width: 100, height: 10)
        #expect(stack.needsLayout)
        #expect(stack.intrinsicContentSize == Size(width: 140, height: 50))
        stack.layoutIfNeeded()
        #expect(a.frame == Rect(x: 0, y: 0, width: 40, height: 50))
        #expect(b.frame == Rect(x: 200, y: 0, width: 100, height: 50))
    }

    @Test func nestedStacksFollowADeepIntrinsicSizeChangeInOneCommit() {
        let h = Harness()
        // A column: a row of three equal cells on top (as tall as its tallest cell), a body below.
        let cells = [
            LayoutSizedView(main: 50, cross: 30, axis: .horizontal),
            LayoutSizedView(main: 50, cross: 40, axis: .horizontal),
            View(),
        ]
        let row = CountingStackView(arrangedSubviews: cells)
        row.distribution = .fillEqually
        let body = View()
        let column = CountingStackView(arrangedSubviews: [row, body])
        column.axis = .vertical
        column.frame = Rect(x: 0, y: 0, width: 300, height: 400)
        h.window.addSubview(column)
        h.runLayoutTurn()
        // The row's natural height is its tallest cell's, 40 (the plain cell's frame is 0 high).
        #expect(row.frame == Rect(x: 0, y: 0, width: 300, height: 40))
        #expect(body.frame == Rect(x: 0, y: 40, width: 300, height: 360))
        expectFrames(cells, [Rect(x: 0, y: 0, width: 100, height: 40), Rect(x: 100, y: 0, width: 100, height: 40),
                             Rect(x: 200, y: 0, width: 100, height: 40)])
        let rowLayouts = row.layoutCount
        let columnLayouts = column.layoutCount

        // The first cell grows to 60: the row's natural height grows, so the column relayouts.
        (cells[0] as! LayoutSizedView).intrinsic = Size(width: 50, height: 60)
        h.runLayoutTurn()
        #expect(column.layoutCount == columnLayouts + 1)
        #expect(row.layoutCount == rowLayouts + 1)
        #expect(row.frame == Rect(x: 0, y: 0, width: 300, height: 60))
        #expect(body.frame == Rect(x: 0, y: 60, width: 300, height: 340))
        expectFrames(cells, [Rect(x: 0, y: 0, width: 100, height: 60), Rect(x: 100, y: 0, width: 100, height: 60),
                             Rect(x: 200, y: 0, width: 100, height: 60)])
    }

    @Test func hidingAViewInANestedStackShrinksTheOuterArrangement() {
        let tall = LayoutSizedView(main: 20, cross: 90, axis: .horizontal)
        let short = LayoutSizedView(main: 20, cross: 30, axis: .horizontal)
        let row = StackView(arrangedSubviews: [tall, short])
        let footer = View()
        let column = StackView(arrangedSubviews: [row, footer])
        column.axis = .vertical
        column.frame = Rect(x: 0, y: 0, width: 100, height: 200)
        column.layoutIfNeeded()
        #expect(row.frame.height == 90)

        tall.isHidden = true
        #expect(column.needsLayout)
        column.layoutIfNeeded()
        #expect(row.frame == Rect(x: 0, y: 0, width: 100, height: 30))
        #expect(footer.frame == Rect(x: 0, y: 30, width: 100, height: 170))
        #expect(short.frame == Rect(x: 0, y: 0, width: 100, height: 30))
    }

    // MARK: The stack's own size

    @Test(arguments: [StackView.Axis.horizontal, .vertical])
    func naturalSizeSumsAlongAndTakesTheLargestAcross(_ axis: StackView.Axis) {
        let a = LayoutSizedView(main: 50, cross: 30, axis: axis)
        let hidden = LayoutSizedView(main: 100, cross: 100, axis: axis)
        hidden.isHidden = true
        let c = LayoutSizedView(main: nil, cross: nil, axis: axis, frameMain: 20, frameCross: 45)
        let stack = StackView(arrangedSubviews: [a, hidden, c])
        stack.axis = axis
        stack.spacing = 10
        // 50 + 20 + one spacing (the hidden view brings none) along; max(30, 45) across.
        #expect(stack.intrinsicContentSize == LayoutAxes.size(main: 80, cross: 45, axis: axis))
        #expect(stack.sizeThatFits(Size(width: 1, height: 1)) == LayoutAxes.size(main: 80, cross: 45, axis: axis))

        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        let withMargins = LayoutAxes.size(main: 80, cross: 45, axis: axis)
        #expect(stack.intrinsicContentSize == Size(width: withMargins.width + 6, height: withMargins.height + 4))

        stack.frame = Rect(x: 10, y: 20, width: 300, height: 300)
        stack.sizeToFit()
        #expect(stack.frame == Rect(x: 10, y: 20, width: withMargins.width + 6, height: withMargins.height + 4))
    }

    @Test func anEmptyStackIsItsMarginsOrNothing() {
        let stack = StackView(arrangedSubviews: [])
        #expect(stack.intrinsicContentSize == .zero)
        stack.isLayoutMarginsRelativeArrangement = true
        #expect(stack.intrinsicContentSize == Size(width: 16, height: 16))
        stack.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        stack.layoutIfNeeded()  // nothing to arrange; must not trap
        #expect(stack.arrangedSubviews.isEmpty)
    }
}
