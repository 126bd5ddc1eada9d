/// How a line under or through text is drawn (UIKit's `NSUnderlineStyle`, without its dash
/// patterns).
public struct UnderlineStyle: OptionSet, Sendable, Hashable {
    /// The style's bits.
    public let rawValue: Int
    /// A style of bits `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// One thin line (a twelfth of the em, at least a pixel).
    public static let single = UnderlineStyle(rawValue: 1 << 0)
    /// One line twice as thick as `single`.
    public static let thick = UnderlineStyle(rawValue: 1 << 1)
    /// Two thin lines.
    public static let double = UnderlineStyle(rawValue: 1 << 3)
}

/// How the lines of a paragraph are set (UIKit's `NSParagraphStyle` and
/// `NSMutableParagraphStyle` in one value type: a `var` of it is the mutable one).
///
/// A paragraph takes the style of its first character; the style of the text's first
/// paragraph also gives the line break mode of the whole text, as UIKit's label does. Lengths
/// are in points.
public struct ParagraphStyle: Sendable, Hashable {
    /// How lines align across the layout's width.
    public var alignment: TextAlignment = .natural
    /// Extra points between one line's box and the next, within the paragraph and after it.
    public var lineSpacing: Double = 0
    /// Points the first line of the paragraph is indented on its leading side.
    public var firstLineHeadIndent: Double = 0
    /// Points every other line of the paragraph is indented on its leading side.
    public var headIndent: Double = 0
    /// How lines wrap and how the last line shown shows text that does not fit (the text's
    /// first paragraph's style decides for the whole text).
    public var lineBreakMode: LineBreakMode = .byWordWrapping

    /// A style with UIKit's defaults: natural alignment, no spacing, no indent, word wrapping.
    public init(alignment: TextAlignment = .natural, lineSpacing: Double = 0, firstLineHeadIndent: Double = 0,
                headIndent: Double = 0, lineBreakMode: LineBreakMode = .byWordWrapping) {
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.firstLineHeadIndent = firstLineHeadIndent
        self.headIndent = headIndent
        self.lineBreakMode = lineBreakMode
    }

    /// UIKit's `NSParagraphStyle.default`.
    public static let `default` = ParagraphStyle()
}

/// The attributes of a run of text (UIKit's `[NSAttributedString.Key: Any]` dictionary, typed:
/// each key is a property, nil where the run does not set it).
///
/// An attribute left nil takes what the view showing the text says (its font, its text
/// colour, its alignment…). Lengths are in points.
public struct TextAttributes: Sendable, Hashable {
    /// The font (`.font`).
    public var font: Font?
    /// The colour of the glyphs (`.foregroundColor`).
    public var foregroundColor: Color?
    /// The colour filled behind the run's glyphs, the height of its line (`.backgroundColor`).
    public var backgroundColor: Color?
    /// A line under the run, in its foreground colour (`.underlineStyle`).
    public var underlineStyle: UnderlineStyle?
    /// A line through the run, in its foreground colour (`.strikethroughStyle`).
    public var strikethroughStyle: UnderlineStyle?
    /// Points added after each glyph (`.kern`; negative tightens).
    public var kern: Double?
    /// Points the glyphs are raised above the baseline (`.baselineOffset`; negative lowers).
    public var baselineOffset: Double?
    /// How the paragraph that starts with this run is set (`.paragraphStyle`).
    public var paragraphStyle: ParagraphStyle?
    /// Where the run links to (`.link`): a URL or any string the app understands. A tap on it
    /// in a `TextView` that is not editable reaches the delegate.
    public var link: String?

    /// Attributes that set what is given and leave the rest to the view.
    public init(font: Font? = nil, foregroundColor: Color? = nil, backgroundColor: Color? = nil,
                underlineStyle: UnderlineStyle? = nil, strikethroughStyle: UnderlineStyle? = nil, kern: Double? = nil,
                baselineOffset: Double? = nil, paragraphStyle: ParagraphStyle? = nil, link: String? = nil) {
        self.font = font
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underlineStyle = underlineStyle
        self.strikethroughStyle = strikethroughStyle
        self.kern = kern
        self.baselineOffset = baselineOffset
        self.paragraphStyle = paragraphStyle
        self.link = link
    }

    /// The names of the attributes (UIKit's `NSAttributedString.Key`), for removing one.
    public enum Key: Sendable, Hashable, CaseIterable {
        /// `font`.
        case font
        /// `foregroundColor`.
        case foregroundColor
        /// `backgroundColor`.
        case backgroundColor
        /// `underlineStyle`.
        case underlineStyle
        /// `strikethroughStyle`.
        case strikethroughStyle
        /// `kern`.
        case kern
        /// `baselineOffset`.
        case baselineOffset
        /// `paragraphStyle`.
        case paragraphStyle
        /// `link`.
        case link
    }

    /// Whether no attribute is set.
    public var isEmpty: Bool { self == TextAttributes() }

    /// These attributes with those `other` sets put over them (`addAttributes`' rule).
    public func merging(_ other: TextAttributes) -> TextAttributes {
        var result = self
        if let v = other.font { result.font = v }
        if let v = other.foregroundColor { result.foregroundColor = v }
        if let v = other.backgroundColor { result.backgroundColor = v }
        if let v = other.underlineStyle { result.underlineStyle = v }
        if let v = other.strikethroughStyle { result.strikethroughStyle = v }
        if let v = other.kern { result.kern = v }
        if let v = other.baselineOffset { result.baselineOffset = v }
        if let v = other.paragraphStyle { result.paragraphStyle = v }
        if let v = other.link { result.link = v }
        return result
    }

    /// These attributes without `key`.
    public func removing(_ key: Key) -> TextAttributes {
        var result = self
        switch key {
        case .font: result.font = nil
        case .foregroundColor: result.foregroundColor = nil
        case .backgroundColor: result.backgroundColor = nil
        case .underlineStyle: result.underlineStyle = nil
        case .strikethroughStyle: result.strikethroughStyle = nil
        case .kern: result.kern = nil
        case .baselineOffset: result.baselineOffset = nil
        case .paragraphStyle: result.paragraphStyle = nil
        case .link: result.link = nil
        }
        return result
    }
}

/// Text with attributes over ranges of it (UIKit's `NSAttributedString` and
/// `NSMutableAttributedString` in one value type: a `var` of it is the mutable one).
///
/// Ranges are `Range<String.Index>` of `string`, not UIKit's `NSRange` of UTF-16 units: a Swift
/// string is indexed by `String.Index`, which `string.firstRange(of:)`, `string.indices` and
/// slicing give directly, and which cannot fall inside a surrogate pair or a UTF-8 sequence.
/// An index between two scalars of one character (an accent after its letter) is allowed:
/// attributes may change inside a character, as in UIKit. Indices of a string that has since
/// changed must not be used.
///
/// Storage is compact: the runs of equal attributes, in order, covering the whole text, each
/// a range of Unicode scalar offsets; neighbours with equal attributes are merged, so a text
/// set in one style is one run however it was built. Editing keeps the runs consistent:
/// inserted text takes the attributes of the character before it (or, at the start, of the
/// one after), and deleting shrinks or drops the runs it crosses.
public struct AttributedText: Sendable, Hashable, CustomStringConvertible {
    /// A run of equal attributes: `range` in Unicode scalar offsets of `string`.
    public struct Run: Sendable, Hashable {
        /// The run's scalars, as offsets into `string.unicodeScalars`.
        public internal(set) var range: Range<Int>
        /// The attributes of every scalar in the run.
        public internal(set) var attributes: TextAttributes
    }

    /// The text.
    public private(set) var string: String
    /// The runs, in text order, covering every scalar once (none for empty text), no two
    /// neighbours alike.
    public private(set) var runs: [Run]

    /// `string` with `attributes` over all of it (UIKit's `init(string:attributes:)`).
    public init(_ string: String = "", attributes: TextAttributes = TextAttributes()) {
        self.string = string
        let count = string.unicodeScalars.count
        runs = count == 0 ? [] : [Run(range: 0..<count, attributes: attributes)]
    }

    /// The number of Unicode scalars in `string` (the end offset of the last run).
    public var scalarCount: Int { runs.last?.range.upperBound ?? 0 }

    /// The whole text's range.
    public var fullRange: Range<String.Index> { string.startIndex..<string.endIndex }

    /// The text and its runs, for logs and test failures.
    public var description: String {
        let scalars = Array(string.unicodeScalars)
        return runs.map { run in
            var s = ""
            s.unicodeScalars.append(contentsOf: scalars[run.range])
            return "\"\(s)\"\(run.attributes)"
        }.joined(separator: " ")
    }

    // MARK: Reading

    /// The scalar offset of `index` in `string` (an index inside a scalar counts as that
    /// scalar's start).
    public func scalarOffset(of index: String.Index) -> Int {
        string.unicodeScalars.distance(from: string.startIndex, to: index)
    }

    /// The index in `string` of scalar offset `offset` (0...scalarCount).
    public func index(ofScalarOffset offset: Int) -> String.Index {
        string.unicodeScalars.index(string.startIndex, offsetBy: offset)
    }

    private func scalarRange(_ range: Range<String.Index>) -> Range<Int> {
        let lower = scalarOffset(of: range.lowerBound)
        return lower..<(lower + string.unicodeScalars.distance(from: range.lowerBound, to: range.upperBound))
    }

    /// The index of the run holding scalar `offset` (0..<scalarCount).
    package func runIndex(atScalar offset: Int) -> Int {
        var low = 0, high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runs[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The attributes of the character at `index` and the range of its run (UIKit's
    /// `attributes(at:effectiveRange:)`); empty attributes and an empty range at the end.
    public func attributes(at index: String.Index) -> (attributes: TextAttributes, range: Range<String.Index>) {
        let offset = scalarOffset(of: index)
        guard offset < scalarCount else { return (TextAttributes(), string.endIndex..<string.endIndex) }
        let run = runs[runIndex(atScalar: offset)]
        return (run.attributes, self.index(ofScalarOffset: run.range.lowerBound)..<self.index(ofScalarOffset: run.range.upperBound))
    }

    /// The attributes at scalar `offset` (empty at the end or for empty text).
    package func attributes(atScalar offset: Int) -> TextAttributes {
        guard offset >= 0, offset < scalarCount else { return TextAttributes() }
        return runs[runIndex(atScalar: offset)].attributes
    }

    /// The runs as ranges of `string` (UIKit's `enumerateAttributes(in:)` over the whole text).
    public var attributeRuns: [(range: Range<String.Index>, attributes: TextAttributes)] {
        var result: [(range: Range<String.Index>, attributes: TextAttributes)] = []
        var index = string.unicodeScalars.startIndex
        for run in runs {
            let end = string.unicodeScalars.index(index, offsetBy: run.range.count)
            result.append((index..<end, run.attributes))
            index = end
        }
        return result
    }

    /// The part of the text in `range`, with its attributes (UIKit's
    /// `attributedSubstring(from:)`).
    public func attributedSubstring(from range: Range<String.Index>) -> AttributedText {
        let r = scalarRange(range)
        var result = AttributedText(String(string.unicodeScalars[range]))
        result.runs = []
        for run in runs where run.range.overlaps(r) {
            let lower = max(run.range.lowerBound, r.lowerBound), upper = min(run.range.upperBound, r.upperBound)
            result.runs.append(Run(range: lower - r.lowerBound..<upper - r.lowerBound, attributes: run.attributes))
        }
        return result
    }

    // MARK: Attributes

    /// Replaces the attributes of `range` with `attributes` (UIKit's `setAttributes`).
    public mutating func setAttributes(_ attributes: TextAttributes, range: Range<String.Index>) {
        setAttributes(attributes, scalarRange: scalarRange(range))
    }

    /// Puts `attributes`' set attributes over those of `range`, keeping the others (UIKit's
    /// `addAttributes`).
    public mutating func addAttributes(_ attributes: TextAttributes, range: Range<String.Index>) {
        addAttributes(attributes, scalarRange: scalarRange(range))
    }

    /// Removes the attribute `key` from `range` (UIKit's `removeAttribute`).
    public mutating func removeAttribute(_ key: TextAttributes.Key, range: Range<String.Index>) {
        transform(scalarRange(range)) { $0.removing(key) }
    }

    /// `setAttributes` over scalar offsets.
    package mutating func setAttributes(_ attributes: TextAttributes, scalarRange range: Range<Int>) {
        transform(range) { _ in attributes }
    }

    /// `addAttributes` over scalar offsets.
    package mutating func addAttributes(_ attributes: TextAttributes, scalarRange range: Range<Int>) {
        transform(range) { $0.merging(attributes) }
    }

    /// Replaces the attributes of each run's part within `range` by `change` of them, then
    /// merges neighbours made alike.
    private mutating func transform(_ range: Range<Int>, _ change: (TextAttributes) -> TextAttributes) {
        let range = range.clamped(to: 0..<scalarCount)
        guard !range.isEmpty else { return }
        split(at: range.lowerBound)
        split(at: range.upperBound)
        for i in runs.indices where range.contains(runs[i].range.lowerBound) {
            runs[i].attributes = change(runs[i].attributes)
        }
        coalesce()
    }

    /// Splits the run across scalar `offset`, if one does, in two.
    private mutating func split(at offset: Int) {
        guard offset > 0, offset < scalarCount else { return }
        let i = runIndex(atScalar: offset)
        let run = runs[i]
        guard run.range.lowerBound < offset else { return }
        runs[i].range = run.range.lowerBound..<offset
        runs.insert(Run(range: offset..<run.range.upperBound, attributes: run.attributes), at: i + 1)
    }

    /// Merges neighbours with equal attributes and drops empty runs.
    private mutating func coalesce() {
        var merged: [Run] = []
        merged.reserveCapacity(runs.count)
        for run in runs where !run.range.isEmpty {
            if let last = merged.last, last.attributes == run.attributes {
                merged[merged.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                merged.append(run)
            }
        }
        runs = merged
    }

    // MARK: Editing

    /// Replaces the characters of `range` with `replacement`, which takes the attributes of
    /// the first character replaced, or with nothing replaced, of the character before (at
    /// the start: the one after) — UIKit's `replaceCharacters(in:with:)` with a string.
    public mutating func replaceCharacters(in range: Range<String.Index>, with replacement: String) {
        let r = scalarRange(range)
        let attributes = r.isEmpty ? attributes(atScalar: r.lowerBound > 0 ? r.lowerBound - 1 : 0)
                                   : attributes(atScalar: r.lowerBound)
        replaceScalars(r, with: AttributedText(replacement, attributes: attributes))
    }

    /// Replaces the characters of `range` with `replacement` and its attributes.
    public mutating func replaceCharacters(in range: Range<String.Index>, with replacement: AttributedText) {
        replaceScalars(scalarRange(range), with: replacement)
    }

    /// Inserts `other` before `index`.
    public mutating func insert(_ other: AttributedText, at index: String.Index) {
        replaceCharacters(in: index..<index, with: other)
    }

    /// Appends `other` (UIKit's `append`).
    public mutating func append(_ other: AttributedText) {
        replaceScalars(scalarCount..<scalarCount, with: other)
    }

    /// Removes the characters of `range` (UIKit's `deleteCharacters(in:)`).
    public mutating func deleteCharacters(in range: Range<String.Index>) {
        replaceScalars(scalarRange(range), with: AttributedText())
    }

    /// `lhs` followed by `rhs`.
    public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// Replaces the scalars at offsets `range` with `replacement`: runs before it kept, runs
    /// it crosses cut, runs after it moved by the change in length.
    package mutating func replaceScalars(_ range: Range<Int>, with replacement: AttributedText) {
        let range = range.clamped(to: 0..<scalarCount)
        let scalars = string.unicodeScalars
        let lower = scalars.index(scalars.startIndex, offsetBy: range.lowerBound)
        let upper = scalars.index(lower, offsetBy: range.count)
        var newString = String(scalars[..<lower])
        newString.unicodeScalars.append(contentsOf: replacement.string.unicodeScalars)
        newString.unicodeScalars.append(contentsOf: scalars[upper...])
        let delta = replacement.scalarCount - range.count
        var newRuns: [Run] = []
        newRuns.reserveCapacity(runs.count + replacement.runs.count + 1)
        for run in runs where run.range.lowerBound < range.lowerBound {
            newRuns.append(Run(range: run.range.lowerBound..<min(run.range.upperBound, range.lowerBound), attributes: run.attributes))
        }
        for run in replacement.runs {
            newRuns.append(Run(range: run.range.lowerBound + range.lowerBound..<run.range.upperBound + range.lowerBound,
                               attributes: run.attributes))
        }
        for run in runs where run.range.upperBound > range.upperBound {
            newRuns.append(Run(range: max(run.range.lowerBound, range.upperBound) + delta..<run.range.upperBound + delta,
                               attributes: run.attributes))
        }
        string = newString
        runs = newRuns
        coalesce()
    }
}
