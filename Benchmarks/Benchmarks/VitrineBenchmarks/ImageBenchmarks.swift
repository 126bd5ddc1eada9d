import Benchmark
import Glibc
import VitrineGraphics

/// The pictures the image benchmarks decode, made once: a 6000×4000 (24-megapixel) camera-like
/// JPEG written to /tmp, and a 24×24 SVG icon.
@MainActor
enum ImageScenes {
    static var photoPath: String?

    static func photo() -> String? {
        if let photoPath { return photoPath }
        let picture = Surface(width: 6000, height: 4000, format: .xrgb8888)
        let context = GraphicsContext(surface: picture)
        context.drawLinearGradient(Gradient(colors: [Color(rgb: 0x8FB9A8), Color(rgb: 0x2E5E4E)]),
                                   start: Point(x: 0, y: 0), end: Point(x: 0, y: 4000))
        context.fillColor = Color(rgb: 0xF2B134)
        context.fillEllipse(in: Rect(x: 3600, y: 600, width: 1300, height: 1300))
        guard let data = picture.jpegData(quality: 85) else { return nil }
        let path = "/tmp/vitrine-bench-photo-\(getpid()).jpg"
        guard let file = fopen(path, "wb") else { return nil }
        _ = data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        photoPath = path
        return path
    }

    static let icon = Array("""
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
          <rect x="2" y="2" width="20" height="20" rx="5" fill="#2D6CDF"/>
          <path d="M6.5 12.5 L10.5 16.5 L17.5 8" fill="none" stroke="#FFFFFF" stroke-width="2.5"/>
        </svg>
        """.utf8)
}

/// The bytes of pixels a decode produced (stride × height): exact, pinned by thresholds.
private var decodedBytes: BenchmarkMetric { .custom("decodedBytes", useScalingFactor: false) }

/// 11. Images: a 24-megapixel JPEG decoded at the size an 800×480 screen shows it (1/8 scale,
/// then pixman to 720×480) against decoding it whole; an SVG icon drawn at 48 px (2×).
func imageBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, decodedBytes], warmupIterations: 1,
        maxDuration: .seconds(2), maxIterations: 50, thresholds: [decodedBytes: exact]
    )
    let cases: [(String, Int?)] = [("Image-jpeg-24MP-to-720x480", 720), ("Image-jpeg-24MP-whole", nil)]
    for (name, width) in cases {
        mainActorBenchmark(name, configuration: configuration) { benchmark in
            guard let path = ImageScenes.photo(), let source = try? ImageSource(contentsOfFile: path) else {
                benchmark.error("\(name): cannot make the photo")
                return
            }
            benchmark.startMeasurement()
            let surface = try? (width.map { _ in try source.decode(width: 720, height: 480) } ?? source.decode())
            benchmark.stopMeasurement()
            guard let surface else { return benchmark.error("\(name): the decode failed") }
            benchmark.measurement(decodedBytes, surface.stride * surface.height)
        }
    }
    mainActorBenchmark("Image-svg-icon-48px", configuration: configuration) { benchmark in
        guard let source = try? ImageSource(data: ImageScenes.icon) else { return benchmark.error("the icon does not parse") }
        benchmark.startMeasurement()
        let surface = try? source.decode(width: 48, height: 48)
        benchmark.stopMeasurement()
        guard let surface else { return benchmark.error("the icon does not draw") }
        benchmark.measurement(decodedBytes, surface.stride * surface.height)
    }
}
