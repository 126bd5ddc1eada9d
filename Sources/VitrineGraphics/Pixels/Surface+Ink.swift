extension Surface {
    /// The smallest rectangle within `rect` (this surface's pixels) holding every pixel of it
    /// that is not fully transparent (a 32-bit word other than 0: in ARGB8888, premultiplied,
    /// only transparent black is 0); empty when there is none. What a backing store composes
    /// to: the rest of it would change nothing (issue 15: a label's store is its whole bounds,
    /// its text a fraction of them). Reads each pixel of `rect` at most once. A surface of
    /// another depth is taken as inked everywhere.
    package func inkBounds(in rect: PixelRect) -> PixelRect {
        let area = rect.intersection(bounds)
        let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
        guard !area.isEmpty else { return empty }
        guard format.bytesPerPixel == 4 else { return area }
        let base = baseAddress
        func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { (base + y * stride).assumingMemoryBound(to: UInt32.self) }
        /// Whether columns `from..<to` of `pixels` are all 0: one pass without an early exit,
        /// which the compiler turns into vector code (most of a label's store is empty).
        func blank(_ pixels: UnsafeMutablePointer<UInt32>, _ from: Int, _ to: Int) -> Bool {
            var bits: UInt32 = 0
            for x in from..<max(from, to) { bits |= pixels[x] }
            return bits == 0
        }
        /// The first and last inked column of row `y`, if any.
        func inked(_ y: Int) -> (Int, Int)? {
            let pixels = row(y)
            if blank(pixels, area.x, area.maxX) { return nil }
            var x = area.x
            while x < area.maxX, pixels[x] == 0 { x += 1 }
            guard x < area.maxX else { return nil }
            var end = area.maxX - 1
            while pixels[end] == 0 { end -= 1 }
            return (x, end + 1)
        }
        // The first inked row from the top and from the bottom, then, between them, only the
        // columns left of and right of what is known inked.
        var top = area.y
        var first: (Int, Int)?
        while top < area.maxY {
            first = inked(top)
            if first != nil { break }
            top += 1
        }
        guard var (left, right) = first else { return empty }
        var bottom = area.maxY - 1
        var last = bottom > top ? inked(bottom) : nil
        while bottom > top, last == nil {
            bottom -= 1
            last = bottom > top ? inked(bottom) : nil
        }
        if let last {
            left = min(left, last.0)
            right = max(right, last.1)
        }
        if bottom - top > 1 {
            for y in (top + 1)..<bottom {
                let pixels = row(y)
                if !blank(pixels, area.x, left) {
                    var x = area.x
                    while pixels[x] == 0 { x += 1 }
                    left = x
                }
                if !blank(pixels, right, area.maxX) {
                    var end = area.maxX - 1
                    while pixels[end] == 0 { end -= 1 }
                    right = end + 1
                }
            }
        }
        return PixelRect(x: left, y: top, width: right - left, height: bottom + 1 - top)
    }

    /// A rectangle within `rect` (this surface's pixels) whose every pixel is fully opaque,
    /// grown from `rect`'s middle pixel: its opaque run along the middle row, then as many rows
    /// above and below as are opaque across that run. Empty when the middle pixel is not opaque
    /// or the rectangle would hold less than `minimumArea` pixels. Where a store is opaque,
    /// composing it over anything is a copy (issue 15: a button's rounded background leaves
    /// only its corner rows to blend). A surface without alpha is opaque everywhere. Reads
    /// at most the pixels of the result, its middle row, and one row more above and below.
    package func opaqueCore(in rect: PixelRect, minimumArea: Int = 1) -> PixelRect {
        let area = rect.intersection(bounds)
        let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
        guard !area.isEmpty else { return empty }
        guard format == .argb8888 else { return format == .a8 ? empty : area }
        let base = baseAddress
        func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { (base + y * stride).assumingMemoryBound(to: UInt32.self) }
        let opaque: UInt32 = 0xFF00_0000
        let middle = area.y + area.height / 2, centre = area.x + area.width / 2
        let pixels = row(middle)
        guard pixels[centre] & opaque == opaque else { return empty }
        var left = centre, right = centre + 1
        while left > area.x, pixels[left - 1] & opaque == opaque { left -= 1 }
        while right < area.maxX, pixels[right] & opaque == opaque { right += 1 }
        /// Whether columns `left..<right` of row `y` are all opaque: one pass without an early
        /// exit, which the compiler turns into vector code.
        func isOpaque(_ y: Int) -> Bool {
            let pixels = row(y)
            var all = opaque
            for x in left..<right { all &= pixels[x] }
            return all & opaque == opaque
        }
        var top = middle, bottom = middle + 1
        while top > area.y, isOpaque(top - 1) { top -= 1 }
        while bottom < area.maxY, isOpaque(bottom) { bottom += 1 }
        let core = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        return core.area >= minimumArea ? core : empty
    }

    /// Whether every pixel of `rect` (this surface's pixels, within it) is fully opaque.
    package func isOpaque(in rect: PixelRect) -> Bool {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return true }
        guard format == .argb8888 else { return format != .a8 }
        let opaque: UInt32 = 0xFF00_0000
        var all = opaque
        for y in area.y..<area.maxY {
            let pixels = (baseAddress + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in area.x..<area.maxX { all &= pixels[x] }
        }
        return all & opaque == opaque
    }
}
