import Glibc
import Testing
import VitrineGraphics

/// Pixel-for-pixel comparison of a frame captured from the kernel with the frame expected.
///
/// Both are first made opaque ARGB8888 by pixman (which also sets the byte XRGB8888 leaves
/// undefined), then compared row by row with memcmp: a debug build's per-pixel loop on an
/// emulated CPU would take seconds a frame. Only a mismatch walks the pixels, to count them and
/// draw the differences.
enum PictureCheck {
    /// Whether `captured` equals `expected` exactly. When not, records an issue naming the
    /// pictures it leaves in the artifacts directory: `NAME.expected.png`, `NAME.captured.png`
    /// and `NAME.diff.png` (differing pixels red, the rest faded).
    @discardableResult
    static func expectEqual(_ captured: Surface, _ expected: Surface, name: String,
                            sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let directory = KernelRing.artifactsDirectory
        guard captured.width == expected.width, captured.height == expected.height else {
            try? captured.writePNG(to: "\(directory)/\(name).captured.png")
            let message = "\(name): the kernel's frame is \(captured.width)×\(captured.height), the expected one "
                + "\(expected.width)×\(expected.height); the captured frame is \(directory)/\(name).captured.png"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return false
        }
        let left = opaque(captured), right = opaque(expected)
        let rowBytes = captured.width * 4
        var identical = true
        for y in 0..<captured.height where memcmp(left.baseAddress + y * left.stride, right.baseAddress + y * right.stride, rowBytes) != 0 {
            identical = false
            break
        }
        if identical { return true }

        let diff = Surface(width: captured.width, height: captured.height, format: .xrgb8888)
        var differing = 0, largest: UInt32 = 0
        for y in 0..<captured.height {
            let a = (left.baseAddress + y * left.stride).assumingMemoryBound(to: UInt32.self)
            let b = (right.baseAddress + y * right.stride).assumingMemoryBound(to: UInt32.self)
            let d = (diff.baseAddress + y * diff.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<captured.width {
                let p = a[x], q = b[x]
                if p == q {
                    d[x] = 0xFF80_8080 &+ ((p >> 1) & 0x007F_7F7F)   // halfway to white
                    continue
                }
                differing += 1
                d[x] = 0xFFFF_0000
                for shift: UInt32 in [0, 8, 16] {
                    let u = (p >> shift) & 0xFF, v = (q >> shift) & 0xFF
                    largest = max(largest, u > v ? u - v : v - u)
                }
            }
        }
        var files: [String] = []
        for (surface, suffix) in [(expected, "expected"), (captured, "captured"), (diff, "diff")] {
            let path = "\(directory)/\(name).\(suffix).png"
            if (try? surface.writePNG(to: path)) != nil { files.append(path) }
        }
        let pictures = files.isEmpty ? "the pictures could not be written" : "see " + files.joined(separator: ", ")
        let message = "\(name): \(differing) pixels differ from the headless render (largest channel difference \(largest)); \(pictures)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return false
    }

    /// An opaque ARGB8888 copy.
    private static func opaque(_ surface: Surface) -> Surface {
        let copy = Surface(width: surface.width, height: surface.height, format: .argb8888)
        copy.composite(surface, from: surface.bounds, to: (0, 0), operator: .copy)
        return copy
    }
}
