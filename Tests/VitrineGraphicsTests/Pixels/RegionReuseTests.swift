import Testing
import VitrineTestSupport
@testable import VitrineGraphics

/// Region's reuse of its pixman blocks: copies stay independent, results stay exact, and a
/// region refilled frame after frame keeps the same storage and blocks once warm.
@Suite struct RegionReuseTests {
    private func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

    /// Three separate 2×2 squares: a region with pixman storage.
    private var three: Region { Region([rect(0, 0, 2, 2), rect(10, 0, 2, 2), rect(0, 10, 2, 2)]) }

    @Test func aCopyKeepsItsRectanglesWhileTheOriginalReusesItsBlocks() {
        var r = three
        let before = r
        r.formUnion(rect(20, 20, 2, 2))
        #expect(before.rects == three.rects)
        let four = r
        r.removeAll(keepingCapacity: true)
        #expect(r.isEmpty && r.rectCount == 0 && r.area == 0)
        #expect(four.rects == [rect(0, 0, 2, 2), rect(10, 0, 2, 2), rect(0, 10, 2, 2), rect(20, 20, 2, 2)])
        r.formUnion(rect(5, 5, 1, 1))
        r.formUnion(rect(30, 30, 1, 1))
        #expect(r.rects == [rect(5, 5, 1, 1), rect(30, 30, 1, 1)])
        let two = r
        r.subtract(rect(5, 5, 1, 1))
        #expect(r.rects == [rect(30, 30, 1, 1)])
        #expect(two.rectCount == 2)
        // replaceContents copies: changing either afterwards leaves the other alone.
        r.replaceContents(with: four)
        #expect(r == four)
        r.formUnion(rect(40, 40, 1, 1))
        r.formIntersection(rect(0, 0, 12, 12))
        #expect(r.rects == [rect(0, 0, 2, 2), rect(10, 0, 2, 2), rect(0, 10, 2, 2)])
        #expect(four.rectCount == 4 && four.area == 16)
        #expect(before == three && two.area == 2)
    }

    @Test func aCopyOfAnEmptiedRegionSharesNothingItCanSee() {
        var a = three
        a.removeAll(keepingCapacity: true)
        var b = a
        a.formUnion(rect(0, 0, 1, 1))
        a.formUnion(rect(5, 5, 1, 1))
        b.formUnion(rect(9, 9, 1, 1))
        b.formUnion(rect(20, 0, 1, 1))
        #expect(a.rects == [rect(0, 0, 1, 1), rect(5, 5, 1, 1)])
        #expect(b.rects == [rect(20, 0, 1, 1), rect(9, 9, 1, 1)])
    }

    @Test func removeAllKeepingCapacityThenUnionGivesExactlyTheNewRectangles() {
        var damage = Region()
        for frame in 0..<12 {
            let rects = (0...(frame % 5)).map { i in rect(i * 13 + frame, (i * 7 + frame) % 30, 4 + i, 3) }
            damage.removeAll(keepingCapacity: frame % 4 != 3)
            for r in rects { damage.formUnion(r) }
            #expect(damage == Region(rects))
            #expect(damage.area == Region(rects).area)
            #expect(damage.rects == Region(rects).rects)
        }
    }

    @Test func selfOperationsOnStorageAfterReuse() {
        var a = three
        a.removeAll(keepingCapacity: true)
        a.formUnion(three)
        let copy = a
        a.formUnion(a)
        #expect(a == copy)
        a.formIntersection(a)
        #expect(a == copy)
        #expect(a.isSuperset(of: a) && a.isSuperset(of: copy))
        a.subtract(a)
        #expect(a.isEmpty)
        #expect(copy == three)
    }

    @Test func replaceContentsWithItselfOrAShareChangesNothing() {
        var a = three
        a.replaceContents(with: a)
        #expect(a == three)
        let share = a
        a.replaceContents(with: share)
        #expect(a == three && share == three)
        a.replaceContents(with: Region(rect(1, 1, 3, 3)))
        #expect(a.rects == [rect(1, 1, 3, 3)])
        a.replaceContents(with: Region())
        #expect(a.isEmpty && share == three)
    }

    /// The commit's and the damage ring's use: the same region emptied and refilled each frame
    /// with a few rectangles keeps one storage and the same two pixman blocks — nothing is
    /// allocated after the first frames. Shrinking to one rectangle and growing back too.
    @Test func aWarmRegionRefilledEachFrameKeepsItsStorageAndBlocks() {
        var damage = Region()
        func rects(_ frame: Int) -> [PixelRect] { (0..<3).map { i in rect(i * 20 + frame % 3, i * 7, 5, 5) } }
        for frame in 0..<3 {
            damage.removeAll(keepingCapacity: true)
            for r in rects(frame) { damage.formUnion(r) }
        }
        let held = damage.heldBlocks
        #expect(held.storage != nil)
        #expect(held.blocks.count == 2)
        for frame in 3..<20 {
            damage.removeAll(keepingCapacity: true)
            #expect(damage.heldBlocks == held)
            for r in rects(frame) {
                damage.formUnion(r)
                #expect(damage.heldBlocks == held)
            }
            #expect(damage == Region(rects(frame)))
            damage.formIntersection(rect(0, 0, 200, 200))   // holds it all: unchanged
            #expect(damage.heldBlocks == held)
        }
        // Down to one rectangle (inline, blocks kept) and back up.
        damage.formIntersection(rect(0, 0, 10, 10))
        #expect(damage.rectCount == 1)
        #expect(damage.heldBlocks.storage == held.storage)
        damage.formUnion(rect(50, 50, 2, 2))
        damage.formUnion(rect(60, 60, 2, 2))
        #expect(damage.heldBlocks.storage == held.storage)
        #expect(damage.rectCount == 3)
        // Copying another region in: the same storage takes it.
        var other = Region([rect(0, 0, 1, 1), rect(3, 3, 1, 1)])
        other.formUnion(rect(6, 6, 1, 1))
        damage.replaceContents(with: other)
        #expect(damage == other)
        #expect(damage.heldBlocks.storage == held.storage)
        #expect(other.heldBlocks.storage != held.storage)
        // Without keeping capacity everything goes.
        damage.removeAll()
        #expect(damage.heldBlocks.storage == nil)
    }

    /// The cases pixman answers by copying an operand, which would let the written region's
    /// blocks go: a rect already inside or holding it all, a region apart. A fill spared under
    /// opaque views (a parent's rect, then its children's inside it) meets them every frame.
    @Test func subsumedAndApartOperandsKeepTheBlocks() {
        var spared = Region()
        var fill = Region()
        var other = Region([rect(500, 500, 4, 4), rect(520, 520, 4, 4)])
        var held: (storage: ObjectIdentifier?, blocks: Set<UInt>)?
        var heldFill: (storage: ObjectIdentifier?, blocks: Set<UInt>)?
        for frame in 0..<12 {
            spared.removeAll(keepingCapacity: true)
            spared.formUnion(rect(0, 0, 100, 20))      // a bar
            spared.formUnion(rect(10, 5, 8, 8))        // inside it (pixman: copy the bar)
            spared.formUnion(rect(0, 40, 30, 30))      // apart: two rectangles
            spared.formUnion(rect(5, 45, 10, 10))      // inside: unchanged
            spared.formUnion(Region(rect(1, 1, 2, 2))) // a one-rect region inside
            spared.formUnion(rect(0, 80, 10 + frame % 2, 10))
            #expect(spared == Region([rect(0, 0, 100, 20), rect(0, 40, 30, 30), rect(0, 80, 10 + frame % 2, 10)]))
            spared.formUnion(rect(-10, -10, 300, 300))  // holding it all (pixman: copy the rect)
            #expect(spared == Region(rect(-10, -10, 300, 300)))
            spared.formUnion(rect(0, 400, 10, 10))
            spared.formUnion(rect(20, 400, 10, 10))
            #expect(spared.rectCount == 3)
            fill.removeAll(keepingCapacity: true)
            fill.formUnion(rect(0, 0, 200, 200))
            fill.subtract(Region([rect(0, 0, 100, 20), rect(0, 40, 30, 30), rect(0, 80, 10 + frame % 2, 10)]))
            fill.subtract(other)                       // apart: unchanged
            #expect(fill.area == 200 * 200 - 2000 - 900 - (10 + frame % 2) * 10)
            fill.formIntersection(other)               // apart: empty (pixman: let the blocks go)
            #expect(fill.isEmpty)
            if frame >= 4 {
                // Warm: the same storage and blocks from frame to frame.
                if let held { #expect(spared.heldBlocks == held) } else { held = spared.heldBlocks }
                if let heldFill { #expect(fill.heldBlocks == heldFill) } else { heldFill = fill.heldBlocks }
            }
        }
        #expect(held?.blocks.isEmpty == false)
        other.removeAll()
    }

    /// A rectangle less a strip across it is one rectangle, found without pixman (which lets
    /// the written region's blocks go for any one-rectangle result): what a display's present
    /// copies after the moved part of a scrolled area was copied ahead.
    @Test func aRectLessAStripKeepsTheBlocks() {
        var rest = Region([rect(0, 0, 10, 10), rect(20, 20, 10, 10)])
        let held = rest.heldBlocks
        #expect(!held.blocks.isEmpty)
        for frame in 0..<10 {
            let cut = 60 + frame % 3
            rest.removeAll(keepingCapacity: true)
            rest.formUnion(rect(0, 0, 100, 100))
            rest.subtract(Region(rect(0, 0, 100, cut)))
            #expect(rest == Region(rect(0, cut, 100, 100 - cut)))
            #expect(rest.heldBlocks == held)              // nothing let go
            rest.subtract(Region(rect(90, 0, 30, 200)))   // the right side: still one
            #expect(rest == Region(rect(0, cut, 90, 100 - cut)))
            rest.formUnion(rect(200, 0, 5, 5))            // many again: in the same blocks
            #expect(rest.heldBlocks == held)
        }
    }

    @Test func isSupersetOfFollowsThePixels() {
        let l = Region([rect(0, 0, 10, 5), rect(0, 5, 5, 5)])
        #expect(l.isSuperset(of: Region(rect(0, 0, 5, 10))))         // spans both bands
        #expect(l.isSuperset(of: Region([rect(1, 1, 8, 2), rect(0, 8, 2, 2)])))
        #expect(!l.isSuperset(of: Region(rect(4, 4, 2, 2))))           // one pixel out at (5, 5)
        #expect(l.isSuperset(of: Region()))
        #expect(!Region().isSuperset(of: Region(rect(0, 0, 1, 1))))
        #expect(Region(rect(0, 0, 10, 10)).isSuperset(of: l))
        #expect(!Region(rect(1, 0, 10, 10)).isSuperset(of: l))
    }
}

/// Many seeded random operations on a region, checked after each against a brute-force set of
/// pixels; copies taken along the way must keep their pixels whatever the original does.
@Suite struct RegionRandomOperationTests {
    /// Pixels of the square -`margin`..<`size - margin` on each axis, as booleans.
    private struct Pixels: Equatable {
        static let margin = 64, size = 192
        var on = [Bool](repeating: false, count: size * size)

        init() {}
        init(_ region: Region) {
            region.forEachRect { r in
                for y in r.y..<r.maxY { for x in r.x..<r.maxX { on[Pixels.index(x, y)] = true } }
            }
        }
        static func index(_ x: Int, _ y: Int) -> Int { (y + margin) * size + x + margin }
        static func rectPixels(_ r: PixelRect) -> Pixels { Pixels(Region(r)) }
        func combined(_ other: Pixels, _ op: (Bool, Bool) -> Bool) -> Pixels {
            var result = Pixels()
            for i in on.indices { result.on[i] = op(on[i], other.on[i]) }
            return result
        }
        func translated(dx: Int, dy: Int) -> Pixels {
            var result = Pixels()
            for y in -Pixels.margin..<(Pixels.size - Pixels.margin) {
                for x in -Pixels.margin..<(Pixels.size - Pixels.margin) where on[Pixels.index(x, y)] {
                    result.on[Pixels.index(x + dx, y + dy)] = true
                }
            }
            return result
        }
        var count: Int { on.reduce(0) { $0 + ($1 ? 1 : 0) } }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomOperationsMatchBruteForce(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        func randomRect() -> PixelRect {
            PixelRect(x: Int.random(in: -4..<56, using: &random), y: Int.random(in: -4..<56, using: &random),
                      width: Int.random(in: 0..<16, using: &random), height: Int.random(in: 0..<16, using: &random))
        }
        func randomRegion() -> Region { Region((0..<Int.random(in: 0...4, using: &random)).map { _ in randomRect() }) }

        var region = Region(), model = Pixels()
        var saved: [(Region, Pixels)] = []
        for step in 0..<300 {
            let op = Int.random(in: 0..<12, using: &random)
            switch op {
            case 0:
                let r = randomRect()
                region.formUnion(r); model = model.combined(.rectPixels(r)) { $0 || $1 }
            case 1:
                let other = randomRegion()
                region.formUnion(other); model = model.combined(Pixels(other)) { $0 || $1 }
            case 2:
                let r = randomRect()
                region.formIntersection(r); model = model.combined(.rectPixels(r)) { $0 && $1 }
            case 3:
                let other = randomRegion().union(randomRect())
                region.formIntersection(other); model = model.combined(Pixels(other)) { $0 && $1 }
            case 4:
                let other = randomRegion()
                region.subtract(other); model = model.combined(Pixels(other)) { $0 && !$1 }
            case 5:
                let r = randomRect()
                region.subtract(r); model = model.combined(.rectPixels(r)) { $0 && !$1 }
            case 6:
                let dx = Int.random(in: -3...3, using: &random), dy = Int.random(in: -3...3, using: &random)
                region.translate(dx: dx, dy: dy); model = model.translated(dx: dx, dy: dy)
            case 7:
                region.removeAll(keepingCapacity: Bool.random(using: &random)); model = Pixels()
            case 8:
                let other = randomRegion()
                region.replaceContents(with: other); model = Pixels(other)
            case 9:
                saved.append((region, model))
                if saved.count > 6 { saved.removeFirst() }
            case 10:
                if Bool.random(using: &random) { region.formUnion(region) } else { region.formIntersection(region) }
            default:
                let other = randomRegion()
                let inside = model.combined(Pixels(other)) { !$0 && $1 }.count == 0
                #expect(region.isSuperset(of: other) == inside, "seed \(seed) step \(step): \(region) ⊇ \(other)")
            }
            let pixels = Pixels(region)
            let matches = pixels == model
            #expect(matches, "seed \(seed) step \(step) op \(op): \(region)")
            #expect(region.area == model.count, "seed \(seed) step \(step): rectangles overlap")
            #expect(region.isEmpty == (model.count == 0))
            for (copy, pixels) in saved {
                let kept = Pixels(copy) == pixels
                #expect(kept, "seed \(seed) step \(step): a copy changed to \(copy)")
            }
            if !matches { return }
        }
    }
}
