#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import KioskDemo
import Vitrine
import VitrineGraphics

/// The demo's assets: its picture is a JPEG and its icons SVG, each small and readable.
@MainActor
@Suite struct KioskAssetsTests {
    @Test(arguments: [("room.jpg", ImageFormat.jpeg), ("back.svg", .svg), ("ready.svg", .svg)])
    func eachAssetLoadsAndIsSmall(name: String, format: ImageFormat) throws {
        var messages: [String] = []
        let image = try #require(KioskAssets.image(name, log: { messages.append($0) }))
        #expect(messages.isEmpty)
        let source = try #require(image.source)
        #expect(source.format == format)
        _ = try source.decode()
        var info = stat()
        #expect(stat(KioskAssets.folder() + "/" + name, &info) == 0 && info.st_size < 100_000)
    }

    @Test func aMissingAssetIsLoggedNotFatal() {
        var messages: [String] = []
        #expect(KioskAssets.image("nowhere.svg", log: { messages.append($0) }) == nil)
        #expect(messages.count == 1 && messages[0].contains("nowhere.svg"))
    }
}
