import Testing
import VitrineGraphics

@MainActor
struct TruncationTests {
    let text = "The quick brown fox jumps over the lazy dog"

    @Test func tailTruncationEndsWithAnEllipsisThatFits() {
        let width = 120.0
        let layout = TextLayout(text: text, font: body, width: width, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        #expect(layout.lines.count == 1)
        #expect(layout.isTruncated)
        let line = layout.lines[0]
        #expect(line.isTruncated)
        #expect(line.displayedText.hasSuffix("…"))
        #expect(line.width <= width)
        let kept = String(line.displayedText.dropLast())
        #expect(text.hasPrefix(kept))
        // It keeps as much as fits: one more character and the ellipsis would not.
        let more = String(text.prefix(kept.count + 1))
        #expect(advance(of: more + "…") > width)
        #expect(layout.size.width <= width)
    }

    @Test func headTruncationStartsWithAnEllipsisAndShowsTheEnd() {
        let width = 120.0
        let layout = TextLayout(text: text, font: body, width: width, numberOfLines: 1, lineBreakMode: .byTruncatingHead)
        let shown = layout.lines[0].displayedText
        #expect(shown.hasPrefix("…"))
        #expect(text.hasSuffix(String(shown.dropFirst())))
        #expect(layout.lines[0].width <= width)
        let more = String(text.suffix(shown.count))
        #expect(advance(of: "…" + more.drop { $0 == " " }) > width)
    }

    @Test func middleTruncationKeepsBothEnds() {
        let width = 150.0
        let layout = TextLayout(text: text, font: body, width: width, numberOfLines: 1, lineBreakMode: .byTruncatingMiddle)
        let shown = layout.lines[0].displayedText
        let parts = shown.split(separator: "…", omittingEmptySubsequences: false)
        #expect(parts.count == 2)
        #expect(!parts[0].isEmpty && !parts[1].isEmpty)
        #expect(text.hasPrefix(parts[0]))
        #expect(text.hasSuffix(parts[1]))
        #expect(layout.lines[0].width <= width)
    }

    @Test func truncatesTheLastAllowedLineOnly() {
        let width = 120.0
        let all = TextLayout(text: text, font: body, width: width)
        #expect(all.lines.count > 2)
        let two = TextLayout(text: text, font: body, width: width, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
        #expect(two.lines.count == 2)
        #expect(two.lines[0].displayedText == all.lines[0].displayedText)
        #expect(!two.lines[0].isTruncated)
        #expect(two.lines[1].displayedText.hasSuffix("…"))
        #expect(two.lines[1].width <= width)
        // The second line goes on past where wrapping would have ended it.
        #expect(two.lines[1].displayedText.count > all.lines[1].displayedText.count)
    }

    @Test func textThatFitsIsNotTruncated() {
        let layout = TextLayout(text: "Short", font: body, width: 200, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        #expect(shownLines(layout) == ["Short"])
        #expect(!layout.isTruncated && !layout.lines[0].isTruncated)
    }

    @Test func moreParagraphsThanLinesShowAnEllipsis() {
        let layout = TextLayout(text: "first\nsecond", font: body, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        #expect(shownLines(layout) == ["first…"])
        #expect(layout.isTruncated)
    }

    @Test func clippingKeepsTheRestOfTheParagraphOnTheLastLine() {
        let width = 50.0
        let layout = TextLayout(text: "The quick brown", font: body, width: width, numberOfLines: 1, lineBreakMode: .byClipping)
        #expect(shownLines(layout) == ["The quick brown"])
        #expect(layout.lines[0].width > width)
        #expect(layout.size.width == width)
    }

    @Test func anEllipsisWiderThanTheWidthStillShows() {
        let layout = TextLayout(text: "Hello", font: body, width: 3, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        #expect(shownLines(layout) == ["…"])
    }

    @Test func rightToLeftTailTruncationPutsTheEllipsisOnTheLeft() {
        let hebrew = "שלום עולם ומלואו שלום עולם"
        let width = 80.0
        let layout = TextLayout(text: hebrew, font: body, width: width, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        let line = layout.lines[0]
        #expect(line.displayedText.hasSuffix("…"))
        #expect(line.width <= width)
        // The ellipsis is the logical end of the line: leftmost on screen.
        let glyphs = line.runs.flatMap(\.glyphs)
        let ellipsis = glyphs.max { $0.cluster < $1.cluster }!
        #expect(ellipsis.position.x == glyphs.map(\.position.x).min())
        #expect(line.rect.maxX == width)
    }
}
