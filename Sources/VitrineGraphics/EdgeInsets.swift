/// Distances to inset each edge of a rectangle by, in points (as `UIEdgeInsets`).
///
/// Positive values move an edge toward the rectangle's centre; negative values move it outward.
/// `top` is the edge with the smallest y (y grows downward), `left` the edge with the smallest x.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// Inset of the top edge (smallest y), in points; positive moves it down.
    public var top: Double
    /// Inset of the left edge (smallest x), in points; positive moves it right.
    public var left: Double
    /// Inset of the bottom edge (largest y), in points; positive moves it up.
    public var bottom: Double
    /// Inset of the right edge (largest x), in points; positive moves it left.
    public var right: Double

    /// Creates insets with the given distance for each edge, in points.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Creates zero insets, which leave a rectangle unchanged.
    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    /// Creates insets of `all` points on every edge.
    public init(all: Double) {
        self.init(top: all, left: all, bottom: all, right: all)
    }

    /// Zero insets on every edge; `Rect.inset(by: .zero)` is the identity.
    public static let zero = EdgeInsets()

    /// The total horizontal inset, `left + right`: how much an inset rectangle loses in width.
    public var horizontal: Double {
        left + right
    }

    /// The total vertical inset, `top + bottom`: how much an inset rectangle loses in height.
    public var vertical: Double {
        top + bottom
    }

    /// The insets as `{top, left, bottom, right}`, the order `UIEdgeInsets` prints in.
    public var description: String {
        "{\(top), \(left), \(bottom), \(right)}"
    }
}
