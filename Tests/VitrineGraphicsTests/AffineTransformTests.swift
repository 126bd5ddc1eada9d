import Testing
import VitrineGraphics

@Suite("AffineTransform")
struct AffineTransformTests {
    @Test func identity() {
        let id = AffineTransform.identity
        #expect(id == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(id.isIdentity)
        #expect(!AffineTransform(translationX: 0, y: 1e-9).isIdentity)
        let p = Point(x: 3.5, y: -7)
        #expect(p.applying(id) == p)
    }

    @Test func namedInitializersSetTheExpectedEntries() {
        #expect(AffineTransform(translationX: 3, y: 4) == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4))
        #expect(AffineTransform(scaleX: 2, y: 5) == AffineTransform(a: 2, b: 0, c: 0, d: 5, tx: 0, ty: 0))
        let r = AffineTransform(rotationAngle: .pi / 6)  // sin 30° = 0.5, cos 30° = sqrt(3)/2
        let c = 3.0.squareRoot() / 2
        #expect(approx(r, AffineTransform(a: c, b: 0.5, c: -0.5, d: c, tx: 0, ty: 0)))
    }

    @Test func quarterTurnMapsPlusXToPlusY() {
        // Clockwise on a y-down screen: right -> down, down -> left.
        let r = AffineTransform(rotationAngle: .pi / 2)
        #expect(approx(Point(x: 1, y: 0).applying(r), Point(x: 0, y: 1)))
        #expect(approx(Point(x: 0, y: 1).applying(r), Point(x: -1, y: 0)))
    }

    @Test func concatenationAppliesSelfFirst() {
        let translate = AffineTransform(translationX: 10, y: 0)
        let scale = AffineTransform(scaleX: 2, y: 2)
        let p = Point(x: 1, y: 1)
        // Translate then scale: (1+10, 1) * 2 = (22, 2).
        #expect(p.applying(translate.concatenating(scale)) == Point(x: 22, y: 2))
        // Scale then translate: (2, 2) + (10, 0) = (12, 2).
        #expect(p.applying(scale.concatenating(translate)) == Point(x: 12, y: 2))
    }

    @Test func concatenationMatchesSequentialApplication() {
        let t1 = AffineTransform(a: 1, b: 2, c: -1, d: 3, tx: 4, ty: -5)
        let t2 = AffineTransform(a: 0.5, b: -1, c: 2, d: 1, tx: -3, ty: 7)
        let p = Point(x: 2, y: -1)
        // t1: x' = 1*2 + (-1)*(-1) + 4 = 7, y' = 2*2 + 3*(-1) - 5 = -4.
        // t2: x'' = 0.5*7 + 2*(-4) - 3 = -7.5, y'' = -1*7 + 1*(-4) + 7 = -4.
        #expect(p.applying(t1) == Point(x: 7, y: -4))
        #expect(p.applying(t1.concatenating(t2)) == Point(x: -7.5, y: -4))
    }

    @Test func concatenatingIdentityChangesNothing() {
        let t = AffineTransform(a: 1, b: 2, c: -1, d: 3, tx: 4, ty: -5)
        #expect(t.concatenating(.identity) == t)
        #expect(AffineTransform.identity.concatenating(t) == t)
    }

    @Test func translatedByTranslatesBeforeSelf() {
        // scale(2,2) then translatedBy(10,0): point moves by 10 first, then is scaled.
        let t = AffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(Point(x: 1, y: 1).applying(t) == Point(x: 22, y: 2))
        #expect(t == AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 0))
    }

    @Test func scaledByScalesBeforeSelf() {
        // translation(10, 0) then scaledBy(2, 3): (1,1) -> (2,3) -> (12, 3).
        let t = AffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 3)
        #expect(Point(x: 1, y: 1).applying(t) == Point(x: 12, y: 3))
    }

    @Test func rotatedByRotatesBeforeSelf() {
        // translation(10, 0) then rotated(pi/2): (1, 0) -> (0, 1) -> (10, 1).
        let t = AffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        #expect(approx(Point(x: 1, y: 0).applying(t), Point(x: 10, y: 1)))
        // The other order would give (1+10, 0) turned = (0, 11): a different point.
        let other = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(rotationAngle: .pi / 2))
        #expect(approx(Point(x: 1, y: 0).applying(other), Point(x: 0, y: 11)))
    }

    @Test func inverseOfSimpleTransforms() {
        #expect(AffineTransform(translationX: 3, y: -4).inverted() == AffineTransform(translationX: -3, y: 4))
        #expect(AffineTransform(scaleX: 2, y: 4).inverted() == AffineTransform(scaleX: 0.5, y: 0.25))
        #expect(approx(AffineTransform(rotationAngle: 0.7).inverted(), AffineTransform(rotationAngle: -0.7)))
    }

    @Test func inversionRoundTripsAComposite() {
        let t = AffineTransform.identity
            .translatedBy(x: 12, y: -3)
            .rotated(by: 0.4)
            .scaledBy(x: 2, y: -0.5)
            .concatenating(AffineTransform(a: 1, b: 0.25, c: 0, d: 1, tx: 0, ty: 0))  // shear
        #expect(t.isInvertible)
        let inv = t.inverted()
        #expect(approx(t.concatenating(inv), .identity))
        #expect(approx(inv.concatenating(t), .identity))
        let p = Point(x: 7.25, y: -19)
        #expect(approx(p.applying(t).applying(inv), p))
    }

    @Test func nonInvertibleReturnsSelf() {
        // Collapses y: determinant 1*0 - 0*0 = 0.
        let flatten = AffineTransform(a: 1, b: 0, c: 0, d: 0, tx: 5, ty: 6)
        #expect(!flatten.isInvertible)
        #expect(flatten.inverted() == flatten)
        // Rows proportional: 2*2 - 4*1 = 0.
        let rank1 = AffineTransform(a: 2, b: 4, c: 1, d: 2, tx: 0, ty: 0)
        #expect(!rank1.isInvertible)
        #expect(rank1.inverted() == rank1)
        #expect(AffineTransform.identity.isInvertible)
    }

    @Test func determinant() {
        #expect(AffineTransform(scaleX: 2, y: 3).determinant == 6)
        #expect(AffineTransform(scaleX: -1, y: 1).determinant == -1)
    }

    @Test func description() {
        #expect(AffineTransform.identity.description == "[1.0, 0.0, 0.0, 1.0, 0.0, 0.0]")
    }
}
