import CFreeType
import CHarfBuzz

/// One loaded font file (a face of it, for collections): what a `Font` resolves to, and what
/// fallback picks for characters the resolved face lacks. Faces are opened once and kept by
/// `FontLibrary` for the life of the process; text layouts refer to them.
///
/// Main-actor bound: a FreeType face carries its current size and glyph slot, so it must not
/// be used from two threads, and the whole UI (the only user of text) runs on the main actor.
@MainActor
public final class FontFace: Hashable, CustomStringConvertible {
    /// The font file.
    public nonisolated let path: String
    /// The face's index in the file (0 unless the file is a collection, like a .ttc).
    public nonisolated let index: Int
    /// The family name the face declares ("DejaVu Sans", "WenQuanYi Micro Hei").
    public nonisolated let familyName: String
    /// The style name the face declares ("Book", "Bold").
    public nonisolated let styleName: String
    /// Design units per em: glyph coordinates and HarfBuzz positions are in these.
    nonisolated let unitsPerEm: Double
    /// A number no other face has, for cache keys.
    nonisolated let serial: Int

    private let handle: FaceHandle
    /// The FreeType char size last set, in 26.6 pixels per em; changed only when a glyph of
    /// another size is rasterized.
    private var currentPixelSize = -1

    /// Opens face `index` of the file at `path`, or returns nil when FreeType cannot read it.
    init?(library: OpaquePointer, path: String, index: Int, serial: Int) {
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return nil }
        // Text needs Unicode character maps; FreeType picks one when the font has it.
        guard face.pointee.charmap != nil, face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face)
            return nil
        }
        self.path = path
        self.index = index
        self.serial = serial
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        self.styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        self.unitsPerEm = Double(face.pointee.units_per_EM)
        self.handle = FaceHandle(face: face)
    }

    /// The glyph the face's character map gives `scalar`; 0 (`.notdef`) when it has none.
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        FT_Get_Char_Index(handle.face, FT_ULong(scalar.value))
    }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { glyphIndex(for: scalar) != 0 }

    func covers(_ value: UInt32) -> Bool { FT_Get_Char_Index(handle.face, FT_ULong(value)) != 0 }

    /// The vertical metrics at `pointSize`, in points.
    func metrics(at pointSize: Double) -> FontMetrics {
        let face = handle.face.pointee
        let k = pointSize / unitsPerEm
        let ascender = Double(face.ascender) * k
        let descender = -Double(face.descender) * k
        // `height` is the face's baseline-to-baseline distance (ascender − descender + gap).
        let height = max(Double(face.height) * k, ascender + descender)
        return FontMetrics(ascender: ascender, descender: descender, lineGap: height - ascender - descender)
    }

    /// The HarfBuzz font over this face, scaled to design units (so shaping results do not
    /// depend on the size: positions are multiplied by `pointSize / unitsPerEm` afterwards).
    var shapingFont: OpaquePointer { handle.hbFont }

    /// Rasterizes `glyph` at `pixelSize` (26.6 fixed point pixels per em), its origin moved
    /// right by `subpixel` quarters of a pixel, into an A8 coverage mask. Light hinting
    /// (vertical only, so that the horizontal subpixel positions stay true) and grey
    /// antialiasing. Returns nil when the glyph cannot be loaded (a colour bitmap, a broken
    /// outline); a glyph with no ink (a space) has a nil mask.
    func rasterize(glyph: UInt32, pixelSize: Int, subpixel: Int) -> RasterizedGlyph? {
        let face = handle.face
        if pixelSize != currentPixelSize {
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6(pixelSize), 72, 72) == 0 else { return nil }
            currentPixelSize = pixelSize
        }
        // FT_LOAD_TARGET_LIGHT is a function-like macro: FT_LOAD_TARGET_(FT_RENDER_MODE_LIGHT).
        let loadTargetLight = Int32((FT_RENDER_MODE_LIGHT.rawValue & 15) << 16)
        // Embedded bitmaps would ignore the subpixel shift and the size; outlines only.
        guard FT_Load_Glyph(face, glyph, loadTargetLight | Int32(FT_LOAD_NO_BITMAP)) == 0,
              let slot = face.pointee.glyph else { return nil }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE, subpixel != 0 {
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(subpixel * 16), 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        guard width > 0, height > 0, let buffer = bitmap.buffer else {
            return RasterizedGlyph(mask: nil, left: 0, top: 0)
        }
        let mask = Surface(width: width, height: height, format: .a8)
        let destination = mask.baseAddress
        let pitch = Int(bitmap.pitch)
        for y in 0..<height {
            // A negative pitch means the rows are stored bottom-up.
            let row = pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
            let out = (destination + y * mask.stride).assumingMemoryBound(to: UInt8.self)
            switch UInt32(bitmap.pixel_mode) {
            case FT_PIXEL_MODE_GRAY.rawValue:
                let levels = Int(bitmap.num_grays)
                if levels == 256 {
                    out.update(from: row, count: width)
                } else {
                    for x in 0..<width { out[x] = UInt8(min(255, Int(row[x]) * 255 / max(levels - 1, 1))) }
                }
            case FT_PIXEL_MODE_MONO.rawValue:
                for x in 0..<width { out[x] = (row[x >> 3] & (0x80 >> UInt8(x & 7))) != 0 ? 255 : 0 }
            default:
                return nil
            }
        }
        return RasterizedGlyph(mask: mask, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
    }

    /// Identity: one face per loaded file and index.
    public nonisolated static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }

    /// Hashes the identity.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `family style (file#index)`.
    public nonisolated var description: String { "FontFace(\(familyName) \(styleName), \(path)#\(index))" }
}

/// A face's vertical metrics in points.
struct FontMetrics {
    /// Baseline to the top of the line box.
    var ascender: Double
    /// Baseline to the bottom of the glyph box, positive.
    var descender: Double
    /// Extra space below the descender, before the next line.
    var lineGap: Double
    /// Baseline to baseline.
    var lineHeight: Double { ascender + descender + lineGap }
}

/// A glyph's coverage, ready to composite: the mask's top-left pixel lies `left` pixels right
/// of the pen position and `top` pixels above the baseline.
struct RasterizedGlyph {
    /// A8 coverage, or nil for a glyph with no ink.
    var mask: Surface?
    /// From the pen position to the mask's left column, in pixels.
    var left: Int
    /// From the baseline up to the mask's top row, in pixels.
    var top: Int
}

/// Owns the FreeType face and the HarfBuzz face and font over it, and releases them in
/// reverse order. Not actor-bound so that its deinit may run anywhere; only `FontFace`
/// (main actor) reaches it.
private final class FaceHandle {
    let face: FT_Face
    let hbFace: OpaquePointer
    let hbFont: OpaquePointer

    init(face: FT_Face) {
        self.face = face
        // The HarfBuzz face reads the font's tables through this FreeType face (and holds a
        // reference to it); the font uses HarfBuzz's own OpenType functions, unhinted.
        hbFace = hb_ft_face_create_referenced(face)
        hbFont = hb_font_create(hbFace)
        let upem = Int32(face.pointee.units_per_EM)
        hb_font_set_scale(hbFont, upem, upem)
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        FT_Done_Face(face)
    }
}
