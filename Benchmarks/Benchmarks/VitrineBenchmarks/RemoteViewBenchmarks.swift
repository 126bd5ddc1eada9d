import Benchmark
import Vitrine
import VitrineBenchKit

@MainActor
enum RemoteViewScenes {
    static var scenes: [RemoteViewScrolling.Viewer: RemoteViewScrolling] = [:]

    static func scene(_ viewer: RemoteViewScrolling.Viewer) throws -> RemoteViewScrolling {
        if let scene = scenes[viewer] { return scene }
        let made = try RemoteViewScrolling(viewer: viewer)
        scenes[viewer] = made
        return made
    }
}

/// 12. What a VNC viewer costs the local frame (issue 19): the scroll frame of
/// `Scroll-cards-2000pts` (1920×1080, the 1920×960 list area changed every frame) with the
/// VNC server started and no viewer, with one viewer over loopback asking for raw pixels, and
/// with one asking for ZRLE, which has read the previous update and asked for the next before
/// each frame (as when it keeps up with 60 Hz). Wall clock and allocations per frame; the difference with
/// `VNC-scroll-none` is the viewer's cost (copy into the server's framebuffer, encoding,
/// writing the socket, reading the next request).
func remoteViewBenchmarks() {
    for viewer in RemoteViewScrolling.Viewer.allCases {
        let name = "VNC-scroll-\(viewer.rawValue)"
        mainActorBenchmark(name, configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            warmupIterations: 2 * ScrollingCards.framesPerPass,
            maxDuration: .seconds(3),
            maxIterations: 300,
            // Without a viewer the server costs nothing per frame: pinned.
            thresholds: viewer == .none ? [.mallocCountTotal: exact] : nil
        )) { benchmark in
            let scene: RemoteViewScrolling
            do {
                scene = try RemoteViewScenes.scene(viewer)
            } catch {
                benchmark.error("\(name): \(error)")
                return
            }
            // As at 60 Hz: the viewer has read the last update and asked for the next.
            scene.waitForViewerRequest()
            benchmark.startMeasurement()
            let counters = scene.frame()
            benchmark.stopMeasurement()
            if counters == nil { benchmark.error("\(name): the scroll presented no frame") }
        }
    }
}
