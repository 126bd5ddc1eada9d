import Logging
import VitrineGraphics

/// A horizontal row of segments, one of which is selected (UIKit's `UISegmentedControl`, with
/// titled segments of equal width).
///
/// **Touches.** A touch on an enabled segment presses it; the pressed segment follows the
/// finger while it stays inside (bounds plus `touchInsideMargin`), and none is pressed while it
/// is outside. Lifting over a segment selects it and sends `.valueChanged` when the selection
/// changed (always, for a momentary control). A cancelled touch selects nothing.
///
/// **Momentary.** With `isMomentary`, a segment looks selected only while pressed, and, as
/// UIKit documents, the selection is not kept after tracking ends: when a finger lifts on a
/// segment, `selectedSegmentIndex` is that segment while the `.valueChanged` actions run (read
/// it there), then goes back to `noSegment`. Setting `selectedSegmentIndex` in code still sets
/// it (nothing is drawn selected).
///
/// **Right to left** (`effectiveUserInterfaceLayoutDirection`), as UIKit's: segment 0 is at
/// the right and the indices grow leftwards, for drawing, touches (`segmentIndex(atX:)`,
/// `rectForSegment(at:)`), the order the screen reader and the focus ring visit the segments in,
/// and the arrow keys of an engaged control (Left selects the next segment).
///
/// **Looks.** A rounded `SemanticColor.tertiarySystemFill` background with separators between
/// unselected segments; the selected segment is filled with `selectedSegmentTintColor`
/// (default: `tintColor`, the look of UIKit before iOS 13) with its title in white; others
/// in `SemanticColor.label`, a disabled segment's in `SemanticColor.tertiaryLabel`; a pressed
/// segment is shaded with `SemanticColor.systemFill`. Disabled, the control is drawn at 40%
/// opacity.
@MainActor
open class SegmentedControl: Control {
    private static let logger = Logger(label: "vitrine.segmented-control")

    /// The index meaning "no segment" (UIKit's `noSegment`).
    public static let noSegment = -1

    private struct Segment {
        var title: String?
        var isEnabled = true
    }

    private var segments: [Segment] = []

    /// Creates a control with a segment per title in `items`, none selected.
    public convenience init(items: [String]) {
        self.init(frame: .zero)
        segments = items.map { Segment(title: $0) }
        invalidateIntrinsicContentSize()
    }

    /// Creates a control with no segments, with `frame` in its future superview's space.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    // MARK: Segments

    /// How many segments there are.
    public var numberOfSegments: Int { segments.count }

    /// Inserts a segment titled `title` at `index` (clamped to 0…numberOfSegments). The
    /// selection stays on the same segment. Vitrine does not animate it.
    public func insertSegment(withTitle title: String?, at index: Int, animated: Bool = false) {
        let index = min(max(index, 0), segments.count)
        segments.insert(Segment(title: title), at: index)
        if selectedIndex >= index { selectedIndex += 1 }
        segmentsDidChange()
    }

    /// Removes the segment at `index` (an index out of range is logged and ignored); removing
    /// the selected segment leaves none selected.
    public func removeSegment(at index: Int, animated: Bool = false) {
        guard checked(index, "removeSegment(at:)") else { return }
        segments.remove(at: index)
        if selectedIndex == index { selectedIndex = SegmentedControl.noSegment } else if selectedIndex > index { selectedIndex -= 1 }
        segmentsDidChange()
    }

    /// Removes every segment.
    public func removeAllSegments() {
        segments.removeAll()
        selectedIndex = SegmentedControl.noSegment
        segmentsDidChange()
    }

    /// Sets the title of the segment at `index` (out of range: logged and ignored).
    public func setTitle(_ title: String?, forSegmentAt index: Int) {
        guard checked(index, "setTitle(_:forSegmentAt:)") else { return }
        segments[index].title = title
        segmentsDidChange()
    }

    /// The title of the segment at `index`, nil when it has none or `index` is out of range.
    public func titleForSegment(at index: Int) -> String? {
        segments.indices.contains(index) ? segments[index].title : nil
    }

    /// Enables or disables the segment at `index` (out of range: logged and ignored). A
    /// disabled segment cannot be pressed or selected by touch.
    public func setEnabled(_ enabled: Bool, forSegmentAt index: Int) {
        guard checked(index, "setEnabled(_:forSegmentAt:)") else { return }
        segments[index].isEnabled = enabled
        setNeedsDisplay()
    }

    /// Whether the segment at `index` is enabled (false out of range).
    public func isEnabledForSegment(at index: Int) -> Bool {
        segments.indices.contains(index) && segments[index].isEnabled
    }

    private func checked(_ index: Int, _ call: String) -> Bool {
        guard segments.indices.contains(index) else {
            SegmentedControl.logger.warning("SegmentedControl.\(call): no segment \(index) among \(segments.count) — nothing changes")
            return false
        }
        return true
    }

    private func segmentsDidChange() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    // MARK: Selection

    /// The selected segment, or `noSegment` (-1). Setting it sends no event; a value out of
    /// range selects none.
    public var selectedSegmentIndex: Int {
        get { selectedIndex }
        set { selectedIndex = segments.indices.contains(newValue) ? newValue : SegmentedControl.noSegment }
    }
    private var selectedIndex = SegmentedControl.noSegment {
        didSet { if selectedIndex != oldValue { setNeedsDisplay() } }
    }

    /// Whether a segment shows as selected only while pressed (see the type's documentation).
    public var isMomentary = false { didSet { setNeedsDisplay() } }

    /// The fill of the selected segment; nil (the default) is `tintColor`.
    public var selectedSegmentTintColor: Color? { didSet { if selectedSegmentTintColor != oldValue { setNeedsDisplay() } } }

    /// The font of the titles (default: the 13-point medium system font, as UIKit).
    public var titleFont: Font = .system(size: 13, weight: .medium) { didSet { if titleFont != oldValue { segmentsDidChange() } } }

    /// The segment a finger presses now, if any.
    public private(set) var highlightedSegmentIndex = SegmentedControl.noSegment {
        didSet { if highlightedSegmentIndex != oldValue { setNeedsDisplay() } }
    }

    /// The segment at `x` (bounds space), or `noSegment` left or right of the control.
    /// Segment 0 is the leftmost, the rightmost in right to left.
    public func segmentIndex(atX x: Double) -> Int {
        guard !segments.isEmpty, bounds.width > 0, x >= bounds.minX, x < bounds.maxX else { return SegmentedControl.noSegment }
        // Clamped as it converts: bounds a handler made huge or infinite must not trap.
        let fromLeft = Int(clamping: (x - bounds.minX) / (bounds.width / Double(segments.count)), to: 0...(segments.count - 1))
        return isLaidOutRightToLeft ? segments.count - 1 - fromLeft : fromLeft
    }

    /// The rectangle of the segment at `index` (bounds space): counted from the left, from the
    /// right in right to left.
    public func rectForSegment(at index: Int) -> Rect {
        rectForSegment(at: index, rightToLeft: isLaidOutRightToLeft)
    }

    private func rectForSegment(at index: Int, rightToLeft: Bool) -> Rect {
        let width = segments.isEmpty ? 0 : bounds.width / Double(segments.count)
        let slot = rightToLeft ? segments.count - 1 - index : index
        return Rect(x: bounds.minX + Double(slot) * width, y: bounds.minY, width: width, height: bounds.height)
    }

    // MARK: Tracking

    private func pressableSegment(under touch: Touch) -> Int {
        let index = segmentIndex(atX: touch.location(in: self).x)
        return index >= 0 && segments[index].isEnabled ? index : SegmentedControl.noSegment
    }

    /// Presses the enabled segment under the finger (a touch on a disabled one is not tracked).
    open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let index = pressableSegment(under: touch)
        guard index >= 0 else { return false }
        highlightedSegmentIndex = index
        return true
    }

    /// The pressed segment follows the finger while it is inside.
    open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        highlightedSegmentIndex = isTouchInside ? pressableSegment(under: touch) : SegmentedControl.noSegment
        return true
    }

    /// Selects the pressed segment and sends `.valueChanged` when the selection changed (always
    /// when momentary: then the selection is `noSegment` again after the actions).
    open override func endTracking(_ touch: Touch?, with event: Event?) {
        let index = highlightedSegmentIndex
        highlightedSegmentIndex = SegmentedControl.noSegment
        guard index >= 0, isTouchInside else { return }
        let changed = index != selectedIndex
        selectedIndex = index
        if changed || isMomentary { sendActions(for: .valueChanged, with: event) }
        // A momentary control keeps no selection once the actions have read it.
        if isMomentary { selectedIndex = SegmentedControl.noSegment }
    }

    /// Selects nothing.
    open override func cancelTracking(with event: Event?) {
        highlightedSegmentIndex = SegmentedControl.noSegment
    }

    // MARK: Size and drawing

    /// The widest title times the number of segments (plus padding), and 32 points high.
    open override var intrinsicContentSize: Size {
        var widest = 0.0
        for segment in segments {
            guard let title = segment.title, !title.isEmpty else { continue }
            widest = max(widest, TextLayout(text: title, font: titleFont, width: nil, numberOfLines: 1).size.width)
        }
        return Size(width: ((widest + 24) * Double(segments.count)).rounded(.up), height: 32)
    }

    /// `intrinsicContentSize`.
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    /// Draws the background, the selected and pressed segments, the separators and the titles.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let traits = traitCollection
        context.saveGState()
        defer { context.restoreGState() }
        if !isEnabled { context.alpha *= 0.4 }
        context.fillColor = SemanticColor.tertiarySystemFill.resolved(with: traits)
        context.fillRoundedRect(bounds, cornerRadius: 8)
        let shown = isMomentary ? highlightedSegmentIndex : selectedIndex
        let rightToLeft = isLaidOutRightToLeft
        for index in segments.indices {
            let segmentRect = rectForSegment(at: index, rightToLeft: rightToLeft).insetBy(dx: 2, dy: 2)
            if index == shown {
                context.fillColor = selectedSegmentTintColor ?? tintColor
                context.fillRoundedRect(segmentRect, cornerRadius: 6)
            }
            if index == highlightedSegmentIndex && !(isMomentary && index == shown) {
                context.fillColor = SemanticColor.systemFill.resolved(with: traits)
                context.fillRoundedRect(segmentRect, cornerRadius: 6)
            }
            // A separator between each segment and the one before it when both are unselected
            // (left of it; right of it in right to left).
            if index > 0 && index != shown && index - 1 != shown {
                let slot = rectForSegment(at: index, rightToLeft: rightToLeft)
                let x = rightToLeft ? slot.maxX : slot.minX
                context.fillColor = SemanticColor.separator.resolved(with: traits)
                context.fill(Rect(x: (x - 0.5).rounded(), y: bounds.minY + 8, width: 1, height: max(bounds.height - 16, 0)))
            }
            guard let title = segments[index].title, !title.isEmpty else { continue }
            let layout = TextLayout(text: title, font: titleFont, width: nil, numberOfLines: 1)
            let color: Color
            if !segments[index].isEnabled {
                color = SemanticColor.tertiaryLabel.resolved(with: traits)
            } else if index == shown {
                color = .white
            } else {
                color = SemanticColor.label.resolved(with: traits)
            }
            let origin = Point(x: (segmentRect.midX - layout.size.width / 2).rounded(),
                               y: (segmentRect.midY - layout.size.height / 2).rounded())
            context.draw(layout, at: origin, color: color)
        }
    }
}
