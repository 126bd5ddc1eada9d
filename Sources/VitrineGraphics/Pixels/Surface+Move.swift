import Glibc

/// Moving pixels inside one surface: what scrolling costs once the content is drawn (the
/// compositor moves a scrolled area's still-valid pixels instead of repainting them).
extension Surface {
    /// Moves the pixels of `rect` (this surface's pixels) by (`dx`, `dy`): afterwards the pixel
    /// that was at (x, y) in `rect` is at (x + dx, y + dy), as if copied through a second
    /// buffer. Only the part of `rect` whose source and destination both lie on the surface is
    /// moved; pixels the move does not write keep their values. Returns the pixels written.
    ///
    /// Source and destination usually overlap (a scroll by a few rows): the move is `memmove`,
    /// which allows that. Whole rows of a surface without padding are one block, moved by
    /// one `memmove`; otherwise each row is moved on its own, bottom row first for a move
    /// down, so that no row is read after it was written. (`pixman_blt` was used before: it
    /// copies rows top to bottom, each front to back, so a move down needed bands of at most
    /// `dy` rows, and its SSE2 loop ran at half the C library's speed.) Nothing is allocated.
    @discardableResult
    public func move(_ rect: PixelRect, dx: Int, dy: Int) -> Int {
        // The part whose source and destination are both on the surface.
        let source = rect.intersection(bounds).intersection(PixelRect(x: -dx, y: -dy, width: width, height: height))
        guard !source.isEmpty, dx != 0 || dy != 0 else { return 0 }
        let bpp = format.bytesPerPixel
        if dx == 0, source.x == 0, source.width == width, stride == width * bpp {
            let base = baseAddress
            memmove(base + (source.y + dy) * stride, base + source.y * stride, source.height * stride)
            return source.area
        }
        moveRows(source, dx: dx, dy: dy)
        return source.area
    }

    /// The move by `memmove`, row by row in the order that never reads a written row.
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
