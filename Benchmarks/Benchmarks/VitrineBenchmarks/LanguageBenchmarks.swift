import Benchmark
import KioskDemo
import Vitrine
import VitrineBenchKit

@MainActor
enum LanguageScenes {
    static var languageSwitch: LanguageSwitch?
}

/// 3c. A language switch on the demo's busiest screen at 1920×1080 (`LanguageSwitch`: the list
/// of rooms over the welcome screen), English ↔ Arabic, one switch per sample: the new
/// localizer, every screen's texts, the list reloaded, the layout mirrored, the changed views
/// drawn, composed and copied into the display's buffer. Goal: one frame of work, ≤ 16 ms.
func languageBenchmarks() {
    mainActorBenchmark("Language-switch-1920x1080", configuration: .init(
        metrics: [.wallClock, .mallocCountTotal, Counted.pixelsComposed, Counted.viewsDrawn],
        warmupIterations: 4,
        maxDuration: .seconds(3),
        maxIterations: 200
    )) { benchmark in
        let scene = LanguageScenes.languageSwitch ?? LanguageSwitch()
        LanguageScenes.languageSwitch = scene
        benchmark.startMeasurement()
        let counters = scene.switchLanguage()
        benchmark.stopMeasurement()
        guard let counters else {
            benchmark.error("Language-switch: the switch presented no frame")
            return
        }
        if !scene.shows(.arabic) && !scene.shows(.english) {
            benchmark.error("Language-switch: the screen is in neither language after the switch")
        }
        benchmark.measurement(Counted.pixelsComposed, counters.pixelsComposed)
        benchmark.measurement(Counted.viewsDrawn, counters.viewsDrawn)
    }
}
