#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import VitrineGraphics
import VitrineTestSupport

/// Images made in the tests (no binary fixtures): pictures drawn in code, encoded with
/// TurboJPEG's encoder and libwebp's, EXIF written by hand, SVG as text.
enum ImageFixtures {
    /// The four quadrant colours of `quadrants(width:height:)`: top-left, top-right,
    /// bottom-left, bottom-right as stored.
    static let quadrantColors: [UInt32] = [0xD32F2F, 0x388E3C, 0x1976D2, 0xFBC02D]

    /// A picture in four flat quadrants (see `quadrantColors`), with a white bar along its top
    /// edge so the pictures show which way is up.
    static func quadrants(width: Int, height: Int) -> Surface {
        let s = Surface(width: width, height: height, format: .xrgb8888)
        let halfW = width / 2, halfH = height / 2
        s.fill(PixelRect(x: 0, y: 0, width: halfW, height: halfH), with: Color(rgb: quadrantColors[0]))
        s.fill(PixelRect(x: halfW, y: 0, width: width - halfW, height: halfH), with: Color(rgb: quadrantColors[1]))
        s.fill(PixelRect(x: 0, y: halfH, width: halfW, height: height - halfH), with: Color(rgb: quadrantColors[2]))
        s.fill(PixelRect(x: halfW, y: halfH, width: width - halfW, height: height - halfH), with: Color(rgb: quadrantColors[3]))
        s.fill(PixelRect(x: width / 8, y: height / 16, width: width / 4, height: max(height / 16, 1)), with: .white)
        return s
    }

    /// The picture a camera stores for `shown` when it writes EXIF orientation `exif`: the
    /// pixels laid out by the EXIF table (the side of the shown picture where stored row 0 and
    /// column 0 lie), so that a viewer honouring the tag shows `shown` again.
    static func stored(for shown: Surface, exif: Int) -> Surface {
        let table: [Int: (row0: String, column0: String)] = [
            1: ("top", "left"), 2: ("top", "right"), 3: ("bottom", "right"), 4: ("bottom", "left"),
            5: ("left", "top"), 6: ("right", "top"), 7: ("right", "bottom"), 8: ("left", "bottom"),
        ]
        let (row0, column0) = table[exif] ?? ("top", "left")
        let w = shown.width, h = shown.height
        let turned = row0 == "left" || row0 == "right"
        let out = Surface(width: turned ? h : w, height: turned ? w : h, format: .xrgb8888)
        for r in 0..<out.height {
            for c in 0..<out.width {
                var x = 0, y = 0
                switch row0 {
                case "top": y = r
                case "bottom": y = h - 1 - r
                case "left": x = r
                default: x = w - 1 - r
                }
                switch column0 {
                case "left": x = c
                case "right": x = w - 1 - c
                case "top": y = c
                default: y = h - 1 - c
                }
                out.baseAddress.storeBytes(of: shown.word(x: x, y: y), toByteOffset: r * out.stride + c * 4, as: UInt32.self)
            }
        }
        return out
    }

    /// A photo-like picture: a smooth gradient with rings, which JPEG compresses well.
    static func photo(width: Int, height: Int) -> Surface {
        let s = Surface(width: width, height: height, format: .xrgb8888)
        let context = GraphicsContext(surface: s)
        context.drawLinearGradient(Gradient(colors: [Color(rgb: 0x8FB9A8), Color(rgb: 0x2E5E4E)]),
                                   start: Point(x: 0, y: 0), end: Point(x: 0, y: Double(height)))
        context.fillColor = Color(rgb: 0xF2B134)
        let side = Double(min(width, height)) / 3
        context.fillEllipse(in: Rect(x: Double(width) * 0.6, y: Double(height) * 0.15, width: side, height: side))
        return s
    }

    /// `surface` as a JPEG with an EXIF APP1 segment whose orientation tag is `orientation`
    /// (nil: no EXIF), in big-endian ("MM") or little-endian ("II") TIFF order.
    static func jpeg(_ surface: Surface, orientation: Int? = nil, littleEndian: Bool = false, quality: Int = 92) -> [UInt8] {
        guard var data = surface.jpegData(quality: quality) else {
            Issue.record("TurboJPEG failed to encode")
            return []
        }
        if let orientation { data.insert(contentsOf: exifSegment(orientation: orientation, littleEndian: littleEndian), at: 2) }
        return data
    }

    /// An APP1 "Exif" segment holding IFD0 with one entry: the orientation tag (0x0112).
    static func exifSegment(orientation: Int, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        let tiff = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
            + u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) + u32(0)
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let length = body.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }

    /// A lossless WebP of `surface`.
    static func webp(_ surface: Surface) -> [UInt8] {
        guard let data = surface.losslessWebPData() else {
            Issue.record("libwebp failed to encode")
            return []
        }
        return data
    }

    /// A 24×24 icon (CSS pixels): a rounded square with a check mark, the kind a kiosk shows.
    static let checkIcon = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
          <rect x="2" y="2" width="20" height="20" rx="5" fill="#2D6CDF"/>
          <path d="M6.5 12.5 L10.5 16.5 L17.5 8" fill="none" stroke="#FFFFFF" stroke-width="2.5"
                stroke-linecap="round" stroke-linejoin="round"/>
        </svg>
        """

    /// Writes `bytes` to `path`.
    static func write(_ bytes: [UInt8], to path: String) {
        guard let file = fopen(path, "wb") else {
            Issue.record("cannot write \(path)")
            return
        }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }

    /// Whether `a` and `b` (0xRRGGBB) are within `tolerance` in every channel.
    static func close(_ a: UInt32, _ b: UInt32, tolerance: Int = 24) -> Bool {
        (0..<3).allSatisfy { (shift: Int) -> Bool in
            let x = Int((a >> UInt32(shift * 8)) & 0xFF), y = Int((b >> UInt32(shift * 8)) & 0xFF)
            return abs(x - y) <= tolerance
        }
    }
}
