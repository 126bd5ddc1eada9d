/// Right-to-left support: a simplified Unicode Bidirectional Algorithm (UAX #9), enough for
/// labels that mix Hebrew or Arabic with Latin text and numbers.
///
/// What it does: the paragraph's direction from its first strong character (P2–P3); marks
/// take their base's direction (W1); European numbers after left-to-right text become
/// left-to-right (W7); runs of neutrals between two characters of one direction take it, and
/// otherwise the paragraph's (N1–N2); implicit levels (I1–I2); and, per line, reversal of the
/// runs from the highest level down to the lowest odd level (L2). HarfBuzz shapes each run in
/// its direction and mirrors brackets in right-to-left runs.
///
/// What it does not: explicit embeddings, overrides and isolates (LRE, RLO, FSI…), Arabic
/// number rules (W2–W6; Arabic-Indic digits are treated as European), paired brackets (N0).
enum Bidi {
    enum Class {
        /// Strong left-to-right.
        case left
        /// Strong right-to-left.
        case right
        /// A digit (weak).
        case number
        /// A combining mark: follows its base.
        case mark
        /// Spaces, punctuation, symbols.
        case neutral
    }

    /// The bidirectional class of `value`, approximated from the general category and the
    /// right-to-left blocks (Hebrew, Arabic, Syriac, Thaana, N'Ko…).
    static func bidiClass(_ value: UInt32) -> Class {
        guard let scalar = Unicode.Scalar(value) else { return .neutral }
        if value == 0x200F { return .right }  // RIGHT-TO-LEFT MARK
        if value == 0x200E { return .left }  // LEFT-TO-RIGHT MARK
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark:
            return .mark
        case .decimalNumber:
            return .number
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .spacingMark, .letterNumber:
            return isRightToLeftBlock(value) ? .right : .left
        default:
            return .neutral
        }
    }

    /// Whether `value` lies in a block of a right-to-left script.
    static func isRightToLeftBlock(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// The embedding level of every scalar of a paragraph, and the paragraph's level (0
    /// left-to-right, 1 right-to-left).
    static func resolveLevels(_ scalars: [UInt32]) -> (levels: [UInt8], paragraphLevel: UInt8) {
        var classes = scalars.map(bidiClass)
        var paragraphLevel: UInt8 = 0
        for c in classes {
            if c == .left { break }
            if c == .right { paragraphLevel = 1; break }
        }
        let paragraphClass: Class = paragraphLevel == 1 ? .right : .left
        // W1: a mark takes the class of the character before it.
        for i in classes.indices where classes[i] == .mark {
            classes[i] = i > 0 ? classes[i - 1] : paragraphClass
        }
        // W7: a number after left-to-right text (or at the start of a left-to-right
        // paragraph) is left-to-right.
        var lastStrong = paragraphClass
        for i in classes.indices {
            switch classes[i] {
            case .left, .right: lastStrong = classes[i]
            case .number: if lastStrong == .left { classes[i] = .left }
            default: break
            }
        }
        // N1–N2: neutrals between two of one direction take it (numbers count as
        // right-to-left here), otherwise the paragraph's.
        var i = 0
        while i < classes.count {
            guard classes[i] == .neutral || classes[i] == .mark else { i += 1; continue }
            var end = i
            while end < classes.count, classes[end] == .neutral || classes[end] == .mark { end += 1 }
            func direction(_ c: Class) -> Class { c == .number ? .right : c }
            let before = i > 0 ? direction(classes[i - 1]) : paragraphClass
            let after = end < classes.count ? direction(classes[end]) : paragraphClass
            let resolved = before == after ? before : paragraphClass
            for k in i..<end { classes[k] = resolved }
            i = end
        }
        // I1–I2.
        let levels: [UInt8] = classes.map { c in
            switch (paragraphLevel, c) {
            case (0, .right): 1
            case (0, .number): 2
            case (0, _): 0
            case (_, .right): 1
            default: 2
            }
        }
        return (levels, paragraphLevel)
    }

    /// The visual order (left to right) of runs with `levels` given in logical order (L2):
    /// from the highest level down to the lowest odd one, every maximal sequence of runs at
    /// that level or above is reversed.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        let lowestOdd = levels.filter { $0 % 2 == 1 }.min() ?? highest + 1
        var level = highest
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var end = i
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            level -= 1
        }
        return order
    }
}
