#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How the open ends of stroked lines are drawn (`CGLineCap`).
public enum LineCap: Sendable, Hashable {
    /// Squared off exactly at the end point.
    case butt
    /// A half disc of the line's width around the end point.
    case round
    /// Squared off half the line's width beyond the end point.
    case square
}

/// How stroked segments meet at a corner (`CGLineJoin`).
public enum LineJoin: Sendable, Hashable {
    /// The outer edges extended until they meet, as long as the point is within the miter
    /// limit; a bevel beyond it.
    case miter
    /// An arc of the line's width around the corner.
    case round
    /// The outer corners joined by a straight line.
    case bevel
}

/// The pen a stroke is drawn with, in the space its path is in.
struct StrokeStyle {
    /// Half the line width.
    var halfWidth: Double
    var cap: LineCap
    var join: LineJoin
    /// The longest miter, as a multiple of the line width, before a miter join turns bevel.
    var miterLimit: Double
    /// How far round joins and caps may stray from a true arc.
    var tolerance: Double
}

/// Builds the outline of a stroke as polygons whose nonzero fill is the stroked area.
///
/// Each subpath becomes the left offset of its segments, forward, then the right offset,
/// backward, with joins on the outer side of every corner and a path through the corner
/// itself on the inner side. That outline is the sum of the boundaries of every segment's
/// rectangle and every join's wedge (the shared edges cancel), all turning the same way, so its
/// winding number is non-zero exactly where any piece is: overlaps are painted once.
enum Stroker {
    static func outline(of polylines: [Polyline], style: StrokeStyle) -> [[Point]] {
        guard style.halfWidth > 0 else { return [] }
        var polygons: [[Point]] = []
        for line in polylines {
            let pts = line.points
            if pts.count < 2 {
                if let p = pts.first { polygons.append(contentsOf: dot(at: p, style: style)) }
                continue
            }
            if line.closed && pts.count >= 2 {
                strokeClosed(pts, style: style, into: &polygons)
            } else {
                strokeOpen(pts, style: style, into: &polygons)
            }
        }
        return polygons
    }

    /// A zero-length subpath: a disc for round caps, a square for square caps (CG draws
    /// these), nothing for butt caps.
    private static func dot(at p: Point, style: StrokeStyle) -> [[Point]] {
        let h = style.halfWidth
        switch style.cap {
        case .butt:
            return []
        case .square:
            return [[Point(x: p.x - h, y: p.y - h), Point(x: p.x + h, y: p.y - h),
                     Point(x: p.x + h, y: p.y + h), Point(x: p.x - h, y: p.y + h)]]
        case .round:
            var circle: [Point] = []
            let n = max(arcSteps(angle: 2 * Double.pi, style: style), 8)
            for i in 0..<n {
                let a = 2 * Double.pi * Double(i) / Double(n)
                circle.append(Point(x: p.x + h * cos(a), y: p.y + h * sin(a)))
            }
            return [circle]
        }
    }

    private static func direction(_ a: Point, _ b: Point) -> Point {
        let dx = b.x - a.x, dy = b.y - a.y
        let len = hypot(dx, dy)
        return Point(x: dx / len, y: dy / len)
    }

    /// The left normal of a direction (+90° from it in the y-down plane's math orientation).
    private static func normal(_ d: Point) -> Point { Point(x: -d.y, y: d.x) }

    private static func strokeOpen(_ pts: [Point], style: StrokeStyle, into polygons: inout [[Point]]) {
        let h = style.halfWidth
        var dirs: [Point] = [], lengths: [Double] = []
        dirs.reserveCapacity(pts.count - 1)
        lengths.reserveCapacity(pts.count - 1)
        for i in 0..<(pts.count - 1) {
            dirs.append(direction(pts[i], pts[i + 1]))
            lengths.append(pts[i].distance(to: pts[i + 1]))
        }
        var left: [Point] = [], right: [Point] = []
        let n0 = normal(dirs[0])
        left.append(Point(x: pts[0].x + h * n0.x, y: pts[0].y + h * n0.y))
        right.append(Point(x: pts[0].x - h * n0.x, y: pts[0].y - h * n0.y))
        for j in 1..<(pts.count - 1) {
            join(at: pts[j], from: dirs[j - 1], to: dirs[j], lengths: (lengths[j - 1], lengths[j]), style: style,
                 left: &left, right: &right)
        }
        let last = pts[pts.count - 1], dl = dirs[dirs.count - 1], nl = normal(dl)
        left.append(Point(x: last.x + h * nl.x, y: last.y + h * nl.y))
        right.append(Point(x: last.x - h * nl.x, y: last.y - h * nl.y))

        var outline = left
        cap(at: last, direction: dl, style: style, into: &outline)
        outline.append(contentsOf: right.reversed())
        cap(at: pts[0], direction: Point(x: -dirs[0].x, y: -dirs[0].y), style: style, into: &outline)
        polygons.append(outline)
    }

    private static func strokeClosed(_ pts: [Point], style: StrokeStyle, into polygons: inout [[Point]]) {
        let count = pts.count
        var dirs: [Point] = [], lengths: [Double] = []
        dirs.reserveCapacity(count)
        lengths.reserveCapacity(count)
        for i in 0..<count {
            dirs.append(direction(pts[i], pts[(i + 1) % count]))
            lengths.append(pts[i].distance(to: pts[(i + 1) % count]))
        }
        var left: [Point] = [], right: [Point] = []
        for j in 0..<count {
            let previous = (j + count - 1) % count
            join(at: pts[j], from: dirs[previous], to: dirs[j], lengths: (lengths[previous], lengths[j]), style: style,
                 left: &left, right: &right)
        }
        polygons.append(left)
        polygons.append(right.reversed())
    }

    /// Appends, to both offset sides, the points around corner `p` where direction `d0`
    /// turns into `d1` (segments `lengths` long): a join on the outer side; on the inner side
    /// the point where the two offset edges cross, or, when they are too short to cross, a
    /// detour through `p` (the pieces' boundaries still sum to the outline, see the type).
    private static func join(at p: Point, from d0: Point, to d1: Point, lengths: (Double, Double), style: StrokeStyle,
                             left: inout [Point], right: inout [Point]) {
        let h = style.halfWidth
        let n0 = normal(d0), n1 = normal(d1)
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        let l0 = Point(x: p.x + h * n0.x, y: p.y + h * n0.y), l1 = Point(x: p.x + h * n1.x, y: p.y + h * n1.y)
        let r0 = Point(x: p.x - h * n0.x, y: p.y - h * n0.y), r1 = Point(x: p.x - h * n1.x, y: p.y - h * n1.y)
        if cross == 0 && dot > 0 {
            // Straight on: both sides continue without a corner.
            left.append(l0)
            right.append(r0)
            return
        }
        // The inner offset edges cross h·tan(turn / 2) from the corner. If that is within the
        // half of each segment next to this corner (the other half is the next corner's), the
        // crossing replaces the detour: the little loop it cuts off lies inside both
        // segments' bands, where the winding stays non-zero. This keeps flattened curves free
        // of needless self-crossings.
        let inner: Point? = dot > -0.9 && h * abs(cross) / (1 + dot) <= 0.5 * min(lengths.0, lengths.1)
            ? Point(x: h * (n0.x + n1.x) / (1 + dot), y: h * (n0.y + n1.y) / (1 + dot)) : nil
        if cross > 0 {
            // Turning toward the left normal: the left side is inside the corner.
            if let inner {
                left.append(Point(x: p.x + inner.x, y: p.y + inner.y))
            } else {
                left.append(l0); left.append(p); left.append(l1)
            }
            right.append(r0)
            outerJoin(at: p, side: -1, n0: n0, n1: n1, angle: atan2(cross, dot), dot: dot, style: style, into: &right)
            right.append(r1)
        } else {
            // Turning right (or straight back, taken as a right turn through the front).
            left.append(l0)
            let angle = cross == 0 ? -Double.pi : atan2(cross, dot)
            outerJoin(at: p, side: 1, n0: n0, n1: n1, angle: angle, dot: dot, style: style, into: &left)
            left.append(l1)
            if let inner {
                right.append(Point(x: p.x - inner.x, y: p.y - inner.y))
            } else {
                right.append(r0); right.append(p); right.append(r1)
            }
        }
    }

    /// The points strictly between the two offset corners of the outer side (`side` +1 is the
    /// left normal's side, −1 the right's); `angle` is the signed turn from `n0` to `n1`.
    private static func outerJoin(at p: Point, side: Double, n0: Point, n1: Point, angle: Double, dot: Double,
                                  style: StrokeStyle, into points: inout [Point]) {
        let h = style.halfWidth
        switch style.join {
        case .bevel:
            return
        case .miter:
            // The tip lies along the bisector at h / cos(turn / 2); its length over the line
            // width is 1 / cos(turn / 2) = sqrt(2 / (1 + cos turn)).
            let denominator = 1 + dot
            guard denominator > 1e-12, 2 / denominator <= style.miterLimit * style.miterLimit else { return }
            // At the gentle corners of a flattened curve the tip is closer to the bevel than
            // the tolerance: leave it out.
            let halfCos = (denominator / 2).squareRoot()
            guard h * (1 / halfCos - halfCos) > style.tolerance else { return }
            let s = side * h / denominator
            points.append(Point(x: p.x + s * (n0.x + n1.x), y: p.y + s * (n0.y + n1.y)))
        case .round:
            let steps = arcSteps(angle: abs(angle), style: style, minimum: 1)
            guard steps > 1 else { return }
            let start = Point(x: side * n0.x, y: side * n0.y)
            for k in 1..<steps {
                let a = angle * Double(k) / Double(steps)
                let c = cos(a), s = sin(a)
                points.append(Point(x: p.x + h * (start.x * c - start.y * s), y: p.y + h * (start.x * s + start.y * c)))
            }
        }
    }

    /// Appends the cap at end point `p` of a line arriving along `d`, between the left and
    /// the right offset corners (exclusive).
    private static func cap(at p: Point, direction d: Point, style: StrokeStyle, into points: inout [Point]) {
        let h = style.halfWidth
        let n = normal(d)
        switch style.cap {
        case .butt:
            return
        case .square:
            points.append(Point(x: p.x + h * (n.x + d.x), y: p.y + h * (n.y + d.y)))
            points.append(Point(x: p.x + h * (-n.x + d.x), y: p.y + h * (-n.y + d.y)))
        case .round:
            // From +n, turning negatively through d, to −n.
            let steps = arcSteps(angle: Double.pi, style: style)
            for k in 1..<steps {
                let a = -Double.pi * Double(k) / Double(steps)
                let c = cos(a), s = sin(a)
                points.append(Point(x: p.x + h * (n.x * c - n.y * s), y: p.y + h * (n.x * s + n.y * c)))
            }
        }
    }

    /// How many chords an arc of `angle` radians and the pen's radius needs to stay within
    /// the tolerance (at least `minimum`: 2 keeps a cap from being flat).
    private static func arcSteps(angle: Double, style: StrokeStyle, minimum: Int = 2) -> Int {
        let r = style.halfWidth
        let ratio = 1 - min(style.tolerance / r, 1)
        let step = ratio > 0 ? 2 * acos(ratio) : Double.pi / 2
        // Clamped as a Double: a NaN or huge angle (from non-finite points) must not trap.
        let n = (angle / max(step, 1e-3)).rounded(.up)
        return n >= 256 ? 256 : n > Double(minimum) ? Int(n) : minimum
    }
}
