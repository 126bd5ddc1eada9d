import Testing
import VitrineGraphics
import VitrineTestSupport

/// The directory of this test target (`Tests/VitrineGraphicsTests`), found from this file's
/// own path so tests run from any working directory.
let graphicsTestsDirectory: String = {
    let file = "\(#filePath)"
    // …/Tests/VitrineGraphicsTests/Support/GoldenSupport.swift → …/Tests/VitrineGraphicsTests
    var parts = file.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/")
}()

/// The path of reference image `NAME.png` in `Tests/VitrineGraphicsTests/Goldens/`.
func goldenPath(_ name: String) -> String { "\(graphicsTestsDirectory)/Goldens/\(name).png" }

/// The path of fixture `name` in `Tests/VitrineGraphicsTests/Images/Fixtures/`.
func fixturePath(_ name: String) -> String { "\(graphicsTestsDirectory)/Images/Fixtures/\(name)" }

/// Expects `surface` to match golden `NAME` exactly (see `Golden.compare`); the failure
/// message names the diff and actual images.
func expectGolden(_ surface: Surface, _ name: String, tolerance: Int = 0, maxDifferingPixels: Int = 0,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    let result = Golden.compare(surface, toReference: goldenPath(name), tolerance: tolerance, maxDifferingPixels: maxDifferingPixels)
    #expect(result.passed, "\(result.message)", sourceLocation: sourceLocation)
}

/// A new opaque white surface, what most drawing tests start from.
func whiteSurface(width: Int, height: Int, format: PixelFormat = .argb8888) -> Surface {
    let surface = Surface(width: width, height: height, format: format)
    surface.fill(surface.bounds, with: .white)
    return surface
}

/// The premultiplied `0xAARRGGBB` word at (`x`, `y`) of a 32-bit surface, for hex-literal
/// expectations.
func pixel(_ surface: Surface, _ x: Int, _ y: Int) -> UInt32 {
    surface.format == .xrgb8888 ? surface.word(x: x, y: y) | 0xFF00_0000 : surface.word(x: x, y: y)
}

/// The alpha (coverage) of pixel (`x`, `y`), 0...255.
func alpha8(_ surface: Surface, _ x: Int, _ y: Int) -> Int {
    Int((surface.color(x: x, y: y).alpha * 255).rounded())
}
