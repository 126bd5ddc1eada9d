/// An axis-aligned rectangle, in points, with the semantics of `CGRect`.
///
/// Coordinates follow UIKit: y grows downward, so `minY` is the top edge and `maxY` the bottom.
/// `size` may be negative, meaning the rectangle extends from `origin` toward −x or −y; every
/// derived value (`minX` … `maxY`, `width`, `height`, and all operations) works on the
/// `standardized` rectangle, whose size is non-negative.
///
/// Two special values exist, as in CoreGraphics: `Rect.null`, the empty set (the identity of
/// `union`, the result of a disjoint `intersection`), and `Rect.infinite`, the whole plane.
/// Equality (`==`) compares the stored `origin` and `size` exactly; it does not standardize.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The stored corner the size extends from; the top-left corner when `size` is non-negative.
    public var origin: Point
    /// The stored extent from `origin`; may be negative (see `standardized`).
    public var size: Size

    /// Creates the rectangle with corner `origin` and extent `size`, stored as given.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates the rectangle with corner (`x`, `y`) and extent `width` × `height`, stored as given.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// Creates the zero rectangle: origin (0, 0), size 0 × 0. It is empty but not null.
    public init() {
        self.init(origin: .zero, size: .zero)
    }

    /// The rectangle at (0, 0) with size 0 × 0. Empty, but not null: it still has a position.
    public static let zero = Rect()

    /// The null rectangle (`CGRect.null`): origin (+∞, +∞), size zero. It stands for "no
    /// rectangle at all": `isNull` and `isEmpty` are true, `union` ignores it, `intersection`
    /// with it is null, and it contains nothing.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    /// The infinite rectangle (`CGRect.infinite`): it covers the plane, centred on the origin.
    /// Stored as origin (−max/2, −max/2) and size max × max, with max the largest finite `Double`,
    /// so that its edges stay finite.
    public static let infinite = Rect(
        x: -Double.greatestFiniteMagnitude / 2,
        y: -Double.greatestFiniteMagnitude / 2,
        width: Double.greatestFiniteMagnitude,
        height: Double.greatestFiniteMagnitude
    )

    /// The smallest x (left edge) of the standardized rectangle. +∞ for `null`.
    public var minX: Double {
        size.width < 0 ? origin.x + size.width : origin.x
    }

    /// The x halfway between `minX` and `maxX`.
    public var midX: Double {
        origin.x + size.width / 2
    }

    /// The largest x (right edge) of the standardized rectangle. +∞ for `null`.
    public var maxX: Double {
        size.width < 0 ? origin.x : origin.x + size.width
    }

    /// The smallest y (top edge, since y grows downward) of the standardized rectangle.
    /// +∞ for `null`.
    public var minY: Double {
        size.height < 0 ? origin.y + size.height : origin.y
    }

    /// The y halfway between `minY` and `maxY`.
    public var midY: Double {
        origin.y + size.height / 2
    }

    /// The largest y (bottom edge, since y grows downward) of the standardized rectangle.
    /// +∞ for `null`.
    public var maxY: Double {
        size.height < 0 ? origin.y : origin.y + size.height
    }

    /// The width of the standardized rectangle: `abs(size.width)`, never negative.
    public var width: Double {
        abs(size.width)
    }

    /// The height of the standardized rectangle: `abs(size.height)`, never negative.
    public var height: Double {
        abs(size.height)
    }

    /// True when the rectangle covers no area: it is `null`, or its width or height is zero.
    public var isEmpty: Bool {
        isNull || size.width == 0 || size.height == 0
    }

    /// True for `Rect.null` and any rectangle whose origin has a +∞ coordinate (as `CGRectIsNull`).
    public var isNull: Bool {
        origin.x == .infinity || origin.y == .infinity
    }

    /// True exactly when the rectangle equals `Rect.infinite`.
    public var isInfinite: Bool {
        self == .infinite
    }

    /// The same area with a non-negative size: a negative width (height) moves `origin.x`
    /// (`origin.y`) to the left (top) edge and flips the sign. `null` stays `null`.
    public var standardized: Rect {
        if isNull { return .null }
        return Rect(x: minX, y: minY, width: width, height: height)
    }

    /// The smallest rectangle with integral origin and size that contains this one: its left and
    /// top edges rounded down, its right and bottom edges rounded up (as `CGRect.integral`).
    /// The result is standardized. `null` stays `null`.
    public var integral: Rect {
        if isNull { return .null }
        let x0 = minX.rounded(.down)
        let y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }

    /// The centre of the rectangle, `(midX, midY)`; the anchor UIKit's `center` refers to.
    public var center: Point {
        Point(x: midX, y: midY)
    }

    /// Returns the standardized rectangle shrunk by `dx` on the left and right edges and by `dy`
    /// on the top and bottom edges (negative values grow it), as `CGRect.insetBy`.
    /// Returns `null` when the width or height would become negative, and when `self` is null.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return .null }
        let w = width - 2 * dx
        let h = height - 2 * dy
        if w < 0 || h < 0 { return .null }
        return Rect(x: minX + dx, y: minY + dy, width: w, height: h)
    }

    /// Returns the rectangle with each edge moved inward by the matching inset, as
    /// `UIEdgeInsetsInsetRect`: origin moves by (`left`, `top`), size shrinks by
    /// (`horizontal`, `vertical`). Like UIKit it works on the stored fields and does not clamp, so
    /// insets larger than the rectangle yield a negative size. `null` stays `null`.
    public func inset(by insets: EdgeInsets) -> Rect {
        if isNull { return .null }
        return Rect(
            x: origin.x + insets.left,
            y: origin.y + insets.top,
            width: size.width - insets.horizontal,
            height: size.height - insets.vertical
        )
    }

    /// Returns the rectangle moved by `dx` right and `dy` down (negative values move it left/up);
    /// the size is unchanged and not standardized. `null` stays `null`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return .null }
        return Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// Returns the smallest standardized rectangle containing both `self` and `r`.
    ///
    /// `null` is the identity: the union with a null rectangle is the other rectangle, unchanged.
    /// Empty but non-null rectangles (such as `zero`) still count by their position.
    public func union(_ r: Rect) -> Rect {
        if isNull { return r }
        if r.isNull { return self }
        let x0 = Swift.min(minX, r.minX)
        let y0 = Swift.min(minY, r.minY)
        let x1 = Swift.max(maxX, r.maxX)
        let y1 = Swift.max(maxY, r.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Returns the standardized overlap of `self` and `r`, as `CGRect.intersection`.
    ///
    /// Rectangles that only share an edge (or a corner) intersect in a rectangle of zero width
    /// and/or height, which is empty but not null. Only disjoint rectangles, or a null operand,
    /// give `null`.
    public func intersection(_ r: Rect) -> Rect {
        if isNull || r.isNull { return .null }
        let x0 = Swift.max(minX, r.minX)
        let y0 = Swift.max(minY, r.minY)
        let x1 = Swift.min(maxX, r.maxX)
        let y1 = Swift.min(maxY, r.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when `self` and `r` overlap in a region of positive area, i.e. when their
    /// `intersection` is not empty. Rectangles that only share an edge do not intersect.
    public func intersects(_ r: Rect) -> Bool {
        !intersection(r).isEmpty
    }

    /// True when `p` lies inside the standardized rectangle, half-open as in CoreGraphics:
    /// `minX <= x < maxX` and `minY <= y < maxY`. So the top and left edges are inside, the bottom
    /// and right edges are not, and an empty or null rectangle contains no point. This is the
    /// hit-testing rule: adjacent views never both claim a point on their shared edge.
    public func contains(_ p: Point) -> Bool {
        if isNull { return false }
        return p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// True when `r` lies entirely within `self`, edges included: the condition under which
    /// `union(r)` equals `self.standardized` (as `CGRect.contains`). False when either rectangle
    /// is null.
    ///
    /// Compares edges rather than the recomputed union, so rounding in `maxX - minX` cannot make
    /// a rectangle fail to contain its own interior.
    public func contains(_ r: Rect) -> Bool {
        if isNull || r.isNull { return false }
        return r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY
    }

    /// Returns the axis-aligned bounding box of the four corners mapped through `t`
    /// (as `CGRect.applying`); the result is standardized.
    ///
    /// The identity transform returns `self` unchanged (not standardized); `null` stays `null`;
    /// `infinite` stays `infinite` under any invertible transform (the plane maps onto itself).
    public func applying(_ t: AffineTransform) -> Rect {
        if isNull || t.isIdentity { return self }
        if isInfinite && t.isInvertible { return .infinite }
        // The four corners' box, corner by corner in a fixed order (the compositor maps a few
        // rectangles per view per frame: no array, each edge read once).
        let (left, right, top, bottom) = (minX, maxX, minY, maxY)
        let c0 = Point(x: left, y: top).applying(t), c1 = Point(x: right, y: top).applying(t)
        let c2 = Point(x: left, y: bottom).applying(t), c3 = Point(x: right, y: bottom).applying(t)
        let x0 = Swift.min(Swift.min(Swift.min(c0.x, c1.x), c2.x), c3.x)
        let y0 = Swift.min(Swift.min(Swift.min(c0.y, c1.y), c2.y), c3.y)
        let x1 = Swift.max(Swift.max(Swift.max(c0.x, c1.x), c2.x), c3.x)
        let y1 = Swift.max(Swift.max(Swift.max(c0.y, c1.y), c2.y), c3.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle as `(x, y, width, height)` of its stored fields, or `Rect.null` /
    /// `Rect.infinite` for the special values, for logs and test failures.
    public var description: String {
        if isNull { return "Rect.null" }
        if isInfinite { return "Rect.infinite" }
        return "(\(origin.x), \(origin.y), \(size.width), \(size.height))"
    }
}
