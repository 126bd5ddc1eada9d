import Testing
import VitrineTestSupport
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics

/// The image cache: bounded in bytes, least recently used first out, keyed by source and size.
@MainActor
struct ImageCacheTests {
    private func source(_ width: Int, _ height: Int, name: String = "<memory>") throws -> ImageSource {
        try ImageSource(data: ImageFixtures.jpeg(ImageFixtures.quadrants(width: width, height: height)), name: name)
    }

    @Test func entriesAreKeyedBySizeAndCountedInBytes() throws {
        let cache = ImageCache(capacity: 1 << 20)
        let photo = try source(200, 100)
        let small = try cache.surface(for: photo, width: 50, height: 25)
        let same = try cache.surface(for: photo, width: 50, height: 25)
        #expect(small === same)
        #expect(cache.hits == 1 && cache.misses == 1)
        let larger = try cache.surface(for: photo, width: 100, height: 50)
        #expect(larger.width == 100 && larger.height == 50)
        #expect(cache.count == 2)
        #expect(cache.byteCount == small.stride * 25 + larger.stride * 50)
        // Asked larger than the image: the image's own size, not enlarged, one more entry.
        let whole = try cache.surface(for: photo, width: 4000, height: 4000)
        #expect(whole.width == 200 && whole.height == 100)
        #expect(try cache.surface(for: photo, width: 200, height: 100) === whole)
    }

    @Test func theLeastRecentlyUsedGoFirstWhenTheBytesRunOut() throws {
        // Room for two 100×100 decodes (40 000 bytes each), not three.
        let cache = ImageCache(capacity: 90_000)
        let a = try source(100, 100), b = try source(100, 100), c = try source(100, 100)
        let first = try cache.surface(for: a, width: 100, height: 100)
        _ = try cache.surface(for: b, width: 100, height: 100)
        _ = try cache.surface(for: a, width: 100, height: 100)   // a is now the most recent
        _ = try cache.surface(for: c, width: 100, height: 100)   // evicts b
        #expect(cache.count == 2 && cache.byteCount == 80_000)
        #expect(try cache.surface(for: a, width: 100, height: 100) === first)
        let misses = cache.misses
        _ = try cache.surface(for: b, width: 100, height: 100)
        #expect(cache.misses == misses + 1)
        #expect(cache.byteCount <= cache.capacity)
    }

    @Test func loweringTheCapacityEvictsAtOnceAndTooLargeIsNotKept() throws {
        let cache = ImageCache(capacity: 1 << 20)
        for _ in 0..<4 { _ = try cache.surface(for: source(100, 100), width: 100, height: 100) }
        #expect(cache.byteCount == 160_000)
        cache.capacity = 50_000
        #expect(cache.count == 1 && cache.byteCount == 40_000)
        let big = try cache.surface(for: source(200, 200), width: 200, height: 200)
        #expect(big.width == 200)
        #expect(cache.byteCount == 40_000 && cache.count == 1)
        cache.capacity = -5
        #expect(cache.capacity == 0 && cache.count == 0 && cache.byteCount == 0)
    }

    @Test func aFileIsSharedByEveryImageOfIt() throws {
        let folder = try TemporaryDirectory(prefix: "vitrine-images")
        defer { folder.remove() }
        let directory = folder.path
        let path = directory + "/shared.jpg"
        ImageFixtures.write(ImageFixtures.jpeg(ImageFixtures.quadrants(width: 80, height: 60)), to: path)
        let cache = ImageCache()
        let one = try cache.surface(for: ImageSource(contentsOfFile: path), width: 40, height: 30)
        let other = try cache.surface(for: ImageSource(contentsOfFile: path), width: 40, height: 30)
        #expect(one === other)
        #expect(cache.count == 1)
    }

    /// An image view decodes at its size on the screen's scale, and again when it is resized.
    @Test func anImageViewAsksForThePixelsItShows() throws {
        let cache = ImageCache.shared
        cache.removeAll()
        defer { cache.removeAll() }
        let h = Harness(width: 400, height: 300, scale: 2)
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        view.image = try Image(data: ImageFixtures.jpeg(ImageFixtures.quadrants(width: 800, height: 400)), name: "wide.jpg")
        h.window.addSubview(view)
        h.settle()
        let source = try #require(view.image?.source)
        #expect(cache.count == 1 && cache.byteCount == 200 * 100 * 4)
        #expect(try cache.surface(for: source, width: 200, height: 100).width == 200)
        view.frame = Rect(x: 0, y: 0, width: 150, height: 75)
        h.settle()
        #expect(cache.count == 2 && cache.byteCount == 200 * 100 * 4 + 300 * 150 * 4)
        // Nothing changed: no decode.
        let misses = cache.misses
        view.setNeedsDisplay()
        h.settle()
        #expect(cache.misses == misses)
    }

    @Test func imagesByNameAreFoundInTheAssetsFolder() throws {
        let folder = try TemporaryDirectory(prefix: "vitrine-images")
        defer { folder.remove() }
        let directory = folder.path
        ImageFixtures.write(Array(ImageFixtures.checkIcon.utf8), to: directory + "/check.svg")
        ImageFixtures.write(ImageFixtures.jpeg(ImageFixtures.quadrants(width: 30, height: 20)), to: directory + "/room.jpg")
        let icon = try Image(named: "check", in: directory)
        #expect(icon.source?.format == .svg && icon.size == Size(width: 24, height: 24))
        let room = try Image(named: "room.jpg", in: directory, scale: 2)
        #expect(room.source?.format == .jpeg && room.size == Size(width: 15, height: 10))
        #expect(throws: ImageError.fileNotFound(path: directory + "/missing.{svg,png,jpg,jpeg,webp}")) {
            try Image(named: "missing", in: directory)
        }
        let saved = Image.assetsDirectory
        Image.assetsDirectory = directory
        defer { Image.assetsDirectory = saved }
        #expect(try Image(named: "check").source?.path == directory + "/check.svg")
    }

    @Test func webPDecodesScaledAndKeepsAlpha() throws {
        let picture = Surface(width: 40, height: 40, format: .argb8888)
        picture.fill(PixelRect(x: 0, y: 0, width: 20, height: 40), with: Color(rgb: 0x2D6CDF))
        let source = try ImageSource(data: ImageFixtures.webp(picture))
        #expect(source.format == .webp && source.hasAlpha)
        let whole = try source.decode()
        #expect(whole.format == .argb8888)
        #expect(whole.word(x: 5, y: 5) == 0xFF2D_6CDF && whole.word(x: 35, y: 5) == 0)
        let half = try source.decode(width: 20, height: 20)
        #expect(half.width == 20 && half.height == 20)
        #expect(ImageFixtures.close(half.word(x: 2, y: 2) & 0xFF_FFFF, 0x2D6CDF) && half.word(x: 18, y: 2) >> 24 == 0)
    }
}
