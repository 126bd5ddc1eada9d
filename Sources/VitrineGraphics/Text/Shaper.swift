import CHarfBuzz

/// Shapes runs of text with HarfBuzz: one run is one face, one direction and one script.
/// Kerning, ligatures and mark positioning are HarfBuzz's defaults (all on).
///
/// One HarfBuzz buffer is reused for every call (main actor, like the faces).
@MainActor
final class Shaper {
    static let shared = Shaper()

    /// A shaped glyph, in points.
    struct Glyph {
        /// Glyph index in the face.
        var id: UInt32
        /// Index, in the shaped text, of the first scalar of the cluster the glyph draws.
        var cluster: Int
        /// How far the pen moves after the glyph.
        var advance: Double
        /// Offset of the glyph from the pen, right.
        var xOffset: Double
        /// Offset of the glyph from the pen, up.
        var yOffset: Double
    }

    private let buffer: OpaquePointer

    private init() {
        buffer = hb_buffer_create()
    }

    /// Shapes `range` of `scalars` in `face` at `pointSize` and appends the glyphs to
    /// `output` in visual order (left to right, whatever the direction). The scalars around
    /// `range` are context only (Arabic joining across a run's edge). Clusters are indices
    /// into `scalars`.
    func shape(_ scalars: [UInt32], range: Range<Int>, face: FontFace, pointSize: Double,
               rightToLeft: Bool, script: UInt32, into output: inout [Glyph]) {
        guard !range.isEmpty else { return }
        hb_buffer_clear_contents(buffer)
        scalars.withUnsafeBufferPointer { text in
            hb_buffer_add_utf32(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script))
        // Fills in what is still unset: the language (the locale's).
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.shapingFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        let k = pointSize / face.unitsPerEm
        for i in 0..<Int(count) {
            let info = infos[i], position = positions[i]
            output.append(Glyph(id: info.codepoint, cluster: Int(info.cluster),
                                advance: Double(position.x_advance) * k,
                                xOffset: Double(position.x_offset) * k,
                                yOffset: Double(position.y_offset) * k))
        }
    }

    /// Whether each scalar's own script is a real one (scratch of `scripts(of:levels:into:)`).
    private static var resolved: [Bool] = []

    /// Sets `scripts` to the script of every scalar, keeping its storage. Common and Inherited
    /// ones (spaces, punctuation, marks) take a neighbour's script so that they shape with the
    /// words around them: the one before when it is at the same bidi level, else the one
    /// after when that is, else whichever exists.
    static func scripts(of scalars: [UInt32], levels: [UInt8], into scripts: inout [UInt32]) {
        let funcs = hb_unicode_funcs_get_default()
        let common = HB_SCRIPT_COMMON.rawValue, inherited = HB_SCRIPT_INHERITED.rawValue
        let unknown = HB_SCRIPT_UNKNOWN.rawValue
        func isReal(_ s: UInt32) -> Bool { s != common && s != inherited && s != unknown }
        scripts.removeAll(keepingCapacity: true)
        resolved.removeAll(keepingCapacity: true)
        for scalar in scalars {
            let script = hb_unicode_script(funcs, scalar).rawValue
            scripts.append(script)
            resolved.append(isReal(script))
        }
        var i = 0
        while i < scripts.count {
            guard !resolved[i] else { i += 1; continue }
            var j = i
            while j < scripts.count, !resolved[j] { j += 1 }
            let before = i > 0 ? scripts[i - 1] : nil
            let after = j < scripts.count ? scripts[j] : nil
            let script: UInt32?
            if let before, levels[i - 1] == levels[i] {
                script = before
            } else if let after, levels[j] == levels[j - 1] {
                script = after
            } else {
                script = before ?? after
            }
            if let script { for k in i..<j { scripts[k] = script } }
            i = j
        }
    }
}
