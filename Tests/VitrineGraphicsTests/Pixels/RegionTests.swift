import Testing
import VitrineGraphics

/// Region arithmetic, every expectation worked out on squared paper.
@Suite struct RegionTests {
    private func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> PixelRect { PixelRect(x: x, y: y, width: w, height: h) }

    @Test func emptyRegion() {
        let empty = Region()
        #expect(empty.isEmpty)
        #expect(empty.area == 0)
        #expect(empty.rects.isEmpty)
        #expect(empty.boundingBox.isEmpty)
        #expect(Region(rect(3, 3, 0, 5)).isEmpty)
        #expect(!empty.contains(x: 0, y: 0))
    }

    @Test func unionOfOverlappingRectangles() {
        // A (0,0)-(10,10) and B (5,5)-(15,15): 100 + 100 − 25 overlap = 175 pixels, in three
        // bands: y 0..<5 only A; y 5..<10 both merge into x 0..<15; y 10..<15 only B.
        let r = Region(rect(0, 0, 10, 10)).union(rect(5, 5, 10, 10))
        #expect(r.area == 175)
        #expect(r.rects == [rect(0, 0, 10, 5), rect(0, 5, 15, 5), rect(5, 10, 10, 5)])
        #expect(r.rectCount == 3)
        #expect(r.boundingBox == rect(0, 0, 15, 15))
        #expect(r.contains(x: 12, y: 7))
        #expect(!r.contains(x: 12, y: 2))      // right of A, above B
        #expect(!r.contains(x: 15, y: 15))     // maxX and maxY are exclusive
    }

    @Test func intersection() {
        let a = Region(rect(0, 0, 10, 10)), b = Region(rect(5, 5, 10, 10))
        #expect(a.intersection(b) == Region(rect(5, 5, 5, 5)))
        #expect(a.intersection(rect(20, 20, 5, 5)).isEmpty)
        var c = a
        c.formIntersection(Region([rect(0, 0, 2, 2), rect(8, 8, 4, 4)]))
        #expect(c.rects == [rect(0, 0, 2, 2), rect(8, 8, 2, 2)])
        #expect(c.area == 8)
        #expect(a.area == 100)   // the original is a separate value
    }

    @Test func subtraction() {
        // A 10×10 square without its bottom-right 5×5 quarter: an L of 75 pixels.
        let l = Region(rect(0, 0, 10, 10)).subtracting(Region(rect(5, 5, 10, 10)))
        #expect(l.area == 75)
        #expect(l.rects == [rect(0, 0, 10, 5), rect(0, 5, 5, 5)])
        // A hole in the middle: four bands around it.
        var ring = Region(rect(0, 0, 6, 6))
        ring.subtract(rect(2, 2, 2, 2))
        #expect(ring.area == 32)
        #expect(ring.rects == [rect(0, 0, 6, 2), rect(0, 2, 2, 2), rect(4, 2, 2, 2), rect(0, 4, 6, 2)])
        #expect(ring.boundingBox == rect(0, 0, 6, 6))
        #expect(!ring.contains(x: 3, y: 3))
    }

    @Test func translation() {
        let moved = Region([rect(0, 0, 2, 2), rect(4, 0, 2, 2)]).translated(dx: 10, dy: -3)
        #expect(moved.rects == [rect(10, -3, 2, 2), rect(14, -3, 2, 2)])
        #expect(moved.boundingBox == rect(10, -3, 6, 2))
    }

    @Test func equalityIsAboutPixelsNotConstruction() {
        // The same 4×2 block built from two halves, from overlapping pieces, and whole.
        let halves = Region([rect(0, 0, 2, 2), rect(2, 0, 2, 2)])
        let overlapping = Region([rect(0, 0, 3, 2), rect(1, 0, 3, 2)])
        let whole = Region(rect(0, 0, 4, 2))
        #expect(halves == whole)
        #expect(overlapping == whole)
        #expect(halves.rectCount == 1)   // pixman merges touching rectangles of a band
        #expect(whole != Region(rect(0, 0, 4, 3)))
    }

    @Test func selfOperationsAndCopiesStayIndependent() {
        var a = Region(rect(0, 0, 4, 4))
        let copy = a
        a.formIntersection(a)
        #expect(a == copy)
        a.formUnion(a)
        #expect(a == copy)
        a.subtract(a)
        #expect(a.isEmpty)
        #expect(copy.area == 16)
    }

    @Test func coveringRoundsOutward() {
        let r = Region(covering: Rect(x: 1.5, y: 2.25, width: 2, height: 1.5))
        // x 1.5..3.5 → pixels 1..<4; y 2.25..3.75 → pixels 2..<4.
        #expect(r == Region(rect(1, 2, 3, 2)))
    }
}
