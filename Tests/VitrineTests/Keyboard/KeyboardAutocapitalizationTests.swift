import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// The on-screen keyboard's Shift follows the focused view's `autocapitalizationType` (as on
/// iOS), typed through taps on the keys.
@MainActor
struct KeyboardAutocapitalizationTests {
    private func field(_ h: Harness, _ type: TextAutocapitalizationType, keyboard: KeyboardType = .default) -> TextField {
        let field = h.addField()
        field.autocapitalizationType = type
        field.keyboardType = keyboard
        field.becomeFirstResponder()
        h.settle()
        h.advance(by: 1)
        h.settle()
        return field
    }

    @Test func sentencesLatchShiftAtTheStartAndAfterAFullStop() {
        let h = Harness()
        let field = field(h, .sentences)
        #expect(h.app.keyboard.shiftState == .once)
        #expect(h.app.keyboard.frameOfKey(typing: "H") != nil)
        h.tapKeys("hi")
        #expect(field.text == "Hi")
        #expect(h.app.keyboard.shiftState == .off)
        field.insertText(".")
        #expect(h.app.keyboard.shiftState == .off)
        h.tap(at: h.keyCentre(.space))
        #expect(h.app.keyboard.shiftState == .once)
        h.tapKeys("yo")
        #expect(field.text == "Hi. Yo")
    }

    @Test func underTheAutomaticShiftTheDigitRowTypesDigits() {
        let h = Harness()
        let field = field(h, .sentences)
        #expect(h.app.keyboard.isAutomaticShift)
        #expect(h.app.keyboard.frameOfKey(typing: "!") == h.app.keyboard.frameOfKey(typing: "1"))
        h.tap(at: h.keyCentre("1"))
        #expect(field.text == "1")
        // A Shift the user taps shifts the digits as well.
        h.tap(at: h.keyCentre(.shift))
        #expect(h.app.keyboard.shiftState == .once && !h.app.keyboard.isAutomaticShift)
        h.tap(at: h.keyCentre("!"))
        #expect(field.text == "1!")
    }

    @Test func wordsLatchShiftAfterEachSpace() {
        let h = Harness()
        let field = field(h, .words)
        h.tapKeys("ada")
        h.tap(at: h.keyCentre(.space))
        h.tapKeys("lovelace")
        #expect(field.text == "Ada Lovelace")
    }

    @Test func allCharactersKeepShiftOn() {
        let h = Harness()
        let field = field(h, .allCharacters)
        h.tapKeys("abc")
        #expect(field.text == "ABC")
        #expect(h.app.keyboard.shiftState == .once)
    }

    @Test func noneLeavesShiftOff() {
        let h = Harness()
        let field = field(h, .none)
        #expect(h.app.keyboard.shiftState == .off)
        h.tapKeys("abc")
        #expect(field.text == "abc")
    }

    @Test func shiftTappedOffTypesALowerCaseLetterAndBackspaceToTheStartLatchesItAgain() {
        let h = Harness()
        let field = field(h, .sentences)
        h.tap(at: h.keyCentre(.shift))
        #expect(h.app.keyboard.shiftState == .off)
        h.tapKeys("ab")
        #expect(field.text == "ab")
        h.tap(at: h.keyCentre(.backspace))
        h.tap(at: h.keyCentre(.backspace))
        #expect(field.text == "")
        #expect(h.app.keyboard.shiftState == .once)
    }

    @Test func capsLockIsLeftAlone() {
        let h = Harness()
        let field = field(h, .sentences)
        h.tap(at: h.keyCentre(.shift))  // off
        h.tap(at: h.keyCentre(.shift))
        h.tap(at: h.keyCentre(.shift))  // twice quickly: locked
        #expect(h.app.keyboard.shiftState == .locked)
        h.tapKeys("ok")
        h.tap(at: h.keyCentre(.space))
        h.tapKeys("go")
        #expect(field.text == "OK GO")
        #expect(h.app.keyboard.shiftState == .locked)
    }

    @Test func theAppEmptyingTheFieldLatchesShiftAgain() {
        let h = Harness()
        let field = field(h, .sentences)
        h.tapKeys("ab")
        #expect(h.app.keyboard.shiftState == .off)
        field.text = ""
        #expect(h.app.keyboard.shiftState == .once)
        h.tapKeys("c")
        #expect(field.text == "C")
    }

    @Test func movingTheCaretToTheStartLatchesShift() {
        let h = Harness()
        let field = field(h, .sentences)
        h.tapKeys("ab")
        #expect(h.app.keyboard.shiftState == .off)
        field.selectedRange = 0..<0
        #expect(h.app.keyboard.shiftState == .once)
    }

    @Test func theEmailKeyboardHasAtAndDotBesideSpace() {
        let h = Harness()
        let field = field(h, .none, keyboard: .emailAddress)
        h.tapKeys("ada")
        h.tapKeys("@")
        h.tapKeys("x")
        h.tapKeys(".")
        h.tapKeys("org")
        #expect(field.text == "ada@x.org")
        #expect(h.app.keyboard.frameOfKey(.space) != nil)
        #expect(h.app.keyboard.frameOfKey(typing: "/") == nil)
    }

    @Test func theURLKeyboardHasDotSlashAndDotComInsteadOfSpace() {
        let h = Harness()
        let field = field(h, .none, keyboard: .URL)
        #expect(h.app.keyboard.frameOfKey(.space) == nil)
        h.tapKeys("kiosk")
        h.tap(at: h.keyCentre(".com"))
        h.tapKeys("/")
        h.tapKeys("a")
        #expect(field.text == "kiosk.com/a")
    }

    @Test func theReturnKeyIsLabelledByTheFieldsReturnKeyType() {
        let h = Harness()
        let field = field(h, .none)
        let titles: [(ReturnKeyType, String)] = [(.default, "return"), (.go, "Go"), (.next, "Next"), (.search, "Search"),
                                                 (.send, "Send"), (.done, "Done"), (.join, "Join")]
        for (type, title) in titles {
            field.returnKeyType = type
            field.resignFirstResponder()
            field.becomeFirstResponder()
            h.settle()
            let key = h.app.keyboard.view.rows.joined().first { $0.kind == .returnKey }
            #expect(key?.label.text == title, "\(type)")
        }
    }

    @Test func theEmailURLAndSentenceStartKeyboardsLookRight() {
        let h = Harness()
        h.window.backgroundColor = .white
        let email = field(h, .none, keyboard: .emailAddress)
        email.returnKeyType = .next
        email.resignFirstResponder()
        email.becomeFirstResponder()
        h.settle()
        expectGolden(h.app.keyboard.view.snapshot(scale: 1), "keyboard-email-next")
        email.keyboardType = .URL
        email.returnKeyType = .go
        email.resignFirstResponder()
        email.becomeFirstResponder()
        h.settle()
        expectGolden(h.app.keyboard.view.snapshot(scale: 1), "keyboard-url-go")
        // A sentence's start: Shift latched, the letters in capitals; "Search" on return.
        email.keyboardType = .default
        email.returnKeyType = .search
        email.autocapitalizationType = .sentences
        email.resignFirstResponder()
        email.becomeFirstResponder()
        h.settle()
        expectGolden(h.app.keyboard.view.snapshot(scale: 1), "keyboard-autoshift-search")
    }
}
