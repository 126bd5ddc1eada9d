import Testing
import VitrineGraphics
import VitrineTestSupport

/// The folder of this test target's reference images: Tests/VitrineTests/Goldens.
private func goldensFolder(_ filePath: String = #filePath) -> String {
    // #filePath is .../Tests/VitrineTests/Support/GoldenSupport.swift.
    var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/Goldens"
}

/// Expects `surface` to equal the reference `Goldens/<name>.png` exactly; on a mismatch the
/// diff and the actual image are written next to the reference. `VITRINE_RECORD_GOLDENS=1`
/// records the references instead.
func expectGolden(_ surface: Surface, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = Golden.compare(surface, toReference: goldensFolder() + "/\(name).png")
    #expect(result.passed, Comment(rawValue: result.message), sourceLocation: sourceLocation)
}
