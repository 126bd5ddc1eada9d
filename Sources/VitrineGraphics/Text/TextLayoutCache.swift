/// The layouts made last, by everything a layout depends on, so that text laid out again
/// unchanged (a button's title each time it redraws, a label measured and then drawn) is
/// neither shaped nor broken into lines again, and allocates nothing: the cached value's
/// arrays are shared, not copied. A layout is a pure function of its inputs (the font library
/// does not change while the program runs).
///
/// At most `capacity` layouts are kept; when it is full it is emptied and fills again, which
/// bounds its memory (the layouts of `capacity` texts) and costs nothing per lookup.
@MainActor
enum TextLayoutCache {
    struct Key: Hashable {
        var text: String
        var font: Font
        var width: Double?
        var numberOfLines: Int
        var lineBreakMode: LineBreakMode
        var alignment: TextAlignment
        var lineSpacing: Double
        var neutralDirection: WritingDirection
        /// The attribute runs of an attributed text (nil for plain text).
        var runs: [AttributedText.Run]? = nil

        /// Texts compare by their scalars, not as `String`s: canonically equivalent strings
        /// ("é" and "e" + U+0301) are equal `String`s, but a layout's glyph clusters and line
        /// ranges are offsets and indices into its own text's scalars, and would be wrong (an
        /// index past the end) for the other.
        static func == (a: Key, b: Key) -> Bool {
            a.text.utf8.elementsEqual(b.text.utf8) && a.font == b.font && a.width == b.width
                && a.numberOfLines == b.numberOfLines && a.lineBreakMode == b.lineBreakMode
                && a.alignment == b.alignment && a.lineSpacing == b.lineSpacing
                && a.neutralDirection == b.neutralDirection && a.runs == b.runs
        }

        func hash(into hasher: inout Hasher) {
            // The bytes themselves (equal keys have equal bytes), read in place from a native
            // string; only a foreign one (none on Linux) is copied first.
            let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            if hashed == nil { Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
            hasher.combine(text.utf8.count)
            hasher.combine(font)
            hasher.combine(width)
            hasher.combine(numberOfLines)
            hasher.combine(lineBreakMode)
            hasher.combine(alignment)
            hasher.combine(lineSpacing)
            hasher.combine(neutralDirection)
            hasher.combine(runs)
        }
    }

    /// How many layouts are kept.
    static let capacity = 128
    private static var layouts: [Key: TextLayout] = {
        var layouts: [Key: TextLayout] = [:]
        layouts.reserveCapacity(capacity)
        return layouts
    }()

    /// The layout kept for `key`, if any.
    static func layout(for key: Key) -> TextLayout? { layouts[key] }

    /// How many layouts are kept (for tests).
    static var count: Int { layouts.count }

    /// Forgets every layout.
    static func removeAll() { layouts.removeAll(keepingCapacity: true) }

    /// Keeps `layout` for `key`.
    static func keep(_ layout: TextLayout, for key: Key) {
        // Text far longer than a label's is not worth keeping (and would make the cache large).
        guard key.text.utf8.count <= 1024 else { return }
        if layouts.count >= capacity { layouts.removeAll(keepingCapacity: true) }
        layouts[key] = layout
    }
}

extension TextLayout {
    /// Forgets the layouts kept for text laid out again unchanged (a benchmark of layout
    /// itself calls it before each sample; an app has no need to).
    @MainActor
    public static func removeAllCachedLayouts() { TextLayoutCache.removeAll() }
}
