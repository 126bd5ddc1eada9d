// Golden-image comparison, moved here from VitrineGraphics (it was public API only tests used).
// Used by: VitrineGraphicsTests (Support/GoldenSupport.swift, Images/GoldenTests.swift),
// VitrineTests (Support/GoldenSupport.swift), KioskDemoTests (KioskTourTests, CheckInScreenTests,
// SettingsScreenTests) and VitrineSDLTests (SDLWindowTests).
// References are never located here: every caller passes the path of its PNG, built from its own
// `#filePath` (Tests/<target>/Goldens/…), so recording with VITRINE_RECORD_GOLDENS=1 rewrites the
// files next to the tests wherever this module is built.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import VitrineGraphics

/// The outcome of comparing a rendering with its reference image.
public enum GoldenResult: Sendable, Hashable, CustomStringConvertible {
    /// The rendering matches the reference (within the tolerance given).
    case matched
    /// Recording was asked for: the rendering was written as the new reference at `path`.
    case recorded(path: String)
    /// The rendering does not match, or the reference is missing or unreadable; the message
    /// says which files to look at and what to do.
    case failed(String)

    /// Whether the test should pass: matched, or recorded.
    public var passed: Bool {
        if case .failed = self { return false }
        return true
    }

    /// A sentence for the test log.
    public var message: String {
        switch self {
        case .matched: "matches its reference"
        case .recorded(let path): "recorded \(path) as the new reference (\(Golden.recordVariable)=1)"
        case .failed(let message): message
        }
    }

    /// The message.
    public var description: String { message }
}

/// Golden-image tests: a rendering compared pixel for pixel with a reference PNG kept with the
/// tests.
///
/// Run the tests with `VITRINE_RECORD_GOLDENS=1` to write (or rewrite) every reference instead
/// of comparing; look at the new PNGs before committing them. A failed comparison leaves
/// `NAME.actual.png` (the rendering) and `NAME.diff.png` (differing pixels in red over a faded
/// copy) next to `NAME.png`; a later pass removes them.
public enum Golden {
    /// The environment variable that turns comparing into recording when set to `1`.
    public static let recordVariable = "VITRINE_RECORD_GOLDENS"

    /// Whether references are being recorded (`VITRINE_RECORD_GOLDENS=1` in the environment).
    public static var isRecording: Bool {
        guard let value = getenv(recordVariable) else { return false }
        return String(cString: value) == "1"
    }

    /// Compares `surface` with the PNG at `path` (absolute, or relative to the working
    /// directory). Pixels are compared as premultiplied 8-bit ARGB; a pixel differs when a
    /// channel differs by more than `tolerance`, and the comparison passes when at most
    /// `maxDifferingPixels` differ. While recording, writes `surface` to `path` (creating its
    /// directory) and returns `.recorded`.
    public static func compare(_ surface: Surface, toReference path: String, tolerance: Int = 0,
                               maxDifferingPixels: Int = 0) -> GoldenResult {
        let stem = path.hasSuffix(".png") ? String(path.dropLast(4)) : path
        let actualPath = stem + ".actual.png", diffPath = stem + ".diff.png"
        if isRecording {
            makeDirectories(containing: path)
            do {
                try surface.writePNG(to: path)
            } catch {
                return .failed("could not record the reference: \(error)")
            }
            unlink(actualPath)
            unlink(diffPath)
            return .recorded(path: path)
        }
        let reference: Surface
        do {
            reference = try Surface(pngFile: path)
        } catch {
            let wrote = (try? surface.writePNG(to: actualPath)) != nil
            let actual = wrote ? " The rendering is in \(actualPath)." : ""
            if case .fileNotFound = error {
                return .failed("\(path): no reference image yet — run the tests with \(recordVariable)=1 to record it, then look at it before committing.\(actual)")
            }
            return .failed("\(error).\(actual)")
        }
        guard reference.width == surface.width, reference.height == surface.height else {
            let wrote = (try? surface.writePNG(to: actualPath)) != nil
            return .failed("\(path): the rendering is \(surface.width)×\(surface.height) but the reference is \(reference.width)×\(reference.height)"
                + (wrote ? "; the rendering is in \(actualPath)" : "")
                + " — if the new size is intended, re-record with \(recordVariable)=1")
        }
        let difference = surface.difference(from: reference, tolerance: tolerance)
        if difference.differingPixels <= maxDifferingPixels {
            unlink(actualPath)
            unlink(diffPath)
            return .matched
        }
        let wroteActual = (try? surface.writePNG(to: actualPath)) != nil
        let wroteDiff = (try? surface.differenceImage(from: reference, tolerance: tolerance).writePNG(to: diffPath)) != nil
        var files: [String] = []
        if wroteDiff { files.append("\(diffPath) (differences in red)") }
        if wroteActual { files.append("\(actualPath) (the rendering)") }
        return .failed("\(path): \(difference.differingPixels) pixels differ (allowed \(maxDifferingPixels)), "
            + "largest channel difference \(difference.maxChannelDelta) (tolerance \(tolerance))"
            + (files.isEmpty ? "" : "; see " + files.joined(separator: " and "))
            + " — if the change is intended, re-record with \(recordVariable)=1")
    }

    /// Creates the directories leading to the file at `path` (as `mkdir -p` on its parent).
    private static func makeDirectories(containing path: String) {
        var prefix = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (i, part) in parts.enumerated() {
            prefix += (i == 0 ? "" : "/") + part
            if !prefix.isEmpty { mkdir(prefix, 0o755) }
        }
    }
}

extension Surface {
    /// How far this surface is from `other` (same size expected): the pixels where some
    /// channel of premultiplied 8-bit ARGB differs by more than `tolerance`, and the largest
    /// channel difference anywhere. Formats may differ (no alpha reads as opaque; RGB565 is
    /// widened to 8 bits; A8 reads as opaque grey, as it is written to PNG). Different sizes
    /// count every pixel of the larger one, with difference 255.
    public func difference(from other: Surface, tolerance: Int = 0) -> (differingPixels: Int, maxChannelDelta: Int) {
        guard width == other.width, height == other.height else {
            return (max(width * height, other.width * other.height), 255)
        }
        let mine = premultipliedWords(), theirs = other.premultipliedWords()
        var differing = 0, maxDelta = 0
        for i in mine.indices {
            let delta = channelDelta(mine[i], theirs[i])
            if delta > tolerance { differing += 1 }
            maxDelta = max(maxDelta, delta)
        }
        return (differing, maxDelta)
    }

    /// A picture of the difference from `other` (same size): differing pixels red, the rest a
    /// faded copy of this surface.
    func differenceImage(from other: Surface, tolerance: Int) -> Surface {
        let image = Surface(width: width, height: height, format: .xrgb8888)
        let mine = premultipliedWords(), theirs = other.premultipliedWords()
        for y in 0..<height {
            let row = (image.baseAddress + y * image.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = mine[y * width + x]
                if channelDelta(p, theirs[y * width + x]) > tolerance {
                    row[x] = 0xFFFF_0000
                    continue
                }
                // Over white, then two thirds of the way to white.
                let a = p >> 24
                func faded(_ c: UInt32) -> UInt32 { 170 + (c + 255 - a) / 3 }
                row[x] = 0xFF00_0000 | faded((p >> 16) & 0xFF) << 16 | faded((p >> 8) & 0xFF) << 8 | faded(p & 0xFF)
            }
        }
        return image
    }

    /// Every pixel of the picture, row by row, as premultiplied `0xAARRGGBB` whatever the
    /// format (no alpha reads as opaque; RGB565 widened by repeating its top bits, as its PNG
    /// encoding does; A8 as opaque grey). Read through the public `forEachStoredPiece(of:_:)`,
    /// so a turned scroll band reads as the picture it shows.
    func premultipliedWords() -> [UInt32] {
        var words = [UInt32](repeating: 0, count: width * height)
        let format = self.format, base = baseAddress, stride = self.stride, width = self.width
        forEachStoredPiece(of: bounds) { piece, columnOffset, rowOffset in
            for y in piece.y..<piece.maxY {
                let row = base + (y + rowOffset) * stride
                for x in piece.x..<piece.maxX {
                    words[y * width + x] = premultipliedWord(row, at: x + columnOffset, format: format)
                }
            }
        }
        return words
    }
}

/// The stored pixel at `column` of `row` as premultiplied `0xAARRGGBB` (what `Surface.word`
/// gives for ARGB8888; opaque for the other formats, as VitrineGraphics writes them to PNG).
private func premultipliedWord(_ row: UnsafeMutableRawPointer, at column: Int, format: PixelFormat) -> UInt32 {
    switch format {
    case .argb8888:
        return row.load(fromByteOffset: column * 4, as: UInt32.self)
    case .xrgb8888:
        return 0xFF00_0000 | row.load(fromByteOffset: column * 4, as: UInt32.self) & 0xFF_FFFF
    case .rgb565:
        let p = UInt32(row.load(fromByteOffset: column * 2, as: UInt16.self))
        // Widen by repeating the top bits, so 0x1F becomes 0xFF and 0 stays 0.
        let r = (p >> 11) & 0x1F, g = (p >> 5) & 0x3F, b = p & 0x1F
        return 0xFF00_0000 | (r << 3 | r >> 2) << 16 | (g << 2 | g >> 4) << 8 | (b << 3 | b >> 2)
    case .a8:
        let a = UInt32(row.load(fromByteOffset: column, as: UInt8.self))
        return 0xFF00_0000 | a << 16 | a << 8 | a
    }
}

/// The largest difference between corresponding bytes of two words.
private func channelDelta(_ a: UInt32, _ b: UInt32) -> Int {
    var delta = 0
    for shift in stride(from: 0, through: 24, by: 8) {
        delta = max(delta, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
    }
    return delta
}
