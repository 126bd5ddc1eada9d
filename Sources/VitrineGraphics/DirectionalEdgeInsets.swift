/// Distances to inset each edge of a rectangle by, in points, with the horizontal ones named by
/// reading direction (as `NSDirectionalEdgeInsets`): `leading` is the edge a line of text starts
/// at, `trailing` the one it ends at. In a left-to-right layout leading is left and trailing is
/// right; a right-to-left layout swaps them.
public struct DirectionalEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// Inset of the top edge (smallest y), in points; positive moves it down.
    public var top: Double
    /// Inset of the leading edge, in points; positive moves it toward the centre.
    public var leading: Double
    /// Inset of the bottom edge (largest y), in points; positive moves it up.
    public var bottom: Double
    /// Inset of the trailing edge, in points; positive moves it toward the centre.
    public var trailing: Double

    /// Creates insets with the given distance for each edge, in points.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Creates insets of `all` points on every edge.
    public init(all: Double) {
        self.init(top: all, leading: all, bottom: all, trailing: all)
    }

    /// Zero insets on every edge.
    public static let zero = DirectionalEdgeInsets(all: 0)

    /// The absolute insets in a layout that reads left to right (`rightToLeft` false: leading is
    /// left) or right to left.
    public func edgeInsets(rightToLeft: Bool) -> EdgeInsets {
        EdgeInsets(top: top, left: rightToLeft ? trailing : leading, bottom: bottom, right: rightToLeft ? leading : trailing)
    }

    /// The directional insets of absolute `insets` in a layout that reads left to right
    /// (`rightToLeft` false) or right to left.
    public init(_ insets: EdgeInsets, rightToLeft: Bool) {
        self.init(top: insets.top, leading: rightToLeft ? insets.right : insets.left, bottom: insets.bottom,
                  trailing: rightToLeft ? insets.left : insets.right)
    }

    /// The insets as `{top, leading, bottom, trailing}`.
    public var description: String { "{\(top), \(leading), \(bottom), \(trailing)}" }
}
