import Testing
import VitrineTestSupport
@testable import VitrineGraphics

/// `Surface.move(_:dx:dy:copyingInto:)`: the scroll's move and copy-out in one pass must leave
/// both surfaces exactly as a move followed by a copy of the moved pixels would.
@Suite struct SurfaceMoveCopyingTests {
    /// A surface of `width`×`height` whose every word (padding too) differs from its neighbours'.
    private func patterned(_ width: Int, _ height: Int, seed: UInt32, format: PixelFormat = .xrgb8888) -> Surface {
        let surface = Surface(width: width, height: height, format: format)
        let words = surface.baseAddress.assumingMemoryBound(to: UInt32.self)
        for i in 0..<(surface.stride / 4 * height) { words[i] = UInt32(truncatingIfNeeded: i &* 2654435761) ^ seed }
        return surface
    }

    /// Where the pixels differ, or nil (every word compared, in full).
    private func firstDifference(_ a: Surface, _ b: Surface) -> (x: Int, y: Int)? {
        for y in 0..<a.height {
            for x in 0..<a.width where a.word(x: x, y: y) != b.word(x: x, y: y) { return (x, y) }
        }
        return nil
    }

    /// Seeded random rectangles and moves, on widths whose rows start at every alignment, and
    /// one area past the streaming threshold: the scene and the copy end as the two steps leave
    /// them, and pixels outside the moved area of the copy keep their old values.
    @Test(arguments: [(61, 47, UInt64(1)), (1027, 300, 2), (640, 480, 3)])
    func equalsAMoveThenACopy(width: Int, height: Int, seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var streamed = false
        for round in 0..<12 {
            let x = Int.random(in: -8..<width / 2, using: &random), y = Int.random(in: -8..<height / 2, using: &random)
            // The first two rounds move the whole surface (a large area streams its copy).
            let rect = round < 2 ? PixelRect(x: 0, y: 0, width: width, height: height)
                : PixelRect(x: x, y: y, width: Int.random(in: 1...width, using: &random), height: Int.random(in: 1...height, using: &random))
            let dx = round % 4 == 0 ? 0 : Int.random(in: -9...9, using: &random)
            let dy = round % 5 == 4 ? 0 : (round < 2 ? Int.random(in: 1...12, using: &random) * (round == 0 ? -1 : 1)
                                                    : Int.random(in: -40...40, using: &random))
            let scene = patterned(width, height, seed: 0x1234), copy = patterned(width, height, seed: 0xBEEF)
            let sceneModel = patterned(width, height, seed: 0x1234), copyModel = patterned(width, height, seed: 0xBEEF)

            let moved = scene.move(rect, dx: dx, dy: dy, copyingInto: copy)
            let modelMoved = sceneModel.move(rect, dx: dx, dy: dy)
            let source = rect.intersection(scene.bounds).intersection(PixelRect(x: -dx, y: -dy, width: width, height: height))
            if modelMoved > 0 {
                copyModel.copy(Region(PixelRect(x: source.x + dx, y: source.y + dy, width: source.width, height: source.height)),
                               from: sceneModel)
            }
            streamed = streamed || modelMoved * 4 >= Surface.largeCopyBytes
            #expect(moved == modelMoved, "seed \(seed) round \(round)")
            if let at = firstDifference(scene, sceneModel) {
                Issue.record("seed \(seed) round \(round): the scene differs at \(at) after moving \(rect) by (\(dx), \(dy))")
            }
            if let at = firstDifference(copy, copyModel) {
                Issue.record("seed \(seed) round \(round): the copy differs at \(at) after moving \(rect) by (\(dx), \(dy))")
            }
        }
        if width * height * 4 >= Surface.largeCopyBytes * 6 / 5 { #expect(streamed, "no round reached the streaming copy") }
    }

    /// A copy of another size is refused, touching nothing; one of another format gets the
    /// moved pixels converted.
    @Test func anotherSizeIsRefusedAnotherFormatConverted() {
        let scene = patterned(40, 30, seed: 7)
        let before = patterned(40, 30, seed: 7)
        #expect(scene.move(PixelRect(x: 0, y: 0, width: 40, height: 30), dx: 0, dy: -3,
                           copyingInto: Surface(width: 41, height: 30, format: .xrgb8888)) == nil)
        #expect(firstDifference(scene, before) == nil)

        let converted = Surface(width: 40, height: 30, format: .rgb565)
        let moved = scene.move(PixelRect(x: 0, y: 0, width: 40, height: 30), dx: 0, dy: -3, copyingInto: converted)
        #expect(moved == 40 * 27)
        let expected = Surface(width: 40, height: 30, format: .rgb565)
        expected.copy(Region(PixelRect(x: 0, y: 0, width: 40, height: 27)), from: scene)
        #expect(converted.hasSamePixels(as: expected))
    }
}
