import CPixman
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The coverage of text drawn again exactly alike, kept so that drawing it once more is one
/// pixman composite through that coverage rather than one composite a glyph.
///
/// Why: a label's glyphs are small (on the kiosk screen of the benchmarks, 619 glyphs of
/// about 140 pixels each in a full redraw), so a composite a glyph costs more in the call
/// than in the pixels, and every view that draws text draws it again whenever it redraws:
/// a button's title when it is pressed, every label when the screen is drawn anew.
///
/// What is kept, and when:
/// - Text is kept the third time it is drawn exactly alike: the same glyphs of the same
///   faces, placed alike, at the same pixel origin and scale, into a surface of the same
///   size (`Signature`). Its first draw is remembered (a hash in `seen`), its second marks
///   that hash, its third builds the coverage. Why the third and not the second: building
///   costs about what drawing the glyphs costs, so text drawn twice and never again (a text
///   field's text, drawn when a key is typed and maybe once more when the caret blinks, then
///   replaced by the next keystroke's; a label that changes every second) only loses by it,
///   and it is exactly that text that made typing allocate. Text drawn three times alike is
///   mostly text that stays (titles, labels, a field's text while the user pauses), and a
///   label redrawn often loses one draw of speed-up.
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
/// Storage, and why it is reused: a kiosk allocates nothing a touch, key or frame once warm,
/// and a cache that makes new storage for each text it keeps and frees it when the text is
/// dropped allocates for as long as texts come and go. So storage is taken, in this order:
/// storage of a dropped text that fits (coverage at least as wide and as high, a record at
/// least as long); storage of texts not drawn for `idleUses` draws, dropped now (their
/// storage is reused before the cache grows, so it grows to what is drawn within `idleUses`
/// draws, not to its limit); new storage within `byteLimit`; new storage after releasing free
/// storage that fits nothing asked. New coverage is rounded up to a size class (`sizeClass`:
/// at most about a sixteenth more, at least 8) and records to a power of two, so that a text
/// of about the same size (the next one typed, the next number shown) fits what the last one
/// left. Coverage larger than its text is used from its top-left corner (only the text's box
/// is cleared and read).
///
/// Memory is bounded: at most `byteLimit` bytes of storage held, used or free (coverage, 8
/// bits a pixel; records of what was drawn, 8 bytes a word of their signatures), at most
/// `entryLimit` texts recorded and as many free pieces of each kind, and a table of 2,048
/// hashes (16 KiB) of texts drawn once or twice. A full cache keeps no more text until some
/// of what it holds has not been drawn for `idleUses` draws: then that is dropped. Text that
/// did not fit is drawn glyph by glyph, as without the cache, and tried again after a
/// quarter of `idleUses` draws; nothing is built and dropped again every frame.
///
/// Main-actor bound, like the glyph cache it draws from. `shared` is the one text drawing
/// uses.
@MainActor
final class TextCoverageCache {
    /// The cache text drawing uses.
    static let shared = TextCoverageCache()

    /// Whether text drawing asks this cache at all (tests compare with drawing glyph by glyph).
    var isEnabled = true
    /// The most bytes of storage held, used or free, coverage and records (2 MiB: the text of
    /// a few full screens, a quarter of one 1920×1080 frame buffer).
    var byteLimit = 2 << 20
    /// The most texts recorded, kept or not.
    var entryLimit = 512
    /// The most glyphs a text asked after may have.
    var maximumGlyphs = 256
    /// Draws of text after which a text not drawn among them may be dropped to make room (and
    /// its storage reused).
    var idleUses: UInt64 = 4096

    /// Bytes of storage held now, used or free (coverage and records).
    private(set) var bytes = 0
    /// Draws answered with kept coverage (for tests and benchmarks).
    private(set) var hits = 0
    /// Coverages built (for tests and benchmarks).
    private(set) var builds = 0
    /// Pieces of coverage storage made new (for tests: once warm, it stays).
    private(set) var coverageAllocations = 0
    /// Pieces of record storage made new (for tests: once warm, it stays).
    private(set) var recordAllocations = 0
    /// Pieces of storage made new, coverage and records.
    var storageAllocations: Int { coverageAllocations + recordAllocations }
    /// How many texts are recorded.
    var count: Int { entries.count }
    /// Pieces of coverage storage held free for the next text kept (for tests).
    var freeCoverageCount: Int { freeCoverage.count }

    /// Everything a text's pixels depend on, as words: the font's size, the scale, the origin,
    /// the surface's size, then each line (baseline, top, bottom, runs) and in it each run
    /// (face, glyph count) and glyph (glyph, position, advance). Counts are in the stream, so
    /// two different texts never give the same words.
    typealias Signature = [UInt64]

    private struct Entry {
        /// The words drawn (in storage of its own, reused when the entry is dropped).
        var signature: Signature
        /// The coverage (at least as large as `box`, read from its top-left corner), nil for
        /// text that is recorded but not kept.
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
    /// Hashes of texts drawn once (the hash) or twice (the hash with `drawnTwice` set) and not
    /// recorded, two to a set chosen by the hash's low bits: a screen of hundreds of texts
    /// redrawn together finds each again on its next draws, unless two others' hashes took its
    /// set since. 0 is an empty way.
    private var seen = [UInt64](repeating: 0, count: 2 * TextCoverageCache.seenSets)
    /// Sets in `seen` (a power of two).
    private static let seenSets = 1024
    /// The bit of a way of `seen` that says its text was drawn twice (not part of the hash
    /// compared).
    private static let drawnTwice: UInt64 = 1 << 63
    /// Coverage storage of dropped texts (and of texts found not to be kept), for the next.
    private var freeCoverage: [Surface] = []
    /// Record storage of dropped texts (empty, their capacity kept), for the next.
    private var freeRecords: [Signature] = []
    /// The signature of the text being drawn (storage reused: nothing allocated a draw).
    private var signature: Signature = []
    /// Hashes being dropped (storage reused).
    private var dropping: [UInt64] = []
    private var clock: UInt64 = 0

    init() {
        signature.reserveCapacity(256)
        dropping.reserveCapacity(64)
        freeCoverage.reserveCapacity(64)
        freeRecords.reserveCapacity(64)
    }

    /// The kept coverage of `layout` drawn with its top-left at `origin` (the target's pixels)
    /// at `scale` pixels a point into `target`, and the box it lies in (`target`'s pixels);
    /// nil when it is not kept (yet): then draw the glyphs one by one. Keeps it when this is
    /// the third draw alike and it may be kept. The coverage may be larger than the box: read
    /// it from its top-left corner.
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
            // In place: this forced unwrap allocates nothing (the frame benchmarks, all hits
            // once warm, pin 0 allocations), unlike the optional chains `keep` avoids.
            entries[hash]!.lastUse = clock
            if let coverage = entry.coverage {
                hits += 1
                return (coverage, entry.box)
            }
            guard let retryAt = entry.retryAt, clock >= retryAt else { return nil }
            return keep(layout, at: origin, scale: scale, in: target, hash: hash)
        }
        let key = hash & ~Self.drawnTwice
        let set = 2 * (Int(truncatingIfNeeded: hash) & (Self.seenSets - 1))
        let found = seen[set] & ~Self.drawnTwice == key ? set : seen[set + 1] & ~Self.drawnTwice == key ? set + 1 : -1
        guard found >= 0 else {
            // Drawn once: into an empty way, else over one picked by another bit of the hash.
            let way = seen[set] == 0 ? 0 : seen[set + 1] == 0 ? 1 : Int(truncatingIfNeeded: hash >> 32) & 1
            seen[set + way] = key
            return nil
        }
        guard seen[found] & Self.drawnTwice != 0 else {
            // Drawn twice: kept if drawn alike once more.
            seen[found] |= Self.drawnTwice
            return nil
        }
        guard entries.count < entryLimit || dropIdle() > 0 && entries.count < entryLimit,
              var record = takeRecord(words: signature.count) else { return nil }
        record.append(contentsOf: signature)
        // Recorded: its way is free for another text.
        seen[found] = 0
        entries.updateValue(Entry(signature: record, coverage: nil, box: PixelRect(x: 0, y: 0, width: 0, height: 0),
                                  lastUse: clock, retryAt: nil), forKey: hash)
        return keep(layout, at: origin, scale: scale, in: target, hash: hash)
    }

    /// Builds the coverage of the text recorded under `hash` and keeps it if it may be kept.
    ///
    /// The entry is written back whole (`updateValue`): assigning its fields through the
    /// dictionary (`entries[hash]?.coverage = …`) runs the dictionary's modify coroutine,
    /// whose frame is allocated, three blocks an assignment.
    private func keep(_ layout: TextLayout, at origin: Point, scale: Double, in target: Surface,
                      hash: UInt64) -> (coverage: Surface, box: PixelRect)? {
        let built = build(layout, at: origin, scale: scale, within: target.bounds)
        guard var entry = entries[hash] else {
            if case .kept(let coverage, _) = built { putBack(coverage) }
            return nil
        }
        var kept: (coverage: Surface, box: PixelRect)?
        switch built {
        case .kept(let coverage, let box):
            (entry.coverage, entry.box, entry.retryAt) = (coverage, box, nil)
            builds += 1
            kept = (coverage, box)
        case .noRoom:
            entry.retryAt = clock &+ max(idleUses / 4, 1)
        case .never:
            entry.retryAt = nil
        }
        entries.updateValue(entry, forKey: hash)
        return kept
    }

    /// Drops everything kept and recorded, releases all storage, and zeroes the counters.
    func removeAll() {
        entries.removeAll()
        freeCoverage.removeAll()
        freeRecords.removeAll()
        for i in seen.indices { seen[i] = 0 }
        bytes = 0
        hits = 0
        builds = 0
        coverageAllocations = 0
        recordAllocations = 0
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
        guard (box.width + 3) / 4 * 4 * box.height <= byteLimit / 4 else { return .never }
        guard let coverage = takeCoverage(width: box.width, height: box.height) else { return .noRoom }
        // Storage reused holds an earlier text's coverage: the box is cleared (only it is read).
        let sum = coverage.baseAddress, sumStride = coverage.stride
        for row in 0..<box.height { memset(sum + row * sumStride, 0, box.width) }
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
        guard !inkedTwice else {
            putBack(coverage)
            return .never
        }
        return .kept(coverage, box)
    }

    // MARK: Storage

    /// `n` rounded up to its size class: a multiple of a sixteenth of the power of two at or
    /// above it, and of 8. What one text leaves then fits the next of about its size (a
    /// field's text one character longer, a counter's next number), for at most about a
    /// sixteenth more memory (an eighth just past a power of two, a few bytes for small `n`).
    static func sizeClass(_ n: Int) -> Int {
        guard n > 8 else { return 8 }
        let power = 1 << (Int.bitWidth - (n - 1).leadingZeroBitCount)
        let step = max(power / 16, 8)
        return (n + step - 1) / step * step
    }

    /// Bytes a piece of coverage storage holds.
    private static func bytes(of coverage: Surface) -> Int { coverage.stride * coverage.height }

    /// Coverage storage of at least `width`×`height` pixels (not cleared), or nil when there
    /// is no room: the smallest free piece that fits; else one freed by dropping idle texts
    /// (the text being kept was just drawn: never among them); else a new piece, within the
    /// limit, after releasing free pieces if need be.
    private func takeCoverage(width: Int, height: Int) -> Surface? {
        if let coverage = takeFreeCoverage(width: width, height: height) { return coverage }
        if dropIdle() > 0, let coverage = takeFreeCoverage(width: width, height: height) { return coverage }
        let capacityWidth = Self.sizeClass(width), capacityHeight = Self.sizeClass(height)
        // What `Surface` will hold: rows of whole words.
        let cost = (capacityWidth + 3) / 4 * 4 * capacityHeight
        guard release(toFit: cost) else { return nil }
        let coverage = Surface(width: capacityWidth, height: capacityHeight, format: .a8)
        bytes += Self.bytes(of: coverage)
        coverageAllocations += 1
        return coverage
    }

    /// The smallest free coverage storage of at least `width`×`height`, taken off the free list.
    private func takeFreeCoverage(width: Int, height: Int) -> Surface? {
        var best = -1, bestArea = Int.max
        for (i, coverage) in freeCoverage.enumerated() where coverage.width >= width && coverage.height >= height {
            let area = coverage.width * coverage.height
            if area < bestArea { (best, bestArea) = (i, area) }
        }
        guard best >= 0 else { return nil }
        freeCoverage.swapAt(best, freeCoverage.count - 1)
        return freeCoverage.removeLast()
    }

    /// Empty record storage for at least `words` words, or nil when there is no room: the
    /// smallest free record that holds them; else one freed by dropping idle texts; else new
    /// storage, within the limit, after releasing free storage if need be.
    private func takeRecord(words: Int) -> Signature? {
        if let record = takeFreeRecord(words: words) { return record }
        if dropIdle() > 0, let record = takeFreeRecord(words: words) { return record }
        // Doubling: a text that grows a glyph at a time (a field's, typed) makes new record
        // storage only when its words double (records are small beside coverage).
        let capacity = max(16, 1 << (Int.bitWidth - (words - 1).leadingZeroBitCount))
        guard release(toFit: capacity * MemoryLayout<UInt64>.stride) else { return nil }
        var record = Signature()
        record.reserveCapacity(capacity)
        bytes += record.capacity * MemoryLayout<UInt64>.stride
        recordAllocations += 1
        return record
    }

    /// The smallest free record of at least `words` words' capacity, taken off the free list
    /// and emptied (the list held its only reference: its storage is kept).
    private func takeFreeRecord(words: Int) -> Signature? {
        var best = -1, bestCapacity = Int.max
        for (i, record) in freeRecords.enumerated() where record.capacity >= words && record.capacity < bestCapacity {
            (best, bestCapacity) = (i, record.capacity)
        }
        guard best >= 0 else { return nil }
        freeRecords.swapAt(best, freeRecords.count - 1)
        var record = freeRecords.removeLast()
        record.removeAll(keepingCapacity: true)
        return record
    }

    /// Puts coverage storage on the free list (or releases it when the list is full).
    private func putBack(_ coverage: Surface) {
        if freeCoverage.count < entryLimit {
            freeCoverage.append(coverage)
        } else {
            bytes -= Self.bytes(of: coverage)
        }
    }

    /// Puts record storage on the free list (or releases it when the list is full). It is
    /// emptied when taken (`takeFreeRecord`): by then the list holds its only reference, so
    /// emptying keeps its storage rather than copying it.
    private func putBack(_ record: Signature) {
        if freeRecords.count < entryLimit {
            freeRecords.append(record)
        } else {
            bytes -= record.capacity * MemoryLayout<UInt64>.stride
        }
    }

    /// Whether `cost` more bytes of new storage fit the limit, after releasing free storage
    /// (smallest coverage first, then records) if they did not.
    private func release(toFit cost: Int) -> Bool {
        guard cost <= byteLimit else { return false }
        while bytes + cost > byteLimit, !freeCoverage.isEmpty {
            var smallest = 0
            for i in freeCoverage.indices where Self.bytes(of: freeCoverage[i]) < Self.bytes(of: freeCoverage[smallest]) { smallest = i }
            freeCoverage.swapAt(smallest, freeCoverage.count - 1)
            bytes -= Self.bytes(of: freeCoverage.removeLast())
        }
        while bytes + cost > byteLimit, let record = freeRecords.popLast() {
            bytes -= record.capacity * MemoryLayout<UInt64>.stride
        }
        return bytes + cost <= byteLimit
    }

    /// Drops the texts not drawn for `idleUses` draws, their storage put on the free lists;
    /// returns how many.
    private func dropIdle() -> Int {
        let idleBefore = clock > idleUses ? clock - idleUses : 0
        dropping.removeAll(keepingCapacity: true)
        for (hash, entry) in entries where entry.lastUse < idleBefore { dropping.append(hash) }
        for hash in dropping {
            guard let entry = entries.removeValue(forKey: hash) else { continue }
            putBack(entry.signature)
            if let coverage = entry.coverage { putBack(coverage) }
        }
        return dropping.count
    }
}
