import VitrineGraphics

/// How content is placed in a view's bounds (UIKit's `UIView.ContentMode`).
public enum ContentMode: Sendable, Hashable, CaseIterable {
    /// Stretched to fill the bounds, ignoring the aspect ratio.
    case scaleToFill
    /// Scaled to fit inside the bounds, keeping the aspect ratio (letterboxed).
    case scaleAspectFit
    /// Scaled to cover the bounds, keeping the aspect ratio (cropped).
    case scaleAspectFill
    /// Unscaled, centred.
    case center
    /// Unscaled, centred along the top edge.
    case top
    /// Unscaled, centred along the bottom edge.
    case bottom
    /// Unscaled, centred along the left edge.
    case left
    /// Unscaled, centred along the right edge.
    case right
    /// Unscaled, in the top-left corner.
    case topLeft
    /// Unscaled, in the top-right corner.
    case topRight
    /// Unscaled, in the bottom-left corner.
    case bottomLeft
    /// Unscaled, in the bottom-right corner.
    case bottomRight

    /// Where content of `size` goes in `bounds` (both in points).
    public func rect(forContentOf size: Size, in bounds: Rect) -> Rect {
        guard size.width > 0, size.height > 0 else { return .zero }
        func placed(_ w: Double, _ h: Double, x: Double, y: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }
        let w = size.width, h = size.height
        switch self {
        case .scaleToFill:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let sx = bounds.width / w, sy = bounds.height / h
            let s = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            return placed(w * s, h * s, x: bounds.midX - w * s / 2, y: bounds.midY - h * s / 2)
        case .center: return placed(w, h, x: bounds.midX - w / 2, y: bounds.midY - h / 2)
        case .top: return placed(w, h, x: bounds.midX - w / 2, y: bounds.minY)
        case .bottom: return placed(w, h, x: bounds.midX - w / 2, y: bounds.maxY - h)
        case .left: return placed(w, h, x: bounds.minX, y: bounds.midY - h / 2)
        case .right: return placed(w, h, x: bounds.maxX - w, y: bounds.midY - h / 2)
        case .topLeft: return placed(w, h, x: bounds.minX, y: bounds.minY)
        case .topRight: return placed(w, h, x: bounds.maxX - w, y: bounds.minY)
        case .bottomLeft: return placed(w, h, x: bounds.minX, y: bounds.maxY - h)
        case .bottomRight: return placed(w, h, x: bounds.maxX - w, y: bounds.maxY - h)
        }
    }
}

/// An image: pixels and how many of them make a point.
public struct Image {
    /// The pixels (premultiplied ARGB8888 as decoded, or any format).
    public let surface: Surface
    /// Pixels per point of the image: a 2× image of 200×200 pixels is 100×100 points.
    public let scale: Double

    /// An image of `surface` at `scale` pixels per point. A scale that means no size (0,
    /// negative, NaN or infinite) is taken as 1.
    public init(surface: Surface, scale: Double = 1) {
        self.surface = surface
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// Decodes the PNG file at `path` (throws a typed `ImageError` saying what went wrong).
    public init(contentsOfFile path: String, scale: Double = 1) throws(ImageError) {
        self.init(surface: try Surface(pngFile: path), scale: scale)
    }

    /// The size in points.
    public var size: Size { Size(width: Double(surface.width) / scale, height: Double(surface.height) / scale) }
}

/// A view that shows an image, placed by `contentMode` (UIKit's `UIImageView`). It is drawn at
/// the screen's pixel scale, so an image with as many pixels as the screen stays sharp.
open class ImageView: View {
    /// The image shown (nil: nothing).
    public var image: Image? {
        didSet {
            setNeedsDisplay()
            if image?.size != oldValue?.size { invalidateIntrinsicContentSize() }
        }
    }

    /// How the image is placed in the bounds. Default `.scaleToFill`, as UIKit's.
    public var contentMode: ContentMode = .scaleToFill {
        didSet { if contentMode != oldValue { setNeedsDisplay() } }
    }

    /// A view showing `image`, sized to it.
    public convenience init(image: Image?) {
        self.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    /// The image's size in points.
    open override var intrinsicContentSize: Size { image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// The image's size in points (or the current size without an image).
    open override func sizeThatFits(_ size: Size) -> Size { image?.size ?? bounds.size }

    /// Draws the image where `contentMode` places it.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard let image else { return }
        let placement = contentMode.rect(forContentOf: image.size, in: bounds)
        context.draw(image.surface, in: placement)
    }
}
