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

    /// The smallest pixel rectangle covering `rect` (its edges rounded outward); empty for a
    /// null or empty `rect`.
    public init(covering rect: Rect) {
        guard !rect.isNull, !rect.isEmpty, rect.width.isFinite, rect.height.isFinite else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let minX = Int(rect.minX.rounded(.down)), minY = Int(rect.minY.rounded(.down))
        let maxX = Int(rect.maxX.rounded(.up)), maxY = Int(rect.maxY.rounded(.up))
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
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
