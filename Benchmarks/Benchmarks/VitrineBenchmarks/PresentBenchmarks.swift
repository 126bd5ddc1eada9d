import Benchmark
import VitrineGraphics

/// What a display's present costs on its own: the copy of a scene area into one of two
/// display buffers in turn, through `Surface.copy(_:from:rotation:)` (the path
/// `VirtualDisplay.present` takes: into buffers that are `isScanout`, past 1 MiB by streaming
/// stores). Both areas are the ones the frame and scroll rows compare with memcpy, so the
/// table can say how much of a frame's ratio is this copy alone: the floor of any frame that
/// changes that area.
@MainActor
final class PresentCopies {
    let scene: Surface
    let buffers: [Surface]
    let area: Region
    private var next = 0

    /// A 1920×1080 XRGB8888 scene and two display buffers (scanout, as the headless display's
    /// are), all written once so every page is resident before the first sample; `area` is
    /// the region each sample copies.
    init(area: PixelRect) {
        scene = Surface(width: 1920, height: 1080, format: .xrgb8888)
        scene.fill(PixelRect(x: 0, y: 0, width: 1920, height: 1080), with: Color(red: 0.2, green: 0.4, blue: 0.6))
        buffers = (0..<2).map { _ in
            let buffer = Surface(width: 1920, height: 1080, format: .xrgb8888, isScanout: true)
            buffer.fill(PixelRect(x: 0, y: 0, width: 1920, height: 1080), with: .black)
            return buffer
        }
        self.area = Region(area)
    }

    /// Copies the area into the next buffer; returns the bytes written.
    func present() -> Int {
        defer { next = 1 - next }
        return buffers[next].copy(area, from: scene)
    }

    /// The copies made so far, by benchmark name (made on a benchmark's first sample).
    static var made: [String: PresentCopies] = [:]
}

/// 5 and 11, the floor: `Present-frame-1920x1080` copies the whole frame (what every full
/// repaint ends with), `Present-scroll-area-1920x960` the scroll view's area (what every scroll
/// frame writes out). Bytes copied are pinned.
func presentBenchmarks() {
    for (name, rect) in [("Present-frame-1920x1080", PixelRect(x: 0, y: 0, width: 1920, height: 1080)),
                         ("Present-scroll-area-1920x960", PixelRect(x: 0, y: 60, width: 1920, height: 960))] {
        mainActorBenchmark(name, configuration: .init(
            metrics: [.wallClock, Counted.bytesCopied],
            warmupIterations: 5, maxDuration: .seconds(1), maxIterations: 500,
            thresholds: [Counted.bytesCopied: exact]
        )) { benchmark in
            let copies = PresentCopies.made[name] ?? PresentCopies(area: rect)
            PresentCopies.made[name] = copies
            benchmark.startMeasurement()
            let bytes = copies.present()
            benchmark.stopMeasurement()
            benchmark.measurement(Counted.bytesCopied, bytes)
        }
    }
}
