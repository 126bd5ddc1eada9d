import Logging
import VitrineGraphics

/// What an `Image` holds: a surface, or a source and (once asked for) its whole decode. Shared
/// by copies of the image, so the whole decode happens at most once per image.
final class ImageStorage {
    let source: ImageSource?
    private var decoded: Surface?

    init(surface: Surface) {
        source = nil
        decoded = surface
    }

    init(source: ImageSource) {
        self.source = source
    }

    /// Whether the whole image is held (made from a surface, or `surface` was asked for).
    var holdsWholeImage: Bool { decoded != nil }

    /// The whole image: the surface it was made of, or its source decoded at its own size. A
    /// source that fails to decode (its data is damaged past the header) gives a transparent
    /// pixel and logs why, once.
    var surface: Surface {
        if let decoded { return decoded }
        guard let source else { return Surface(width: 1, height: 1) }
        let surface: Surface
        do {
            surface = try source.decode()
        } catch {
            Logger(label: "vitrine.image").error("\(error)")
            surface = Surface(width: 1, height: 1)
        }
        decoded = surface
        return surface
    }
}

extension Image {
    /// The image made from `source` (see `ImageSource`), at `scale` pixels per point.
    public init(source: ImageSource, scale: Double = 1) {
        self.storage = ImageStorage(source: source)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// The image encoded in `data` (PNG, JPEG, WebP or SVG); `name` is what errors call it.
    public init(data: [UInt8], name: String = "<memory>", scale: Double = 1) throws(ImageError) {
        self.init(source: try ImageSource(data: data, name: name), scale: scale)
    }

    /// The image called `name` in `directory` (default `Image.assetsDirectory`): `name` itself
    /// if it has an extension, else the first of `name.svg`, `.png`, `.jpg`, `.jpeg`, `.webp`
    /// that exists. UIKit's `UIImage(named:)` looks in the app's bundle and answers nil; here
    /// the folder is given and a missing or bad image throws an `ImageError` saying why.
    @MainActor
    public init(named name: String, in directory: String? = nil, scale: Double = 1) throws(ImageError) {
        let folder = directory ?? Image.assetsDirectory
        let base = folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
        let hasExtension = name.split(separator: "/").last?.contains(".") ?? false
        let candidates = hasExtension ? [base] : Image.assetExtensions.map { base + "." + $0 }
        for path in candidates {
            do {
                self = try Image(contentsOfFile: path, scale: scale)
                return
            } catch ImageError.fileNotFound {
                continue
            }
        }
        throw .fileNotFound(path: hasExtension ? base : base + ".{" + Image.assetExtensions.joined(separator: ",") + "}")
    }

    /// The extensions `init(named:in:)` tries, in order.
    public static let assetExtensions = ["svg", "png", "jpg", "jpeg", "webp"]

    /// The folder `init(named:)` looks in when none is given (an app sets it at launch to
    /// where its pictures are installed). Default: the working directory.
    @MainActor public static var assetsDirectory = "."

    /// The pixels to draw this image filling `size` points under `transform` (points to
    /// pixels, as a `GraphicsContext`'s `ctm`): for an image made from a surface, that
    /// surface; for one made from a file, its decode at that pixel size from
    /// `ImageCache.shared` (never larger than the image's own pixels, but for SVG). Nil when the
    /// image cannot be decoded (logged by the cache, once).
    @MainActor
    public func surface(fitting size: Size, transform: AffineTransform) -> Surface? {
        guard let source else { return surface }
        let sx = (transform.a * transform.a + transform.b * transform.b).squareRoot()
        let sy = (transform.c * transform.c + transform.d * transform.d).squareRoot()
        let width = size.width * sx, height = size.height * sy
        guard width.isFinite, height.isFinite else { return nil }
        let pixelWidth = Int(min(max(width.rounded(), 1), Double(ImageSource.maximumSide)))
        let pixelHeight = Int(min(max(height.rounded(), 1), Double(ImageSource.maximumSide)))
        return try? ImageCache.shared.surface(for: source, width: pixelWidth, height: pixelHeight)
    }

    /// The pixels to draw this image filling `size` points on a screen of `scale` pixels per
    /// point (see `surface(fitting:transform:)`).
    @MainActor
    public func surface(fitting size: Size, scale: Double) -> Surface? {
        surface(fitting: size, transform: AffineTransform(scaleX: scale, y: scale))
    }
}
