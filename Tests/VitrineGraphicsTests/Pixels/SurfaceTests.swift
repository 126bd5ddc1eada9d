import Testing
import VitrineGraphics

/// Pixel formats, fills, composites and the rotated copy to scanout.
@Suite struct SurfaceTests {
    @Test func newSurfacesAreZeroed() {
        let s = Surface(width: 3, height: 2, format: .argb8888)
        #expect((0..<2).allSatisfy { y in (0..<3).allSatisfy { s.word(x: $0, y: y) == 0 } })
        #expect(s.stride >= 12)
    }

    @Test func colourInEachFormat() {
        // 0x336699 at alpha 0.5. pixman takes 16-bit premultiplied channels and keeps their
        // top byte: alpha 0.5 × 65535 = 32767.5 → 32768 → 0x80; red 51/255 × 0.5 × 65535 =
        // 6553.5 → 6554 → 25 = 0x19; green 102 → 13107 → 51 = 0x33; blue 153 → 19660.5 →
        // 19661 → 76 = 0x4C.
        let color = Color(rgb: 0x336699, alpha: 0.5)
        let argb = Surface(width: 1, height: 1, format: .argb8888)
        argb.fill(argb.bounds, with: color)
        #expect(argb.word(x: 0, y: 0) == 0x8019_334C)
        // Read back straight: 25 × 255 / 128 = 49.8, 51 × 255 / 128 = 101.6, 76 × 255 / 128 = 151.4.
        #expect(argb.color(x: 0, y: 0).rgba8 == 0x3266_9780)

        // Opaque formats keep the colour exactly (XRGB) or to 5-6-5 bits (RGB565: 0x33 >> 3 = 6,
        // 0x66 >> 2 = 25, 0x99 >> 3 = 19).
        let opaque = Color(rgb: 0x336699)
        let xrgb = Surface(width: 1, height: 1, format: .xrgb8888)
        xrgb.fill(xrgb.bounds, with: opaque)
        #expect(xrgb.word(x: 0, y: 0) & 0xFF_FFFF == 0x33_6699)
        #expect(xrgb.color(x: 0, y: 0).rgba8 == 0x3366_99FF)
        let rgb565 = Surface(width: 1, height: 1, format: .rgb565)
        rgb565.fill(rgb565.bounds, with: opaque)
        #expect(rgb565.baseAddress.load(as: UInt16.self) == UInt16(6 << 11 | 25 << 5 | 19))

        // A8 keeps only coverage: alpha 0.5 → 0x80.
        let a8 = Surface(width: 1, height: 1, format: .a8)
        a8.fill(a8.bounds, with: color)
        #expect(a8.baseAddress.load(as: UInt8.self) == 0x80)
    }

    @Test func compositeOverBlendsByAlpha() {
        // Black at alpha 0x80 over white: 255 × (255 − 128) / 255 = 127 = 0x7F.
        let dst = Surface(width: 1, height: 1, format: .xrgb8888)
        dst.fill(dst.bounds, with: .white)
        let src = Surface(width: 1, height: 1, format: .argb8888)
        src.fill(src.bounds, with: Color(white: 0, alpha: 0.5))
        dst.composite(src, from: src.bounds, to: (0, 0))
        #expect(dst.word(x: 0, y: 0) & 0xFF_FFFF == 0x7F_7F7F)
    }

    /// A 3×2 scene whose pixels are all different: 0xRRGGBB with R = 0x10·(x+1), G = 0x10·(y+1).
    private func scene() -> Surface {
        let s = Surface(width: 3, height: 2, format: .xrgb8888)
        for y in 0..<2 {
            for x in 0..<3 { s.fill(PixelRect(x: x, y: y, width: 1, height: 1), with: Color(rgb: value(x, y))) }
        }
        return s
    }

    private func value(_ x: Int, _ y: Int) -> UInt32 { UInt32(0x10 * (x + 1)) << 16 | UInt32(0x10 * (y + 1)) << 8 }

    /// Copies the whole 3×2 scene turned by `rotation` and returns the panel.
    private func panel(_ rotation: ScreenRotation) -> (Surface, Int) {
        let source = scene()
        let size = rotation.rotatedSize(width: 3, height: 2)
        let panel = Surface(width: size.width, height: size.height, format: .xrgb8888)
        let bytes = panel.copy(Region(source.bounds), from: source, rotation: rotation)
        return (panel, bytes)
    }

    @Test func copyUpright() {
        let (p, bytes) = panel(.none)
        #expect(bytes == 6 * 4)
        for y in 0..<2 { for x in 0..<3 { #expect(p.word(x: x, y: y) & 0xFF_FFFF == value(x, y)) } }
    }

    /// Upright copies of a many-rectangle region between surfaces of one format (row copies,
    /// and one block for whole rows), into a padded stride (a DRM buffer's), and into another
    /// format (pixman's conversion): exactly the region's pixels change, clipped to both.
    @Test func copyUprightCopiesExactlyTheRegion() {
        let source = Surface(width: 40, height: 30, format: .xrgb8888)
        for y in 0..<30 { for x in 0..<40 { source.fill(PixelRect(x: x, y: y, width: 1, height: 1), with: Color(rgb: UInt32(y * 40 + x) &* 2654435761 & 0xFF_FFFF)) } }
        let region = Region([PixelRect(x: 0, y: 2, width: 40, height: 5), PixelRect(x: 3, y: 10, width: 7, height: 9),
                             PixelRect(x: 20, y: 12, width: 30, height: 30)])
        let padded = UnsafeMutableRawPointer.allocate(byteCount: 48 * 4 * 30, alignment: 16)
        defer { padded.deallocate() }
        padded.initializeMemory(as: UInt8.self, repeating: 0, count: 48 * 4 * 30)
        for target in [Surface(width: 40, height: 30, format: .xrgb8888), Surface(width: 36, height: 25, format: .xrgb8888),
                       Surface(wrapping: padded, width: 40, height: 30, stride: 48 * 4, format: .xrgb8888),
                       Surface(width: 40, height: 30, format: .argb8888)] {
            target.copy(region, from: source)
            for y in 0..<target.height {
                for x in 0..<target.width {
                    let want = region.contains(x: x, y: y) ? source.word(x: x, y: y) & 0xFF_FFFF : 0
                    guard target.word(x: x, y: y) & 0xFF_FFFF == want else {
                        Issue.record("\(target.width)×\(target.height) \(target.format) stride \(target.stride): (\(x), \(y))")
                        return
                    }
                }
            }
        }
    }

    /// A copy of a megabyte or more takes the large copy (`vitrine_copy_large`), or streaming
    /// stores into scanout memory: whole rows as one block, and rows starting off a 16-byte
    /// boundary with odd lengths, copied exactly either way.
    @Test func aLargeCopyCopiesExactly() {
        let (width, height) = (1027, 300)
        let source = Surface(width: width, height: height, format: .xrgb8888)
        let words = source.baseAddress.assumingMemoryBound(to: UInt32.self)
        for i in 0..<(source.stride / 4 * height) { words[i] = UInt32(truncatingIfNeeded: i &* 2654435761) }
        let region = Region([PixelRect(x: 0, y: 0, width: width, height: 150), PixelRect(x: 3, y: 160, width: 1021, height: 130)])
        #expect(region.area * 4 >= 1 << 20)
        let scanoutStride = (width + 3) * 4
        let scanoutPixels = UnsafeMutableRawPointer.allocate(byteCount: scanoutStride * height, alignment: 64)
        defer { scanoutPixels.deallocate() }
        scanoutPixels.initializeMemory(as: UInt8.self, repeating: 0, count: scanoutStride * height)
        let scanout = Surface(wrapping: scanoutPixels, width: width, height: height, stride: scanoutStride, format: .xrgb8888, isScanout: true)
        for target in [Surface(width: width, height: height, format: .xrgb8888),
                       Surface(width: width + 5, height: height, format: .xrgb8888), scanout] {
            target.copy(region, from: source)
            for y in 0..<height {
                for x in 0..<width {
                    let want = region.contains(x: x, y: y) ? source.word(x: x, y: y) : 0
                    guard target.word(x: x, y: y) == want else {
                        Issue.record("\(target.width) wide: (\(x), \(y))")
                        return
                    }
                }
            }
        }
    }

    @Test func copyClockwise90() {
        // Turned a quarter clockwise, the 3×2 scene becomes a 2×3 panel; the scene's left
        // column (x = 0) becomes the panel's top row read right to left:
        //   panel row 0: scene (0,1) (0,0)
        //   panel row 1: scene (1,1) (1,0)
        //   panel row 2: scene (2,1) (2,0)
        let (p, bytes) = panel(.clockwise90)
        #expect(p.width == 2 && p.height == 3)
        #expect(bytes == 6 * 4)
        let expected: [[(Int, Int)]] = [[(0, 1), (0, 0)], [(1, 1), (1, 0)], [(2, 1), (2, 0)]]
        for (py, row) in expected.enumerated() {
            for (px, s) in row.enumerated() { #expect(p.word(x: px, y: py) & 0xFF_FFFF == value(s.0, s.1)) }
        }
    }

    @Test func copyUpsideDown() {
        //   panel row 0: scene (2,1) (1,1) (0,1)
        //   panel row 1: scene (2,0) (1,0) (0,0)
        let (p, _) = panel(.upsideDown)
        let expected: [[(Int, Int)]] = [[(2, 1), (1, 1), (0, 1)], [(2, 0), (1, 0), (0, 0)]]
        for (py, row) in expected.enumerated() {
            for (px, s) in row.enumerated() { #expect(p.word(x: px, y: py) & 0xFF_FFFF == value(s.0, s.1)) }
        }
    }

    @Test func copyClockwise270() {
        // A quarter counter-clockwise: the scene's right column becomes the panel's top row.
        //   panel row 0: scene (2,0) (2,1)
        //   panel row 1: scene (1,0) (1,1)
        //   panel row 2: scene (0,0) (0,1)
        let (p, _) = panel(.clockwise270)
        let expected: [[(Int, Int)]] = [[(2, 0), (2, 1)], [(1, 0), (1, 1)], [(0, 0), (0, 1)]]
        for (py, row) in expected.enumerated() {
            for (px, s) in row.enumerated() { #expect(p.word(x: px, y: py) & 0xFF_FFFF == value(s.0, s.1)) }
        }
    }

    @Test func rotatedCopyOfPartTouchesOnlyItsImage() {
        // Only scene pixel (2,0) (top right), turned clockwise: it lands on panel (1, 2).
        let source = scene()
        let p = Surface(width: 2, height: 3, format: .xrgb8888)
        let bytes = p.copy(Region(PixelRect(x: 2, y: 0, width: 1, height: 1)), from: source, rotation: .clockwise90)
        #expect(bytes == 4)
        for y in 0..<3 {
            for x in 0..<2 {
                #expect(p.word(x: x, y: y) & 0xFF_FFFF == (x == 1 && y == 2 ? value(2, 0) : 0))
            }
        }
    }

    @Test func copyConvertsFormats() {
        // XRGB scene to an RGB565 panel: 0x10 >> 3 = 2 red, 0x10 >> 2 = 4 green, 0 blue.
        let source = scene()
        let p = Surface(width: 3, height: 2, format: .rgb565)
        let bytes = p.copy(Region(source.bounds), from: source)
        #expect(bytes == 6 * 2)
        #expect(p.baseAddress.load(as: UInt16.self) == UInt16(2 << 11 | 4 << 5))
    }
}
