import Testing
import VitrineTestSupport
@testable import Vitrine
@testable import VitrineCore
@testable import VitrineGraphics

/// JPEG through TurboJPEG: decoding at the size shown, and the EXIF orientation.
@MainActor
struct JPEGTests {
    /// The sides of the shown picture where the stored row 0 and column 0 end up, as the EXIF
    /// specification's table for tag 0x0112 says (written out here, not computed the way the
    /// decoder computes it).
    private static let exifTable: [Int: (row0: String, column0: String)] = [
        1: ("top", "left"), 2: ("top", "right"), 3: ("bottom", "right"), 4: ("bottom", "left"),
        5: ("left", "top"), 6: ("right", "top"), 7: ("right", "bottom"), 8: ("left", "bottom"),
    ]

    /// The colour expected in each shown quadrant (top-left, top-right, bottom-left,
    /// bottom-right) for EXIF `value`.
    static func expectedQuadrants(exif value: Int) -> [UInt32] {
        guard let (row0, column0) = exifTable[value] else { return [] }
        let opposite = ["top": "bottom", "bottom": "top", "left": "right", "right": "left"]
        // Stored corners: (first row, first column) red, (first row, last column) green,
        // (last row, first column) blue, (last row, last column) yellow.
        let stored: [((String, String), UInt32)] = [
            ((row0, column0), ImageFixtures.quadrantColors[0]),
            ((row0, opposite[column0]!), ImageFixtures.quadrantColors[1]),
            ((opposite[row0]!, column0), ImageFixtures.quadrantColors[2]),
            ((opposite[row0]!, opposite[column0]!), ImageFixtures.quadrantColors[3]),
        ]
        func color(_ vertical: String, _ horizontal: String) -> UInt32 {
            stored.first { Set([$0.0.0, $0.0.1]) == Set([vertical, horizontal]) }!.1
        }
        return [color("top", "left"), color("top", "right"), color("bottom", "left"), color("bottom", "right")]
    }

    @Test(arguments: 1...8)
    func eachEXIFOrientationIsShownUpright(exif value: Int) throws {
        let stored = ImageFixtures.quadrants(width: 64, height: 40)
        let source = try ImageSource(data: ImageFixtures.jpeg(stored, orientation: value, littleEndian: value % 2 == 0))
        #expect(source.orientation == ImageOrientation(exifValue: value))
        let swapped = value >= 5
        #expect(source.pixelWidth == (swapped ? 40 : 64) && source.pixelHeight == (swapped ? 64 : 40))
        let shown = try source.decode()
        #expect(shown.width == source.pixelWidth && shown.height == source.pixelHeight)
        // The middle of each quadrant, clear of the white bar (which lies along the stored
        // top, from 1/8 to 3/8 across).
        let w = shown.width, h = shown.height
        let points = [(w / 4 + w / 16, h / 4 + h / 16), (w * 3 / 4, h / 4), (w / 4 + w / 16, h * 3 / 4 - h / 16), (w * 3 / 4, h * 3 / 4)]
        let expected = Self.expectedQuadrants(exif: value)
        for (index, point) in points.enumerated() {
            let got = shown.word(x: point.0, y: point.1) & 0xFF_FFFF
            #expect(ImageFixtures.close(got, expected[index]), "EXIF \(value), quadrant \(index): got \(String(got, radix: 16))")
        }
    }

    /// Turned and scaled far down at once (1/8 by libjpeg, then halvings and a last bilinear
    /// step): each quadrant is still where the EXIF table puts it.
    @Test(arguments: [3, 6, 7])
    func aTurnedPhotoScaledFarDownKeepsItsQuadrants(exif value: Int) throws {
        let stored = ImageFixtures.quadrants(width: 1600, height: 800)
        let source = try ImageSource(data: ImageFixtures.jpeg(stored, orientation: value))
        let (w, h) = value >= 5 ? (40, 80) : (80, 40)
        let shown = try source.decode(width: w, height: h)
        #expect(shown.width == w && shown.height == h)
        let expected = Self.expectedQuadrants(exif: value)
        let points = [(w / 4 + w / 16, h / 4 + h / 16), (w * 3 / 4, h / 4), (w / 4 + w / 16, h * 3 / 4 - h / 16), (w * 3 / 4, h * 3 / 4)]
        for (index, point) in points.enumerated() {
            let got = shown.word(x: point.0, y: point.1) & 0xFF_FFFF
            #expect(ImageFixtures.close(got, expected[index]), "EXIF \(value), quadrant \(index): got \(String(got, radix: 16))")
        }
    }

    @Test func aJPEGWithoutEXIFOrWithDamagedEXIFIsUp() throws {
        let picture = ImageFixtures.quadrants(width: 16, height: 8)
        #expect(try ImageSource(data: ImageFixtures.jpeg(picture)).orientation == .up)
        // An out-of-range value and an IFD offset past the segment are both ignored.
        #expect(try ImageSource(data: ImageFixtures.jpeg(picture, orientation: 9)).orientation == .up)
        var data = ImageFixtures.jpeg(picture, orientation: 6)
        data[2 + 4 + 6 + 7] = 0xF0   // IFD0's offset (big-endian word at TIFF offset 4): far away
        #expect(try ImageSource(data: data).orientation == .up)
    }

    @Test func theScaleChosenIsTheSmallestThatCoversTheTarget() {
        // 6000×4000 to 720×480: 1/8 gives 750×500, the smallest at least that large.
        #expect(JPEG.scaledSize(width: 6000, height: 4000, atLeast: 720, 480) == (750, 500))
        // To 1000×700: 1/8 is too small (750 wide); nothing lies between 1/8 and 1/4 (1500×1000).
        #expect(JPEG.scaledSize(width: 6000, height: 4000, atLeast: 1000, 700) == (1500, 1000))
        // To 2000×1400: 3/8 (2250×1500).
        #expect(JPEG.scaledSize(width: 6000, height: 4000, atLeast: 2000, 1400) == (2250, 1500))
        // Larger than the image: the whole image, never enlarged.
        #expect(JPEG.scaledSize(width: 640, height: 480, atLeast: 2000, 2000) == (640, 480))
    }

    /// A 24-megapixel photo shown at 800×480 is decoded at 1/8 and scaled to the 720×480 it
    /// shows (aspect fit): the decoded buffer and the cache hold 1.4 MB, not 96 MB.
    @Test func aLargePhotoIsDecodedAtTheSizeShown() throws {
        let folder = try TemporaryDirectory(prefix: "vitrine-images")
        defer { folder.remove() }
        let directory = folder.path
        let path = directory + "/camera.jpg"
        do {
            // The full picture exists only here, to make the file; it is released before decoding.
            ImageFixtures.write(ImageFixtures.jpeg(ImageFixtures.photo(width: 6000, height: 4000), quality: 80), to: path)
        }
        let cache = ImageCache.shared
        cache.removeAll()
        let h = Harness(width: 800, height: 480)
        let view = ImageView(frame: h.window.bounds)
        view.contentMode = .scaleAspectFit
        view.image = try Image(contentsOfFile: path)
        #expect(view.image?.size == Size(width: 6000, height: 4000))
        h.window.addSubview(view)
        h.settle()
        #expect(cache.count == 1)
        #expect(cache.byteCount == 720 * 480 * 4)
        #expect(cache.byteCount < 6000 * 4000 * 4 / 50)
        // Drawing never asked for the whole picture.
        #expect(view.image?.storage.holdsWholeImage == false)
        let shown = try cache.surface(for: #require(view.image?.source), width: 720, height: 480)
        #expect(shown.width == 720 && shown.height == 480)
        #expect(cache.hits == 1 && cache.misses == 1)
        // The sun is where it was drawn: at 60 % across, 15 % down (plus its radius).
        let sun = shown.word(x: Int(720 * 0.6 + 480.0 / 6), y: Int(480 * 0.15 + 480.0 / 6)) & 0xFF_FFFF
        #expect(ImageFixtures.close(sun, 0xF2B134))
        // The screen shows it: the middle of the sun, in screen pixels (40 px letterbox).
        let screen = try #require(h.display.shownBuffer)
        #expect(ImageFixtures.close(screen.word(x: 40 + Int(720 * 0.6 + 480.0 / 6), y: Int(480 * 0.15 + 480.0 / 6)) & 0xFF_FFFF, 0xF2B134))
        cache.removeAll()
    }
}
