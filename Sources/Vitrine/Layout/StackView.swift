import VitrineGraphics

/// Lays out its arranged subviews in one row or one column (UIKit's `UIStackView`), by rules
/// simple enough to compute by hand, without constraints; the frames are those UIKit's stack
/// constraints solve to (docs/app/auto-layout.md, "Stack views", says where they differ).
///
/// Coordinate space: the stack sets each visible arranged view's `frame` in its own bounds space,
/// inside the *content box*: `bounds`, inset by `layoutMargins` when
/// `isLayoutMarginsRelativeArrangement` (lengths below zero count as zero). Results are exact
/// doubles, not rounded to pixels.
///
/// An arranged view's *natural length* along an axis is its `intrinsicContentSize` along that
/// axis, or its current frame length when that is `View.noIntrinsicMetric` (any negative value).
/// A view without an intrinsic size therefore keeps the length it was given, unless the
/// distribution stretches it.
///
/// A row runs from the content box's leading edge: from the left, or from the right when the
/// stack's `effectiveUserInterfaceLayoutDirection` is right to left (offsets below are from
/// that edge); a column's `leading` and `trailing` alignments mirror the same way, as in UIKit.
///
/// Along the axis, with `L` the content box's length, `n` visible arranged views and
/// `S = spacing × (n − 1)`:
/// - `fill`: a view with an intrinsic length gets it; views without one share `L − S` minus
///   those lengths equally. When every view has an intrinsic length the last one takes the
///   leftover. When the intrinsic lengths and `S` exceed `L`, the intrinsic lengths shrink in
///   proportion to fit and views without one get zero. (UIKit decides by hugging and
///   compression priorities, which the stack does not read.)
/// - `fillEqually`: every view gets `(L − S) / n`.
/// - `fillProportionally`: `L − S` is shared in proportion to the natural lengths (equally when
///   they are all zero).
/// - `equalSpacing`: views keep their natural lengths and the first and last touch the ends;
///   the leftover is split into `n − 1` equal gaps, never narrower than `spacing`. When the
///   natural lengths and `S` exceed `L` they shrink in proportion and the gaps are `spacing`.
/// - `equalCentering`: views keep their natural lengths, the first and last touch the ends and
///   the centers are equally far apart. When that would bring two neighbours closer than
///   `spacing`, the stack lays out as `equalSpacing` instead.
/// - A lone visible view fills `L` whatever the distribution: it is both the first and the last
///   view, pinned to both ends as in UIKit.
///
/// Across the axis, by `alignment`: `fill` gives every view the content box's cross length;
/// the others keep the natural cross length (at most the box's) at the leading edge, in the
/// middle or at the trailing edge.
///
/// Hidden arranged views take no space and no spacing; their frames are left as they were, so a
/// view without an intrinsic size gets its old length back when shown again. The stack lays out
/// again when an arranged view is added, removed, hidden, shown, resized from outside, or says its
/// intrinsic size changed, and when a property of the stack changes; many such changes in one
/// turn cost one layout.
@MainActor
open class StackView: View, SubviewChangeObserving {
    /// The direction arranged views are laid out in.
    public enum Axis: Sendable, Hashable {
        /// In a row from the leading edge: left to right, right to left when the stack's
        /// `effectiveUserInterfaceLayoutDirection` is (the first arranged view at the right).
        case horizontal
        /// Top to bottom, in a column.
        case vertical
    }

    /// Where arranged views sit across the axis (UIKit's `UIStackView.Alignment`).
    public enum Alignment: Sendable, Hashable {
        /// Stretched to the content box's cross length.
        case fill
        /// At the leading edge of a column (the left one, the right one right to left), the top
        /// edge of a row, at natural cross length.
        case leading
        /// In the middle of the content box, at natural cross length.
        case center
        /// At the trailing edge of a column (the right one, the left one right to left), the
        /// bottom edge of a row, at natural cross length.
        case trailing

        /// The top edge of a row: the same as `leading`.
        public static let top = Alignment.leading
        /// The bottom edge of a row: the same as `trailing`.
        public static let bottom = Alignment.trailing
    }

    /// How the axis length is shared among arranged views (UIKit's `UIStackView.Distribution`);
    /// the rule of each case is on the type `StackView`.
    public enum Distribution: Sendable, Hashable {
        /// Intrinsic lengths, the rest shared by views without one.
        case fill
        /// Equal lengths.
        case fillEqually
        /// Lengths in proportion to the natural lengths.
        case fillProportionally
        /// Natural lengths, equal gaps.
        case equalSpacing
        /// Natural lengths, equally spaced centers.
        case equalCentering
    }

    /// The views the stack lays out, in order along the axis. Always a subset of `subviews`;
    /// their order here is independent of their drawing order.
    public private(set) var arrangedSubviews: [View] = []

    /// The direction of the line. Default horizontal, as UIKit.
    public var axis: Axis = .horizontal {
        didSet { if axis != oldValue { naturalSizeDidChange() } }
    }

    /// Points between neighbouring visible arranged views along the axis (the least gap for
    /// `equalSpacing` and `equalCentering`). Negative values overlap the views. Default 0.
    public var spacing: Double = 0 {
        didSet { if spacing != oldValue { naturalSizeDidChange() } }
    }

    /// Where arranged views sit across the axis. Default `fill`.
    public var alignment: Alignment = .fill {
        didSet { if alignment != oldValue { setNeedsLayout() } }
    }

    /// How the axis length is shared. Default `fill`.
    public var distribution: Distribution = .fill {
        didSet { if distribution != oldValue { setNeedsLayout() } }
    }

    /// Whether the content box is `bounds` inset by `layoutMargins` (true) or `bounds` itself.
    /// Default false, as UIKit.
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { naturalSizeDidChange() } }
    }

    /// Margins count in the natural size when the arrangement is relative to them.
    public override var layoutMargins: EdgeInsets {
        didSet {
            if isLayoutMarginsRelativeArrangement && layoutMargins != oldValue { naturalSizeDidChange() }
        }
    }

    /// True while the stack sets its views' frames, so their resizing does not ask for another
    /// layout of the stack.
    private var isArranging = false

    // Per-layout scratch, reused so a relayout does not allocate once warm.
    private var visibleViews: [View] = []
    private var intrinsicLengths: [Double] = []
    private var naturalLengths: [Double] = []
    private var lengths: [Double] = []
    private var offsets: [Double] = []

    /// Creates an empty horizontal stack with `frame` in its future superview's space.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Creates a horizontal stack with a zero frame that arranges `arrangedSubviews` in order
    /// (adding them as subviews).
    public convenience init(arrangedSubviews: [View]) {
        self.init(frame: .zero)
        for view in arrangedSubviews { addArrangedSubview(view) }
    }

    // MARK: Arranged subviews

    /// Arranges `view` last, adding it as the top subview when it is not a subview yet. An
    /// arranged view moves to the end.
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Arranges `view` at `index` of `arrangedSubviews` (0...count), adding it as the top
    /// subview when it is not a subview yet. An arranged view moves; as with
    /// `insertSubview(_:at:)`, `index` is a position before it is taken out. An index outside
    /// that range is an app bug: it is logged and the nearest end is used.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        guard view !== self else {
            logHierarchyMisuse("a stack view cannot arrange itself")
            return
        }
        var target = index
        if !(0...arrangedSubviews.count).contains(index) {
            // An app bug must not stop a kiosk: the view goes to the nearest end.
            logHierarchyMisuse("arranged-subview index \(index) is outside 0...\(arrangedSubviews.count): \(view) is arranged at the nearest end")
            target = min(max(index, 0), arrangedSubviews.count)
        }
        if let current = arrangedSubviews.firstIndex(where: { $0 === view }) {
            arrangedSubviews.remove(at: current)
            if index > current { target -= 1 }
        }
        arrangedSubviews.insert(view, at: min(target, arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
        naturalSizeDidChange()
    }

    /// Stops arranging `view` but leaves it a subview, where it stays at its current frame (as
    /// UIKit; call `removeFromSuperview()` as well to take it off screen). Removing a view from
    /// the stack's subviews also ends its arrangement.
    public func removeArrangedSubview(_ view: View) {
        guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
        arrangedSubviews.remove(at: index)
        naturalSizeDidChange()
    }

    package func subviewDidChange(_ subview: View) {
        guard let index = arrangedSubviews.firstIndex(where: { $0 === subview }) else { return }
        if !subviews.contains(where: { $0 === subview }) {
            // Removed or moved to another superview: it leaves the arrangement, as in UIKit.
            arrangedSubviews.remove(at: index)
        } else if isArranging {
            return
        }
        naturalSizeDidChange()
    }

    /// The arrangement changed in a way that may change the stack's natural size: lay out again
    /// and let the superview (perhaps a stack itself) know.
    private func naturalSizeDidChange() {
        invalidateIntrinsicContentSize()
    }

    // MARK: Sizing

    /// The arrangement's natural size: along the axis the sum of the visible arranged views'
    /// natural lengths plus the spacing between them, across it the largest natural cross
    /// length, plus `layoutMargins` when the arrangement is relative to them.
    open override var intrinsicContentSize: Size { arrangementSize() }

    /// The arrangement's natural size (`intrinsicContentSize`), whatever `size` is offered.
    open override func sizeThatFits(_ size: Size) -> Size { arrangementSize() }

    private func arrangementSize() -> Size {
        let horizontal = axis == .horizontal
        var main = 0.0
        var cross = 0.0
        var count = 0
        for view in arrangedSubviews where !view.isHidden {
            main += Self.naturalLength(of: view, horizontal: horizontal)
            cross = max(cross, Self.naturalLength(of: view, horizontal: !horizontal))
            count += 1
        }
        if count > 1 { main += spacing * Double(count - 1) }
        var size = horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
        if isLayoutMarginsRelativeArrangement {
            size.width += layoutMargins.horizontal
            size.height += layoutMargins.vertical
        }
        return size
    }

    /// The intrinsic length of `view` along the x axis (`horizontal`) or y axis, or nil.
    private static func intrinsicLength(of view: View, horizontal: Bool) -> Double? {
        let size = view.intrinsicContentSize
        let length = horizontal ? size.width : size.height
        return length >= 0 ? length : nil
    }

    /// The intrinsic length, else the current frame length.
    private static func naturalLength(of view: View, horizontal: Bool) -> Double {
        if let length = intrinsicLength(of: view, horizontal: horizontal) { return length }
        return horizontal ? view.frame.width : view.frame.height
    }

    // MARK: Layout

    /// Sets the frames of the visible arranged views. Subclasses that override it call `super`.
    open override func layoutSubviews() {
        super.layoutSubviews()
        isArranging = true
        defer { isArranging = false }
        let horizontal = axis == .horizontal
        var box = bounds
        if isLayoutMarginsRelativeArrangement {
            box = Rect(x: box.minX + layoutMargins.left, y: box.minY + layoutMargins.top,
                       width: max(box.width - layoutMargins.horizontal, 0),
                       height: max(box.height - layoutMargins.vertical, 0))
        }
        let mainStart = horizontal ? box.minX : box.minY
        let crossStart = horizontal ? box.minY : box.minX
        let crossLength = horizontal ? box.height : box.width

        visibleViews.removeAll(keepingCapacity: true)
        intrinsicLengths.removeAll(keepingCapacity: true)
        naturalLengths.removeAll(keepingCapacity: true)
        for view in arrangedSubviews where !view.isHidden {
            visibleViews.append(view)
            let intrinsic = Self.intrinsicLength(of: view, horizontal: horizontal)
            intrinsicLengths.append(intrinsic ?? View.noIntrinsicMetric)
            naturalLengths.append(intrinsic ?? (horizontal ? view.frame.width : view.frame.height))
        }
        distribute(along: horizontal ? box.width : box.height)
        // Right to left, a row starts at the right and a column's leading edge is its right one.
        let rightToLeft = isRightToLeft

        for (index, view) in visibleViews.enumerated() {
            let length = lengths[index]
            let main = horizontal && rightToLeft ? box.maxX - offsets[index] - length : mainStart + offsets[index]
            var crossOffset = 0.0
            var crossSize = crossLength
            if alignment != .fill {
                crossSize = min(Self.naturalLength(of: view, horizontal: !horizontal), crossLength)
                switch alignment {
                case .fill, .leading: crossOffset = 0
                case .center: crossOffset = (crossLength - crossSize) / 2
                case .trailing: crossOffset = crossLength - crossSize
                }
                if !horizontal && rightToLeft && alignment != .center { crossOffset = crossLength - crossSize - crossOffset }
            }
            view.frame = horizontal
                ? Rect(x: main, y: crossStart + crossOffset, width: length, height: crossSize)
                : Rect(x: crossStart + crossOffset, y: main, width: crossSize, height: length)
        }
    }

    /// Fills `lengths` and `offsets` (from the content box's leading edge) for `visibleViews`
    /// along an axis of `available` points, by `distribution` (rules on the type).
    private func distribute(along available: Double) {
        lengths.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        let count = visibleViews.count
        guard count > 0 else { return }
        if count == 1 {
            lengths.append(available)
            offsets.append(0)
            return
        }
        let gaps = Double(count - 1)
        let room = available - spacing * gaps
        var gap = spacing
        switch distribution {
        case .fill:
            var fixed = 0.0
            var flexibleCount = 0
            for intrinsic in intrinsicLengths {
                if intrinsic >= 0 { fixed += intrinsic } else { flexibleCount += 1 }
            }
            if fixed > room {
                let scale = fixed > 0 ? max(room, 0) / fixed : 0
                for intrinsic in intrinsicLengths { lengths.append(max(intrinsic, 0) * scale) }
            } else {
                let share = flexibleCount > 0 ? (room - fixed) / Double(flexibleCount) : 0
                for intrinsic in intrinsicLengths { lengths.append(intrinsic >= 0 ? intrinsic : share) }
                if flexibleCount == 0 { lengths[count - 1] += room - fixed }
            }
        case .fillEqually:
            let each = max(room, 0) / Double(count)
            for _ in 0..<count { lengths.append(each) }
        case .fillProportionally:
            let total = naturalLengths.reduce(0, +)
            for natural in naturalLengths {
                lengths.append(total > 0 ? max(room, 0) * natural / total : max(room, 0) / Double(count))
            }
        case .equalSpacing:
            gap = distributeEqualSpacing(available: available, room: room)
        case .equalCentering:
            let first = naturalLengths[0]
            let pitch = (available - first / 2 - naturalLengths[count - 1] / 2) / gaps
            // A hair of tolerance, so that neighbours exactly `spacing` apart are not rejected
            // because of rounding in `pitch`.
            let fits = (0..<(count - 1)).allSatisfy { index in
                pitch - naturalLengths[index] / 2 - naturalLengths[index + 1] / 2 >= spacing - 1e-9
            }
            if fits {
                for (index, natural) in naturalLengths.enumerated() {
                    lengths.append(natural)
                    offsets.append(first / 2 + Double(index) * pitch - natural / 2)
                }
                return
            }
            gap = distributeEqualSpacing(available: available, room: room)
        }
        var offset = 0.0
        for length in lengths {
            offsets.append(offset)
            offset += length + gap
        }
    }

    /// Natural lengths with equal gaps, or shrunk lengths with `spacing` gaps when they overflow;
    /// returns the gap.
    private func distributeEqualSpacing(available: Double, room: Double) -> Double {
        let total = naturalLengths.reduce(0, +)
        if total <= room {
            lengths.append(contentsOf: naturalLengths)
            return (available - total) / Double(naturalLengths.count - 1)
        }
        let scale = total > 0 ? max(room, 0) / total : 0
        for natural in naturalLengths { lengths.append(natural * scale) }
        return spacing
    }
}
