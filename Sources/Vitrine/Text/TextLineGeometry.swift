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
    private(set) var spans: [Span]
    /// Where the caret of an empty line goes.
    let emptyX: Double
    /// Whether the paragraph is right to left.
    let isRightToLeft: Bool

    /// Builds the geometry of `layout`'s first line for `characters` (its text).
    init(layout: TextLayout?, characters: [Character], emptyX: Double) {
        self.emptyX = emptyX
        isRightToLeft = layout?.lines.first?.isRightToLeft ?? false
        spans = []
        guard let layout, let line = layout.lines.first, !characters.isEmpty else { return }
        // Scalar offset of each character start, and character of each scalar.
        var characterOfScalar: [Int] = []
        characterOfScalar.reserveCapacity(characters.count)
        for (i, c) in characters.enumerated() {
            for _ in c.unicodeScalars { characterOfScalar.append(i) }
        }
        spans = Array(repeating: Span(minX: .infinity, maxX: -.infinity, isRightToLeft: isRightToLeft),
                      count: characters.count)
        var covered = [Bool](repeating: false, count: characters.count)
        for run in line.runs {
            for glyph in run.glyphs where glyph.cluster < characterOfScalar.count {
                let c = characterOfScalar[glyph.cluster]
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

    /// The caret's x before character `offset` (at the end: after the last character).
    func caretX(_ offset: Int) -> Double {
        guard !spans.isEmpty else { return emptyX }
        if offset < spans.count {
            let s = spans[max(offset, 0)]
            return s.isRightToLeft ? s.maxX : s.minX
        }
        let s = spans[spans.count - 1]
        return s.isRightToLeft ? s.minX : s.maxX
    }

    /// The caret stops left to right on the screen: (x, offset) for both edges of every
    /// character, sorted by x.
    private var stops: [(x: Double, offset: Int)] {
        var result: [(x: Double, offset: Int)] = []
        result.reserveCapacity(spans.count * 2)
        for (i, s) in spans.enumerated() {
            result.append((s.minX, s.isRightToLeft ? i + 1 : i))
            result.append((s.maxX, s.isRightToLeft ? i : i + 1))
        }
        return result.enumerated().sorted { ($0.element.x, $0.offset) < ($1.element.x, $1.offset) }.map(\.element)
    }

    /// The offset one step left (`direction` -1) or right (+1) on the screen from `offset`.
    func visualMove(from offset: Int, direction: Int) -> Int {
        guard !spans.isEmpty else { return 0 }
        let stops = self.stops
        let x = caretX(offset)
        // The stop of this offset closest to where its caret is drawn.
        var here = 0, best = Double.infinity
        for (k, stop) in stops.enumerated() where stop.offset == offset && abs(stop.x - x) < best {
            best = abs(stop.x - x)
            here = k
        }
        if best == .infinity { return offset }
        var k = here + direction
        while k >= 0, k < stops.count {
            if stops[k].offset != offset { return stops[k].offset }
            k += direction
        }
        return offset
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
