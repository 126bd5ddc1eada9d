import Glibc

/// A band of a surface whose rows are stored turned round: scrolling the band up or down by
/// `d` rows changes `phase` instead of moving every pixel (a ring buffer of rows). Pixel
/// coordinates stay the picture's, what a reader sees; only where a row of the band is
/// stored changes.
///
/// Row `y` of the band (the picture's) is stored at row
/// `band.y + (y − band.y + phase) mod band.height`, in the band's columns only: the other
/// columns of those rows, and every row outside the band, are stored in place. A scrolled
/// list's area in the scene is such a band, so a scroll frame writes only the rows the scroll
/// exposed and copies the area out once (issue 16).
public struct RowRing: Sendable, Hashable {
    /// The turned band, in the surface's pixels (inside it, not empty).
    public let band: PixelRect
    /// How far the band's rows are turned: 1 ..< `band.height`.
    public let phase: Int

    /// The stored row of the picture's row `y`, for a pixel in the band's columns.
    @inline(__always)
    func storedRow(_ y: Int) -> Int {
        guard y >= band.y, y < band.maxY else { return y }
        let row = y - band.y + phase
        return band.y + (row >= band.height ? row - band.height : row)
    }
}

extension Surface {
    /// The row where the picture's pixel (`x`, `y`) is stored (`y` outside a turned band).
    @inline(__always)
    func storedRow(x: Int, y: Int) -> Int {
        guard let ring = rowRing, x >= ring.band.x, x < ring.band.maxX else { return y }
        return ring.storedRow(y)
    }

    /// Calls `body` with the pieces of `rect` (the picture's pixels, clipped to the surface)
    /// that are each stored as one block: every pixel (x, y) of a piece is stored at
    /// (x, y + `rowOffset`). Without a turned band, `rect` itself with offset 0; with one, the
    /// part outside the band (up to four rectangles) and the part inside, split where the
    /// band's stored rows wrap round (up to two). The pieces cover the clipped `rect` once.
    public func forEachStoredPiece(of rect: PixelRect, _ body: (_ piece: PixelRect, _ rowOffset: Int) throws -> Void) rethrows {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        guard let ring = rowRing else { try body(r, 0); return }
        let band = ring.band
        let inside = r.intersection(band)
        guard !inside.isEmpty else { try body(r, 0); return }
        // Outside the band: above and below it across the whole width, beside it in its rows.
        let above = PixelRect(x: r.x, y: r.y, width: r.width, height: inside.y - r.y)
        let below = PixelRect(x: r.x, y: inside.maxY, width: r.width, height: r.maxY - inside.maxY)
        let left = PixelRect(x: r.x, y: inside.y, width: inside.x - r.x, height: inside.height)
        let right = PixelRect(x: inside.maxX, y: inside.y, width: r.maxX - inside.maxX, height: inside.height)
        if !above.isEmpty { try body(above, 0) }
        if !left.isEmpty { try body(left, 0) }
        if !right.isEmpty { try body(right, 0) }
        if !below.isEmpty { try body(below, 0) }
        // Inside: rows before the wrap are stored `phase` further down, the rest wrapped to the top.
        let wrap = band.maxY - ring.phase
        let first = inside.intersection(PixelRect(x: band.x, y: band.y, width: band.width, height: wrap - band.y))
        let second = inside.intersection(PixelRect(x: band.x, y: wrap, width: band.width, height: band.maxY - wrap))
        if !first.isEmpty { try body(first, ring.phase) }
        if !second.isEmpty { try body(second, ring.phase - band.height) }
    }

    /// Scrolls the pixels of `band` by `dy` rows (down when positive) without moving them, by
    /// turning the band's stored rows: afterwards the picture's pixel (x, y + `dy`) of the band
    /// shows what (x, y) showed, for every y whose both rows are in the band, as
    /// `move(band, dx: 0, dy: dy)` would leave it. The `|dy|` rows the scroll exposes show
    /// what scrolled out at the other end: the caller repaints them. Returns false, changing
    /// nothing, when `band` is empty or not inside the surface, or when another band is
    /// turned (`unwindRing()` first).
    @discardableResult
    public func turnRing(_ band: PixelRect, by dy: Int) -> Bool {
        guard !band.isEmpty, band.intersection(bounds) == band else { return false }
        if let ring = rowRing, ring.band != band { return false }
        let height = band.height
        let turned = ((rowRing?.phase ?? 0) - dy % height + height) % height
        rowRing = turned == 0 ? nil : RowRing(band: band, phase: turned)
        return true
    }

    /// Stores the turned band's rows in place again (`rowRing` becomes nil); the picture is
    /// unchanged. Called before anything reads or writes the memory directly. Each row is
    /// moved once, in chunks of at most 1 KiB through a buffer on the stack (no larger, or
    /// Swift puts it on the heap): nothing is allocated.
    public func unwindRing() {
        guard let ring = rowRing else { return }
        rowRing = nil
        let height = ring.band.height, phase = ring.phase
        let bpp = format.bytesPerPixel, rowBytes = ring.band.width * bpp
        let base = baseAddress + ring.band.x * bpp + ring.band.y * stride
        let stride = self.stride
        // Row j must take what row (j + phase) mod height holds: the rows fall into
        // gcd(height, phase) cycles, each turned through one saved row.
        var a = height, b = phase
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
                        if k >= height { k -= height }
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
}
