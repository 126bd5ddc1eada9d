import CPixman

/// A set of whole pixels, stored as pixman's banded rectangles (`pixman_region32`): the damage
/// of a frame, a clip, the area a buffer lacks. A value type: copies are independent.
///
/// Coordinates are the pixel space of whatever it is used with (a surface, the scene, the
/// panel). Rectangles are cut to ±`PixelRect.coordinateLimit` as they enter (farther is on no
/// screen), so that pixman's 32-bit coordinates hold them: no rectangle traps.
public struct Region: Sendable, Equatable, CustomStringConvertible {
    private var storage: Storage

    /// The empty region.
    public init() { storage = Storage() }

    /// The pixels of `rect`.
    public init(_ rect: PixelRect) {
        storage = Storage()
        let rect = rect.clampedToCoordinateLimit
        if !rect.isEmpty {
            pixman_region32_init_rect(&storage.region, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
        }
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
        var copy = storage.region
        return pixman_region32_not_empty(&copy) == 0
    }

    /// The smallest rectangle covering it (empty when the region is).
    public var boundingBox: PixelRect {
        guard !isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let box = storage.region.extents
        return PixelRect(x: Int(box.x1), y: Int(box.y1), width: Int(box.x2 - box.x1), height: Int(box.y2 - box.y1))
    }

    /// Its disjoint rectangles, top to bottom then left to right (pixman's banded order).
    public var rects: [PixelRect] {
        var copy = storage.region
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(&copy, &count), count > 0 else { return [] }
        return (0..<Int(count)).map { i in
            let b = boxes[i]
            return PixelRect(x: Int(b.x1), y: Int(b.y1), width: Int(b.x2 - b.x1), height: Int(b.y2 - b.y1))
        }
    }

    /// How many disjoint rectangles it is made of.
    public var rectCount: Int {
        var copy = storage.region
        return Int(pixman_region32_n_rects(&copy))
    }

    /// Pixels it covers.
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// Whether pixel (`x`, `y`) is in it.
    public func contains(x: Int, y: Int) -> Bool {
        var copy = storage.region
        guard let x = Int32(exactly: x), let y = Int32(exactly: y) else { return false }
        return pixman_region32_contains_point(&copy, x, y, nil) != 0
    }

    /// Adds `rect`.
    public mutating func formUnion(_ rect: PixelRect) {
        let rect = rect.clampedToCoordinateLimit
        guard !rect.isEmpty else { return }
        makeUnique()
        _ = storage.withRegion { pixman_region32_union_rect($0, $0, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height)) }
    }

    /// Adds `other`.
    public mutating func formUnion(_ other: Region) {
        guard !other.isEmpty else { return }
        makeUnique()
        var o = other.storage.region
        _ = storage.withRegion { pixman_region32_union($0, $0, &o) }
    }

    /// Keeps only what is also in `other`.
    public mutating func formIntersection(_ other: Region) {
        makeUnique()
        var o = other.storage.region
        _ = storage.withRegion { pixman_region32_intersect($0, $0, &o) }
    }

    /// Keeps only what is also in `rect`.
    public mutating func formIntersection(_ rect: PixelRect) { formIntersection(Region(rect)) }

    /// Removes what is in `other`.
    public mutating func subtract(_ other: Region) {
        guard !other.isEmpty, !isEmpty else { return }
        makeUnique()
        var o = other.storage.region
        _ = storage.withRegion { pixman_region32_subtract($0, $0, &o) }
    }

    /// Removes `rect`.
    public mutating func subtract(_ rect: PixelRect) { subtract(Region(rect)) }

    /// Moves every pixel by (`dx`, `dy`); what would move past ±`PixelRect.coordinateLimit` is
    /// cut there.
    public mutating func translate(dx: Int, dy: Int) {
        guard dx != 0 || dy != 0, !isEmpty else { return }
        let limit = PixelRect.coordinateLimit
        let box = boundingBox
        if dx < -limit || dx > limit || dy < -limit || dy > limit || box.x + dx < -limit || box.maxX + dx > limit
            || box.y + dy < -limit || box.maxY + dy > limit {
            // pixman's own translation would overflow its 32 bits: move rectangle by rectangle.
            let moved = rects.map { r in
                PixelRect(covering: Rect(x: Double(r.x) + Double(dx), y: Double(r.y) + Double(dy),
                                         width: Double(r.width), height: Double(r.height)))
            }
            self = Region(moved)
            return
        }
        makeUnique()
        pixman_region32_translate(&storage.region, Int32(dx), Int32(dy))
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

    /// Empties it.
    public mutating func removeAll() {
        if !isEmpty { storage = Storage() }
    }

    /// Whether both cover exactly the same pixels.
    public static func == (lhs: Region, rhs: Region) -> Bool {
        if lhs.storage === rhs.storage { return true }
        var a = lhs.storage.region, b = rhs.storage.region
        return pixman_region32_equal(&a, &b) != 0
    }

    /// Its rectangles.
    public var description: String { "Region\(rects)" }

    /// Gives pixman a pointer to the region, for compositing with it as a clip (read only).
    func withPixmanRegion<R>(_ body: (UnsafeMutablePointer<pixman_region32_t>) throws -> R) rethrows -> R {
        try body(&storage.region)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// Owns one `pixman_region32_t` (which may own a heap block of rectangles).
    private final class Storage: @unchecked Sendable {
        // @unchecked: only ever mutated after a uniqueness check (copy on write), like Array.
        var region = pixman_region32_t()

        init() { pixman_region32_init(&region) }

        /// Runs `body` with one pointer to the region, for pixman calls that take it as both
        /// destination and operand: passing `&region` twice would be two overlapping Swift
        /// accesses, which the runtime stops as an exclusivity violation.
        func withRegion<R>(_ body: (UnsafeMutablePointer<pixman_region32_t>) -> R) -> R {
            withUnsafeMutablePointer(to: &region, body)
        }

        func copy() -> Storage {
            let copy = Storage()
            pixman_region32_copy(&copy.region, &region)
            return copy
        }

        deinit { pixman_region32_fini(&region) }
    }
}

extension Region: Hashable {
    /// Hashes the rectangles (equal regions have the same banded rectangles).
    public func hash(into hasher: inout Hasher) {
        for rect in rects { hasher.combine(rect) }
    }
}
