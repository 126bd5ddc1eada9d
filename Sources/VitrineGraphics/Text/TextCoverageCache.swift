import CPixman

/// The coverage of text drawn again exactly alike, kept so that drawing it once more is one
/// pixman composite through that coverage rather than one composite a glyph.
///
/// Why: a label's glyphs are small (on the kiosk screen of the benchmarks, 619 glyphs of
/// about 140 pixels each in a full redraw), so a composite a glyph costs more in the call
/// than in the pixels, and every view that draws text draws it again whenever it redraws:
/// a button's title when it is pressed, every label when the screen is drawn anew.
///
/// What is kept, and when:
/// - Text is kept the second time it is drawn exactly alike: the same glyphs of the same
///   faces, placed alike, at the same pixel origin and scale, into a surface of the same
///   size (`Signature`). Text drawn once (a label whose text changes every frame) costs only
///   the record of what was drawn.
/// - The coverage kept is the sum of the glyphs' masks (within the surface). Composing a
///   colour through it gives what composing it through each mask in turn gives where no two
///   glyphs ink the same pixel: each pixel is composed once with its one glyph's coverage,
///   and every blend mode that draws text this way (all but clear and copy) leaves a pixel
///   of no coverage as it was. Text whose glyphs ink a pixel twice is never kept.
///
/// Only short texts are asked after (at most `maximumGlyphs` glyphs: labels, titles): their
/// glyphs cost more in calls than in pixels, and recognising a text reads all its glyphs,
/// where drawing a long one partly visible reads only the lines it shows.
///
/// Memory is bounded: at most `byteLimit` bytes of coverage (8 bits a pixel) and records of
/// what was drawn (8 bytes a word of their signatures), at most `entryLimit` texts recorded,
/// and a table of 2,048 hashes (16 KiB) of texts drawn once. A full cache keeps no more text until some of what it holds has not been drawn
/// for `idleUses` draws of text: then that is dropped. Text that did not fit is drawn glyph
/// by glyph, as without the cache, and tried again after a quarter of `idleUses` draws;
/// nothing is built and dropped again every frame.
///
/// Main-actor bound, like the glyph cache it draws from. `shared` is the one text drawing
/// uses.
@MainActor
final class TextCoverageCache {
    /// The cache text drawing uses.
    static let shared = TextCoverageCache()

    /// Whether text drawing asks this cache at all (tests compare with drawing glyph by glyph).
    var isEnabled = true
    /// The most bytes kept, coverage and records (2 MiB: the text of a few full screens, a
    /// quarter of one 1920×1080 frame buffer).
    var byteLimit = 2 << 20
    /// The most texts recorded, kept or not.
    var entryLimit = 512
    /// The most glyphs a text asked after may have.
    var maximumGlyphs = 256
    /// Draws of text after which a text not drawn among them may be dropped to make room.
    var idleUses: UInt64 = 4096

    /// Bytes of coverage kept and of signatures recorded now.
    private(set) var bytes = 0
    /// Draws answered with kept coverage (for tests and benchmarks).
    private(set) var hits = 0
    /// Coverages built (for tests and benchmarks).
    private(set) var builds = 0
    /// How many texts are recorded.
    var count: Int { entries.count }

    /// Everything a text's pixels depend on, as words: the font's size, the scale, the origin,
    /// the surface's size, then each line (baseline, top, bottom, runs) and in it each run
    /// (face, glyph count) and glyph (glyph, position, advance). Counts are in the stream, so
    /// two different texts never give the same words.
    typealias Signature = [UInt64]

    private struct Entry {
        var signature: Signature
        /// The coverage, nil for text that is recorded but not kept.
        var coverage: Surface?
        /// Where the coverage lies, in the surface's pixels.
        var box: PixelRect
        var lastUse: UInt64
        /// For text not kept for want of room, the clock at which keeping it is tried again;
        /// nil for text never kept (its glyphs ink a pixel twice, it has no ink, or it is
        /// larger than a quarter of the limit).
        var retryAt: UInt64?
    }

    /// What building a text's coverage gave.
    private enum Built {
        case kept(Surface, PixelRect)
        case noRoom
        case never
    }

    /// Entries by their signature's hash (two texts of one hash: the later is not kept).
    private var entries: [UInt64: Entry] = [:]
    /// Hashes of texts drawn once (a text found here is kept when drawn again), two to a set
    /// chosen by the hash's low bits: a screen of hundreds of texts redrawn together finds
    /// each again on its next draw, unless two others' hashes took its set since.
    private var seen = [UInt64](repeating: 0, count: 2 * TextCoverageCache.seenSets)
    /// Sets in `seen` (a power of two).
    private static let seenSets = 1024
    /// The signature of the text being drawn (storage reused: nothing allocated a draw).
    private var signature: Signature = []
    /// Hashes being dropped (storage reused).
    private var dropping: [UInt64] = []
    private var clock: UInt64 = 0

    init() {
        signature.reserveCapacity(256)
    }

    /// The kept coverage of `layout` drawn with its top-left at `origin` (the target's pixels)
    /// at `scale` pixels a point into `target`, and the box it lies in (`target`'s pixels);
    /// nil when it is not kept (yet): then draw the glyphs one by one. Keeps it when this is
    /// the second draw alike and it may be kept.
    func coverage(of layout: TextLayout, at origin: Point, scale: Double, in target: Surface) -> (coverage: Surface, box: PixelRect)? {
        guard isEnabled else { return nil }
        var glyphs = 0
        for line in layout.lines {
            for run in line.runs { glyphs += run.glyphs.count }
        }
        guard glyphs <= maximumGlyphs else { return nil }
        clock &+= 1
        let hash = sign(layout, origin: origin, scale: scale, size: (target.width, target.height))
        if let entry = entries[hash] {
            guard entry.signature == signature else { return nil }
            entries[hash]!.lastUse = clock
            if let coverage = entry.coverage {
                hits += 1
                return (coverage, entry.box)
            }
            guard let retryAt = entry.retryAt, clock >= retryAt else { return nil }
            return keep(layout, at: origin, scale: scale, in: target, hash: hash)
        }
        let set = 2 * (Int(truncatingIfNeeded: hash) & (Self.seenSets - 1))
        guard seen[set] == hash || seen[set + 1] == hash else {
            // Into an empty way, else over one picked by another bit of the hash.
            let way = seen[set] == 0 ? 0 : seen[set + 1] == 0 ? 1 : Int(truncatingIfNeeded: hash >> 32) & 1
            seen[set + way] = hash
            return nil
        }
        let recordBytes = signature.count * MemoryLayout<UInt64>.stride
        guard makeRoom(for: recordBytes, entries: 1) else { return nil }
        // A copy of its own size: the scratch keeps its storage (and stays unshared).
        let record = signature.withUnsafeBufferPointer { Signature($0) }
        entries[hash] = Entry(signature: record, coverage: nil, box: PixelRect(x: 0, y: 0, width: 0, height: 0), lastUse: clock,
                              retryAt: nil)
        bytes += recordBytes
        return keep(layout, at: origin, scale: scale, in: target, hash: hash)
    }

    /// Builds the coverage of the text recorded under `hash` and keeps it if it may be kept.
    private func keep(_ layout: TextLayout, at origin: Point, scale: Double, in target: Surface,
                      hash: UInt64) -> (coverage: Surface, box: PixelRect)? {
        switch build(layout, at: origin, scale: scale, within: target.bounds) {
        case .kept(let coverage, let box):
            entries[hash]?.coverage = coverage
            entries[hash]?.box = box
            entries[hash]?.retryAt = nil
            bytes += coverage.stride * coverage.height
            builds += 1
            return (coverage, box)
        case .noRoom:
            entries[hash]?.retryAt = clock &+ max(idleUses / 4, 1)
            return nil
        case .never:
            entries[hash]?.retryAt = nil
            return nil
        }
    }

    /// Drops everything kept and recorded, and zeroes the counters.
    func removeAll() {
        entries.removeAll()
        for i in seen.indices { seen[i] = 0 }
        bytes = 0
        hits = 0
        builds = 0
    }

    /// Writes the signature of `layout` drawn so into `signature`; returns its hash (FNV-1a
    /// over the words, mixed at the end: cheap, and a collision only costs keeping one of the
    /// two texts).
    private func sign(_ layout: TextLayout, origin: Point, scale: Double, size: (width: Int, height: Int)) -> UInt64 {
        signature.removeAll(keepingCapacity: true)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ word: UInt64) {
            signature.append(word)
            hash = (hash ^ word) &* 0x0000_0100_0000_01B3
        }
        add(layout.font.pointSize.bitPattern)
        add(scale.bitPattern)
        add(origin.x.bitPattern)
        add(origin.y.bitPattern)
        add(UInt64(UInt32(truncatingIfNeeded: size.width)) << 32 | UInt64(UInt32(truncatingIfNeeded: size.height)))
        add(UInt64(layout.lines.count))
        for line in layout.lines {
            add(line.baseline.bitPattern)
            add(line.rect.minY.bitPattern)
            add(line.rect.maxY.bitPattern)
            add(UInt64(line.runs.count))
            for run in line.runs {
                add(UInt64(bitPattern: Int64(run.face.serial)))
                add(UInt64(run.glyphs.count))
                for glyph in run.glyphs {
                    add(UInt64(glyph.glyph))
                    add(glyph.position.x.bitPattern)
                    add(glyph.position.y.bitPattern)
                    add(glyph.advance.bitPattern)
                }
            }
        }
        // FNV's multiply carries bits only upwards: mixed down, so that the low bits (the slot
        // in `seen`) depend on every word too.
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        return hash ^ (hash >> 33)
    }

    /// The sum of `layout`'s glyph masks within `bounds` and the box it lies in, if there is
    /// room for it (`noRoom`); `never` when two glyphs ink the same pixel, when there is no
    /// ink, or when it is larger than a quarter of the limit.
    private func build(_ layout: TextLayout, at origin: Point, scale: Double, within bounds: PixelRect) -> Built {
        var box = PixelRect(x: 0, y: 0, width: 0, height: 0)
        layout.forEachGlyphMask(at: origin, scale: scale, within: bounds) { mask, x, y in
            let piece = PixelRect(x: x, y: y, width: mask.width, height: mask.height).intersection(bounds)
            if !piece.isEmpty { box = box.isEmpty ? piece : box.union(piece) }
        }
        guard !box.isEmpty else { return .never }
        // A8 rows are padded to whole words, as `Surface` makes them.
        let cost = (box.width + 3) / 4 * 4 * box.height
        guard cost <= byteLimit / 4 else { return .never }
        guard makeRoom(for: cost, entries: 0) else { return .noRoom }
        let coverage = Surface(width: box.width, height: box.height, format: .a8)
        let sum = coverage.baseAddress, sumStride = coverage.stride
        var inkedTwice = false
        layout.forEachGlyphMask(at: origin, scale: scale, within: bounds) { mask, x, y in
            guard !inkedTwice else { return }
            let piece = PixelRect(x: x, y: y, width: mask.width, height: mask.height).intersection(box)
            guard !piece.isEmpty else { return }
            let glyph = mask.baseAddress, glyphStride = mask.stride
            for row in piece.y..<piece.maxY {
                let g = glyph + (row - y) * glyphStride + (piece.x - x)
                let s = sum + (row - box.y) * sumStride + (piece.x - box.x)
                for column in 0..<piece.width where g.load(fromByteOffset: column, as: UInt8.self) != 0
                    && s.load(fromByteOffset: column, as: UInt8.self) != 0 {
                    inkedTwice = true
                    return
                }
            }
            pixman_image_composite32(PIXMAN_OP_ADD, mask.image, nil, coverage.image, Int32(piece.x - x), Int32(piece.y - y), 0, 0,
                                     Int32(piece.x - box.x), Int32(piece.y - box.y), Int32(piece.width), Int32(piece.height))
        }
        return inkedTwice ? .never : .kept(coverage, box)
    }

    /// Whether `cost` more bytes and `entries` more texts fit, after dropping what has not
    /// been drawn for `idleUses` draws if they did not.
    private func makeRoom(for cost: Int, entries added: Int) -> Bool {
        if bytes + cost <= byteLimit, entries.count + added <= entryLimit { return true }
        let idleBefore = clock > idleUses ? clock - idleUses : 0
        dropping.removeAll(keepingCapacity: true)
        for (hash, entry) in entries where entry.lastUse < idleBefore { dropping.append(hash) }
        for hash in dropping {
            guard let entry = entries.removeValue(forKey: hash) else { continue }
            bytes -= entry.signature.count * MemoryLayout<UInt64>.stride
            if let coverage = entry.coverage { bytes -= coverage.stride * coverage.height }
        }
        return bytes + cost <= byteLimit && entries.count + added <= entryLimit
    }
}
