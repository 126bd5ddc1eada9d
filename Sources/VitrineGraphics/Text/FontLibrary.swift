import CFontconfig
import CFreeType

/// Finds and keeps faces: a `Font`'s face through fontconfig (family and weight, closest
/// match), and a fallback face for each character the primary face lacks (the first face of
/// fontconfig's sorted list for that font whose character set has it). Every answer is
/// cached: fontconfig is asked once per family and weight, and once per missing character.
///
/// Main-actor bound (FreeType and fontconfig handles are not shared across threads); one
/// instance for the process, never torn down, since layouts keep referring to its faces.
@MainActor
final class FontLibrary {
    static let shared = FontLibrary()

    /// A font request without its size: faces are the same at every size.
    private struct Request: Hashable {
        var family: String
        var weight: Font.Weight
    }

    private struct FileKey: Hashable {
        var path: String
        var index: Int
    }

    private struct FallbackKey: Hashable {
        var request: Request
        var scalar: UInt32
    }

    private let library: OpaquePointer
    private var faces: [FileKey: FontFace] = [:]
    private var primaries: [Request: FontFace] = [:]
    private var sortedSets: [Request: FontSet] = [:]
    private var fallbacks: [FallbackKey: FontFace?] = [:]
    private var nextSerial = 0

    private init() {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            fatalError("FreeType could not start (out of memory?)")
        }
        self.library = library
        guard FcInit() == FcTrue else {
            fatalError("fontconfig could not load its configuration — is fontconfig-config installed?")
        }
    }

    /// The face fontconfig matches for `font`'s family and weight.
    func primaryFace(for font: Font) -> FontFace {
        let request = Request(family: font.familyName, weight: font.weight)
        if let face = primaries[request] { return face }
        let pattern = makePattern(for: request)
        defer { FcPatternDestroy(pattern) }
        var result = FcResultMatch
        var face: FontFace?
        if let match = FcFontMatch(nil, pattern, &result) {
            face = openFace(described: match)
            FcPatternDestroy(match)
        }
        // A match that cannot be opened (a broken file): take the first usable one of the sort.
        if face == nil {
            let set = sortedSet(for: request)
            for i in 0..<set.count where face == nil { face = openFace(described: set.pattern(at: i)) }
        }
        guard let face else {
            fatalError("no usable font for \(font) — install fonts-dejavu-core (apt-get install fonts-dejavu-core)")
        }
        primaries[request] = face
        return face
    }

    /// A face other than `primary` that has a glyph for `scalar`, preferring the faces
    /// fontconfig ranks closest to `font`; nil when no installed face has one.
    func fallbackFace(for scalar: UInt32, font: Font) -> FontFace? {
        let request = Request(family: font.familyName, weight: font.weight)
        let key = FallbackKey(request: request, scalar: scalar)
        if let cached = fallbacks[key] { return cached }
        let primary = primaryFace(for: font)
        let set = sortedSet(for: request)
        var found: FontFace?
        for i in 0..<set.count {
            let pattern = set.pattern(at: i)
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                  FcCharSetHasChar(charset, scalar) == FcTrue,
                  let face = openFace(described: pattern), face !== primary, face.covers(scalar) else { continue }
            found = face
            break
        }
        fallbacks[key] = found
        return found
    }

    /// The pattern asking for `request`: the family, the weight, upright, outlines only (the
    /// rasterizer positions glyphs at quarter pixels and scales freely), with fontconfig's
    /// configured and default substitutions applied.
    private func makePattern(for request: Request) -> OpaquePointer {
        guard let pattern = FcPatternCreate() else { fatalError("fontconfig: out of memory") }
        _ = FcPatternAddString(pattern, FC_FAMILY, request.family)
        _ = FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(request.weight.value))
        _ = FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
        _ = FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }

    /// fontconfig's list of faces for `request`, best first, trimmed to those that add
    /// characters: where fallback looks.
    private func sortedSet(for request: Request) -> FontSet {
        if let set = sortedSets[request] { return set }
        let pattern = makePattern(for: request)
        defer { FcPatternDestroy(pattern) }
        var result = FcResultMatch
        let set = FontSet(FcFontSort(nil, pattern, FcTrue, nil, &result))
        sortedSets[request] = set
        return set
    }

    /// The face a fontconfig pattern names (by file and index), opened once.
    private func openFace(described pattern: OpaquePointer) -> FontFace? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        let key = FileKey(path: String(cString: file), index: Int(index))
        if let face = faces[key] { return face }
        nextSerial += 1
        guard let face = FontFace(library: library, path: key.path, index: key.index, serial: nextSerial) else {
            return nil
        }
        faces[key] = face
        return face
    }
}

/// Owns a fontconfig font set (a sorted list of font patterns) and destroys it.
private final class FontSet {
    private let set: UnsafeMutablePointer<FcFontSet>?

    init(_ set: UnsafeMutablePointer<FcFontSet>?) { self.set = set }

    deinit { if let set { FcFontSetDestroy(set) } }

    var count: Int { Int(set?.pointee.nfont ?? 0) }

    func pattern(at index: Int) -> OpaquePointer { set!.pointee.fonts[index]! }
}
