import Testing
import VitrineGraphics
import VitrineTestSupport

/// A region of one rectangle is held without pixman's storage (so a frame's damage and clips
/// allocate nothing); every operation must still give the pixels pixman's arithmetic gives.
/// Checked against a pixel-set model over many seeded random rectangles, including unions
/// that stay one rectangle (side by side, stacked, nested) and ones that do not.
@Suite struct RegionSingleRectTests {
    /// The pixels of `region` within 0..<24 on both axes.
    func pixels(_ region: Region) -> Set<Int> {
        var set = Set<Int>()
        for y in -2..<26 { for x in -2..<26 where region.contains(x: x, y: y) { set.insert(y * 100 + x) } }
        return set
    }

    func pixels(_ rect: PixelRect) -> Set<Int> {
        var set = Set<Int>()
        for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { set.insert(y * 100 + x) } }
        return set
    }

    @Test func operationsMatchThePixelModel() {
        var random = SeededRandom(seed: 15)
        func rect() -> PixelRect {
            // Small coordinates, so rectangles often touch, share sides or nest.
            PixelRect(x: Int.random(in: 0..<12, using: &random), y: Int.random(in: 0..<12, using: &random),
                      width: Int.random(in: 0..<12, using: &random), height: Int.random(in: 0..<12, using: &random))
        }
        for _ in 0..<2000 {
            let a = rect(), b = rect(), c = rect()
            let union = Region(a).union(b)
            #expect(pixels(union) == pixels(a).union(pixels(b)))
            #expect(union.area == pixels(a).union(pixels(b)).count)
            let three = union.union(c)
            #expect(pixels(three) == pixels(a).union(pixels(b)).union(pixels(c)))
            #expect(pixels(three.intersection(c)) == pixels(three).intersection(pixels(c)))
            #expect(pixels(Region(a).intersection(b)) == pixels(a).intersection(pixels(b)))
            #expect(pixels(union.subtracting(Region(c))) == pixels(a).union(pixels(b)).subtracting(pixels(c)))
            // Equal pixels are equal regions, whichever form each is held in.
            #expect(union == Region(union.rects))
            #expect((union == Region(c)) == (pixels(union) == pixels(c)))
            var counted = 0
            union.forEachRect { counted += $0.area }
            #expect(counted == union.area)
            #expect(union.rectCount == union.rects.count)
            #expect(union.translated(dx: 3, dy: -2).boundingBox == PixelRect(x: union.boundingBox.x + 3, y: union.boundingBox.y - 2,
                                                                             width: union.boundingBox.width, height: union.boundingBox.height)
                    || union.isEmpty)
        }
    }

    @Test func unionsThatStayOneRectangle() {
        let left = PixelRect(x: 0, y: 0, width: 10, height: 5)
        #expect(Region(left).union(PixelRect(x: 10, y: 0, width: 4, height: 5)).rects == [PixelRect(x: 0, y: 0, width: 14, height: 5)])
        #expect(Region(left).union(PixelRect(x: 0, y: 5, width: 10, height: 3)).rects == [PixelRect(x: 0, y: 0, width: 10, height: 8)])
        #expect(Region(left).union(PixelRect(x: 2, y: 1, width: 3, height: 2)).rects == [left])
        // Apart by a column: two rectangles.
        #expect(Region(left).union(PixelRect(x: 11, y: 0, width: 4, height: 5)).rects.count == 2)
    }
}
