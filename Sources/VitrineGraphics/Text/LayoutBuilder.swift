// Over 500 lines on purpose: analysis, breaking and line building are the stages of one
// layout and share the builder's working arrays, which keep their storage from layout to
// layout (no allocation once warm); splitting the stages would widen that storage.

import CHarfBuzz

/// The work behind `TextLayout`: paragraphs, face choice per character, bidi levels, scripts,
/// shaping, line breaking and truncation. Offsets are in Unicode scalars.
///
/// One builder is kept and reused (main actor, like the shaper): every working array keeps its
/// storage from layout to layout, and the lines come out flat (glyphs, runs and faces in three
/// arrays, each line a range of them), so a layout costs no allocation here once the arrays
/// have grown to the text's size. `TextLayout.place` copies the lines into the layout's own
/// storage.
@MainActor
final class LayoutBuilder {
    /// A run of one face and direction: `glyphs` in `LayoutBuilder.glyphs`, left to right,
    /// from x = 0 of its line on a baseline at y = 0.
    struct Run {
        var face: FontFace
        var isRightToLeft: Bool
        var glyphs: Range<Int>
        /// The index of the run's style in `styles`.
        var style: Int
    }

    /// How a run of the text is shaped and set: one per attribute run of an attributed text,
    /// one (the layout's font) for plain text.
    struct Style {
        var font: Font
        var primary: FontFace
        /// Points added after each glyph.
        var kern: Double
        /// Points the glyphs are raised.
        var rise: Double
        /// The style of the paragraph this run starts, if it sets one.
        var paragraph: ParagraphStyle?
    }

    /// A face on a line, at the size and height its run uses it: what the line's height
    /// comes from.
    struct LineFace {
        var face: FontFace
        var pointSize: Double
        var rise: Double
    }

    /// A line shaped on its own: its runs (in `runs`) and the faces on it (in `lineFaces`).
    struct ShapedLine {
        var runs: Range<Int>
        var faces: Range<Int>
        var width: Double
    }

    /// A line ready to be placed.
    struct BuiltLine {
        /// Scalar offsets into the text.
        var range: Range<Int>
        /// What the line shows, in logical order: a range of `displayed`.
        var displayed: Range<Int>
        var shaped: ShapedLine
        var isTruncated: Bool
        var endsParagraph: Bool
        var isRightToLeft: Bool
        /// The style of the line's first scalar (its paragraph's, for an empty one): the
        /// least height of the line comes from its font.
        var style: Int
        /// Points the line is indented on its paragraph's leading side.
        var indent: Double
        /// Its paragraph's style, if the text sets one.
        var paragraphStyle: ParagraphStyle?
    }

    /// A paragraph analysed: per scalar its face, level and script; where lines may end; and
    /// the advance of each cluster (on the cluster's first scalar), for measuring candidates.
    struct Paragraph {
        /// Offset of the first scalar in the text.
        var start = 0
        /// The scalars as shown (`TextScalars.shown`): what HarfBuzz and FriBidi see.
        var scalars: [UInt32] = []
        /// The scalars as libunibreak is given them (`TextScalars.lineBreaking`).
        var lineBreaking: [UInt32] = []
        var faces: [FontFace] = []
        var levels: [UInt8] = []
        var scripts: [UInt32] = []
        /// The index in `styles` of each scalar's style.
        var styles: [Int] = []
        /// 0 left to right, 1 right to left.
        var level: UInt8 = 0
        /// count + 1 entries: whether a line may end before scalar i (a grapheme and cluster
        /// boundary).
        var boundary: [Bool] = []
        /// count + 1 entries: whether a word-wrapped line may end before scalar i.
        var breakable: [Bool] = []
        /// count + 1 entries: the advance of scalars 0..<i.
        var prefix: [Double] = []

        var count: Int { scalars.count }

        /// The advance of `a..<b` without its trailing spaces.
        func visibleWidth(_ a: Int, _ b: Int) -> Double { prefix[trimEnd(a, b)] - prefix[a] }

        /// `b` moved back over spaces, not below `a`.
        func trimEnd(_ a: Int, _ b: Int) -> Int {
            var e = b
            while e > a, LineBreaking.isBreakingSpace(scalars[e - 1]) { e -= 1 }
            return e
        }

        /// `a` moved forward over spaces, not beyond `b`.
        func trimStart(_ a: Int, _ b: Int) -> Int {
            var s = a
            while s < b, LineBreaking.isBreakingSpace(scalars[s]) { s += 1 }
            return s
        }
    }

    /// What a line shows, in logical order, with per-scalar face, level, script and offset
    /// in the text: a slice of a paragraph, or slices around an ellipsis.
    struct LineSource {
        var scalars: [UInt32] = []
        var faces: [FontFace] = []
        var levels: [UInt8] = []
        var scripts: [UInt32] = []
        var styles: [Int] = []
        var offsets: [Int] = []

        mutating func removeAll() {
            scalars.removeAll(keepingCapacity: true)
            faces.removeAll(keepingCapacity: true)
            levels.removeAll(keepingCapacity: true)
            scripts.removeAll(keepingCapacity: true)
            styles.removeAll(keepingCapacity: true)
            offsets.removeAll(keepingCapacity: true)
        }

        mutating func append(_ p: Paragraph, _ range: Range<Int>) {
            guard !range.isEmpty else { return }
            scalars.append(contentsOf: p.scalars[range])
            faces.append(contentsOf: p.faces[range])
            levels.append(contentsOf: p.levels[range])
            scripts.append(contentsOf: p.scripts[range])
            styles.append(contentsOf: p.styles[range])
            for i in range { offsets.append(p.start + i) }
        }

        mutating func append(_ scalar: UInt32, face: FontFace, level: UInt8, script: UInt32, style: Int, offset: Int) {
            scalars.append(scalar)
            styles.append(style)
            faces.append(face)
            levels.append(level)
            scripts.append(script)
            offsets.append(offset)
        }
    }

    /// Runs of one face, level, script and style, in logical order.
    private struct Item {
        var range: Range<Int>
        var face: FontFace
        var level: UInt8
        var script: UInt32
        var style: Int
    }

    private static let tolerance = 1e-6
    private static let shared = LayoutBuilder()
    private static var sharedInUse = false

    /// Runs `body` with the kept builder, or with a new one if the kept one is busy (a layout
    /// made while another is built: nothing does that today, but it must not corrupt either).
    static func withBuilder<R>(_ body: (LayoutBuilder) -> R) -> R {
        guard !sharedInUse else { return body(LayoutBuilder()) }
        sharedInUse = true
        defer { sharedInUse = false }
        return body(shared)
    }

    private var font = Font(familyName: "", pointSize: 0)
    private var width: Double?
    private var primary: FontFace?
    /// The text's scalars as the C libraries are handed them (tabs are spaces, controls and
    /// noncharacters replaced: see `TextScalars`), with their string indices.
    private var textScalars = TextScalars()
    private var scalars: [UInt32] { textScalars.shown }
    /// count + 1 entries: whether scalar i starts a grapheme cluster (a user-perceived character).
    private var graphemeStart: [Bool] = []
    private var paragraphs: [Range<Int>] = []
    /// The `String.Index` of every scalar offset, and of the end.
    var stringIndices: [String.Index] { textScalars.indices }
    private(set) var lines: [BuiltLine] = []
    private(set) var isTruncated = false
    /// The lines' glyphs, runs, faces and displayed scalars (see `BuiltLine`).
    private(set) var glyphs: [TextLayout.Glyph] = []
    private(set) var runs: [Run] = []
    private(set) var lineFaces: [LineFace] = []
    /// The styles of the text being laid out (`Run.style` and `BuiltLine.style` index them).
    private(set) var styles: [Style] = []
    /// The index in `styles` of each scalar's style.
    private var scalarStyles: [Int] = []
    private(set) var displayed: [UInt32] = []

    // Working arrays, kept between layouts.
    private var paragraph = Paragraph()
    private var source = LineSource()
    private var ellipsis = LineSource()
    private var items: [Item] = []
    private var shaped: [Shaper.Glyph] = []
    private var advances: [Double] = []
    private var clusterStart: [Bool] = []
    private var lineRanges: [Range<Int>] = []
    private var itemLevels: [UInt8] = []
    private var order: [Int] = []

    /// The direction of paragraphs without a strong character, for the build under way.
    private var neutralDirection = WritingDirection.leftToRight

    private init() {}

    /// Lays out `text` in `font`, wrapping at `width` points (nil: only at line feeds), on at
    /// most `numberOfLines` lines (0: all), the last allowed line wrapped, clipped or truncated
    /// as `mode` says; a paragraph with no strong character runs in `neutralDirection`. The
    /// result is in `lines` and the flat arrays until the next build.
    func build(text: String, font: Font, width: Double?, numberOfLines: Int, mode: LineBreakMode,
               neutralDirection: WritingDirection = .leftToRight) {
        let primary = FontLibrary.shared.primaryFace(for: font)
        self.primary = primary
        textScalars.load(text)
        styles.removeAll(keepingCapacity: true)
        styles.append(Style(font: font, primary: primary, kern: 0, rise: 0, paragraph: nil))
        Self.fill(&scalarStyles, count: scalars.count, with: 0)
        buildLines(text: text, font: font, width: width, numberOfLines: numberOfLines, mode: mode,
                   neutralDirection: neutralDirection)
    }

    /// Lays out `text` as `build(text:…)` does, each of its runs in its own font, kerning and
    /// baseline offset (`font` where a run sets none) and each paragraph set by the paragraph
    /// style of its first character, if any.
    func build(attributed text: AttributedText, font: Font, width: Double?, numberOfLines: Int, mode: LineBreakMode,
               neutralDirection: WritingDirection = .leftToRight) {
        let library = FontLibrary.shared
        primary = library.primaryFace(for: font)
        textScalars.load(text.string)
        styles.removeAll(keepingCapacity: true)
        scalarStyles.removeAll(keepingCapacity: true)
        for (i, run) in text.runs.enumerated() {
            let runFont = run.attributes.font ?? font
            styles.append(Style(font: runFont, primary: library.primaryFace(for: runFont), kern: run.attributes.kern ?? 0,
                                rise: run.attributes.baselineOffset ?? 0, paragraph: run.attributes.paragraphStyle))
            scalarStyles.append(contentsOf: repeatElement(i, count: run.range.count))
        }
        if styles.isEmpty { styles.append(Style(font: font, primary: primaryFace, kern: 0, rise: 0, paragraph: nil)) }
        buildLines(text: text.string, font: font, width: width, numberOfLines: numberOfLines, mode: mode,
                   neutralDirection: neutralDirection)
    }

    /// The build itself, once `textScalars`, `styles` and `scalarStyles` are loaded.
    private func buildLines(text: String, font: Font, width: Double?, numberOfLines: Int, mode: LineBreakMode,
                            neutralDirection: WritingDirection) {
        self.font = font
        self.neutralDirection = neutralDirection
        self.width = width
        graphemeStart.removeAll(keepingCapacity: true)
        graphemeStart.append(contentsOf: repeatElement(false, count: scalars.count + 1))
        graphemeStart[scalars.count] = true
        paragraphs.removeAll(keepingCapacity: true)
        var offset = 0, paragraphStart = 0
        for character in text {
            let n = character.unicodeScalars.count
            graphemeStart[offset] = true
            if character.isNewline {
                paragraphs.append(paragraphStart..<offset)
                paragraphStart = offset + n
            }
            offset += n
        }
        paragraphs.append(paragraphStart..<offset)
        lines.removeAll(keepingCapacity: true)
        glyphs.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        lineFaces.removeAll(keepingCapacity: true)
        displayed.removeAll(keepingCapacity: true)
        isTruncated = false
        for pi in paragraphs.indices {
            analyze(paragraphs[pi])
            let count = paragraph.count
            let style = paragraphStyleIndex(paragraphs[pi])
            paragraphStyle = styles[style].paragraph
            let firstIndent = max(paragraphStyle?.firstLineHeadIndent ?? 0, 0)
            let otherIndent = max(paragraphStyle?.headIndent ?? 0, 0)
            lineRanges.removeAll(keepingCapacity: true)
            if let width, count > 0 {
                breakLines(width: max(width - firstIndent, 0), then: max(width - otherIndent, 0),
                           byCharacter: mode == .byCharWrapping)
            } else {
                lineRanges.append(0..<count)
            }
            for li in lineRanges.indices {
                let r = lineRanges[li]
                let endsParagraph = li == lineRanges.count - 1
                let moreAfter = !endsParagraph || pi < paragraphs.count - 1
                lineIndent = li == 0 ? firstIndent : otherIndent
                lineStyle = r.isEmpty ? style : paragraph.styles[r.lowerBound]
                lineWidth = width.map { max($0 - lineIndent, 0) }
                if numberOfLines > 0, lines.count == numberOfLines - 1, moreAfter {
                    isTruncated = true
                    switch mode {
                    case .byWordWrapping, .byCharWrapping:
                        appendLine(r, endsParagraph: endsParagraph, truncated: false)
                    case .byClipping:
                        appendLine(r.lowerBound..<count, endsParagraph: true, truncated: true)
                    case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle:
                        appendTruncated(from: r.lowerBound, mode: mode)
                    }
                    return
                }
                appendLine(r, endsParagraph: endsParagraph, truncated: false)
            }
        }
    }

    /// The primary face of the font being laid out.
    private var primaryFace: FontFace { primary ?? FontLibrary.shared.primaryFace(for: font) }

    /// The style of the line being built: its paragraph's style, the index of its first
    /// scalar's style, its indent and the width it may fill (nil: no wrapping).
    private var paragraphStyle: ParagraphStyle?
    private var lineStyle = 0
    private var lineIndent = 0.0
    private var lineWidth: Double?

    /// The style index of the paragraph at scalar offsets `range`: its first scalar's, or for
    /// an empty paragraph, the line feed's before it.
    private func paragraphStyleIndex(_ range: Range<Int>) -> Int {
        if range.lowerBound < scalarStyles.count { return scalarStyles[range.lowerBound] }
        return scalarStyles.last ?? 0
    }

    // MARK: Analysis

    /// Fills `paragraph` for the text's scalars in `range`.
    private func analyze(_ range: Range<Int>) {
        let n = range.count
        let library = FontLibrary.shared
        paragraph.start = range.lowerBound
        paragraph.styles.removeAll(keepingCapacity: true)
        paragraph.styles.append(contentsOf: scalarStyles[range])
        paragraph.scalars.removeAll(keepingCapacity: true)
        paragraph.scalars.append(contentsOf: scalars[range])
        paragraph.lineBreaking.removeAll(keepingCapacity: true)
        paragraph.lineBreaking.append(contentsOf: textScalars.lineBreaking[range])
        // Faces, one per grapheme so that a mark stays with its base. Spaces and punctuation
        // stay in the face before them when it has them, so a fallback run is not split at
        // every space.
        paragraph.faces.removeAll(keepingCapacity: true)
        // A style change starts afresh: the face before belongs to another font.
        var current: FontFace?
        var currentStyle = -1
        var a = 0
        while a < n {
            var b = a + 1
            while b < n, !graphemeStart[range.lowerBound + b] { b += 1 }
            let base = paragraph.scalars[a]
            let style = paragraph.styles[a]
            if style != currentStyle { current = nil }
            let primary = styles[style].primary
            let face: FontFace
            if let current, Self.followsNeighbour(base), coversAll(current, a..<b) {
                face = current
            } else if primary.covers(base) {
                face = primary
            } else if Self.followsNeighbour(base), let current {
                face = current
            } else {
                face = library.fallbackFace(for: base, font: styles[style].font) ?? primary
            }
            for _ in a..<b { paragraph.faces.append(face) }
            current = face
            currentStyle = style
            a = b
        }
        paragraph.level = Bidi.resolveLevels(paragraph.scalars, into: &paragraph.levels, neutralDirection: neutralDirection)
        Shaper.scripts(of: paragraph.scalars, levels: paragraph.levels, into: &paragraph.scripts)
        // Shape the whole paragraph once to learn each cluster's advance.
        Self.fill(&advances, count: n, with: 0)
        Self.fill(&clusterStart, count: n + 1, with: false)
        clusterStart[n] = true
        findItems(faces: paragraph.faces, levels: paragraph.levels, scripts: paragraph.scripts, styles: paragraph.styles,
                  range: 0..<n)
        for item in items {
            shaped.removeAll(keepingCapacity: true)
            let style = styles[item.style]
            Shaper.shared.shape(paragraph.scalars, range: item.range, face: item.face, pointSize: style.font.pointSize,
                                rightToLeft: item.level % 2 == 1, script: item.script, into: &shaped)
            clusterStart[item.range.lowerBound] = true
            for g in shaped {
                advances[g.cluster] += g.advance + style.kern
                clusterStart[g.cluster] = true
            }
        }
        Self.fill(&paragraph.prefix, count: n + 1, with: 0)
        for i in 0..<n { paragraph.prefix[i + 1] = paragraph.prefix[i] + advances[i] }
        Self.fill(&paragraph.boundary, count: n + 1, with: false)
        Self.fill(&paragraph.breakable, count: n + 1, with: false)
        LineBreaking.wordBreaks(paragraph.lineBreaking, into: &paragraph.breakable)
        for i in 0...n {
            let boundary = i == 0 || i == n || (graphemeStart[range.lowerBound + i] && clusterStart[i])
            paragraph.boundary[i] = boundary
            paragraph.breakable[i] = i == n || (i > 0 && boundary && paragraph.breakable[i])
        }
    }

    /// Whether `face` has every scalar of the paragraph's `range`.
    private func coversAll(_ face: FontFace, _ range: Range<Int>) -> Bool {
        for i in range where !face.covers(paragraph.scalars[i]) { return false }
        return true
    }

    /// Makes `array` hold `count` copies of `value`, keeping its storage.
    private static func fill<T>(_ array: inout [T], count: Int, with value: T) {
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: repeatElement(value, count: count))
    }

    /// Whether a character takes the face of the one before it rather than the primary's:
    /// spaces, punctuation, symbols and invisible format characters.
    private static func followsNeighbour(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return true }
        return Bidi.isNeutral(value) || scalar.properties.isDefaultIgnorableCodePoint
    }

    /// Sets `items` to the maximal runs of one face, level, script and style within `range`.
    private func findItems(faces: [FontFace], levels: [UInt8], scripts: [UInt32], styles: [Int], range: Range<Int>) {
        items.removeAll(keepingCapacity: true)
        var i = range.lowerBound
        while i < range.upperBound {
            var j = i + 1
            while j < range.upperBound, faces[j] === faces[i], levels[j] == levels[i], scripts[j] == scripts[i],
                  styles[j] == styles[i] { j += 1 }
            items.append(Item(range: i..<j, face: faces[i], level: levels[i], script: scripts[i], style: styles[i]))
            i = j
        }
    }

    // MARK: Breaking

    /// Greedy line breaking of `paragraph` into `lineRanges`: each line takes as many
    /// break-to-break segments as fit its width (`first` for the first line, `rest` for the
    /// others; trailing spaces hang); a segment wider than a whole line breaks between
    /// graphemes (at least one per line).
    private func breakLines(width first: Double, then rest: Double, byCharacter: Bool) {
        let p = paragraph
        let n = p.count
        var start = 0
        while start < n {
            let width = start == 0 ? first : rest
            var end = start
            var j = start + 1
            while j <= n {
                let allowed = j == n
                    || (byCharacter ? p.boundary[j] && LineBreaking.mayBreakCharacters(p.scalars, before: j) : p.breakable[j])
                if allowed {
                    guard p.visibleWidth(start, j) <= width + Self.tolerance else { break }
                    end = j
                }
                j += 1
            }
            if end == start {
                // Not even one segment fits: as many graphemes as fit, at least one.
                j = start + 1
                while !p.boundary[j] { j += 1 }
                end = j
                j += 1
                while j <= n {
                    if p.boundary[j] {
                        guard p.visibleWidth(start, j) <= width + Self.tolerance else { break }
                        end = j
                    }
                    j += 1
                }
            }
            while end < n, LineBreaking.isBreakingSpace(p.scalars[end]) { end += 1 }
            lineRanges.append(start..<end)
            start = end
        }
    }

    // MARK: Lines

    private func appendLine(_ range: Range<Int>, endsParagraph: Bool, truncated: Bool) {
        let p = paragraph
        source.removeAll()
        source.append(p, range.lowerBound..<p.trimEnd(range.lowerBound, range.upperBound))
        let line = shapeSource()
        lines.append(BuiltLine(range: p.start + range.lowerBound..<p.start + range.upperBound,
                               displayed: keepDisplayed(), shaped: line,
                               isTruncated: truncated, endsParagraph: endsParagraph, isRightToLeft: p.level == 1,
                               style: lineStyle, indent: lineIndent, paragraphStyle: paragraphStyle))
    }

    /// Appends `source`'s scalars to `displayed`; returns their range there.
    private func keepDisplayed() -> Range<Int> {
        let start = displayed.count
        displayed.append(contentsOf: source.scalars)
        return start..<displayed.count
    }

    /// The last allowed line, from `s` to its paragraph's end, with an ellipsis where text is
    /// left out, fitting `width` when it can (an ellipsis alone may still be wider).
    private func appendTruncated(from s: Int, mode: LineBreakMode) {
        let p = paragraph
        let n = p.count
        let limit = (lineWidth ?? .infinity) + Self.tolerance
        let mark = ellipsisMark(style: s < n ? p.styles[s] : lineStyle)
        setEllipsis(before: nil, after: nil, cutAt: p.start + s, mark)
        source.removeAll()
        appendEllipsis()
        let ellipsisWidth = shapeSource().width
        discardShaped(from: lines.last?.shaped)
        func previousBoundary(_ i: Int) -> Int {
            var k = i - 1
            while k > s, !p.boundary[k] { k -= 1 }
            return max(k, s)
        }
        func nextBoundary(_ i: Int) -> Int {
            var k = i + 1
            while k < n, !p.boundary[k] { k += 1 }
            return min(k, n)
        }
        // Shapes a candidate showing s..<head, the ellipsis, then tail..<n (spaces next to the
        // ellipsis dropped); a rejected candidate is discarded before the next.
        func make(head: Int, tail: Int, cutAt: Int) -> ShapedLine {
            let headEnd = p.trimEnd(s, head)
            let tailStart = p.trimStart(tail, n)
            let tailEnd = p.trimEnd(tailStart, n)
            source.removeAll()
            source.append(p, s..<headEnd)
            setEllipsis(before: headEnd > s ? headEnd - 1 : nil, after: tailStart < tailEnd ? tailStart : nil,
                        cutAt: p.start + cutAt, mark)
            appendEllipsis()
            source.append(p, tailStart..<tailEnd)
            return shapeSource()
        }
        var shaped: ShapedLine
        switch mode {
        case .byTruncatingHead:
            var k = n
            var j = n
            while j >= s {
                if p.boundary[j] {
                    let t = p.trimStart(j, n)
                    guard ellipsisWidth + p.visibleWidth(t, n) <= limit else { break }
                    k = j
                }
                j -= 1
            }
            while true {
                shaped = make(head: s, tail: k, cutAt: s)
                if shaped.width <= limit || k == n { break }
                discardShaped(from: lines.last?.shaped)
                k = nextBoundary(k)
            }
        case .byTruncatingMiddle:
            let available = (lineWidth ?? .infinity) - ellipsisWidth
            var a = s
            for j in s...n where p.boundary[j] {
                guard p.visibleWidth(s, j) <= available / 2 + Self.tolerance else { break }
                a = j
            }
            var b = n
            var j = n
            while j >= a {
                if p.boundary[j] {
                    guard p.visibleWidth(p.trimStart(j, n), n) <= available - p.visibleWidth(s, a) + Self.tolerance else { break }
                    b = j
                }
                j -= 1
            }
            while true {
                shaped = make(head: a, tail: b, cutAt: a)
                if shaped.width <= limit || (a == s && b == n) { break }
                discardShaped(from: lines.last?.shaped)
                let headWidth = p.visibleWidth(s, a), tailWidth = p.visibleWidth(p.trimStart(b, n), n)
                if a > s && (headWidth >= tailWidth || b == n) { a = previousBoundary(a) } else { b = nextBoundary(b) }
            }
        default:
            var k = s
            for j in s...n where p.boundary[j] {
                guard p.visibleWidth(s, j) + ellipsisWidth <= limit else { break }
                k = j
            }
            while true {
                shaped = make(head: k, tail: n, cutAt: k)
                if shaped.width <= limit || k == s { break }
                discardShaped(from: lines.last?.shaped)
                k = previousBoundary(k)
            }
        }
        lines.append(BuiltLine(range: p.start + s..<p.start + n, displayed: keepDisplayed(), shaped: shaped,
                               isTruncated: true, endsParagraph: true, isRightToLeft: p.level == 1,
                               style: lineStyle, indent: lineIndent, paragraphStyle: paragraphStyle))
    }

    /// Drops the glyphs, runs and faces shaped after the line `last` (nil: all of them): a
    /// truncation candidate that did not fit.
    private func discardShaped(from last: ShapedLine?) {
        let runEnd = last?.runs.upperBound ?? 0
        let glyphEnd = runEnd > 0 ? runs[runEnd - 1].glyphs.upperBound : 0
        runs.removeLast(runs.count - runEnd)
        glyphs.removeLast(glyphs.count - glyphEnd)
        lineFaces.removeLast(lineFaces.count - (last?.faces.upperBound ?? 0))
    }

    /// "…" from the primary face of `style`, else from a face that has it, else three full
    /// stops; in that style.
    private func ellipsisMark(style: Int) -> (scalar: UInt32, count: Int, face: FontFace, style: Int) {
        let primary = styles[style].primary
        if primary.covers(0x2026) { return (0x2026, 1, primary, style) }
        if let face = FontLibrary.shared.fallbackFace(for: 0x2026, font: styles[style].font) { return (0x2026, 1, face, style) }
        return (0x2E, 3, primary, style)
    }

    /// Sets `ellipsis` to the mark as a line source. A neutral between paragraph scalars
    /// `before` and `after` (nil: the paragraph's edge), it takes their direction when they
    /// agree, else the paragraph's; and their script, so that it can shape with them.
    private func setEllipsis(before: Int?, after: Int?, cutAt: Int,
                             _ mark: (scalar: UInt32, count: Int, face: FontFace, style: Int)) {
        let p = paragraph
        let beforeOdd = before.map { p.levels[$0] % 2 } ?? p.level
        let afterOdd = after.map { p.levels[$0] % 2 } ?? p.level
        let level: UInt8 = beforeOdd == afterOdd ? (beforeOdd == p.level ? p.level : p.level + 1) : p.level
        let script = before.map { p.scripts[$0] } ?? after.map { p.scripts[$0] } ?? HB_SCRIPT_COMMON.rawValue
        ellipsis.removeAll()
        for _ in 0..<mark.count {
            ellipsis.append(mark.scalar, face: mark.face, level: level, script: script, style: mark.style, offset: cutAt)
        }
    }

    /// Appends `ellipsis` to `source`.
    private func appendEllipsis() {
        for i in ellipsis.scalars.indices {
            source.append(ellipsis.scalars[i], face: ellipsis.faces[i], level: ellipsis.levels[i],
                          script: ellipsis.scripts[i], style: ellipsis.styles[i], offset: ellipsis.offsets[i])
        }
    }

    /// Shapes `source` as a line: its runs in logical order, put in visual order (L2), each
    /// shaped in its direction, glyphs laid left to right from x = 0, appended to `glyphs`,
    /// `runs` and `lineFaces`.
    private func shapeSource() -> ShapedLine {
        let runStart = runs.count, faceStart = lineFaces.count
        findItems(faces: source.faces, levels: source.levels, scripts: source.scripts, styles: source.styles,
                  range: 0..<source.scalars.count)
        itemLevels.removeAll(keepingCapacity: true)
        for item in items { itemLevels.append(item.level) }
        Bidi.visualOrder(levels: itemLevels, into: &order)
        var pen = 0.0
        for index in order {
            let item = items[index]
            let style = styles[item.style]
            let rightToLeft = item.level % 2 == 1
            shaped.removeAll(keepingCapacity: true)
            Shaper.shared.shape(source.scalars, range: item.range, face: item.face, pointSize: style.font.pointSize,
                                rightToLeft: rightToLeft, script: item.script, into: &shaped)
            let glyphStart = glyphs.count
            for g in shaped {
                let scalar = source.scalars[g.cluster]
                glyphs.append(TextLayout.Glyph(glyph: g.id, cluster: source.offsets[g.cluster],
                                               position: Point(x: pen + g.xOffset, y: -g.yOffset - style.rise),
                                               advance: g.advance + style.kern,
                                               isSpace: LineBreaking.isBreakingSpace(scalar) || scalar == 0xA0))
                pen += g.advance + style.kern
            }
            let lineFace = LineFace(face: item.face, pointSize: style.font.pointSize, rise: style.rise)
            if !lineFaces[faceStart...].contains(where: {
                $0.face === lineFace.face && $0.pointSize == lineFace.pointSize && $0.rise == lineFace.rise
            }) { lineFaces.append(lineFace) }
            runs.append(Run(face: item.face, isRightToLeft: rightToLeft, glyphs: glyphStart..<glyphs.count, style: item.style))
        }
        return ShapedLine(runs: runStart..<runs.count, faces: faceStart..<lineFaces.count, width: pen)
    }
}
