#if canImport(Glibc)
import Glibc
#endif
import Testing
import VitrineGraphics
import VitrineTestSupport

/// The golden-image machinery itself, against references in a temporary directory. (Recording
/// is driven by an environment variable shared by every test running in parallel, so it is not
/// switched on here; the drawing goldens exercise it whenever they are re-recorded.)
@Suite struct GoldenTests {
    private func sample() -> Surface {
        let s = Surface(width: 4, height: 3, format: .argb8888)
        s.fill(PixelRect(x: 1, y: 1, width: 2, height: 1), with: Color(rgb: 0x2040C0))
        return s
    }

    private func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    @Test func differenceCountsPixelsBeyondTheTolerance() {
        let a = sample(), b = sample()
        #expect(a.difference(from: b) == (0, 0))
        // One channel of one pixel off by 3, another pixel off by 1 in every channel.
        b.baseAddress.storeBytes(of: a.word(x: 1, y: 1) + 3, toByteOffset: 1 * b.stride + 4, as: UInt32.self)
        b.baseAddress.storeBytes(of: 0x0101_0101, toByteOffset: 0, as: UInt32.self)
        #expect(a.difference(from: b) == (2, 3))
        #expect(a.difference(from: b, tolerance: 1) == (1, 3))
        #expect(a.difference(from: b, tolerance: 3) == (0, 3))
    }

    @Test func differenceComparesAcrossFormats() {
        let argb = Surface(width: 1, height: 1, format: .argb8888)
        let xrgb = Surface(width: 1, height: 1, format: .xrgb8888)
        argb.fill(argb.bounds, with: Color(rgb: 0x336699))
        xrgb.fill(xrgb.bounds, with: Color(rgb: 0x336699))
        #expect(argb.difference(from: xrgb) == (0, 0))
        // Different sizes: every pixel of the larger differs.
        #expect(argb.difference(from: Surface(width: 2, height: 3)) == (6, 255))
    }

    @Test(.disabled(if: Golden.isRecording, "compares only when not recording"))
    func matchingReferencePassesAndRemovesStaleOutputs() throws {
        let folder = try TemporaryDirectory(prefix: "vitrine-graphics")
        defer { folder.remove() }
        let directory = folder.path
        let path = directory + "/shape.png"
        try sample().writePNG(to: path)
        // Leftovers of an earlier failure.
        try sample().writePNG(to: directory + "/shape.diff.png")
        try sample().writePNG(to: directory + "/shape.actual.png")
        let result = Golden.compare(sample(), toReference: path)
        #expect(result == .matched)
        #expect(result.passed)
        #expect(!exists(directory + "/shape.diff.png"))
        #expect(!exists(directory + "/shape.actual.png"))
    }

    @Test(.disabled(if: Golden.isRecording, "compares only when not recording"))
    func mismatchWritesDiffAndActualAndSaysWhere() throws {
        let folder = try TemporaryDirectory(prefix: "vitrine-graphics")
        defer { folder.remove() }
        let directory = folder.path
        let path = directory + "/shape.png"
        try sample().writePNG(to: path)
        let changed = sample()
        changed.fill(PixelRect(x: 3, y: 2, width: 1, height: 1), with: .white)
        let result = Golden.compare(changed, toReference: path)
        #expect(!result.passed)
        #expect(result.message.contains("1 pixels differ"))
        #expect(result.message.contains("largest channel difference 255"))
        #expect(result.message.contains(directory + "/shape.diff.png"))
        #expect(result.message.contains(directory + "/shape.actual.png"))
        #expect(result.message.contains("VITRINE_RECORD_GOLDENS=1"))
        let actual = try Surface(pngFile: directory + "/shape.actual.png")
        #expect(actual.hasSamePixels(as: changed))
        let diff = try Surface(pngFile: directory + "/shape.diff.png")
        #expect(diff.word(x: 3, y: 2) & 0xFF_FFFF == 0xFF_0000)      // the differing pixel, red
        #expect(diff.word(x: 0, y: 0) & 0xFF_FFFF != 0xFF_0000)      // the others, not
        // Allowing one differing pixel makes it pass.
        #expect(Golden.compare(changed, toReference: path, maxDifferingPixels: 1).passed)
    }

    @Test(.disabled(if: Golden.isRecording, "compares only when not recording"))
    func missingReferenceTellsHowToRecordIt() throws {
        let folder = try TemporaryDirectory(prefix: "vitrine-graphics")
        defer { folder.remove() }
        let directory = folder.path
        let result = Golden.compare(sample(), toReference: directory + "/new.png")
        #expect(!result.passed)
        #expect(result.message.contains("VITRINE_RECORD_GOLDENS=1"))
        #expect(result.message.contains(directory + "/new.png"))
        #expect(exists(directory + "/new.actual.png"))
        #expect(!exists(directory + "/new.png"))
    }

    @Test(.disabled(if: Golden.isRecording, "compares only when not recording"))
    func sizeMismatchIsReported() throws {
        let folder = try TemporaryDirectory(prefix: "vitrine-graphics")
        defer { folder.remove() }
        let directory = folder.path
        let path = directory + "/shape.png"
        try Surface(width: 5, height: 3).writePNG(to: path)
        let result = Golden.compare(sample(), toReference: path)
        #expect(!result.passed)
        #expect(result.message.contains("4×3"))
        #expect(result.message.contains("5×3"))
    }
}
