import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
@Suite struct TextViewTests {
    private func textView(_ h: Harness, height: Double = 120) -> TextView {
        let view = TextView(frame: Rect(x: 20, y: 20, width: 200, height: height))
        view.autocapitalizationType = .none
        h.window.addSubview(view)
        h.loop.runUntilIdle()
        return view
    }

    @Test func returnMakesLinesAndUpDownMoveBetweenThem() {
        let h = Harness()
        let view = textView(h)
        #expect(view.becomeFirstResponder())
        h.type("abc")
        h.press(Key.enter)
        h.type("de")
        #expect(view.text == "abc\nde")
        let second = view.caretRect(for: view.selectedRange.lowerBound)
        let first = view.caretRect(for: 2)
        #expect(second.minY > first.minY)
        h.press(103) // up: same x on the line above
        #expect(view.selectedRange == 2..<2)
        h.press(108) // down
        #expect(view.selectedRange == 6..<6)
        h.press(Key.home)
        #expect(view.selectedRange == 4..<4)
        h.press(Key.backspace) // joins the lines
        #expect(view.text == "abcde")
    }

    @Test func longTextWrapsAndTheViewScrollsToTheCaret() {
        let h = Harness()
        let view = textView(h, height: 60)
        view.becomeFirstResponder()
        h.type("the quick brown fox jumps over the lazy dog and keeps on running far away")
        #expect(view.contentSize.height > view.bounds.height)
        let caret = view.caretRect(for: view.selectedRange.lowerBound)
        #expect(caret.minY >= view.contentOffset.y && caret.maxY <= view.contentOffset.y + view.bounds.height)
        #expect(view.contentOffset.y > 0)
    }

    @Test func caretBlinksOnlyWhileEditingAndGraphemesAreOneStep() {
        let h = Harness()
        let view = textView(h)
        #expect(!view.isCaretBlinking)
        view.becomeFirstResponder()
        #expect(view.isCaretBlinking)
        h.type("x👨‍👩‍👧")
        h.press(Key.backspace)
        #expect(view.text == "x")
        h.press(Key.z, modifiers: .control)
        h.press(Key.z, modifiers: .control)
        #expect(view.text == "")
        view.resignFirstResponder()
        #expect(!view.isCaretBlinking && !view.isEditing)
    }

    @Test func removedWhileEditingEndsEditing() {
        let h = Harness()
        let view = textView(h)
        view.becomeFirstResponder()
        h.type("a")
        view.removeFromSuperview()
        h.loop.runUntilIdle()
        #expect(!view.isEditing && !view.isCaretBlinking)
        view.insertText("b")
        #expect(view.text == "a")
    }

    @Test func aTapFocusesAndPlacesTheCaretOnTheTappedLine() {
        let h = Harness()
        let view = textView(h)
        view.text = "first\nsecond"
        let target = view.convert(view.caretRect(for: 9), to: h.window) // "sec|ond"
        h.tap(at: Point(x: target.midX, y: target.midY))
        #expect(view.isEditing)
        #expect(view.selectedRange == 9..<9)
    }

    @Test func tabMovesBetweenAFieldAndATextView() {
        let h = Harness()
        let field = h.addField()
        let view = TextView(frame: Rect(x: 20, y: 100, width: 200, height: 100))
        h.window.addSubview(view)
        field.becomeFirstResponder()
        h.press(Key.tab)
        #expect(view.isFirstResponder && view.isEditing && !field.isEditing)
        h.press(Key.tab, modifiers: .shift)
        #expect(field.isFirstResponder && !view.isEditing)
    }
}
