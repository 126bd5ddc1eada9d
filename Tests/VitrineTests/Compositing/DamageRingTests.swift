import Testing
import Vitrine
import VitrineGraphics

/// The damage ring answers "what does a buffer of age N lack?" exactly, and falls back to the
/// whole scene when it cannot know.
struct DamageRingTests {
    private let scene = PixelRect(x: 0, y: 0, width: 100, height: 100)
    private func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

    @Test func anUnknownAgeNeedsTheWholeScene() {
        let ring = DamageRing(bounds: scene)
        #expect(ring.damage(forBufferAge: 0, current: Region(rect(1, 1, 2, 2))) == Region(scene))
    }

    @Test func ageOneNeedsOnlyThisFrame() {
        var ring = DamageRing(bounds: scene)
        ring.add(Region(rect(50, 50, 10, 10)))
        #expect(ring.damage(forBufferAge: 1, current: Region(rect(1, 1, 2, 2))) == Region(rect(1, 1, 2, 2)))
    }

    @Test func ageTwoAlsoNeedsThePreviousFrame() {
        var ring = DamageRing(bounds: scene)
        ring.add(Region(rect(80, 80, 5, 5)))   // two frames ago: a buffer of age 2 has it
        ring.add(Region(rect(50, 50, 10, 10))) // the previous frame: missing from age 2
        let needed = ring.damage(forBufferAge: 2, current: Region(rect(1, 1, 2, 2)))
        #expect(needed == Region([rect(1, 1, 2, 2), rect(50, 50, 10, 10)]))
        let older = ring.damage(forBufferAge: 3, current: Region(rect(1, 1, 2, 2)))
        #expect(older == Region([rect(1, 1, 2, 2), rect(50, 50, 10, 10), rect(80, 80, 5, 5)]))
    }

    @Test func anAgeOlderThanTheRingRemembersNeedsTheWholeScene() {
        var ring = DamageRing(bounds: scene, capacity: 2)
        for i in 0..<5 { ring.add(Region(rect(i, i, 1, 1))) }
        #expect(ring.damage(forBufferAge: 3, current: Region(rect(0, 0, 1, 1))) == Region([rect(0, 0, 1, 1), rect(4, 4, 1, 1), rect(3, 3, 1, 1)]))
        #expect(ring.damage(forBufferAge: 4, current: Region(rect(0, 0, 1, 1))) == Region(scene))
    }

    @Test func tooManyRectanglesBecomeTheirBoundingBox() {
        var ring = DamageRing(bounds: scene, rectangleCap: 3)
        ring.add(Region([rect(0, 0, 1, 1), rect(10, 10, 1, 1)]))
        let needed = ring.damage(forBufferAge: 2, current: Region([rect(20, 20, 1, 1), rect(30, 30, 1, 1)]))
        #expect(needed == Region(rect(0, 0, 31, 31)))
    }

    @Test func damageOutsideTheSceneIsDropped() {
        let ring = DamageRing(bounds: scene)
        #expect(ring.damage(forBufferAge: 1, current: Region(rect(90, 90, 20, 20))) == Region(rect(90, 90, 10, 10)))
    }

    @Test func resetForgetsEveryFrame() {
        var ring = DamageRing(bounds: scene)
        ring.add(Region(rect(1, 1, 1, 1)))
        ring.reset(bounds: scene)
        #expect(ring.damage(forBufferAge: 2, current: Region(rect(5, 5, 1, 1))) == Region(scene))
    }
}
