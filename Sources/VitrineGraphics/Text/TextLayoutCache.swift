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
