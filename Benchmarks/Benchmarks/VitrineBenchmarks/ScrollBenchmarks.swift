import Benchmark
import Glibc
import Vitrine
import VitrineBenchKit

@MainActor
enum ScrollScenes {
    static var cards: ScrollingCards?
    static var sidewaysCards: ScrollingCards?

    static func scrollingCards() -> ScrollingCards {
        if let cards { return cards }
        let made = ScrollingCards()
        cards = made
        return made
    }

    static func scrollingSideways() -> ScrollingCards {
        if let sidewaysCards { return sidewaysCards }
        let made = ScrollingCards(sideways: true)
        sidewaysCards = made
        return made
    }
}

/// 11. Scrolling that costs only what it exposes (issue 16): one frame of a list of card rows
/// scrolling steadily at 2,000 points a second on a 1920×1080 headless display (the scroll,
/// `commit()` turning the area in the scene, the exposed strip composed, the copy of the
/// area into the back buffer, the simulated vblank), compared with one memcpy of the scroll view's
/// area (1920×960 XRGB8888) in the same run. Pixels composed and moved, bytes copied and
/// allocations per frame are pinned by thresholds. `Scroll-cards-sideways-2000pts` is the same
/// list three pages wide scrolling across (the area's columns turned instead of its rows).
func scrollBenchmarks() {
    for (name, sideways) in [("Scroll-cards-2000pts", false), ("Scroll-cards-sideways-2000pts", true)] {
        mainActorBenchmark(name, configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, Counted.pixelsComposed, Counted.pixelsMoved, Counted.bytesCopied],
            warmupIterations: 2 * ScrollingCards.framesPerPass,
            maxDuration: .seconds(2),
            maxIterations: 600,
            thresholds: [.mallocCountTotal: exact, Counted.pixelsComposed: exact, Counted.pixelsMoved: exact, Counted.bytesCopied: exact]
        )) { benchmark in
            let cards = sideways ? ScrollScenes.scrollingSideways() : ScrollScenes.scrollingCards()
            benchmark.startMeasurement()
            let counters = cards.frame()
            benchmark.stopMeasurement()
            guard let counters else {
                benchmark.error("\(name): the scroll presented no frame")
                return
            }
            benchmark.measurement(Counted.pixelsComposed, counters.pixelsComposed)
            benchmark.measurement(Counted.pixelsMoved, counters.pixelsMoved)
            benchmark.measurement(Counted.bytesCopied, counters.bytesCopied)
        }
    }

    let areaBytes = 1920 * 960 * 4
    let source = UnsafeMutableRawPointer.allocate(byteCount: areaBytes, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: areaBytes, alignment: 64)
    memset(source, 0x5A, areaBytes)
    memset(destination, 0, areaBytes)
    let buffers = MemcpyBuffers(source: source, destination: destination, count: areaBytes)
    Benchmark("Memcpy-scroll-area-1920x960", configuration: .init(
        metrics: [.wallClock], warmupIterations: 5, maxDuration: .seconds(1), maxIterations: 500
    )) { _ in
        memcpy(buffers.destination, buffers.source, buffers.count)
        blackHole(buffers.destination.load(fromByteOffset: buffers.count - 1, as: UInt8.self))
    }
}
