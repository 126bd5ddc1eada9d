import VitrineGraphics

/// A row of an input method's candidates, numbered 1, 2, 3…, the highlighted one tinted; a tap
/// on one chooses it (`onSelect`). A system view with no UIKit counterpart.
///
/// The `InputMethodController` keeps one (`candidateBar`) and, by default, places it in the
/// focused field's window just above the field (below it when there is no room above). Anyone
/// may place it instead (the on-screen keyboard above its keys): set the controller's
/// `placesCandidateBar` to false and add the bar to a view of your own; the controller still
/// fills it and hides it when there is nothing to choose.
@MainActor
open class CandidateBar: View {
    /// The bar's preferred height in points.
    public static let preferredHeight = 40.0

    /// The font of the candidates.
    public var font = Font.system(size: 20) { didSet { cellsDidChange() } }

    /// The candidates shown, in order; the number before each is its index + 1.
    public private(set) var candidates: [String] = []
    /// The highlighted candidate's index (what Space would choose), nil for none.
    public private(set) var highlightedIndex: Int?

    /// Called with a candidate's index when a tap ends on it.
    public var onSelect: (@MainActor (Int) -> Void)?

    /// Each candidate's cell in the bar's bounds space (what a tap hits).
    public private(set) var cellRects: [Rect] = []
    private var layouts: [(number: TextLayout, text: TextLayout)] = []
    private var touchedIndex: Int?

    /// A bar drawn on the system's secondary background (light or dark by its traits).
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Light and dark draw differently.
    open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        setNeedsDisplay()
    }

    /// Shows `candidates` with `highlightedIndex` highlighted (clamped; nil for none). Redraws
    /// only when something changed.
    public func show(_ candidates: [String], highlightedIndex: Int?) {
        let highlight = highlightedIndex.flatMap { candidates.indices.contains($0) ? $0 : nil }
        guard candidates != self.candidates || highlight != self.highlightedIndex else { return }
        let same = candidates == self.candidates
        self.candidates = candidates
        self.highlightedIndex = highlight
        if same { setNeedsDisplay() } else { cellsDidChange() }
    }

    private func cellsDidChange() {
        let numberFont = Font.system(size: max(font.pointSize * 0.6, 8))
        layouts = candidates.enumerated().map { i, text in
            (TextLayout(text: "\(i + 1)", font: numberFont, numberOfLines: 1),
             TextLayout(text: text, font: font, numberOfLines: 1))
        }
        var x = 8.0
        cellRects = layouts.map { pair in
            let width = 6 + pair.number.size.width + 4 + pair.text.size.width + 10
            defer { x += width }
            return Rect(x: x, y: 0, width: width, height: bounds.height)
        }
        setNeedsDisplay()
    }

    /// The index of the candidate at `point` (bounds space), nil between or past them.
    public func candidateIndex(at point: Point) -> Int? {
        cellRects.firstIndex { $0.minX <= point.x && point.x < $0.maxX && point.y >= bounds.minY && point.y < bounds.maxY }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let first = cellRects.first, first.height != bounds.height { cellsDidChange() }
    }

    /// Draws the numbered candidates left to right, the highlighted one on a tinted rounded cell.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let traits = traitCollection
        let label = SemanticColor.label.resolved(with: traits)
        let secondary = SemanticColor.secondaryLabel.resolved(with: traits)
        context.fillColor = SemanticColor.secondarySystemBackground.resolved(with: traits)
        context.fill(bounds)
        for (i, cell) in cellRects.enumerated() where i < layouts.count {
            let (number, text) = layouts[i]
            if i == highlightedIndex || i == touchedIndex {
                context.fillColor = (tintColor ?? .gray).withAlphaComponent(0.25)
                context.fillRoundedRect(cell.insetBy(dx: 1, dy: 4), cornerRadius: 6)
            }
            let y = cell.minY + (cell.height - text.size.height) / 2
            context.draw(number, at: Point(x: cell.minX + 6, y: cell.minY + (cell.height - number.size.height) / 2), color: secondary)
            context.draw(text, at: Point(x: cell.minX + 6 + number.size.width + 4, y: y), color: label)
        }
    }

    // MARK: Taps

    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        touchedIndex = touches.first.flatMap { candidateIndex(at: $0.location(in: self)) }
        setNeedsDisplay()
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        let index = touches.first.flatMap { candidateIndex(at: $0.location(in: self)) }
        if index != touchedIndex { touchedIndex = index; setNeedsDisplay() }
    }

    /// A tap ending on the candidate it began on chooses it.
    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        let index = touches.first.flatMap { candidateIndex(at: $0.location(in: self)) }
        let began = touchedIndex
        touchedIndex = nil
        setNeedsDisplay()
        if let index, index == began { onSelect?(index) }
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        touchedIndex = nil
        setNeedsDisplay()
    }
}
