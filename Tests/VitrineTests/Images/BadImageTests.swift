import Testing
import VitrineTestSupport
@testable import Vitrine
@testable import VitrineCore
@testable import VitrineGraphics
import VitrineHeadless

/// Bad input: every damaged, cut, empty, enormous or foreign file gives a typed `ImageError`
/// naming the file and saying what to do — never a trap, never a huge allocation.
@MainActor
struct BadImageTests {
    private static func validFiles() -> [(String, [UInt8])] {
        let picture = ImageFixtures.quadrants(width: 48, height: 32)
        return [
            ("jpeg", ImageFixtures.jpeg(picture, orientation: 6)),
            ("webp", ImageFixtures.webp(picture)),
            ("svg", Array(ImageFixtures.checkIcon.utf8)),
            ("png", picture.pngData()),
        ]
    }

    /// Decodes `bytes` all the ways a view would; returns the error if any (anything but an
    /// `ImageError` fails the test by the typed throws).
    private static func decodeAll(_ bytes: [UInt8], name: String) -> ImageError? {
        do {
            let source = try ImageSource(data: bytes, name: name)
            _ = try source.decode(width: 20, height: 20)
            _ = try source.decode()
            return nil
        } catch {
            return error
        }
    }

    @Test func anEmptyFileSaysItIsEmpty() throws {
        let folder = try TemporaryDirectory(prefix: "vitrine-images")
        defer { folder.remove() }
        let directory = folder.path
        let path = directory + "/empty.jpg"
        ImageFixtures.write([], to: path)
        #expect(throws: ImageError.empty(path: path)) { try Image(contentsOfFile: path) }
        let message = ImageError.empty(path: path).description
        #expect(message.contains(path) && message.contains("empty") && message.contains("copy it again"))
    }

    @Test func aFileThatIsNoImageSaysWhatIsRead() throws {
        let folder = try TemporaryDirectory(prefix: "vitrine-images")
        defer { folder.remove() }
        let directory = folder.path
        let path = directory + "/notes.png"
        ImageFixtures.write(Array("Shopping list: eggs, milk\n".utf8), to: path)
        #expect(throws: ImageError.unrecognized(path: path)) { try Image(contentsOfFile: path) }
        #expect(ImageError.unrecognized(path: path).description.contains("PNG, JPEG, WebP or SVG"))
        #expect(throws: ImageError.fileNotFound(path: path + ".missing")) { try Image(contentsOfFile: path + ".missing") }
    }

    @Test(arguments: ["jpeg", "webp", "png"])
    func aTruncatedFileIsAnErrorNotAPictureWithGreyBands(format: String) throws {
        let (_, whole) = try #require(Self.validFiles().first { $0.0 == format })
        for length in [whole.count / 2, whole.count * 3 / 4, whole.count - 20] {
            let error = Self.decodeAll(Array(whole.prefix(length)), name: "cut.\(format)")
            #expect(error != nil, "\(format) cut to \(length) of \(whole.count) bytes decoded without complaint")
            #expect(error?.description.contains("cut.\(format)") ?? false)
        }
    }

    @Test func aHugeJPEGHeaderIsRefusedBeforeAnythingIsAllocated() throws {
        var data = ImageFixtures.jpeg(ImageFixtures.quadrants(width: 16, height: 16))
        // The SOF0 segment: FF C0, length, precision, then height and width.
        let sof = try #require((0..<data.count - 1).first { data[$0] == 0xFF && data[$0 + 1] == 0xC0 })
        data[sof + 5] = 0xFF; data[sof + 6] = 0xDC   // 65500 rows
        data[sof + 7] = 0xFF; data[sof + 8] = 0xDC   // 65500 columns
        #expect(throws: ImageError.tooLarge(path: "huge.jpg", width: 65500, height: 65500)) {
            try ImageSource(data: data, name: "huge.jpg")
        }
        #expect(ImageError.tooLarge(path: "huge.jpg", width: 65500, height: 65500).description.contains("scale the image down"))
    }

    @Test func aHugePNGOrSVGHeaderIsRefused() throws {
        var png = ImageFixtures.quadrants(width: 4, height: 4).pngData()
        png.replaceSubrange(16..<24, with: [0, 0, 0xFF, 0xDC, 0, 0, 0xFF, 0xDC])
        #expect(throws: ImageError.tooLarge(path: "huge.png", width: 65500, height: 65500)) { try ImageSource(data: png, name: "huge.png") }
        // A PNG is decoded whole: 6000×6000 (144 MB of pixels, a few KB of deflated zeros) is refused.
        png.replaceSubrange(16..<24, with: [0, 0, 0x17, 0x70, 0, 0, 0x17, 0x70])
        #expect(throws: ImageError.tooLarge(path: "bomb.png", width: 6000, height: 6000)) { try ImageSource(data: png, name: "bomb.png") }
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>"#
        #expect(throws: ImageError.tooLarge(path: "huge.svg", width: 100000, height: 100000)) {
            try ImageSource(data: Array(svg.utf8), name: "huge.svg")
        }
        // An SVG drawn far larger than it is stays within the pixels an SVG may be drawn at.
        let icon = try ImageSource(data: Array(ImageFixtures.checkIcon.utf8))
        let size = icon.decodedSize(width: 30000, height: 30000)
        #expect(size.width * size.height <= ImageSource.maximumRenderedPixelCount)
    }

    @Test func anSVGWithoutSizeOrBrokenSaysSo() {
        let sizeless = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>"#.utf8)
        let error = Self.decodeAll(sizeless, name: "sizeless.svg")
        #expect(error?.description.contains("viewBox") ?? false)
        let broken = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect"#.utf8)
        #expect(Self.decodeAll(broken, name: "broken.svg") != nil)
    }

    /// Seeded random damage to valid files of every format: bytes flipped, runs zeroed, cut,
    /// duplicated. Each either decodes or throws an `ImageError` naming the file.
    @Test(arguments: ["jpeg", "webp", "svg", "png"])
    func randomCorruptionsNeverCrash(format: String) throws {
        let (_, whole) = try #require(Self.validFiles().first { $0.0 == format })
        var random = SeededRandom(seed: 0x5EED_0000 + UInt64(format.utf8.count))
        var failures = 0
        for round in 0..<300 {
            var bytes = whole
            switch round % 4 {
            case 0:
                for _ in 0..<(1 + Int(random.next() % 8)) {
                    bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                }
            case 1:
                let start = Int(random.next() % UInt64(bytes.count))
                let end = min(bytes.count, start + 1 + Int(random.next() % 64))
                bytes.replaceSubrange(start..<end, with: repeatElement(0, count: end - start))
            case 2:
                bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
            default:
                let start = Int(random.next() % UInt64(bytes.count))
                let end = min(bytes.count, start + 1 + Int(random.next() % 200))
                bytes.insert(contentsOf: bytes[start..<end], at: Int(random.next() % UInt64(bytes.count)))
            }
            if let error = Self.decodeAll(bytes, name: "damaged.\(format)") {
                failures += 1
                #expect(error.description.hasPrefix("damaged.\(format): "))
            }
        }
        // Most damage is noticed (a few flips land in places no decoder checks).
        #expect(failures > 75, "only \(failures) of 300 damaged \(format) files were refused")
    }

    /// A view showing a file damaged past its header draws nothing, and the cache remembers the
    /// failure rather than decoding again at each redraw.
    @Test func aViewShowingADamagedFileSurvives() throws {
        let whole = ImageFixtures.jpeg(ImageFixtures.photo(width: 256, height: 256))
        let cut = Array(whole.prefix(whole.count * 3 / 4))
        let cache = ImageCache.shared
        cache.removeAll()
        let h = Harness(width: 100, height: 100)
        h.window.backgroundColor = .white
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        view.image = try Image(data: cut, name: "cut.jpg")
        h.window.addSubview(view)
        h.settle()
        #expect(cache.count == 0 && cache.misses == 1)
        view.setNeedsDisplay()
        h.settle()
        #expect(cache.misses == 1)
        let shown = try #require(h.display.shownBuffer)
        #expect(shown.word(x: 10, y: 10) & 0xFF_FFFF == 0xFF_FFFF)
        cache.removeAll()
    }
}

