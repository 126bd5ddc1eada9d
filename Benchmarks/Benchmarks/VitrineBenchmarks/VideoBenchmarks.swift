import Benchmark
import VitrineBenchKit

@MainActor
enum VideoScenes {
    static var video: VideoScene?

    /// The video scene, its frames going `path`. Made again when another benchmark's
    /// application was created since (the view asks the newest one for a plane).
    static func scene(_ path: VideoScene.Path) throws -> VideoScene {
        if let video, video.isCurrent {
            video.path = path
            return video
        }
        video = nil
        let made = try VideoScene(path: path)
        video = made
        return made
    }
}

extension Counted {
    /// Turns of the loop (wake-ups of a real loop) per frame shown, or in a paused interval.
    static var wakeUps: BenchmarkMetric { .custom("wakeUps", useScalingFactor: false) }
}

/// 14. Video (issue 36): a 1080p30 clip (GStreamer's moving ball, VP8, made at run time) filling
/// a 1920×1080 headless screen, in release, per frame shown: the main thread's handling of
/// the frame as it arrives — the wake, the frame taken, the plane's commit (one copy into its
/// buffer) or the UI's (the view drawn, composed, presented) and the vblank — not GStreamer's
/// decoding, which runs on its own threads and is waited for outside the measured region.
/// `Video-plane-1080p30` on a plane (`BenchVideoPlaneDisplay`), `Video-composited-1080p30`
/// composited (the view allows no plane). Pixels composed, bytes copied, views drawn and
/// wake-ups per frame are exact and pinned; allocations are reported (goal 0 once warm).
/// `Video-paused-1s`: wake-ups in a second of real time while paused (goal 0).
func videoBenchmarks() {
    for path in VideoScene.Path.allCases {
        let name = "Video-\(path.rawValue)-1080p30"
        mainActorBenchmark(name, configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, Counted.pixelsComposed, Counted.bytesCopied, Counted.viewsDrawn,
                      Counted.wakeUps],
            warmupIterations: 10,
            maxDuration: .seconds(6),
            maxIterations: 150,
            // Allocations are reported, not pinned: they are not 0 yet and vary between
            // frames (docs/app/video.md).
            thresholds: [Counted.pixelsComposed: exact, Counted.bytesCopied: exact, Counted.viewsDrawn: exact,
                         Counted.wakeUps: exact]
        )) { benchmark in
            let scene: VideoScene
            do {
                scene = try VideoScenes.scene(path)
            } catch {
                benchmark.error("\(name): \(error)")
                return
            }
            guard scene.waitForFrame() else {
                benchmark.error("\(name): no frame came within a second (player \(scene.player.status))")
                return
            }
            benchmark.startMeasurement()
            let cost = scene.showFrame()
            benchmark.stopMeasurement()
            benchmark.measurement(Counted.pixelsComposed, cost.pixelsComposed)
            benchmark.measurement(Counted.bytesCopied, cost.bytesCopied)
            benchmark.measurement(Counted.viewsDrawn, cost.viewsDrawn)
            benchmark.measurement(Counted.wakeUps, cost.wakeUps)
        }
    }
    mainActorBenchmark("Video-paused-1s", configuration: .init(
        metrics: [Counted.wakeUps], warmupIterations: 0, maxDuration: .seconds(1), maxIterations: 1,
        thresholds: [Counted.wakeUps: exact]
    )) { benchmark in
        do {
            let scene = try VideoScenes.scene(.plane)
            benchmark.measurement(Counted.wakeUps, scene.wakeUpsWhilePaused(seconds: 1))
        } catch {
            benchmark.error("Video-paused-1s: \(error)")
        }
    }
}
