/// A rectangle of whole pixels: `x..<x+width` by `y..<y+height`, in the pixel space of
/// whatever surface or screen it is used with. Width and height are never negative.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// Left edge, inclusive.
    public var x: Int
    /// Top edge, inclusive.
    public var y: Int
    /// Width in pixels (≥ 0).
    public var width: Int
    /// Height in pixels (≥ 0).
    public var height: Int

    /// Creates a pixel rectangle; a negative size is clamped to 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// How far from the origin, in pixels, a rectangle made from geometry may reach (2²⁹, half
    /// a billion): farther is on no screen, and within it every edge, width and sum of two
    /// fits the 32 bits of pixman's regions.
    public static let coordinateLimit = 1 << 29

    /// The smallest pixel rectangle covering `rect` (its edges rounded outward), cut to
    /// ±`coordinateLimit` on both axes; empty for a null or empty `rect`, or one with a NaN
    /// edge. Geometry enters pixels here, so no value of `rect` traps.
    public init(covering rect: Rect) {
        let limit = Double(Self.coordinateLimit)
        func clamped(_ v: Double) -> Double { min(max(v, -limit), limit) }
        let minX = rect.minX, minY = rect.minY, maxX = rect.maxX, maxY = rect.maxY
        guard !rect.isNull, !rect.isEmpty, !minX.isNaN, !minY.isNaN, !maxX.isNaN, !maxY.isNaN else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let left = Int(clamped(minX.rounded(.down))), top = Int(clamped(minY.rounded(.down)))
        let right = Int(clamped(maxX.rounded(.up))), bottom = Int(clamped(maxY.rounded(.up)))
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// This rectangle cut to ±`coordinateLimit` on both axes: what pixman's 32-bit regions
    /// can hold (empty if nothing is left).
    var clampedToCoordinateLimit: PixelRect {
        let limit = Self.coordinateLimit
        guard x < -limit || y < -limit || width > limit || height > limit || x > limit - width || y > limit - height else {
            return self
        }
        func clamped(_ v: Int) -> Int { min(max(v, -limit), limit) }
        let left = clamped(x), top = clamped(y)
        // Computed without `maxX`, which overflows for a rectangle near Int.max (the width is
        // never negative, so an overflow is always past the limit).
        let (sumX, overX) = x.addingReportingOverflow(width), (sumY, overY) = y.addingReportingOverflow(height)
        let right = overX ? limit : clamped(sumX), bottom = overY ? limit : clamped(sumY)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// One past the right edge.
    public var maxX: Int { x + width }
    /// One past the bottom edge.
    public var maxY: Int { y + height }
    /// Whether it covers no pixel.
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// Pixels covered.
    public var area: Int { width * height }
    /// The same rectangle as a `Rect`.
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    /// The pixels both cover (empty when they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let minX = max(x, other.x), minY = max(y, other.y)
        let maxX = min(self.maxX, other.maxX), maxY = min(self.maxY, other.maxY)
        guard maxX > minX, maxY > minY else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The smallest rectangle covering both (an empty one contributes nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let minX = min(x, other.x), minY = min(y, other.y)
        return PixelRect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    /// `(x, y, w×h)`.
    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
