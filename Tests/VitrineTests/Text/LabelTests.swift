import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
struct LabelTests {
    let lineHeight = 2384.0 * 17 / 2048  // DejaVu Sans at 17 points: 19.79

    /// The width of `text` on one line in the 17-point system font.
    func advance(_ text: String, font: Font = .system(size: 17)) -> Double {
        TextLayout(text: text, font: font).size.width
    }

    @Test func defaultsAreUILabels() {
        let label = Label(frame: .zero)
        #expect(label.text == nil)
        #expect(label.font == .system(size: 17))
        #expect(label.textColor == .black)
        #expect(label.textAlignment == .natural)
        #expect(label.numberOfLines == 1)
        #expect(label.lineBreakMode == .byTruncatingTail)
        #expect(label.lineSpacing == 0)
        #expect(label.backgroundColor == nil)
        #expect(!label.isUserInteractionEnabled)
    }

    /// What a layout shows, comparably: the text, the size, and each line's displayed text,
    /// box and glyphs.
    func summary(_ layout: TextLayout?) -> String {
        guard let layout else { return "nil" }
        return "\(layout.text) \(layout.size) \(layout.isTruncated) "
            + layout.lines.map { "\($0.displayedText) \($0.rect) \($0.runs.map(\.glyphs))" }.joined(separator: " | ")
    }

    @Test func aLabelWhoseTextChangesLaysItOutLikeANewLabel() {
        // The label lays each new text out in its last layout's storage: nothing of the old
        // text may show, at one line (truncated) or several, after a font change or a resize.
        let label = Label(frame: Rect(x: 0, y: 0, width: 120, height: 200))
        let texts = ["Now serving A-41", "A-9", "", "Now serving a much longer queue number", "שלום A-42", "你好 A-43"]
        for lines in [1, 0] {
            label.numberOfLines = lines
            for (i, text) in texts.enumerated() {
                label.text = text
                if i == 4 { label.font = .system(size: 20) }
                if i == 5 { label.frame.size.width = 90 }
                // `.natural` in a left-to-right label is its left edge, the Hebrew text's too.
                let fresh = text.isEmpty ? nil : TextLayout(text: text, font: label.font, width: label.bounds.width,
                                                            numberOfLines: lines, lineBreakMode: .byTruncatingTail,
                                                            alignment: .left)
                #expect(summary(label.textLayout) == summary(fresh), "\(lines) lines: \(text)")
            }
            label.font = .system(size: 17)
            label.frame.size.width = 120
        }
    }

    @Test func aLayoutTakenFromALabelKeepsItsTextWhenTheLabelChanges() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 30))
        label.text = "Room 12"
        let taken = label.textLayout
        let before = summary(taken)
        label.text = "Room 345"
        _ = label.textLayout
        #expect(summary(taken) == before)
        #expect(label.textLayout?.text == "Room 345")
    }

    @Test func intrinsicSizeIsTheTextsRoundedUp() {
        let label = Label(frame: .zero)
        #expect(label.intrinsicContentSize == .zero)
        label.text = "Hello"
        #expect(label.intrinsicContentSize == Size(width: advance("Hello").rounded(.up), height: 20))
        label.text = ""
        #expect(label.intrinsicContentSize == .zero)
        label.text = "Hello\nworld, again"
        label.numberOfLines = 0
        #expect(label.intrinsicContentSize == Size(width: advance("world, again").rounded(.up), height: (2 * lineHeight).rounded(.up)))
    }

    @Test func sizeThatFitsWrapsMultiLineLabelsOnly() {
        let label = Label(frame: .zero)
        label.text = "aaa bbb ccc"
        let width = advance("aaa bbb") + 1
        // One line: the whole text, whatever width is offered.
        #expect(label.sizeThatFits(Size(width: width, height: 100)) == Size(width: advance("aaa bbb ccc").rounded(.up), height: 20))
        label.numberOfLines = 0
        #expect(label.sizeThatFits(Size(width: width, height: 100)) == Size(width: advance("aaa bbb").rounded(.up), height: (2 * lineHeight).rounded(.up)))
        label.preferredMaxLayoutWidth = width
        #expect(label.intrinsicContentSize.height == (2 * lineHeight).rounded(.up))
        label.sizeToFit()
        #expect(label.frame.size == Size(width: advance("aaa bbb ccc").rounded(.up), height: 20))
    }

    @Test func convenienceInitSizesToFit() {
        let label = Label(text: "Vitrine", font: .system(size: 30))
        #expect(label.bounds.size == Size(width: advance("Vitrine", font: .system(size: 30)).rounded(.up),
                                          height: (2384.0 * 30 / 2048).rounded(.up)))
    }

    @Test func changingTheTextRelaysOutTheSuperviewAndRedraws() {
        let h = Harness()
        let label = Label(frame: Rect(x: 10, y: 10, width: 200, height: 40))
        label.text = "One"
        h.window.addSubview(label)
        h.settle()
        #expect(!h.window.needsLayout && label.dirtyRect.isNull)
        label.text = "One"
        #expect(!h.window.needsLayout && label.dirtyRect.isNull)
        label.text = "Two"
        #expect(h.window.needsLayout)
        #expect(label.dirtyRect == label.bounds)
        h.settle()
        label.font = .system(size: 20)
        #expect(h.window.needsLayout && label.dirtyRect == label.bounds)
        h.settle()
        label.numberOfLines = 2
        #expect(h.window.needsLayout)
        h.settle()
        // Colour and alignment do not change the size: redraw only.
        label.textColor = .red
        #expect(!h.window.needsLayout && label.dirtyRect == label.bounds)
        h.settle()
        label.textAlignment = .center
        #expect(!h.window.needsLayout && label.dirtyRect == label.bounds)
        h.settle()
        label.textColor = .red
        #expect(label.dirtyRect.isNull)
    }

    @Test func drawsTheTextCentredVertically() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 60))
        label.text = "Hello"
        let expected = Surface(width: 200, height: 60, format: .argb8888)
        TextLayout(text: "Hello", font: .system(size: 17), width: 200, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
            .draw(in: expected, at: Point(x: 0, y: (60 - lineHeight) / 2), scale: 1, color: .black)
        #expect(label.snapshot(scale: 1).hasSamePixels(as: expected))
    }

    @Test func drawsSharpAtTwiceTheScale() {
        // On a 2× screen the label draws its backing store at 2 pixels per point.
        let h = Harness(width: 400, height: 200, scale: 2)
        let label = Label(frame: Rect(x: 0, y: 0, width: 120, height: 30))
        h.window.addSubview(label)
        label.text = "Grüße 你好"
        label.textColor = .blue
        label.textAlignment = .right
        let layout = TextLayout(text: "Grüße 你好", font: .system(size: 17), width: 120, numberOfLines: 1,
                                lineBreakMode: .byTruncatingTail, alignment: .right)
        let expected = Surface(width: 240, height: 60, format: .argb8888)
        layout.draw(in: expected, at: Point(x: 0, y: 2 * (30 - layout.size.height) / 2), scale: 2, color: .blue)
        h.settle()
        let snapshot = label.snapshot()
        #expect(snapshot.width == 240 && snapshot.height == 60)
        #expect(snapshot.hasSamePixels(as: expected))
    }

    @Test func truncatesToItsWidth() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 80, height: 30))
        label.text = "A label far too long for its width"
        let layout = label.textLayout!
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].displayedText.hasSuffix("…"))
        #expect(layout.lines[0].width <= 80)
        label.lineBreakMode = .byTruncatingHead
        #expect(label.textLayout!.lines[0].displayedText.hasPrefix("…"))
    }

    @Test func showsOnlyTheLinesItsHeightHolds() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 2 * lineHeight + 5))
        label.numberOfLines = 0
        label.text = "one two three four five six seven eight nine ten"
        let layout = label.textLayout!
        #expect(layout.lines.count == 2)
        #expect(layout.lines[1].displayedText.hasSuffix("…"))
        // Taller bounds: more lines.
        label.frame = Rect(x: 0, y: 0, width: 100, height: 200)
        #expect(label.textLayout!.lines.count > 2)
        #expect(label.textLayout!.lines.last!.displayedText.hasSuffix("…") == false)
        // Never fewer than one line, however short.
        label.frame = Rect(x: 0, y: 0, width: 100, height: 5)
        #expect(label.textLayout!.lines.count == 1)
    }

    @Test func textRectIsTheCentredBlockOfLines() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        label.text = "one two three four five six"
        let bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let one = label.textRect(forBounds: bounds, limitedToNumberOfLines: 1)
        #expect(one == Rect(x: 0, y: (100 - lineHeight) / 2, width: 100, height: lineHeight))
        let two = label.textRect(forBounds: bounds, limitedToNumberOfLines: 2)
        #expect(two.height == 2 * lineHeight)
        label.text = nil
        #expect(label.textRect(forBounds: bounds, limitedToNumberOfLines: 1) == .zero)
        #expect(label.textLayout == nil)
    }

    @Test func touchesGoThroughToTheViewBehind() {
        let h = Harness()
        let behind = RecordingView("behind", frame: Rect(x: 0, y: 0, width: 300, height: 100))
        h.window.addSubview(behind)
        let label = Label(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        label.text = "Tap me"
        h.window.addSubview(label)
        h.tap(at: Point(x: 50, y: 50))
        #expect(behind.log == ["began 1", "ended 1"])
    }

    @Test func aMixedScriptLabelDrawsEveryScript() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 240, height: 30))
        label.text = "Hello Привет 你好"
        let snapshot = label.snapshot(scale: 1)
        // Ink in each third of the text's width: Latin, Cyrillic, Chinese.
        let width = advance("Hello Привет 你好")
        let starts = [0.0, advance("Hello "), advance("Hello Привет ")]
        let ends = [advance("Hello"), advance("Hello Привет"), width]
        for (start, end) in zip(starts, ends) {
            var ink = 0
            for y in 0..<30 {
                for x in Int(start)..<Int(end) where snapshot.color(x: x, y: y).alpha > 0.5 { ink += 1 }
            }
            #expect(ink > 20)
        }
    }
}
