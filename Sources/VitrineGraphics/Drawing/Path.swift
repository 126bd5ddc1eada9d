#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How the inside of a shape whose outline crosses itself, or that has several subpaths, is
/// decided.
public enum FillRule: Sendable, Hashable {
    /// Inside where the outline winds around the point a non-zero number of times (counting
    /// clockwise turns +1 and counter-clockwise −1): overlapping subpaths drawn in the same
    /// direction merge, a subpath drawn in the opposite direction cuts a hole.
    case nonZero
    /// Inside where a ray from the point crosses the outline an odd number of times: any
    /// subpath inside another cuts a hole, whatever its direction.
    case evenOdd
}

/// A shape made of straight lines and Bézier curves, in the user space of whoever draws it
/// (points, y down, as UIKit): what `GraphicsContext.fill(_:rule:)`, `stroke(_:)` and
/// `clip(to:rule:)` take.
///
/// Like `CGPath`, a path is a sequence of subpaths; each begins with `move(to:)` and may be
/// closed with `closeSubpath()`. Drawing commands without a current point start a subpath
/// where they begin. A value type: copies are independent.
public struct Path: Sendable, Hashable {
    /// One command of a path, all points in the path's space.
    public enum Element: Sendable, Hashable {
        /// Starts a new subpath at the point.
        case move(to: Point)
        /// A straight line from the current point.
        case line(to: Point)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve from the current point.
        case curve(to: Point, control1: Point, control2: Point)
        /// A straight line back to the subpath's first point, closing it.
        case close
    }

    /// The commands, in order. Every subpath starts with `.move`.
    public private(set) var elements: [Element] = []
    /// Where the next command starts (nil for an empty path); after `closeSubpath()`, the
    /// closed subpath's first point, as in Core Graphics.
    public private(set) var currentPoint: Point?
    /// The first point of the subpath being built.
    private var subpathStart: Point?
    /// Whether the last command closed a subpath (the next drawing command then opens a new one
    /// at `currentPoint`).
    private var subpathClosed = false

    /// An empty path.
    public init() {}

    /// A closed rectangle (see `addRect(_:)`).
    public init(_ rect: Rect) { addRect(rect) }

    /// A closed rounded rectangle (see `addRoundedRect(in:cornerRadius:)`).
    public init(roundedRect rect: Rect, cornerRadius: Double) { addRoundedRect(in: rect, cornerRadius: cornerRadius) }

    /// A closed ellipse inscribed in `rect` (see `addEllipse(in:)`).
    public init(ellipseIn rect: Rect) { addEllipse(in: rect) }

    /// Whether it has no command.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) {
        // A move right after a move replaces it: an empty subpath draws nothing.
        if case .move = elements.last { elements.removeLast() }
        elements.append(.move(to: point))
        currentPoint = point
        subpathStart = point
        subpathClosed = false
    }

    /// A straight line from the current point to `point`.
    public mutating func addLine(to point: Point) {
        beginSegment(at: point)
        elements.append(.line(to: point))
        currentPoint = point
    }

    /// Straight lines through `points` in order: a move to the first, lines to the rest.
    public mutating func addLines(between points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// A quadratic Bézier curve from the current point to `end`, pulled toward `control`.
    public mutating func addQuadCurve(to end: Point, control: Point) {
        beginSegment(at: control)
        elements.append(.quadCurve(to: end, control: control))
        currentPoint = end
    }

    /// A cubic Bézier curve from the current point to `end`, leaving toward `control1` and
    /// arriving from `control2`.
    public mutating func addCurve(to end: Point, control1: Point, control2: Point) {
        beginSegment(at: control1)
        elements.append(.curve(to: end, control1: control1, control2: control2))
        currentPoint = end
    }

    /// Closes the current subpath with a straight line back to its first point (stroked with a
    /// join there instead of caps). Does nothing without an open subpath.
    public mutating func closeSubpath() {
        guard let start = subpathStart, !subpathClosed else { return }
        elements.append(.close)
        currentPoint = start
        subpathClosed = true
    }

    /// A closed subpath around `rect`: from its top-left corner clockwise on screen (right,
    /// down, left, up). Null rectangles add nothing.
    public mutating func addRect(_ rect: Rect) {
        guard !rect.isNull else { return }
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// A closed rounded rectangle in `rect`, clockwise on screen, with circular corners of
    /// `cornerRadius` (clamped to half the shorter side, so a square with a large radius
    /// becomes a circle and a short wide rectangle a capsule).
    public mutating func addRoundedRect(in rect: Rect, cornerRadius: Double) {
        guard !rect.isNull else { return }
        let r = min(max(cornerRadius, 0), rect.width / 2, rect.height / 2)
        guard r > 0 else { addRect(rect); return }
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        move(to: Point(x: x0 + r, y: y0))
        addArc(center: Point(x: x1 - r, y: y0 + r), radius: r, startAngle: -Double.pi / 2, endAngle: 0, clockwise: true)
        addArc(center: Point(x: x1 - r, y: y1 - r), radius: r, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
        addArc(center: Point(x: x0 + r, y: y1 - r), radius: r, startAngle: Double.pi / 2, endAngle: Double.pi, clockwise: true)
        addArc(center: Point(x: x0 + r, y: y0 + r), radius: r, startAngle: Double.pi, endAngle: 1.5 * Double.pi, clockwise: true)
        closeSubpath()
    }

    /// A closed ellipse inscribed in `rect`, starting at its rightmost point and going
    /// clockwise on screen.
    public mutating func addEllipse(in rect: Rect) {
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return }
        let rx = rect.width / 2, ry = rect.height / 2, cx = rect.midX, cy = rect.midY
        // A unit circle of eight 45° cubic arcs, stretched: the error is about 4e-6 of the
        // radius, invisible even on a 4K screen.
        let segments = 8
        let step = 2 * Double.pi / Double(segments)
        let k = 4.0 / 3.0 * tan(step / 4)
        func at(_ angle: Double, tangent: Double = 0) -> Point {
            let (c, s) = cosineAndSine(angle)
            return Point(x: cx + rx * (c - tangent * s), y: cy + ry * (s + tangent * c))
        }
        move(to: at(0))
        for i in 0..<segments {
            let a0 = Double(i) * step, a1 = Double(i + 1) * step
            addCurve(to: i == segments - 1 ? at(0) : at(a1), control1: at(a0, tangent: k), control2: at(a1, tangent: -k))
        }
        closeSubpath()
    }

    /// A circular arc around `center` from `startAngle` to `endAngle` (radians, measured from
    /// +x toward +y, so growing angles turn clockwise on screen), as `UIBezierPath`:
    /// `clockwise` true sweeps with growing angles, false with shrinking ones, at most one
    /// full turn. A line joins the current point to the arc's start; without a current point
    /// the arc starts a subpath.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        let r = abs(radius)
        let twoPi = 2 * Double.pi
        var sweep = endAngle - startAngle
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) + twoPi }
            sweep = min(sweep, twoPi)
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) - twoPi }
            sweep = max(sweep, -twoPi)
        }
        func point(_ angle: Double) -> Point {
            let (c, s) = cosineAndSine(angle)
            return Point(x: center.x + r * c, y: center.y + r * s)
        }
        let start = point(startAngle)
        if currentPoint == nil || subpathClosed {
            move(to: start)
        } else if currentPoint != start {
            addLine(to: start)
        }
        // A NaN or infinite angle or radius sweeps nothing that can be drawn.
        guard sweep.isFinite, sweep != 0, r > 0, r.isFinite else { return }
        // Cubic pieces of at most 45° (see addEllipse).
        let count = max(Int((abs(sweep) / (Double.pi / 4)).rounded(.up)), 1)
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        for i in 0..<count {
            let a0 = startAngle + Double(i) * step, a1 = a0 + step
            let p0 = point(a0), p1 = point(a1)
            let (cos0, sin0) = cosineAndSine(a0), (cos1, sin1) = cosineAndSine(a1)
            let c1 = Point(x: p0.x - k * r * sin0, y: p0.y + k * r * cos0)
            let c2 = Point(x: p1.x + k * r * sin1, y: p1.y - k * r * cos1)
            addCurve(to: p1, control1: c1, control2: c2)
        }
    }

    /// Appends every subpath of `other`.
    public mutating func addPath(_ other: Path) {
        for element in other.elements {
            switch element {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
            case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
            case .close: closeSubpath()
            }
        }
    }

    /// This path with every point mapped through `transform` (curves stay exact: affine maps
    /// take Bézier curves to Bézier curves).
    public func applying(_ transform: AffineTransform) -> Path {
        var result = self
        func t(_ p: Point) -> Point { p.applying(transform) }
        result.elements = elements.map { element in
            switch element {
            case .move(let p): .move(to: t(p))
            case .line(let p): .line(to: t(p))
            case .quadCurve(let p, let c): .quadCurve(to: t(p), control: t(c))
            case .curve(let p, let c1, let c2): .curve(to: t(p), control1: t(c1), control2: t(c2))
            case .close: .close
            }
        }
        result.currentPoint = currentPoint.map(t)
        result.subpathStart = subpathStart.map(t)
        return result
    }

    /// The smallest rectangle holding every point of the path, control points included (so it
    /// may be larger than the shape, never smaller); `Rect.null` for an empty path.
    public var boundingBox: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c): add(p); add(c)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .close: break
            }
        }
        guard minX <= maxX else { return .null }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether both have the same commands (the state used to continue building is derived
    /// from them).
    public static func == (lhs: Path, rhs: Path) -> Bool { lhs.elements == rhs.elements }

    /// Hashes the commands.
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }

    /// Opens a subpath if a drawing command has none to continue.
    private mutating func beginSegment(at fallback: Point) {
        if subpathClosed, let start = currentPoint {
            elements.append(.move(to: start))
            subpathStart = start
            subpathClosed = false
        } else if currentPoint == nil {
            move(to: fallback)
        }
    }
}

/// cos and sin of `angle`, exact at multiples of a quarter turn (where `sin(.pi)` would give
/// 1.2e-16), so arcs of rounded rectangles and ellipses meet their straight sides exactly.
func cosineAndSine(_ angle: Double) -> (Double, Double) {
    let quarters = angle / (Double.pi / 2)
    let whole = quarters.rounded()
    guard abs(quarters - whole) < 1e-12, abs(whole) < 1e15 else { return (cos(angle), sin(angle)) }
    switch Int(whole) & 3 {
    case 0: return (1, 0)
    case 1: return (0, 1)
    case 2: return (-1, 0)
    default: return (0, -1)
    }
}

/// A subpath flattened to straight segments.
struct Polyline {
    /// Its vertices, consecutive duplicates removed.
    var points: [Point]
    /// Whether the last point joins back to the first.
    var closed: Bool
}

extension Path {
    /// The subpaths as polylines, every point mapped through `transform`, curves replaced by
    /// chords that stay within `tolerance` of them (in the transformed space).
    func flattened(transform: AffineTransform = .identity, tolerance: Double) -> [Polyline] {
        var result: [Polyline] = []
        var current: [Point] = []
        let tolerance = max(tolerance, 1e-4)
        func finish(closed: Bool) {
            if !current.isEmpty { result.append(Polyline(points: current, closed: closed)) }
            current = []
        }
        func append(_ p: Point) {
            if current.last != p { current.append(p) }
        }
        var last = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                last = p.applying(transform)
                current = [last]
            case .line(let p):
                last = p.applying(transform)
                append(last)
            case .quadCurve(let p, let c):
                let p0 = last, p1 = c.applying(transform), p2 = p.applying(transform)
                // The chord error of n equal steps is at most |p0 - 2p1 + p2| / (4 n²).
                let dd = hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
                let n = segmentCount(sqrt(dd / (4 * tolerance)))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    append(Point(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                                 y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y))
                }
                last = p2
            case .curve(let p, let c1, let c2):
                let p0 = last, p1 = c1.applying(transform), p2 = c2.applying(transform), p3 = p.applying(transform)
                // The second derivative is at most 6·max|second differences|, and the chord
                // error of n equal steps at most that over 8 n².
                let d1 = hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
                let d2 = hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y)
                let n = segmentCount(sqrt(0.75 * max(d1, d2) / tolerance))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    append(Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                                 y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
                }
                last = p3
            case .close:
                if current.count > 1, current.last == current.first { current.removeLast() }
                finish(closed: true)
            }
        }
        finish(closed: false)
        return result
    }

    private func segmentCount(_ estimate: Double) -> Int {
        guard estimate.isFinite else { return 1 }
        // Clamped before the conversion: a curve scaled by 1e300 has a finite, huge estimate.
        return Int(min(max(estimate.rounded(.up), 1), 1000))
    }
}
