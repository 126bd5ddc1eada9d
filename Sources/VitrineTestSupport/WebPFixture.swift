// Lossless WebP encoding of a surface, moved here from VitrineGraphics (`WebP.losslessData`,
// internal there and called only by tests): Vitrine shows WebP, it never writes it.
// Used by: VitrineTests (Images/ImageFixtures.swift, the WebP fixtures of the image tests).
import CWebP
import VitrineGraphics

extension Surface {
    /// The surface encoded as lossless WebP (straight alpha), for image fixtures; nil when
    /// libwebp fails.
    public func losslessWebPData() -> [UInt8]? {
        // libwebp takes straight BGRA bytes: a 0xAARRGGBB word on a little-endian machine.
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x: x, y: y), i = (y * width + x) * 4
                pixels[i] = UInt8((c.blue * 255).rounded())
                pixels[i + 1] = UInt8((c.green * 255).rounded())
                pixels[i + 2] = UInt8((c.red * 255).rounded())
                pixels[i + 3] = UInt8((c.alpha * 255).rounded())
            }
        }
        var output: UnsafeMutablePointer<UInt8>? = nil
        let size = WebPEncodeLosslessBGRA(pixels, Int32(width), Int32(height), Int32(width * 4), &output)
        defer { WebPFree(output) }
        guard size > 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
