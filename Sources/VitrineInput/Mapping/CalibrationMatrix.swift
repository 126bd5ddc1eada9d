/// A touchscreen's calibration: libinput's 2×3 matrix over **normalised** panel coordinates
/// (0…1 across the panel's width and height, unrotated), mapping what the touch controller
/// reports to where on the panel the finger is:
///
///     x' = a·x + b·y + c
///     y' = d·x + e·y + f
///
/// It corrects a controller mounted swapped, flipped or offset against the panel
/// (`LIBINPUT_CALIBRATION_MATRIX` in udev, `calibration` in the board profile). It is not the
/// screen rotation: that is the display's, applied after it.
public struct CalibrationMatrix: Sendable, Hashable, CustomStringConvertible {
    /// The six values a…f in libinput's order.
    public var a, b, c, d, e, f: Double

    /// The matrix that changes nothing.
    public static let identity = CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    /// Creates the matrix `[a b c; d e f]`.
    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
    }

    /// Creates a matrix from six values in libinput's order (what a board profile lists), or
    /// throws `InputError.invalidConfiguration` naming what is wrong: not six values, a value
    /// that is not finite, or a matrix that folds the panel onto a line (not invertible).
    public init(values: [Double]) throws(InputError) {
        guard values.count == 6 else {
            throw .invalidConfiguration("the calibration matrix has \(values.count) values; it needs six (a b c d e f, as in LIBINPUT_CALIBRATION_MATRIX), e.g. [1, 0, 0, 0, 1, 0]")
        }
        guard values.allSatisfy(\.isFinite) else {
            throw .invalidConfiguration("the calibration matrix \(values) has a value that is not a finite number")
        }
        self.init(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
        guard inverted != nil else {
            throw .invalidConfiguration("the calibration matrix \(values) maps the whole panel onto a line (its determinant a·e − b·d is 0): check the values")
        }
    }

    /// The six values in libinput's order.
    public var values: [Double] { [a, b, c, d, e, f] }

    /// Whether this is the identity (nothing to apply).
    public var isIdentity: Bool { self == .identity }

    /// The normalised point `(x, y)` mapped by the matrix.
    @inline(__always)
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + b * y + c, d * x + e * y + f)
    }

    /// The matrix that undoes this one, or nil when it is not invertible. (A calibration tool
    /// finds the matrix from touches at known points; tests use it to make raw reports.)
    public var inverted: CalibrationMatrix? {
        let determinant = a * e - b * d
        guard determinant != 0, determinant.isFinite else { return nil }
        let ia = e / determinant, ib = -b / determinant
        let id = -d / determinant, ie = a / determinant
        return CalibrationMatrix(a: ia, b: ib, c: -(ia * c + ib * f), d: id, e: ie, f: -(id * c + ie * f))
    }

    /// `[a b c; d e f]`.
    public var description: String { "[\(a) \(b) \(c); \(d) \(e) \(f)]" }
}
