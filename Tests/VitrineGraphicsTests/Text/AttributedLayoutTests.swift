import Testing
import VitrineGraphics

/// `TextLayout(attributedText:…)`: each run shaped in its own font, kerning and baseline
/// offset, paragraphs set by their styles, through the same bidi, shaping and breaking as
/// plain text; measured by its geometry.
@MainActor
struct AttributedLayoutTests {
    let boldFont = Font.system(size: 17, weight: .bold)

    func attributed(_ parts: (String, TextAttributes)...) -> AttributedText {
        parts.reduce(AttributedText()) { $0 + AttributedText($1.0, attributes: $1.1) }
    }

    @Test func textWithoutAttributesLaysOutAsPlainText() {
        let string = "Plain words, שלום and مرحبا, wrapping at a narrow width"
        let plain = TextLayout(text: string, font: body, width: 150)
        let rich = TextLayout(attributedText: AttributedText(string), font: body, width: 150)
        #expect(rich.size == plain.size)
        #expect(shownLines(rich) == shownLines(plain))
        #expect(allGlyphs(rich).map(\.position) == allGlyphs(plain).map(\.position))
        #expect(allGlyphs(rich).map(\.glyph) == allGlyphs(plain).map(\.glyph))
    }

    @Test func aBoldWordIsWiderAndDrawnFromTheBoldFace() {
        let plain = TextLayout(attributedText: AttributedText("a bold word"), font: body)
        let rich = TextLayout(attributedText: attributed(("a ", .init()), ("bold", .init(font: boldFont)), (" word", .init())),
                              font: body)
        #expect(rich.size.width > plain.size.width + 1)
        let runs = rich.lines[0].runs
        #expect(runs.count == 3)
        #expect(runs[1].face == boldFont.face)
        #expect(runs[0].face == body.face)
        #expect(rich.attributes(of: runs[1]).font == boldFont)
    }

    @Test func aLargerRunIsShapedAtItsSizeAndMakesItsLineTaller() {
        let big = Font.system(size: 34)
        let rich = TextLayout(attributedText: attributed(("small ", .init()), ("BIG", .init(font: big))), font: body)
        let plain = TextLayout(text: "small BIG", font: body)
        #expect(rich.lines[0].runs.map(\.pointSize) == [17, 34])
        #expect(rich.size.height >= big.lineHeight - 1e-9)
        #expect(rich.size.height > plain.size.height + 10)
        #expect(abs(rich.lines[0].baseline - big.ascender) < 1e-9)
    }

    @Test func kerningWidensEachGlyph() {
        let plain = TextLayout(attributedText: AttributedText("abcd"), font: body)
        let kerned = TextLayout(attributedText: AttributedText("abcd", attributes: .init(kern: 3)), font: body)
        #expect(abs(kerned.size.width - (plain.size.width + 4 * 3)) < 1e-6)
        let xs = allGlyphs(kerned).map(\.position.x), plainXs = allGlyphs(plain).map(\.position.x)
        for i in 0..<4 { #expect(abs(xs[i] - (plainXs[i] + Double(i) * 3)) < 1e-6) }
    }

    @Test func baselineOffsetRaisesItsGlyphsOnly() {
        let layout = TextLayout(attributedText: attributed(("x", .init()), ("2", .init(baselineOffset: 6))), font: body)
        let line = layout.lines[0]
        let glyphs = allGlyphs(layout)
        #expect(glyphs[0].position.y == line.baseline)
        #expect(abs(glyphs[1].position.y - (line.baseline - 6)) < 1e-9)
        // The raised glyph's line makes room above it.
        #expect(abs(line.baseline - (body.ascender + 6)) < 1e-9)
        let lowered = TextLayout(attributedText: attributed(("x", .init()), ("2", .init(baselineOffset: -5))), font: body)
        #expect(abs(allGlyphs(lowered)[1].position.y - (lowered.lines[0].baseline + 5)) < 1e-9)
    }

    @Test func paragraphLineSpacingAddsBetweenLines() {
        let plain = TextLayout(attributedText: AttributedText("one\ntwo\nthree"), font: body)
        let style = ParagraphStyle(lineSpacing: 10)
        let spaced = TextLayout(attributedText: AttributedText("one\ntwo\nthree", attributes: .init(paragraphStyle: style)),
                                font: body)
        #expect(abs(spaced.size.height - (plain.size.height + 20)) < 1e-9)
        #expect(abs(spaced.lines[1].rect.minY - (plain.lines[1].rect.minY + 10)) < 1e-9)
    }

    @Test func headIndentIndentsLinesAfterTheFirst() {
        let string = "a paragraph long enough to wrap onto several lines at this width"
        let style = ParagraphStyle(firstLineHeadIndent: 4, headIndent: 24)
        let layout = TextLayout(attributedText: AttributedText(string, attributes: .init(paragraphStyle: style)),
                                font: body, width: 200)
        #expect(layout.lines.count >= 3)
        #expect(layout.lines[0].rect.minX == 4)
        for line in layout.lines.dropFirst() {
            #expect(line.rect.minX == 24)
            #expect(line.rect.maxX <= 200 + 1e-6)
        }
        #expect(allGlyphs(layout)[0].position.x >= 4)
    }

    @Test func aHeadIndentOfARightToLeftParagraphIsOnTheRight() {
        let style = ParagraphStyle(headIndent: 30)
        let layout = TextLayout(attributedText: AttributedText("שלום עולם שלום עולם שלום עולם שלום",
                                                               attributes: .init(paragraphStyle: style)),
                                font: body, width: 150)
        #expect(layout.lines.count >= 2)
        #expect(abs(layout.lines[0].rect.maxX - 150) < 1e-6)
        #expect(abs(layout.lines[1].rect.maxX - 120) < 1e-6)
    }

    @Test func eachParagraphTakesItsOwnAlignment() {
        let text = AttributedText("left\n", attributes: .init(paragraphStyle: .init(alignment: .left)))
            + AttributedText("centre\n", attributes: .init(paragraphStyle: .init(alignment: .center)))
            + AttributedText("right", attributes: .init(paragraphStyle: .init(alignment: .right)))
        let layout = TextLayout(attributedText: text, font: body, width: 300)
        #expect(layout.lines[0].rect.minX == 0)
        #expect(abs(layout.lines[1].rect.midX - 150) < 1e-6)
        #expect(abs(layout.lines[2].rect.maxX - 300) < 1e-6)
    }

    @Test func theFirstParagraphsLineBreakModeTruncates() {
        let text = AttributedText("The quick brown fox jumps over the lazy dog",
                                  attributes: .init(paragraphStyle: .init(lineBreakMode: .byTruncatingHead)))
        let layout = TextLayout(attributedText: text, font: body, width: 150, numberOfLines: 1,
                                lineBreakMode: .byTruncatingTail)
        #expect(layout.lineBreakMode == .byTruncatingHead)
        #expect(layout.isTruncated)
        #expect(layout.lines[0].displayedText.hasPrefix("…"))
        #expect(layout.lines[0].displayedText.hasSuffix("dog"))
    }

    @Test func truncatingAcrossRunsKeepsEachRunsFont() {
        let text = attributed(("Bold start ", .init(font: boldFont)), ("then a long plain tail that does not fit", .init()))
        let layout = TextLayout(attributedText: text, font: body, width: 160, numberOfLines: 1,
                                lineBreakMode: .byTruncatingTail)
        #expect(layout.isTruncated)
        #expect(layout.lines[0].displayedText.hasPrefix("Bold start"))
        #expect(layout.lines[0].runs.first?.face == boldFont.face)
        #expect(layout.size.width <= 160 + 1e-6)
    }

    @Test func aStyledWordInsideRightToLeftTextKeepsBidiOrder() {
        // A bold Arabic word in a Latin sentence: three style runs, the Arabic shaped right to left.
        let text = attributed(("Say ", .init()), ("مرحبا", .init(font: boldFont)), (" today", .init()))
        let layout = TextLayout(attributedText: text, font: body)
        let plain = TextLayout(text: "Say مرحبا today", font: body)
        let arabic = layout.lines[0].runs.filter(\.isRightToLeft)
        #expect(arabic.count == 1)
        #expect(arabic[0].face == boldFont.face)
        // Same visual order of clusters as plain text.
        #expect(allGlyphs(layout).map(\.cluster) == allGlyphs(plain).map(\.cluster))
    }

    @Test func linesBreakAcrossRuns() {
        let text = attributed(("one two ", .init()), ("three four five", .init(font: boldFont)), (" six seven", .init()))
        let layout = TextLayout(attributedText: text, font: body, width: 120)
        #expect(layout.lines.count >= 2)
        #expect(shownLines(layout).joined(separator: "").filter { $0 != " " } == "onetwothreefourfivesixseven")
        for line in layout.lines { #expect(line.rect.width <= 120 + 1e-6) }
    }

    @Test func decorationsAndBackgroundsAreDrawnWhereTheirRunIs() {
        let surface = whiteSurface(width: 200, height: 40)
        let context = GraphicsContext(surface: surface, transform: .identity)
        let green = Color(rgb: 0x00AA00), blue = Color(rgb: 0x0000FF), yellow = Color(rgb: 0xFFEE00)
        let text = attributed(("plain ", .init()),
                              ("under", .init(foregroundColor: blue, backgroundColor: yellow, underlineStyle: .single)),
                              (" struck", .init(foregroundColor: green, strikethroughStyle: .single)))
        let layout = TextLayout(attributedText: text, font: body)
        context.draw(layout, at: Point(x: 0, y: 0), color: .black)
        let runs = layout.lines[0].runs
        let underStart = Int(runs[1].glyphs[0].position.x.rounded(.up)) + 1
        // The background fills the line's top-left corner of the run.
        #expect(surface.color(x: underStart, y: 1).rgba8 == yellow.rgba8)
        // The underline: a blue row just under the baseline, across the run.
        let baseline = Int(layout.lines[0].baseline.rounded())
        #expect((baseline...baseline + 5).contains { surface.color(x: underStart + 2, y: $0).rgba8 == blue.rgba8 })
        // The strikethrough: green across the middle of the last run, also over its space.
        let struckSpace = runs[2].glyphs[0]
        let spaceX = Int(struckSpace.position.x + struckSpace.advance / 2)
        #expect((baseline - 8...baseline - 3).contains { surface.color(x: spaceX, y: $0).rgba8 == green.rgba8 })
        // Nothing under the plain run's space.
        let plainSpace = runs[0].glyphs[5]
        #expect(!(baseline...baseline + 5).contains {
            surface.color(x: Int(plainSpace.position.x + plainSpace.advance / 2), y: $0).rgba8 != Color.white.rgba8
        })
        // Plain text has no background.
        #expect(surface.color(x: 1, y: 1).rgba8 == Color.white.rgba8)
    }

    @Test func attributedLayoutsAreCachedByTheirRuns() {
        let one = AttributedText("same text", attributes: .init(kern: 1))
        let two = AttributedText("same text", attributes: .init(kern: 2))
        let a = TextLayout(attributedText: one, font: body)
        let b = TextLayout(attributedText: two, font: body)
        #expect(a.size.width != b.size.width)
        #expect(TextLayout(attributedText: one, font: body).size == a.size)
    }
}
