import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Attributed text in a `Label` (shown, measured, truncated) and in a `TextView` (edited with
/// typing attributes, links tapped), and the three-script golden of rich text in labels.
@MainActor
struct RichTextTests {
    let bold = TextAttributes(font: .system(size: 17, weight: .bold))
    let red = Color(rgb: 0xCC0000)

    func runs(_ text: AttributedText) -> [String] {
        text.attributeRuns.map { String(text.string[$0.range]) }
    }

    // MARK: Label

    @Test func settingAttributedTextSetsTextAndSettingTextDropsTheAttributes() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 300, height: 40))
        label.attributedText = AttributedText("Hello ") + AttributedText("world", attributes: bold)
        #expect(label.text == "Hello world")
        #expect(label.attributedText?.runs.count == 2)
        #expect(label.textLayout?.attributedText != nil)
        label.text = "Plain"
        #expect(label.attributedText == AttributedText("Plain", attributes: .init(font: label.font,
                                                                                 foregroundColor: label.textColor)))
        #expect(label.textLayout?.attributedText == nil)
        label.text = nil
        #expect(label.attributedText == nil)
    }

    @Test func aLabelMeasuresItsAttributedText() {
        let label = Label(frame: .zero)
        label.text = "Queue A-41"
        let plain = label.intrinsicContentSize
        label.attributedText = AttributedText("Queue ") + AttributedText("A-41", attributes: .init(font: .system(size: 34, weight: .bold)))
        let rich = label.intrinsicContentSize
        #expect(rich.width > plain.width + 20)
        #expect(rich.height > plain.height + 15)
        #expect(label.sizeThatFits(Size(width: 1000, height: 1000)) == rich)
    }

    @Test func aLabelTruncatesByItsParagraphStylesLineBreakMode() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 150, height: 30))
        label.attributedText = AttributedText("The quick brown fox jumps over the lazy dog",
                                              attributes: .init(paragraphStyle: .init(lineBreakMode: .byTruncatingMiddle)))
        let line = label.textLayout!.lines[0]
        #expect(line.isTruncated)
        #expect(line.displayedText.hasPrefix("The"))
        #expect(line.displayedText.hasSuffix("dog"))
        #expect(line.displayedText.contains("…"))
        // Without a paragraph style, the label's own mode.
        label.attributedText = AttributedText("The quick brown fox jumps over the lazy dog", attributes: bold)
        #expect(label.textLayout!.lines[0].displayedText.hasSuffix("…"))
    }

    @Test func runsWithoutAFontOrColourTakeTheLabels() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 300, height: 60))
        label.attributedText = AttributedText("abc")
        label.font = .system(size: 30)
        #expect(label.textLayout?.lines[0].runs[0].pointSize == 30)
        #expect(label.intrinsicContentSize.height > 30)
    }

    // MARK: TextView

    private func textView(_ h: Harness, editable: Bool = true) -> TextView {
        let view = TextView(frame: Rect(x: 20, y: 20, width: 300, height: 120))
        view.autocapitalizationType = .none
        view.isEditable = editable
        h.window.addSubview(view)
        h.loop.runUntilIdle()
        return view
    }

    @Test func typedTextTakesTheTypingAttributes() {
        let h = Harness()
        let view = textView(h)
        view.becomeFirstResponder()
        h.type("plain ")
        view.typingAttributes = bold
        h.type("bold")
        #expect(view.text == "plain bold")
        #expect(runs(view.attributedText) == ["plain ", "bold"])
        #expect(view.attributedText.runs[1].attributes == bold)
        // Typing goes on in them; moving the caret takes the attributes before it again.
        h.type("er")
        #expect(runs(view.attributedText) == ["plain ", "bolder"])
        view.selectedRange = 2..<2
        #expect(view.typingAttributes == TextAttributes())
        h.type("X")
        #expect(runs(view.attributedText) == ["plXain ", "bolder"])
    }

    @Test func insertingBetweenEqualLettersLandsAtTheCaret() {
        let h = Harness()
        let view = textView(h)
        view.attributedText = AttributedText("hello")
        view.becomeFirstResponder()
        view.selectedRange = 3..<3
        view.typingAttributes = bold
        h.type("l")
        #expect(view.text == "helllo")
        #expect(runs(view.attributedText) == ["hel", "l", "lo"])
        #expect(view.attributedText.runs[1].attributes == bold)
    }

    @Test func deletingShrinksTheRunsAndUndoRestoresTheText() {
        let h = Harness()
        let view = textView(h)
        view.attributedText = AttributedText("one ") + AttributedText("two", attributes: bold) + AttributedText(" three")
        view.becomeFirstResponder()
        view.selectedRange = 6..<6 // after "tw"
        h.press(Key.backspace)
        h.press(Key.backspace)
        #expect(view.text == "one o three")
        #expect(runs(view.attributedText) == ["one ", "o", " three"])
        h.press(Key.backspace)
        h.press(Key.backspace)
        #expect(view.text == "ono three")
        #expect(runs(view.attributedText) == ["on", "o", " three"])
        h.press(Key.z, modifiers: .control)
        // The characters come back; the runs follow the text (the restored ones take the
        // attributes of the text before them).
        #expect(view.text.count > "ono three".count)
        #expect(view.attributedText.string == view.text)
        #expect(view.attributedText.runs.contains { $0.attributes == bold })
    }

    @Test func anAttributedTextViewDrawsItsRuns() {
        let h = Harness()
        let view = textView(h)
        view.attributedText = AttributedText("red", attributes: .init(font: .system(size: 30), foregroundColor: red))
        h.loop.runUntilIdle()
        let layout = view.attributedText
        #expect(layout.runs.count == 1)
        let caret = view.caretRect(for: 3)
        // A 30-point line: the caret is as tall.
        #expect(caret.height > 30)
        let shown = view.snapshot(scale: 1)
        var redPixels = 0
        for y in 0..<60 { for x in 0..<100 where shown.color(x: x, y: y).rgba8 == red.rgba8 { redPixels += 1 } }
        #expect(redPixels > 20)
    }

    final class LinkRecorder: TextViewDelegate {
        var taps: [(String, Range<Int>)] = []
        func textView(_ textView: TextView, didTapLink link: String, in range: Range<Int>) { taps.append((link, range)) }
    }

    @Test func aTapOnALinkInAReadOnlyTextViewReachesTheDelegate() {
        let h = Harness()
        let view = textView(h, editable: false)
        let recorder = LinkRecorder()
        view.textViewDelegate = recorder
        view.attributedText = AttributedText("Read the ") + AttributedText("terms", attributes: .init(link: "app://terms"))
            + AttributedText(" first")
        h.loop.runUntilIdle()
        let start = view.caretRect(for: 9), end = view.caretRect(for: 14)
        let onLink = view.convert(Point(x: (start.midX + end.midX) / 2, y: start.midY), to: nil)
        h.tap(at: onLink)
        #expect(recorder.taps.count == 1)
        #expect(recorder.taps.first?.0 == "app://terms")
        #expect(recorder.taps.first?.1 == 9..<14)
        // Off the link: nothing.
        let plain = view.caretRect(for: 2)
        h.tap(at: view.convert(Point(x: plain.midX, y: plain.midY), to: nil))
        #expect(recorder.taps.count == 1)
    }

    // MARK: Golden

    @Test func richTextInThreeScripts() {
        let h = Harness(width: 360, height: 200)
        let root = View(frame: Rect(x: 0, y: 0, width: 360, height: 200))
        root.backgroundColor = .white
        let blue = Color(rgb: 0x1F5FBF)
        let latin = Label(frame: Rect(x: 8, y: 8, width: 344, height: 48))
        latin.numberOfLines = 0
        latin.attributedText = AttributedText("Rich ") + AttributedText("bold", attributes: bold)
            + AttributedText(" red", attributes: .init(foregroundColor: red))
            + AttributedText(" under", attributes: .init(underlineStyle: .single))
            + AttributedText(" struck", attributes: .init(strikethroughStyle: .single))
            + AttributedText(" marked", attributes: .init(backgroundColor: Color(rgb: 0xFFE680)))
            + AttributedText(" wide", attributes: .init(kern: 3)) + AttributedText(" x")
            + AttributedText("2", attributes: .init(font: .system(size: 11), baselineOffset: 7))
        let arabic = Label(frame: Rect(x: 8, y: 64, width: 344, height: 60))
        arabic.numberOfLines = 0
        arabic.attributedText = AttributedText("مرحبا ", attributes: .init(font: .system(size: 20)))
            + AttributedText("بالعالم", attributes: .init(font: .system(size: 20, weight: .bold), foregroundColor: blue,
                                                          underlineStyle: .single))
            + AttributedText(" 2024 ", attributes: .init(font: .system(size: 20), backgroundColor: Color(rgb: 0xDDEEFF)))
            + AttributedText("שלום", attributes: .init(font: .system(size: 20), foregroundColor: red))
        let chinese = Label(frame: Rect(x: 8, y: 132, width: 344, height: 60))
        chinese.numberOfLines = 0
        chinese.attributedText = AttributedText("中文", attributes: .init(font: .system(size: 28), foregroundColor: blue))
            + AttributedText("富文本，", attributes: .init(font: .system(size: 16)))
            + AttributedText("删除线", attributes: .init(font: .system(size: 16), strikethroughStyle: .single))
            + AttributedText("与下划线", attributes: .init(font: .system(size: 16), underlineStyle: .double))
        for label in [latin, arabic, chinese] { root.addSubview(label) }
        h.window.addSubview(root)
        h.loop.runUntilIdle()
        expectGolden(root.snapshot(scale: 1), "label-rich-text")
    }
}
