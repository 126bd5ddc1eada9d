#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing
import VitrineGraphics
import VitrineTestSupport

// Seeded random Unicode through layout and drawing (issue 35: text never traps). Not crashing
// is the main point; on top, every layout must hold together (`LayoutCheck`). The number of
// strings is VITRINE_TEXT_FUZZ_STRINGS (default 100,000) and the stream's seed
// VITRINE_TEXT_FUZZ_SEED (default below); a failure names both and the string, so it replays.
// Most strings are short (up to 8 pieces, so that 100,000 layouts fit a debug test run);
// every 500th has up to 150 pieces, and the long runs have their own test.

/// What every layout of `text` must satisfy, whatever the text holds.
@MainActor
enum LayoutCheck {
    /// The spaces that hang at a line's end (layout trims them before shaping): UAX #14's SP
    /// and the breaking spaces of BA, and tab, which is a space.
    static func isBreakingSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: true
        default: false
        }
    }

    /// The first thing wrong with `layout` of `text` laid out on at most `limit` lines (0: any),
    /// or nil: lines in text order within the text, at least one for a text, no more than the
    /// limit; finite geometry; every glyph's cluster within its line; each line that is not
    /// truncated drawn from its first scalar to its last that is not a hanging space (the
    /// clusters cover it), and all of the text covered by the lines when nothing was cut.
    static func problem(in layout: TextLayout, of text: String, limit: Int) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard layout.text.unicodeScalars.elementsEqual(text.unicodeScalars) else { return "the layout's text is another" }
        guard !text.isEmpty else { return layout.lines.isEmpty ? nil : "lines for an empty text" }
        guard !layout.lines.isEmpty else { return "no line" }
        if limit > 0, layout.lines.count > limit { return "\(layout.lines.count) lines for a limit of \(limit)" }
        guard layout.size.width.isFinite, layout.size.height.isFinite, layout.size.height > 0 else {
            return "size \(layout.size)"
        }
        let view = layout.text.unicodeScalars
        func offset(_ index: String.Index) -> Int { view.distance(from: view.startIndex, to: index) }
        var previousEnd = 0
        for (i, line) in layout.lines.enumerated() {
            let start = offset(line.range.lowerBound), end = offset(line.range.upperBound)
            guard start >= previousEnd, start <= end, end <= scalars.count else {
                return "line \(i) covers \(start)..<\(end) after \(previousEnd) of \(scalars.count)"
            }
            previousEnd = end
            guard line.rect.minX.isFinite, line.rect.width.isFinite, line.rect.height > 0, line.baseline.isFinite else {
                return "line \(i) box \(line.rect)"
            }
            var first = Int.max, last = Int.min
            for run in line.runs {
                for glyph in run.glyphs {
                    guard glyph.position.x.isFinite, glyph.position.y.isFinite, glyph.advance.isFinite else {
                        return "line \(i): glyph at \(glyph.position) advancing \(glyph.advance)"
                    }
                    // A truncated line's ellipsis has the offset where text was cut, which may be its end.
                    guard glyph.cluster >= start, glyph.cluster < end || (line.isTruncated && glyph.cluster <= end) else {
                        return "line \(i) (\(start)..<\(end)) has a glyph of scalar \(glyph.cluster)"
                    }
                    first = min(first, glyph.cluster)
                    last = max(last, glyph.cluster)
                }
            }
            guard !line.isTruncated else { continue }
            var visibleEnd = end
            while visibleEnd > start, isBreakingSpace(scalars[visibleEnd - 1]) { visibleEnd -= 1 }
            if visibleEnd > start {
                guard first == start, last < visibleEnd else {
                    return "line \(i) shows \(start)..<\(visibleEnd) but its clusters are \(first)...\(last)"
                }
            } else if first != Int.max {
                return "line \(i) of spaces only has glyphs"
            }
        }
        if !layout.isTruncated {
            guard layout.lines[0].range.lowerBound == layout.text.startIndex,
                  layout.lines[layout.lines.count - 1].range.upperBound == layout.text.endIndex else {
                return "the lines do not cover the text"
            }
        }
        return nil
    }

    /// The first thing wrong with drawing `layout` at (2, 2) of a 240 × 80 surface: ink left or
    /// right of its lines by more than an em (nil if none). Drawing must finish, whatever the
    /// text.
    static func drawingProblem(of layout: TextLayout) -> String? {
        let surface = Surface(width: 240, height: 80)
        layout.draw(in: surface, at: Point(x: 2, y: 2), scale: 1, color: .black)
        guard let ink = inkBounds(of: surface, background: .clear) else { return nil }
        let em = layout.font.pointSize
        var minX = Double.infinity, maxX = -Double.infinity
        for line in layout.lines { minX = min(minX, line.rect.minX); maxX = max(maxX, line.rect.maxX) }
        guard Double(ink.x) >= 2 + minX - em - 1, Double(ink.maxX) <= 2 + maxX + em + 1 else {
            return "ink \(ink) far from lines \(minX)...\(maxX)"
        }
        return nil
    }
}

@MainActor
@Suite(.serialized) struct UnicodeFuzzTests {
    static let seed = getenv("VITRINE_TEXT_FUZZ_SEED").flatMap { UInt64(String(cString: $0)) } ?? 0x35_7E47
    static let strings = getenv("VITRINE_TEXT_FUZZ_STRINGS").flatMap { Int(String(cString: $0)) } ?? 100_000
    static let modes: [LineBreakMode] = [.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingTail,
                                         .byTruncatingHead, .byTruncatingMiddle]
    static let widths: [Double?] = [nil, 0, 25, 90, 200]

    @Test func randomTextsLayOutWholeAndDraw() {
        var random = RandomUnicode(seed: Self.seed)
        // Layouts laid out again in their own storage (what labels and fields do), one per
        // setting, beside new ones (through the cache of layouts).
        var kept: [Int: TextLayout] = [:]
        var failures = 0
        for i in 0..<Self.strings where failures < 10 {
            let text = random.string(maxPieces: i % 500 == 0 ? 150 : 8)
            let widthChoice = random.int(0...Self.widths.count - 1), modeChoice = random.int(0...Self.modes.count - 1)
            let limit = random.int(0...3)
            let width = Self.widths[widthChoice], mode = Self.modes[modeChoice]
            let layout: TextLayout
            if random.oneIn(2) {
                layout = TextLayout(text: text, font: body, width: width, numberOfLines: limit, lineBreakMode: mode)
            } else {
                let key = (widthChoice * Self.modes.count + modeChoice) * 4 + limit
                var reused = kept[key] ?? TextLayout(text: "", font: body, width: width, numberOfLines: limit, lineBreakMode: mode)
                kept[key] = nil
                reused.replaceText(with: text)
                kept[key] = reused
                layout = reused
            }
            var problem = LayoutCheck.problem(in: layout, of: text, limit: limit)
            if problem == nil, i % 50 == 0 { problem = LayoutCheck.drawingProblem(of: layout) }
            if let problem {
                failures += 1
                Issue.record("seed \(Self.seed), string \(i) (\(mode), width \(width.map { "\($0)" } ?? "nil"), \(limit) lines): \(problem): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    /// Very long runs of one thing: a mark, flags, bidi controls nested far past FriBidi's
    /// depth, noncharacters, NULs, an emoji ZWJ chain, an unbroken word, Arabic, CJK.
    nonisolated static let longRuns: [(name: String, text: String)] = [
        ("10k combining acutes", String(repeating: "\u{301}", count: 10_000)),
        ("e and 10k combining acutes", "e" + String(repeating: "\u{301}", count: 10_000) + " x"),
        ("5k flags", String(repeating: "🇩🇪", count: 5_000)),
        ("10k bidi controls", String(repeating: "\u{202E}\u{2067}a\u{202B}ש\u{2066}", count: 2_000)),
        ("10k noncharacters", String(repeating: "\u{FFFF}\u{FFFE}", count: 5_000)),
        ("10k NULs", String(repeating: "\u{0}", count: 10_000)),
        ("an emoji ZWJ chain", String(repeating: "\u{1F469}\u{200D}", count: 3_000)),
        ("a 10k word", String(repeating: "w", count: 10_000)),
        ("Arabic", String(repeating: "مرحبا بكم ", count: 1_000)),
        ("CJK", String(repeating: "欢迎光临。", count: 2_000)),
    ]

    @Test(arguments: longRuns.indices)
    func longRunsLayOutWholeAndDraw(run: Int) {
        let (name, text) = Self.longRuns[run]
        for (width, limit, mode) in [(300.0, 0, LineBreakMode.byWordWrapping), (120, 3, .byTruncatingMiddle),
                                     (120, 2, .byCharWrapping)] {
            let layout = TextLayout(text: text, font: body, width: width, numberOfLines: limit, lineBreakMode: mode)
            #expect(LayoutCheck.problem(in: layout, of: text, limit: limit) == nil, "\(name), \(mode)")
            #expect(LayoutCheck.drawingProblem(of: layout) == nil, "\(name), \(mode)")
        }
    }
}
