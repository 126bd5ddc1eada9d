// Over 500 lines on purpose: `Region` owns one pixman_region32 (inline for one rectangle)
// and every operation must keep its copy-on-write and capacity rules; splitting it would
// widen that private storage to the module.

import CPixman

/// A set of whole pixels, stored as pixman's banded rectangles (`pixman_region32`): the damage
/// of a frame, a clip, the area a buffer lacks. A value type: copies are independent.
///
/// Coordinates are the pixel space of whatever it is used with (a surface, the scene, the
/// panel). Rectangles are cut to ±`PixelRect.coordinateLimit` as they enter (farther is on no
/// screen), so that pixman's 32-bit coordinates hold them: no rectangle traps.
///
/// Reuse: a region of two rectangles or more owns pixman blocks. While no copy shares them, a
/// mutation computes into a spare block it keeps and swaps, and a region that shrinks to one
/// rectangle, or is emptied with `removeAll(keepingCapacity: true)`, keeps its blocks for the
/// next time; `replaceContents(with:)` copies into them. A region kept from frame to frame
/// (the commit's damage, the damage ring's frames) therefore allocates nothing once warm.
public struct Region: Sendable, Equatable, CustomStringConvertible {
    /// The region while it is at most one rectangle (empty: no pixel), held inline so that
    /// the common damage and clip of a frame — one rectangle — allocate nothing. Unused while
    /// `storage` is set.
    private var box: PixelRect
    /// pixman's banded rectangles, for a region of two rectangles or more (nil otherwise).
    private var storage: Storage?
    /// pixman blocks kept for reuse while the region is inline (nil while `storage` is set):
    /// never read for pixels, only written into when the region needs pixman again. It may be
    /// shared with copies; it is written only when uniquely referenced.
    private var reserve: Storage?

    /// The empty region.
    public init() {
        box = PixelRect(x: 0, y: 0, width: 0, height: 0)
        storage = nil
        reserve = nil
    }

    /// The pixels of `rect`.
    public init(_ rect: PixelRect) {
        let rect = rect.clampedToCoordinateLimit
        box = rect.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0) : rect
        storage = nil
        reserve = nil
    }

    /// The union of `rects`.
    public init(_ rects: [PixelRect]) {
        self.init()
        for rect in rects { formUnion(rect) }
    }

    /// The pixels covering `rect` (edges rounded outward).
    public init(covering rect: Rect) { self.init(PixelRect(covering: rect)) }

    /// Whether it holds no pixel.
    public var isEmpty: Bool {
        guard let storage else { return box.isEmpty }
        var copy = storage.region
        return pixman_region32_not_empty(&copy) == 0
    }

    /// The smallest rectangle covering it (empty when the region is).
    public var boundingBox: PixelRect {
        guard let storage else { return box }
        guard !isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let extents = storage.region.extents
        return PixelRect(x: Int(extents.x1), y: Int(extents.y1), width: Int(extents.x2 - extents.x1), height: Int(extents.y2 - extents.y1))
    }

    /// Its disjoint rectangles, top to bottom then left to right (pixman's banded order).
    public var rects: [PixelRect] {
        var result: [PixelRect] = []
        forEachRect { result.append($0) }
        return result
    }

    /// Calls `body` with each of its disjoint rectangles in the order of `rects`, without
    /// making an array (what drawing and copying use, so that a frame allocates nothing).
    public func forEachRect(_ body: (PixelRect) throws -> Void) rethrows {
        guard let storage else {
            if !box.isEmpty { try body(box) }
            return
        }
        var copy = storage.region
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(&copy, &count), count > 0 else { return }
        for i in 0..<Int(count) {
            let b = boxes[i]
            try body(PixelRect(x: Int(b.x1), y: Int(b.y1), width: Int(b.x2 - b.x1), height: Int(b.y2 - b.y1)))
        }
    }

    /// How many disjoint rectangles it is made of.
    public var rectCount: Int {
        guard let storage else { return box.isEmpty ? 0 : 1 }
        var copy = storage.region
        return Int(pixman_region32_n_rects(&copy))
    }

    /// Pixels it covers.
    public var area: Int {
        var total = 0
        forEachRect { total += $0.area }
        return total
    }

    /// Whether pixel (`x`, `y`) is in it.
    public func contains(x: Int, y: Int) -> Bool {
        guard let storage else { return box.contains(x: x, y: y) }
        var copy = storage.region
        guard let x = Int32(exactly: x), let y = Int32(exactly: y) else { return false }
        return pixman_region32_contains_point(&copy, x, y, nil) != 0
    }

    /// Adds `rect`.
    public mutating func formUnion(_ rect: PixelRect) {
        let rect = rect.clampedToCoordinateLimit
        guard !rect.isEmpty else { return }
        if storage == nil, let simple = Region.simpleUnion(box, rect) {
            box = simple
            return
        }
        // pixman answers these by copying one operand, which lets the blocks of the region it
        // writes go (a warm region would allocate again): a rect already inside, or one
        // holding it all.
        switch Region.overlap(of: self, rect: rect) {
        case .rect: return
        case .region: setInline(rect); return
        default: break
        }
        combine(with: Region(rect)) { pixman_region32_union($0, $1, $2) }
    }

    /// Adds `other`.
    public mutating func formUnion(_ other: Region) {
        guard !other.isEmpty else { return }
        if storage == nil, other.storage == nil, let simple = Region.simpleUnion(box, other.box) {
            box = simple
            return
        }
        // As for a rect (above): inline and holding `other`, or `other` one rect inside.
        if storage == nil, !box.isEmpty, Region.overlap(of: other, rect: box) == .region { return }
        if other.storage == nil {
            formUnion(other.box)
            return
        }
        combine(with: other) { pixman_region32_union($0, $1, $2) }
    }

    /// Keeps only what is also in `other`.
    public mutating func formIntersection(_ other: Region) {
        if storage == nil, other.storage == nil {
            box = box.intersection(other.box)
            return
        }
        if other.storage == nil, let overlap = Region.overlap(of: self, rect: other.box) {
            switch overlap {
            case .region: break
            case .rect: setInline(other.box)
            case .nothing: setInline(PixelRect(x: 0, y: 0, width: 0, height: 0))
            }
            return
        }
        if storage == nil, let overlap = Region.overlap(of: other, rect: box) {
            switch overlap {
            case .region: adopt(other)
            case .rect: break
            case .nothing: setInline(PixelRect(x: 0, y: 0, width: 0, height: 0))
            }
            return
        }
        // Apart: pixman would let the blocks go for an empty result.
        if boundingBox.intersection(other.boundingBox).isEmpty {
            setInline(PixelRect(x: 0, y: 0, width: 0, height: 0))
            return
        }
        combine(with: other) { pixman_region32_intersect($0, $1, $2) }
    }

    /// What `region ∩ rect` is when it needs no new rectangles.
    private enum Overlap {
        /// `region` itself: `rect` holds it.
        case region
        /// `rect`: it lies inside `region`.
        case rect
        /// No pixel: they miss.
        case nothing
    }

    /// `region ∩ rect` when it needs no new rectangles, or nil when pixman must cut
    /// rectangles. Keeps clipping a many-rectangle damage to a view or a span (what a frame
    /// does per drawing) off the heap.
    private static func overlap(of region: Region, rect: PixelRect) -> Overlap? {
        guard !rect.isEmpty, !region.isEmpty else { return .nothing }
        let bounds = region.boundingBox
        if rect.x <= bounds.x, rect.y <= bounds.y, rect.maxX >= bounds.maxX, rect.maxY >= bounds.maxY { return .region }
        guard let storage = region.storage else { return nil }
        var copy = storage.region
        var box = pixman_box32_t(x1: Int32(rect.x), y1: Int32(rect.y), x2: Int32(rect.maxX), y2: Int32(rect.maxY))
        let overlap = pixman_region32_contains_rectangle(&copy, &box)
        if overlap == PIXMAN_REGION_IN { return .rect }
        if overlap == PIXMAN_REGION_OUT { return .nothing }
        return nil
    }

    /// Keeps only what is also in `rect`.
    public mutating func formIntersection(_ rect: PixelRect) { formIntersection(Region(rect)) }

    /// Removes what is in `other`.
    public mutating func subtract(_ other: Region) {
        guard !other.isEmpty, !isEmpty else { return }
        // Apart, nothing to remove; a rect holding it all, nothing left. pixman would copy
        // for the first and let the blocks of a warm region go.
        if boundingBox.intersection(other.boundingBox).isEmpty { return }
        if other.storage == nil, Region.overlap(of: self, rect: other.box) == .region {
            setInline(PixelRect(x: 0, y: 0, width: 0, height: 0))
            return
        }
        // A rect less a rect that leaves one rect (a strip): pixman would let the blocks of
        // the region it writes go, as for any one-rect result.
        if storage == nil, other.storage == nil, let piece = Region.singleRemainder(of: box, less: other.box) {
            setInline(piece)
            return
        }
        combine(with: other) { pixman_region32_subtract($0, $1, $2) }
    }

    /// Removes `rect`.
    public mutating func subtract(_ rect: PixelRect) { subtract(Region(rect)) }

    /// Moves every pixel by (`dx`, `dy`); what would move past ±`PixelRect.coordinateLimit` is
    /// cut there.
    public mutating func translate(dx: Int, dy: Int) {
        guard dx != 0 || dy != 0, !isEmpty else { return }
        let limit = PixelRect.coordinateLimit
        let bounds = boundingBox
        if dx < -limit || dx > limit || dy < -limit || dy > limit || bounds.x + dx < -limit || bounds.maxX + dx > limit
            || bounds.y + dy < -limit || bounds.maxY + dy > limit {
            // pixman's own translation would overflow its 32 bits: move rectangle by rectangle.
            let moved = rects.map { r in
                PixelRect(covering: Rect(x: Double(r.x) + Double(dx), y: Double(r.y) + Double(dy),
                                         width: Double(r.width), height: Double(r.height)))
            }
            self = Region(moved)
            return
        }
        guard storage != nil else {
            box.x += dx
            box.y += dy
            return
        }
        makeUnique()
        pixman_region32_translate(&storage!.region, Int32(dx), Int32(dy))
    }

    /// The union of this and `other`.
    public func union(_ other: Region) -> Region { var r = self; r.formUnion(other); return r }
    /// The union of this and `rect`.
    public func union(_ rect: PixelRect) -> Region { var r = self; r.formUnion(rect); return r }
    /// What this and `other` share.
    public func intersection(_ other: Region) -> Region { var r = self; r.formIntersection(other); return r }
    /// What this and `rect` share.
    public func intersection(_ rect: PixelRect) -> Region { var r = self; r.formIntersection(rect); return r }
    /// This without `other`.
    public func subtracting(_ other: Region) -> Region { var r = self; r.subtract(other); return r }
    /// This moved by (`dx`, `dy`).
    public func translated(dx: Int, dy: Int) -> Region { var r = self; r.translate(dx: dx, dy: dy); return r }

    /// Empties it. With `keepCapacity` (Array's naming) it keeps its pixman blocks when no
    /// copy shares them, so that a region refilled every frame allocates nothing once warm;
    /// without, it lets them go.
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        box = PixelRect(x: 0, y: 0, width: 0, height: 0)
        if keepCapacity {
            retireStorage()
        } else {
            storage = nil
            reserve = nil
        }
    }

    /// Makes it cover exactly the pixels of `other`, copying `other`'s rectangles into its own
    /// pixman blocks (allocating only when it has none, or too small, of its own) rather than
    /// sharing `other`'s as `self = other` does. What a region kept from frame to frame uses
    /// to take another's value: sharing would leave both unable to reuse their blocks.
    public mutating func replaceContents(with other: Region) {
        guard let source = other.storage else {
            setInline(other.box)
            return
        }
        if let storage, storage === source { return }
        let target = ownStorage()
        var copy = source.region
        _ = target.withRegion { pixman_region32_copy($0, &copy) }
        storage = target
        reserve = nil
    }

    /// Whether every pixel of `other` is also in it (`other ⊆ self`), found without
    /// allocating (a present's check that its damage lies in what it copies).
    public func isSuperset(of other: Region) -> Bool {
        guard !other.isEmpty else { return true }
        guard let storage else {
            let b = other.boundingBox
            return box.x <= b.x && box.y <= b.y && box.maxX >= b.maxX && box.maxY >= b.maxY
        }
        var copy = storage.region
        var inside = true
        other.forEachRect { rect in
            guard inside else { return }
            var b = pixman_box32_t(x1: Int32(rect.x), y1: Int32(rect.y), x2: Int32(rect.maxX), y2: Int32(rect.maxY))
            if pixman_region32_contains_rectangle(&copy, &b) != PIXMAN_REGION_IN { inside = false }
        }
        return inside
    }

    /// What it holds for reuse: its storage object (the active one or the reserve) and the
    /// addresses of the pixman blocks in it. For tests that check a warm region reallocates
    /// nothing.
    var heldBlocks: (storage: ObjectIdentifier?, blocks: Set<UInt>) {
        guard let held = storage ?? reserve else { return (nil, []) }
        var blocks = Set<UInt>()
        for data in [held.region.data, held.spare.data] {
            if let data, data.pointee.size > 0 { blocks.insert(UInt(bitPattern: data)) }
        }
        return (ObjectIdentifier(held), blocks)
    }

    /// Whether both cover exactly the same pixels.
    public static func == (lhs: Region, rhs: Region) -> Bool {
        if lhs.storage == nil, rhs.storage == nil { return lhs.box == rhs.box }
        if let a = lhs.storage, a === rhs.storage { return true }
        return lhs.withPixmanRegion { a in rhs.withPixmanRegion { b in pixman_region32_equal(a, b) != 0 } }
    }

    /// Its rectangles.
    public var description: String { "Region\(rects)" }

    /// Gives pixman a pointer to the region (read only: pixman must not change it), for
    /// compositing with it as a clip.
    func withPixmanRegion<R>(_ body: (UnsafeMutablePointer<pixman_region32_t>) throws -> R) rethrows -> R {
        if let storage {
            // A shallow copy (the rectangles stay shared): pixman only reads it, and an
            // operation of a region with itself would otherwise access the storage twice.
            var copy = storage.region
            return try body(&copy)
        }
        // One rectangle: a pixman region on the stack, which holds it without a heap block.
        var region = pixman_region32_t()
        if box.isEmpty {
            pixman_region32_init(&region)
        } else {
            pixman_region32_init_rect(&region, Int32(box.x), Int32(box.y), UInt32(box.width), UInt32(box.height))
        }
        defer { pixman_region32_fini(&region) }
        return try body(&region)
    }

    /// The union of two rectangles when it is one rectangle (one holds the other, or they
    /// share a whole side's span and touch or overlap); nil otherwise.
    /// `a` less `b` (overlapping) when that is one rectangle: `b` covers `a` across one whole
    /// side; nil when it leaves two or more.
    private static func singleRemainder(of a: PixelRect, less b: PixelRect) -> PixelRect? {
        let cut = a.intersection(b)
        guard !cut.isEmpty else { return a }
        let top = cut.y - a.y, bottom = a.maxY - cut.maxY, left = cut.x - a.x, right = a.maxX - cut.maxX
        if left == 0, right == 0 {   // the cut spans the width: what is above or below it
            if top == 0 { return PixelRect(x: a.x, y: cut.maxY, width: a.width, height: bottom) }
            if bottom == 0 { return PixelRect(x: a.x, y: a.y, width: a.width, height: top) }
        }
        if top == 0, bottom == 0 {   // the cut spans the height: what is left or right of it
            if left == 0 { return PixelRect(x: cut.maxX, y: a.y, width: right, height: a.height) }
            if right == 0 { return PixelRect(x: a.x, y: a.y, width: left, height: a.height) }
        }
        return nil
    }

    private static func simpleUnion(_ a: PixelRect, _ b: PixelRect) -> PixelRect? {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        if a.x <= b.x, a.y <= b.y, a.maxX >= b.maxX, a.maxY >= b.maxY { return a }
        if b.x <= a.x, b.y <= a.y, b.maxX >= a.maxX, b.maxY >= a.maxY { return b }
        if a.y == b.y, a.height == b.height, a.x <= b.maxX, b.x <= a.maxX { return a.union(b) }
        if a.x == b.x, a.width == b.width, a.y <= b.maxY, b.y <= a.maxY { return a.union(b) }
        return nil
    }

    /// Sets this region to `operation(self, other)` through pixman, then back to the inline
    /// form when the result is at most one rectangle.
    ///
    /// The result always goes to a pixman region distinct from both operands: pixman allocates
    /// a new block when the destination is also an operand, and reuses the destination's own
    /// when it is not and the block is big enough. So a uniquely held storage computes into its
    /// spare and swaps; an inline region computes into its reserve.
    private mutating func combine(with other: Region,
                                  _ operation: (UnsafeMutablePointer<pixman_region32_t>, UnsafeMutablePointer<pixman_region32_t>,
                                                UnsafeMutablePointer<pixman_region32_t>) -> pixman_bool_t) {
        if storage != nil, isKnownUniquelyReferenced(&storage), let target = storage {
            // `other` cannot be this storage (a shared storage is not unique); even so pixman
            // writes only the spare, which no operand is.
            other.withPixmanRegion { b in _ = target.withRegionAndSpare { a, spare in operation(spare, a, b) } }
            let count = target.spareCount
            if count >= 2 {
                target.swapRegionAndSpare()
            } else {
                // One rectangle or none: inline again; the storage (the old rectangles' block
                // still in it) waits as the reserve.
                box = target.spareBox
                storage = nil
                reserve = target
            }
            return
        }
        // Inline, or a storage copies share: the result goes to the reserve or a new storage,
        // never to the storage `self` reads (pixman would write the block it reads).
        let target = storage == nil && reserve != nil && isKnownUniquelyReferenced(&reserve) ? reserve! : Storage()
        withPixmanRegion { a in other.withPixmanRegion { b in _ = target.withRegion { operation($0, a, b) } } }
        var copy = target.region
        let count = pixman_region32_n_rects(&copy)
        if count <= 1 {
            let e = copy.extents
            box = count == 0 ? PixelRect(x: 0, y: 0, width: 0, height: 0)
                : PixelRect(x: Int(e.x1), y: Int(e.y1), width: Int(e.x2 - e.x1), height: Int(e.y2 - e.y1))
            storage = nil
            reserve = target
        } else {
            storage = target
            reserve = nil
        }
    }

    /// A storage only this region refers to, to write a new value into: its own, its
    /// reserve, or (when copies share those) a new one. Its `region` is overwritten next.
    private mutating func ownStorage() -> Storage {
        if storage != nil, isKnownUniquelyReferenced(&storage), let own = storage { return own }
        if reserve != nil, isKnownUniquelyReferenced(&reserve), let own = reserve { return own }
        return Storage()
    }

    /// Makes it the one rectangle `rect` (or empty), keeping its storage as the reserve when
    /// no copy shares it.
    private mutating func setInline(_ rect: PixelRect) {
        box = rect.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0) : rect
        retireStorage()
    }

    /// Moves the storage to the reserve (when uniquely held; else lets it go): the region is
    /// inline from now on.
    private mutating func retireStorage() {
        guard storage != nil else { return }
        if isKnownUniquelyReferenced(&storage) { reserve = storage }
        storage = nil
    }

    /// Takes `other`'s value (many rectangles) in place of its one rectangle: copied into the
    /// reserve when it has one of its own, so that its blocks stay in use; else shared, which
    /// allocates nothing (as before reuse existed).
    private mutating func adopt(_ other: Region) {
        if reserve != nil, isKnownUniquelyReferenced(&reserve) {
            replaceContents(with: other)
        } else {
            self = other
        }
    }

    private mutating func makeUnique() {
        guard storage != nil, !isKnownUniquelyReferenced(&storage) else { return }
        storage = storage?.copy()
    }

    /// Owns the region's `pixman_region32_t` and a spare one (each may own a heap block of
    /// rectangles), the spare being where the next operation's result goes.
    private final class Storage: @unchecked Sendable {
        // @unchecked: only ever mutated after a uniqueness check (copy on write), like Array.
        var region = pixman_region32_t()
        /// No pixels of the region: a destination kept with its block for the next operation.
        var spare = pixman_region32_t()

        init() {
            pixman_region32_init(&region)
            pixman_region32_init(&spare)
        }

        /// Runs `body` with one pointer to the region, for pixman calls that take it as both
        /// destination and operand: passing `&region` twice would be two overlapping Swift
        /// accesses, which the runtime stops as an exclusivity violation.
        func withRegion<R>(_ body: (UnsafeMutablePointer<pixman_region32_t>) -> R) -> R {
            withUnsafeMutablePointer(to: &region, body)
        }

        /// Runs `body` with pointers to the region and the spare (two distinct regions).
        func withRegionAndSpare<R>(_ body: (UnsafeMutablePointer<pixman_region32_t>, UnsafeMutablePointer<pixman_region32_t>) -> R) -> R {
            withUnsafeMutablePointer(to: &region) { region in withUnsafeMutablePointer(to: &spare) { spare in body(region, spare) } }
        }

        /// How many rectangles the spare holds.
        var spareCount: Int32 {
            var copy = spare
            return pixman_region32_n_rects(&copy)
        }

        /// The spare as one rectangle (empty when it holds none): for a spare of at most one.
        var spareBox: PixelRect {
            var copy = spare
            guard pixman_region32_not_empty(&copy) != 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
            let e = copy.extents
            return PixelRect(x: Int(e.x1), y: Int(e.y1), width: Int(e.x2 - e.x1), height: Int(e.y2 - e.y1))
        }

        /// Makes the spare the region and the region the spare (a pixman region is a plain
        /// struct: its extents and a pointer to its block).
        func swapRegionAndSpare() { swap(&region, &spare) }

        func copy() -> Storage {
            let copy = Storage()
            pixman_region32_copy(&copy.region, &region)
            return copy
        }

        deinit {
            pixman_region32_fini(&region)
            pixman_region32_fini(&spare)
        }
    }
}

extension Region: Hashable {
    /// Hashes the rectangles (equal regions have the same banded rectangles).
    public func hash(into hasher: inout Hasher) {
        forEachRect { hasher.combine($0) }
    }
}
