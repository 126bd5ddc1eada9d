import Testing
import VitrineGraphics

/// Behaviour the Unicode Bidirectional Algorithm (UAX #9, by FriBidi) and Unicode line
/// breaking (UAX #14, by libunibreak) give, and that the hand-written approximations they
/// replaced got wrong.
@MainActor
struct UnicodeAlgorithmTests {
    /// The x of the glyph that draws scalar `offset` of the layout's text.
    private func x(_ layout: TextLayout, _ offset: Int) -> Double {
        allGlyphs(layout).first { $0.cluster == offset }!.position.x
    }

    /// Whether the glyph of scalar `offset` sits in a right-to-left run.
    private func isInRightToLeftRun(_ layout: TextLayout, _ offset: Int) -> Bool {
        layout.lines.flatMap(\.runs).first { $0.glyphs.contains { $0.cluster == offset } }!.isRightToLeft
    }

    // MARK: UAX #9

    @Test func aDecimalNumberKeepsItsSeparatorInsideInArabic() {
        // "السعر 12.50 دينار" (the price 12.50 dinars): a right-to-left paragraph. W4 keeps
        // the full stop between digits with the number, so "12.50" reads left to right as one
        // piece; treated as a neutral it would split the number into "50.12".
        let text = "السعر 12.50 دينار"
        let layout = TextLayout(text: text, font: body)
        #expect(layout.lines[0].isRightToLeft)
        let number = 6...10
        #expect(Array(text.unicodeScalars)[6] == "1" && Array(text.unicodeScalars)[10] == "0")
        let xs = number.map { x(layout, $0) }
        #expect(xs == xs.sorted(), "digits and separator in logical order left to right")
        #expect(number.allSatisfy { !isInRightToLeftRun(layout, $0) })
        // The number sits between the two words: left of the first, right of the last.
        #expect(xs.max()! < x(layout, 0))
        #expect(xs.min()! > x(layout, 12))
    }

    @Test func aPercentSignStaysWithItsNumberInHebrew() {
        // "הנחה 50% היום" (50% off today): W5 makes "%" after digits part of the number, so it
        // reads "50%", not "%50".
        let layout = TextLayout(text: "הנחה 50% היום", font: body)
        #expect(layout.lines[0].isRightToLeft)
        #expect(x(layout, 5) < x(layout, 6) && x(layout, 6) < x(layout, 7))
        #expect(!isInRightToLeftRun(layout, 7))
    }

    @Test func aClosingBracketPairsWithItsOpeningOne() {
        // "שלום abc(def) עולם": N0 gives both brackets the direction of what they enclose and
        // precede, so ")" closes the Latin run right of "f"; alone, a neutral between Latin
        // and Hebrew, it would take the paragraph's direction and be drawn left of "abc".
        let layout = TextLayout(text: "שלום abc(def) עולם", font: body)
        #expect(layout.lines[0].isRightToLeft)
        #expect(x(layout, 12) > x(layout, 11))
        #expect(x(layout, 8) < x(layout, 9) && x(layout, 5) < x(layout, 8))
        #expect(!isInRightToLeftRun(layout, 12))
    }

    @Test func theParagraphDirectionSkipsIsolates() {
        // FSI "abc" PDI then Hebrew: P2 skips what is isolated, so the first strong character
        // that counts is Hebrew and the paragraph is right to left.
        let layout = TextLayout(text: "\u{2068}abc\u{2069} שלום", font: body)
        #expect(layout.lines[0].isRightToLeft)
        // The isolated Latin word keeps its own order, and comes first: rightmost.
        #expect(x(layout, 1) < x(layout, 2) && x(layout, 2) < x(layout, 3))
        #expect(x(layout, 1) > x(layout, 6))
    }

    @Test func aParagraphStartingWithDigitsTakesItsFirstLettersDirection() {
        // "2024 שלום": digits are weak; the first strong letter is Hebrew, so the paragraph is
        // right to left and the number, read "2024", comes first: right of the word.
        let layout = TextLayout(text: "2024 שלום", font: body)
        #expect(layout.lines[0].isRightToLeft)
        #expect(x(layout, 0) < x(layout, 1) && x(layout, 2) < x(layout, 3))
        #expect(x(layout, 0) > x(layout, 5))
        // Latin only: left to right, digits in order.
        let latin = TextLayout(text: "2024 abc", font: body)
        #expect(!latin.lines[0].isRightToLeft && x(latin, 0) < x(latin, 5))
    }

    @Test func mixedArabicHebrewNumbersAndNeutralsInALatinParagraph() {
        // "Total: שלום 42, مرحبا 7!": a left-to-right paragraph (the first strong letter is
        // Latin); the right-to-left words with the numbers after them run right to left as
        // blocks; the neutrals between them keep the paragraph's direction.
        let text = "Total: שלום 42, مرحبا 7!"
        let layout = TextLayout(text: text, font: body)
        #expect(!layout.lines[0].isRightToLeft)
        #expect(x(layout, 0) < x(layout, 1))
        // "שלום 42": the word is right of its number; the number reads "42".
        #expect(x(layout, 12) < x(layout, 13))
        #expect(x(layout, 10) > x(layout, 13))
        // "!" ends the line at the right edge.
        let last = text.unicodeScalars.count - 1
        #expect((0..<last).allSatisfy { x(layout, $0) < x(layout, last) })
    }

    // MARK: UAX #14

    @Test func urlsBreakAfterASolidus() {
        // No spaces: the line breaks after "/", not in the middle of "path".
        let url = "https://example.com/path/to/page"
        let width = advance(of: "https://example.com/pa") + 0.5
        let layout = TextLayout(text: url, font: body, width: width)
        #expect(shownLines(layout) == ["https://example.com/", "path/to/page"])
    }

    @Test func aHyphenBeforeANumberDoesNotBreak() {
        // "-5" is a negative number: a minus sign never ends a line before its digits.
        let width = advance(of: "Minimum -") + 0.5
        let layout = TextLayout(text: "Minimum -5 degrees", font: body, width: width)
        #expect(shownLines(layout) == ["Minimum", "-5 degrees"])
    }

    @Test func closingPunctuationStaysWithTheWordBeforeIt() {
        // ")" and "!" never start a line, in Latin as in Chinese; the word before them moves
        // down with them.
        let width = advance(of: "call (home") + 0.5
        let layout = TextLayout(text: "call (home)!", font: body, width: width)
        #expect(shownLines(layout) == ["call", "(home)!"])
        let chinese = TextLayout(text: "你好（世界）！再见", font: body, width: 4 * 17 + 1)
        for line in shownLines(chinese) {
            #expect(!line.hasPrefix("）") && !line.hasPrefix("！") && !line.hasSuffix("（"))
        }
        #expect(shownLines(chinese).joined() == "你好（世界）！再见")
    }

    @Test func japaneseBreaksBetweenKanaAsCSSNormalLineBreaking() {
        // libunibreak resolves the small kana and the prolonged sound mark (class CJ) as
        // ideographs, as CSS's `line-break: normal` does for Japanese: "チョコレート"
        // (chocolate) breaks between any two kana.
        let layout = TextLayout(text: "チョコレート", font: body, width: 2 * 17 + 1)
        #expect(shownLines(layout) == ["チョ", "コレ", "ート"])
    }

    // MARK: Reused buffers

    @Test func layoutsDoNotLeakIntoEachOther() {
        // The bidi and line-break buffers are reused from paragraph to paragraph: a short
        // paragraph after a long one is laid out as if it came first.
        let short = "שלום 12.5 abc-def"
        let fresh = TextLayout(text: short, font: body, width: 60)
        _ = TextLayout(text: String(repeating: "مرحبا 1, world-wide/web ", count: 50), font: body, width: 90)
        let after = TextLayout(text: short, font: body, width: 60)
        #expect(shownLines(after) == shownLines(fresh))
        #expect(allGlyphs(after) == allGlyphs(fresh))
    }
}
