import Benchmark
import Vitrine
import VitrineBenchKit

/// 1c. The back swipe: touch frames of a navigation controller's interactive pop in progress
/// (the edge pan's `.changed`, both screens moved). 1,000 frames per sample; the figures are
/// per frame. Allocations must be 0 once warm.
@MainActor
enum NavigationScenes {
    static var edgeSwipe: EdgeSwipeDispatch?
}

func navigationBenchmarks() {
    mainActorBenchmark("Touch-edge-swipe", configuration: .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        thresholds: [.mallocCountTotal: exact]
    )) { benchmark in
        let swipe = NavigationScenes.edgeSwipe ?? EdgeSwipeDispatch()
        NavigationScenes.edgeSwipe = swipe
        benchmark.startMeasurement()
        swipe.deliverFrames(benchmark.scaledIterations.count)
        benchmark.stopMeasurement()
        if !swipe.isSwiping { benchmark.error("Touch-edge-swipe: the back swipe is not under way") }
    }
}
