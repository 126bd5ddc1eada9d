#if canImport(Glibc)
import Glibc
#endif
import Testing
import VitrineGraphics
import VitrineTestSupport

/// Decoding the fixtures made byte by byte by `Fixtures/make-fixtures.py` (pixel values listed
/// there), errors, and encoding.
@Suite struct PNGTests {
    private func load(_ name: String) throws(ImageError) -> Surface { try Surface(pngFile: fixturePath(name)) }

    @Test func decodesRGBAWithPremultipliedAlpha() throws {
        let s = try load("rgba8.png")
        #expect(s.width == 2 && s.height == 2)
        #expect(s.format == .argb8888)
        #expect(pixel(s, 0, 0) == 0xFFFF_0000)
        // Green 255 at alpha 128: 255 × 128 / 255 = 128.
        #expect(pixel(s, 1, 0) == 0x8000_8000)
        // Fully transparent: all zero whatever the colour was.
        #expect(pixel(s, 0, 1) == 0x0000_0000)
        // White at alpha 64: 64 in every channel.
        #expect(pixel(s, 1, 1) == 0x4040_4040)
    }

    @Test func decodesOpaqueRGBAsXRGB() throws {
        let s = try load("rgb8.png")
        #expect(s.format == .xrgb8888)
        #expect(s.word(x: 0, y: 0) & 0xFF_FFFF == 0x0A_141E)   // 10, 20, 30
        #expect(s.word(x: 1, y: 0) & 0xFF_FFFF == 0xC8_6432)   // 200, 100, 50
    }

    @Test func decodesPaletteWithTransparency() throws {
        let s = try load("palette2.png")
        #expect(s.format == .argb8888)
        #expect(pixel(s, 0, 0) == 0xFFFF_0000)   // index 0: red, opaque
        #expect(pixel(s, 1, 0) == 0x8000_0080)   // index 1: blue at alpha 128 → 255 × 128 / 255 = 128
        #expect(pixel(s, 0, 1) == 0xFF00_FF00)   // index 2: green, no tRNS entry → opaque
        #expect(pixel(s, 1, 1) == 0xFFFF_0000)
    }

    @Test func decodesGrey() throws {
        let s = try load("grey8.png")
        #expect(s.format == .xrgb8888)
        #expect((0..<4).map { s.word(x: $0, y: 0) & 0xFF_FFFF } == [0x00_0000, 0x55_5555, 0xAA_AAAA, 0xFF_FFFF])
        let bits = try load("grey1.png")
        #expect((0..<8).map { bits.word(x: $0, y: 0) & 0xFF_FFFF }
            == [0xFF_FFFF, 0, 0xFF_FFFF, 0xFF_FFFF, 0, 0, 0, 0xFF_FFFF])
    }

    @Test func decodesGreyWithAlpha() throws {
        let s = try load("grey-alpha8.png")
        #expect(s.format == .argb8888)
        #expect(pixel(s, 0, 0) == 0xFF64_6464)               // 100, opaque
        #expect(pixel(s, 1, 0) == 0x8064_6464)               // 200 × 128 / 255 = 100.4 → 100
    }

    @Test func decodesSixteenBitsScaledToEight() throws {
        let s = try load("rgba16.png")
        #expect(s.format == .argb8888)
        // 16-bit samples over 257 give the 8-bit ones: 0xFFFF → 255, 0x8000 → 127.5; libpng's
        // rounding of the half is its own, so allow one step.
        func close(_ a: UInt32, _ b: UInt32) -> Bool {
            for shift: UInt32 in [0, 8, 16, 24] {
                let x = Int((a >> shift) & 0xFF), y = Int((b >> shift) & 0xFF)
                if abs(x - y) > 1 { return false }
            }
            return true
        }
        #expect(close(pixel(s, 0, 0), 0xFFFF_8000))
        // 0x1234, 0xABCD, 0x0101 → 18, 171, 1; alpha 0x8080 → 128; premultiplied:
        // 18 × 128 / 255 = 9.04, 171 × 128 / 255 = 85.8, 1 × 128 / 255 = 0.5.
        #expect(close(pixel(s, 0, 1), 0x8009_5601))
    }

    @Test func missingFileSaysSo() {
        let path = fixturePath("no-such-image.png")
        #expect(throws: ImageError.fileNotFound(path: path)) { try Surface(pngFile: path) }
        let message = ImageError.fileNotFound(path: path).description
        #expect(message.contains(path) && message.contains("no such file"))
    }

    @Test func directoryIsUnreadable() {
        do {
            _ = try Surface(pngFile: fixturePath(""))
            Issue.record("a directory decoded")
        } catch {
            guard case .unreadable(let path, let reason) = error else { Issue.record("got \(error)"); return }
            #expect(path == fixturePath(""))
            #expect(!reason.isEmpty)
        }
    }

    @Test(arguments: ["bad-crc.png", "not-a-png.png"])
    func corruptFilesAreReportedWithLibpngsReason(_ name: String) {
        do {
            _ = try load(name)
            Issue.record("\(name) decoded")
        } catch {
            guard case .corrupt(let path, let reason) = error else { Issue.record("got \(error)"); return }
            #expect(path == fixturePath(name))
            #expect(!reason.isEmpty)
            #expect(error.description.contains("not a valid PNG"))
        }
    }

    @Test func truncatedAndEmptyDataAreCorrupt() throws {
        let whole = try Surface(pngFile: fixturePath("rgba8.png")).pngData()
        #expect(throws: ImageError.self) { try Surface(pngData: Array(whole.prefix(40))) }
        #expect(throws: ImageError.corrupt(path: "<memory>", reason: "the file is empty")) { try Surface(pngData: []) }
    }

    @Test func premultipliedPixelsSurviveEncodeAndDecodeExactly() throws {
        // Premultiplied → straight → premultiplied is exact: rounding the straight value moves
        // the premultiplied one by at most a / 255 / 2 < 0.5.
        let s = Surface(width: 5, height: 1, format: .argb8888)
        let words: [UInt32] = [0xFF12_3456, 0x8040_2010, 0x0101_0000, 0x0000_0000, 0x7F7F_007F]
        for (x, w) in words.enumerated() { s.baseAddress.storeBytes(of: w, toByteOffset: x * 4, as: UInt32.self) }
        let decoded = try Surface(pngData: s.pngData())
        #expect(decoded.format == .argb8888)
        #expect((0..<5).map { decoded.word(x: $0, y: 0) } == words)
    }

    @Test func opaqueFormatsEncodeAsRGB() throws {
        let x = Surface(width: 2, height: 1, format: .xrgb8888)
        x.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), with: Color(rgb: 0x123456))
        x.fill(PixelRect(x: 1, y: 0, width: 1, height: 1), with: Color(rgb: 0xFEDCBA))
        let fromX = try Surface(pngData: x.pngData())
        #expect(fromX.format == .xrgb8888)
        #expect(fromX.word(x: 0, y: 0) & 0xFF_FFFF == 0x12_3456)
        #expect(fromX.word(x: 1, y: 0) & 0xFF_FFFF == 0xFE_DCBA)

        // RGB565 widens by repeating its top bits: red 31 → 0xFF, green 0 → 0, blue 16 → 0x84.
        let r = Surface(width: 1, height: 1, format: .rgb565)
        r.baseAddress.storeBytes(of: UInt16(31 << 11 | 0 << 5 | 16), as: UInt16.self)
        #expect(try Surface(pngData: r.pngData()).word(x: 0, y: 0) & 0xFF_FFFF == 0xFF_0084)

        // A8 as grey: coverage 0x40 → 0x404040.
        let a = Surface(width: 1, height: 1, format: .a8)
        a.baseAddress.storeBytes(of: UInt8(0x40), as: UInt8.self)
        #expect(try Surface(pngData: a.pngData()).word(x: 0, y: 0) & 0xFF_FFFF == 0x40_4040)
    }

    @Test func writesAndReadsFiles() throws {
        let folder = try TemporaryDirectory(prefix: "vitrine-graphics")
        defer { folder.remove() }
        let directory = folder.path
        let s = Surface(width: 3, height: 2, format: .argb8888)
        s.fill(PixelRect(x: 1, y: 1, width: 2, height: 1), with: Color(rgb: 0x00FF00, alpha: 0.5))
        let path = directory + "/out.png"
        try s.writePNG(to: path)
        let back = try Surface(pngFile: path)
        #expect(back.hasSamePixels(as: s))
        #expect(throws: ImageError.self) { try s.writePNG(to: directory + "/missing-dir/out.png") }
        do {
            try s.writePNG(to: directory + "/missing-dir/out.png")
        } catch {
            guard case .writeFailed(let failedPath, _) = error else { Issue.record("got \(error)"); return }
            #expect(failedPath == directory + "/missing-dir/out.png")
        }
    }
}
