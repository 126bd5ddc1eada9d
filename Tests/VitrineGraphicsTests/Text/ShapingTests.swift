import Testing
import VitrineGraphics

@MainActor
struct ShapingTests {
    @Test func ffiLigatureDrawsThreeLettersWithOneGlyph() {
        // DejaVu Sans has an "ffi" ligature (GSUB liga), on by default in HarfBuzz.
        let glyphs = allGlyphs(TextLayout(text: "ffi", font: body))
        #expect(glyphs.count < 3)
        #expect(glyphs.first?.cluster == 0)
        let f = allGlyphs(TextLayout(text: "f", font: body))[0].glyph
        #expect(glyphs[0].glyph != f)
    }

    @Test func kerningPullsAVTogether() {
        let pair = advance(of: "AV")
        #expect(pair < advance(of: "A") + advance(of: "V"))
        let glyphs = allGlyphs(TextLayout(text: "AV", font: body))
        #expect(glyphs.count == 2)
        #expect(glyphs[1].position.x < advance(of: "A"))
    }

    @Test func combiningMarkStaysInItsBaseCluster() {
        let layout = TextLayout(text: "e\u{301}x", font: body)
        let glyphs = allGlyphs(layout)
        // "e" + COMBINING ACUTE is one cluster (HarfBuzz may compose it to "é"); "x" is scalar 2.
        #expect(glyphs.filter { $0.cluster == 0 }.count >= 1)
        #expect(Set(glyphs.map(\.cluster)) == [0, 2])
        // A mark with no precomposed form: two glyphs, one cluster, the mark over its base.
        let xAcute = allGlyphs(TextLayout(text: "x\u{301}", font: body))
        #expect(xAcute.count == 2)
        #expect(xAcute.allSatisfy { $0.cluster == 0 })
        #expect(xAcute[1].position.y < xAcute[0].position.y || xAcute[1].position.x < xAcute[0].advance)
    }

    @Test func missingCharactersFallBackToAFaceThatHasThem() {
        let layout = TextLayout(text: "Hello Привет 你好", font: body)
        #expect(layout.lines.count == 1)
        let runs = layout.lines[0].runs
        let faces = Set(runs.map(\.face))
        #expect(faces.count >= 2)
        #expect(allGlyphs(layout).allSatisfy { $0.glyph != 0 })
        // One glyph per character here (no ligatures in these words): 5 + 1 + 6 + 1 + 2.
        #expect(allGlyphs(layout).count == 15)
        // The Chinese characters come from a face that has them, not from DejaVu Sans.
        let scalars = Array("Hello Привет 你好".unicodeScalars)
        for run in runs {
            for glyph in run.glyphs {
                #expect(run.face.covers(scalars[glyph.cluster]))
            }
        }
        #expect(!body.face.covers("你"))
        let chinese = runs.first { run in run.glyphs.contains { $0.cluster == 13 } }
        #expect(chinese?.face != body.face)
    }

    @Test func hebrewRunsRightToLeft() {
        let layout = TextLayout(text: "שלום", font: body)
        let glyphs = allGlyphs(layout).sorted { $0.cluster < $1.cluster }
        #expect(glyphs.count == 4)
        #expect(layout.lines[0].runs.allSatisfy { $0.isRightToLeft })
        #expect(layout.lines[0].isRightToLeft)
        // In logical order, each letter sits left of the one before it.
        for (before, after) in zip(glyphs, glyphs.dropFirst()) {
            #expect(after.position.x < before.position.x)
        }
    }

    @Test func hebrewWordsFollowRightToLeft() {
        // "שלום עולם": the first word (scalars 0–3) is right of the second (5–8).
        let glyphs = allGlyphs(TextLayout(text: "שלום עולם", font: body))
        let first = glyphs.filter { $0.cluster <= 3 }.map(\.position.x)
        let second = glyphs.filter { $0.cluster >= 5 }.map(\.position.x)
        #expect(first.count == 4 && second.count == 4)
        #expect(first.min()! > second.max()!)
    }

    @Test func embeddedHebrewIsReversedInPlaceInALatinLine() {
        // "abc שלום def": a left-to-right paragraph; the Hebrew word reads right to left
        // between the two Latin words.
        let layout = TextLayout(text: "abc שלום def", font: body)
        #expect(!layout.lines[0].isRightToLeft)
        let glyphs = allGlyphs(layout)
        func x(_ cluster: Int) -> Double { glyphs.first { $0.cluster == cluster }!.position.x }
        let hebrew = (4...7).map(x)
        #expect(x(2) < hebrew.min()!)
        #expect(hebrew.max()! < x(9))
        #expect(hebrew == hebrew.sorted(by: >))
        // Visual order of the runs: Latin, Hebrew, Latin.
        #expect(layout.lines[0].runs.map(\.isRightToLeft) == [false, true, false])
    }

    @Test func numbersInHebrewReadLeftToRight() {
        // "שלום 123": a right-to-left paragraph; the number sits left of the word and keeps
        // its digits in order.
        let glyphs = allGlyphs(TextLayout(text: "שלום 123", font: body))
        func x(_ cluster: Int) -> Double { glyphs.first { $0.cluster == cluster }!.position.x }
        #expect(x(5) < x(6) && x(6) < x(7))
        #expect(x(7) < x(3))
    }
}
