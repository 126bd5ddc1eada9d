#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A location in a two-dimensional coordinate space, in points.
///
/// Coordinates follow UIKit: the origin is the top-left corner of the space, x grows to the right
/// and y grows downward. A point carries no coordinate space of its own; the caller knows which
/// view's (or the screen's) space it is expressed in.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, in points; grows to the right.
    public var x: Double
    /// The vertical coordinate, in points; grows downward.
    public var y: Double

    /// Creates the point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Creates the point at the origin, (0, 0).
    public init() {
        self.init(x: 0, y: 0)
    }

    /// The origin, (0, 0): the top-left corner of whatever space the point is expressed in.
    public static let zero = Point()

    /// Returns this point mapped through `t`, translation included:
    /// `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty` (as `CGPoint.applying`).
    public func applying(_ t: AffineTransform) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }

    /// Returns the Euclidean distance from this point to `other`, in points; never negative.
    ///
    /// Both points must be in the same coordinate space. Uses `hypot`, so it neither overflows nor
    /// underflows for large or tiny separations.
    public func distance(to other: Point) -> Double {
        hypot(other.x - x, other.y - y)
    }

    /// Returns the component-wise sum: `(l.x + r.x, l.y + r.y)`.
    ///
    /// Typically a point plus an offset expressed as a point.
    public static func + (l: Point, r: Point) -> Point {
        Point(x: l.x + r.x, y: l.y + r.y)
    }

    /// Returns the component-wise difference: `(l.x - r.x, l.y - r.y)`, the offset from `r` to `l`.
    public static func - (l: Point, r: Point) -> Point {
        Point(x: l.x - r.x, y: l.y - r.y)
    }

    /// The point as `(x, y)`, for logs and test failures.
    public var description: String {
        "(\(x), \(y))"
    }
}
