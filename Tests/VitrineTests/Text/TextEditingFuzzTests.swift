import Foundation
import Testing
@testable import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineTestSupport

// Seeded random Unicode through editing (issue 35: text never traps): a text field, a text view
// and a label take random text (every script, controls, noncharacters, bidi controls, emoji
// sequences, flags…) and random edits at random places: typing, keys (arrows with and without
// Shift, Home, End, Backspace, Delete), insertion and replacement, deleting, selecting, marked
// text as an input method sets it, undo and redo, cut, copy and paste, taps. After every step
// carets, selections and marked ranges must stay valid character offsets, the lines must cover
// the text, and what sanitizing drops must not be there; undo must give back exactly what
// recorded edits changed. VITRINE_TEXT_FUZZ_EDITS sets the number of steps (default 12,000
// and 150 undo episodes), VITRINE_TEXT_FUZZ_SEED the seed; a failure names both and the step.

/// What is being edited: a field or a text view, seen through what both share.
@MainActor
protocol FuzzedEditor: TextEditingHost, TextInput, View {
    /// The character boundary nearest to `point` (the view's bounds space, or its content's).
    func offset(at point: Point) -> Int
    /// The lines shown, as character ranges (one line for a field).
    var lineRanges: [Range<Int>] { get }
}

extension TextField: FuzzedEditor {
    var lineRanges: [Range<Int>] { [0..<buffer.count] }
}

extension TextView: FuzzedEditor {
    var lineRanges: [Range<Int>] { lines.lines.map(\.range) }
}

@MainActor
@Suite(.serialized) struct TextEditingFuzzTests {
    static let seed = ProcessInfo.processInfo.environment["VITRINE_TEXT_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x35_ED17
    static let edits = ProcessInfo.processInfo.environment["VITRINE_TEXT_FUZZ_EDITS"].flatMap { Int($0) } ?? 12_000
    /// Keys the fuzz presses (linux/input-event-codes.h): arrows, Home, End, Backspace, Delete.
    static let movingKeys = [105, 106, 103, 108, 102, 107, 14, 111]

    /// A field, a text view and a label in one window.
    @MainActor
    final class Bench {
        let h = Harness()
        let field = TextField(frame: Rect(x: 10, y: 10, width: 220, height: 36))
        let view = TextView(frame: Rect(x: 10, y: 60, width: 200, height: 140))
        let label = Label(frame: Rect(x: 10, y: 220, width: 300, height: 60))

        init() {
            field.autocapitalizationType = .none
            view.autocapitalizationType = .none
            label.numberOfLines = 0
            for v in [field, view, label] as [View] { h.window.addSubview(v) }
            h.loop.runUntilIdle()
        }
    }

    /// The first thing wrong with `editor` after a step, or nil.
    static func problem(in editor: some FuzzedEditor, random: inout RandomUnicode) -> String? {
        let count = editor.buffer.count
        let selection = editor.selectedRange
        guard selection.lowerBound >= 0, selection.upperBound <= count else { return "selection \(selection) of \(count)" }
        if let marked = editor.markedRange, marked.lowerBound < 0 || marked.upperBound > count {
            return "marked \(marked) of \(count)"
        }
        for scalar in editor.buffer.text.unicodeScalars {
            switch scalar.value {
            case 0x0A where !editor.isSingleLine, 0x09 where !editor.isSingleLine: continue
            case 0x2028, 0x2029: if editor.isSingleLine { return "a line separator in a field" }
            case 0x00...0x1F, 0x7F...0x9F, 0xFFFD: return "U+\(String(scalar.value, radix: 16)) was not sanitized away"
            default: continue
            }
        }
        for offset in [selection.lowerBound, selection.upperBound, count] {
            let caret = editor.caretRect(for: offset)
            guard caret.minX.isFinite, caret.minY.isFinite, caret.height > 0 else { return "caret \(caret) at \(offset)" }
        }
        let point = Point(x: Double(random.int(-50...400)), y: Double(random.int(-50...300)))
        let hit = editor.offset(at: point)
        guard hit >= 0, hit <= count else { return "offset(at: \(point)) is \(hit) of \(count)" }
        // The lines cover the text in order: one after the other where a line wraps, one line
        // end (not on either line) between them where a paragraph ends.
        let lines = editor.lineRanges, characters = editor.buffer.characters
        guard let first = lines.first, let last = lines.last, first.lowerBound == 0, last.upperBound == count,
              zip(lines, lines.dropFirst()).allSatisfy({ line, next in
                  line.upperBound == next.lowerBound
                      || (next.lowerBound == line.upperBound + 1 && characters[line.upperBound].isNewline)
              }) else {
            return "lines \(lines) of \(count)"
        }
        return nil
    }

    /// One random step on `editor` (the first responder).
    static func step(_ editor: some FuzzedEditor, bench: Bench, random: inout RandomUnicode) {
        let count = editor.buffer.count
        func offset() -> Int { random.int(-2...count + 2) }
        func range() -> Range<Int> {
            let a = random.int(0...count), b = random.int(0...count)
            return min(a, b)..<max(a, b)
        }
        switch random.int(0...17) {
        case 0, 1: editor.insertText(random.string(maxPieces: 3))
        case 2: editor.deleteBackward()
        case 3: editor.editDeleteForward()
        case 4: let o = offset(); editor.selectedRange = o..<o
        case 5: editor.selectedRange = range()
        case 6:
            editor.selectedRange = range()
            editor.insertText(random.string(maxPieces: 2))
        case 7: editor.editUndo()
        case 8: editor.editRedo()
        case 9:
            let marked = random.oneIn(5) ? nil : random.string(maxPieces: 2)
            editor.setMarkedText(marked, selectedRange: min(random.int(0...4), 4)..<random.int(4...6))
        case 10: editor.unmarkText()
        case 11:
            bench.h.press(movingKeys[random.int(0...movingKeys.count - 1)], modifiers: random.oneIn(3) ? KeyModifiers.shift : [])
        case 12: bench.h.press(Key.letter, characters: random.piece())
        case 13: editor.editCut()
        case 14: editor.editCopy()
        case 15: editor.editPaste()
        case 16:
            let frame = editor.frame
            bench.h.tap(at: Point(x: frame.minX + Double(random.int(0...Int(frame.width))),
                                  y: frame.minY + Double(random.int(0...Int(frame.height)))))
        default:
            // Keep the text short enough that a step stays cheap; sometimes a whole new text.
            if count > 120 || random.oneIn(4) {
                if let field = editor as? TextField { field.text = random.string(maxPieces: 12) }
                if let view = editor as? TextView { view.text = random.string(maxPieces: 24) }
            }
        }
    }

    @Test func randomEditsKeepOffsetsValid() {
        let bench = Bench()
        var random = RandomUnicode(seed: Self.seed)
        var failures = 0
        for i in 0..<Self.edits where failures < 10 {
            // Blocks of steps on one editor, then on the other (taking focus from the first).
            let useField = i / 400 % 2 == 0
            let editor: any FuzzedEditor = useField ? bench.field : bench.view
            if !editor.isFirstResponder { #expect(editor.becomeFirstResponder()) }
            if editor.buffer.count > 200 { (editor as? TextField)?.text = ""; (editor as? TextView)?.text = "" }
            Self.step(editor, bench: bench, random: &random)
            if i % 10 == 0 { bench.label.text = random.string(maxPieces: 12) }
            if i % 20 == 0 { bench.h.loop.runUntilIdle() }
            var problem = Self.problem(in: editor, random: &random)
            if problem == nil, let text = bench.label.text, !text.isEmpty,
               !(bench.label.textLayout.map { !$0.lines.isEmpty && $0.size.width.isFinite } ?? false) {
                problem = "the label's layout of \(text.debugDescription)"
            }
            if let problem {
                failures += 1
                Issue.record("seed \(Self.seed), step \(i) in the \(useField ? "field" : "text view"): \(problem): \(editor.buffer.text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    /// Random edits that all go on the undo stack (no marked text), 40 at a time from a fresh
    /// text: undoing them all gives back the text they started from, redoing them all the text
    /// they made.
    @Test(arguments: [true, false])
    func undoGivesBackExactlyWhatRecordedEditsChanged(field useField: Bool) {
        let bench = Bench()
        var random = RandomUnicode(seed: Self.seed ^ (useField ? 1 : 2))
        let editor: any FuzzedEditor = useField ? bench.field : bench.view
        #expect(editor.becomeFirstResponder())
        for episode in 0..<max(Self.edits / 160, 1) {
            let start = random.string(maxPieces: 6)
            if let field = editor as? TextField { field.text = start }
            if let view = editor as? TextView { view.text = start }
            let before = editor.buffer.text
            var steps = 0
            for _ in 0..<40 {
                let count = editor.buffer.count
                let a = random.int(0...count), b = random.int(0...count)
                switch random.int(0...5) {
                case 0: editor.selectedRange = a..<a; editor.insertText(random.string(maxPieces: 2))
                case 1: editor.selectedRange = a..<a; editor.deleteBackward()
                case 2: editor.selectedRange = a..<a; editor.editDeleteForward()
                case 3: editor.selectedRange = min(a, b)..<max(a, b); editor.insertText(random.piece())
                case 4: editor.selectedRange = min(a, b)..<max(a, b); editor.editCut()
                default: bench.h.press(Key.letter, characters: random.piece())
                }
                steps += 1
            }
            let after = editor.buffer.text
            var undone = 0
            while editor.editUndo() { undone += 1 }
            #expect(editor.buffer.text.unicodeScalars.elementsEqual(before.unicodeScalars),
                    "seed \(Self.seed), episode \(episode): undo gave \(editor.buffer.text.debugDescription), not \(before.debugDescription)")
            #expect(undone <= steps)
            while editor.editRedo() {}
            #expect(editor.buffer.text.unicodeScalars.elementsEqual(after.unicodeScalars),
                    "seed \(Self.seed), episode \(episode): redo gave \(editor.buffer.text.debugDescription), not \(after.debugDescription)")
        }
    }

    @Test(arguments: [true, false])
    func undoAfterMarkedTextShortenedTheText(field useField: Bool) {
        // Marked text changes the text outside undo: an input method that empties the field
        // with setMarkedText("") leaves the undo stack holding an edit at offset 3 of a now
        // empty text. Undoing it applied the range 3..<0 (a trap) before the buffer clamped it.
        let bench = Bench()
        let editor: any FuzzedEditor = useField ? bench.field : bench.view
        #expect(editor.becomeFirstResponder())
        editor.insertText("abc")
        editor.selectedRange = 3..<3
        editor.insertText("d")
        editor.selectedRange = 0..<4
        editor.setMarkedText("", selectedRange: 0..<0)
        #expect(editor.buffer.text.isEmpty)
        #expect(editor.editUndo())
        #expect(editor.selectedRange.upperBound <= editor.buffer.count)
        while editor.editUndo() {}
        #expect(editor.buffer.text.isEmpty)
        #expect(editor.selectedRange == 0..<0)
    }

    @Test func theReportedTextsInALabelAFieldAndATextView() {
        let bench = Bench()
        for text in [HostileTextSamples.mixedScripts, HostileTextSamples.controlsAndNoncharacters] {
            bench.label.text = text
            bench.field.text = text
            bench.view.text = text
            bench.h.loop.runUntilIdle()
            #expect(bench.label.textLayout?.lines.isEmpty == false)
            // Fields and text views drop controls and U+FFFD; noncharacters stay (shown as U+FFFD).
            #expect(!bench.field.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            #expect(bench.view.text.unicodeScalars.contains("\u{FFFF}") == text.unicodeScalars.contains("\u{FFFF}"))
            for editor in [bench.field, bench.view] as [any FuzzedEditor] {
                #expect(editor.becomeFirstResponder())
                editor.selectedRange = 0..<0
                for _ in 0...editor.buffer.count + 1 { bench.h.press(106) } // → to the end, and past it
                #expect(editor.selectedRange.upperBound <= editor.buffer.count)
                #expect(editor.selectedRange.upperBound > 0)
                for _ in 0..<5 { editor.deleteBackward() }
                #expect(editor.editUndo())
            }
        }
    }
}

/// The texts of issue 35 (as in VitrineGraphicsTests' HostileTextTests).
enum HostileTextSamples {
    static let mixedScripts = "Kiosk שָׁלוֹם مرحبا بكم 欢迎光临 안녕하세요 👨‍👩‍👧‍👦 👩🏽‍💻 🇩🇪🇯🇵🇺🇦 "
        + "\u{202E}override\u{202C} \u{202B}embed עברית\u{202C} \u{2067}isolate\u{2069} \u{2066}ltr\u{2069} "
        + "\u{2068}first strong\u{2069} \u{200F}rlm\u{200E}lrm"
    static let controlsAndNoncharacters = "a\u{0}b\u{FFFE}c\u{FFFF}d\u{10FFFF}e" + String(Unicode.Scalar(0xFDD0 as UInt32)!) + "\u{E000}\u{F8FF}\u{F0000}\u{10FFFD}f"
        + "\u{1}\u{8}\u{B}\u{C}\u{1B}\u{1C}\u{1F}\u{7F}\u{80}\u{85}\u{9F}g\u{1FFFF}\u{FFFFF}"
        + String(decoding: [0x68, 0x80, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xF0, 0x9F, 0x98, 0x69, 0xFF], as: UTF8.self)
}
