import CVitrinePixels
import Glibc

/// Moving pixels inside one surface: what scrolling costs once the content is drawn (the
/// compositor moves a scrolled area's still-valid pixels instead of repainting them).
extension Surface {
    /// Moves the pixels of `rect` (this surface's pixels) by (`dx`, `dy`): afterwards the pixel
    /// that was at (x, y) in `rect` is at (x + dx, y + dy), as if copied through a second
    /// buffer. Only the part of `rect` whose source and destination both lie on the surface is
    /// moved; pixels the move does not write keep their values. A turned band
    /// (`scrollRing`) is unwound first. Returns the pixels written.
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
        unwindRing()
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

    /// Moves the pixels of `rect` by (`dx`, `dy`) as `move(_:dx:dy:)` does and writes every
    /// moved pixel, at its new place, into `copy` too, reading each once: a scrolled area moved
    /// in the scene and copied out to the display's buffer in one pass. `copy` must have this
    /// surface's size (else nothing happens and the result is nil). Of one 32-bit format, a
    /// vertical move is one pass a row (stores to `copy` that bypass the cache from
    /// `largeCopyBytes` on); otherwise, or moving only across, the
    /// move is made and then copied. A turned band (`scrollRing`) is unwound first; `copy` must
    /// have none. Returns the pixels moved.
    public func move(_ rect: PixelRect, dx: Int, dy: Int, copyingInto copy: Surface) -> Int? {
        guard copy.width == width, copy.height == height else { return nil }
        precondition(copy.scrollRing == nil, "Surface.move(copyingInto:): the copy has a turned band (scrollRing)")
        let source = rect.intersection(bounds).intersection(PixelRect(x: -dx, y: -dy, width: width, height: height))
        guard !source.isEmpty, dx != 0 || dy != 0 else { return 0 }
        unwindRing()
        let moved = PixelRect(x: source.x + dx, y: source.y + dy, width: source.width, height: source.height)
        let bpp = format.bytesPerPixel
        guard dy != 0, copy.format == format, bpp == 4 else {
            // Across only (each row overlaps itself) or a conversion: move, then copy.
            let count = move(source, dx: dx, dy: dy)
            copy.copy(Region(moved), from: self)
            return count
        }
        // Rows in the order that never reads a written row (bottom first for a move down); a
        // row never overlaps another.
        let y = dy > 0 ? source.maxY - 1 : source.y, step = dy > 0 ? -1 : 1
        let base = baseAddress
        vitrine_move_rows_copying(base + (y + dy) * stride + moved.x * bpp, base + y * stride + source.x * bpp,
                                  copy.baseAddress + (y + dy) * copy.stride + moved.x * bpp,
                                  source.width * bpp, source.height, step * stride, step * copy.stride,
                                  source.area * bpp >= Self.largeCopyBytes ? 1 : 0)
        return source.area
    }
}
