import CPNG
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// PNG decoding and encoding through libpng's simplified API.
extension Surface {
    /// Decodes the PNG file at `path` (see `init(pngData:)`).
    public convenience init(pngFile path: String) throws(ImageError) {
        let data = try readFile(path)
        try self.init(pngData: data, name: path)
    }

    /// Decodes a PNG of any colour type and depth — RGBA, RGB, palette (with or without
    /// transparency), grey, grey with alpha, 8 or 16 bits — into a new surface: premultiplied
    /// ARGB8888 when the image has alpha (an alpha channel or a tRNS chunk), XRGB8888 when it
    /// is opaque. Colours are taken as sRGB (16-bit samples scaled to 8 bits).
    public convenience init(pngData data: [UInt8]) throws(ImageError) {
        try self.init(pngData: data, name: "<memory>")
    }

    convenience init(pngData data: [UInt8], name: String) throws(ImageError) {
        // libpng reads from the memory given to begin_read until finish_read, so it needs an
        // address that stays put across both calls.
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        defer { bytes.deallocate() }
        data.withUnsafeBytes { bytes.copyMemory(from: $0) }
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        let begun = png_image_begin_read_from_memory(&png, bytes.baseAddress, data.count)
        guard begun != 0 else {
            let reason = data.isEmpty ? "the file is empty" : pngMessage(png)
            png_image_free(&png)
            throw .corrupt(path: name, reason: reason)
        }
        let width = Int(png.width), height = Int(png.height)
        guard width > 0, height > 0, width <= 32767, height <= 32767, width * height <= (1 << 29) else {
            png_image_free(&png)
            throw .tooLarge(path: name, width: width, height: height)
        }
        let hasAlpha = png.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
        // 16-bit samples are sRGB-encoded in practice; without this flag libpng would take
        // them as linear light and brighten them.
        png.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        png.format = UInt32(PNG_FORMAT_BGRA)
        self.init(width: width, height: height, format: hasAlpha ? .argb8888 : .xrgb8888)
        let finished = png_image_finish_read(&png, nil, baseAddress, Int32(stride), nil)
        guard finished != 0 else {
            let reason = pngMessage(png)
            png_image_free(&png)
            throw .corrupt(path: name, reason: reason)
        }
        // BGRA bytes are 0xAARRGGBB words on a little-endian machine; libpng gives straight
        // alpha, surfaces keep it premultiplied.
        if hasAlpha {
            for y in 0..<height {
                let row = (baseAddress + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let p = row[x]
                    let a = p >> 24
                    if a == 255 { continue }
                    row[x] = a << 24 | multiply((p >> 16) & 0xFF, a) << 16 | multiply((p >> 8) & 0xFF, a) << 8 | multiply(p & 0xFF, a)
                }
            }
        }
    }

    /// The surface encoded as PNG: ARGB8888 as RGBA with straight alpha (exact: decoding gives
    /// back the same premultiplied pixels), XRGB8888 and RGB565 as opaque RGB, A8 as grey
    /// (coverage as brightness).
    public func pngData() -> [UInt8] {
        unwindRing()   // rows are read in place below
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(width)
        png.height = UInt32(height)
        var pixels: [UInt8]
        var rowBytes: Int
        switch format {
        case .a8:
            png.format = UInt32(PNG_FORMAT_GRAY)
            rowBytes = width
            pixels = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                let row = (baseAddress + y * stride).assumingMemoryBound(to: UInt8.self)
                for x in 0..<width { pixels[y * width + x] = row[x] }
            }
        case .argb8888:
            png.format = UInt32(PNG_FORMAT_BGRA)
            rowBytes = width * 4
            pixels = [UInt8](repeating: 0, count: rowBytes * height)
            for y in 0..<height {
                let row = (baseAddress + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let p = row[x], a = p >> 24, i = y * rowBytes + x * 4
                    pixels[i + 3] = UInt8(a)
                    guard a > 0 else { continue }
                    pixels[i + 2] = unpremultiply((p >> 16) & 0xFF, a)
                    pixels[i + 1] = unpremultiply((p >> 8) & 0xFF, a)
                    pixels[i] = unpremultiply(p & 0xFF, a)
                }
            }
        case .xrgb8888, .rgb565:
            png.format = UInt32(PNG_FORMAT_BGR)
            rowBytes = width * 3
            pixels = [UInt8](repeating: 0, count: rowBytes * height)
            for y in 0..<height {
                for x in 0..<width {
                    let p = opaqueWord(x: x, y: y), i = y * rowBytes + x * 3
                    pixels[i] = UInt8(p & 0xFF)
                    pixels[i + 1] = UInt8((p >> 8) & 0xFF)
                    pixels[i + 2] = UInt8((p >> 16) & 0xFF)
                }
            }
        }
        // Room for incompressible pixels: the raw bytes, a filter byte a row, deflate's
        // per-block overhead and the chunks around them.
        var size = pixels.count + height + pixels.count / 1000 + 4096
        var output = [UInt8](repeating: 0, count: size)
        var ok = output.withUnsafeMutableBytes { out in
            pixels.withUnsafeBytes { png_image_write_to_memory(&png, out.baseAddress, &size, 0, $0.baseAddress, Int32(rowBytes), nil) }
        }
        if ok == 0 && size > output.count {
            // Too small after all: libpng said how much it needs.
            output = [UInt8](repeating: 0, count: size)
            png.warning_or_error = 0
            ok = output.withUnsafeMutableBytes { out in
                pixels.withUnsafeBytes { png_image_write_to_memory(&png, out.baseAddress, &size, 0, $0.baseAddress, Int32(rowBytes), nil) }
            }
        }
        guard ok != 0 else { fatalError("Surface.pngData: libpng failed: \(pngMessage(png))") }
        output.removeSubrange(size...)
        return output
    }

    /// Writes the surface as a PNG file at `path` (see `pngData()`), replacing any file there.
    public func writePNG(to path: String) throws(ImageError) {
        let data = pngData()
        guard let file = fopen(path, "wb") else { throw .writeFailed(path: path, reason: errnoMessage()) }
        let written = data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let writeError = written != data.count ? errnoMessage() : nil
        let closed = fclose(file)
        if let writeError { throw .writeFailed(path: path, reason: writeError) }
        if closed != 0 { throw .writeFailed(path: path, reason: errnoMessage()) }
    }

    /// The pixel at (`x`, `y`) of an opaque format as `0x00RRGGBB`.
    func opaqueWord(x: Int, y: Int) -> UInt32 {
        let (x, y) = stored(x: x, y: y)
        switch format {
        case .xrgb8888, .argb8888:
            return baseAddress.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xFFFFFF
        case .rgb565:
            let p = UInt32(baseAddress.load(fromByteOffset: y * stride + x * 2, as: UInt16.self))
            // Widen by repeating the top bits, so 0x1F becomes 0xFF and 0 stays 0.
            let r = (p >> 11) & 0x1F, g = (p >> 5) & 0x3F, b = p & 0x1F
            return (r << 3 | r >> 2) << 16 | (g << 2 | g >> 4) << 8 | (b << 3 | b >> 2)
        case .a8:
            let a = UInt32(baseAddress.load(fromByteOffset: y * stride + x, as: UInt8.self))
            return a << 16 | a << 8 | a
        }
    }
}

/// `c × a / 255`, rounded (pixman's exact formula).
@inline(__always)
func multiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
    let t = c * a + 0x80
    return (t + (t >> 8)) >> 8
}

/// `c × 255 / a`, rounded and capped: the straight value of premultiplied `c`.
@inline(__always)
private func unpremultiply(_ c: UInt32, _ a: UInt32) -> UInt8 {
    UInt8(min((c * 255 + a / 2) / a, 255))
}

/// libpng's message for the last failure.
private func pngMessage(_ png: png_image) -> String {
    var message = png.message
    let text = withUnsafeBytes(of: &message) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "unknown libpng error" : text
}

/// The text of the current `errno`.
func errnoMessage() -> String {
    String(cString: strerror(errno))
}

/// The bytes of the file at `path`.
func readFile(_ path: String, limit: Int = Int.max) throws(ImageError) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
        if errno == ENOENT || errno == ENOTDIR { throw .fileNotFound(path: path) }
        throw .unreadable(path: path, reason: errnoMessage())
    }
    defer { fclose(file) }
    var info = stat()
    if fstat(fileno(file), &info) == 0, Int(info.st_size) > limit {
        throw .unreadable(path: path, reason: "it is \(info.st_size) bytes, more than the \(limit) an image may be")
    }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        data.append(contentsOf: chunk[0..<count])
        if data.count > limit { throw .unreadable(path: path, reason: "it is more than the \(limit) bytes an image may be") }
        if count < chunk.count {
            if ferror(file) != 0 { throw .unreadable(path: path, reason: errnoMessage()) }
            break
        }
    }
    return data
}
