import Testing
import VitrineGraphics
import VitrineTestSupport

/// `TextLayout.replaceText(with:)` lays text out again in the layout's own storage, and the
/// builder behind every layout keeps its working arrays between layouts: nothing of an earlier,
/// longer or differently shaped text may show through. Each reused layout must equal a layout
/// made fresh for the same text, over seeded random texts mixing scripts, directions, emoji
/// sequences, marks, spaces and line feeds, at every wrapping and truncation setting.
@MainActor
@Suite struct TextLayoutReuseTests {
    /// Pieces random texts are made of: Latin with kerning pairs and ligatures, Cyrillic,
    /// Hebrew and Arabic (right to left, Arabic joining), CJK (a fallback face), an emoji ZWJ
    /// sequence, a combining mark, digits, spaces, a tab and a line feed.
    static let pieces = ["Now ", "serving ", "AV", "office ", "Имя ", "שלום ", "مرحبا ", "你好", "世界 ", "👩‍👩‍👧",
                         "e\u{301}", "42", " ", "  ", "\t", "\n", "-", "(1)", "…"]

    static func randomText(_ generator: inout SeededRandom) -> String {
        let count = Int.random(in: 0...12, using: &generator)
        var text = ""
        for _ in 0..<count { text += pieces.randomElement(using: &generator)! }
        return text
    }

    /// Everything a layout shows, in comparable form (string indices as UTF-8 offsets; faces
    /// by identity).
    static func summary(_ layout: TextLayout) -> [String] {
        var out = ["text \(layout.text.debugDescription) size \(layout.size) truncated \(layout.isTruncated)"]
        let utf8 = layout.text.utf8
        for line in layout.lines {
            out.append("line \(utf8.distance(from: utf8.startIndex, to: line.range.lowerBound))"
                       + "..<\(utf8.distance(from: utf8.startIndex, to: line.range.upperBound)) "
                       + "\(line.displayedText.debugDescription) \(line.rect) \(line.baseline) \(line.isTruncated) \(line.isRightToLeft)")
            for run in line.runs {
                out.append("run \(ObjectIdentifier(run.face)) \(run.isRightToLeft) \(run.glyphs)")
            }
        }
        return out
    }

    @Test(arguments: [
        (nil as Double?, 0, LineBreakMode.byWordWrapping, TextAlignment.natural),
        (120, 0, .byWordWrapping, .justified),
        (37, 0, .byCharWrapping, .center),
        (150, 2, .byTruncatingTail, .natural),
        (150, 1, .byTruncatingHead, .right),
        (150, 2, .byTruncatingMiddle, .left),
        (90, 1, .byClipping, .natural),
    ])
    func aReusedLayoutEqualsAFreshOne(width: Double?, lines: Int, mode: LineBreakMode, alignment: TextAlignment) {
        var generator = SeededRandom(seed: 20_261_124 &+ UInt64(lines) &* 31 &+ UInt64(width ?? 0))
        var reused = TextLayout(text: "", font: body, width: width, numberOfLines: lines, lineBreakMode: mode,
                                alignment: alignment, lineSpacing: 3)
        for _ in 0..<60 {
            let text = Self.randomText(&generator)
            reused.replaceText(with: text)
            TextLayout.removeAllCachedLayouts()
            let fresh = TextLayout(text: text, font: body, width: width, numberOfLines: lines, lineBreakMode: mode,
                                   alignment: alignment, lineSpacing: 3)
            #expect(Self.summary(reused) == Self.summary(fresh), "text \(text.debugDescription)")
        }
    }

    @Test func aCopyKeepsWhatItHadWhenTheOriginalIsLaidOutAgain() {
        var layout = TextLayout(text: "", font: body)
        layout.replaceText(with: "Check in: Ana María")
        let copy = layout
        let before = Self.summary(copy)
        layout.replaceText(with: "שלום")
        #expect(Self.summary(copy) == before)
        #expect(copy.text == "Check in: Ana María")
        #expect(layout.text == "שלום")
        #expect(layout.lines.first?.isRightToLeft == true)
    }

    @Test func layingOutEmptyTextEmptiesTheLayout() {
        var layout = TextLayout(text: "", font: body, width: 100)
        layout.replaceText(with: "two lines of text here")
        #expect(layout.lines.count > 1)
        layout.replaceText(with: "")
        #expect(layout.lines.isEmpty)
        #expect(layout.size == .zero)
        #expect(!layout.isTruncated)
    }

    @Test func layoutsOfInitAreNotChangedByALaterBuild() {
        // The builder is shared: a layout it made must own everything it shows.
        TextLayout.removeAllCachedLayouts()
        let first = TextLayout(text: "Rooms 你好 (2)", font: body, width: 80)
        let before = Self.summary(first)
        _ = TextLayout(text: "a much longer text that wraps over several lines شكرا", font: body, width: 80)
        #expect(Self.summary(first) == before)
    }
}
