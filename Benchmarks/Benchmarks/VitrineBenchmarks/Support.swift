import Benchmark

/// The metrics whose values are counts, not times: what a static threshold can pin exactly.
enum Counted {
    /// Scene pixels repainted by the frame's composition (`FrameCounters.pixelsComposed`).
    static var pixelsComposed: BenchmarkMetric { .custom("pixelsComposed", useScalingFactor: false) }
    /// Bytes written into the display's buffer (`FrameCounters.bytesCopied`).
    static var bytesCopied: BenchmarkMetric { .custom("bytesCopied", useScalingFactor: false) }
    /// Views whose `draw(_:in:)` ran in the frame.
    static var viewsDrawn: BenchmarkMetric { .custom("viewsDrawn", useScalingFactor: false) }
    /// Scene pixels an opaque background did not fill under views that paint them opaquely
    /// (`FrameCounters.pixelsSpared`): more is better, so fewer fails a threshold check.
    static var pixelsSpared: BenchmarkMetric { .custom("pixelsSpared", polarity: .prefersLarger, useScalingFactor: false) }
    /// Scene pixels moved instead of repainted (`FrameCounters.pixelsMoved`: scrolled areas).
    static var pixelsMoved: BenchmarkMetric { .custom("pixelsMoved", useScalingFactor: false) }
    /// Cells a list has made in all (`TableView.numberOfCellsCreated(withIdentifier:)`).
    static var cellsCreated: BenchmarkMetric { .custom("cellsCreated", useScalingFactor: false) }
}

/// Tolerances for metrics that must not move at all: compared with the p90 in Thresholds/,
/// any difference is a deviation (`swift package benchmark thresholds check` fails on a
/// regression and reports an improvement, so the file is updated on purpose).
var exact: BenchmarkThresholds { BenchmarkThresholds(relative: [.p90: 0], absolute: [.p90: 0]) }

/// `benchmark`, handed to the main actor. package-benchmark calls an async benchmark closure
/// on a thread of its own and waits for it; nothing else touches the `Benchmark` object
/// meanwhile, so passing it to the main actor races with nothing.
struct MainActorBenchmark: @unchecked Sendable {
    let benchmark: Benchmark
}

/// Registers a benchmark named `name` whose body runs on the main actor, with
/// `configuration`. The body sets up what it needs and calls `startMeasurement()` and
/// `stopMeasurement()` around the measured work.
func mainActorBenchmark(_ name: String, configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
                        _ body: @escaping @MainActor @Sendable (Benchmark) -> Void) {
    Benchmark(name, configuration: configuration) { benchmark in
        let handle = MainActorBenchmark(benchmark: benchmark)
        await MainActor.run { body(handle.benchmark) }
    }
}
