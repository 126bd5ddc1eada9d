import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Records the states a recognizer sends actions in, and anything else a test samples then.
@MainActor
final class ActionLog {
    var states: [GestureRecognizer.State] = []
    /// Optional sampler run at each action (after the state is recorded).
    var sample: ((GestureRecognizer) -> Void)?

    /// Attaches the log to `recognizer` and returns it.
    @discardableResult
    func watch<R: GestureRecognizer>(_ recognizer: R) -> R {
        recognizer.addAction { recognizer in
            self.states.append(recognizer.state)
            self.sample?(recognizer)
        }
        return recognizer
    }

    var count: Int { states.count }
}

/// One shared, ordered list of what recognizers and views heard.
@MainActor
final class OrderLog {
    var entries: [String] = []
}

/// A recognizer that only writes down what it is told, into an `OrderLog`.
@MainActor
final class LoggingRecognizer: GestureRecognizer {
    let name: String
    let log: OrderLog

    init(_ name: String, log: OrderLog) {
        self.name = name
        self.log = log
        super.init()
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event) { log.entries.append("\(name) began") }
    override func touchesMoved(_ touches: TouchSet, with event: Event) { log.entries.append("\(name) moved") }
    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        log.entries.append("\(name) ended")
        // Undecided when its touches end: nothing to recognize.
        state = .failed
    }
}

/// A view that writes the touch callbacks it gets into an `OrderLog`.
@MainActor
final class LoggingView: View {
    var name = ""
    var log = OrderLog()

    convenience init(_ name: String, log: OrderLog, frame: Rect) {
        self.init(frame: frame)
        self.name = name
        self.log = log
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) { log.entries.append("\(name) began") }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { log.entries.append("\(name) moved") }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { log.entries.append("\(name) ended") }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { log.entries.append("\(name) cancelled") }
}

/// A delegate whose answers tests set.
@MainActor
final class ScriptedGestureDelegate: GestureRecognizerDelegate {
    var shouldBegin = true
    var shouldReceive = true
    var simultaneous = false
    var askedShouldReceive = 0

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        askedShouldReceive += 1
        return shouldReceive
    }
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { simultaneous }
}

extension Harness {
    /// Adds a plain view of `frame` to the window and returns it.
    func addView(_ frame: Rect = Rect(x: 100, y: 100, width: 400, height: 300)) -> RecordingView {
        let view = RecordingView("target", frame: frame)
        window.addSubview(view)
        return view
    }

    /// Moves two fingers in one frame.
    func move(_ slot0: Int, to point0: Point, _ slot1: Int, to point1: Point) {
        input.move(slot0, to: point0)
        input.move(slot1, to: point1)
        frame()
    }

    /// Drags finger `slot` from `start` to `end` in `steps` equal moves `interval` seconds
    /// apart, then lifts it `interval` later unless `lift` is false.
    func drag(_ slot: Int = 0, from start: Point, to end: Point, steps: Int, interval: Double, lift: Bool = true) {
        down(slot, at: start)
        for step in 1...steps {
            advance(by: interval)
            let f = Double(step) / Double(steps)
            move(slot, to: Point(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f))
        }
        if lift {
            advance(by: interval)
            up(slot)
        }
    }
}

/// Whether `a` and `b` differ by at most `tolerance`.
func approx(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// Whether the points differ by at most `tolerance` in each coordinate.
func approx(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}
