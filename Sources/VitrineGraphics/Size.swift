/// A two-dimensional extent, in points.
///
/// Width runs along +x (rightward) and height along +y (downward). A size may hold negative
/// components, as `CGSize` may; `Rect` treats a negative extent as running from the origin toward
/// −x or −y and normalizes it in `Rect.standardized`.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent, in points.
    public var width: Double
    /// The vertical extent, in points.
    public var height: Double

    /// Creates the size `width` × `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Creates the zero size, 0 × 0.
    public init() {
        self.init(width: 0, height: 0)
    }

    /// The zero size, 0 × 0.
    public static let zero = Size()

    /// Returns this size mapped through `t` as a vector, ignoring translation:
    /// `(a*w + c*h, b*w + d*h)` (as `CGSize.applying`). Components may come out negative.
    public func applying(_ t: AffineTransform) -> Size {
        Size(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }

    /// The size as `(width, height)`, for logs and test failures.
    public var description: String {
        "(\(width), \(height))"
    }
}
