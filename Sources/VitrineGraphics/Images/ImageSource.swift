/// An encoded image — a file or bytes in memory — whose format, size and orientation were read
/// from its header, and which decodes on demand at the pixel size it is shown at: a JPEG at
/// the smallest of libjpeg's scales (1/8, 1/4, 3/8, 1/2 …) that covers that size, then scaled
/// down by pixman; a WebP scaled by libwebp; an SVG drawn at exactly that size; a PNG decoded
/// whole and scaled down. A 6000×4000 photo shown at 800×480 so never takes its 96 MB.
///
/// A raster file source reads the file again for each decode (the encoded bytes are not kept;
/// an SVG stays parsed); `ImageCache` keeps what was decoded.
public final class ImageSource {
    /// The largest side a source may have (a header saying more is refused before anything is
    /// allocated), and the most pixels.
    public static let maximumSide = 32767
    /// The most pixels a source may have (256 Mi: a full decode would take 1 GiB).
    public static let maximumPixelCount = 1 << 28
    /// The most pixels a PNG may have (32 Mi, 128 MiB decoded): libpng decodes a PNG whole
    /// before it is scaled, and a PNG of zeros compresses a thousandfold. Larger pictures are
    /// JPEG or WebP, which decode at the size shown.
    public static let maximumPNGPixelCount = 1 << 25
    /// The largest file read as an image (256 MiB); a larger one is refused unread.
    public static let maximumFileSize = 1 << 28
    /// The most pixels an SVG is drawn at (64 Mi, 256 MiB).
    public static let maximumRenderedPixelCount = 1 << 26

    /// The file's path, or the name given to bytes in memory (`"<memory>"` by default): what
    /// error messages name.
    public let name: String
    /// The file's path; nil for bytes in memory.
    public let path: String?
    /// The encoding.
    public let format: ImageFormat
    /// The width in pixels as shown, after the EXIF orientation (an SVG: its size in CSS pixels).
    public let pixelWidth: Int
    /// The height in pixels as shown, after the EXIF orientation.
    public let pixelHeight: Int
    /// How the stored pixels are turned to be shown (`.up` but for JPEGs with EXIF).
    public let orientation: ImageOrientation
    /// Whether the image has an alpha channel (SVG: always; JPEG: never).
    public let hasAlpha: Bool
    /// Whether it is drawn afresh at any size (SVG) rather than decoded and scaled.
    public var isVector: Bool { format == .svg }

    /// The bytes of a memory source (nil for files, which are read again when decoded).
    private let data: [UInt8]?
    private let jpegHeader: JPEG.Header?
    private let svg: SVGDocument?

    /// Reads the header of the image file at `path`. Throws `ImageError` naming the file:
    /// missing, unreadable, empty, not an image, a damaged header, or too large.
    public convenience init(contentsOfFile path: String) throws(ImageError) {
        try self.init(bytes: try readFile(path, limit: ImageSource.maximumFileSize), name: path, path: path)
    }

    /// Reads the header of an image in memory; `name` is what error messages call it.
    public convenience init(data: [UInt8], name: String = "<memory>") throws(ImageError) {
        try self.init(bytes: data, name: name, path: nil)
    }

    private init(bytes: [UInt8], name: String, path: String?) throws(ImageError) {
        guard !bytes.isEmpty else { throw .empty(path: name) }
        guard let format = ImageFormat(sniffing: bytes) else { throw .unrecognized(path: name) }
        self.name = name
        self.path = path
        self.format = format
        data = path == nil ? bytes : nil
        var width = 0, height = 0, orientation = ImageOrientation.up, hasAlpha = true
        var jpegHeader: JPEG.Header?, svg: SVGDocument?
        switch format {
        case .png:
            // IHDR is the first chunk: its width and height are the 4-byte words at 16 and 20.
            guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
                throw .corrupt(path: name, reason: "no IHDR chunk where the header should be")
            }
            func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            width = word(16)
            height = word(20)
        case .jpeg:
            let header = try JPEG.header(bytes, name: name)
            jpegHeader = header
            orientation = header.orientation
            (width, height) = orientation.swapsAxes ? (header.height, header.width) : (header.width, header.height)
            hasAlpha = false
        case .webp:
            let header = try WebP.header(bytes, name: name)
            (width, height, hasAlpha) = (header.width, header.height, header.hasAlpha)
        case .svg:
            let document = try SVGDocument(bytes, name: name)
            svg = document
            width = Int(document.width.rounded(.up))
            height = Int(document.height.rounded(.up))
        }
        let pixelLimit = format == .png ? ImageSource.maximumPNGPixelCount : ImageSource.maximumPixelCount
        guard width > 0, height > 0, width <= ImageSource.maximumSide, height <= ImageSource.maximumSide,
              width * height <= pixelLimit else {
            throw .tooLarge(path: name, width: width, height: height)
        }
        pixelWidth = width
        pixelHeight = height
        self.orientation = orientation
        self.hasAlpha = hasAlpha
        self.jpegHeader = jpegHeader
        self.svg = svg
    }

    /// The size `decode(width:height:)` gives for a request of `width`×`height` pixels: a
    /// raster image is never enlarged (each side at most its own), an SVG is drawn at the size
    /// asked (within `maximumRenderedPixelCount`); at least 1×1.
    public func decodedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        var w = min(max(width, 1), ImageSource.maximumSide), h = min(max(height, 1), ImageSource.maximumSide)
        if isVector {
            if w * h > ImageSource.maximumRenderedPixelCount {
                let shrink = (Double(ImageSource.maximumRenderedPixelCount) / Double(w * h)).squareRoot()
                w = max(Int(Double(w) * shrink), 1)
                h = max(Int(Double(h) * shrink), 1)
            }
        } else {
            w = min(w, pixelWidth)
            h = min(h, pixelHeight)
        }
        return (w, h)
    }

    /// The image at its own size (an SVG at its CSS size), oriented.
    public func decode() throws(ImageError) -> Surface {
        try decode(width: pixelWidth, height: pixelHeight)
    }

    /// The image, oriented, filling exactly `decodedSize(width:height:)` pixels (the caller
    /// keeps the aspect ratio if it wants it kept). Throws `ImageError` when the data is
    /// damaged or cut short, or the file changed or went away.
    public func decode(width: Int, height: Int) throws(ImageError) -> Surface {
        let (w, h) = decodedSize(width: width, height: height)
        if let svg { return try svg.render(width: w, height: h, name: name) }
        let bytes: [UInt8]
        if let data { bytes = data } else { bytes = try readFile(name, limit: ImageSource.maximumFileSize) }
        switch format {
        case .png:
            let whole = try Surface(pngData: bytes, name: name)
            return whole.width == w && whole.height == h ? whole : whole.resampled(width: w, height: h)
        case .jpeg:
            // A file read again must still be the image whose header was read.
            let header = path == nil ? jpegHeader : try JPEG.header(bytes, name: name)
            guard let header, header.width == jpegHeader?.width, header.height == jpegHeader?.height else {
                throw .damaged(path: name, format: .jpeg, reason: "the file changed since it was opened")
            }
            let (storedWidth, storedHeight) = orientation.swapsAxes ? (h, w) : (w, h)
            let decoded = try JPEG.decode(bytes, header: header, atLeast: storedWidth, storedHeight, name: name)
            if orientation == .up, decoded.width == w, decoded.height == h { return decoded }
            return decoded.resampled(width: w, height: h, orientation: orientation)
        case .webp:
            return try WebP.decode(bytes, width: w, height: h, hasAlpha: hasAlpha, name: name)
        case .svg:
            throw .unrecognized(path: name)
        }
    }
}
