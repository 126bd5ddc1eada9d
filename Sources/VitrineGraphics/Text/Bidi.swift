import CFriBidi

/// Right-to-left support: the Unicode Bidirectional Algorithm (UAX #9) by GNU FriBidi, the
/// library GTK/Pango use.
///
/// `resolveLevels` runs the whole algorithm on a paragraph: its direction from the first strong
/// character outside isolates (P2–P3), explicit embeddings, overrides and isolates (X1–X10),
/// weak types including Arabic numbers and separators between numbers (W1–W7), paired brackets
/// (N0), neutrals (N1–N2) and implicit levels (I1–I2). `visualOrder` puts a line's runs in visual
/// order (L2). HarfBuzz shapes each run in its direction and mirrors brackets in right-to-left
/// runs.
///
/// FriBidi's working arrays are kept here and reused from paragraph to paragraph (main actor,
/// like the shaper), so a layout allocates no more per paragraph than the levels it keeps.
@MainActor
enum Bidi {
    private static var types: [FriBidiCharType] = []
    private static var brackets: [FriBidiBracketType] = []
    private static var fribidiLevels: [FriBidiLevel] = []
    private static var map: [FriBidiStrIndex] = []

    /// Whether `value` is neutral for choosing a face: neither a strong letter (left-to-right or
    /// right-to-left), nor a number, nor a combining mark: spaces, punctuation, symbols.
    static func isNeutral(_ value: UInt32) -> Bool {
        vitrine_fribidi_is_neutral(fribidi_get_bidi_type(value)) != 0
    }

    /// Sets `levels` to the embedding level of every scalar of a paragraph (no line feeds
    /// inside), keeping its storage; returns the paragraph's level (0 left-to-right, 1
    /// right-to-left). A paragraph with no strong character takes `neutralDirection`.
    static func resolveLevels(_ scalars: [UInt32], into levels: inout [UInt8],
                              neutralDirection: WritingDirection = .leftToRight) -> UInt8 {
        let n = scalars.count
        levels.removeAll(keepingCapacity: true)
        guard n > 0, n <= Int(Int32.max) else {
            levels.append(contentsOf: repeatElement(0, count: n))
            return 0
        }
        resize(&types, to: n, filling: FriBidiCharType(0))
        resize(&brackets, to: n, filling: FriBidiBracketType(0))
        resize(&fribidiLevels, to: n, filling: FriBidiLevel(0))
        let weakRightToLeft = neutralDirection == .rightToLeft
        var direction = weakRightToLeft ? vitrine_fribidi_par_weak_rtl() : vitrine_fribidi_par_auto()
        let length = FriBidiStrIndex(n)
        scalars.withUnsafeBufferPointer { text in
            types.withUnsafeMutableBufferPointer { types in
                fribidi_get_bidi_types(text.baseAddress, length, types.baseAddress)
            }
        }
        // Left-to-right text only (Latin, Cyrillic, CJK…): every level is 0, without the rest
        // of the algorithm, so such labels cost no more than a table lookup per scalar. A
        // paragraph of neutrals that defaults to right to left is not such text.
        guard types.contains(where: { vitrine_fribidi_needs_resolution($0) != 0 })
                || (weakRightToLeft && !types.contains(where: { vitrine_fribidi_is_strong($0) != 0 })) else {
            levels.append(contentsOf: repeatElement(0, count: n))
            return 0
        }
        let succeeded = scalars.withUnsafeBufferPointer { text in
            types.withUnsafeMutableBufferPointer { types in
                brackets.withUnsafeMutableBufferPointer { brackets in
                    fribidiLevels.withUnsafeMutableBufferPointer { levels in
                        fribidi_get_bracket_types(text.baseAddress, length, types.baseAddress, brackets.baseAddress)
                        return fribidi_get_par_embedding_levels_ex(types.baseAddress, brackets.baseAddress, length,
                                                                   &direction, levels.baseAddress) != 0
                    }
                }
            }
        }
        // FriBidi fails only when it cannot allocate: lay the paragraph out left to right.
        guard succeeded else {
            levels.append(contentsOf: repeatElement(0, count: n))
            return 0
        }
        for i in 0..<n { levels.append(UInt8(clamping: fribidiLevels[i])) }
        return vitrine_fribidi_par_is_rtl(direction) != 0 ? 1 : 0
    }

    /// Sets `order` to the visual order (left to right) of runs whose resolved `levels` are
    /// given in logical order (L2), keeping its storage: from the highest level down to the
    /// lowest odd one, every maximal sequence of runs at that level or above is reversed.
    /// Trailing spaces are trimmed from lines before they get here, so rule L1's reset of
    /// line-end whitespace has nothing to do.
    static func visualOrder(levels: [UInt8], into order: inout [Int]) {
        let n = levels.count
        order.removeAll(keepingCapacity: true)
        guard n > 1, n <= Int(Int32.max), levels.contains(where: { $0 > 0 }) else {
            order.append(contentsOf: 0..<n)
            return
        }
        resize(&types, to: n, filling: vitrine_fribidi_type_on())
        resize(&fribidiLevels, to: n, filling: FriBidiLevel(0))
        resize(&map, to: n, filling: FriBidiStrIndex(0))
        for i in 0..<n {
            types[i] = vitrine_fribidi_type_on()
            fribidiLevels[i] = FriBidiLevel(clamping: levels[i])
            map[i] = FriBidiStrIndex(i)
        }
        let succeeded = types.withUnsafeBufferPointer { types in
            fribidiLevels.withUnsafeMutableBufferPointer { levels in
                map.withUnsafeMutableBufferPointer { map in
                    // The paragraph direction only matters to L1, which finds no whitespace here.
                    fribidi_reorder_line(0, types.baseAddress, FriBidiStrIndex(n), 0, vitrine_fribidi_par_auto(),
                                         levels.baseAddress, nil, map.baseAddress) != 0
                }
            }
        }
        guard succeeded else {
            order.append(contentsOf: 0..<n)
            return
        }
        for i in 0..<n { order.append(Int(map[i])) }
    }

    /// Makes `buffer` hold exactly `count` elements, keeping its storage.
    private static func resize<T>(_ buffer: inout [T], to count: Int, filling value: T) {
        if buffer.count > count {
            buffer.removeLast(buffer.count - count)
        } else if buffer.count < count {
            buffer.append(contentsOf: repeatElement(value, count: count - buffer.count))
        }
    }
}
