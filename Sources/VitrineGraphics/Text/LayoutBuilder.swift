import CHarfBuzz

/// The work behind `TextLayout.init`: paragraphs, face choice per character, bidi levels,
/// scripts, shaping, line breaking and truncation. Offsets are in Unicode scalars.
@MainActor
struct LayoutBuilder {
    /// A line shaped on its own, glyphs left to right from x = 0 on a baseline at y = 0.
    struct ShapedLine {
        var runs: [TextLayout.GlyphRun] = []
        var width = 0.0
        var faces: [FontFace] = []
    }

    /// A line ready to be placed.
    struct BuiltLine {
        /// Scalar offsets into the text.
        var range: Range<Int>
        var displayedText: String
        var shaped: ShapedLine
        var isTruncated: Bool
        var endsParagraph: Bool
        var isRightToLeft: Bool
    }

    /// A paragraph analysed: per scalar its face, level and script; where lines may end; and
    /// the advance of each cluster (on the cluster's first scalar), for measuring candidates.
    struct Paragraph {
        /// Offset of the first scalar in the text.
        var start: Int
        var scalars: [UInt32]
        var faces: [FontFace]
        var levels: [UInt8]
        var scripts: [UInt32]
        /// 0 left to right, 1 right to left.
        var level: UInt8
        /// count + 1 entries: whether a line may end before scalar i (a grapheme and cluster
        /// boundary).
        var boundary: [Bool]
        /// count + 1 entries: whether a word-wrapped line may end before scalar i.
        var breakable: [Bool]
        /// count + 1 entries: the advance of scalars 0..<i.
        var prefix: [Double]

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
        var offsets: [Int] = []

        mutating func append(_ p: Paragraph, _ range: Range<Int>) {
            guard !range.isEmpty else { return }
            scalars += p.scalars[range]
            faces += p.faces[range]
            levels += p.levels[range]
            scripts += p.scripts[range]
            offsets += range.map { p.start + $0 }
        }

        mutating func append(_ scalar: UInt32, face: FontFace, level: UInt8, script: UInt32, offset: Int) {
            scalars.append(scalar)
            faces.append(face)
            levels.append(level)
            scripts.append(script)
            offsets.append(offset)
        }

        var displayedText: String {
            var view = String.UnicodeScalarView()
            for s in scalars { if let u = Unicode.Scalar(s) { view.append(u) } }
            return String(view)
        }
    }

    /// Runs of one face, level and script, in logical order.
    private struct Item {
        var range: Range<Int>
        var face: FontFace
        var level: UInt8
        var script: UInt32
    }

    private static let tolerance = 1e-6

    let font: Font
    let width: Double?
    private let primary: FontFace
    /// The text's scalars; tabs are spaces (no tab stops).
    private let scalars: [UInt32]
    /// count + 1 entries: whether scalar i starts a grapheme cluster (a user-perceived character).
    private var graphemeStart: [Bool]
    private var paragraphs: [Range<Int>] = []
    /// The `String.Index` of every scalar offset, and of the end.
    private(set) var stringIndices: [String.Index]
    private(set) var lines: [BuiltLine] = []
    private(set) var isTruncated = false

    init(text: String, font: Font, width: Double?) {
        self.font = font
        self.width = width
        primary = FontLibrary.shared.primaryFace(for: font)
        scalars = text.unicodeScalars.map { $0.value == 0x09 ? 0x20 : $0.value }
        stringIndices = Array(text.unicodeScalars.indices)
        stringIndices.append(text.endIndex)
        graphemeStart = [Bool](repeating: false, count: scalars.count + 1)
        graphemeStart[scalars.count] = true
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
    }

    /// Breaks every paragraph into lines, up to `numberOfLines` (0: all), the last allowed
    /// line wrapped, clipped or truncated as `mode` says.
    mutating func build(numberOfLines: Int, mode: LineBreakMode) {
        for (pi, range) in paragraphs.enumerated() {
            let p = analyze(range)
            let ranges: [Range<Int>]
            if let width, p.count > 0 {
                ranges = breakLines(p, width: width, byCharacter: mode == .byCharWrapping)
            } else {
                ranges = [0..<p.count]
            }
            for (li, r) in ranges.enumerated() {
                let endsParagraph = li == ranges.count - 1
                let moreAfter = !endsParagraph || pi < paragraphs.count - 1
                if numberOfLines > 0, lines.count == numberOfLines - 1, moreAfter {
                    isTruncated = true
                    switch mode {
                    case .byWordWrapping, .byCharWrapping:
                        appendLine(p, r, endsParagraph: endsParagraph, truncated: false)
                    case .byClipping:
                        appendLine(p, r.lowerBound..<p.count, endsParagraph: true, truncated: true)
                    case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle:
                        appendTruncated(p, from: r.lowerBound, mode: mode)
                    }
                    return
                }
                appendLine(p, r, endsParagraph: endsParagraph, truncated: false)
            }
        }
    }

    // MARK: Analysis

    private func analyze(_ range: Range<Int>) -> Paragraph {
        let s = Array(scalars[range])
        let n = s.count
        let library = FontLibrary.shared
        // Faces, one per grapheme so that a mark stays with its base. Spaces and punctuation
        // stay in the face before them when it has them, so a fallback run is not split at
        // every space.
        var faces: [FontFace] = []
        faces.reserveCapacity(n)
        var current: FontFace?
        var a = 0
        while a < n {
            var b = a + 1
            while b < n, !graphemeStart[range.lowerBound + b] { b += 1 }
            let base = s[a]
            let face: FontFace
            if let current, Self.followsNeighbour(base), (a..<b).allSatisfy({ current.covers(s[$0]) }) {
                face = current
            } else if primary.covers(base) {
                face = primary
            } else if Self.followsNeighbour(base), let current {
                face = current
            } else {
                face = library.fallbackFace(for: base, font: font) ?? primary
            }
            for _ in a..<b { faces.append(face) }
            current = face
            a = b
        }
        let (levels, level) = Bidi.resolveLevels(s)
        let scripts = Shaper.scripts(of: s, levels: levels)
        var paragraph = Paragraph(start: range.lowerBound, scalars: s, faces: faces, levels: levels, scripts: scripts,
                                  level: level, boundary: [], breakable: [], prefix: [])
        // Shape the whole paragraph once to learn each cluster's advance.
        var advances = [Double](repeating: 0, count: n)
        var clusterStart = [Bool](repeating: false, count: n + 1)
        clusterStart[n] = true
        var glyphs: [Shaper.Glyph] = []
        for item in items(of: paragraph, in: 0..<n) {
            glyphs.removeAll(keepingCapacity: true)
            Shaper.shared.shape(s, range: item.range, face: item.face, pointSize: font.pointSize,
                                rightToLeft: item.level % 2 == 1, script: item.script, into: &glyphs)
            clusterStart[item.range.lowerBound] = true
            for g in glyphs {
                advances[g.cluster] += g.advance
                clusterStart[g.cluster] = true
            }
        }
        var prefix = [Double](repeating: 0, count: n + 1)
        for i in 0..<n { prefix[i + 1] = prefix[i] + advances[i] }
        var boundary = [Bool](repeating: false, count: n + 1)
        var breakable = [Bool](repeating: false, count: n + 1)
        LineBreaking.wordBreaks(s, into: &breakable)
        for i in 0...n {
            boundary[i] = i == 0 || i == n || (graphemeStart[range.lowerBound + i] && clusterStart[i])
            breakable[i] = i == n || (i > 0 && boundary[i] && breakable[i])
        }
        paragraph.boundary = boundary
        paragraph.breakable = breakable
        paragraph.prefix = prefix
        return paragraph
    }

    /// Whether a character takes the face of the one before it rather than the primary's:
    /// spaces, punctuation, symbols and invisible format characters.
    private static func followsNeighbour(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return true }
        return Bidi.isNeutral(value) || scalar.properties.isDefaultIgnorableCodePoint
    }

    /// Maximal runs of one face, level and script within `range`.
    private func items(of p: Paragraph, in range: Range<Int>) -> [Item] {
        items(faces: p.faces, levels: p.levels, scripts: p.scripts, range: range)
    }

    private func items(faces: [FontFace], levels: [UInt8], scripts: [UInt32], range: Range<Int>) -> [Item] {
        var result: [Item] = []
        var i = range.lowerBound
        while i < range.upperBound {
            var j = i + 1
            while j < range.upperBound, faces[j] === faces[i], levels[j] == levels[i], scripts[j] == scripts[i] { j += 1 }
            result.append(Item(range: i..<j, face: faces[i], level: levels[i], script: scripts[i]))
            i = j
        }
        return result
    }

    // MARK: Breaking

    /// Greedy line breaking: each line takes as many break-to-break segments as fit `width`
    /// (trailing spaces hang); a segment wider than a whole line breaks between graphemes
    /// (at least one per line).
    private func breakLines(_ p: Paragraph, width: Double, byCharacter: Bool) -> [Range<Int>] {
        let n = p.count
        var result: [Range<Int>] = []
        var start = 0
        while start < n {
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
            result.append(start..<end)
            start = end
        }
        return result
    }

    // MARK: Lines

    private mutating func appendLine(_ p: Paragraph, _ range: Range<Int>, endsParagraph: Bool, truncated: Bool) {
        var source = LineSource()
        source.append(p, range.lowerBound..<p.trimEnd(range.lowerBound, range.upperBound))
        lines.append(BuiltLine(range: p.start + range.lowerBound..<p.start + range.upperBound,
                               displayedText: source.displayedText, shaped: shape(source),
                               isTruncated: truncated, endsParagraph: endsParagraph, isRightToLeft: p.level == 1))
    }

    /// The last allowed line, from `s` to its paragraph's end, with an ellipsis where text is
    /// left out, fitting `width` when it can (an ellipsis alone may still be wider).
    private mutating func appendTruncated(_ p: Paragraph, from s: Int, mode: LineBreakMode) {
        let n = p.count
        let limit = (width ?? .infinity) + Self.tolerance
        let ellipsis = ellipsisGlyphs()
        let ellipsisWidth = shape(ellipsisSource(p, before: nil, after: nil, cutAt: p.start + s, ellipsis)).width
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
        func make(head: Int, tail: Int, cutAt: Int) -> LineSource {
            // Shows s..<head, the ellipsis, then tail..<n (spaces next to the ellipsis dropped).
            let headEnd = p.trimEnd(s, head)
            let tailStart = p.trimStart(tail, n)
            let tailEnd = p.trimEnd(tailStart, n)
            var source = LineSource()
            source.append(p, s..<headEnd)
            let ell = ellipsisSource(p, before: headEnd > s ? headEnd - 1 : nil, after: tailStart < tailEnd ? tailStart : nil,
                                     cutAt: p.start + cutAt, ellipsis)
            source.scalars += ell.scalars
            source.faces += ell.faces
            source.levels += ell.levels
            source.scripts += ell.scripts
            source.offsets += ell.offsets
            source.append(p, tailStart..<tailEnd)
            return source
        }
        var shaped: ShapedLine
        var source: LineSource
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
                source = make(head: s, tail: k, cutAt: s)
                shaped = shape(source)
                if shaped.width <= limit || k == n { break }
                k = nextBoundary(k)
            }
        case .byTruncatingMiddle:
            let available = (width ?? .infinity) - ellipsisWidth
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
                source = make(head: a, tail: b, cutAt: a)
                shaped = shape(source)
                if shaped.width <= limit || (a == s && b == n) { break }
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
                source = make(head: k, tail: n, cutAt: k)
                shaped = shape(source)
                if shaped.width <= limit || k == s { break }
                k = previousBoundary(k)
            }
        }
        lines.append(BuiltLine(range: p.start + s..<p.start + n, displayedText: source.displayedText, shaped: shaped,
                               isTruncated: true, endsParagraph: true, isRightToLeft: p.level == 1))
    }

    /// "…" from the primary face, else from a face that has it, else three full stops.
    private func ellipsisGlyphs() -> (scalars: [UInt32], face: FontFace) {
        if primary.covers(0x2026) { return ([0x2026], primary) }
        if let face = FontLibrary.shared.fallbackFace(for: 0x2026, font: font) { return ([0x2026], face) }
        return ([0x2E, 0x2E, 0x2E], primary)
    }

    /// The ellipsis as a line source. A neutral between paragraph scalars `before` and `after`
    /// (nil: the paragraph's edge), it takes their direction when they agree, else the
    /// paragraph's; and their script, so that it can shape with them.
    private func ellipsisSource(_ p: Paragraph, before: Int?, after: Int?, cutAt: Int,
                                _ ellipsis: (scalars: [UInt32], face: FontFace)) -> LineSource {
        let beforeOdd = before.map { p.levels[$0] % 2 } ?? p.level
        let afterOdd = after.map { p.levels[$0] % 2 } ?? p.level
        let level: UInt8 = beforeOdd == afterOdd ? (beforeOdd == p.level ? p.level : p.level + 1) : p.level
        let script = before.map { p.scripts[$0] } ?? after.map { p.scripts[$0] } ?? HB_SCRIPT_COMMON.rawValue
        var source = LineSource()
        for s in ellipsis.scalars {
            source.append(s, face: ellipsis.face, level: level, script: script, offset: cutAt)
        }
        return source
    }

    /// Shapes a line: its runs in logical order, put in visual order (L2), each shaped in its
    /// direction, glyphs laid left to right from x = 0.
    private func shape(_ source: LineSource) -> ShapedLine {
        var line = ShapedLine()
        let items = items(faces: source.faces, levels: source.levels, scripts: source.scripts,
                          range: 0..<source.scalars.count)
        var glyphs: [Shaper.Glyph] = []
        var pen = 0.0
        for index in Bidi.visualOrder(levels: items.map(\.level)) {
            let item = items[index]
            let rightToLeft = item.level % 2 == 1
            glyphs.removeAll(keepingCapacity: true)
            Shaper.shared.shape(source.scalars, range: item.range, face: item.face, pointSize: font.pointSize,
                                rightToLeft: rightToLeft, script: item.script, into: &glyphs)
            var placed: [TextLayout.Glyph] = []
            placed.reserveCapacity(glyphs.count)
            for g in glyphs {
                let scalar = source.scalars[g.cluster]
                placed.append(TextLayout.Glyph(glyph: g.id, cluster: source.offsets[g.cluster],
                                               position: Point(x: pen + g.xOffset, y: -g.yOffset), advance: g.advance,
                                               isSpace: LineBreaking.isBreakingSpace(scalar) || scalar == 0xA0))
                pen += g.advance
            }
            if !line.faces.contains(where: { $0 === item.face }) { line.faces.append(item.face) }
            line.runs.append(TextLayout.GlyphRun(face: item.face, isRightToLeft: rightToLeft, glyphs: placed))
        }
        line.width = pen
        return line
    }
}
