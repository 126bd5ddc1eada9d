/// The encodings Vitrine decodes, told apart by their first bytes (never by the file's name).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// PNG, through libpng.
    case png = "PNG"
    /// JPEG (JFIF or EXIF), through libjpeg-turbo's TurboJPEG API; decoded at a reduced scale
    /// when shown smaller, with its EXIF orientation applied.
    case jpeg = "JPEG"
    /// WebP (lossy or lossless, with or without alpha), through libwebp; scaled while decoding.
    case webp = "WebP"
    /// SVG, through librsvg and cairo; rendered at the pixel size it is shown at.
    case svg = "SVG"

    /// The format's name, as messages show it.
    public var description: String { rawValue }

    /// The format `bytes` start like, or nil when none.
    public init?(sniffing bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png; return }
        if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg; return }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { self = .webp; return }
        if ImageFormat.looksLikeSVG(bytes) { self = .svg; return }
        return nil
    }

    /// Text (after an optional byte-order mark and white space) that starts with `<` and has
    /// an `<svg` element within its first 4 KiB (after an XML declaration, comments, a DOCTYPE).
    private static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else { return false }
        let head = bytes[start..<min(bytes.count, start + 4096)]
        let needle = Array("<svg".utf8)
        guard head.count >= needle.count else { return false }
        for i in head.startIndex...(head.endIndex - needle.count) where head[i] == needle[0] {
            if Array(head[i..<i + needle.count]) == needle { return true }
        }
        return false
    }
}

/// Which way up an image's stored pixels are shown (UIKit's `UIImage.Orientation`), as a
/// JPEG's EXIF orientation tag says.
public enum ImageOrientation: Int, Sendable, Hashable, CaseIterable {
    /// As stored (EXIF 1).
    case up
    /// Turned half a turn (EXIF 3).
    case down
    /// Turned a quarter turn counter-clockwise (EXIF 8).
    case left
    /// Turned a quarter turn clockwise (EXIF 6).
    case right
    /// Flipped left to right (EXIF 2).
    case upMirrored
    /// Flipped top to bottom (EXIF 4).
    case downMirrored
    /// Transposed: flipped along the top-left to bottom-right diagonal (EXIF 5).
    case leftMirrored
    /// Transversed: flipped along the top-right to bottom-left diagonal (EXIF 7).
    case rightMirrored

    /// The orientation of EXIF tag 0x0112's value (1…8); nil for any other value.
    public init?(exifValue: Int) {
        switch exifValue {
        case 1: self = .up
        case 2: self = .upMirrored
        case 3: self = .down
        case 4: self = .downMirrored
        case 5: self = .leftMirrored
        case 6: self = .right
        case 7: self = .rightMirrored
        case 8: self = .left
        default: return nil
        }
    }

    /// EXIF tag 0x0112's value for this orientation (1…8).
    public var exifValue: Int {
        switch self {
        case .up: 1
        case .upMirrored: 2
        case .down: 3
        case .downMirrored: 4
        case .leftMirrored: 5
        case .right: 6
        case .rightMirrored: 7
        case .left: 8
        }
    }

    /// Whether the shown image's width is the stored image's height.
    public var swapsAxes: Bool { exifValue >= 5 }

    /// Maps the stored image's unit square to the shown image's unit square.
    var unitTransform: AffineTransform {
        switch self {
        case .up: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        case .upMirrored: AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 1, ty: 0)
        case .down: AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 1, ty: 1)
        case .downMirrored: AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 1)
        case .leftMirrored: AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        case .right: AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0)
        case .rightMirrored: AffineTransform(a: 0, b: -1, c: -1, d: 0, tx: 1, ty: 1)
        case .left: AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 1)
        }
    }
}
