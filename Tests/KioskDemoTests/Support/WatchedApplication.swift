import Vitrine
import VitrineGraphics

/// The demo's application under the hostile stream: it watches every touch event the runtime
/// hands to its windows and checks that each touch begins once, ends or is cancelled exactly
/// once and is heard of no more, and that every location delivered is finite and within the
/// bounds input is kept to where it enters (issue 35): 4 screens around the screen, read here
/// with one screen of slack for a rotation between the finger's input and its delivery.
@MainActor
final class WatchedApplication: Application {
    /// Touches (sequence numbers) that began and have not ended.
    private var open: Set<UInt64> = []
    /// Touches that ended, until `compact()`.
    private var closed: Set<UInt64> = []
    private(set) var violations: [String] = []
    private(set) var touchesBegun = 0
    private(set) var touchesEnded = 0
    /// The farthest a delivered location was from the screen's origin, in points.
    private(set) var farthestLocation = 0.0

    /// How many touches began and have not ended.
    var openTouchCount: Int { open.count }

    override func sendEvent(_ event: Event) {
        if event.type == .touches { watch(event.allTouches) }
        super.sendEvent(event)
    }

    /// Forgets ended touches once none is open: the pool then holds no touch that could be
    /// heard of again, and the set stays small over a million events.
    func compact() {
        if open.isEmpty { closed.removeAll(keepingCapacity: true) }
    }

    private func fail(_ text: String) {
        if violations.count < 20 { violations.append(text) }
    }

    private func watch(_ touches: TouchSet) {
        let bounds = screen.bounds
        let limit = (Application.inputReach + 2) * max(bounds.width, bounds.height, 1)
        for touch in touches {
            let number = touch.sequenceNumber
            switch touch.phase {
            case .began:
                if open.contains(number) || closed.contains(number) { fail("touch #\(number) began twice") }
                open.insert(number)
                touchesBegun += 1
            case .moved, .stationary:
                if !open.contains(number) { fail("touch #\(number) \(touch.phase) without being open") }
            case .ended, .cancelled:
                if open.remove(number) == nil { fail("touch #\(number) \(touch.phase) without being open (a second end?)") }
                closed.insert(number)
                touchesEnded += 1
            }
            guard touch.phase == .began || touch.phase == .moved, let window = touch.window else { continue }
            let onScreen = touch.location(in: nil).applying(window.transformToRoot)
            guard onScreen.x.isFinite, onScreen.y.isFinite, abs(onScreen.x) <= limit, abs(onScreen.y) <= limit else {
                fail("touch #\(number) delivered at \(onScreen), beyond the input bounds of a \(bounds.size) screen")
                continue
            }
            farthestLocation = max(farthestLocation, abs(onScreen.x), abs(onScreen.y))
        }
    }
}
