import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Pictures of views, compared with references under Tests/VitrineTests/Goldens: background,
/// rounded corners and borders, clipping, alpha as group opacity, transforms, scale.
@MainActor
struct ViewAppearanceGoldenTests {
    private func canvas(_ width: Double = 160, _ height: Double = 120) -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: width, height: height))
        root.backgroundColor = Color(rgb: 0xF4F1EA)
        return root
    }

    @Test func roundedCornersAndBorders() {
        let root = canvas()
        let square = View(frame: Rect(x: 10, y: 10, width: 60, height: 40))
        square.backgroundColor = Color(rgb: 0x3366CC)
        square.borderWidth = 3
        square.borderColor = Color(rgb: 0x112244)
        let rounded = View(frame: Rect(x: 85, y: 10, width: 60, height: 40))
        rounded.backgroundColor = Color(rgb: 0xCC6633)
        rounded.cornerRadius = 12
        let ring = View(frame: Rect(x: 10, y: 65, width: 60, height: 45))
        ring.cornerRadius = 16
        ring.borderWidth = 4
        ring.borderColor = Color(rgb: 0x228844)
        let pill = View(frame: Rect(x: 85, y: 70, width: 60, height: 30))
        pill.backgroundColor = Color(rgb: 0x884488, alpha: 0.7)
        pill.cornerRadius = 15
        pill.borderWidth = 2
        pill.borderColor = .white
        for view in [square, rounded, ring, pill] { root.addSubview(view) }
        expectGolden(root.snapshot(scale: 1), "view-corners-borders")
    }

    @Test func clipsToBoundsClipsSubviewsAlsoToRoundedCorners() {
        let root = canvas()
        for (index, radius) in [0.0, 18].enumerated() {
            let clip = View(frame: Rect(x: 10 + Double(index) * 75, y: 20, width: 65, height: 80))
            clip.backgroundColor = Color(rgb: 0xDDDDDD)
            clip.clipsToBounds = true
            clip.cornerRadius = radius
            let child = View(frame: Rect(x: -15, y: 40, width: 95, height: 60))
            child.backgroundColor = Color(rgb: 0xE04040)
            clip.addSubview(child)
            root.addSubview(clip)
        }
        let unclipped = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        unclipped.backgroundColor = Color(rgb: 0x4040E0)
        let outside = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        outside.backgroundColor = Color(rgb: 0x40A040)
        unclipped.addSubview(outside)
        root.addSubview(unclipped)
        expectGolden(root.snapshot(scale: 1), "view-clipping")
    }

    @Test func alphaIsGroupOpacity() {
        let root = canvas()
        // Two overlapping children in a half-transparent parent: where they overlap, the lower
        // one must not show through the upper one (group opacity, not per-view alpha).
        let group = View(frame: Rect(x: 20, y: 20, width: 120, height: 80))
        group.alpha = 0.5
        let a = View(frame: Rect(x: 0, y: 0, width: 80, height: 60))
        a.backgroundColor = Color(rgb: 0xFF0000)
        let b = View(frame: Rect(x: 40, y: 20, width: 80, height: 60))
        b.backgroundColor = Color(rgb: 0x0000FF)
        group.addSubview(a)
        group.addSubview(b)
        root.addSubview(group)
        let picture = root.snapshot(scale: 1)
        // In the overlap: blue at half over the canvas, no red. By hand: 0.5·blue + 0.5·F4F1EA.
        let overlap = picture.color(x: 80, y: 60)
        #expect(abs(overlap.red - 0.5 * 0xF4 / 255) < 0.01)
        #expect(abs(overlap.blue - (0.5 + 0.5 * 0xEA / 255)) < 0.01)
        expectGolden(picture, "view-group-alpha")
    }

    @Test func transformsScaleAndRotateAboutTheCenter() {
        let root = canvas()
        let scaled = View(frame: Rect(x: 20, y: 40, width: 40, height: 40))
        scaled.backgroundColor = Color(rgb: 0x2288AA)
        scaled.transform = AffineTransform(scaleX: 1.5, y: 0.75)
        let turned = View(frame: Rect(x: 100, y: 40, width: 40, height: 40))
        turned.backgroundColor = Color(rgb: 0xAA8822)
        turned.transform = AffineTransform.identity.rotated(by: .pi / 6)
        root.addSubview(scaled)
        root.addSubview(turned)
        expectGolden(root.snapshot(scale: 1), "view-transforms")
    }

    @Test func twiceTheScaleDrawsTwiceThePixelsWithTheSameLayout() {
        let root = canvas(80, 60)
        let badge = View(frame: Rect(x: 10, y: 10, width: 60, height: 40))
        badge.backgroundColor = Color(rgb: 0x336699)
        badge.cornerRadius = 10
        badge.borderWidth = 1
        badge.borderColor = .white
        root.addSubview(badge)
        let picture = root.snapshot(scale: 2)
        #expect(picture.width == 160 && picture.height == 120)
        // The badge starts at 10 points = 20 pixels.
        #expect(picture.color(x: 19, y: 60).rgba8 == Color(rgb: 0xF4F1EA).rgba8)
        #expect(picture.color(x: 21, y: 60).rgba8 == Color.white.rgba8)
        #expect(picture.color(x: 23, y: 60).rgba8 == Color(rgb: 0x336699).rgba8)
        expectGolden(picture, "view-scale-2")
    }
}
