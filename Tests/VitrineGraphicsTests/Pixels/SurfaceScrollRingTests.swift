import Glibc
import Testing
import VitrineTestSupport
@testable import VitrineGraphics

/// `Surface.turnRing(_:dx:dy:)`: a band whose stored rows and columns are turned round must
/// read, copy, fill and unwind exactly as a surface whose pixels were moved
/// (`move(_:dx:dy:)`) would, once the strips the scroll exposed are painted alike in both.
@Suite struct SurfaceScrollRingTests {
    /// A surface whose every word differs from its neighbours'.
    private func patterned(_ width: Int, _ height: Int, seed: UInt32) -> Surface {
        let surface = Surface(width: width, height: height, format: .xrgb8888)
        let words = surface.baseAddress.assumingMemoryBound(to: UInt32.self)
        for i in 0..<(surface.stride / 4 * height) { words[i] = UInt32(truncatingIfNeeded: i &* 2654435761) ^ seed }
        return surface
    }

    /// Where the pictures differ (compared through `word`, so through a turned band), or nil.
    private func firstDifference(_ a: Surface, _ b: Surface) -> (x: Int, y: Int)? {
        for y in 0..<a.height {
            for x in 0..<a.width where a.word(x: x, y: y) & 0xFFFFFF != b.word(x: x, y: y) & 0xFFFFFF { return (x, y) }
        }
        return nil
    }

    /// Where the stored memory differs, row by row, or nil.
    private func firstStoredDifference(_ a: Surface, _ b: Surface) -> Int? {
        for y in 0..<a.height where memcmp(a.baseAddress + y * a.stride, b.baseAddress + y * b.stride, a.width * 4) != 0 {
            return y
        }
        return nil
    }

    /// Seeded random scrolls of one band (down, across and both), each followed by fills (the
    /// exposed strips repainted, and other damage inside and across the band): the turned
    /// surface reads as the moved one after every step, copies out the same (upright and turned
    /// a quarter), and unwinds into the same memory.
    @Test(arguments: [(UInt64(1), "down"), (2, "down"), (3, "across"), (4, "across"), (5, "both"), (6, "both"), (7, "both")])
    func aTurnedBandReadsAsMovedPixels(seed: UInt64, ways: String) {
        var random = SeededRandom(seed: seed)
        let width = 53, height = 41
        let band = PixelRect(x: Int.random(in: 0...8, using: &random), y: Int.random(in: 0...6, using: &random),
                             width: Int.random(in: 20...40, using: &random), height: Int.random(in: 15...30, using: &random))
        let turned = patterned(width, height, seed: 0x51), moved = patterned(width, height, seed: 0x51)
        var phases = Set<[Int]>()
        for step in 0..<40 {
            let dx = ways == "down" ? 0 : Int.random(in: -(band.width - 1)...(band.width - 1), using: &random)
            let dy = ways == "across" ? 0 : Int.random(in: -(band.height - 1)...(band.height - 1), using: &random)
            #expect(turned.turnRing(band, dx: dx, dy: dy))
            // The model moves the pixels that stay in the band, as the compositor moves them.
            let kept = band.intersection(PixelRect(x: band.x + dx, y: band.y + dy, width: band.width, height: band.height))
            moved.move(PixelRect(x: kept.x - dx, y: kept.y - dy, width: kept.width, height: kept.height), dx: dx, dy: dy)
            phases.insert([turned.scrollRing?.columnPhase ?? 0, turned.scrollRing?.rowPhase ?? 0])
            // The exposed strips, painted in both (what a scroll frame composes).
            var exposed = Region(band)
            exposed.subtract(kept)
            let colour = Color(rgb: UInt32.random(in: 0...0xFFFFFF, using: &random))
            turned.fill(exposed, with: colour)
            moved.fill(exposed, with: colour)
            // Other damage: a rectangle anywhere, often across the band's edges and its wraps.
            let other = PixelRect(x: Int.random(in: -4..<width, using: &random), y: Int.random(in: -4..<height, using: &random),
                                  width: Int.random(in: 1...30, using: &random), height: Int.random(in: 1...30, using: &random))
            let second = Color(rgb: UInt32.random(in: 0...0xFFFFFF, using: &random))
            turned.fill(other, with: second)
            moved.fill(other, with: second)
            if let at = firstDifference(turned, moved) {
                Issue.record("seed \(seed) step \(step): the picture differs at \(at) (band \(band), by \(dx), \(dy))")
                return
            }
            // Copied out, upright and turned a quarter, as a display copies the scene.
            let area = Region([other, band, PixelRect(x: 0, y: band.maxY - 3, width: width, height: 5),
                               PixelRect(x: band.maxX - 4, y: 0, width: 6, height: height)])
            for rotation in [ScreenRotation.none, .clockwise90] {
                let quarter = rotation == .clockwise90
                let a = Surface(width: quarter ? height : width, height: quarter ? width : height, format: .xrgb8888)
                let b = Surface(width: a.width, height: a.height, format: .xrgb8888)
                #expect(a.copy(area, from: turned, rotation: rotation) == b.copy(area, from: moved, rotation: rotation))
                if let at = firstDifference(a, b) {
                    Issue.record("seed \(seed) step \(step): the copy turned \(rotation) differs at \(at)")
                    return
                }
            }
        }
        #expect(phases.count > 10, "the scrolls turned the band to few phases")
        turned.unwindRing()
        #expect(turned.scrollRing == nil)
        #expect(firstStoredDifference(turned, moved) == nil, "unwound memory differs from the moved surface's")
    }

    /// The pieces of a rectangle cover it once: every pixel lies in exactly one piece, and the
    /// offsets name where it is stored.
    @Test(arguments: [(0, -5), (-7, 0), (4, 9)])
    func storedPiecesCoverARectangleOnce(dx: Int, dy: Int) {
        let surface = Surface(width: 30, height: 20, format: .xrgb8888)
        let band = PixelRect(x: 4, y: 3, width: 15, height: 12)
        #expect(surface.turnRing(band, dx: dx, dy: dy))
        let ring = try! #require(surface.scrollRing)
        #expect(ring.columnPhase == (15 - dx) % 15 && ring.rowPhase == (12 - dy) % 12)
        for rect in [PixelRect(x: 0, y: 0, width: 30, height: 20), PixelRect(x: 6, y: 9, width: 20, height: 4),
                     PixelRect(x: -3, y: 12, width: 9, height: 9), PixelRect(x: 20, y: 0, width: 5, height: 20)] {
            var count = [Int](repeating: 0, count: 30 * 20)
            surface.forEachStoredPiece(of: rect) { piece, columnOffset, rowOffset in
                for y in piece.y..<piece.maxY {
                    for x in piece.x..<piece.maxX {
                        count[y * 30 + x] += 1
                        let at = ring.stored(x: x, y: y)
                        #expect(x + columnOffset == at.x && y + rowOffset == at.y)
                    }
                }
            }
            let clipped = rect.intersection(surface.bounds)
            for y in 0..<20 {
                for x in 0..<30 {
                    #expect(count[y * 30 + x] == (clipped.contains(x: x, y: y) ? 1 : 0), "\(rect) at (\(x), \(y))")
                }
            }
        }
    }

    /// A second band is refused until the first is unwound; a band outside the surface is
    /// refused; turning back to both phases 0 leaves no band.
    @Test func oneBandAtATime() {
        let surface = patterned(20, 20, seed: 7)
        let band = PixelRect(x: 0, y: 2, width: 20, height: 10)
        #expect(surface.turnRing(band, dx: 2, dy: 3))
        #expect(!surface.turnRing(PixelRect(x: 0, y: 0, width: 20, height: 10), dx: 0, dy: 1))
        #expect(!surface.turnRing(PixelRect(x: 5, y: 15, width: 10, height: 10), dx: 0, dy: 1))
        #expect(surface.scrollRing?.band == band)
        #expect(surface.turnRing(band, dx: 0, dy: -3))
        #expect(surface.scrollRing != nil, "the columns are still turned")
        #expect(surface.turnRing(band, dx: -2, dy: 0))
        #expect(surface.scrollRing == nil)
        #expect(firstStoredDifference(surface, patterned(20, 20, seed: 7)) == nil)
    }
}
