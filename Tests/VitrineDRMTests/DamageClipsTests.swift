import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics

/// Scene 100×50 (so the panel is 50×100 for a quarter turn); one damaged rectangle at
/// x 10..<30, y 5..<15. Where it lands on the panel, worked out on paper:
/// - 90° clockwise: the scene's left edge becomes the panel's top, its bottom the panel's left,
///   so x' = 50 − 15 = 35, y' = 10, and width and height swap: 10×20.
/// - 180°: x' = 100 − 30 = 70, y' = 50 − 15 = 35, 20×10.
/// - 270° clockwise: the scene's top becomes the panel's left: x' = 5, y' = 100 − 30 = 70, 10×20.
@MainActor
struct DamageClipsTests {
    let damage = Region(PixelRect(x: 10, y: 5, width: 20, height: 10))

    @Test func uprightClipsAreTheDamage() {
        #expect(DamageClips.rectangles(for: damage, sceneWidth: 100, sceneHeight: 50, rotation: .none)
            == [PixelRect(x: 10, y: 5, width: 20, height: 10)])
    }

    @Test func aQuarterTurnClockwiseMovesAndSwapsTheClip() {
        #expect(DamageClips.rectangles(for: damage, sceneWidth: 100, sceneHeight: 50, rotation: .clockwise90)
            == [PixelRect(x: 35, y: 10, width: 10, height: 20)])
    }

    @Test func upsideDownMirrorsBothAxes() {
        #expect(DamageClips.rectangles(for: damage, sceneWidth: 100, sceneHeight: 50, rotation: .upsideDown)
            == [PixelRect(x: 70, y: 35, width: 20, height: 10)])
    }

    @Test func threeQuartersClockwiseMovesAndSwapsTheOtherWay() {
        #expect(DamageClips.rectangles(for: damage, sceneWidth: 100, sceneHeight: 50, rotation: .clockwise270)
            == [PixelRect(x: 5, y: 70, width: 10, height: 20)])
    }

    @Test func damageOutsideTheSceneIsCut() {
        let overhanging = Region(PixelRect(x: 90, y: 40, width: 20, height: 20))
        #expect(DamageClips.rectangles(for: overhanging, sceneWidth: 100, sceneHeight: 50, rotation: .none)
            == [PixelRect(x: 90, y: 40, width: 10, height: 10)])
        // Turned 90°: x' = 50 − 50 = 0, y' = 90.
        #expect(DamageClips.rectangles(for: overhanging, sceneWidth: 100, sceneHeight: 50, rotation: .clockwise90)
            == [PixelRect(x: 0, y: 90, width: 10, height: 10)])
        #expect(DamageClips.rectangles(for: Region(PixelRect(x: 200, y: 0, width: 5, height: 5)), sceneWidth: 100, sceneHeight: 50,
                                       rotation: .none).isEmpty)
    }

    @Test func everyRectangleOfTheDamageBecomesAClip() {
        // Two rectangles in different bands: y 0..<2 and y 10..<12.
        let two = Region([PixelRect(x: 0, y: 0, width: 4, height: 2), PixelRect(x: 50, y: 10, width: 6, height: 2)])
        #expect(DamageClips.rectangles(for: two, sceneWidth: 100, sceneHeight: 50, rotation: .upsideDown)
            == [PixelRect(x: 96, y: 48, width: 4, height: 2), PixelRect(x: 44, y: 38, width: 6, height: 2)])
    }

    @Test func pastTheLimitOneBoundingBoxIsSent() {
        // Five 2×2 squares along y 0..<2 at x 0, 10, 20, 30, 40: five rectangles, bounding box 42×2.
        let squares = Region((0..<5).map { PixelRect(x: $0 * 10, y: 0, width: 2, height: 2) })
        #expect(DamageClips.rectangles(for: squares, sceneWidth: 100, sceneHeight: 50, rotation: .none, maximumCount: 5).count == 5)
        #expect(DamageClips.rectangles(for: squares, sceneWidth: 100, sceneHeight: 50, rotation: .none, maximumCount: 4)
            == [PixelRect(x: 0, y: 0, width: 42, height: 2)])
        // The box turned upside down: x' = 100 − 42 = 58, y' = 50 − 2 = 48.
        #expect(DamageClips.rectangles(for: squares, sceneWidth: 100, sceneHeight: 50, rotation: .upsideDown, maximumCount: 4)
            == [PixelRect(x: 58, y: 48, width: 42, height: 2)])
    }

    @Test func planeRotationValuesAreTheKernelsCounterClockwiseBits() {
        let property = planeProperties(type: .primary, damageClips: false,
                                       rotations: ["rotate-0", "rotate-90", "rotate-180", "rotate-270"]).named("rotation")!
        // Clockwise 90° is the kernel's rotate-270 (bit 3), clockwise 270° its rotate-90 (bit 1).
        #expect(DRMDisplay.planeRotationValue(for: .none, property: property) == 1)
        #expect(DRMDisplay.planeRotationValue(for: .clockwise90, property: property) == 8)
        #expect(DRMDisplay.planeRotationValue(for: .upsideDown, property: property) == 4)
        #expect(DRMDisplay.planeRotationValue(for: .clockwise270, property: property) == 2)
        let onlyHalfTurns = planeProperties(type: .primary, damageClips: false, rotations: ["rotate-0", "rotate-180"]).named("rotation")!
        #expect(DRMDisplay.planeRotationValue(for: .clockwise90, property: onlyHalfTurns) == nil)
        #expect(DRMDisplay.planeRotationValue(for: .upsideDown, property: onlyHalfTurns) == 4)
    }
}
