import VitrineGraphics

/// What a label's text needs that its bounds do not give it (`Label.textShortfall`): what a
/// test walking an app's screens in a longer language (pseudo-localized) looks for.
package struct LabelTextShortfall: OptionSet, Hashable, Sendable {
    package let rawValue: Int

    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Some of the text is not shown: the last line shown ends in "…" or is cut at the edge,
    /// lines past `numberOfLines` or past the bounds' height were dropped, or a line runs
    /// past the bounds' width. More width, or more lines, would show it.
    package static let widthOrLines = LabelTextShortfall(rawValue: 1 << 0)
    /// The lines shown are taller than the bounds (one line in a label too short for it): they
    /// are drawn over the label's top and bottom edges.
    package static let height = LabelTextShortfall(rawValue: 1 << 1)
}

extension Label {
    /// What the text needs that the bounds do not give it, as the label lays it out now (the
    /// layout `draw` uses): empty when every character of `text` shows inside the bounds. A
    /// label without text needs nothing. Half a point of slack on each edge: a label sized by
    /// `sizeThatFits` (rounded up) fits. (Lines are in layout points, drawn from the bounds'
    /// left edge: 0 to the bounds' width.)
    ///
    /// Not public: UIKit has no such query (apps compare `sizeThatFits` with the bounds); it is
    /// for this package's tests and the demo's pseudo-localized walk.
    package var textShortfall: LabelTextShortfall {
        guard let layout = textLayout else { return [] }
        var shortfall: LabelTextShortfall = []
        let slack = 0.5
        if layout.isTruncated || layout.lines.contains(where: \.isTruncated)
            || layout.lines.contains(where: { $0.rect.minX < -slack || $0.rect.maxX > bounds.width + slack }) {
            shortfall.insert(.widthOrLines)
        }
        if layout.size.height > bounds.height + slack { shortfall.insert(.height) }
        return shortfall
    }
}
