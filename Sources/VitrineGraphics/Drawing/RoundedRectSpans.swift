import CPixman
import Synchronization

// Rounded rectangles (fills and borders) as LVGL's software renderer draws them: solid spans
// for the straight parts and coverage only where the corners are, from a cache of corner
// tiles, instead of flattening the outline, rasterizing it into a mask the size of the box
// (cleared first) and compositing the whole box through it.
//
// A tile is the shape itself drawn small: a (2R+1)-pixel square whose corners are the R×R
// corners of every rounded rectangle (or border) with the same radius, pen and scale, and
// whose middle row and column are the coverage across its straight sides. It is rasterized
// once, by the same flattening and rasterizer as the general path, so a span-drawn rounded
// rectangle gets the coverage the general path would give it (the geometry only moves by
// whole pixels).
extension GraphicsContext {
    /// Paints the rounded rectangle `rect` (user space; filled with `fillColor`, or stroked
    /// with the current pen and `strokeColor` when `stroked`) by spans and cached corner
    /// tiles, through the clip, `alpha` and `blendMode`. Returns false, having painted
    /// nothing, when the fast path does not apply: a transform that is not a translation and
    /// a uniform positive scale, a box too small for its corners and larger than 511 pixels
    /// (or, for a border off whole pixels, at all), or a border off whole pixels whose radius
    /// is below half its pen; the caller then takes the general path. A fill's edges off
    /// whole pixels are part of the tile (its key holds their fractions), so a box of
    /// fractional size gets the general path's partial rows too.
    func paintRoundedRectBySpans(_ rect: Rect, cornerRadius: Double, stroked: Bool) -> Bool {
        let t = ctm
        guard t.b == 0, t.c == 0, t.a > 0, t.a == t.d, t.a.isFinite, t.tx.isFinite, t.ty.isFinite,
              cornerRadius.isFinite, !rect.isNull else { return false }
        let rect = rect.standardized
        let pen = stroked ? lineWidth : 0
        if stroked { guard pen > 0, pen.isFinite else { return true } }
        // As `Path.addRoundedRect(in:cornerRadius:)` clamps it.
        let radius = min(max(cornerRadius, 0), rect.width / 2, rect.height / 2)
        let outer = stroked ? rect.insetBy(dx: -pen / 2, dy: -pen / 2) : rect
        let o = outer.applying(t)
        let limit = 16384.0
        guard o.minX.isFinite, o.minY.isFinite, o.maxX.isFinite, o.maxY.isFinite,
              o.minX > -limit, o.minY > -limit, o.maxX < limit, o.maxY < limit else { return false }
        // Whole pixels and the fractions of each edge beyond them.
        let (x0, y0, x1, y1) = (o.minX.rounded(.down), o.minY.rounded(.down), o.maxX.rounded(.down), o.maxY.rounded(.down))
        let fractions = (left: o.minX - x0, top: o.minY - y0, right: o.maxX - x1, bottom: o.maxY - y1)
        // A border off whole pixels is the ring between two rounded rectangles (see
        // `makeRoundedCornerTile`), which is the stroke only where the inner corners are arcs
        // too (radius at least half the pen); sharper corners are the stroker's joins.
        if stroked && (fractions.left != 0 || fractions.top != 0 || fractions.right != 0 || fractions.bottom != 0)
            && radius < pen / 2 { return false }
        // The tile's middle must be the inside of the shape: wide enough for the corners and,
        // for a border, for two pen widths with a gap; and clear of the corners' reach: the
        // stroker's joins along a flattened arc reach a little past the arc's ends, so a
        // border's corners get two more pixels.
        let corner = (max(radius + pen / 2, pen) * t.a + max(fractions.left, fractions.top)).rounded(.up) + (stroked ? 2 : 0)
        guard corner < 512 else { return false }
        let r = Int(corner)
        let (x, y, w, h) = (Int(x0), Int(y0), Int(x1 - x0), Int(y1 - y0))
        guard o.width > 0, o.height > 0 else { return false }
        // A box too small for its corners (a circle, a pill) is one tile of the whole shape, as
        // long as such a tile stays small.
        let whole = w < 2 * r || h < 2 * r
        let offWholePixels = fractions.left != 0 || fractions.top != 0 || fractions.right != 0 || fractions.bottom != 0
        // (A ring whose straight sides are that short misses the bulge of the stroker's joins
        // into them: such a border off whole pixels is left to the general path.)
        if whole { guard w < 512, h < 512, !(stroked && offWholePixels) else { return false } }
        let key = RoundedCornerCache.Key(radius: radius, pen: pen, scale: t.a, join: stroked ? lineJoin : .miter,
                                         miterLimit: stroked ? miterLimit : 0, left: fractions.left, top: fractions.top,
                                         right: fractions.right, bottom: fractions.bottom,
                                         wholeWidth: whole ? w : 0, wholeHeight: whole ? h : 0)
        let color = stroked ? strokeColor : fillColor
        // The tile: 2r+1 whole pixels (or the whole box), plus the partial column and row of
        // the right and bottom edges.
        let extra = (x: fractions.right > 0 ? 1 : 0, y: fractions.bottom > 0 ? 1 : 0)
        let wholePixels = whole ? (width: w, height: h) : (width: 2 * r + 1, height: 2 * r + 1)
        let size = (width: wholePixels.width + extra.x, height: wholePixels.height + extra.y)
        guard size.width > 0, size.height > 0 else { return false }
        RoundedCornerCache.shared.withTile(for: key, width: size.width, height: size.height,
                                           make: { makeRoundedCornerTile(key, whole: wholePixels, height: size.height, into: $0) }) { tile, coverage in
            if whole {
                paint(.color(color), coverage: .mask(tile, x: x, y: y), bounds: PixelRect(x: x, y: y, width: size.width, height: size.height),
                      mode: blendMode)
            } else {
                paintRoundedRect(x: x, y: y, width: w, height: h, corner: r, extra: extra, tile: tile, coverage: coverage, color: color)
            }
        }
        return true
    }

    /// Rasterizes the shape of `key` into the zeroed A8 `tile` (`height` rows): its outer
    /// edges from the key's left and top fractions to `whole` pixels (2r+1 for a corner tile)
    /// plus the right and bottom fractions.
    ///
    /// A border on whole pixels is the stroker's outline, as the general path draws it. A
    /// border off whole pixels is the ring between the outer rounded rectangle (radius plus
    /// half the pen) and the inner one (radius less half the pen), both flattened to a
    /// hundredth of a pixel: the shape a stroke of a rounded rectangle is. Its straight sides
    /// give exactly the general path's partial rows and columns; its corners cover the same
    /// area as the stroker's joins of a flattened arc, pixel by pixel within a fifth of full
    /// coverage. (The stroker's own outline, rasterized in a tile, does not give the general
    /// path's pixels when the edges are off whole pixels.)
    private func makeRoundedCornerTile(_ key: RoundedCornerCache.Key, whole: (width: Int, height: Int), height size: Int,
                                       into tile: OpaquePointer) {
        let outer = Rect(x: key.left / key.scale, y: key.top / key.scale, width: (Double(whole.width) + key.right - key.left) / key.scale,
                         height: (Double(whole.height) + key.bottom - key.top) / key.scale)
        let scale = AffineTransform(scaleX: key.scale, y: key.scale)
        let polygons: [[Point]]
        let offWholePixels = key.left != 0 || key.top != 0 || key.right != 0 || key.bottom != 0
        if key.pen > 0 && offWholePixels {
            let fine = GraphicsContext.flatness / 10
            let outside = Path(roundedRect: outer, cornerRadius: key.radius + key.pen / 2)
            let inner = outer.insetBy(dx: key.pen, dy: key.pen)
            var ring = outside.flattened(transform: scale, tolerance: fine).map(\.points)
            if inner.width > 0, inner.height > 0 {
                let inside = Path(roundedRect: inner, cornerRadius: max(key.radius - key.pen / 2, 0))
                ring += inside.flattened(transform: scale, tolerance: fine).map(\.points)
            }
            Rasterizer.rasterize(ring, rule: .evenOdd, into: tile, maskOrigin: (0, 0), maskHeight: size, limit: rasterLimit)
            return
        }
        if key.pen > 0 {
            let path = Path(roundedRect: outer.insetBy(dx: key.pen / 2, dy: key.pen / 2), cornerRadius: key.radius)
            polygons = withSavedGState {
                lineWidth = key.pen
                lineJoin = key.join
                miterLimit = key.miterLimit
                return strokeOutline(of: path, transform: scale)
            }
        } else {
            let path = Path(roundedRect: outer, cornerRadius: key.radius)
            polygons = path.flattened(transform: scale, tolerance: GraphicsContext.flatness).map(\.points)
        }
        Rasterizer.rasterize(polygons, rule: .nonZero, into: tile, maskOrigin: (0, 0), maskHeight: size, limit: rasterLimit)
    }

    /// Paints the box (`x`, `y`, `width`, `height`) in surface pixels: its four `corner`-pixel
    /// corners through `tile`, its sides and middle as spans of the tile's middle row and
    /// column (`coverage(column, row)`), runs of equal coverage as one rectangle.
    private func paintRoundedRect(x: Int, y: Int, width w: Int, height h: Int, corner r: Int, extra: (x: Int, y: Int), tile: OpaquePointer,
                                  coverage: (Int, Int) -> UInt8, color: Color) {
        let source = Source.color(color)
        let side = 2 * r + 1
        let plain = plainFill(of: color)
        // Painted first into pixels about to be cleared (a button's store redrawn), an opaque
        // fill whose spans are all fully covered (on whole pixels) writes its whole box: the
        // spans are fills, and the corners go as the colour through the tile by pixman's SRC,
        // which leaves on each pixel what OVER would leave on a cleared one (transparent where
        // the tile is). So the box is not cleared first.
        let writesWholeBox = r > 0 && plain != nil && extra == (0, 0) && mayWriteBoxOverPendingClear
            && spansAreFullyCovered(corner: r, coverage: coverage)
        if writesWholeBox { finishPendingClear(except: PixelRect(x: x, y: y, width: w, height: h).intersection(clipBounds)) }
        if r > 0 {
            // Corner k: right when k is odd, bottom when k ≥ 2 (no array: nothing allocated).
            for k in 0..<4 {
                let right = k & 1 != 0, bottom = k >= 2
                let bounds = PixelRect(x: right ? x + w - r : x, y: bottom ? y + h - r : y, width: r + (right ? extra.x : 0),
                                       height: r + (bottom ? extra.y : 0))
                let tileX = right ? x + w - side : x, tileY = bottom ? y + h - side : y
                if let plain, writesWholeBox {
                    let area = bounds.intersection(clipBounds)
                    guard !area.isEmpty else { continue }
                    let solid = scratch.solidImage(plain)
                    forEachClipRect(in: area) { piece in
                        pixman_image_composite32(PIXMAN_OP_SRC, solid, tile, target.image, 0, 0, Int32(piece.x - tileX),
                                                 Int32(piece.y - tileY), Int32(piece.x), Int32(piece.y), Int32(piece.width),
                                                 Int32(piece.height))
                    }
                } else {
                    paint(source, coverage: .mask(tile, x: tileX, y: tileY), bounds: bounds, mode: blendMode)
                }
            }
        }
        // The fully covered spans (a fill's middle and sides, a border's straight edges), when
        // filling is all they do, go to pixman in one batch: up to five rectangles for the
        // price of one call. None overlaps another span or a corner.
        if plain != nil { scratch.fillBoxes.removeAll(keepingCapacity: true) }
        // One span: a rectangle of constant coverage.
        func span(_ area: PixelRect, _ value: UInt8) {
            guard value > 0, !area.isEmpty else { return }
            if value == 255 {
                if let plain {
                    let visible = area.intersection(clipBounds)
                    if !visible.isEmpty { forEachClipRect(in: visible) { addToFillBatch($0, color: plain) } }
                    return
                }
                paint(source, coverage: .full, bounds: area, mode: blendMode)
            } else if blendMode == .normal, clipMask == nil, area.width >= 32 {
                // Wide spans: as one solid. The pixels are the same either way; narrow ones (a
                // column at a fractional left or right edge) cost less through the mask.
                paintConstantCoverage(color, value, bounds: area)
            } else {
                paint(source, coverage: .mask(RoundedCornerCache.shared.solidCoverage(value), x: 0, y: 0), bounds: area,
                      mode: blendMode)
            }
        }
        // Runs along `count` rows (or columns) of the tile from `first`, of equal coverage.
        func runs(count: Int, first: Int, value: (Int) -> UInt8, emit: (Int, Int, UInt8) -> Void) {
            var start = 0
            while start < count {
                let v = value(first + start)
                var end = start + 1
                while end < count && value(first + end) == v { end += 1 }
                emit(start, end - start, v)
                start = end
            }
        }
        let innerW = w - 2 * r, innerH = h - 2 * r
        if innerW > 0 {
            runs(count: r, first: 0, value: { coverage(r, $0) }) { i, n, v in span(PixelRect(x: x + r, y: y + i, width: innerW, height: n), v) }
            runs(count: r + extra.y, first: r + 1, value: { coverage(r, $0) }) { i, n, v in
                span(PixelRect(x: x + r, y: y + h - r + i, width: innerW, height: n), v)
            }
        }
        if innerH > 0 {
            // Left to right (the middle between the sides), so that a batch of fills can join
            // them into whole rows.
            runs(count: r, first: 0, value: { coverage($0, r) }) { i, n, v in span(PixelRect(x: x + i, y: y + r, width: n, height: innerH), v) }
            if innerW > 0 { span(PixelRect(x: x + r, y: y + r, width: innerW, height: innerH), coverage(r, r)) }
            runs(count: r + extra.x, first: r + 1, value: { coverage($0, r) }) { i, n, v in
                span(PixelRect(x: x + w - r + i, y: y + r, width: n, height: innerH), v)
            }
        }
        if let plain { sendFillBatch(color: plain) }
    }
}

extension GraphicsContext {
    /// Whether every span of a rounded rectangle whose tile has `corner`-pixel corners is
    /// fully covered: the tile's middle row and column (its straight sides and middle) are
    /// all 255, as on whole pixels.
    func spansAreFullyCovered(corner r: Int, coverage: (Int, Int) -> UInt8) -> Bool {
        for i in 0...(2 * r) where coverage(r, i) != 255 || coverage(i, r) != 255 { return false }
        return true
    }

    /// Paints `color` over `bounds` with the constant coverage `value` (normal blend, no clip
    /// mask): a rounded rectangle's edge on a fractional pixel. pixman has no fast path for OVER
    /// through a solid mask, and its general path costs tens of instructions a pixel; so the
    /// colour is taken through the coverage here, in the same 8-bit arithmetic pixman uses (the
    /// solid's 8-bit channels times the coverage, rounded as pixman's MUL_UN8), and the result
    /// is composed as one solid colour: the same pixels, on pixman's solid OVER fast path.
    func paintConstantCoverage(_ color: Color, _ value: UInt8, bounds: PixelRect) {
        let area = bounds.intersection(clipBounds)
        guard !area.isEmpty else { return }
        let alpha = min(max(self.alpha, 0), 1)
        guard alpha > 0 else { return }
        let c = color.withAlphaComponent(color.alpha * alpha).pixmanColor
        func scaled(_ channel: UInt16, _ shift: UInt32) -> UInt32 {
            // pixman uses a solid's top 8 bits.
            let t = UInt32(channel >> 8) * UInt32(value) + 0x80
            return ((t + (t >> 8)) >> 8) << shift
        }
        let solid = scratch.premultipliedSolid(scaled(c.alpha, 24) | scaled(c.red, 16) | scaled(c.green, 8) | scaled(c.blue, 0))
        forEachClipRect(in: area) { r in
            pixman_image_composite32(PIXMAN_OP_OVER, solid, nil, target.image, 0, 0, 0, 0,
                                     Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
    }
}

/// The corner tiles of rounded rectangles, shared by every context (a frame makes new
/// contexts, the tiles outlive them): at most `capacity` tiles, the least recently used
/// replaced when a new one is needed, so memory is bounded (tiles are at most 1023 pixels a
/// side and usually a few dozen) and, once warm, drawing a rounded rectangle allocates
/// nothing here.
final class RoundedCornerCache: @unchecked Sendable {
    /// What a tile's coverage depends on: the clamped radius and the pen width (0 for a fill)
    /// in user space, the transform's scale, and for a border the joins (its flattened arcs
    /// meet at joins).
    struct Key: Hashable {
        var radius: Double
        var pen: Double
        var scale: Double
        var join: LineJoin
        var miterLimit: Double
        /// The fractions of a pixel by which the outer edges pass whole pixels, 0..<1.
        var left: Double, top: Double, right: Double, bottom: Double
        /// For a tile of a whole shape too small for its corners, its whole pixels (0 for a
        /// corner tile).
        var wholeWidth = 0, wholeHeight = 0
    }

    private struct Entry {
        var key: Key
        var tile: Surface
        var lastUse: UInt64
    }

    /// How many tiles are kept.
    static let capacity = 32
    /// The one cache.
    static let shared = RoundedCornerCache()

    /// Guards everything below (rendering happens on one thread, but contexts are not tied
    /// to one).
    private let lock = Mutex(())
    private var entries: [Entry] = []
    private var clock: UInt64 = 0
    /// Solid A8 images of each coverage level, made on first use (255 at most, for ever).
    private var solids = [OpaquePointer?](repeating: nil, count: 256)

    private init() { entries.reserveCapacity(RoundedCornerCache.capacity) }

    /// Runs `body` with the `width`×`height` A8 tile for `key` (made by `make` into a zeroed
    /// tile on a miss) and a reader of its coverage at (column, row).
    func withTile(for key: Key, width: Int, height: Int, make: (OpaquePointer) -> Void, _ body: (OpaquePointer, (Int, Int) -> UInt8) -> Void) {
        lock.withLock { _ in
            clock &+= 1
            let index: Int
            if let found = entries.firstIndex(where: { $0.key == key && $0.tile.width == width && $0.tile.height == height }) {
                index = found
            } else {
                let tile = Surface(width: width, height: height, format: .a8)
                make(tile.image)
                let entry = Entry(key: key, tile: tile, lastUse: clock)
                if entries.count < RoundedCornerCache.capacity {
                    entries.append(entry)
                    index = entries.count - 1
                } else {
                    var oldest = 0
                    for i in entries.indices where entries[i].lastUse < entries[oldest].lastUse { oldest = i }
                    entries[oldest] = entry
                    index = oldest
                }
            }
            entries[index].lastUse = clock
            let image = entries[index].tile.image
            let data = UnsafeRawPointer(pixman_image_get_data(image)!)
            let stride = Int(pixman_image_get_stride(image))
            body(image) { column, row in data.load(fromByteOffset: row * stride + column, as: UInt8.self) }
        }
    }

    /// A solid A8 image of coverage `value` (owned by the cache).
    func solidCoverage(_ value: UInt8) -> OpaquePointer {
        // Called inside `withTile`'s body, under the lock.
        if let image = solids[Int(value)] { return image }
        let image = Surface.solidImage(Color(white: 0, alpha: Double(value) / 255))
        solids[Int(value)] = image
        return image
    }

    /// How many tiles are held (for tests).
    var count: Int { lock.withLock { _ in entries.count } }
}
