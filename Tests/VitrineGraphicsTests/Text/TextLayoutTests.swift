import Testing
import VitrineGraphics

@MainActor
struct TextLayoutTests {
    @Test func emptyTextHasNoLinesAndNoSize() {
        let layout = TextLayout(text: "", font: body, width: 100)
        #expect(layout.lines.isEmpty)
        #expect(layout.size == .zero)
        #expect(!layout.isTruncated)
    }

    @Test func widthGrowsWithTheTextAndHeightIsOneLine() {
        let short = TextLayout(text: "Hello", font: body)
        let long = TextLayout(text: "Hello, world", font: body)
        #expect(short.size.width > 0)
        #expect(long.size.width > short.size.width)
        #expect(short.size.height == body.lineHeight)
        #expect(long.size.height == body.lineHeight)
        #expect(short.lines.count == 1 && short.lines[0].baseline == body.ascender)
        // Twice the size, twice the width (positions are unhinted, in points).
        let double = TextLayout(text: "Hello", font: .system(size: 34))
        #expect(abs(double.size.width - 2 * short.size.width) < 1e-9)
    }

    @Test func trailingSpacesDoNotCountLeadingSpacesDo() {
        #expect(advance(of: "ab   ") == advance(of: "ab"))
        #expect(advance(of: " ab") > advance(of: "ab"))
        // No kerning across a space in DejaVu: "ab cd" is "ab", a space and "cd".
        let space = advance(of: " ab") - advance(of: "ab")
        #expect(abs(advance(of: "ab cd") - (advance(of: "ab") + space + advance(of: "cd"))) < 1e-9)
    }

    @Test func wrapsAtSpacesWhenTheTextIsWiderThanTheWidth() {
        let width = advance(of: "aaa bbb") + 1
        #expect(advance(of: "aaa bbb ccc") > width)
        let layout = TextLayout(text: "aaa bbb ccc", font: body, width: width)
        #expect(shownLines(layout) == ["aaa bbb", "ccc"])
        #expect(layout.lines.count == 2)
        #expect(layout.size.height == 2 * body.lineHeight)
        #expect(layout.lines[1].rect.minY == body.lineHeight)
        #expect(layout.lines[1].baseline == body.lineHeight + body.ascender)
        // The first line's range keeps its trailing space; the width does not count it.
        let text = layout.text
        #expect(text[layout.lines[0].range] == "aaa bbb ")
        #expect(text[layout.lines[1].range] == "ccc")
        #expect(abs(layout.lines[0].width - advance(of: "aaa bbb")) < 1e-9)
        #expect(layout.size.width == layout.lines[0].width)
    }

    @Test func everyLineFitsTheWidth() {
        let text = "The quick brown fox jumps over the lazy dog and keeps on running far away"
        for width in [70.0, 90, 133, 200] {
            let layout = TextLayout(text: text, font: body, width: width)
            #expect(layout.lines.count > 1)
            #expect(layout.lines.allSatisfy { $0.width <= width })
            // Nothing is lost: the lines and the spaces between them give back the text.
            #expect(shownLines(layout).joined(separator: " ") == text)
        }
    }

    @Test func breaksAfterAHyphenBetweenLetters() {
        let width = advance(of: "known") + 1
        #expect(advance(of: "well-known") > width)
        let layout = TextLayout(text: "well-known", font: body, width: width)
        #expect(shownLines(layout) == ["well-", "known"])
    }

    @Test func aWordLongerThanTheLineBreaksBetweenCharacters() {
        let text = "abcdefghijklmnopqrstuvwxyz"
        let width = 50.0
        let layout = TextLayout(text: text, font: body, width: width)
        #expect(layout.lines.count > 1)
        #expect(layout.lines.allSatisfy { $0.width <= width && !$0.displayedText.isEmpty })
        #expect(shownLines(layout).joined() == text)
        // Each line is as long as fits: one more character would not.
        for (line, next) in zip(shownLines(layout), shownLines(layout).dropFirst()) {
            #expect(advance(of: line + String(next.first!)) > width)
        }
    }

    @Test func chineseBreaksBetweenAnyTwoIdeographs() {
        // WenQuanYi Micro Hei's ideographs are one em wide: three fit in 3 × 17 + 1 points.
        #expect(advance(of: "你") == 17)
        let layout = TextLayout(text: "你好世界你好世界", font: body, width: 3 * 17 + 1)
        #expect(shownLines(layout) == ["你好世", "界你好", "世界"])
    }

    @Test func closingPunctuationNeverStartsALine() {
        // "，" would start the second line if breaking anywhere: it stays with "世", and "世"
        // moves down with it.
        let layout = TextLayout(text: "你好世，界", font: body, width: 3 * 17 + 1)
        #expect(shownLines(layout) == ["你好", "世，界"])
        let sentence = TextLayout(text: "我们今天去公园散步。天气很好，阳光明媚。", font: body, width: 4 * 17 + 1)
        for line in shownLines(sentence) {
            #expect(!line.hasPrefix("，") && !line.hasPrefix("。"))
        }
        #expect(shownLines(sentence).joined() == "我们今天去公园散步。天气很好，阳光明媚。")
    }

    @Test func latinAndChineseMayBreakBetweenEachOther() {
        let width = advance(of: "abc") + 1
        let layout = TextLayout(text: "abc你好", font: body, width: width)
        #expect(shownLines(layout).first == "abc")
    }

    @Test func charWrappingBreaksInsideWords() {
        let width = advance(of: "aaa b") + 0.5
        let words = TextLayout(text: "aaa bbb", font: body, width: width)
        #expect(shownLines(words) == ["aaa", "bbb"])
        let chars = TextLayout(text: "aaa bbb", font: body, width: width, lineBreakMode: .byCharWrapping)
        #expect(shownLines(chars) == ["aaa b", "bb"])
    }

    @Test func lineFeedsForceBreaks() {
        let layout = TextLayout(text: "one\ntwo", font: body)
        #expect(shownLines(layout) == ["one", "two"])
        let blank = TextLayout(text: "a\n\nb", font: body)
        #expect(shownLines(blank) == ["a", "", "b"])
        #expect(blank.size.height == 3 * body.lineHeight)
        let crlf = TextLayout(text: "a\r\nb", font: body)
        #expect(shownLines(crlf) == ["a", "b"])
    }

    @Test func numberOfLinesLimitsTheLines() {
        let width = advance(of: "aaa bbb") + 1
        let all = TextLayout(text: "aaa bbb ccc ddd eee", font: body, width: width)
        #expect(all.lines.count == 3)
        #expect(!all.isTruncated)
        let two = TextLayout(text: "aaa bbb ccc ddd eee", font: body, width: width, numberOfLines: 2)
        #expect(shownLines(two) == ["aaa bbb", "ccc ddd"])
        #expect(two.isTruncated)
        #expect(two.size.height == 2 * body.lineHeight)
        let lines = TextLayout(text: "1\n2\n3", font: body, numberOfLines: 2)
        #expect(shownLines(lines) == ["1", "2"])
        #expect(lines.isTruncated)
    }

    @Test func lineSpacingGoesBetweenLines() {
        let layout = TextLayout(text: "a\nb\nc", font: body, lineSpacing: 5)
        #expect(layout.size.height == 3 * body.lineHeight + 2 * 5)
        #expect(layout.lines[1].rect.minY == body.lineHeight + 5)
        #expect(layout.lines[2].rect.minY == 2 * body.lineHeight + 10)
        #expect(layout.lines[2].baseline == 2 * body.lineHeight + 10 + body.ascender)
    }

    @Test func alignmentPlacesLinesAcrossTheWidth() {
        let width = 200.0
        let w = advance(of: "Hi")
        func firstX(_ alignment: TextAlignment) -> (line: Double, glyph: Double) {
            let layout = TextLayout(text: "Hi", font: body, width: width, alignment: alignment)
            return (layout.lines[0].rect.minX, allGlyphs(layout)[0].position.x)
        }
        #expect(firstX(.left) == (0, 0))
        #expect(firstX(.natural) == (0, 0))
        #expect(firstX(.center).line == (width - w) / 2)
        #expect(firstX(.center).glyph == (width - w) / 2)
        #expect(firstX(.right).line == width - w)
        #expect(firstX(.right).glyph == width - w)
    }

    @Test func alignmentWithoutAWidthUsesTheWidestLine() {
        let wide = advance(of: "wide line"), narrow = advance(of: "ab")
        let layout = TextLayout(text: "wide line\nab", font: body, alignment: .right)
        #expect(layout.size.width == wide)
        #expect(layout.lines[1].rect.minX == wide - narrow)
        let centred = TextLayout(text: "wide line\nab", font: body, alignment: .center)
        #expect(centred.lines[1].rect.minX == (wide - narrow) / 2)
    }

    @Test func naturalAlignmentFollowsTheParagraphDirection() {
        let hebrew = TextLayout(text: "שלום", font: body, width: 200)
        #expect(hebrew.lines[0].rect.minX == 200 - hebrew.lines[0].width)
        #expect(hebrew.lines[0].rect.maxX == 200)
        let mixed = TextLayout(text: "Hello\nשלום", font: body, width: 200)
        #expect(mixed.lines[0].rect.minX == 0)
        #expect(mixed.lines[1].rect.maxX == 200)
        let forcedLeft = TextLayout(text: "שלום", font: body, width: 200, alignment: .left)
        #expect(forcedLeft.lines[0].rect.minX == 0)
    }

    @Test func justifiedLinesFillTheWidthExceptTheLast() {
        let width = advance(of: "aaa bbb") + 20
        let layout = TextLayout(text: "aaa bbb ccc", font: body, width: width, alignment: .justified)
        #expect(shownLines(layout) == ["aaa bbb", "ccc"])
        #expect(abs(layout.lines[0].width - width) < 1e-9)
        // The one space took all 20 extra points: "bbb" starts 20 points further right.
        let glyphs = layout.lines[0].runs.flatMap(\.glyphs)
        let natural = TextLayout(text: "aaa bbb", font: body).lines[0].runs.flatMap(\.glyphs)
        #expect(abs(glyphs[4].position.x - (natural[4].position.x + 20)) < 1e-9)
        #expect(layout.lines[1].rect.minX == 0)
        #expect(abs(layout.lines[1].width - advance(of: "ccc")) < 1e-9)
    }

    @Test func mixedScriptLineIsAsTallAsItsTallestFace() {
        // WenQuanYi Micro Hei's ascender is taller than DejaVu Sans's: a line with Chinese
        // grows, a Latin line does not.
        let latin = TextLayout(text: "Hello", font: body)
        let mixed = TextLayout(text: "Hello 你好", font: body)
        #expect(latin.size.height == body.lineHeight)
        #expect(mixed.size.height > body.lineHeight)
        #expect(mixed.lines[0].baseline > body.ascender)
    }

    @Test func aZeroWidthPutsOneCharacterOnEachLine() {
        let layout = TextLayout(text: "abc", font: body, width: 0)
        #expect(shownLines(layout) == ["a", "b", "c"])
        // Lines wider than the width still count in the size.
        #expect(layout.size.width == max(advance(of: "a"), advance(of: "b"), advance(of: "c")))
        let negative = TextLayout(text: "abc", font: body, width: -5)
        #expect(negative.width == 0)
        #expect(shownLines(negative) == ["a", "b", "c"])
    }

    @Test func zeroWidthSpaceIsABreakOpportunity() {
        let layout = TextLayout(text: "aaa\u{200B}bbb", font: body, width: advance(of: "bbb") + 1)
        #expect(layout.lines.count == 2)
        #expect(shownLines(layout)[1] == "bbb")
        #expect(TextLayout(text: "aaa\u{200B}bbb", font: body).lines.count == 1)
    }

    @Test func tabsAreSpaces() {
        #expect(advance(of: "a\tb") == advance(of: "a b"))
    }
}
