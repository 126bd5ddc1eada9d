import VitrineGraphics

// A cell's accessory (UIKit's `accessoryType` and `accessoryView`): a standard mark drawn by
// `CellAccessoryMark`, or the app's own view, at the trailing edge of the content. The
// disclosure chevron points toward the trailing edge: right, left in a right-to-left cell.

extension TableViewCell {
    /// The standard accessories (UIKit's `UITableViewCell.AccessoryType`, those Vitrine draws).
    public enum AccessoryType: Sendable, Hashable {
        /// None: the labels reach the trailing margin.
        case none
        /// A grey chevron pointing toward the trailing edge: the row leads to another screen.
        case disclosureIndicator
        /// A check mark in the tint colour: the row is the chosen one.
        case checkmark
    }

    /// The width an accessory takes at the trailing edge, and the gap before it, in points.
    static let accessoryGap = 10.0

    /// The view shown at the trailing edge: `accessoryView` when set, else the standard mark of
    /// `accessoryType`, else nil.
    var shownAccessory: View? {
        if let accessoryView { return accessoryView }
        return accessoryType == .none ? nil : accessoryMark
    }

    /// Puts the accessory in the content view (it slides with a swipe) and takes out the one
    /// no longer shown.
    func accessoryDidChange(old: View?) {
        let shown = shownAccessory
        if let old, old !== shown, old.superview === contentView { old.removeFromSuperview() }
        if accessoryMark !== shown { accessoryMark.removeFromSuperview() }
        accessoryMark.kind = accessoryType
        if let shown = shownAccessory, shown.superview !== contentView { contentView.addSubview(shown) }
        setNeedsLayout()
    }

    /// Places the accessory at the trailing edge, 16 points in (clear of a section index),
    /// centred vertically (as laid out
    /// left to right; the caller mirrors it); returns the width it takes with its gap.
    func layoutAccessory(in bounds: Rect, place: (Rect) -> Rect) -> Double {
        guard let accessory = shownAccessory else { return 0 }
        let size = accessory === accessoryMark ? accessoryMark.markSize : accessory.bounds.size
        accessory.frame = place(Rect(x: bounds.width - 16 - sectionIndexInset - size.width, y: (bounds.height - size.height) / 2,
                                     width: size.width, height: size.height))
        return size.width + Self.accessoryGap
    }
}

/// The standard accessory marks, drawn as strokes: the chevron (grey, mirrored right to left,
/// as UIKit's) and the check mark (in the tint colour, never mirrored: it is not directional).
@MainActor
final class CellAccessoryMark: View {
    var kind = TableViewCell.AccessoryType.none {
        didSet { if kind != oldValue { setNeedsDisplay() } }
    }

    /// The mark's size, in points.
    var markSize: Size { kind == .checkmark ? Size(width: 16, height: 13) : Size(width: 9, height: 15) }

    override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let b = bounds
        var path = Path()
        context.lineWidth = 2.5
        context.lineCap = .round
        context.lineJoin = .round
        switch kind {
        case .none:
            return
        case .disclosureIndicator:
            context.strokeColor = Color(white: 0.72)
            // Inset by half the line width, pointing right; mirrored right to left.
            let (near, far) = isRightToLeft ? (b.maxX - 1.5, b.minX + 1.5) : (b.minX + 1.5, b.maxX - 1.5)
            path.move(to: Point(x: near, y: b.minY + 1.5))
            path.addLine(to: Point(x: far, y: b.midY))
            path.addLine(to: Point(x: near, y: b.maxY - 1.5))
        case .checkmark:
            context.strokeColor = tintColor
            path.move(to: Point(x: b.minX + 1.5, y: b.midY))
            path.addLine(to: Point(x: b.minX + b.width * 0.38, y: b.maxY - 1.5))
            path.addLine(to: Point(x: b.maxX - 1.5, y: b.minY + 1.5))
        }
        context.stroke(path)
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        if kind == .checkmark { setNeedsDisplay() }
    }
}
