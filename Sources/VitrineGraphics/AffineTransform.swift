#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2-D affine transform with the layout and conventions of `CGAffineTransform`.
///
/// The matrix is
/// ```
/// | a   b   0 |
/// | c   d   0 |
/// | tx  ty  1 |
/// ```
/// and points are row vectors multiplied on the left: `x' = a*x + c*y + tx`,
/// `y' = b*x + d*y + ty`. Coordinates are UIKit's (y grows downward), so a positive rotation
/// turns +x toward +y, which looks clockwise on screen.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// Matrix entry (1,1): contribution of x to x'.
    public var a: Double
    /// Matrix entry (1,2): contribution of x to y'.
    public var b: Double
    /// Matrix entry (2,1): contribution of y to x'.
    public var c: Double
    /// Matrix entry (2,2): contribution of y to y'.
    public var d: Double
    /// Horizontal translation added to x', in points.
    public var tx: Double
    /// Vertical translation added to y', in points (positive moves down).
    public var ty: Double

    /// Creates the transform with the given matrix entries (see the type's documentation).
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform `[1, 0, 0, 1, 0, 0]`: maps every point to itself.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Creates a transform that moves points by `translationX` right and `y` down.
    public init(translationX: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: translationX, ty: y)
    }

    /// Creates a transform that scales x by `scaleX` and y by `y` about the origin (0, 0).
    public init(scaleX: Double, y: Double) {
        self.init(a: scaleX, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// Creates a rotation about the origin by `rotationAngle` radians: `a = cos`, `b = sin`,
    /// `c = -sin`, `d = cos`. A positive angle turns +x toward +y, i.e. clockwise on a y-down
    /// screen, as `CGAffineTransform(rotationAngle:)`.
    public init(rotationAngle: Double) {
        let s = sin(rotationAngle)
        let k = cos(rotationAngle)
        self.init(a: k, b: s, c: -s, d: k, tx: 0, ty: 0)
    }

    /// True when every entry equals the identity's exactly (no tolerance).
    public var isIdentity: Bool {
        self == .identity
    }

    /// The determinant `a*d - b*c` of the linear part: the factor by which the transform scales
    /// areas; negative when it mirrors, zero when it collapses the plane onto a line or point.
    public var determinant: Double {
        a * d - b * c
    }

    /// Returns the transform that applies `self` first and then `t2`
    /// (`CGAffineTransformConcat(self, t2)`, the matrix product `self × t2`).
    ///
    /// So `p.applying(t1.concatenating(t2)) == p.applying(t1).applying(t2)` up to rounding.
    public func concatenating(_ t2: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty
        )
    }

    /// True when the transform can be undone: its `determinant` is non-zero and finite.
    public var isInvertible: Bool {
        let det = determinant
        return det != 0 && det.isFinite
    }

    /// Returns the transform that undoes `self`, so that
    /// `self.concatenating(self.inverted())` is the identity up to rounding.
    /// When `self` is not invertible (see `isInvertible`), returns `self` unchanged, as
    /// `CGAffineTransformInvert` does; check `isInvertible` to tell the cases apart.
    public func inverted() -> AffineTransform {
        guard isInvertible else { return self }
        let det = determinant
        return AffineTransform(
            a: d / det,
            b: -b / det,
            c: -c / det,
            d: a / det,
            tx: (c * ty - d * tx) / det,
            ty: (b * tx - a * ty) / det
        )
    }

    /// Returns `self` preceded by a translation of (`x`, `y`), as `CGAffineTransformTranslate`:
    /// `AffineTransform(translationX: x, y: y).concatenating(self)`. The translation is in the
    /// coordinate space that `self` maps from.
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// Returns `self` preceded by a scale of (`x`, `y`) about the origin, as
    /// `CGAffineTransformScale`: `AffineTransform(scaleX: x, y: y).concatenating(self)`.
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// Returns `self` preceded by a rotation of `angle` radians about the origin (positive turns
    /// +x toward +y), as `CGAffineTransformRotate`:
    /// `AffineTransform(rotationAngle: angle).concatenating(self)`.
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The transform as `[a, b, c, d, tx, ty]`, the order CoreGraphics prints in.
    public var description: String {
        "[\(a), \(b), \(c), \(d), \(tx), \(ty)]"
    }
}
