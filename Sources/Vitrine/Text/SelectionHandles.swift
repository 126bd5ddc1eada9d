import VitrineGraphics

/// The grabbers at the two ends of a text view's selection (UIKit's selection handles): a
/// thin bar the height of the line with a round knob, above the start and below the end. A
/// finger on one drags that end of the selection (it never crosses the other end: at least one
/// character stays selected); when it lifts the edit menu shows again.
///
/// Shown by `TextField` and `TextView` while they edit with a non-empty selection and no
/// marked text, as subviews of their window above everything (like the `EditMenu`); moved on
/// every selection change and as a text view scrolls; a handle whose end is scrolled out of
/// the view's bounds is hidden. Removed when the selection empties or editing ends.
@MainActor
public final class SelectionHandle: View {
    /// Which end of the selection a handle drags.
    public enum End: Sendable, Hashable {
        /// The selection's start (the knob above the line).
        case start
        /// The selection's end (the knob below the line).
        case end
    }

    /// The end this handle drags.
    public let end: End
    /// Called with the finger's location in window points while it drags, then with nil when
    /// it lifts or is cancelled.
    var onDrag: (@MainActor (Point?) -> Void)?

    /// The knob's diameter and the width of the area that takes touches, in points.
    static let knob = 10.0, touchWidth = 28.0

    init(end: End) {
        self.end = end
        super.init(frame: .zero)
    }

    /// Places the handle on `caret` (a caret rectangle in window points).
    func place(on caret: Rect) {
        let frame = Rect(x: caret.midX - Self.touchWidth / 2, y: caret.minY - (end == .start ? Self.knob : 0),
                         width: Self.touchWidth, height: caret.height + Self.knob)
        if self.frame != frame { self.frame = frame }
    }

    /// The bar and its knob in the tint colour.
    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fillColor = tintColor
        let x = bounds.midX
        let barTop = end == .start ? Self.knob : 0
        context.fill(Rect(x: x - 1, y: barTop, width: 2, height: bounds.height - Self.knob))
        let knobY = end == .start ? 0 : bounds.height - Self.knob
        context.fillRoundedRect(Rect(x: x - Self.knob / 2, y: knobY, width: Self.knob, height: Self.knob), cornerRadius: Self.knob / 2)
    }

    public override func touchesBegan(_ touches: TouchSet, with event: Event?) {}

    public override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        guard let touch = touches.first, let window else { return }
        onDrag?(touch.location(in: window))
    }

    public override func touchesEnded(_ touches: TouchSet, with event: Event?) { onDrag?(nil) }
    public override func touchesCancelled(_ touches: TouchSet, with event: Event?) { onDrag?(nil) }
}

extension TextEditingHost where Self: View {
    /// Shows, moves or removes the selection handles for the current selection.
    func updateSelectionHandles() {
        let selection = buffer.selection
        guard isEditing, !selection.isEmpty, buffer.markedRange == nil, let window else {
            removeSelectionHandles()
            return
        }
        let handles = selectionHandles ?? [SelectionHandle(end: .start), SelectionHandle(end: .end)]
        if selectionHandles == nil {
            selectionHandles = handles
            for handle in handles {
                handle.onDrag = { [weak self, unowned handle] point in self?.selectionHandle(handle.end, draggedTo: point) }
            }
        }
        for handle in handles {
            if handle.superview !== window || window.subviews.last !== handles[1] { window.addSubview(handle) }
            let offset = handle.end == .start ? selection.lowerBound : selection.upperBound
            let caret = caretRect(for: offset)
            handle.place(on: convert(caret, to: window))
            // Out of view (scrolled away in a text view or a long field): hidden, not floating
            // over what lies beside the view.
            let visible = caret.midX >= bounds.minX - 1 && caret.midX <= bounds.maxX + 1
                && caret.maxY > bounds.minY && caret.minY < bounds.maxY
            if handle.isHidden == visible { handle.isHidden = !visible }
        }
    }

    /// Takes the handles away.
    func removeSelectionHandles() {
        guard let handles = selectionHandles else { return }
        selectionHandles = nil
        for handle in handles { handle.removeFromSuperview() }
    }

    /// A handle dragged to `point` (window points) moves its end; nil: the finger lifted, the
    /// edit menu shows above the selection.
    private func selectionHandle(_ end: SelectionHandle.End, draggedTo point: Point?) {
        guard isEditing else { return }
        let selection = buffer.selection
        guard let point else {
            showEditMenu(above: caretRect(for: selection.lowerBound).union(caretRect(for: selection.upperBound)))
            return
        }
        let offset = characterOffset(atWindowPoint: point)
        let range = end == .start ? min(offset, selection.upperBound - 1)..<selection.upperBound
            : selection.lowerBound..<max(offset, selection.lowerBound + 1)
        if range != selection { editSelect(range) }
    }
}
