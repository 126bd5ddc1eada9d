import Testing
import VitrineGraphics

/// The rotation's three views of one turn agree: the transform, the rectangle mapping the
/// display uses, and the point mapping input will use (a touch on the panel lands on the
/// scene pixel shown under it).
struct ScreenRotationTests {
    @Test(arguments: ScreenRotation.allCases)
    func aTouchOnAPanelPixelLandsOnTheScenePixelShownThere(rotation: ScreenRotation) {
        let w = 6, h = 4   // scene size
        for y in 0..<h {
            for x in 0..<w {
                let panel = rotation.rect(PixelRect(x: x, y: y, width: 1, height: 1), sceneWidth: w, sceneHeight: h)
                let centre = Point(x: Double(panel.x) + 0.5, y: Double(panel.y) + 0.5)
                let scene = rotation.scenePoint(fromPanel: centre, sceneWidth: Double(w), sceneHeight: Double(h))
                #expect(scene == Point(x: Double(x) + 0.5, y: Double(y) + 0.5), "\(rotation) pixel (\(x), \(y))")
                let viaTransform = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(rotation.transform(sceneWidth: w, sceneHeight: h))
                #expect(viaTransform == centre, "\(rotation) pixel (\(x), \(y))")
            }
        }
    }

    @Test func aQuarterTurnSwapsTheSize() {
        #expect(ScreenRotation.clockwise90.rotatedSize(width: 800, height: 480) == (480, 800))
        #expect(ScreenRotation.upsideDown.rotatedSize(width: 800, height: 480) == (800, 480))
    }
}
