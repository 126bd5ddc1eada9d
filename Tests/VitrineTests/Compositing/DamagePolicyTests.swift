import Testing
import Vitrine
import VitrineGraphics

/// One rule for how detailed damage stays, wherever it is kept: the window's list as it is
/// collected, the compositor's ring, and the clips a display hands its driver all keep up to
/// `DamagePolicy.maximumRectangles` rectangles and become one bounding box past that.
@MainActor
struct DamagePolicyTests {
    private let limit = DamagePolicy.maximumRectangles

    /// `count` disjoint 2×2 squares, 10 pixels apart along one row.
    private func squares(_ count: Int) -> [PixelRect] {
        (0..<count).map { PixelRect(x: $0 * 10, y: 0, width: 2, height: 2) }
    }

    @Test func theLimitIsWlrootsDamageRing() {
        #expect(limit == 20)
    }

    @Test func aRegionWithinTheLimitKeepsItsRectanglesAndOnePastItIsItsBoundingBox() {
        #expect(DamagePolicy.capped(Region(squares(limit))).rectCount == limit)
        #expect(DamagePolicy.capped(Region(squares(limit + 1))) == Region(PixelRect(x: 0, y: 0, width: limit * 10 + 2, height: 2)))
    }

    @Test func aWindowCollectsAsManyRectanglesAsTheLimitThenTheirBoundingBox() {
        let h = Harness(width: 400, height: 100)
        h.frame()
        for square in squares(limit) {
            h.window.setNeedsDisplay(Rect(x: Double(square.x), y: 10, width: 2, height: 2))
        }
        #expect(h.window.pendingDamage.count == limit)
        h.window.setNeedsDisplay(Rect(x: Double(limit * 10), y: 10, width: 2, height: 2))
        #expect(h.window.pendingDamage == [Rect(x: 0, y: 10, width: Double(limit * 10 + 2), height: 2)])
    }

    @Test func theRingAndTheClipsCapAtTheSameLimit() {
        let scene = PixelRect(x: 0, y: 0, width: 400, height: 100)
        let ring = DamageRing(bounds: scene)
        #expect(ring.rectangleCap == limit)
        #expect(ring.damage(forBufferAge: 1, current: Region(squares(limit))).rectCount == limit)
        #expect(ring.damage(forBufferAge: 1, current: Region(squares(limit + 1))).rectCount == 1)
        #expect(DamageClips.rectangles(for: Region(squares(limit)), sceneWidth: 400, sceneHeight: 100, rotation: .none).count == limit)
        #expect(DamageClips.rectangles(for: Region(squares(limit + 1)), sceneWidth: 400, sceneHeight: 100, rotation: .none)
            == [PixelRect(x: 0, y: 0, width: limit * 10 + 2, height: 2)])
    }
}
