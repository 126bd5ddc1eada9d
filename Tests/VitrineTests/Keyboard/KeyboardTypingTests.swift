import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineInput

/// Typing through taps on the on-screen keyboard's keys.
@MainActor
struct KeyboardTypingTests {
    @Test func tappingKeysTypesHello() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        h.tapKeys("hello")
        #expect(field.text == "hello")
        h.tap(at: h.keyCentre(.space))
        h.tap(at: h.keyCentre(.backspace))
        h.tap(at: h.keyCentre(.backspace))
        #expect(field.text == "hell")
    }

    @Test func keysTypedOnTheKeyboardUndoAsOneStepUntilTheCaretMoves() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        h.tapKeys("ab")
        field.selectedRange = 1..<1   // a caret move ends the typing step
        h.tapKeys("cd")
        #expect(field.text == "acdb")
        #expect(field.undo())
        #expect(field.text == "ab")
        #expect(field.undo())
        #expect(field.text == "")
        #expect(!field.undo())
    }

    @Test func shiftTypesOneCapitalAndADoubleTapLocksCapitals() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        h.tap(at: h.keyCentre(.shift))
        #expect(h.app.keyboard.shiftState == .once)
        h.tapKeys("hi")
        #expect(field.text == "Hi")
        #expect(h.app.keyboard.shiftState == .off)
        // Two taps within the caps-lock interval lock; capitals stay until Shift again.
        h.tap(at: h.keyCentre(.shift))
        h.tap(at: h.keyCentre(.shift))
        #expect(h.app.keyboard.shiftState == .locked)
        h.tapKeys("ok")
        #expect(field.text == "HiOK")
        h.tap(at: h.keyCentre(.shift))
        h.tapKeys("a")
        #expect(field.text == "HiOKa")
    }

    @Test func twoSlowShiftTapsTurnShiftOffInsteadOfLocking() {
        let h = Harness()
        _ = h.focusedFieldWithKeyboard()
        h.tap(at: h.keyCentre(.shift))
        h.advance(by: 1)
        h.tap(at: h.keyCentre(.shift))
        #expect(h.app.keyboard.shiftState == .off)
    }

    @Test func aLongPressOffersAlternatesAndTheFingerChoosesOne() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        let e = h.keyCentre("e")
        h.down(0, at: e)
        h.advance(by: 0.6)
        #expect(field.text == "")
        h.up(0)
        #expect(field.text == "é")
        // Sliding to the second alternate chooses it.
        h.down(0, at: e)
        h.advance(by: 0.6)
        let cell = max(h.app.keyboard.frameOfKey(typing: "e")!.width, 36)
        h.move(0, to: Point(x: e.x + cell * 1.2, y: e.y - 60))
        h.up(0)
        #expect(field.text == "éè")
        // A short tap types the letter itself.
        h.tapKeys("e")
        #expect(field.text == "éèe")
    }

    @Test func backspaceDeletesOnTouchDownAndRepeatsOnlyWhileHeld() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        field.text = "abcdefghij"
        let backspace = h.keyCentre(.backspace)
        h.down(0, at: backspace)
        #expect(field.text == "abcdefghi")
        h.advance(by: 0.45)
        #expect(field.text == "abcdefghi")
        h.advance(by: 0.1)  // 0.55 s: the first repeat at 0.5
        #expect(field.text == "abcdefgh")
        h.advance(by: 0.2)  // repeats at 0.6 and 0.7
        #expect(field.text == "abcdef")
        h.up(0)
        h.advance(by: 1)
        #expect(field.text == "abcdef")
    }

    @Test func aSecondFingerDownTypesTheFirstFingersKeyAtOnce() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        h.down(0, at: h.keyCentre("a"))
        #expect(field.text == "")
        h.down(1, at: h.keyCentre("b"))
        #expect(field.text == "a")
        h.up(0)
        #expect(field.text == "a")
        h.up(1)
        #expect(field.text == "ab")
    }

    @Test func keysAtTheEdgesTakeTouchesInTheirRowsFullHeightAndWidth() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        // The middle row (a…l) is inset on a phone keyboard: left of "a" still types "a".
        let a = h.app.keyboard.frameOfKey(typing: "a")!
        h.tap(at: Point(x: 1, y: a.midY))
        // Between the rows' caps (in the gap just above "p"), "p" takes the touch.
        let p = h.app.keyboard.frameOfKey(typing: "p")!
        h.tap(at: Point(x: h.app.screen.bounds.width - 1, y: p.minY - 2))
        #expect(field.text == "ap")
    }

    @Test func theLayoutSwitchKeyMovesToRussianAndTypesCyrillic() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard(layouts: ["us", "ru"], source: XKBKeyboardLayoutSource())
        let q = h.app.keyboard.frameOfKey(typing: "q")!
        h.tap(at: h.keyCentre(.layoutSwitch))
        #expect(h.app.keyboard.currentLayout == "ru")
        #expect(h.app.keyboard.frameOfKey(typing: "q") == nil)
        // ЙЦУКЕН: "й" is the first key of the top row; ru has 12 letters there, so it is narrower.
        let й = h.app.keyboard.frameOfKey(typing: "й")!
        #expect(й.minY == q.minY)
        h.tapKeys("привет")
        #expect(field.text == "привет")
        h.tap(at: h.keyCentre(.layoutSwitch))
        #expect(h.app.keyboard.currentLayout == "us")
    }

    @Test func frenchAZERTYPutsAWhereUSHasQ() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        let q = h.app.keyboard.frameOfKey(typing: "q")!
        h.app.keyboard.layoutSource = XKBKeyboardLayoutSource()
        h.app.keyboard.layouts = ["fr"]
        h.settle()
        #expect(h.app.keyboard.frameOfKey(typing: "a") == q)
        h.tap(at: Point(x: q.midX, y: q.midY))
        #expect(field.text == "a")
        // German QWERTZ: z between t and u, where us has y.
        h.app.keyboard.layouts = ["de"]
        h.settle()
        let t = h.app.keyboard.frameOfKey(typing: "t")!, z = h.app.keyboard.frameOfKey(typing: "z")!
        let u = h.app.keyboard.frameOfKey(typing: "u")!
        #expect(t.maxX < z.minX && z.maxX < u.minX && z.minY == t.minY)
        #expect(h.app.keyboard.frameOfKey(typing: "ü") != nil)
    }

    @Test func anUnknownLayoutFallsBackToUSWithATypedError() {
        let source = XKBKeyboardLayoutSource()
        #expect(throws: KeyboardLayoutError.unknownLayout("zz-nonexistent")) { try source.characters(forLayout: "zz-nonexistent") }
        let h = Harness()
        let field = h.focusedFieldWithKeyboard(layouts: ["zz-nonexistent"], source: source)
        h.tapKeys("q")
        #expect(field.text == "q")
    }

    @Test func theNumberPadShowsDigitsOnlyAndThePhonePadItsSigns() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard(type: .numberPad)
        #expect(h.app.keyboard.frameOfKey(typing: "q") == nil)
        h.tapKeys("42")
        #expect(field.text == "42")
        h.tap(at: h.keyCentre(.backspace))
        #expect(field.text == "4")
        field.resignFirstResponder()
        let phone = h.addField(frame: Rect(x: 20, y: 80, width: 300, height: 40))
        phone.keyboardType = .phonePad
        phone.becomeFirstResponder()
        h.settle()
        h.tapKeys("+1*#")
        #expect(phone.text == "+1*#")
        phone.keyboardType = .decimalPad
        phone.resignFirstResponder()
        phone.becomeFirstResponder()
        h.settle()
        #expect(h.app.keyboard.frameOfKey(typing: ".") != nil)
        #expect(h.app.keyboard.frameOfKey(typing: "*") == nil)
    }

    @Test func theSymbolsPageTypesSymbolsAndReturnsToLetters() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        h.tap(at: h.keyCentre(.symbols))
        h.tapKeys("@#")
        h.tap(at: h.keyCentre(.letters))
        h.tapKeys("x")
        #expect(field.text == "@#x")
    }

    @Test func returnOnAFieldSendsEditingDidEndOnExit() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        var exits = 0
        field.addAction({ _ in exits += 1 }, for: .editingDidEndOnExit)
        h.tap(at: h.keyCentre(.returnKey))
        #expect(exits == 1)
    }
}
