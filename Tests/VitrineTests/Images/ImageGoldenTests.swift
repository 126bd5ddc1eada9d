import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics

/// Icons drawn from SVG at the screen's scale, and JPEGs in each EXIF orientation, as an
/// `ImageView` shows them.
@MainActor
struct ImageGoldenTests {
    @Test func anSVGIconIsSharpAtEveryScale() throws {
        let icon = try Image(data: Array(ImageFixtures.checkIcon.utf8), name: "check.svg")
        #expect(icon.size == Size(width: 24, height: 24))
        let cache = ImageCache.shared
        cache.removeAll()
        for (scale, name) in [(1.0, "svg-icon-1x"), (1.5, "svg-icon-1.5x"), (2.0, "svg-icon-2x")] {
            let root = View(frame: Rect(x: 0, y: 0, width: 88, height: 40))
            root.backgroundColor = .white
            // At its own size, and enlarged (drawn afresh, not scaled up).
            let small = ImageView(image: icon)
            small.frame = Rect(x: 8, y: 8, width: 24, height: 24)
            let large = ImageView(image: icon)
            large.frame = Rect(x: 44, y: 4, width: 32, height: 32)
            root.addSubview(small)
            root.addSubview(large)
            let picture = root.snapshot(scale: scale)
            #expect(picture.width == Int(88 * scale))
            expectGolden(picture, name)
        }
        // Each pixel size was rendered once: 24 and 32 px at 1×, 36 and 48 at 1.5×, 48 (shared
        // with the large icon at 1.5×) and 64 at 2×.
        #expect(cache.count == 5)
        let twoX = try cache.surface(for: #require(icon.source), width: 48, height: 48)
        #expect(twoX.width == 48 && twoX.height == 48)
        cache.removeAll()
    }

    @Test func aJPEGInEachEXIFOrientationIsShownUpright() throws {
        // (The quadrant colours of each orientation are checked by `JPEGTests`.)
        let root = View(frame: Rect(x: 0, y: 0, width: 8 * 52 + 8, height: 60))
        root.backgroundColor = .white
        // Each file stores the same picture as a camera held another way would, and says so in
        // its EXIF: all eight must look alike, upright, with the white bar at the top left.
        let upright = ImageFixtures.quadrants(width: 40, height: 28)
        for value in 1...8 {
            let stored = ImageFixtures.stored(for: upright, exif: value)
            let view = ImageView(frame: Rect(x: 8 + Double(value - 1) * 52, y: 6, width: 44, height: 48))
            view.image = try Image(data: ImageFixtures.jpeg(stored, orientation: value), name: "exif-\(value).jpg")
            view.contentMode = .scaleAspectFit
            view.backgroundColor = Color(rgb: 0xECEFF1)
            let shown = try #require(view.image?.source).decode()
            #expect(shown.width == 40 && shown.height == 28)
            for (x, y) in [(12, 8), (30, 8), (8, 20), (30, 20), (10, 2)] {
                #expect(ImageFixtures.close(shown.word(x: x, y: y) & 0xFF_FFFF, upright.word(x: x, y: y) & 0xFF_FFFF, tolerance: 40),
                        "EXIF \(value) at (\(x), \(y))")
            }
            root.addSubview(view)
        }
        expectGolden(root.snapshot(scale: 1), "jpeg-exif-orientations")
        ImageCache.shared.removeAll()
    }
}
