import CPixman
import CVitrinePixels
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a surface stores a pixel.
public enum PixelFormat: Sendable, Hashable, CustomStringConvertible {
    /// 32 bits, `0xXXRRGGBB` in native (little-endian) order, the padding byte ignored: what
    /// DRM calls `XRGB8888` and most scanout buffers use.
    case xrgb8888
    /// 32 bits, `0xAARRGGBB`, colour premultiplied by alpha: backing stores with transparency.
    case argb8888
    /// 16 bits, 5-6-5: small SPI panels.
    case rgb565
    /// 8 bits of coverage only: masks and glyphs.
    case a8

    /// Bytes one pixel takes.
    public var bytesPerPixel: Int {
        switch self {
        case .xrgb8888, .argb8888: 4
        case .rgb565: 2
        case .a8: 1
        }
    }

    /// Whether pixels carry an alpha channel.
    public var hasAlpha: Bool { self == .argb8888 || self == .a8 }

    /// The DRM/pixman name.
    public var description: String {
        switch self {
        case .xrgb8888: "XRGB8888"
        case .argb8888: "ARGB8888"
        case .rgb565: "RGB565"
        case .a8: "A8"
        }
    }

    var pixmanFormat: pixman_format_code_t {
        switch self {
        case .xrgb8888: PIXMAN_x8r8g8b8
        case .argb8888: PIXMAN_a8r8g8b8
        case .rgb565: PIXMAN_r5g6b5
        case .a8: PIXMAN_a8
        }
    }
}

/// How source pixels combine with what a surface holds.
public enum CompositingOperator: Sendable, Hashable {
    /// Replace the destination (Porter-Duff SRC).
    case copy
    /// Blend over the destination by the source's alpha (Porter-Duff OVER).
    case sourceOver

    var pixman: pixman_op_t {
        switch self {
        case .copy: PIXMAN_OP_SRC
        case .sourceOver: PIXMAN_OP_OVER
        }
    }
}

/// A rectangle of pixels in memory, on a pixman image: the scene buffer, a view's backing
/// store, a decoded image, a mapped scanout buffer.
///
/// Pixel (0, 0) is the top-left; coordinates are this surface's pixels. A surface made with
/// `init(width:height:format:)` owns its memory (zeroed: transparent, or black without
/// alpha); one made with `init(wrapping:…)` borrows memory its caller keeps alive.
public final class Surface {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    /// How pixels are stored.
    public let format: PixelFormat
    /// The pixman image over the pixels (owned: released in deinit).
    let image: OpaquePointer
    /// Whether the pixels are a display's buffer that the CPU never reads back: a DRM
    /// display's scanout memory (which a GPU maps write-combined, and takes in whole lines) or
    /// the headless display's stand-in for it. A large copy into it streams past the cache
    /// (`vitrine_copy_streaming`), so the cache keeps the scene and the backing stores the
    /// next frame composes from. A large copy into memory that is read soon (the remote
    /// view's mirror, which its encoder reads; SDL's window) goes by `vitrine_copy_large`.
    public let isScanout: Bool
    /// The band stored turned round (`turnRing(_:dx:dy:)`), or nil: every pixel is stored in
    /// place. Pixel coordinates everywhere stay the picture's; `word`, `color`, `fill`,
    /// `copy(_:from:rotation:)` (as the source), `move` and the image encoders read through
    /// it, or unwind it first. Anything else that reads or writes the memory directly (a
    /// `GraphicsContext`, `composite`) must see nil or map pixels itself
    /// (`forEachStoredPiece(of:_:)`).
    public internal(set) var scrollRing: ScrollRing?

    /// A new surface of `width`×`height` pixels, zeroed. Sizes are clamped to at least 1.
    /// `isScanout` when the surface stands for a display's buffer that the CPU does not read
    /// back (the headless display's; see `isScanout`).
    public init(width: Int, height: Int, format: PixelFormat = .argb8888, isScanout: Bool = false) {
        let w = max(width, 1), h = max(height, 1)
        guard let image = pixman_image_create_bits(format.pixmanFormat, Int32(w), Int32(h), nil, 0) else {
            fatalError("Surface: out of memory for \(w)×\(h) \(format)")
        }
        self.width = w
        self.height = h
        self.format = format
        self.image = image
        self.stride = Int(pixman_image_get_stride(image))
        self.isScanout = isScanout
    }

    /// A surface over memory the caller owns and keeps alive for the surface's life (a mapped
    /// DRM dumb buffer): `stride` bytes a row, a multiple of 4; `isScanout` when the memory is
    /// a display's scanout buffer.
    public init(wrapping pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, format: PixelFormat,
                isScanout: Bool = false) {
        precondition(stride % 4 == 0 && stride >= width * format.bytesPerPixel, "Surface: stride \(stride) does not fit \(width) \(format) pixels")
        guard let image = pixman_image_create_bits_no_clear(format.pixmanFormat, Int32(width), Int32(height),
                                                             pixels.assumingMemoryBound(to: UInt32.self), Int32(stride)) else {
            fatalError("Surface: pixman refused \(width)×\(height) \(format)")
        }
        self.width = width
        self.height = height
        self.format = format
        self.stride = stride
        self.image = image
        self.isScanout = isScanout
    }

    deinit { pixman_image_unref(image) }

    /// The whole surface.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The first byte of row 0.
    public var baseAddress: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(pixman_image_get_data(image)!)
    }

    /// The raw 32-bit word at (`x`, `y`) of a 32-bit surface: `0xAARRGGBB` (premultiplied for
    /// ARGB8888; the top byte is undefined for XRGB8888).
    public func word(x: Int, y: Int) -> UInt32 {
        precondition(format.bytesPerPixel == 4 && bounds.contains(x: x, y: y))
        let at = stored(x: x, y: y)
        return baseAddress.load(fromByteOffset: at.y * stride + at.x * 4, as: UInt32.self)
    }

    /// The colour at (`x`, `y`), straight alpha, 8 bits a channel (opaque without alpha).
    public func color(x: Int, y: Int) -> Color {
        precondition(bounds.contains(x: x, y: y), "Surface.color: (\(x), \(y)) is outside \(width)×\(height)")
        let at = stored(x: x, y: y), x = at.x
        let row = baseAddress + at.y * stride
        var a = 255.0, r = 0.0, g = 0.0, b = 0.0
        switch format {
        case .xrgb8888, .argb8888:
            let p = row.load(fromByteOffset: x * 4, as: UInt32.self)
            if format == .argb8888 { a = Double(p >> 24) }
            r = Double((p >> 16) & 0xFF); g = Double((p >> 8) & 0xFF); b = Double(p & 0xFF)
            if format == .argb8888 {
                guard a > 0 else { return .clear }
                r = r * 255 / a; g = g * 255 / a; b = b * 255 / a
            }
        case .rgb565:
            let p = row.load(fromByteOffset: x * 2, as: UInt16.self)
            r = Double((p >> 11) & 0x1F) * 255 / 31
            g = Double((p >> 5) & 0x3F) * 255 / 63
            b = Double(p & 0x1F) * 255 / 31
        case .a8:
            a = Double(row.load(fromByteOffset: x, as: UInt8.self))
        }
        return Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a / 255)
    }

    /// Sets every pixel of `rect` (clipped to the surface) to `color`, replacing what was there.
    /// A turned band's pixels are set where they are stored.
    public func fill(_ rect: PixelRect, with color: Color) {
        guard scrollRing != nil else { fillStored(rect, with: color); return }
        forEachStoredPiece(of: rect) { piece, columnOffset, rowOffset in
            fillStored(PixelRect(x: piece.x + columnOffset, y: piece.y + rowOffset, width: piece.width, height: piece.height),
                       with: color)
        }
    }

    /// Fills `rect` (clipped to the surface) in the stored pixels, whatever `scrollRing` says: a
    /// graphics context's fills, whose coordinates are already where pixels are stored.
    func fillStored(_ rect: PixelRect, with color: Color) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        var box = pixman_box32_t(x1: Int32(r.x), y1: Int32(r.y), x2: Int32(r.maxX), y2: Int32(r.maxY))
        fillStored(&box, count: 1, with: color)
    }

    /// Fills `count` boxes (stored pixels, each already within the surface) with `color`:
    /// what a graphics context fills in pieces (a rounded rectangle's spans, the gaps a spared
    /// fill leaves), the colour converted once and each box handed to `pixman_fill`, as
    /// `pixman_image_fill_boxes` does after building a region of the boxes (which allocates
    /// for more than one; the surface has no clip region of pixman's here, see `withClip`);
    /// a wide box of 32-bit pixels to `vitrine_fill_rows32` where the CPU has fast strings, a
    /// narrow one to `vitrine_fill_narrow32` on x86-64.
    func fillStored(_ boxes: UnsafePointer<pixman_box32_t>, count: Int, with color: Color) {
        guard count > 0 else { return }
        let c = color.pixmanColor
        // pixman's own conversion for a fill (`color_to_pixel`): the top 8 bits of each channel.
        let argb = UInt32(c.alpha >> 8) << 24 | UInt32(c.red >> 8) << 16 | UInt32(c.green & 0xFF00) | UInt32(c.blue >> 8)
        let pixel: UInt32, bpp: Int32
        switch format {
        case .xrgb8888, .argb8888: (pixel, bpp) = (argb, 32)
        case .a8: (pixel, bpp) = (argb >> 24, 8)
        // The top 5, 6 and 5 bits of red, green and blue (pixman's `convert_8888_to_0565`).
        case .rgb565: (pixel, bpp) = ((argb >> 8) & 0xF800 | (argb >> 5) & 0x07E0 | (argb >> 3) & 0x001F, 16)
        }
        let bits = pixman_image_get_data(image)
        let words = pixman_image_get_stride(image) / 4
        let wideFills = bpp == 32 && Self.fillsWideRowsByFastStrings
        let narrowFills = bpp == 32 && Self.fillsNarrowRowsByStores
        for box in UnsafeBufferPointer(start: boxes, count: count) {
            let width = box.x2 - box.x1
            if wideFills, Int(width) >= Self.wideFillPixels {
                vitrine_fill_rows32(bits, Int(words), box.x1, box.y1, width, box.y2 - box.y1, pixel)
            } else if narrowFills, Int(width) < Self.narrowFillPixels {
                vitrine_fill_narrow32(bits, Int(words), box.x1, box.y1, width, box.y2 - box.y1, pixel)
            } else {
                pixman_fill(bits, words, bpp, box.x1, box.y1, width, box.y2 - box.y1, pixel)
            }
        }
    }

    /// Whether wide fills of 32-bit pixels go a `rep stosl` a row (`vitrine_fill_rows32`): on
    /// x86-64 with fast strings, which store whole lines without reading them first, where
    /// pixman's loop of 16-byte stores reads each line it fills. A frame's backgrounds are
    /// most of the scene: in a C model of a full repaint on the EPYC the benchmarks run on
    /// (the scene filled in boxes 480 pixels wide, then streamed out), the fills took 100 µs
    /// this way against 164 µs by pixman's loop.
    static let fillsWideRowsByFastStrings = vitrine_has_fast_strings() != 0
    /// The width from which a fill's rows go by fast strings (256 pixels, a kilobyte): below
    /// it pixman's loop was mostly the quicker in the cache (rows of 32 to 128 pixels: 7.5–16
    /// ns a row, against 14–17 ns by `rep stosl`).
    static let wideFillPixels = 256
    /// Whether narrow fills of 32-bit pixels go by `vitrine_fill_narrow32` (x86-64, whose SSE2
    /// it uses): a row of such a box is one or a few unaligned 16-byte stores, where
    /// pixman's fill first works its way to a 16-byte boundary. On the EPYC the benchmarks run
    /// on, in the cache: 1–5 ns a row against 4.3–8 ns for rows of 1 to 32 pixels, even at 48,
    /// pixman ahead from 56. A full repaint of the kiosk screen fills about 5,200 rows of one
    /// pixel (the cards' borders) and 3,400 of 24 (the gaps between cards).
    #if arch(x86_64)
    static let fillsNarrowRowsByStores = true
    #else
    static let fillsNarrowRowsByStores = false
    #endif
    /// The width below which a fill's rows go by `vitrine_fill_narrow32` (40 pixels).
    static let narrowFillPixels = 40

    /// Sets every pixel of `region` (clipped to the surface) to `color`.
    public func fill(_ region: Region, with color: Color) {
        region.forEachRect { fill($0, with: color) }
    }

    /// Composites `source` into this surface: the source pixel at (`sx`, `sy`) lands on
    /// (`sx + dx`, `sy + dy`) for every source pixel in `sourceRect`, combined by `op`, scaled
    /// by `opacity` (0...1), and limited to `clip` (this surface's pixels) when given.
    /// Formats are converted as needed.
    public func composite(_ source: Surface, from sourceRect: PixelRect, to destination: (x: Int, y: Int),
                          operator op: CompositingOperator = .sourceOver, opacity: Double = 1, clip: Region? = nil) {
        precondition(scrollRing == nil && source.scrollRing == nil, "Surface.composite: a turned band (scrollRing); unwindRing() first")
        let src = sourceRect.intersection(source.bounds)
        guard !src.isEmpty, opacity > 0 else { return }
        let dx = destination.x + (src.x - sourceRect.x), dy = destination.y + (src.y - sourceRect.y)
        let mask = opacity < 1 ? Surface.solidImage(Color(white: 0, alpha: opacity)) : nil
        defer { if let mask { pixman_image_unref(mask) } }
        withClip(clip) {
            pixman_image_composite32(op.pixman, source.image, mask, image,
                                     Int32(src.x), Int32(src.y), 0, 0, Int32(dx), Int32(dy),
                                     Int32(src.width), Int32(src.height))
        }
    }

    /// Copies the pixels of `region` (in `source`'s pixels) from `source`, turned by
    /// `rotation`, into this surface, converting the format: the copy to scanout. For
    /// `.none` this surface must be as large as `source`; for a quarter turn, its width is
    /// `source`'s height. A `source` with a turned band is read through it; this surface must
    /// have none. Returns the bytes written.
    @discardableResult
    public func copy(_ region: Region, from source: Surface, rotation: ScreenRotation = .none) -> Int {
        precondition(scrollRing == nil, "Surface.copy: the destination has a turned band (scrollRing); unwindRing() first")
        var written = 0
        if rotation == .none {
            // The same 32-bit format: plain memory copies, which the C library does with the
            // widest loads and stores the CPU has (pixman's blit for this path is SSE2).
            let sameWords = format == source.format && format.bytesPerPixel == 4
            let area = region.intersection(source.bounds).intersection(bounds)
            // A large copy (a frame's) writes whole lines without reading them first: nothing
            // reads the destination soon (see `vitrine_copy_large`).
            let large = sameWords && area.area * format.bytesPerPixel >= Self.largeCopyBytes
            area.forEachRect { rect in
                source.forEachStoredPiece(of: rect) { r, columnOffset, rowOffset in
                    if sameWords {
                        copyRows(r, from: source, sourceOffset: (columnOffset, rowOffset), large: large)
                    } else {
                        pixman_image_composite32(PIXMAN_OP_SRC, source.image, nil, image, Int32(r.x + columnOffset), Int32(r.y + rowOffset),
                                                 0, 0, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
                    }
                }
                written += rect.area * format.bytesPerPixel
            }
            if large { vitrine_streaming_fence() }
            return written
        }
        // Rotated: the source sampled through the inverse of the rotation, one rectangle at a
        // time, nearest-neighbour (a quarter turn maps pixel centres onto pixel centres); a
        // piece of a turned band sampled where it is stored, its offsets away.
        let toPanel = rotation.transform(sceneWidth: source.width, sceneHeight: source.height)
        let inverse = toPanel.inverted()
        var matrix = pixman_transform_t()
        matrix.matrix.0 = (pixmanFixed(inverse.a), pixmanFixed(inverse.c), pixmanFixed(inverse.tx))
        matrix.matrix.1 = (pixmanFixed(inverse.b), pixmanFixed(inverse.d), pixmanFixed(inverse.ty))
        matrix.matrix.2 = (0, 0, pixmanFixed(1))
        var shown = (0, 0)
        pixman_image_set_transform(source.image, &matrix)
        defer { pixman_image_set_transform(source.image, nil) }
        region.intersection(source.bounds).forEachRect { rect in
            source.forEachStoredPiece(of: rect) { r, columnOffset, rowOffset in
                if (columnOffset, rowOffset) != shown {
                    matrix.matrix.0.2 = pixmanFixed(inverse.tx + Double(columnOffset))
                    matrix.matrix.1.2 = pixmanFixed(inverse.ty + Double(rowOffset))
                    pixman_image_set_transform(source.image, &matrix)
                    shown = (columnOffset, rowOffset)
                }
                let p = rotation.rect(r, sceneWidth: source.width, sceneHeight: source.height)
                pixman_image_composite32(PIXMAN_OP_SRC, source.image, nil, image,
                                         Int32(p.x), Int32(p.y), 0, 0, Int32(p.x), Int32(p.y), Int32(p.width), Int32(p.height))
                written += p.area * format.bytesPerPixel
            }
        }
        return written
    }

    /// The bytes from which an upright copy of one format is a large one (1 MiB: a fifth of a
    /// 1080p frame; a button's change is an ordinary memcpy): a frame's copy by streaming
    /// stores into a display's buffer (`isScanout`), else by `vitrine_copy_large`; a scroll's
    /// move and copy-out with streaming stores.
    static let largeCopyBytes = 1 << 20

    /// Copies `r` (pixels of both surfaces, on both) from `source` of the same format, where
    /// `source` stores pixel (x, y) at `sourceOffset` from it: one copy when its rows are
    /// whole and contiguous in both, else one a row; `large` by streaming stores into a
    /// display's buffer (`isScanout`), else by `vitrine_copy_large` (the caller fences after
    /// the last).
    private func copyRows(_ r: PixelRect, from source: Surface, sourceOffset: (x: Int, y: Int), large: Bool) {
        let bpp = format.bytesPerPixel
        let to = baseAddress, from = source.baseAddress
        func copy(_ destination: UnsafeMutableRawPointer, _ origin: UnsafeMutableRawPointer, _ bytes: Int) {
            if !large {
                memcpy(destination, origin, bytes)
            } else if isScanout {
                vitrine_copy_streaming(destination, origin, bytes)
            } else {
                vitrine_copy_large(destination, origin, bytes)
            }
        }
        if r.x == 0, sourceOffset.x == 0, r.width == width, r.width == source.width, stride == source.stride, stride == width * bpp {
            copy(to + r.y * stride, from + (r.y + sourceOffset.y) * stride, r.height * stride)
            return
        }
        let sourceX = (r.x + sourceOffset.x) * bpp
        for y in r.y..<r.maxY {
            copy(to + y * stride + r.x * bpp, from + (y + sourceOffset.y) * source.stride + sourceX, r.width * bpp)
        }
    }

    /// Whether both hold the same pixels (same size; same colours, compared as straight
    /// 8-bit RGBA so formats may differ).
    public func hasSamePixels(as other: Surface) -> Bool {
        guard width == other.width, height == other.height else { return false }
        if format == other.format, format.bytesPerPixel == 4 {
            for y in 0..<height {
                for x in 0..<width {
                    let a = word(x: x, y: y), b = other.word(x: x, y: y)
                    if format == .xrgb8888 ? (a & 0xFFFFFF) != (b & 0xFFFFFF) : a != b { return false }
                }
            }
            return true
        }
        for y in 0..<height {
            for x in 0..<width where color(x: x, y: y).rgba8 != other.color(x: x, y: y).rgba8 {
                return false
            }
        }
        return true
    }

    /// Runs `body` with `clip` set as the destination's clip region, and clears it after.
    func withClip(_ clip: Region?, _ body: () -> Void) {
        guard let clip else { body(); return }
        guard !clip.isEmpty else { return }
        clip.withPixmanRegion { _ = pixman_image_set_clip_region32(image, $0) }
        body()
        pixman_image_set_clip_region32(image, nil)
    }

    /// A 1×1 repeating pixman image of `color` (the caller unrefs it).
    static func solidImage(_ color: Color) -> OpaquePointer {
        var c = color.pixmanColor
        return pixman_image_create_solid_fill(&c)!
    }
}

extension PixelRect {
    /// Whether pixel (`x`, `y`) is inside.
    public func contains(x: Int, y: Int) -> Bool { x >= self.x && x < maxX && y >= self.y && y < maxY }
}

extension Color {
    /// The colour as pixman's 16-bit premultiplied channels.
    var pixmanColor: pixman_color_t {
        // Components are public and may be set out of 0...1 (or to NaN) after `init`.
        let alpha = unitInterval(alpha)
        func channel(_ v: Double) -> UInt16 { UInt16((unitInterval(v) * alpha * 65535).rounded()) }
        return pixman_color_t(red: channel(red), green: channel(green), blue: channel(blue),
                              alpha: UInt16((alpha * 65535).rounded()))
    }

    /// Straight RGBA, 8 bits each, rounded: how colours compare pixel for pixel.
    public var rgba8: UInt32 {
        func c(_ v: Double) -> UInt32 { UInt32((unitInterval(v) * 255).rounded()) }
        return c(red) << 24 | c(green) << 16 | c(blue) << 8 | c(alpha)
    }
}

/// `v` clamped to 0...1, NaN taken as 0: a colour component or coverage about to become an
/// integer, which must not trap.
func unitInterval(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }

/// A value in pixman's 16.16 fixed point, saturated to its range (±32768) so that an extreme
/// transform draws wrongly instead of trapping; NaN becomes 0.
func pixmanFixed(_ value: Double) -> pixman_fixed_t {
    let v = (value * 65536).rounded()
    guard !v.isNaN else { return 0 }
    return pixman_fixed_t(min(max(v, Double(pixman_fixed_t.min)), Double(pixman_fixed_t.max)))
}
