import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// A text view's edit menu, as a text field's: after a double tap or a tap on the caret.
@MainActor
@Suite(.serialized) struct TextViewEditMenuTests {
    private func textView(_ h: Harness, _ text: String) -> TextView {
        let view = TextView(frame: Rect(x: 20, y: 20, width: 400, height: 150))
        view.autocapitalizationType = .none
        view.text = text
        h.window.addSubview(view)
        h.loop.runUntilIdle()
        return view
    }

    private func point(_ view: TextView, _ offset: Int, _ h: Harness) -> Point {
        let caret = view.convert(view.caretRect(for: offset), to: h.window)
        return Point(x: caret.midX + 1, y: caret.midY)
    }

    @Test func aDoubleTapSelectsAWordAndShowsTheMenuWhoseCopyCopies() {
        let h = Harness()
        let view = textView(h, "one two\nthree")
        Pasteboard.general.string = nil
        let two = point(view, 5, h)
        h.tap(at: two)
        #expect(view.isEditing && view.editMenu == nil)  // a tap that places the caret shows nothing
        h.advance(by: 0.1)
        h.tap(at: two)
        #expect(view.selectedRange == 4..<7)
        let menu = view.editMenu
        #expect(menu?.commands == [.cut, .copy, .selectAll])
        #expect(menu?.window === h.window)
        if let menu, let copy = menu.subviews.dropFirst().first {
            let centre = copy.convert(Point(x: copy.bounds.midX, y: copy.bounds.midY), to: h.window)
            h.advance(by: 1)
            h.tap(at: centre)
        }
        #expect(Pasteboard.general.string == "two")
        #expect(view.editMenu == nil && menu?.superview == nil)
    }

    @Test func aTapOnTheCaretShowsPasteAndAnEditHidesIt() {
        let h = Harness()
        let view = textView(h, "ab")
        view.becomeFirstResponder()
        view.selectedRange = 2..<2
        Pasteboard.general.string = "zz"
        h.tap(at: point(view, 2, h))
        #expect(view.editMenu?.commands == [.paste, .selectAll])
        view.editMenu?.send(.paste)
        #expect(view.text == "abzz" && view.editMenu == nil)
        // A second tap on the caret shows it; typing hides it.
        h.advance(by: 1)
        h.tap(at: point(view, 4, h))
        let menu = view.editMenu
        #expect(menu != nil)
        view.insertText("!")
        #expect(view.editMenu == nil && menu?.superview == nil)
    }
}
