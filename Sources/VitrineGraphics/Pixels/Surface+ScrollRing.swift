import Glibc

/// A band of a surface stored turned round, down and across: scrolling the band by (`dx`,
/// `dy`) pixels changes its phases instead of moving every pixel (a ring buffer of rows, and
/// of columns within each row). Pixel coordinates stay the picture's, what a reader sees;
/// only where a pixel of the band is stored changes.
///
/// The picture's pixel (x, y) of the band is stored at
/// (`band.x + (x − band.x + columnPhase) mod band.width`,
/// `band.y + (y − band.y + rowPhase) mod band.height`); every pixel outside the band is stored
/// in place. A scrolled area of the scene is such a band, so a scroll frame writes only the
/// strips the scroll exposed and copies the area out once (issue 16).
public struct ScrollRing: Sendable, Hashable {
    /// The turned band, in the surface's pixels (inside it, not empty).
    public let band: PixelRect
    /// How far the band's columns are turned: 0 ..< `band.width`.
    public let columnPhase: Int
    /// How far the band's rows are turned: 0 ..< `band.height` (not both 0).
    public let rowPhase: Int

    /// Calls `body` with the parts of the band (the picture's pixels) that are each stored as
    /// one block, split where its stored columns and rows wrap round (up to four), and where
    /// each is stored: (`columnOffset`, `rowOffset`) from it. Columns (rows) before the wrap
    /// are stored the phase further on, the rest wrapped round to the start.
    public func forEachPart(_ body: (_ part: PixelRect, _ columnOffset: Int, _ rowOffset: Int) throws -> Void) rethrows {
        let columnWrap = band.maxX - columnPhase, rowWrap = band.maxY - rowPhase
        // Four calls, no arrays: this runs on every copy out and composition of the band.
        func part(right: Bool, lower: Bool) throws {
            let part = PixelRect(x: right ? columnWrap : band.x, y: lower ? rowWrap : band.y,
                                 width: right ? band.maxX - columnWrap : columnWrap - band.x,
                                 height: lower ? band.maxY - rowWrap : rowWrap - band.y)
            if !part.isEmpty {
                try body(part, right ? columnPhase - band.width : columnPhase, lower ? rowPhase - band.height : rowPhase)
            }
        }
        try part(right: false, lower: false)
        try part(right: true, lower: false)
        try part(right: false, lower: true)
        try part(right: true, lower: true)
    }

    /// Where the picture's pixel (`x`, `y`) is stored.
    @inline(__always)
    func stored(x: Int, y: Int) -> (x: Int, y: Int) {
        guard band.contains(x: x, y: y) else { return (x, y) }
        let column = x - band.x + columnPhase, row = y - band.y + rowPhase
        return (band.x + (column >= band.width ? column - band.width : column),
                band.y + (row >= band.height ? row - band.height : row))
    }
}

extension Surface {
    /// Where the picture's pixel (`x`, `y`) is stored (itself outside a turned band).
    @inline(__always)
    func stored(x: Int, y: Int) -> (x: Int, y: Int) {
        guard let ring = scrollRing else { return (x, y) }
        return ring.stored(x: x, y: y)
    }

    /// Calls `body` with the pieces of `rect` (the picture's pixels, clipped to the surface)
    /// that are each stored as one block: every pixel (x, y) of a piece is stored at
    /// (x + `columnOffset`, y + `rowOffset`). Without a turned band, `rect` itself with no
    /// offset; with one, the part outside the band (up to four rectangles), then the part
    /// inside, split where the band's stored columns and rows wrap round (up to four). The
    /// pieces cover the clipped `rect` once.
    public func forEachStoredPiece(of rect: PixelRect,
                                   _ body: (_ piece: PixelRect, _ columnOffset: Int, _ rowOffset: Int) throws -> Void) rethrows {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        guard let ring = scrollRing else { try body(r, 0, 0); return }
        let band = ring.band
        let inside = r.intersection(band)
        guard !inside.isEmpty else { try body(r, 0, 0); return }
        // Outside the band: above and below it across the whole width, beside it in its rows.
        let above = PixelRect(x: r.x, y: r.y, width: r.width, height: inside.y - r.y)
        let below = PixelRect(x: r.x, y: inside.maxY, width: r.width, height: r.maxY - inside.maxY)
        let left = PixelRect(x: r.x, y: inside.y, width: inside.x - r.x, height: inside.height)
        let right = PixelRect(x: inside.maxX, y: inside.y, width: r.maxX - inside.maxX, height: inside.height)
        if !above.isEmpty { try body(above, 0, 0) }
        if !left.isEmpty { try body(left, 0, 0) }
        if !right.isEmpty { try body(right, 0, 0) }
        if !below.isEmpty { try body(below, 0, 0) }
        // Inside: each part of the band between its wraps.
        try ring.forEachPart { part, columnOffset, rowOffset in
            let piece = inside.intersection(part)
            if !piece.isEmpty { try body(piece, columnOffset, rowOffset) }
        }
    }

    /// Scrolls the pixels of `band` by (`dx`, `dy`) without moving them, by turning the band's
    /// stored columns and rows: afterwards the picture's pixel (x + `dx`, y + `dy`) of the band
    /// shows what (x, y) showed, for every pixel whose both places are in the band, as a
    /// `move` of those pixels would leave it. The strips the scroll exposes show what scrolled
    /// out at the other side: the caller repaints them. Returns false, changing nothing, when
    /// `band` is empty or not inside the surface, or when another band is turned
    /// (`unwindRing()` first).
    @discardableResult
    public func turnRing(_ band: PixelRect, dx: Int, dy: Int) -> Bool {
        guard !band.isEmpty, band.intersection(bounds) == band else { return false }
        if let ring = scrollRing, ring.band != band { return false }
        func turned(_ phase: Int, by d: Int, in size: Int) -> Int { (phase - d % size + size) % size }
        let columns = turned(scrollRing?.columnPhase ?? 0, by: dx, in: band.width)
        let rows = turned(scrollRing?.rowPhase ?? 0, by: dy, in: band.height)
        scrollRing = columns == 0 && rows == 0 ? nil : ScrollRing(band: band, columnPhase: columns, rowPhase: rows)
        return true
    }

    /// Stores the turned band's pixels in place again (`scrollRing` becomes nil); the picture
    /// is unchanged. Called before anything reads or writes the memory directly. Each row is
    /// moved once (in chunks of at most 1 KiB through a buffer on the stack: no larger, or
    /// Swift puts it on the heap), then each row's columns are turned in place by three
    /// reversals: nothing is allocated.
    public func unwindRing() {
        guard let ring = scrollRing else { return }
        scrollRing = nil
        let bpp = format.bytesPerPixel
        let base = baseAddress + ring.band.x * bpp + ring.band.y * stride
        if ring.rowPhase != 0 {
            unwindRows(base: base, rows: ring.band.height, rowBytes: ring.band.width * bpp, phase: ring.rowPhase)
        }
        if ring.columnPhase != 0 {
            for row in 0..<ring.band.height {
                turnLeft(base + row * stride, count: ring.band.width, by: ring.columnPhase, bytesPerPixel: bpp)
            }
        }
    }

    /// Row j of the `rows` at `base` takes what row (j + `phase`) mod `rows` holds: the rows
    /// fall into gcd(rows, phase) cycles, each turned through one saved chunk.
    private func unwindRows(base: UnsafeMutableRawPointer, rows: Int, rowBytes: Int, phase: Int) {
        let stride = self.stride
        var a = rows, b = phase
        while b != 0 { (a, b) = (b, a % b) }
        let cycles = a
        let chunk = 1024
        withUnsafeTemporaryAllocation(byteCount: chunk, alignment: 16) { saved in
            let temporary = saved.baseAddress!
            var column = 0
            while column < rowBytes {
                let bytes = min(chunk, rowBytes - column)
                for start in 0..<cycles {
                    memcpy(temporary, base + start * stride + column, bytes)
                    var j = start
                    while true {
                        var k = j + phase
                        if k >= rows { k -= rows }
                        if k == start { break }
                        memcpy(base + j * stride + column, base + k * stride + column, bytes)
                        j = k
                    }
                    memcpy(base + j * stride + column, temporary, bytes)
                }
                column += bytes
            }
        }
    }

    /// Turns the `count` pixels at `row` left by `by`: pixel i takes what pixel
    /// (i + `by`) mod `count` held (reverse the first `by`, the rest, then all).
    private func turnLeft(_ row: UnsafeMutableRawPointer, count: Int, by: Int, bytesPerPixel: Int) {
        func reverse(_ from: Int, _ to: Int) {
            switch bytesPerPixel {
            case 4: reversePixels(row.assumingMemoryBound(to: UInt32.self), from, to)
            case 2: reversePixels(row.assumingMemoryBound(to: UInt16.self), from, to)
            default: reversePixels(row.assumingMemoryBound(to: UInt8.self), from, to)
            }
        }
        reverse(0, by)
        reverse(by, count)
        reverse(0, count)
    }

    /// Reverses the pixels `from ..< to` of `pixels`.
    private func reversePixels<P>(_ pixels: UnsafeMutablePointer<P>, _ from: Int, _ to: Int) {
        var i = from, j = to - 1
        while i < j {
            swap(&pixels[i], &pixels[j])
            i += 1
            j -= 1
        }
    }
}
