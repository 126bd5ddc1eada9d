import Benchmark
import Vitrine
import VitrineBenchKit

@MainActor
enum ListScenes {
    static var lists: [String: ListScroll] = [:]

    static func list(_ key: String, rowCount: Int, frames: Bool) -> ListScroll {
        if let list = lists[key] { return list }
        let made = ListScroll(rowCount: rowCount, frames: frames)
        lists[key] = made
        return made
    }
}

/// 6. A list of 100,000 card rows (and of 1,000, to show nothing grows with the row count)
/// scrolling at 2,000 points per second, 33.3 points a step (`ListScroll`): per step, the
/// offset changes and the table lays out (visible rows found by binary search, cells that left
/// recycled, entering ones configured). 1,000 steps per sample; figures per step. Allocations
/// are pinned at 0 and the cells made at what one screen needs.
///
/// 7. The same list on a 1920×1080 headless display, one whole frame per sample (commit,
/// compose, copy, vblank): what a scroll frame costs until scrolling blits.
func listBenchmarks() {
    for (name, rows) in [("List-scroll-100k", 100_000), ("List-scroll-1k", 1_000)] {
        mainActorBenchmark(name, configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, Counted.cellsCreated],
            scalingFactor: .kilo,
            thresholds: [.mallocCountTotal: exact, Counted.cellsCreated: exact]
        )) { benchmark in
            let list = ListScenes.list(name, rowCount: rows, frames: false)
            let steps = benchmark.scaledIterations.count
            benchmark.startMeasurement()
            list.step(steps)
            benchmark.stopMeasurement()
            benchmark.measurement(Counted.cellsCreated, list.cellsCreated)
            if !list.showsTheRightRows() { benchmark.error("\(name): the visible cells are not the rows on screen") }
        }
    }
    mainActorBenchmark("List-scroll-frame-100k", configuration: .init(
        metrics: [.wallClock, .mallocCountTotal, Counted.pixelsComposed, Counted.bytesCopied, Counted.cellsCreated],
        warmupIterations: 4,
        maxDuration: .seconds(2),
        maxIterations: 400,
        thresholds: [Counted.cellsCreated: exact]
    )) { benchmark in
        let list = ListScenes.list("frames", rowCount: 100_000, frames: true)
        benchmark.startMeasurement()
        list.step(1)
        benchmark.stopMeasurement()
        benchmark.measurement(Counted.pixelsComposed, list.lastFrame?.pixelsComposed ?? 0)
        benchmark.measurement(Counted.bytesCopied, list.lastFrame?.bytesCopied ?? 0)
        benchmark.measurement(Counted.cellsCreated, list.cellsCreated)
    }
}
