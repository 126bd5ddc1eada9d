import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// The on-screen keyboard with an input method (the fake engine of InputMethodTests): taps
/// feed the engine, the candidate bar sits above the keys, and the keyboard gives the bar back
/// when it hides. (The real librime: Tests/VitrineRimeTests/RimeKeyboardTests.swift.)
@MainActor
@Suite(.serialized) struct KeyboardInputMethodTests {
    @Test func tapsComposeTheBarSitsAboveTheKeysAndATapOnACandidateCommits() {
        let h = Harness()
        h.window.backgroundColor = .white
        let engine = FakeInputMethod()
        h.app.inputMethod = engine
        let field = h.focusedFieldWithKeyboard()
        let bar = h.app.inputMethodController.candidateBar
        #expect(h.app.keyboard.hostsCandidateBar && !h.app.inputMethodController.placesCandidateBar)
        #expect(h.app.keyboard.shownFrame.height == h.app.keyboard.view.frame.height)
        h.tapKeys("abc")
        #expect(engine.keys == [.character("a"), .character("b"), .character("c")])
        #expect(field.text == "abc" && field.markedRange == 0..<3)
        #expect(!bar.isHidden && bar.superview === h.app.keyboard.view)
        let barInScreen = bar.convert(bar.bounds, to: nil)
        #expect(barInScreen.minY == h.app.keyboard.view.frame.minY)
        #expect(barInScreen.maxY <= h.app.keyboard.frameOfKey(typing: "1")!.minY)
        expectGolden(h.app.keyboard.view.snapshot(scale: 1), "keyboard-candidates")
        let second = bar.convert(bar.cellRects[1], to: nil)
        h.tap(at: Point(x: second.midX, y: second.midY))
        #expect(field.text == "abc!" && field.markedRange == nil && bar.isHidden)
        // Focus going away: the keyboard slides down with the bar, then gives it back to the
        // controller.
        field.resignFirstResponder()
        h.loop.wakeUp()
        h.loop.runUntilIdle()  // the slide starts (settle() would run it to its end)
        #expect(h.app.keyboard.hostsCandidateBar && !h.app.keyboard.isVisible)
        h.advance(by: 1)
        h.settle()
        #expect(!h.app.keyboard.hostsCandidateBar && h.app.inputMethodController.placesCandidateBar)
        #expect(bar.superview !== h.app.keyboard.view)
    }

    @Test func withoutAnInputMethodTheKeyboardHostsNoBar() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        #expect(!h.app.keyboard.hostsCandidateBar)
        h.tapKeys("abc")
        #expect(field.text == "abc" && field.markedRange == nil)
    }
}

/// The input method set or turned off while the keyboard is up.
@MainActor
@Suite(.serialized) struct KeyboardInputMethodChangeTests {
    @Test func settingAnInputMethodWhileTheKeyboardIsUpAddsTheBarAndSaysTheNewFrame() {
        let h = Harness()
        let field = h.focusedFieldWithKeyboard()
        let short = h.app.keyboard.view.frame
        var notes: [KeyboardNotification] = []
        let token = h.app.keyboard.addObserver { notes.append($0) }
        h.app.inputMethod = FakeInputMethod()
        h.advance(by: 1)
        h.settle()
        let tall = h.app.keyboard.view.frame
        #expect(h.app.keyboard.hostsCandidateBar)
        #expect(tall.height == short.height + CandidateBar.preferredHeight && tall.maxY == short.maxY)
        #expect(notes.map(\.kind) == [.willShow, .didShow])
        #expect(notes.first?.frameBegin == short && notes.first?.frameEnd == tall)
        h.tapKeys("ab")
        #expect(field.markedRange == 0..<2)
        // Turned off: the composition ends, the bar goes, the keyboard is short again.
        h.app.isInputMethodEnabled = false
        h.advance(by: 1)
        h.settle()
        #expect(!h.app.keyboard.hostsCandidateBar && h.app.keyboard.view.frame == short)
        #expect(field.text == "" && field.markedRange == nil)
        h.tapKeys("ab")
        #expect(field.text == "ab")
        token.cancel()
    }
}

/// A scroll view's inset follows the keyboard's height when the candidate bar comes.
@MainActor
struct KeyboardInputMethodScrollTests {
    @Test func theScrollViewsInsetGrowsWithTheBar() {
        let h = Harness()
        let scroll = ScrollView(frame: h.window.bounds)
        scroll.contentSize = Size(width: 800, height: 600)
        h.window.addSubview(scroll)
        let field = TextField(frame: Rect(x: 20, y: 400, width: 300, height: 40))
        scroll.addSubview(field)
        h.settle()
        field.becomeFirstResponder()
        h.settle()
        h.advance(by: 1)
        let short = scroll.contentInset.bottom
        h.app.inputMethod = FakeInputMethod()
        h.settle()
        h.advance(by: 1)
        #expect(scroll.contentInset.bottom == short + CandidateBar.preferredHeight)
        #expect(scroll.contentInset.bottom == 480 - h.app.keyboard.shownFrame.minY)
        #expect(field.convert(field.bounds, to: nil).maxY <= h.app.keyboard.shownFrame.minY)
        field.resignFirstResponder()
        h.settle()
        h.advance(by: 1)
        #expect(scroll.contentInset.bottom == 0)
    }
}

/// Bad moments mid-composition on the on-screen keyboard: the field removed, the screen turned.
@MainActor
struct KeyboardInputMethodHostileTests {
    @Test func aFieldRemovedMidCompositionHidesTheKeyboardAndGivesTheBarBack() {
        let h = Harness()
        let engine = FakeInputMethod()
        h.app.inputMethod = engine
        let field = h.focusedFieldWithKeyboard()
        h.tapKeys("ok")
        h.tap(at: h.keyCentre(.space))
        h.tapKeys("ab")
        #expect(field.text == "OKab" && field.markedRange == 2..<4)
        field.removeFromSuperview()
        h.settle()
        h.advance(by: 1)
        #expect(field.text == "OK")  // committed text stays, the preedit goes
        #expect(!h.app.keyboard.isVisible && !h.app.keyboard.hostsCandidateBar)
        #expect(h.app.inputMethodController.candidateBar.isHidden && engine.letters.isEmpty)
        // A new field composes as before.
        let next = h.addField(frame: Rect(x: 20, y: 80, width: 300, height: 40))
        next.becomeFirstResponder()
        h.settle()
        h.advance(by: 1)
        h.tapKeys("xy")
        h.tap(at: h.keyCentre(.space))
        #expect(next.text == "XY")
    }

    @Test func turningTheScreenMidCompositionKeepsTheBarAboveTheKeys() {
        let h = Harness()
        h.app.inputMethod = FakeInputMethod()
        let field = h.focusedFieldWithKeyboard()
        h.tapKeys("ab")
        h.app.setScreenRotation(.clockwise90)
        h.settle()
        h.advance(by: 0.5)
        let bar = h.app.inputMethodController.candidateBar
        let frame = h.app.keyboard.shownFrame
        #expect(frame.width == h.app.screen.bounds.width && frame.maxY == h.app.screen.bounds.height)
        #expect(bar.convert(bar.bounds, to: nil) == Rect(x: 0, y: frame.minY, width: frame.width, height: CandidateBar.preferredHeight))
        #expect(field.markedRange == 0..<2)
        h.tapKeys("c")
        h.tap(at: h.keyCentre(.space))
        #expect(field.text == "ABC")
    }
}
