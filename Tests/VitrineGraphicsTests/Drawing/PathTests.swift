#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import VitrineGraphics

@Suite struct PathTests {
    @Test func buildingTracksTheCurrentPoint() {
        var path = Path()
        #expect(path.isEmpty && path.currentPoint == nil)
        path.move(to: Point(x: 1, y: 2))
        path.addLine(to: Point(x: 5, y: 2))
        path.addQuadCurve(to: Point(x: 5, y: 8), control: Point(x: 9, y: 5))
        #expect(path.currentPoint == Point(x: 5, y: 8))
        path.closeSubpath()
        // After closing, the current point is the subpath's start (as Core Graphics).
        #expect(path.currentPoint == Point(x: 1, y: 2))
        // A line after a close starts a new subpath there.
        path.addLine(to: Point(x: 0, y: 0))
        #expect(path.elements == [
            .move(to: Point(x: 1, y: 2)), .line(to: Point(x: 5, y: 2)),
            .quadCurve(to: Point(x: 5, y: 8), control: Point(x: 9, y: 5)), .close,
            .move(to: Point(x: 1, y: 2)), .line(to: Point(x: 0, y: 0)),
        ])
    }

    @Test func aLineWithoutACurrentPointStartsThere() {
        var path = Path()
        path.addLine(to: Point(x: 3, y: 4))
        #expect(path.elements == [.move(to: Point(x: 3, y: 4)), .line(to: Point(x: 3, y: 4))])
    }

    @Test func rectangleRunsClockwiseOnScreen() {
        let path = Path(Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(path.elements == [
            .move(to: Point(x: 1, y: 2)), .line(to: Point(x: 4, y: 2)), .line(to: Point(x: 4, y: 6)),
            .line(to: Point(x: 1, y: 6)), .close,
        ])
        #expect(path.boundingBox == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(Path().boundingBox.isNull)
    }

    @Test func arcsGoTheAskedWayRound() {
        // From angle 0 to π/2 around (10, 10), radius 5: clockwise (growing angles) is a quarter
        // turn through (13.5, 13.5); counter-clockwise is three quarters, through (5, 10).
        var quarter = Path()
        quarter.addArc(center: Point(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
        var threeQuarters = Path()
        threeQuarters.addArc(center: Point(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: Double.pi / 2, clockwise: false)
        #expect(approx(quarter.currentPoint!, Point(x: 10, y: 15), tolerance: 1e-9))
        #expect(approx(threeQuarters.currentPoint!, Point(x: 10, y: 15), tolerance: 1e-9))
        let q = quarter.boundingBox, t = threeQuarters.boundingBox
        #expect(q.minX > 9.9 && q.minY > 9.9)              // stays in the lower right quadrant
        #expect(t.minX < 5.1 && t.minY < 5.1)              // reaches the left and the top
        // Two 45° pieces for the quarter, six for three quarters.
        #expect(quarter.elements.count == 1 + 2)
        #expect(threeQuarters.elements.count == 1 + 6)
    }

    @Test func arcAfterAPointIsJoinedByALine() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addArc(center: Point(x: 10, y: 0), radius: 2, startAngle: Double.pi, endAngle: 0, clockwise: true)
        #expect(path.elements[1] == .line(to: Point(x: 8, y: 0)))
    }

    @Test func roundedRectangleClampsItsRadius() {
        // Radius 100 on a 40×10 rectangle becomes 5: a capsule whose flat top runs 5...35.
        let capsule = Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 10), cornerRadius: 100)
        #expect(capsule.elements.first == .move(to: Point(x: 5, y: 0)))
        #expect(capsule.boundingBox == Rect(x: 0, y: 0, width: 40, height: 10))
        #expect(Path(roundedRect: Rect(x: 0, y: 0, width: 4, height: 4), cornerRadius: 0) == Path(Rect(x: 0, y: 0, width: 4, height: 4)))
    }

    @Test func flatteningStaysWithinTheTolerance() {
        // A circle of radius 100 flattened to 0.1: every vertex on the circle (to the Bézier
        // approximation's 4e-6 × r), every chord's middle within 0.1 of it.
        let lines = Path(ellipseIn: Rect(x: -100, y: -100, width: 200, height: 200)).flattened(tolerance: 0.1)
        #expect(lines.count == 1)
        #expect(lines[0].closed)
        let points = lines[0].points
        for p in points { #expect(abs((p.x * p.x + p.y * p.y).squareRoot() - 100) < 1e-3) }
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            #expect(100 - (mid.x * mid.x + mid.y * mid.y).squareRoot() <= 0.1)
        }
        // The sagitta of a chord is r(1 − cos(θ/2)); within 0.1 at r = 100 needs
        // θ ≤ 2·acos(0.999) ≈ 0.0894, so at least 2π / 0.0894 ≈ 71 chords — and not many more.
        #expect(points.count >= 71 && points.count <= 200)
        // Through a 4× transform the same circle needs about twice as many.
        let scaled = Path(ellipseIn: Rect(x: -100, y: -100, width: 200, height: 200))
            .flattened(transform: AffineTransform(scaleX: 4, y: 4), tolerance: 0.1)
        #expect(scaled[0].points.count >= 2 * 71)
    }

    @Test func transformingMapsEveryPoint() {
        var path = Path()
        path.move(to: Point(x: 1, y: 1))
        path.addCurve(to: Point(x: 2, y: 0), control1: Point(x: 1, y: 2), control2: Point(x: 3, y: 2))
        let moved = path.applying(AffineTransform(translationX: 10, y: 0))
        #expect(moved.elements == [
            .move(to: Point(x: 11, y: 1)),
            .curve(to: Point(x: 12, y: 0), control1: Point(x: 11, y: 2), control2: Point(x: 13, y: 2)),
        ])
        #expect(moved.currentPoint == Point(x: 12, y: 0))
    }
}

/// Joins, checked where they differ: the outer corner of a thick right angle.
@Suite struct LineJoinTests {
    /// Coverage of the pixel just inside the outer corner of a 10-wide stroke going up to
    /// (20, 20) and turning right there: the outer edges (x = 15 and y = 15) meet at (15, 15).
    private func cornerCoverage(_ join: LineJoin, miterLimit: Double = 10) -> Int {
        let s = Surface(width: 40, height: 40, format: .argb8888)
        let c = GraphicsContext(surface: s)
        c.lineWidth = 10
        c.lineJoin = join
        c.miterLimit = miterLimit
        var path = Path()
        path.move(to: Point(x: 20, y: 35))
        path.addLine(to: Point(x: 20, y: 20))
        path.addLine(to: Point(x: 35, y: 20))
        c.stroke(path)
        return alpha8(s, 15, 15)
    }

    @Test func miterFillsTheCornerBevelCutsItRoundRoundsIt() {
        // Pixel (15, 15) is the miter's tip pixel: a miter covers it whole; a bevel (the line
        // from (15, 20) to (20, 15), x + y = 35) misses it (x + y ≤ 32 there); the round join
        // (radius 5 around (20, 20)) misses it too: its nearest point (16, 16) is 5.66 away.
        #expect(cornerCoverage(.miter) == 255)
        #expect(cornerCoverage(.bevel) == 0)
        #expect(cornerCoverage(.round) == 0)
        // A right angle's miter is √2 ≈ 1.41 widths long: a limit of 1.4 bevels it.
        #expect(cornerCoverage(.miter, miterLimit: 1.4) == 0)
        #expect(cornerCoverage(.miter, miterLimit: 1.5) == 255)
    }
}
