import Testing
import VitrineGraphics

/// A round-capped, round-joined stroke is exactly the set of points within half the line
/// width of the path. Random zig-zags (sharp turns, tiny segments, self-crossings, fixed seed)
/// check that the outline never leaves a hole or spills: every pixel wholly within that
/// distance is fully painted, every pixel wholly beyond it untouched.
@Suite struct StrokeGeometryTests {
    /// A small deterministic generator (64-bit LCG), so failures reproduce.
    private struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// Distance from `p` to the segment `a`–`b`.
    private func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        var t = length2 == 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2
        t = min(max(t, 0), 1)
        return p.distance(to: Point(x: a.x + t * dx, y: a.y + t * dy))
    }

    @Test(arguments: Array(1...24))
    func roundStrokeIsThePointsWithinHalfTheWidth(seed: Int) {
        var random = Random(state: UInt64(seed))
        let surface = Surface(width: 64, height: 64, format: .a8)
        let context = GraphicsContext(surface: surface)
        context.lineCap = .round
        context.lineJoin = .round
        let halfWidth = 1 + random.next() * 6
        context.lineWidth = 2 * halfWidth
        var points: [Point] = []
        for _ in 0..<(3 + Int(random.next() * 6)) {
            // Mostly far apart, sometimes a step shorter than the pen.
            if let last = points.last, random.next() < 0.3 {
                points.append(Point(x: last.x + (random.next() - 0.5) * 3, y: last.y + (random.next() - 0.5) * 3))
            } else {
                points.append(Point(x: 8 + random.next() * 48, y: 8 + random.next() * 48))
            }
        }
        var path = Path()
        path.addLines(between: points)
        context.stroke(path)

        var holes = 0, spills = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                var d = Double.infinity
                for i in 0..<(points.count - 1) { d = min(d, distance(centre, points[i], points[i + 1])) }
                let coverage = surface.baseAddress.load(fromByteOffset: y * surface.stride + x, as: UInt8.self)
                // A pixel reaches at most 0.71 from its centre; the curves are flattened to 0.1.
                if d <= halfWidth - 0.85 && coverage != 255 { holes += 1 }
                if d >= halfWidth + 0.85 && coverage != 0 { spills += 1 }
            }
        }
        #expect(holes == 0, "seed \(seed): \(holes) pixels inside the stroke not painted")
        #expect(spills == 0, "seed \(seed): \(spills) pixels outside the stroke painted")
    }

    @Test func closedRoundStrokeOfATinyPolygon() {
        // A closed subpath whose sides are shorter than the pen: a blob, no hole in the middle.
        let surface = Surface(width: 20, height: 20, format: .a8)
        let context = GraphicsContext(surface: surface)
        context.lineWidth = 8
        context.lineJoin = .round
        var path = Path()
        path.addLines(between: [Point(x: 9, y: 9), Point(x: 11, y: 9), Point(x: 11, y: 11), Point(x: 9, y: 11)])
        path.closeSubpath()
        context.stroke(path)
        for (x, y) in [(10, 10), (9, 9), (6, 10), (13, 10)] {
            #expect(surface.baseAddress.load(fromByteOffset: y * surface.stride + x, as: UInt8.self) == 255, "(\(x), \(y))")
        }
    }
}

/// Random self-crossing polygons (fixed seeds) under both fill rules: every pixel whose centre
/// is more than 0.75 from every edge is wholly inside or wholly outside, and must be painted
/// exactly when its centre's winding number says so — the sweep's splitting at crossings and
/// its pairing of edges are what this checks.
@Suite struct FillRuleGeometryTests {
    private struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// The winding number of `polygon` around `p` (crossings of the ray to +x, signed by direction).
    private func winding(_ p: Point, _ polygon: [Point]) -> Int {
        var w = 0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            if a.y <= p.y && b.y > p.y {
                if (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 { w += 1 }
            } else if a.y > p.y && b.y <= p.y {
                if (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 { w -= 1 }
            }
        }
        return w
    }

    private func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        let t = min(max(length2 == 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2, 0), 1)
        return p.distance(to: Point(x: a.x + t * dx, y: a.y + t * dy))
    }

    @Test(arguments: Array(1...24))
    func coverageFollowsTheWindingNumber(seed: Int) {
        var random = Random(state: UInt64(seed) &* 7919)
        var polygon: [Point] = []
        for _ in 0..<(4 + Int(random.next() * 9)) { polygon.append(Point(x: 2 + random.next() * 60, y: 2 + random.next() * 60)) }
        var path = Path()
        path.addLines(between: polygon)
        path.closeSubpath()
        for rule in [FillRule.nonZero, .evenOdd] {
            let surface = Surface(width: 64, height: 64, format: .a8)
            GraphicsContext(surface: surface).fill(path, rule: rule)
            var wrong = 0
            for y in 0..<64 {
                for x in 0..<64 {
                    let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    var d = Double.infinity
                    for i in polygon.indices { d = min(d, distance(centre, polygon[i], polygon[(i + 1) % polygon.count])) }
                    guard d > 0.75 else { continue }
                    let w = winding(centre, polygon)
                    let inside = rule == .nonZero ? w != 0 : w % 2 != 0
                    let coverage = surface.baseAddress.load(fromByteOffset: y * surface.stride + x, as: UInt8.self)
                    if coverage != (inside ? 255 : 0) { wrong += 1 }
                }
            }
            #expect(wrong == 0, "seed \(seed), \(rule): \(wrong) pixels disagree with the winding number")
        }
    }
}
