import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
@Suite struct TextFieldEditingTests {
    @Test func delegateAndEventsComeInUIKitsOrder() {
        let h = Harness()
        let field = h.addField()
        let recorder = FieldRecorder(field)
        #expect(field.becomeFirstResponder())
        h.type("a")
        h.press(Key.enter)
        #expect(field.resignFirstResponder())
        #expect(recorder.log == ["shouldBegin", "didBegin", "editingDidBegin",
                                 "shouldChange 0..<0 'a'", "editingChanged",
                                 "shouldReturn", "editingDidEndOnExit",
                                 "shouldEnd", "didEnd", "editingDidEnd"])
        #expect(field.text == "a")
        #expect(!field.isEditing)
    }

    @Test func delegateRefusingBeginKeepsFocusAway() {
        let h = Harness()
        let field = h.addField()
        let recorder = FieldRecorder(field)
        recorder.allowsBegin = false
        #expect(!field.becomeFirstResponder())
        h.type("x")
        #expect(field.text == "" && !field.isEditing && recorder.log == ["shouldBegin"])
    }

    @Test func maximumLengthThroughTheDelegate() {
        let h = Harness()
        let field = h.addField()
        let recorder = FieldRecorder(field)
        recorder.maximumLength = 4
        field.becomeFirstResponder()
        h.type("abcdef")
        #expect(field.text == "abcd")
        Pasteboard.general.string = "zz"
        h.press(Key.v, modifiers: .control)
        #expect(field.text == "abcd")
        h.press(Key.backspace)
        h.type("9")
        #expect(field.text == "abc9")
    }

    @Test func caretMovesAndDeletesByGraphemeCluster() {
        let h = Harness()
        let field = h.addField()
        field.text = "a👨‍👩‍👧e\u{301}b"
        field.becomeFirstResponder()
        #expect(field.selectedRange == 4..<4)
        #expect(field.text.count == 4)
        h.press(Key.left)
        #expect(field.selectedRange == 3..<3)
        h.press(Key.left) // over e + combining acute, one step
        #expect(field.selectedRange == 2..<2)
        h.press(Key.left) // over the family, one step
        #expect(field.selectedRange == 1..<1)
        h.press(Key.right)
        h.press(Key.backspace) // deletes the whole family
        #expect(field.text == "ae\u{301}b")
        h.press(Key.delete) // deletes e + accent together
        #expect(field.text == "ab")
        #expect(field.selectedRange == 1..<1)
    }

    @Test func bidiCaretMovesInVisualOrder() {
        let h = Harness()
        let field = h.addField()
        field.text = "ab\u{5D0}\u{5D1}\u{5D2}"
        field.becomeFirstResponder()
        field.selectedRange = 2..<2 // after "b", before א: at the boundary
        var xs: [Double] = [field.caretRect(for: 2).minX]
        var offsets: [Int] = []
        for _ in 0..<4 {
            h.press(Key.right)
            offsets.append(field.selectedRange.lowerBound)
            xs.append(field.caretRect(for: field.selectedRange.lowerBound).minX)
        }
        // On screen: a b ג ב א. Right arrow walks the screen left to right, so through the
        // Hebrew run logically backwards: 4 (after ג), 3, then 2 again at the far right (the
        // other place of offset 2), and stops there.
        #expect(offsets == [4, 3, 2, 2])
        for i in 1..<4 { #expect(xs[i] > xs[i - 1], "x \(xs)") }
        #expect(xs[4] == xs[3])
        // And back left: the same places in reverse.
        h.press(Key.left)
        #expect(field.selectedRange == 3..<3)
        #expect(field.caretRect(for: 3).minX == xs[2])
    }

    @Test func undoAndRedoCoalesceTyping() {
        let h = Harness()
        let field = h.addField()
        field.becomeFirstResponder()
        h.type("hello")
        h.press(Key.left)          // a caret move ends the typing group
        h.type("X")
        #expect(field.text == "hellXo")
        h.press(Key.z, modifiers: .control)
        #expect(field.text == "hello")
        h.press(Key.z, modifiers: .control)
        #expect(field.text == "")
        h.press(Key.z, modifiers: [.control, .shift])
        #expect(field.text == "hello")
        h.press(Key.z, modifiers: [.control, .shift])
        #expect(field.text == "hellXo")
        #expect(!field.canRedo)
    }

    @Test func shakeUndoesWhenTheAppAllowsIt() {
        let h = Harness()
        let field = h.addField()
        field.becomeFirstResponder()
        h.type("ab")
        h.app.applicationSupportsShakeToEdit = false
        h.app.sendMotion(.motionShake, phase: .began, timestamp: 1)
        h.app.sendMotion(.motionShake, phase: .ended, timestamp: 2)
        #expect(field.text == "ab")
        h.app.applicationSupportsShakeToEdit = true
        h.app.sendMotion(.motionShake, phase: .began, timestamp: 3)
        h.app.sendMotion(.motionShake, phase: .ended, timestamp: 4)
        #expect(field.text == "")
    }

    @Test func ctrlShortcutsSelectCopyCutPaste() {
        let h = Harness()
        let field = h.addField()
        field.becomeFirstResponder()
        h.type("copy me")
        h.press(Key.a, modifiers: .control)
        #expect(field.selectedRange == 0..<7)
        h.press(Key.c, modifiers: .control)
        #expect(Pasteboard.general.string == "copy me")
        h.press(Key.x, modifiers: .control)
        #expect(field.text == "")
        h.press(Key.v, modifiers: .control)
        h.press(Key.v, modifiers: .control)
        #expect(field.text == "copy mecopy me")
        h.press(Key.home)
        h.press(Key.right, modifiers: .shift)
        h.press(Key.right, modifiers: .shift)
        #expect(field.selectedRange == 0..<2)
        h.press(Key.end)
        #expect(field.selectedRange == 14..<14)
    }

    @Test func markedTextIsReplacedAndCommitted() {
        let h = Harness()
        let field = h.addField()
        field.becomeFirstResponder()
        h.type("x")
        field.setMarkedText("n", selectedRange: 1..<1)
        field.setMarkedText("ni", selectedRange: 2..<2)
        #expect(field.text == "xni" && field.markedRange == 1..<3 && field.selectedRange == 3..<3)
        field.insertText("你")
        #expect(field.text == "x你" && field.markedRange == nil)
        field.setMarkedText("hao", selectedRange: 3..<3)
        field.unmarkText()
        #expect(field.text == "x你hao" && field.markedRange == nil)
        field.deleteBackward()
        #expect(field.text == "x你ha")
    }

    @Test func autocapitalizationAndNumberPadFilterTypedText() {
        let h = Harness()
        let field = h.addField()
        field.autocapitalizationType = .sentences
        field.becomeFirstResponder()
        h.type("hi. you")
        #expect(field.text == "Hi. You")
        field.text = ""
        field.autocapitalizationType = .words
        h.type("ann lee")
        #expect(field.text == "Ann Lee")
        let pin = h.addField(frame: Rect(x: 20, y: 80, width: 300, height: 40))
        pin.keyboardType = .numberPad
        pin.becomeFirstResponder()
        h.type("1a2.3")
        #expect(pin.text == "123")
        pin.insertText("x") // an input method's text is not filtered: only typing is
        #expect(pin.text == "123x")
    }

    @Test func secureEntryRefusesCopy() {
        let h = Harness()
        let field = h.addField()
        field.isSecureTextEntry = true
        field.becomeFirstResponder()
        h.type("pw")
        Pasteboard.general.string = nil
        h.press(Key.a, modifiers: .control)
        h.press(Key.c, modifiers: .control)
        h.press(Key.x, modifiers: .control)
        #expect(Pasteboard.general.string == nil)
        #expect(field.text == "pw")
    }
}
