import Benchmark
import Vitrine
import VitrineBenchKit
import VitrineGraphics

/// Scenes built once and reused by every sample (building is not measured).
@MainActor
enum TouchScenes {
    static var dispatches: [String: TouchDispatch] = [:]
    static var trees: [Int: ViewTree] = [:]
    static let keys = KeyDispatch()

    static func dispatch(views: Int, depth: Int, target: TouchDispatch.Target) -> TouchDispatch {
        let key = "\(views)/\(depth)/\(target)"
        if let cached = dispatches[key] { return cached }
        let made = TouchDispatch(views: views, depth: depth, target: target)
        dispatches[key] = made
        return made
    }

    static func tree(views: Int) -> ViewTree {
        if let cached = trees[views] { return cached }
        let made = ViewTree(views: views, depth: 10)
        trees[views] = made
        return made
    }
}

/// 1. Touch dispatch: one frame of touch input (a down, a move or an up, then the frame) from
/// `Application.post` through the pool, the event, hit-testing and the responder chain, in
/// a tree 10 deep of 200 views, and as depth and size grow; then the same on a button (control
/// tracking, highlight, target-action) and under a tap recognizer. 1,000 frames per sample;
/// the figures are per frame. Allocations must be 0 once warm.
func touchBenchmarks() {
    let shapes: [(depth: Int, views: Int, target: TouchDispatch.Target, name: String)] = [
        (10, 200, .view, "Touch-d10-v200"), (5, 200, .view, "Touch-d5-v200"), (20, 200, .view, "Touch-d20-v200"),
        (40, 200, .view, "Touch-d40-v200"), (10, 1_000, .view, "Touch-d10-v1000"), (10, 10_000, .view, "Touch-d10-v10000"),
        (10, 200, .button, "Touch-button-d10-v200"), (10, 200, .tapRecognizer, "Touch-tap-recognizer-d10-v200"),
    ]
    for shape in shapes {
        mainActorBenchmark(shape.name, configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            scalingFactor: .kilo,
            thresholds: [.mallocCountTotal: exact]
        )) { benchmark in
            let dispatch = TouchScenes.dispatch(views: shape.views, depth: shape.depth, target: shape.target)
            let frames = benchmark.scaledIterations.count
            benchmark.startMeasurement()
            let arrived = dispatch.deliverFrames(frames)
            benchmark.stopMeasurement()
            if !arrived { benchmark.error("\(shape.name): touch frames did not arrive where they should") }
        }
    }
}

/// 2. Hit-testing alone, from the window, in trees of 100, 1,000 and 10,000 views (10 deep).
/// 1,000 hit-tests per sample; allocations must be 0.
func hitTestBenchmarks() {
    for views in [100, 1_000, 10_000] {
        mainActorBenchmark("HitTest-v\(views)", configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            scalingFactor: .kilo,
            thresholds: [.mallocCountTotal: exact]
        )) { benchmark in
            let tree = TouchScenes.tree(views: views)
            let point = tree.touchPoint
            var wrong = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                if tree.window.hitTest(point, with: nil) !== tree.target { wrong += 1 }
            }
            benchmark.stopMeasurement()
            if wrong > 0 { benchmark.error("hit-testing missed the target \(wrong) times") }
        }
    }
}

/// 1b. Key dispatch: one key event (a press, its auto-repeat or its release) from
/// `Application.post` through the press pool, the reused `PressesEvent` and the responder
/// chain from a first responder 10 deep to the delegate. 1,000 events per sample; the figures
/// are per event. Allocations must be 0 once warm.
func keyBenchmarks() {
    mainActorBenchmark("Keys-press-release", configuration: .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        thresholds: [.mallocCountTotal: exact]
    )) { benchmark in
        let dispatch = TouchScenes.keys
        let events = benchmark.scaledIterations.count
        benchmark.startMeasurement()
        let arrived = dispatch.deliverEvents(events)
        benchmark.stopMeasurement()
        if !arrived { benchmark.error("Keys-press-release: key events did not arrive where they should") }
    }
}

/// 1d. A tap on the on-screen keyboard's "g" key into a text field: two frames (down: the key
/// and its preview; up: the key, the preview and the field). Figures per tap. (It was left
/// unregistered for "typing nothing": the check read `field.text` after the 1,001st tap, the
/// one that empties the field; it now counts the caret's moves.) Allocations are pinned at 0:
/// the field lays its text out again in its layout's own storage, the edit grows the undo
/// step in place, and the frame's damage regions reuse their pixman blocks. What is left is
/// the text's own growth (its arrays double now and then) and the tap that empties the field
/// every 1,000 characters, well under the 90th percentile.
func keyboardBenchmarks() {
    mainActorBenchmark("Keyboard-key-tap", configuration: .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .one,
        thresholds: [.mallocCountTotal: exact]
    )) { benchmark in
        let taps = KeyboardScenes.taps ?? KeyboardTaps()
        KeyboardScenes.taps = taps
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { taps.tap() }
        benchmark.stopMeasurement()
        if taps.charactersTyped != taps.taps {
            benchmark.error("Keyboard-key-tap: \(taps.taps) taps typed \(taps.charactersTyped) characters")
        }
    }
}

@MainActor
enum KeyboardScenes {
    static var taps: KeyboardTaps?
}
