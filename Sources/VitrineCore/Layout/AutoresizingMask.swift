import VitrineGraphics

/// How a view resizes when its superview's bounds size changes (UIKit's `UIView.AutoresizingMask`).
///
/// Along each axis, the size change of the superview is shared among the flexible parts (left
/// margin, width, right margin; top margin, height, bottom margin) in proportion to their
/// current lengths; when all flexible parts have zero length they share it equally.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a mask from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The left margin stretches.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width stretches.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin stretches.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin stretches.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height stretches.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin stretches.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// `frame` (in the superview's space) after the superview's size went from `old` to `new`.
    public func resize(_ frame: Rect, superviewFrom old: Size, to new: Size) -> Rect {
        let (x, width) = Self.share(origin: frame.minX, length: frame.width,
                                    superLength: old.width, delta: new.width - old.width,
                                    leading: contains(.flexibleLeftMargin), size: contains(.flexibleWidth),
                                    trailing: contains(.flexibleRightMargin))
        let (y, height) = Self.share(origin: frame.minY, length: frame.height,
                                     superLength: old.height, delta: new.height - old.height,
                                     leading: contains(.flexibleTopMargin), size: contains(.flexibleHeight),
                                     trailing: contains(.flexibleBottomMargin))
        return Rect(x: x, y: y, width: max(width, 0), height: max(height, 0))
    }

    private static func share(origin: Double, length: Double, superLength: Double, delta: Double,
                              leading: Bool, size: Bool, trailing: Bool) -> (Double, Double) {
        guard delta != 0, leading || size || trailing else { return (origin, length) }
        let trailingLength = superLength - origin - length
        let parts = [leading ? max(origin, 0) : 0, size ? max(length, 0) : 0, trailing ? max(trailingLength, 0) : 0]
        let total = parts.reduce(0, +)
        let flexibleCount = Double([leading, size, trailing].filter { $0 }.count)
        func portion(_ index: Int, _ flexible: Bool) -> Double {
            guard flexible else { return 0 }
            return total > 0 ? delta * parts[index] / total : delta / flexibleCount
        }
        return (origin + portion(0, leading), length + portion(1, size))
    }
}
