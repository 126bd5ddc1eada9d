import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// Selection handles: shown at the ends of a selection while editing, dragged by a finger to
/// extend or shrink it, gone when the selection empties or editing ends.
@MainActor
@Suite(.serialized) struct SelectionHandleTests {
    private func centre(_ view: View) -> Point {
        Point(x: view.frame.midX, y: view.frame.midY)
    }

    private func caretX(_ field: TextField, _ offset: Int, _ h: Harness) -> Double {
        field.convert(field.caretRect(for: offset), to: h.window).midX
    }

    @Test func aDoubleTappedWordGetsHandlesAtItsEnds() {
        let h = Harness()
        let field = h.addField()
        field.text = "one two three"
        field.becomeFirstResponder()
        #expect(field.selectionHandles == nil)
        field.selectedRange = 4..<7
        let handles = field.selectionHandles
        #expect(handles?.count == 2)
        #expect(handles?.allSatisfy { $0.window === h.window } == true)
        if let handles {
            #expect(abs(handles[0].frame.midX - caretX(field, 4, h)) < 0.5)
            #expect(abs(handles[1].frame.midX - caretX(field, 7, h)) < 0.5)
            #expect(handles[0].frame.minY < handles[1].frame.minY)  // the start's knob is above
        }
        field.selectedRange = 2..<2
        #expect(field.selectionHandles == nil && handles?.first?.superview == nil)
    }

    @Test func draggingTheEndHandleExtendsTheSelectionAndTheMenuShowsOnLift() {
        let h = Harness()
        let field = h.addField()
        field.text = "one two three"
        field.becomeFirstResponder()
        field.selectedRange = 4..<7
        guard let end = field.selectionHandles?.last else { Issue.record("no handles"); return }
        h.down(0, at: centre(end))
        h.move(0, to: Point(x: caretX(field, 13, h), y: end.frame.midY))
        #expect(field.selectedRange == 4..<13)
        #expect(abs(end.frame.midX - caretX(field, 13, h)) < 0.5)
        h.up(0)
        #expect(field.editMenu?.commands.prefix(2) == [.cut, .copy])
    }

    @Test func theStartHandleNeverCrossesTheEnd() {
        let h = Harness()
        let field = h.addField()
        field.text = "one two three"
        field.becomeFirstResponder()
        field.selectedRange = 4..<7
        guard let start = field.selectionHandles?.first else { Issue.record("no handles"); return }
        h.down(0, at: centre(start))
        h.move(0, to: Point(x: caretX(field, 0, h), y: start.frame.midY))
        #expect(field.selectedRange == 0..<7)
        h.move(0, to: Point(x: caretX(field, 12, h), y: start.frame.midY))
        #expect(field.selectedRange == 6..<7)
        h.up(0)
    }

    @Test func endingEditingOrMarkedTextRemovesTheHandles() {
        let h = Harness()
        let field = h.addField()
        field.text = "abc"
        field.becomeFirstResponder()
        field.selectedRange = 0..<3
        let handles = field.selectionHandles
        #expect(handles != nil)
        field.resignFirstResponder()
        #expect(field.selectionHandles == nil && handles?.allSatisfy { $0.superview == nil } == true)
    }

    @Test func aTextViewsHandlesDragAcrossLines() {
        let h = Harness()
        let view = TextView(frame: Rect(x: 20, y: 20, width: 300, height: 150))
        view.text = "first line\nsecond line"
        h.window.addSubview(view)
        view.becomeFirstResponder()
        view.selectedRange = 0..<5
        guard let end = view.selectionHandles?.last else { Issue.record("no handles"); return }
        let target = view.convert(view.caretRect(for: 17), to: h.window)
        h.down(0, at: centre(end))
        h.move(0, to: Point(x: target.midX, y: target.midY))
        #expect(view.selectedRange == 0..<17)
        h.up(0)
        #expect(view.editMenu != nil)
    }
}
