/// How a line too long for its width wraps, and how the last allowed line shows text that
/// does not fit (UIKit's `NSLineBreakMode`).
public enum LineBreakMode: Sendable, Hashable {
    /// Wrap at Unicode line-break opportunities (after spaces, hyphens and a URL's "/", between
    /// CJK characters); a word longer than the line breaks between characters. Lines past the limit are dropped.
    case byWordWrapping
    /// Wrap between any two characters. Lines past the limit are dropped.
    case byCharWrapping
    /// Wrap at words; the last allowed line holds the rest of its paragraph, unwrapped and
    /// cut off at the edge by the drawing's clip.
    case byClipping
    /// Wrap at words; the last allowed line ends with "…" where text is cut.
    case byTruncatingTail
    /// Wrap at words; the last allowed line starts with "…" and shows its paragraph's end.
    case byTruncatingHead
    /// Wrap at words; the last allowed line shows its start and its paragraph's end around
    /// "…".
    case byTruncatingMiddle
}

/// Where lines sit across the layout's width (UIKit's `NSTextAlignment`).
public enum TextAlignment: Sendable, Hashable {
    /// Flush left.
    case left
    /// Centred.
    case center
    /// Flush right.
    case right
    /// Both edges flush, by widening the spaces; a paragraph's last line (and a truncated
    /// one) aligns naturally.
    case justified
    /// Left for a left-to-right paragraph, right for a right-to-left one (its first strong
    /// character decides; a paragraph without one runs in the layout's `neutralDirection`).
    case natural
}

/// The direction a paragraph runs in (UIKit's `NSWritingDirection` without `.natural`).
public enum WritingDirection: Sendable, Hashable {
    /// Left to right (Latin, Cyrillic, Greek, CJK…).
    case leftToRight
    /// Right to left (Arabic, Hebrew…).
    case rightToLeft
}

/// Text measured, broken into lines, shaped and positioned, ready to draw: what a label
/// computes once per change of text, font or width.
///
/// All geometry is in points, relative to the layout's top-left corner: y grows down, a line's
/// glyphs sit on its baseline. Drawing at `scale` pixels per point rasterizes glyphs at that
/// scale, so text stays sharp on dense screens.
///
/// Building it: paragraphs split at line feeds (a line feed at the very end starts an empty
/// last line; tabs are plain spaces, there are no tab stops); each character drawn from the
/// font's face or, when that lacks it, from a fallback face that has it; runs of one face,
/// direction and script shaped by HarfBuzz; lines broken greedily at break opportunities
/// (`LineBreakMode`: Unicode line breaking, UAX #14, by libunibreak); each line reshaped on its
/// own and its runs put in visual order. Right-to-left text (Hebrew, Arabic) follows the Unicode
/// Bidirectional Algorithm (UAX #9, by FriBidi): paragraph direction from the first strong
/// character outside isolates, embeddings and isolates, numbers with their separators, paired
/// brackets, runs reordered per line.
/// A line's height is the tallest ascender plus the deepest descender and line gap of the
/// faces on it (never less than the font's); `lineSpacing` is added between lines.
///
/// Any string lays out and draws, whatever scalars it holds. C0 and C1 controls other than tab
/// and the line ends (LF, VT, FF, CR, NEL, U+2028, U+2029) are shown as nothing (no ink, no
/// width, and a word wrap does not break around them); noncharacters (U+FDD0–U+FDEF, U+FFFE,
/// U+FFFF and the last two of every plane) are shown as U+FFFD "�". Private-use and unassigned
/// characters are drawn by a face that has them, or as the face's missing glyph. Offsets
/// (clusters, line ranges) are still about the text's own scalars: each is replaced one for one.
public struct TextLayout: Sendable {
    /// A glyph placed in the layout.
    public struct Glyph: Sendable, Hashable {
        /// The glyph's index in its run's face (never 0 for a character the face has).
        public internal(set) var glyph: UInt32
        /// Offset, in `text.unicodeScalars`, of the first character the glyph draws (a
        /// ligature draws several, a mark shares its base's cluster; the ellipsis of a
        /// truncated line has the offset where text was cut).
        public internal(set) var cluster: Int
        /// The glyph's origin: on the baseline, at the pen position plus HarfBuzz's offset,
        /// in layout points.
        public internal(set) var position: Point
        /// How far the pen moved after it, in points.
        public internal(set) var advance: Double
        /// Whether it draws a space (justification widens these).
        var isSpace: Bool
    }

    /// Consecutive glyphs of one face and one direction.
    public struct GlyphRun: Sendable {
        /// The face the glyphs are from.
        public internal(set) var face: FontFace
        /// Whether the run was shaped right to left (its glyphs are still listed left to right).
        public internal(set) var isRightToLeft: Bool
        /// The glyphs, left to right on the screen.
        public internal(set) var glyphs: [Glyph]
        /// The em size the glyphs were shaped at and are drawn at, in points: the layout's
        /// font's, or the run's font's in attributed text.
        public internal(set) var pointSize: Double
        /// The index of the run's attributes in `attributedText.runs` (0 for plain text).
        public internal(set) var attributeRun: Int
    }

    /// One line of the layout.
    public struct Line: Sendable {
        /// The characters of `text` the line stands for: its visible text and trailing spaces
        /// (not the line feed). For a truncated or clipped line, the rest of its paragraph.
        public internal(set) var range: Range<String.Index>
        /// What the line shows, in logical order (with "…" where it was truncated): its
        /// characters as drawn, so a noncharacter is U+FFFD and a control U+2060 WORD JOINER
        /// (drawn as nothing), and a tab a space.
        public internal(set) var displayedText: String
        /// The line box: x where its first glyph starts after alignment, y its top; width as
        /// `width`, height from the faces' metrics. In layout points.
        public internal(set) var rect: Rect
        /// The baseline's y, in layout points.
        public internal(set) var baseline: Double
        /// The line's advance width in points, trailing spaces excluded.
        public var width: Double { rect.width }
        /// The runs, left to right on the screen.
        public internal(set) var runs: [GlyphRun]
        /// Whether the line ends with (or holds) an ellipsis, or was clipped, because text
        /// after it did not fit.
        public internal(set) var isTruncated: Bool
        /// Whether its paragraph is right to left.
        public internal(set) var isRightToLeft: Bool
    }

    /// The text laid out.
    public private(set) var text: String
    /// The attributed text laid out (its `string` is `text`), or nil for plain text.
    public let attributedText: AttributedText?
    /// The font asked for (fallback faces may draw some characters); in attributed text, the
    /// font of runs that set none.
    public let font: Font
    /// The width lines wrap at, in points (at least 0); nil for no wrapping (only line feeds
    /// break).
    public let width: Double?
    /// The most lines shown; 0 for no limit.
    public let numberOfLines: Int
    /// How lines wrap and how text past the last line is shown.
    public let lineBreakMode: LineBreakMode
    /// How lines align across `width` (or across the widest line when width is nil).
    public let alignment: TextAlignment
    /// Extra points between one line's box and the next.
    public let lineSpacing: Double
    /// The direction of a paragraph with no strong character (digits, punctuation, or
    /// nothing): the interface's, so that "42" or "—" in a right-to-left screen sits on the
    /// right under `.natural` alignment. A paragraph with a strong character takes the
    /// direction of its first one (UAX #9's P2–P3), whatever this says.
    public let neutralDirection: WritingDirection

    /// The lines, top to bottom.
    public private(set) var lines: [Line] = []
    /// The size the text takes, in points: the widest line (a clipped line counting only up
    /// to `width`) by the lines' heights and the spacing between them. Zero for empty text.
    public private(set) var size = Size.zero
    /// Whether some text is not shown (a line limit cut it).
    public private(set) var isTruncated = false

    /// Lays out `text` in `font`, wrapping at `width` points (nil: only at line feeds), on at
    /// most `numberOfLines` lines (0: no limit); paragraphs without a strong character run in
    /// `neutralDirection`. On the main actor, where the font library and the shaper live; the
    /// finished layout is a value that may go anywhere.
    @MainActor
    public init(text: String, font: Font, width: Double? = nil, numberOfLines: Int = 0,
                lineBreakMode: LineBreakMode = .byWordWrapping, alignment: TextAlignment = .natural,
                lineSpacing: Double = 0, neutralDirection: WritingDirection = .leftToRight) {
        let key = TextLayoutCache.Key(text: text, font: font, width: width.map { max($0, 0) }, numberOfLines: max(numberOfLines, 0),
                                      lineBreakMode: lineBreakMode, alignment: alignment, lineSpacing: lineSpacing,
                                      neutralDirection: neutralDirection)
        if !text.isEmpty, let kept = TextLayoutCache.layout(for: key) {
            self = kept
            return
        }
        self.text = text
        self.attributedText = nil
        self.font = font
        self.width = key.width
        self.numberOfLines = key.numberOfLines
        self.lineBreakMode = lineBreakMode
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.neutralDirection = neutralDirection
        guard !text.isEmpty else { return }
        build()
        TextLayoutCache.keep(self, for: key)
    }

    /// Lays out `attributedText`: each run in its font (`font` where it sets none), kerning
    /// and baseline offset, each paragraph aligned, spaced and indented by the paragraph style
    /// of its first character (`alignment` and `lineSpacing` where it sets none), the whole
    /// text wrapped and truncated by the line break mode of its first paragraph's style
    /// (`lineBreakMode` where it sets none). Runs are split further by bidi level, script and
    /// fallback face, each shaped on its own; lines break across runs. A line is as tall as
    /// the largest font on it, raised or lowered glyphs included. Colours and decorations are
    /// for drawing (`GraphicsContext.draw(_:at:color:)`).
    @MainActor
    public init(attributedText: AttributedText, font: Font, width: Double? = nil, numberOfLines: Int = 0,
                lineBreakMode: LineBreakMode = .byWordWrapping, alignment: TextAlignment = .natural,
                lineSpacing: Double = 0, neutralDirection: WritingDirection = .leftToRight) {
        let mode = attributedText.runs.first?.attributes.paragraphStyle?.lineBreakMode ?? lineBreakMode
        var key = TextLayoutCache.Key(text: attributedText.string, font: font, width: width.map { max($0, 0) },
                                      numberOfLines: max(numberOfLines, 0), lineBreakMode: mode, alignment: alignment,
                                      lineSpacing: lineSpacing, neutralDirection: neutralDirection)
        key.runs = attributedText.runs
        if !attributedText.runs.isEmpty, let kept = TextLayoutCache.layout(for: key) {
            self = kept
            return
        }
        self.text = attributedText.string
        self.attributedText = attributedText
        self.font = font
        self.width = key.width
        self.numberOfLines = key.numberOfLines
        self.lineBreakMode = mode
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.neutralDirection = neutralDirection
        guard !text.isEmpty else { return }
        LayoutBuilder.withBuilder { builder in
            builder.build(attributed: attributedText, font: font, width: key.width, numberOfLines: numberOfLines,
                          mode: mode, neutralDirection: neutralDirection)
            isTruncated = builder.isTruncated
            place(builder)
        }
        TextLayoutCache.keep(self, for: key)
    }

    /// The attributes of `run` (one of this layout's): those of its part of `attributedText`,
    /// none for plain text.
    public func attributes(of run: GlyphRun) -> TextAttributes {
        guard let attributedText, run.attributeRun < attributedText.runs.count else { return TextAttributes() }
        return attributedText.runs[run.attributeRun].attributes
    }

    /// Lays out what `write` puts in `text` (which it is given emptied), with the same font,
    /// width and settings, reusing this layout's storage: once its arrays (and `text`'s) have
    /// grown to the text's size, laying out again allocates nothing, which is what a text
    /// field needs on every key. Other copies of the layout keep what they had (value
    /// semantics: shared storage is copied, not reused). The result is not put in the cache of
    /// layouts that `init` uses.
    @MainActor
    /// Plain text only: an attributed layout is made anew.
    public mutating func replaceText(_ write: (inout String) -> Void) {
        precondition(attributedText == nil, "replaceText lays out plain text")
        text.removeAll(keepingCapacity: true)
        write(&text)
        build()
    }

    /// Lays out `newText` in place of `text`, reusing this layout's storage (see
    /// `replaceText(_:)`).
    @MainActor
    public mutating func replaceText(with newText: String) {
        replaceText { $0.append(newText) }
    }

    /// Builds and places the lines of `text` (none for empty text), reusing `lines`' storage.
    @MainActor
    private mutating func build() {
        guard !text.isEmpty else {
            lines.removeAll(keepingCapacity: true)
            size = .zero
            isTruncated = false
            return
        }
        LayoutBuilder.withBuilder { builder in
            builder.build(text: text, font: font, width: width, numberOfLines: numberOfLines, mode: lineBreakMode,
                          neutralDirection: neutralDirection)
            isTruncated = builder.isTruncated
            place(builder)
        }
    }

    /// Puts the built lines one under the other and aligns them, writing them into `lines`
    /// over what it held (its arrays keep their storage when this layout is their only owner).
    @MainActor
    private mutating func place(_ builder: LayoutBuilder) {
        let built = builder.lines
        var widest = 0.0
        for line in built { widest = max(widest, line.shaped.width + line.indent) }
        let container = width ?? widest
        if lines.count > built.count { lines.removeLast(lines.count - built.count) }
        var y = 0.0
        var longest = 0.0
        for (i, line) in built.enumerated() {
            let lineStyle = builder.styles[line.style]
            let primary = lineStyle.primary.metrics(at: lineStyle.font.pointSize)
            var ascender = primary.ascender, descender = primary.descender, gap = primary.lineGap
            for lineFace in builder.lineFaces[line.shaped.faces] {
                let m = lineFace.face.metrics(at: lineFace.pointSize)
                ascender = max(ascender, m.ascender + lineFace.rise)
                descender = max(descender, m.descender - lineFace.rise)
                gap = max(gap, m.lineGap)
            }
            let isNewLine = i == lines.count
            if isNewLine {
                lines.append(Line(range: text.startIndex..<text.startIndex, displayedText: "", rect: .zero, baseline: 0,
                                  runs: [], isTruncated: false, isRightToLeft: false))
            }
            Self.copyRuns(of: line, from: builder, into: &lines[i].runs)
            var lineWidth = line.shaped.width
            let paragraphAlignment = line.paragraphStyle?.alignment ?? alignment
            var lineAlignment = paragraphAlignment
            // The indent is on the paragraph's leading side: the line aligns in what is left.
            let available = container - line.indent
            if paragraphAlignment == .justified {
                var added = 0.0
                if width != nil, !line.endsParagraph, !line.isTruncated, lineWidth < available {
                    added = Self.justify(&lines[i].runs, extra: available - lineWidth)
                }
                lineWidth += added
                // A line that could not be stretched (its paragraph's last, or one without
                // spaces) sits where natural alignment puts it.
                lineAlignment = added > 0 ? (line.isRightToLeft ? .right : .left) : .natural
            }
            if lineAlignment == .natural { lineAlignment = line.isRightToLeft ? .right : .left }
            let aligned: Double = switch lineAlignment {
            case .center: (available - lineWidth) / 2
            case .right: available - lineWidth
            default: 0
            }
            let x = (line.isRightToLeft ? 0 : line.indent) + aligned
            let baseline = y + ascender
            for r in lines[i].runs.indices {
                for g in lines[i].runs[r].glyphs.indices {
                    lines[i].runs[r].glyphs[g].position.x += x
                    lines[i].runs[r].glyphs[g].position.y += baseline
                }
            }
            let height = ascender + descender + gap
            lines[i].range = builder.stringIndices[line.range.lowerBound]..<builder.stringIndices[line.range.upperBound]
            lines[i].displayedText.unicodeScalars.removeAll(keepingCapacity: true)
            if isNewLine {
                // Sized once; a line laid out again grows its string as an array grows
                // (reserving the exact size each time would reallocate on every longer text).
                var utf8Count = 0
                for value in builder.displayed[line.displayed] { utf8Count += Unicode.Scalar(value).map { $0.utf8.count } ?? 0 }
                lines[i].displayedText.reserveCapacity(utf8Count)
            }
            for value in builder.displayed[line.displayed] {
                if let scalar = Unicode.Scalar(value) { lines[i].displayedText.unicodeScalars.append(scalar) }
            }
            lines[i].rect = Rect(x: x, y: y, width: lineWidth, height: height)
            lines[i].baseline = baseline
            lines[i].isTruncated = line.isTruncated
            lines[i].isRightToLeft = line.isRightToLeft
            // A clipped line counts only as far as the width; any other line that overflows (a
            // single character, or an ellipsis, wider than the width) counts whole.
            longest = max(longest, lineBreakMode == .byClipping && line.isTruncated
                          ? min(lineWidth + line.indent, width ?? .infinity) : lineWidth + line.indent)
            y += height
            if i < built.count - 1 { y += line.paragraphStyle?.lineSpacing ?? lineSpacing }
        }
        size = Size(width: longest, height: y)
    }

    /// Writes the runs of the built `line` into `runs`, over what it held.
    @MainActor
    private static func copyRuns(of line: LayoutBuilder.BuiltLine, from builder: LayoutBuilder, into runs: inout [GlyphRun]) {
        let count = line.shaped.runs.count
        if runs.count > count { runs.removeLast(runs.count - count) }
        for (j, r) in line.shaped.runs.enumerated() {
            let run = builder.runs[r]
            if j == runs.count {
                runs.append(GlyphRun(face: run.face, isRightToLeft: run.isRightToLeft, glyphs: [], pointSize: 0,
                                     attributeRun: 0))
            }
            let style = builder.styles[run.style]
            runs[j].face = run.face
            runs[j].isRightToLeft = run.isRightToLeft
            runs[j].pointSize = style.font.pointSize
            runs[j].attributeRun = run.style
            runs[j].glyphs.removeAll(keepingCapacity: true)
            runs[j].glyphs.append(contentsOf: builder.glyphs[run.glyphs])
        }
    }

    /// Widens the spaces of `runs` (left to right) to share `extra` points; returns the
    /// points added (0 when the line has no space).
    private static func justify(_ runs: inout [GlyphRun], extra: Double) -> Double {
        let spaces = runs.reduce(0) { $0 + $1.glyphs.filter(\.isSpace).count }
        guard spaces > 0 else { return 0 }
        let each = extra / Double(spaces)
        var shift = 0.0
        for r in runs.indices {
            for g in runs[r].glyphs.indices {
                runs[r].glyphs[g].position.x += shift
                if runs[r].glyphs[g].isSpace {
                    runs[r].glyphs[g].advance += each
                    shift += each
                }
            }
        }
        return extra
    }
}
