import CPixman
import Glibc

/// Moving pixels inside one surface: what scrolling costs once the content is drawn (the
/// compositor moves a scrolled area's still-valid pixels instead of repainting them).
extension Surface {
    /// Moves the pixels of `rect` (this surface's pixels) by (`dx`, `dy`): afterwards the pixel
    /// that was at (x, y) in `rect` is at (x + dx, y + dy), as if copied through a second
    /// buffer. Only the part of `rect` whose source and destination both lie on the surface is
    /// moved; pixels the move does not write keep their values. Returns the pixels written.
    ///
    /// Source and destination usually overlap (a scroll by a few rows). pixman's `pixman_blt`
    /// does not handle that: it copies rows top to bottom, each front to back (checked on
    /// pixman 0.42: a move down or to the right repeats the first rows or columns). So a move
    /// up (or left on the same rows) is one `pixman_blt`; a move down is a few `pixman_blt`s of
    /// at most `dy` rows each, bottom band first, so that no band reads rows already written;
    /// a move right on the same rows is `memmove` row by row. Nothing is allocated.
    @discardableResult
    public func move(_ rect: PixelRect, dx: Int, dy: Int) -> Int {
        // The part whose source and destination are both on the surface.
        let source = rect.intersection(bounds).intersection(PixelRect(x: -dx, y: -dy, width: width, height: height))
        guard !source.isEmpty, dx != 0 || dy != 0 else { return 0 }
        let bpp = format.bytesPerPixel
        let base = baseAddress
        if dy == 0 && dx > 0 {
            // Same rows, to the right: every row overlaps itself; memmove is made for that.
            for y in source.y..<source.maxY {
                let row = base + y * stride
                memmove(row + (source.x + dx) * bpp, row + source.x * bpp, source.width * bpp)
            }
            return source.area
        }
        let words = Int32(stride / 4), bits = Int32(bpp * 8)
        let pixels = base.assumingMemoryBound(to: UInt32.self)
        func blt(_ r: PixelRect) -> Bool {
            pixman_blt(pixels, pixels, words, words, bits, bits, Int32(r.x), Int32(r.y),
                       Int32(r.x + dx), Int32(r.y + dy), Int32(r.width), Int32(r.height)) != 0
        }
        if dy <= 0 {
            // Rows read below (or on) the rows written, front to back: pixman's order is safe.
            if !blt(source) { moveRows(source, dx: dx, dy: dy) }
            return source.area
        }
        // Down: bands of at most dy rows from the bottom, each disjoint from its destination.
        var bottom = source.maxY
        while bottom > source.y {
            let top = max(bottom - dy, source.y)
            let band = PixelRect(x: source.x, y: top, width: source.width, height: bottom - top)
            if !blt(band) { moveRows(band, dx: dx, dy: dy) }
            bottom = top
        }
        return source.area
    }

    /// The same move by `memmove`, row by row in the order that never reads a written row:
    /// for a pixman without a blit for this format.
    private func moveRows(_ source: PixelRect, dx: Int, dy: Int) {
        let bpp = format.bytesPerPixel, base = baseAddress
        func row(_ y: Int) {
            memmove(base + (y + dy) * stride + (source.x + dx) * bpp, base + y * stride + source.x * bpp, source.width * bpp)
        }
        if dy > 0 {
            for y in Swift.stride(from: source.maxY - 1, through: source.y, by: -1) { row(y) }
        } else {
            for y in source.y..<source.maxY { row(y) }
        }
    }
}
