import Benchmark

// Vitrine's benchmarks (issue 7). Each group is in its own file; `scripts/bench` runs them all,
// checks the static thresholds in Thresholds/ and prints the table.
//
// Vitrine is main-actor bound, and package-benchmark calls benchmark closures on a thread of
// its own: every benchmark is an async closure isolated to the main actor, which sets up its
// scene (once, cached) and then brackets exactly the measured work with
// `startMeasurement()` / `stopMeasurement()`, so neither the hop to the main actor nor the
// setup is counted (time or allocations).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(1),
        maxIterations: 2_000
    )
    touchBenchmarks()
    navigationBenchmarks()
    keyBenchmarks()
    keyboardBenchmarks()
    hitTestBenchmarks()
    layoutBenchmarks()
    constraintBenchmarks()
    languageBenchmarks()
    frameBenchmarks()
    scrollBenchmarks()
    presentBenchmarks()
    remoteViewBenchmarks()
    textBenchmarks()
    imageBenchmarks()
    listBenchmarks()
    videoBenchmarks()
    processBenchmarks()
}
