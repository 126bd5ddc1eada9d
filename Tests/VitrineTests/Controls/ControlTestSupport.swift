import Vitrine
import VitrineGraphics

/// Every single control event with a name, in bit order, for logs.
let namedControlEvents: [(String, Control.Events)] = [
    ("touchDown", .touchDown), ("touchDownRepeat", .touchDownRepeat),
    ("touchDragInside", .touchDragInside), ("touchDragOutside", .touchDragOutside),
    ("touchDragEnter", .touchDragEnter), ("touchDragExit", .touchDragExit),
    ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside),
    ("touchCancel", .touchCancel), ("valueChanged", .valueChanged),
    ("primaryActionTriggered", .primaryActionTriggered),
]

/// Records, in order, the name of every control event a control sends: one closure action per
/// event, so an event sent alone appears once and a combined send lists its events in bit order.
@MainActor
final class ControlEventLog {
    var names: [String] = []

    init(observing control: Control) {
        for (name, event) in namedControlEvents {
            control.addAction({ [weak self] _ in self?.names.append(name) }, for: event)
        }
    }
}

/// A control that logs its tracking calls and can refuse to track.
@MainActor
final class TrackingTestControl: Control {
    var calls: [String] = []
    var acceptsBegin = true
    var acceptsContinue = true
    var draws = 0

    override func draw(_ rect: Rect, in context: GraphicsContext) { draws += 1 }

    override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        calls.append("begin")
        return acceptsBegin
    }
    override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        calls.append("continue")
        return acceptsContinue
    }
    override func endTracking(_ touch: Touch?, with event: Event?) {
        calls.append(touch == nil ? "end nil" : "end")
    }
    override func cancelTracking(with event: Event?) {
        calls.append(event == nil ? "cancel nil" : "cancel")
    }
}

extension Harness {
    /// Commits what the test changed outside a loop turn and lets every pending flip land, so
    /// no view is dirty afterwards.
    func settleControls() {
        loop.wakeUp()
        loop.runUntilIdle()
        while display.isFlipPending || app.hasPendingCommit {
            advance(by: 0.025)
        }
    }
}
