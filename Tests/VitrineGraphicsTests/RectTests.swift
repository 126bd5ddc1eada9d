import Testing
import VitrineGraphics
import VitrineTestSupport

@Suite("Rect basics")
struct RectBasicsTests {
    @Test func initializersAgree() {
        let r = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(r == Rect(origin: Point(x: 1, y: 2), size: Size(width: 3, height: 4)))
        #expect(Rect() == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(Rect.zero == Rect())
    }

    @Test func edgesOfAPositiveRect() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.minX == 10)
        #expect(r.midX == 25)
        #expect(r.maxX == 40)
        #expect(r.minY == 20)
        #expect(r.midY == 40)
        #expect(r.maxY == 60)
        #expect(r.width == 30)
        #expect(r.height == 40)
        #expect(r.center == Point(x: 25, y: 40))
    }

    @Test func edgesOfANegativeSizeRectAreThoseOfItsStandardizedForm() {
        // Origin (10, 20), size (-4, -6): spans x in [6, 10], y in [14, 20].
        let r = Rect(x: 10, y: 20, width: -4, height: -6)
        #expect(r.minX == 6)
        #expect(r.midX == 8)
        #expect(r.maxX == 10)
        #expect(r.minY == 14)
        #expect(r.midY == 17)
        #expect(r.maxY == 20)
        #expect(r.width == 4)
        #expect(r.height == 6)
        #expect(r.center == Point(x: 8, y: 17))
    }

    @Test func standardizedFlipsNegativeSizes() {
        #expect(Rect(x: 10, y: 20, width: -4, height: -6).standardized == Rect(x: 6, y: 14, width: 4, height: 6))
        #expect(Rect(x: 10, y: 20, width: -4, height: 6).standardized == Rect(x: 6, y: 20, width: 4, height: 6))
        #expect(Rect(x: 10, y: 20, width: 4, height: -6).standardized == Rect(x: 10, y: 14, width: 4, height: 6))
        let positive = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(positive.standardized == positive)
        #expect(Rect.null.standardized.isNull)
    }

    @Test func nullRect() {
        #expect(Rect.null.isNull)
        #expect(Rect.null.isEmpty)
        #expect(!Rect.null.isInfinite)
        #expect(Rect.null.origin.x == .infinity)
        #expect(Rect.null.origin.y == .infinity)
        #expect(Rect.null.size == .zero)
        #expect(!Rect.zero.isNull)
    }

    @Test func infiniteRect() {
        let inf = Rect.infinite
        #expect(inf.isInfinite)
        #expect(!inf.isNull)
        #expect(!inf.isEmpty)
        #expect(inf.contains(Point(x: -1e300, y: 1e300)))
        #expect(inf.contains(Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)))
        #expect(!Rect(x: 0, y: 0, width: 1, height: 1).isInfinite)
    }

    @Test func emptiness() {
        #expect(Rect.zero.isEmpty)
        #expect(Rect(x: 5, y: 5, width: 0, height: 10).isEmpty)
        #expect(Rect(x: 5, y: 5, width: 10, height: 0).isEmpty)
        #expect(!Rect(x: 5, y: 5, width: -1, height: -1).isEmpty)
        #expect(!Rect(x: 5, y: 5, width: 1, height: 1).isEmpty)
    }
}

@Suite("Rect integral")
struct RectIntegralTests {
    @Test func fractionalPositiveCoordinatesExpandOutward() {
        // Spans x in [1.2, 4.7] -> [1, 5]; y in [2.5, 3.0] -> [2, 3].
        let r = Rect(x: 1.2, y: 2.5, width: 3.5, height: 0.5).integral
        #expect(r == Rect(x: 1, y: 2, width: 4, height: 1))
    }

    @Test func negativeFractionalCoordinatesRoundDownNotTowardZero() {
        // Spans x in [-1.5, -0.25] -> [-2, 0]; y in [-3.75, -1.75] -> [-4, -1].
        let r = Rect(x: -1.5, y: -3.75, width: 1.25, height: 2).integral
        #expect(r == Rect(x: -2, y: -4, width: 2, height: 3))
    }

    @Test func negativeSizeIsStandardizedFirst() {
        // Origin (2.5, 1), size (-3, -0.5): spans x in [-0.5, 2.5] -> [-1, 3]; y in [0.5, 1] -> [0, 1].
        let r = Rect(x: 2.5, y: 1, width: -3, height: -0.5).integral
        #expect(r == Rect(x: -1, y: 0, width: 4, height: 1))
    }

    @Test func integralRectIsUnchanged() {
        let r = Rect(x: -3, y: 4, width: 5, height: 6)
        #expect(r.integral == r)
    }

    @Test func nullStaysNull() {
        #expect(Rect.null.integral.isNull)
    }
}

@Suite("Rect insets and offsets")
struct RectInsetTests {
    @Test func insetByShrinksEachSide() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50).insetBy(dx: 10, dy: 5)
        #expect(r == Rect(x: 10, y: 5, width: 80, height: 40))
    }

    @Test func negativeInsetGrows() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10).insetBy(dx: -2, dy: -3)
        #expect(r == Rect(x: -2, y: -3, width: 14, height: 16))
    }

    @Test func insetPastZeroSizeIsNull() {
        // Width 10 - 2*6 = -2 < 0.
        #expect(Rect(x: 0, y: 0, width: 10, height: 100).insetBy(dx: 6, dy: 0).isNull)
        #expect(Rect(x: 0, y: 0, width: 100, height: 10).insetBy(dx: 0, dy: 5.5).isNull)
        // Exactly zero is allowed: an empty, non-null rect at the centre line.
        let exact = Rect(x: 0, y: 0, width: 10, height: 10).insetBy(dx: 5, dy: 0)
        #expect(!exact.isNull)
        #expect(exact == Rect(x: 5, y: 0, width: 0, height: 10))
    }

    @Test func insetByWorksOnTheStandardizedRect() {
        // Origin (10, 10), size (-10, -10) spans [0, 10] x [0, 10].
        let r = Rect(x: 10, y: 10, width: -10, height: -10).insetBy(dx: 1, dy: 2)
        #expect(r == Rect(x: 1, y: 2, width: 8, height: 6))
    }

    @Test func insetByOnNullIsNull() {
        #expect(Rect.null.insetBy(dx: -5, dy: -5).isNull)
    }

    @Test func insetByEdgeInsets() {
        // x: 10 + left 2 = 12; y: 20 + top 1 = 21; width 100 - (2 + 8) = 90; height 50 - (1 + 4) = 45.
        let insets = EdgeInsets(top: 1, left: 2, bottom: 4, right: 8)
        let r = Rect(x: 10, y: 20, width: 100, height: 50).inset(by: insets)
        #expect(r == Rect(x: 12, y: 21, width: 90, height: 45))
    }

    @Test func insetByZeroInsetsIsIdentityAndNegativeInsetsGrow() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.inset(by: .zero) == r)
        #expect(r.inset(by: EdgeInsets(all: -5)) == Rect(x: 5, y: 15, width: 110, height: 60))
    }

    @Test func offsetByMovesOriginOnly() {
        let r = Rect(x: 1, y: 2, width: -3, height: 4).offsetBy(dx: 10, dy: -20)
        #expect(r == Rect(x: 11, y: -18, width: -3, height: 4))
        #expect(Rect.null.offsetBy(dx: 1, dy: 1).isNull)
    }
}

@Suite("Rect union and intersection")
struct RectSetOperationTests {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)

    @Test func unionOfOverlappingRects() {
        let b = Rect(x: 5, y: -5, width: 10, height: 10)
        // x in [0, 15], y in [-5, 10].
        #expect(a.union(b) == Rect(x: 0, y: -5, width: 15, height: 15))
        #expect(b.union(a) == a.union(b))
    }

    @Test func unionOfDisjointRectsIsTheBoundingBox() {
        let b = Rect(x: 20, y: 30, width: 5, height: 5)
        // x in [0, 25], y in [0, 35].
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 25, height: 35))
    }

    @Test func nullIsTheIdentityOfUnion() {
        let odd = Rect(x: 3, y: 4, width: -2, height: 5)
        #expect(Rect.null.union(odd) == odd)
        #expect(odd.union(.null) == odd)
        #expect(Rect.null.union(.null).isNull)
    }

    @Test func unionWithAnEmptyNonNullRectStillCountsItsPosition() {
        // Rect.zero at (0,0) widens a rect that sits away from the origin.
        let r = Rect(x: 5, y: 5, width: 1, height: 1)
        #expect(r.union(.zero) == Rect(x: 0, y: 0, width: 6, height: 6))
    }

    @Test func unionStandardizesNegativeSizes() {
        let b = Rect(x: 12, y: 12, width: -2, height: -2)  // spans [10, 12] x [10, 12]
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 12, height: 12))
    }

    @Test func intersectionOfOverlappingRects() {
        let b = Rect(x: 5, y: -5, width: 10, height: 10)
        // x in [5, 10], y in [0, 5].
        #expect(a.intersection(b) == Rect(x: 5, y: 0, width: 5, height: 5))
        #expect(b.intersection(a) == a.intersection(b))
        #expect(a.intersects(b))
    }

    @Test func intersectionWithAContainedRectIsThatRect() {
        let inner = Rect(x: 2, y: 3, width: 4, height: 5)
        #expect(a.intersection(inner) == inner)
    }

    @Test func disjointRectsIntersectInNull() {
        let b = Rect(x: 11, y: 0, width: 5, height: 5)
        #expect(a.intersection(b).isNull)
        #expect(!a.intersects(b))
        let below = Rect(x: 0, y: 10.5, width: 10, height: 1)
        #expect(a.intersection(below).isNull)
    }

    @Test func rectsSharingAnEdgeIntersectInAZeroWidthRectNotNull() {
        let right = Rect(x: 10, y: 2, width: 5, height: 5)
        let i = a.intersection(right)
        #expect(!i.isNull)
        #expect(i == Rect(x: 10, y: 2, width: 0, height: 5))
        #expect(i.isEmpty)
        #expect(!a.intersects(right))
    }

    @Test func rectsSharingOnlyACornerIntersectInAZeroSizeRect() {
        let diagonal = Rect(x: 10, y: 10, width: 5, height: 5)
        #expect(a.intersection(diagonal) == Rect(x: 10, y: 10, width: 0, height: 0))
        #expect(!a.intersects(diagonal))
    }

    @Test func intersectionWithNullIsNull() {
        #expect(a.intersection(.null).isNull)
        #expect(Rect.null.intersection(a).isNull)
        #expect(!a.intersects(.null))
    }

    @Test func intersectionWithInfiniteIsTheOtherRect() {
        #expect(a.intersection(.infinite) == a)
    }
}

@Suite("Rect containment")
struct RectContainsTests {
    let r = Rect(x: 10, y: 20, width: 30, height: 40)  // x in [10, 40), y in [20, 60)

    @Test func topLeftEdgesAreInsideBottomRightEdgesAreNot() {
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(r.contains(Point(x: 10, y: 59.999)))
        #expect(r.contains(Point(x: 39.999, y: 20)))
        #expect(!r.contains(Point(x: 40, y: 30)))
        #expect(!r.contains(Point(x: 20, y: 60)))
        #expect(!r.contains(Point(x: 40, y: 60)))
        #expect(!r.contains(Point(x: 9.999, y: 30)))
        #expect(!r.contains(Point(x: 20, y: 19.999)))
        #expect(r.contains(Point(x: 25, y: 40)))
    }

    @Test func adjacentRectsNeverBothContainTheSharedEdge() {
        let left = Rect(x: 0, y: 0, width: 10, height: 10)
        let right = Rect(x: 10, y: 0, width: 10, height: 10)
        let onEdge = Point(x: 10, y: 5)
        #expect(!left.contains(onEdge))
        #expect(right.contains(onEdge))
    }

    @Test func negativeSizeRectContainsByItsStandardizedEdges() {
        let n = Rect(x: 10, y: 10, width: -10, height: -10)  // [0, 10) x [0, 10)
        #expect(n.contains(Point(x: 0, y: 0)))
        #expect(!n.contains(Point(x: 10, y: 5)))
    }

    @Test func emptyAndNullRectsContainNoPoint() {
        #expect(!Rect.zero.contains(Point.zero))
        #expect(!Rect(x: 0, y: 0, width: 0, height: 10).contains(Point(x: 0, y: 5)))
        #expect(!Rect.null.contains(Point(x: .infinity, y: .infinity)))
    }

    @Test func containsRectIncludesEdges() {
        #expect(r.contains(r))
        #expect(r.contains(Rect(x: 10, y: 20, width: 30, height: 1)))  // shares three edges
        #expect(r.contains(Rect(x: 15, y: 25, width: 5, height: 5)))
        #expect(!r.contains(Rect(x: 15, y: 25, width: 30, height: 5)))  // spills past maxX
        #expect(!r.contains(Rect(x: 0, y: 0, width: 5, height: 5)))  // disjoint
        #expect(!Rect(x: 15, y: 25, width: 5, height: 5).contains(r))
    }

    @Test func containsRectStandardizesBothSides() {
        let flipped = Rect(x: 40, y: 60, width: -30, height: -40)  // same area as r
        #expect(flipped.contains(r))
        #expect(r.contains(flipped))
    }

    @Test func containsRectWithFractionalEdges() {
        // 0.1 + 0.3 rounds, so a union-equality check could wrongly fail here.
        let outer = Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
        #expect(outer.contains(Rect(x: 0.2, y: 0.3, width: 0.1, height: 0.1)))
        #expect(outer.contains(outer))
    }

    @Test func nullIsNeitherContainerNorContained() {
        #expect(!r.contains(Rect.null))
        #expect(!Rect.null.contains(r))
    }

    @Test func emptyRectInsideIsContained() {
        #expect(r.contains(Rect(x: 20, y: 30, width: 0, height: 0)))
        #expect(r.contains(Rect(x: 40, y: 60, width: 0, height: 0)))  // bottom-right corner, closed
    }
}

@Suite("Rect applying")
struct RectApplyingTests {
    /// The box of the four mapped corners, as `applying` was first written (an array of
    /// corners, folded in order): the straight-line version must give the same bits.
    private func referenceApplying(_ r: Rect, _ t: AffineTransform) -> Rect {
        if r.isNull || t.isIdentity { return r }
        if r.isInfinite && t.isInvertible { return .infinite }
        let corners = [Point(x: r.minX, y: r.minY).applying(t), Point(x: r.maxX, y: r.minY).applying(t),
                       Point(x: r.minX, y: r.maxY).applying(t), Point(x: r.maxX, y: r.maxY).applying(t)]
        var x0 = corners[0].x, y0 = corners[0].y, x1 = x0, y1 = y0
        for corner in corners.dropFirst() {
            x0 = Swift.min(x0, corner.x); y0 = Swift.min(y0, corner.y)
            x1 = Swift.max(x1, corner.x); y1 = Swift.max(y1, corner.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    @Test func givesTheBitsOfTheCornersFoldedInOrder() {
        var g = SeededRandom(seed: 15)
        func value() -> Double {
            switch Int.random(in: 0..<12, using: &g) {
            case 0: return 0
            case 1: return -0.0
            case 2: return .infinity
            case 3: return -.infinity
            case 4: return .nan
            case 5: return Double(Int.random(in: -5...5, using: &g))
            default: return Double.random(in: -1e4...1e4, using: &g)
            }
        }
        let specials = [Rect.null, .infinite, .zero]
        for i in 0..<20_000 {
            let r = i % 50 < 3 ? specials[i % 50] : Rect(x: value(), y: value(), width: value(), height: value())
            let t = switch i % 4 {
            case 0: AffineTransform(translationX: value(), y: value())
            case 1: AffineTransform(scaleX: value(), y: value()).concatenating(AffineTransform(translationX: value(), y: value()))
            case 2: AffineTransform(rotationAngle: Double.random(in: -4...4, using: &g))
            default: AffineTransform(a: value(), b: value(), c: value(), d: value(), tx: value(), ty: value())
            }
            let got = r.applying(t), want = referenceApplying(r, t)
            let same = [got.origin.x, got.origin.y, got.size.width, got.size.height].map(\.bitPattern)
                == [want.origin.x, want.origin.y, want.size.width, want.size.height].map(\.bitPattern)
            if !same {
                Issue.record("\(r) under \(t): \(got), expected \(want)")
                return
            }
        }
    }

    @Test func identityReturnsSelfUnchanged() {
        let odd = Rect(x: 5, y: 5, width: -3, height: 2)
        #expect(odd.applying(.identity) == odd)  // not standardized
        #expect(Rect.null.applying(.identity).isNull)
    }

    @Test func nullStaysNullUnderAnyTransform() {
        #expect(Rect.null.applying(AffineTransform(translationX: 5, y: 5)).isNull)
        #expect(Rect.null.applying(AffineTransform(rotationAngle: 1)).isNull)
    }

    @Test func translationAndScaleMoveTheBox() {
        let r = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(r.applying(AffineTransform(translationX: 10, y: -1)) == Rect(x: 11, y: 1, width: 3, height: 4))
        #expect(r.applying(AffineTransform(scaleX: 2, y: 3)) == Rect(x: 2, y: 6, width: 6, height: 12))
        // A mirror yields a standardized result: x in [1, 4] -> [-4, -1].
        #expect(r.applying(AffineTransform(scaleX: -1, y: 1)) == Rect(x: -4, y: 2, width: 3, height: 4))
    }

    @Test func quarterTurnMapsTheRectToItsRotatedBox() {
        // (x, y) -> (-y, x). Corners of [0, 4] x [0, 2]: (0,0)->(0,0), (4,0)->(0,4),
        // (0,2)->(-2,0), (4,2)->(-2,4). Box: x in [-2, 0], y in [0, 4].
        let r = Rect(x: 0, y: 0, width: 4, height: 2).applying(AffineTransform(rotationAngle: .pi / 2))
        #expect(approx(r, Rect(x: -2, y: 0, width: 2, height: 4)))
    }

    @Test func eighthTurnGivesALargerBoundingBox() {
        // The unit square centred on the origin, corners (±0.5, ±0.5), turned by 45°:
        // corners land on the axes at distance sqrt(0.5), so the box is [-s, s] x [-s, s].
        let s = 0.5.squareRoot()
        let r = Rect(x: -0.5, y: -0.5, width: 1, height: 1).applying(AffineTransform(rotationAngle: .pi / 4))
        #expect(approx(r, Rect(x: -s, y: -s, width: 2 * s, height: 2 * s)))
    }

    @Test func infiniteStaysInfiniteUnderInvertibleTransforms() {
        #expect(Rect.infinite.applying(AffineTransform(rotationAngle: 0.3)).isInfinite)
    }
}

@Suite("Rect description")
struct RectDescriptionTests {
    @Test func descriptions() {
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).description == "(1.0, 2.0, 3.0, 4.0)")
        #expect(Rect.null.description == "Rect.null")
        #expect(Rect.infinite.description == "Rect.infinite")
    }
}
