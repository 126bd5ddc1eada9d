import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
@Suite struct TextFieldFocusTests {
    @Test func caretBlinksOnlyWhileEditing() {
        let h = Harness()
        h.app.onScreenKeyboard = .never // a hardware-keyboard field: only the caret's timer
        let field = h.addField()
        h.advance(by: 0.1) // the field's first frame
        let idleTimers = h.loop.armedTimerCount
        #expect(idleTimers == 0)
        #expect(!field.isCaretBlinking)
        field.becomeFirstResponder()
        #expect(field.isCaretBlinking)
        #expect(h.loop.armedTimerCount == idleTimers + 1)
        // The caret's pixels turn off and on with the timer: a partial repaint each time.
        let drawn = h.app.statistics.viewsDrawn
        h.advance(by: TextField.caretBlinkInterval)
        #expect(h.app.statistics.viewsDrawn > drawn)
        field.resignFirstResponder()
        h.advance(by: 0.1) // the frame that erases the caret
        #expect(!field.isCaretBlinking)
        #expect(h.loop.armedTimerCount == idleTimers)
        // Not editing: nothing wakes the loop and nothing redraws.
        let after = h.app.statistics.viewsDrawn
        #expect(h.loop.nextDeadline == nil)
        h.advance(by: 10)
        #expect(h.app.statistics.viewsDrawn == after)
    }

    @Test func tappingAFieldFocusesItAndPlacesTheCaret() {
        let h = Harness()
        let first = h.addField()
        let second = h.addField(frame: Rect(x: 20, y: 80, width: 300, height: 40))
        first.text = "hello world"
        second.text = "x"
        h.tap(at: Point(x: 22, y: 40))
        #expect(first.isFirstResponder && first.selectedRange == 0..<0)
        // A tap past the text puts the caret at the end.
        h.advance(by: 1)
        h.tap(at: Point(x: 310, y: 40))
        #expect(first.selectedRange == 11..<11)
        // Tapping the other field moves focus: the first stops editing.
        h.advance(by: 1)
        h.tap(at: Point(x: 200, y: 100))
        #expect(second.isFirstResponder && second.isEditing)
        #expect(!first.isEditing && !first.isCaretBlinking)
    }

    @Test func tapInTheMiddlePlacesTheCaretAtTheNearestBoundaryAndDragMovesIt() {
        let h = Harness()
        let field = h.addField()
        field.text = "iiiiiiiiii"
        field.becomeFirstResponder()
        let x3 = field.convert(field.caretRect(for: 3), to: h.window).midX
        let x7 = field.convert(field.caretRect(for: 7), to: h.window).midX
        h.down(0, at: Point(x: x3 + 0.5, y: 40))
        #expect(field.selectedRange == 3..<3)
        h.move(0, to: Point(x: x7 - 0.5, y: 40))
        #expect(field.selectedRange == 7..<7)
        h.up(0)
    }

    @Test func doubleTapSelectsAWord() {
        let h = Harness()
        let field = h.addField()
        field.text = "one two three"
        field.becomeFirstResponder()
        let x = field.convert(field.caretRect(for: 5), to: h.window).midX
        h.tap(at: Point(x: x, y: 40))
        h.advance(by: 0.1)
        h.tap(at: Point(x: x, y: 40))
        #expect(field.selectedRange == 4..<7)
        #expect(field.text(in: field.selectedRange) == "two")
    }

    @Test func tabAndShiftTabMoveThroughFieldsInReadingOrder() {
        let h = Harness()
        // Added out of order: reading order is by row, then left to right.
        let c = h.addField(frame: Rect(x: 20, y: 200, width: 200, height: 40))
        let b = h.addField(frame: Rect(x: 300, y: 20, width: 200, height: 40))
        let a = h.addField(frame: Rect(x: 20, y: 20, width: 200, height: 40))
        a.becomeFirstResponder()
        h.press(Key.tab)
        #expect(b.isFirstResponder)
        h.press(Key.tab)
        #expect(c.isFirstResponder)
        h.press(Key.tab)
        #expect(a.isFirstResponder)
        h.press(Key.tab, modifiers: .shift)
        #expect(c.isFirstResponder && c.isEditing && !a.isEditing)
    }

    @Test func clearButtonEmptiesTheField() {
        let h = Harness()
        let field = h.addField()
        let recorder = FieldRecorder(field)
        field.clearButtonMode = .whileEditing
        field.text = "abc"
        field.becomeFirstResponder()
        let button = field.convert(field.clearButtonRect(forBounds: field.bounds), to: h.window)
        #expect(button.width > 0)
        h.tap(at: Point(x: button.midX, y: button.midY))
        #expect(field.text == "")
        #expect(recorder.log.contains("shouldChange 0..<3 ''"))
    }

    @Test func fieldRemovedWhileEditingEndsEditing() {
        let h = Harness()
        let field = h.addField()
        let recorder = FieldRecorder(field)
        field.becomeFirstResponder()
        h.type("a")
        field.removeFromSuperview()
        h.loop.runUntilIdle()
        #expect(!field.isEditing && !field.isCaretBlinking)
        #expect(recorder.log.suffix(2) == ["didEnd", "editingDidEnd"])
        h.type("b") // goes nowhere, no crash
        field.insertText("c") // not editing: ignored
        #expect(field.text == "a")
    }

    @Test func rotationMidEditKeepsTextAndCaret() {
        let h = Harness()
        let field = h.addField(frame: Rect(x: 20, y: 20, width: 760, height: 40))
        field.autoresizingMask = .flexibleWidth
        field.becomeFirstResponder()
        h.type("rotate me please")
        h.app.setScreenRotation(.clockwise90)
        h.advance(by: 0.1)
        #expect(field.frame.width < 760)
        #expect(field.isEditing && field.text == "rotate me please" && field.selectedRange == 16..<16)
        h.type("!")
        #expect(field.text == "rotate me please!")
        let caret = field.caretRect(for: 17)
        #expect(caret.maxX <= field.bounds.width)
    }

    @Test func aMegabytePasteIsCappedAndControlCharactersFiltered() {
        let h = Harness()
        let field = h.addField()
        field.becomeFirstResponder()
        Pasteboard.general.string = String(repeating: "abcdefgh", count: 131_072) // 1 MiB
        h.press(Key.v, modifiers: .control)
        #expect(field.text.count == field.maximumTextLength)
        // The caret stays visible at the end: the line scrolled.
        let caret = field.caretRect(for: field.selectedRange.lowerBound)
        #expect(caret.minX >= 0 && caret.maxX <= field.bounds.width)
        field.text = ""
        field.insertText("a\u{0}b\u{7}c\nd\u{1B}e\u{85}f")
        #expect(field.text == "abcdef")
        // A source's bad UTF-16 (a lone surrogate) decodes to U+FFFD, which is dropped.
        field.insertText(String(decoding: [0xD800, 0x67] as [UInt16], as: UTF16.self))
        #expect(field.text == "abcdefg")
    }

    @Test func longTextScrollsToKeepTheCaretVisible() {
        let h = Harness()
        let field = h.addField(frame: Rect(x: 20, y: 20, width: 100, height: 40))
        field.becomeFirstResponder()
        h.type("a long line of text that does not fit")
        let end = field.caretRect(for: field.selectedRange.lowerBound)
        #expect(end.maxX <= field.bounds.width && end.minX >= 0)
        h.press(Key.home)
        let start = field.caretRect(for: 0)
        #expect(start.minX >= 0 && start.minX <= 10)
    }

    @Test func typingAndBlinkingRepaintOnlyTheField() {
        let h = Harness()
        h.app.onScreenKeyboard = .never // typed from a hardware keyboard (KeyboardCostTests has the on-screen one)
        let other = View(frame: Rect(x: 400, y: 300, width: 100, height: 100))
        other.backgroundColor = .red
        h.window.addSubview(other)
        let field = h.addField()
        field.becomeFirstResponder()
        h.advance(by: 0.1)
        let fieldPixels = PixelRect(covering: field.frame)
        h.type("k")
        h.advance(by: 0.01)
        let typed = h.app.statistics.lastPresentedDamage
        #expect(!typed.isEmpty)
        #expect(Region(fieldPixels).union(typed) == Region(fieldPixels), "damage \(typed)")
        // A blink repaints only the caret's strip.
        h.advance(by: TextField.caretBlinkInterval)
        let blink = h.app.statistics.lastPresentedDamage.boundingBox
        #expect(blink.width <= 6 && blink.height <= 40, "blink damage \(blink)")
    }
}

@MainActor
@Suite struct EditMenuTests {
    @Test func doubleTapShowsTheMenuAndItsCommandsEdit() {
        let h = Harness()
        let field = h.addField()
        field.text = "one two three"
        field.becomeFirstResponder()
        Pasteboard.general.string = nil
        let x = field.convert(field.caretRect(for: 5), to: h.window).midX
        h.tap(at: Point(x: x, y: 40))
        #expect(field.editMenu == nil) // a tap that moves the caret shows nothing
        h.advance(by: 0.1)
        h.tap(at: Point(x: x, y: 40))
        let menu = field.editMenu
        #expect(menu?.commands == [.cut, .copy, .selectAll])
        #expect(menu?.window === h.window)
        // Its Copy button, tapped: copies and hides the menu.
        if let menu, let copy = menu.subviews.dropFirst().first {
            let center = copy.convert(Point(x: copy.bounds.midX, y: copy.bounds.midY), to: h.window)
            h.advance(by: 1)
            h.tap(at: center)
        }
        #expect(Pasteboard.general.string == "two")
        #expect(field.editMenu == nil && menu?.superview == nil)
    }

    @Test func aTapOnTheCaretShowsPasteAndEndingEditingHidesIt() {
        let h = Harness()
        let field = h.addField()
        field.text = "ab"
        field.becomeFirstResponder()
        Pasteboard.general.string = "zz"
        let caret = field.convert(field.caretRect(for: 2), to: h.window)
        h.tap(at: Point(x: caret.midX, y: 40))
        #expect(field.editMenu?.commands == [.paste, .selectAll])
        field.editMenu?.send(.paste)
        #expect(field.text == "abzz" && field.editMenu == nil)
        h.advance(by: 1)
        let end = field.convert(field.caretRect(for: 4), to: h.window)
        h.tap(at: Point(x: end.midX, y: 40))
        let menu = field.editMenu
        #expect(menu != nil)
        field.resignFirstResponder()
        #expect(field.editMenu == nil && menu?.superview == nil)
    }
}
