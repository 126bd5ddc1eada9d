import VitrineGraphics

/// Where each character of one shaped line sits, for carets, hit-testing and selection: built
/// from a `TextLayout`'s glyphs (their clusters and their runs' directions, i.e. the bidi
/// levels FriBidi gave them). x is in layout points.
///
/// A character's caret before it is on its *leading* edge: the left edge in a left-to-right
/// run, the right edge in a right-to-left one. Visual caret movement walks the characters'
/// edges left to right on the screen, so the arrow keys move the way the text looks in mixed
/// Hebrew/English text.
struct TextLineGeometry {
    struct Span {
        var minX: Double
        var maxX: Double
        var isRightToLeft: Bool
    }

    /// One span per character of the laid-out text.
    private(set) var spans: [Span] = []
    /// Where the caret of an empty line goes.
    private(set) var emptyX: Double
    /// Whether the paragraph is right to left.
    private(set) var isRightToLeft: Bool
    /// Working arrays of `rebuild`, kept so that building again allocates nothing (the
    /// character of each scalar: only for `rebuild(layout:characters:emptyX:)`).
    private var characterOfScalar: [Int] = []
    private var covered: [Bool] = []

    /// Builds the geometry of `layout`'s first line for `characters` (its text).
    init(layout: TextLayout?, characters: [Character], emptyX: Double) {
        self.emptyX = emptyX
        isRightToLeft = false
        rebuild(layout: layout, characters: characters, emptyX: emptyX)
    }

    /// Builds the geometry of one line of a layout: `characterOfScalar` maps each scalar
    /// offset of the layout's text to its character offset; `characters` are the character
    /// offsets the line shows. Offsets in and out of this geometry are relative to
    /// `characters.lowerBound`.
    init(line: TextLayout.Line?, characterOfScalar: [Int], characters range: Range<Int>, emptyX: Double) {
        self.emptyX = emptyX
        isRightToLeft = false
        build(line: line, characterOfScalar: characterOfScalar, characters: range, emptyX: emptyX)
    }

    /// Builds it again, in place, for one line of a layout: what
    /// `init(line:characterOfScalar:characters:emptyX:)` makes, reusing this geometry's arrays
    /// (a text view rebuilds its lines on every key). `characterOfScalar` is not kept.
    mutating func rebuild(line: TextLayout.Line?, characterOfScalar: [Int], characters range: Range<Int>, emptyX: Double) {
        build(line: line, characterOfScalar: characterOfScalar, characters: range, emptyX: emptyX)
    }

    /// Builds it again, in place, for `layout`'s first line and `characters` (its text):
    /// what `init(layout:characters:emptyX:)` makes, reusing this geometry's arrays (a text
    /// field rebuilds it on every key).
    mutating func rebuild<Characters: Collection<Character>>(layout: TextLayout?, characters: Characters, emptyX: Double) {
        characterOfScalar.removeAll(keepingCapacity: true)
        for (i, c) in characters.enumerated() {
            for _ in c.unicodeScalars { characterOfScalar.append(i) }
        }
        let map = characterOfScalar
        build(line: layout?.lines.first, characterOfScalar: map, characters: 0..<characters.count, emptyX: emptyX)
    }

    /// Fills `spans` for `line` (see `init(line:characterOfScalar:characters:emptyX:)`).
    private mutating func build(line: TextLayout.Line?, characterOfScalar: [Int], characters range: Range<Int>,
                                emptyX: Double) {
        self.emptyX = line.map { $0.rect.minX } ?? emptyX
        isRightToLeft = line?.isRightToLeft ?? false
        spans.removeAll(keepingCapacity: true)
        guard let line, !range.isEmpty else { return }
        let base = range.lowerBound
        spans.append(contentsOf: repeatElement(Span(minX: .infinity, maxX: -.infinity, isRightToLeft: isRightToLeft),
                                               count: range.count))
        covered.removeAll(keepingCapacity: true)
        covered.append(contentsOf: repeatElement(false, count: range.count))
        for run in line.runs {
            for glyph in run.glyphs where glyph.cluster < characterOfScalar.count {
                let c = characterOfScalar[glyph.cluster] - base
                guard c >= 0, c < spans.count else { continue }
                spans[c].minX = min(spans[c].minX, glyph.position.x)
                spans[c].maxX = max(spans[c].maxX, glyph.position.x + glyph.advance)
                spans[c].isRightToLeft = run.isRightToLeft
                covered[c] = true
            }
        }
        // A ligature draws several characters with one glyph: share its width between them.
        var i = 0
        while i < spans.count {
            guard covered[i] else { i += 1; continue }
            var j = i + 1
            while j < spans.count, !covered[j] { j += 1 }
            if j - i > 1 {
                let span = spans[i], n = Double(j - i), w = (span.maxX - span.minX) / n
                for k in i..<j {
                    let step = Double(k - i)
                    let a = span.isRightToLeft ? span.maxX - (step + 1) * w : span.minX + step * w
                    spans[k] = Span(minX: a, maxX: a + w, isRightToLeft: span.isRightToLeft)
                }
            }
            i = j
        }
        // Characters with no glyph at all (before the first glyph): a zero-width span.
        var lastX = line.rect.minX
        for k in spans.indices {
            if spans[k].minX == .infinity { spans[k] = Span(minX: lastX, maxX: lastX, isRightToLeft: isRightToLeft) }
            lastX = spans[k].maxX
        }
    }

    /// The caret's x before character `offset`. Where the offset is at a direction change it
    /// has two places; the one next to the character before it is used when that character
    /// runs in the paragraph's direction (or ends the text), else the one next to the
    /// character after it (a visual move passes `preferredX` to keep the place it reached).
    func caretX(_ offset: Int) -> Double {
        guard !spans.isEmpty else { return emptyX }
        let offset = min(max(offset, 0), spans.count)
        if offset > 0, offset == spans.count || spans[offset - 1].isRightToLeft == isRightToLeft {
            let s = spans[offset - 1]
            return s.isRightToLeft ? s.minX : s.maxX
        }
        let s = spans[offset]
        return s.isRightToLeft ? s.maxX : s.minX
    }

    /// Whether `offset`'s caret can be drawn at `x` (one of its two places at a direction change).
    func caret(_ offset: Int, canBeAt x: Double) -> Bool {
        boundaries.contains { abs($0.x - x) < 0.01 && ($0.afterLeft == offset || $0.beforeRight == offset) }
    }

    /// The caret places left to right on the screen: the x between two characters (or at an
    /// end), with the offset that is right after the character on its left (`afterLeft`, nil
    /// at the left end) and right before the character on its right (`beforeRight`).
    private var boundaries: [(x: Double, afterLeft: Int?, beforeRight: Int?)] {
        var edges: [(x: Double, isRightEdge: Bool, offset: Int)] = []
        edges.reserveCapacity(spans.count * 2)
        for (i, s) in spans.enumerated() where s.maxX > s.minX || spans.count == 1 {
            edges.append((s.minX, false, s.isRightToLeft ? i + 1 : i))
            edges.append((s.maxX, true, s.isRightToLeft ? i : i + 1))
        }
        edges.sort { $0.x < $1.x }
        var result: [(x: Double, afterLeft: Int?, beforeRight: Int?)] = []
        for edge in edges {
            if let last = result.last, abs(last.x - edge.x) < 0.01 {
                if edge.isRightEdge { result[result.count - 1].afterLeft = edge.offset }
                else { result[result.count - 1].beforeRight = edge.offset }
            } else {
                result.append((edge.x, edge.isRightEdge ? edge.offset : nil, edge.isRightEdge ? nil : edge.offset))
            }
        }
        return result
    }

    /// One step left (`direction` -1) or right (+1) on the screen from `offset`, whose caret is
    /// at `x` (nil: where `caretX` puts it). Returns the new offset and where its caret is.
    func visualMove(from offset: Int, at x: Double?, direction: Int) -> (offset: Int, x: Double) {
        let boundaries = self.boundaries
        guard !boundaries.isEmpty else { return (0, emptyX) }
        let x = x ?? caretX(offset)
        var here: Int?, best = Double.infinity
        for (k, b) in boundaries.enumerated() where b.afterLeft == offset || b.beforeRight == offset {
            if abs(b.x - x) < best { best = abs(b.x - x); here = k }
        }
        guard let here else { return (offset, x) }
        let k = here + direction
        guard k >= 0, k < boundaries.count else { return (offset, boundaries[here].x) }
        let b = boundaries[k]
        let next = direction > 0 ? (b.afterLeft ?? b.beforeRight ?? offset) : (b.beforeRight ?? b.afterLeft ?? offset)
        return (next, b.x)
    }

    /// The character offset whose caret is nearest to `x`.
    func offset(atX x: Double) -> Int {
        guard !spans.isEmpty else { return 0 }
        var bestOffset = 0, best = Double.infinity
        for (i, s) in spans.enumerated() {
            if x >= s.minX, x <= s.maxX {
                let leftHalf = x < (s.minX + s.maxX) / 2
                return leftHalf != s.isRightToLeft ? i : i + 1
            }
            for (edge, offset) in [(s.minX, s.isRightToLeft ? i + 1 : i), (s.maxX, s.isRightToLeft ? i : i + 1)]
            where abs(edge - x) < best {
                best = abs(edge - x)
                bestOffset = offset
            }
        }
        return bestOffset
    }

    /// The x extents covering `range` on the screen (a bidi selection can be several pieces).
    func selectionSpans(_ range: Range<Int>) -> [(minX: Double, maxX: Double)] {
        var pieces: [(minX: Double, maxX: Double)] = []
        for i in range where i < spans.count {
            let s = spans[i]
            if let last = pieces.last, abs(last.maxX - s.minX) < 0.01 {
                pieces[pieces.count - 1].maxX = s.maxX
            } else if let last = pieces.last, abs(s.maxX - last.minX) < 0.01 {
                pieces[pieces.count - 1].minX = s.minX
            } else {
                pieces.append((s.minX, s.maxX))
            }
        }
        return pieces
    }
}
