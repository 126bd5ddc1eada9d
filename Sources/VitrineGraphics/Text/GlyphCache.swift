/// Rasterized glyphs kept for reuse, in bounded memory: least recently used glyphs are
/// dropped once the masks take more than `byteLimit` bytes. Keyed by face, glyph, pixel size
/// and quarter-pixel horizontal phase, so text drawn at 1× and 2× caches separately.
///
/// Main-actor bound like the faces it rasterizes with. `shared` is the cache every text
/// drawing uses; the counters are for tests and benchmarks.
@MainActor
public final class GlyphCache {
    /// The cache text drawing uses.
    public static let shared = GlyphCache()

    /// What one cached glyph costs beyond its mask's pixels (key, offsets, list links), so
    /// that glyphs without ink count too and `bytes` reflects the real footprint.
    public static let entryOverhead = 64

    /// The most bytes the cached glyphs may take (masks plus `entryOverhead` each); lowering
    /// it evicts at once. A glyph larger than the limit is drawn but not kept. Default 4 MiB.
    public var byteLimit: Int {
        didSet { evict(toFit: 0) }
    }

    /// Bytes the cached glyphs take now; never more than `byteLimit`.
    public private(set) var bytes = 0
    /// Lookups answered from the cache.
    @exclusivity(unchecked) public private(set) var hits = 0
    /// Lookups that rasterized.
    public private(set) var misses = 0
    /// Glyphs dropped to stay within `byteLimit`.
    public private(set) var evictions = 0

    /// How many glyphs are cached.
    public var count: Int { slots.count }

    struct Key: Hashable {
        var face: Int
        var glyph: UInt32
        /// 26.6 fixed point pixels per em.
        var pixelSize: Int
        /// Quarter pixels, 0...3.
        var subpixel: Int
    }

    private struct Entry {
        var key: Key
        var glyph: RasterizedGlyph
        var cost: Int
        var newer = -1
        var older = -1
    }

    // An intrusive doubly linked list over an array (no node allocation per glyph): `newest`
    // is the most recently used, `oldest` goes first. Read and relinked on every glyph drawn,
    // only ever on the main actor, never accessed twice at once: no runtime exclusivity checks.
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var freeEntries: [Int] = []
    @exclusivity(unchecked) private var slots: [Key: Int] = [:]
    @exclusivity(unchecked) private var newest = -1
    @exclusivity(unchecked) private var oldest = -1
    /// The slot a key was last found in, by a cheap hash of the key (`recentIndex`), ahead of
    /// `slots`: a label's glyphs are looked up by hundreds a frame and hashing them for the
    /// dictionary (SipHash) took a sixth of drawing text. A slot found here is taken only when
    /// its entry still holds the key (a dropped glyph's entry holds `droppedKey`).
    @exclusivity(unchecked) private var recent = [Int](repeating: -1, count: GlyphCache.recentCount)
    /// How many keys `recent` remembers (a power of two).
    private static let recentCount = 512
    /// What a dropped glyph's entry holds as its key: no face has serial -1.
    private static let droppedKey = Key(face: -1, glyph: 0, pixelSize: 0, subpixel: 0)

    /// An empty cache holding at most `byteLimit` bytes.
    public init(byteLimit: Int = 4 << 20) {
        self.byteLimit = max(byteLimit, 0)
    }

    /// Drops every glyph (the counters stay).
    public func removeAll() {
        for i in recent.indices { recent[i] = -1 }
        entries.removeAll()
        freeEntries.removeAll()
        slots.removeAll()
        newest = -1
        oldest = -1
        bytes = 0
    }

    /// Zeroes hits, misses and evictions.
    public func resetStatistics() {
        hits = 0
        misses = 0
        evictions = 0
    }

    /// The glyph `glyph` of `face` at `pixelSize` (26.6 pixels per em) and `subpixel`
    /// quarters of a pixel right; rasterized on a miss. Nil when the face cannot render it.
    func glyph(_ glyph: UInt32, of face: FontFace, pixelSize: Int, subpixel: Int) -> RasterizedGlyph? {
        let key = Key(face: face.serial, glyph: glyph, pixelSize: pixelSize, subpixel: subpixel)
        let remembered = Self.recentIndex(key)
        let guess = recent[remembered]
        if guess >= 0, entries[guess].key == key {
            hits += 1
            touch(guess)
            return entries[guess].glyph
        }
        if let slot = slots[key] {
            hits += 1
            recent[remembered] = slot
            touch(slot)
            return entries[slot].glyph
        }
        misses += 1
        guard let rendered = face.rasterize(glyph: glyph, pixelSize: pixelSize, subpixel: subpixel) else { return nil }
        let cost = Self.entryOverhead + (rendered.mask.map { $0.stride * $0.height } ?? 0)
        guard cost <= byteLimit else { return rendered }
        evict(toFit: cost)
        let entry = Entry(key: key, glyph: rendered, cost: cost)
        let slot: Int
        if let free = freeEntries.popLast() {
            entries[free] = entry
            slot = free
        } else {
            entries.append(entry)
            slot = entries.count - 1
        }
        slots[key] = slot
        recent[remembered] = slot
        linkAsNewest(slot)
        bytes += cost
        return rendered
    }

    /// Where `key` is remembered in `recent`: its fields mixed by multiplication (Fibonacci
    /// hashing), the top bits taken.
    private static func recentIndex(_ key: Key) -> Int {
        var h = UInt64(truncatingIfNeeded: key.face) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ UInt64(key.glyph)) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ UInt64(truncatingIfNeeded: key.pixelSize << 2 | key.subpixel)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h >> 55)
    }

    /// Drops the oldest glyphs until `extra` more bytes fit within the limit.
    private func evict(toFit extra: Int) {
        while bytes + extra > byteLimit, oldest >= 0 {
            let slot = oldest
            unlink(slot)
            bytes -= entries[slot].cost
            slots[entries[slot].key] = nil
            entries[slot].key = Self.droppedKey
            // Release the mask now rather than when the slot is reused.
            entries[slot].glyph = RasterizedGlyph(mask: nil, left: 0, top: 0)
            freeEntries.append(slot)
            evictions += 1
        }
    }

    private func touch(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        linkAsNewest(slot)
    }

    private func linkAsNewest(_ slot: Int) {
        entries[slot].older = newest
        entries[slot].newer = -1
        if newest >= 0 { entries[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }

    private func unlink(_ slot: Int) {
        let newer = entries[slot].newer, older = entries[slot].older
        if newer >= 0 { entries[newer].older = older } else { newest = older }
        if older >= 0 { entries[older].newer = newer } else { oldest = newer }
        entries[slot].newer = -1
        entries[slot].older = -1
    }
}
