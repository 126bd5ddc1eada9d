import Testing
import VitrineGraphics

@Suite("Point")
struct PointTests {
    @Test func zeroAndDefaultInitAreTheOrigin() {
        #expect(Point() == Point(x: 0, y: 0))
        #expect(Point.zero == Point(x: 0, y: 0))
    }

    @Test func additionAndSubtractionAreComponentWise() {
        let p = Point(x: 3, y: -2)
        let q = Point(x: 0.5, y: 7)
        #expect(p + q == Point(x: 3.5, y: 5))
        #expect(p - q == Point(x: 2.5, y: -9))
    }

    @Test func distanceIsEuclideanAndSymmetric() {
        // 3-4-5 triangle.
        let p = Point(x: 1, y: 2)
        let q = Point(x: 4, y: 6)
        #expect(p.distance(to: q) == 5)
        #expect(q.distance(to: p) == 5)
        #expect(p.distance(to: p) == 0)
    }

    @Test func applyingUsesRowVectorConventionWithTranslation() {
        // x' = a*x + c*y + tx = 2*1 + 5*2 + 7 = 19; y' = b*x + d*y + ty = 3*1 + 4*2 - 1 = 10.
        let t = AffineTransform(a: 2, b: 3, c: 5, d: 4, tx: 7, ty: -1)
        #expect(Point(x: 1, y: 2).applying(t) == Point(x: 19, y: 10))
    }

    @Test func descriptionShowsBothCoordinates() {
        #expect(Point(x: 1.5, y: -2).description == "(1.5, -2.0)")
    }
}

@Suite("Size")
struct SizeTests {
    @Test func zeroAndDefaultInit() {
        #expect(Size() == Size(width: 0, height: 0))
        #expect(Size.zero == Size(width: 0, height: 0))
    }

    @Test func applyingIgnoresTranslation() {
        // (a*w + c*h, b*w + d*h) = (2*10 + 5*1, 3*10 + 4*1) = (25, 34); tx/ty play no part.
        let t = AffineTransform(a: 2, b: 3, c: 5, d: 4, tx: 100, ty: 100)
        #expect(Size(width: 10, height: 1).applying(t) == Size(width: 25, height: 34))
    }

    @Test func applyingAQuarterTurnSwapsAndNegates() {
        // Rotation by pi/2: a = 0, b = 1, c = -1, d = 0 => (w, h) -> (-h, w).
        let s = Size(width: 4, height: 3).applying(AffineTransform(rotationAngle: .pi / 2))
        #expect(approx(s.width, -3))
        #expect(approx(s.height, 4))
    }
}

@Suite("EdgeInsets")
struct EdgeInsetsTests {
    @Test func initializers() {
        #expect(EdgeInsets() == EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        #expect(EdgeInsets.zero == EdgeInsets())
        #expect(EdgeInsets(all: 3) == EdgeInsets(top: 3, left: 3, bottom: 3, right: 3))
    }

    @Test func horizontalAndVerticalSums() {
        let insets = EdgeInsets(top: 1, left: 2, bottom: 4, right: 8)
        #expect(insets.horizontal == 10)
        #expect(insets.vertical == 5)
    }
}
