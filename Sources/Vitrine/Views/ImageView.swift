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

/// An image: pixels and how many of them make a point. Made from a surface, it is those
/// pixels; made from a file or data (`init(contentsOfFile:)`, `init(named:in:)`, `init(source:)`),
/// it holds the encoded image and, as UIKit's does, decodes when drawn: `ImageView` asks the
/// `ImageCache` for the pixel size it shows (decode-to-size), so a 24-megapixel photo in an
/// 800×480 view never takes its 96 MB.
public struct Image {
    /// The pixels at the image's own size (premultiplied ARGB8888 as decoded, or any format).
    /// For an image made from a file this decodes the whole image on first use (and keeps it
    /// with the image): views use `surface(fitting:scale:)` instead.
    public var surface: Surface { storage.surface }
    /// Pixels per point of the image: a 2× image of 200×200 pixels is 100×100 points.
    public let scale: Double
    /// The encoded image this one decodes from; nil for one made from a surface.
    public var source: ImageSource? { storage.source }
    let storage: ImageStorage
    /// Whether the image is drawn mirrored left to right in a right-to-left view (UIKit's
    /// `flipsForRightToLeftLayoutDirection`): false unless made by
    /// `imageFlippedForRightToLeftLayoutDirection()`. A back chevron, an arrow pointing
    /// "forward", a pen writing: images whose meaning has a direction. A photo or a logo stays
    /// as it is. `ImageView`, `Button` and `Slider` honour it.
    public private(set) var flipsForRightToLeftLayoutDirection = false

    /// This image (the same pixels, shared), marked to be drawn mirrored in right-to-left views
    /// (UIKit's `imageFlippedForRightToLeftLayoutDirection()`).
    public func imageFlippedForRightToLeftLayoutDirection() -> Image {
        var image = self
        image.flipsForRightToLeftLayoutDirection = true
        return image
    }

    /// An image of `surface` at `scale` pixels per point. A scale that means no size (0,
    /// negative, NaN or infinite) is taken as 1.
    public init(surface: Surface, scale: Double = 1) {
        self.storage = ImageStorage(surface: surface)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// The image file at `path` — PNG, JPEG, WebP or SVG, told apart by their bytes — at
    /// `scale` pixels per point. Its header is read and checked now (throws a typed
    /// `ImageError` saying what is wrong and what to do); its pixels are decoded when drawn,
    /// at the size drawn, through `ImageCache.shared`.
    public init(contentsOfFile path: String, scale: Double = 1) throws(ImageError) {
        self.init(source: try ImageSource(contentsOfFile: path), scale: scale)
    }

    /// The size in points.
    public var size: Size {
        if let source { return Size(width: Double(source.pixelWidth) / scale, height: Double(source.pixelHeight) / scale) }
        return Size(width: Double(surface.width) / scale, height: Double(surface.height) / scale)
    }
}

/// A view that shows an image, placed by `contentMode` (UIKit's `UIImageView`). It is drawn at
/// the screen's pixel scale, so an image with as many pixels as the screen stays sharp; an image
/// from a file is decoded (an SVG drawn) at the pixel size shown, through `ImageCache.shared`.
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

    /// Draws the image where `contentMode` places it, mirrored in a right-to-left view when
    /// the image is marked `flipsForRightToLeftLayoutDirection`. The placement itself does not
    /// mirror: `.left` stays left, as in UIKit.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard let image else { return }
        let placement = contentMode.rect(forContentOf: image.size, in: bounds)
        // Decoded at the pixel size shown (the context's transform maps points to pixels).
        guard let pixels = image.surface(fitting: placement.size, transform: context.ctm) else { return }
        context.draw(pixels, of: image, in: placement, rightToLeft: image.flipsForRightToLeftLayoutDirection && isLaidOutRightToLeft)
    }
}
