import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A tiny engine: letters build the preedit; the candidates are the preedit upper-cased and
/// the preedit with "!"; Space commits the highlighted one, Return the raw letters; Escape
/// clears; Backspace drops a letter. `commitOverride` replaces what a choice commits (to feed
/// the field bad text).
@MainActor
final class FakeInputMethod: InputMethod {
    let name = "Fake"
    var letters = ""
    var committed: String?
    var commitOverride: String?
    var candidatesOverride: [String]?
    var keys: [InputMethodKey] = []
    var resets = 0

    var state: InputMethodState {
        guard !letters.isEmpty else { return .idle }
        return InputMethodState(preedit: letters, preeditCursor: letters.count,
                                candidates: candidatesOverride ?? [letters.uppercased(), letters + "!"], highlightedCandidate: 0)
    }

    func process(_ key: InputMethodKey) -> Bool {
        keys.append(key)
        switch key {
        case .character(let c) where c.isLetter: letters.append(c); return true
        case .backspace: guard !letters.isEmpty else { return false }; letters.removeLast(); return true
        case .escape: guard !letters.isEmpty else { return false }; letters = ""; return true
        case .space: guard !letters.isEmpty else { return false }; return selectCandidate(at: 0)
        case .return: guard !letters.isEmpty else { return false }; commit(letters); return true
        default: return !letters.isEmpty
        }
    }

    func takeCommit() -> String? { defer { committed = nil }; return committed }

    func selectCandidate(at index: Int) -> Bool {
        guard state.candidates.indices.contains(index) else { return false }
        commit(commitOverride ?? state.candidates[index])
        return true
    }

    func reset() { letters = ""; committed = nil; resets += 1 }

    private func commit(_ text: String) { committed = (committed ?? "") + text; letters = "" }
}

@MainActor
@Suite struct InputMethodTests {
    let h = Harness()
    let engine = FakeInputMethod()
    let field: TextField

    init() {
        field = h.addField(frame: Rect(x: 20, y: 100, width: 300, height: 40))
        // Typed from a hardware keyboard: the on-screen one stays down and the bar sits by the field.
        h.app.keyboard.isHardwareKeyboardAttached = true
        h.app.inputMethod = engine
        field.becomeFirstResponder()
        h.loop.runUntilIdle()
    }

    var bar: CandidateBar { h.app.inputMethodController.candidateBar }

    @Test func preeditIsMarkedTextAndSpaceCommitsTheHighlightedCandidate() {
        h.type("abc")
        #expect(field.text == "abc")
        #expect(field.markedRange == 0..<3)
        #expect(field.selectedRange == 3..<3)
        #expect(bar.window === h.window && !bar.isHidden)
        #expect(bar.candidates == ["ABC", "abc!"])
        #expect(bar.frame.maxY == 100)  // just above the field
        h.press(57, characters: " ")
        #expect(field.text == "ABC")
        #expect(field.markedRange == nil)
        #expect(bar.isHidden)
        #expect(field.undo() && field.text == "")  // the commit is one undoable insertion
    }

    @Test func numberKeysAndTapsChooseACandidate() {
        h.type("ab")
        h.press(3, characters: "2")
        #expect(field.text == "ab!")
        h.type("cd")
        let cell = bar.cellRects[1]
        h.tap(at: bar.convert(Point(x: cell.midX, y: cell.midY), to: nil))
        #expect(field.text == "ab!cd!")
        #expect(field.markedRange == nil)
    }

    @Test func backspaceAndEscapeEditThePreeditNotTheText() {
        h.type("ab")
        h.press(57, characters: " ")
        h.type("xyz")
        h.press(14)
        #expect(field.text == "ABxy" && field.markedRange == 2..<4)
        h.press(1)
        #expect(field.text == "AB" && field.markedRange == nil)
        #expect(bar.isHidden)
        h.press(14)  // nothing composed: the field deletes
        #expect(field.text == "A")
    }

    @Test func invalidScalarsAndControlsFromTheEngineAreDropped() {
        engine.commitOverride = "你\u{FFFD}\u{0}\u{7}好\u{1B}"
        h.type("ni")
        h.press(57, characters: " ")
        #expect(field.text == "你好")
    }

    @Test func ctrlSpaceTogglesAndSecureFieldsBypass() {
        h.press(57, characters: " ", modifiers: .control)
        #expect(!h.app.isInputMethodEnabled)
        h.type("ab")
        #expect(field.text == "ab" && field.markedRange == nil)
        h.press(57, characters: " ", modifiers: .control)
        h.type("c")
        #expect(field.markedRange == 2..<3)
        h.press(57, characters: " ", modifiers: .control)  // off mid-composition: the preedit goes
        #expect(field.text == "ab" && engine.letters == "")

        let pin = h.addField(frame: Rect(x: 20, y: 200, width: 100, height: 40))
        pin.isSecureTextEntry = true
        h.app.isInputMethodEnabled = true
        pin.becomeFirstResponder()
        h.type("q")
        #expect(pin.text == "q" && pin.markedRange == nil)
    }

    @Test func focusMovingOrTheFieldLeavingEndsTheComposition() {
        h.type("ab")
        h.press(57, characters: " ")
        h.type("cd")
        let other = h.addField(frame: Rect(x: 20, y: 200, width: 100, height: 40))
        other.becomeFirstResponder()
        #expect(field.text == "AB" && field.markedRange == nil)
        #expect(engine.letters == "" && bar.isHidden)
        h.type("ef")
        field.becomeFirstResponder()
        #expect(other.text == "")
        h.type("gh")
        field.removeFromSuperview()
        h.loop.runUntilIdle()
        #expect(field.text == "AB" && !field.isEditing)
        #expect(!h.app.inputMethodController.isComposing && bar.isHidden)
    }

    @Test func ctrlShortcutsWhileComposingAreSwallowed() {
        h.type("ab")
        h.press(30, characters: "a", modifiers: .control)  // Ctrl-A would select the preedit
        #expect(field.markedRange == 0..<2 && field.selectedRange == 2..<2)
        h.press(15)  // Tab: no name for it, swallowed while composing
        #expect(field.isFirstResponder && field.markedRange == 0..<2)
    }

    @Test func aHostPlacesTheBarAndThePreeditIsUnderlined() {
        let controller = h.app.inputMethodController
        controller.placesCandidateBar = false
        let box = View(frame: Rect(x: 0, y: 240, width: 360, height: 100))
        box.backgroundColor = .white
        bar.frame = Rect(x: 0, y: 0, width: 360, height: CandidateBar.preferredHeight)
        box.addSubview(bar)
        let hosted = TextField(frame: Rect(x: 10, y: 52, width: 340, height: 40))
        hosted.autocapitalizationType = .none
        hosted.borderWidth = 1
        hosted.borderColor = Color(white: 0.75)
        box.addSubview(hosted)
        h.window.addSubview(box)
        hosted.becomeFirstResponder()
        hosted.insertText("去")
        engine.candidatesOverride = ["北京", "背景", "被", "北"]
        h.type("beijing")
        #expect(bar.superview === box && bar.frame.minY == 0)  // left where the host put it
        #expect(hosted.markedRange == 1..<8)
        expectGolden(box.snapshot(scale: 1), "inputmethod-preedit-candidates")
    }

    @Test func aTextViewComposesTooAndReturnCommitsTheLetters() {
        let notes = TextView(frame: Rect(x: 20, y: 200, width: 300, height: 120))
        notes.autocapitalizationType = .none
        h.window.addSubview(notes)
        notes.becomeFirstResponder()
        h.type("ab")
        #expect(notes.markedRange == 0..<2 && field.markedRange == nil)
        h.press(28)
        #expect(notes.text == "ab" && notes.markedRange == nil)  // Return: the letters, no line feed
        h.press(28)
        #expect(notes.text == "ab\n")  // nothing composed: the view's own Return
    }
}
