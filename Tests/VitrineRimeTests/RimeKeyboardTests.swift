import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
@testable import VitrineRime

/// Pinyin typed on the on-screen keyboard's keys (no hardware keyboard: the keyboard is up),
/// with the real librime. In `RimePinyinTests`' serialized suite: librime is one engine.
extension RimePinyinTests {
    /// Lets the keyboard slide up (it came up with the field's focus).
    func settleKeyboard() {
        platform.manualMainLoop.runUntilIdle()
        platform.manualMainLoop.advance(by: 1)
        platform.manualMainLoop.runUntilIdle()
    }

    func tap(_ point: Point) {
        platform.input.down(0, at: point)
        platform.input.frame()
        platform.manualMainLoop.runUntilIdle()
        platform.manualMainLoop.advance(by: 0.05)
        platform.input.up(0)
        platform.input.frame()
        platform.manualMainLoop.runUntilIdle()
        platform.manualMainLoop.advance(by: 0.05)
    }

    func centre(_ frame: Rect?) -> Point {
        let frame = frame ?? Rect(x: -100, y: -100, width: 0, height: 0)
        return Point(x: frame.midX, y: frame.midY)
    }

    func tapKeys(_ letters: String) {
        for c in letters {
            let frame = app.keyboard.frameOfKey(typing: String(c))
            #expect(frame != nil, "no key types \(c)")
            tap(centre(frame))
        }
    }

    @Test func nihaoOnTheOnScreenKeysAndATapOnTheCandidateCommits你好() {
        settleKeyboard()
        #expect(app.keyboard.isVisible)
        tapKeys("nihao")
        #expect(marked?.filter { $0 != " " } == "nihao")
        #expect(!bar.isHidden && bar.candidates.first == "你好")
        // The bar sits in the keyboard, above its keys (the digit row), and the keyboard's frame
        // includes it.
        let barInScreen = bar.convert(bar.bounds, to: nil)
        let digits = app.keyboard.frameOfKey(typing: "1")!
        #expect(barInScreen.maxY <= digits.minY)
        #expect(barInScreen.minY >= app.keyboard.shownFrame.minY)
        #expect(bar.window !== window)
        // A tap on the first candidate commits it.
        let cell = bar.convert(bar.cellRects[0], to: nil)
        tap(centre(cell))
        #expect(field.text == "你好")
        #expect(field.markedRange == nil)
        #expect(bar.isHidden)
    }

    @Test func theSpaceKeyCommitsTheHighlightedCandidateAndBackspaceEditsThePreedit() {
        settleKeyboard()
        tapKeys("nihao")
        tap(centre(app.keyboard.frameOfKey(.space)))
        #expect(field.text == "你好")
        tapKeys("zhongx")
        tap(centre(app.keyboard.frameOfKey(.backspace)))
        #expect(marked?.filter { $0 != " " } == "zhong")
        #expect(field.text.hasPrefix("你好"))
        // Return commits the letters as typed.
        tap(centre(app.keyboard.frameOfKey(.returnKey)))
        #expect(field.text == "你好zhong")
        #expect(field.markedRange == nil && bar.isHidden)
        // Not composing, Backspace deletes from the field, and Shift stays off (no capitals for pinyin).
        tap(centre(app.keyboard.frameOfKey(.backspace)))
        #expect(field.text == "你好zhon")
        #expect(app.keyboard.shiftState == .off)
    }

    @Test func aSecureFieldOnTheOnScreenKeyboardBypassesPinyin() {
        let secret = TextField(frame: Rect(x: 20, y: 100, width: 300, height: 40))
        secret.isSecureTextEntry = true
        secret.autocapitalizationType = .none
        window.addSubview(secret)
        secret.becomeFirstResponder()
        settleKeyboard()
        tapKeys("nihao")
        #expect(secret.text == "nihao")
        #expect(!engine.state.isComposing && bar.isHidden)
        // The keyboard hosts no bar for it: its keys start at its top.
        #expect(bar.superview == nil || bar.window === window)
    }
}
