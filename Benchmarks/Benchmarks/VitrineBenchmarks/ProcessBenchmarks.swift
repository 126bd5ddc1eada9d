import Benchmark
import VitrineBenchKit

/// Figures taken in a process of their own (`vitrine-bench-app`, next to this executable):
/// each sample runs it once and records what it printed as custom metrics.
enum ProcessFigure {
    static var idleWakeUps: BenchmarkMetric { .custom("idleWakeUps", useScalingFactor: false) }
    static var idleCPUMicroseconds: BenchmarkMetric { .custom("idleCPUMicroseconds", useScalingFactor: false) }
    static var startupMicroseconds: BenchmarkMetric { .custom("startToFirstFrameMicroseconds", useScalingFactor: false) }
    static var mainToFrameMicroseconds: BenchmarkMetric { .custom("mainToFirstFrameMicroseconds", useScalingFactor: false) }
    static var peakPrivateDirtyKiB: BenchmarkMetric { .custom("peakPrivateDirtyKiB", useScalingFactor: false) }
    static var buffersKiB: BenchmarkMetric { .custom("frameBuffersKiB", useScalingFactor: false) }
    static var beyondBuffersKiB: BenchmarkMetric { .custom("peakBeyondBuffersKiB", useScalingFactor: false) }
    static var privateCleanKiB: BenchmarkMetric { .custom("privateCleanKiB", useScalingFactor: false) }
    static var peakResidentKiB: BenchmarkMetric { .custom("peakResidentKiB", useScalingFactor: false) }
    static var firstFrameMicroseconds: BenchmarkMetric { .custom("firstFrameMicroseconds", useScalingFactor: false) }
}

/// Runs `vitrine-bench-app` with `arguments`; returns its figures, or nil after reporting the
/// failure on `benchmark`.
func runBenchApp(_ arguments: [String], for benchmark: Benchmark) -> (figures: [String: Int], spawnedAt: Int)? {
    let path = ChildProcess.sibling("vitrine-bench-app")
    do {
        let child = try ChildProcess.run(path, arguments)
        guard child.status == 0 else {
            benchmark.error("\(path) \(arguments.joined(separator: " ")) exited with \(child.status): \(child.output)")
            return nil
        }
        return (Figures.parse(child.output), child.spawnedAt)
    } catch {
        benchmark.error(error.description)
        return nil
    }
}

/// 7. Idle, 8. startup and 10. memory, each in a fresh `vitrine-bench-app` showing
/// `KioskScreen` (or, for memory, a `MemoryScene`) at 1920×1080 on the real epoll loop and a
/// virtual display.
func processBenchmarks() {
    // 7. Five seconds of nothing after the first frame: wake-ups (must be 0) and CPU time.
    Benchmark("Idle-5s", configuration: .init(
        metrics: [ProcessFigure.idleWakeUps, ProcessFigure.idleCPUMicroseconds],
        warmupIterations: 0, maxDuration: .seconds(1), maxIterations: 1,
        thresholds: [ProcessFigure.idleWakeUps: exact]
    )) { benchmark in
        guard let run = runBenchApp(["idle", "5"], for: benchmark),
              let wakeUps = run.figures["idle_wakeups"], let cpu = run.figures["idle_cpu_us"] else { return }
        benchmark.measurement(ProcessFigure.idleWakeUps, wakeUps)
        benchmark.measurement(ProcessFigure.idleCPUMicroseconds, cpu)
    }

    // 8. From spawning the process to its first frame handed to the display, and from main().
    Benchmark("Startup-headless", configuration: .init(
        metrics: [ProcessFigure.startupMicroseconds, ProcessFigure.mainToFrameMicroseconds],
        warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 10
    )) { benchmark in
        guard let run = runBenchApp(["startup"], for: benchmark),
              let present = run.figures["first_present_ns"], let main = run.figures["main_entered_ns"] else { return }
        benchmark.measurement(ProcessFigure.startupMicroseconds, (present - run.spawnedAt) / 1000)
        benchmark.measurement(ProcessFigure.mainToFrameMicroseconds, (present - main) / 1000)
    }

    // 10. Peak private dirty memory over 120 frames of use, and how much of it is not frame
    // buffers (see `memory()` in vitrine-bench-app for why dirty, and how the peak is taken).
    // The same for scenes whose views are far larger than the screen (issue 15): a
    // 16,000-point background-only view, a 10^6-point-wide drawing view, 2,000 nested
    // translucent views; each must stay within 16 MiB beyond the frame buffers.
    for (name, scene) in [("Memory-1920x1080", MemoryScene.kiosk), ("Memory-large-background", .largeBackground),
                          ("Memory-wide-drawing", .wideDrawing), ("Memory-nested-translucent", .nestedTranslucent)] {
        Benchmark(name, configuration: .init(
            metrics: [ProcessFigure.beyondBuffersKiB, ProcessFigure.peakPrivateDirtyKiB, ProcessFigure.buffersKiB,
                      ProcessFigure.privateCleanKiB, ProcessFigure.peakResidentKiB]
                + (scene == .kiosk ? [] : [ProcessFigure.firstFrameMicroseconds]),
            warmupIterations: 0, maxDuration: .seconds(1), maxIterations: 1
        )) { benchmark in
            guard let run = runBenchApp(["memory", scene.rawValue], for: benchmark) else { return }
            let figures = run.figures
            var wanted = [(ProcessFigure.beyondBuffersKiB, "memory_peak_beyond_buffers_kib"),
                          (ProcessFigure.peakPrivateDirtyKiB, "memory_peak_private_dirty_kib"),
                          (ProcessFigure.buffersKiB, "memory_buffers_kib"),
                          (ProcessFigure.privateCleanKiB, "memory_private_clean_kib"),
                          (ProcessFigure.peakResidentKiB, "memory_peak_resident_kib")]
            if scene != .kiosk { wanted.append((ProcessFigure.firstFrameMicroseconds, "memory_first_frame_us")) }
            for (metric, figure) in wanted {
                guard let value = figures[figure] else {
                    benchmark.error("vitrine-bench-app memory \(scene.rawValue) did not report \(figure)")
                    return
                }
                benchmark.measurement(metric, value)
            }
        }
    }
}
