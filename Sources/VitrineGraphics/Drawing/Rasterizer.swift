import CPixman

/// Turns polygons into antialiased coverage with pixman's trapezoid rasterizer.
///
/// pixman rasterizes a trapezoid by adding its coverage (on a 17×15 sample grid per pixel for
/// an 8-bit mask) to an A8 image. Overlapping trapezoids would add up, so the polygons are
/// first cut into trapezoids that do not overlap and that apply the fill rule: a sweep from
/// top to bottom, split at every vertex and every crossing of two edges, pairs the edges of
/// each band into the spans that are inside. Spans that continue between the same two edges
/// from one band to the next are merged into one trapezoid.
enum Rasterizer {
    /// The arrays a sweep fills, kept from one rasterization to the next (a context's
    /// `DrawingScratch` holds one), so that once warm a filled path allocates nothing here.
    final class Scratch {
        fileprivate var edges: [Edge] = [], ys: [Double] = [], unique: [Double] = []
        fileprivate var active: [Int] = [], order: [(x: Double, slope: Double, index: Int)] = []
        fileprivate var open: [Span] = [], next: [Span] = []
        /// The trapezoids of the last sweep.
        fileprivate(set) var traps: [pixman_trapezoid_t] = []
    }

    /// One non-horizontal polygon edge, top to bottom, on pixman's 16.16 grid.
    fileprivate struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        /// dx/dy.
        var slope: Double
        /// +1 when the polygon runs downward along it, −1 upward.
        var winding: Int
        var line: pixman_line_fixed_t

        func x(at y: Double) -> Double { y == y0 ? x0 : (y == y1 ? x1 : x0 + (y - y0) * slope) }
    }

    /// A span between two edges, open since `top`.
    fileprivate struct Span {
        var left: Int, right: Int
        var top: Double
    }

    /// The value on pixman's 16.16 grid nearest to `v`.
    private static func snap(_ v: Double) -> Double { (v * 65536).rounded() / 65536 }

    /// Adds the coverage of `polygons` (each implicitly closed, in surface pixels) under `rule`
    /// to the A8 image `mask`, whose pixel (0, 0) is surface pixel `maskOrigin` and which is
    /// `maskHeight` rows tall (surfaces up to 16383 pixels a side).
    ///
    /// Every edge keeps its own end points whatever part of the surface the mask covers, so a
    /// pixel gets the same coverage in a small partial redraw as in a full one. Polygons are
    /// cut only to `limit` — a fixed rectangle far larger than the surface — which keeps
    /// pixman's 16.16 fixed point in range.
    /// The sweep's arrays are `scratch`'s (a new one when not given).
    static func rasterize(_ polygons: [[Point]], rule: FillRule, into mask: OpaquePointer,
                          maskOrigin: (x: Int, y: Int), maskHeight: Int, limit: Rect, scratch: Scratch = Scratch()) {
        trapezoids(polygons, rule: rule, limit: limit, rows: Double(maskOrigin.y)..<Double(maskOrigin.y + maskHeight),
                   into: scratch)
        guard !scratch.traps.isEmpty else { return }
        scratch.traps.withUnsafeBufferPointer { buffer in
            pixman_add_trapezoids(mask, Int16(clamping: -maskOrigin.x), Int32(clamping: -maskOrigin.y), Int32(clamping: buffer.count),
                                  buffer.baseAddress)
        }
    }

    /// The trapezoids covering what `rule` says is inside `polygons` (cut to `limit`), in the
    /// polygons' coordinates, leaving out bands entirely outside `rows`. A polygon with a
    /// non-finite point, or one whose cut to `limit` overflowed (points near ±1e300), has no
    /// shape to draw and is left out.
    static func trapezoids(_ polygons: [[Point]], rule: FillRule, limit: Rect, rows: Range<Double>) -> [pixman_trapezoid_t] {
        let scratch = Scratch()
        trapezoids(polygons, rule: rule, limit: limit, rows: rows, into: scratch)
        return scratch.traps
    }

    /// `trapezoids(_:rule:limit:rows:)` into `scratch.traps`, on `scratch`'s arrays.
    static func trapezoids(_ polygons: [[Point]], rule: FillRule, limit: Rect, rows: Range<Double>, into scratch: Scratch) {
        // The scratch's arrays are taken (swapped out, so still uniquely held) and given back.
        var edges: [Edge] = [], ys: [Double] = [], unique: [Double] = [], traps: [pixman_trapezoid_t] = []
        var active: [Int] = [], order: [(x: Double, slope: Double, index: Int)] = [], open: [Span] = [], next: [Span] = []
        swap(&edges, &scratch.edges); swap(&ys, &scratch.ys); swap(&unique, &scratch.unique); swap(&traps, &scratch.traps)
        swap(&active, &scratch.active); swap(&order, &scratch.order); swap(&open, &scratch.open); swap(&next, &scratch.next)
        edges.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true); unique.removeAll(keepingCapacity: true)
        traps.removeAll(keepingCapacity: true); active.removeAll(keepingCapacity: true); order.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true); next.removeAll(keepingCapacity: true)
        defer {
            swap(&edges, &scratch.edges); swap(&ys, &scratch.ys); swap(&unique, &scratch.unique); swap(&traps, &scratch.traps)
            swap(&active, &scratch.active); swap(&order, &scratch.order); swap(&open, &scratch.open); swap(&next, &scratch.next)
        }
        func isDrawable(_ points: [Point]) -> Bool { points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        for polygon in polygons where polygon.count >= 3 && isDrawable(polygon) {
            let clipped = clip(polygon, to: limit)
            guard clipped.count >= 3, isDrawable(clipped) else { continue }
            var previous = Point(x: snap(clipped[clipped.count - 1].x), y: snap(clipped[clipped.count - 1].y))
            for p in clipped {
                let q = Point(x: snap(p.x), y: snap(p.y))
                if q.y != previous.y { edges.append(makeEdge(from: previous, to: q)) }
                previous = q
            }
        }
        guard edges.count >= 2 else { return }
        edges.sort { $0.y0 < $1.y0 }

        ys.reserveCapacity(edges.count * 2)
        for e in edges { ys.append(e.y0); ys.append(e.y1) }
        ys.sort()
        unique.reserveCapacity(ys.count)
        for y in ys where unique.last != y { unique.append(y) }

        var nextEdge = 0
        let unit = 1.0 / 65536
        // Where the sweep has got to: open spans end here when it stops.
        var y = unique[0]

        func emit(_ span: Span, bottom: Double) {
            guard bottom > span.top else { return }
            traps.append(pixman_trapezoid_t(top: pixmanFixed(span.top), bottom: pixmanFixed(bottom),
                                            left: edges[span.left].line, right: edges[span.right].line))
        }

        for band in 0..<(unique.count - 1) {
            let bandTop = unique[band], bandBottom = unique[band + 1]
            if bandTop >= rows.upperBound { break }
            active.removeAll { edges[$0].y1 <= bandTop }
            while nextEdge < edges.count && edges[nextEdge].y0 <= bandTop {
                if edges[nextEdge].y1 > bandTop { active.append(nextEdge) }
                nextEdge += 1
            }
            // Bands above the rows wanted are skipped; no trapezoid is open across them.
            if bandBottom <= rows.lowerBound { continue }
            y = bandTop
            var steps = 0
            while y < bandBottom {
                order.removeAll(keepingCapacity: true)
                for i in active { order.append((edges[i].x(at: y), edges[i].slope, i)) }
                order.sort { $0.x != $1.x ? $0.x < $1.x : $0.slope < $1.slope }
                // The first crossing below y is between two edges that are neighbours at y.
                var bottom = bandBottom
                steps += 1
                if order.count > 1 && steps < 4 * order.count * order.count + 16 {
                    for k in 0..<(order.count - 1) where order[k].slope > order[k + 1].slope {
                        let crossing = y + (order[k + 1].x - order[k].x) / (order[k].slope - order[k + 1].slope)
                        if crossing < bottom { bottom = crossing }
                    }
                    if bottom < bandBottom {
                        // Onto the grid pixman sees, and always forward.
                        bottom = min(max((bottom * 65536).rounded(.up) / 65536, y + unit), bandBottom)
                    }
                }
                // Pair the edges into inside spans and continue the spans that go on.
                next.removeAll(keepingCapacity: true)
                var winding = 0
                var spanLeft = -1
                for entry in order {
                    let wasInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                    winding += edges[entry.index].winding
                    let isInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                    if !wasInside && isInside {
                        spanLeft = entry.index
                    } else if wasInside && !isInside {
                        let left = spanLeft, right = entry.index
                        if let k = open.firstIndex(where: { $0.left == left && $0.right == right }) {
                            next.append(open[k])
                            open.remove(at: k)
                        } else {
                            next.append(Span(left: left, right: right, top: y))
                        }
                    }
                }
                for span in open { emit(span, bottom: y) }
                swap(&open, &next)
                y = bottom
            }
        }
        for span in open { emit(span, bottom: y) }
    }

    private static func makeEdge(from a: Point, to b: Point) -> Edge {
        let (top, bottom, winding) = a.y < b.y ? (a, b, 1) : (b, a, -1)
        // Saturating: the points are cut to the raster limit (inside 16.16), so this only guards.
        let line = pixman_line_fixed_t(p1: pixman_point_fixed_t(x: pixmanFixed(top.x), y: pixmanFixed(top.y)),
                                       p2: pixman_point_fixed_t(x: pixmanFixed(bottom.x), y: pixmanFixed(bottom.y)))
        return Edge(x0: top.x, y0: top.y, x1: bottom.x, y1: bottom.y,
                    slope: (bottom.x - top.x) / (bottom.y - top.y), winding: winding, line: line)
    }

    /// `polygon` cut to `window` (Sutherland–Hodgman). For every point inside the window the
    /// winding number is unchanged, which is all the fill rules look at; the edges it adds run
    /// along the window's sides, outside every pixel's interior.
    static func clip(_ polygon: [Point], to window: Rect) -> [Point] {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in polygon {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        if minX >= window.minX && maxX <= window.maxX && minY >= window.minY && maxY <= window.maxY { return polygon }
        if maxX <= window.minX || minX >= window.maxX || maxY <= window.minY || minY >= window.maxY { return [] }
        var points = polygon
        var output: [Point] = []
        func cut(keep: (Point) -> Bool, intersect: (Point, Point) -> Point) {
            output.removeAll(keepingCapacity: true)
            guard var previous = points.last else { return }
            for p in points {
                let inside = keep(p), wasInside = keep(previous)
                if inside {
                    if !wasInside { output.append(intersect(previous, p)) }
                    output.append(p)
                } else if wasInside {
                    output.append(intersect(previous, p))
                }
                previous = p
            }
            swap(&points, &output)
        }
        func atX(_ x: Double) -> (Point, Point) -> Point {
            { a, b in Point(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)) }
        }
        func atY(_ y: Double) -> (Point, Point) -> Point {
            { a, b in Point(x: a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y: y) }
        }
        if minX < window.minX { cut(keep: { $0.x >= window.minX }, intersect: atX(window.minX)) }
        if maxX > window.maxX { cut(keep: { $0.x <= window.maxX }, intersect: atX(window.maxX)) }
        if minY < window.minY { cut(keep: { $0.y >= window.minY }, intersect: atY(window.minY)) }
        if maxY > window.maxY { cut(keep: { $0.y <= window.maxY }, intersect: atY(window.maxY)) }
        return points
    }
}
