import Testing
@testable import Vitrine
@testable import VitrineCore
@testable import VitrineGraphics

/// The per-frame damage path keeps its regions from frame to frame: the commit's damage, the
/// damage ring's frames and what a present copies reuse their pixman blocks, and none of them
/// shares a region another part keeps.
@MainActor
struct DamageReuseTests {
    private let scene = PixelRect(x: 0, y: 0, width: 100, height: 100)
    private func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

    /// Three separate squares that move a little each frame, the same every three frames (so
    /// that after a few frames the blocks have grown to the most any frame needs).
    private func frameDamage(_ frame: Int) -> Region {
        Region([rect(frame % 3 * 2, 2, 4, 4), rect(40, 30 + frame % 3, 6, 3), rect(70 + frame % 3, 80, 5, 5)])
    }

    @Test func theRingKeepsItsOwnCopyOfEachFrame() {
        var ring = DamageRing(bounds: scene)
        var damage = Region([rect(1, 1, 2, 2), rect(10, 10, 2, 2)])
        ring.add(damage)
        damage.formUnion(rect(50, 50, 2, 2))
        damage.removeAll(keepingCapacity: true)
        damage.formUnion(rect(90, 90, 2, 2))
        damage.formUnion(rect(95, 0, 2, 2))
        #expect(ring.damage(forBufferAge: 2, current: Region(rect(0, 0, 1, 1)))
            == Region([rect(0, 0, 1, 1), rect(1, 1, 2, 2), rect(10, 10, 2, 2)]))
    }

    @Test func damageIntoAReusedRegionMatchesAFreshOneFrameAfterFrame() {
        var ring = DamageRing(bounds: scene, capacity: 3, rectangleCap: 8)
        var copying = Region()
        var held: (storage: ObjectIdentifier?, blocks: Set<UInt>)?
        for frame in 0..<40 {
            let current = frameDamage(frame)
            for age in 0...4 {
                ring.damage(forBufferAge: age, current: current, into: &copying)
                var expected = Region(scene)
                if age >= 1 && age - 1 <= min(frame, 3) {
                    expected = current
                    for back in 1..<age { expected.formUnion(frameDamage(frame - back)) }
                    if expected.rectCount > 8 { expected = Region(expected.boundingBox) }
                }
                #expect(copying == expected, "frame \(frame) age \(age)")
            }
            ring.damage(forBufferAge: 2, current: current, into: &copying)
            if frame == 10 { held = copying.heldBlocks }
            if frame > 10 { #expect(copying.heldBlocks == held!, "frame \(frame): the result's blocks were remade") }
            ring.add(current)
        }
    }

    @Test func theCommitReusesItsDamageRegionAndCopiesWhatItKeeps() {
        let h = Harness(width: 200, height: 100)
        let views = [rect(0, 0, 10, 10), rect(100, 40, 20, 10), rect(150, 80, 10, 10)].map { r in
            let view = View(frame: Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height)))
            view.backgroundColor = .red
            h.window.addSubview(view)
            return view
        }
        h.advance(by: 0.1)
        var held: (storage: ObjectIdentifier?, blocks: Set<UInt>)?
        for frame in 0..<8 {
            for view in views { view.setNeedsDisplay() }
            h.frame()
            h.advance(by: 0.05)
            let expected = Region([rect(0, 0, 10, 10), rect(100, 40, 20, 10), rect(150, 80, 10, 10)])
            #expect(h.display.presentedDamage.last == expected)
            #expect(h.app.statistics.lastPresentedDamage == expected)
            if frame == 3 { held = h.app.commitDamage.heldBlocks }
            if frame > 3 { #expect(h.app.commitDamage.heldBlocks == held!, "frame \(frame)") }
            // The statistics' copy is a region of its own, not the commit's.
            #expect(h.app.statistics.lastPresentedDamage.heldBlocks.storage != h.app.commitDamage.heldBlocks.storage)
        }
        #expect(held?.storage != nil)
    }
}
