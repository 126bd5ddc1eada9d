import VitrineGraphics

/// Recognizes two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`);
/// continuous.
///
/// It follows the first two fingers that touch down (further ones are ignored and their
/// views keep them). Once both are down, the distance between them is the reference: the
/// pinch begins when that distance has changed by more than `hysteresis` points (window space),
/// changes on every move after that, and ends when either finger lifts. Before it began, a
/// finger may lift and another take its place (the reference is measured again); it fails when
/// every finger has lifted.
open class PinchGestureRecognizer: GestureRecognizer {
    /// How much, in window points, the distance between the fingers must change before the
    /// pinch begins. Default 8 (about UIKit's): a two-finger pan is not a pinch.
    public var hysteresis = 8.0

    /// The distance between the two fingers divided by the distance when both touched down
    /// (so it already differs from 1 when the pinch begins). Setting it makes the current
    /// distance read as the new value (apps set 1 to get increments).
    public var scale: Double {
        get { currentScale }
        set {
            currentScale = newValue
            scaleBase = newValue
            referenceDistance = max(lastDistance, TouchPair.minimumDistance)
        }
    }

    /// How fast `scale` changes, in scale units per second, over the last 0.1 s of touch
    /// timestamps; zero when the fingers have rested longer than that.
    public var velocity: Double {
        sampler.velocity(at: fingers.lastEventTime).x * scaleBase / referenceDistance
    }

    private var fingers = TwoFingerGesture()
    /// The distance when the pair was complete (window points).
    private var startDistance = 0.0
    /// The distance at which `scale` read `scaleBase`.
    private var referenceDistance = 1.0
    private var scaleBase = 1.0
    private var lastDistance = 0.0
    private var currentScale = 1.0
    /// Samples of the distance (not of the scale, so setting `scale` makes no velocity jump).
    private var sampler = VelocitySampler()

    // MARK: Touches

    /// Takes the first two fingers (measuring the reference distance when both are down), ignores the rest.
    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        for touch in touches {
            switch fingers.adopt(touch, in: touchStorage) {
            case .ignored:
                ignore(touch, for: event)
            case .paired:
                // Both fingers are down: measure from here.
                let distance = fingers.pair.distance(in: touchStorage)
                startDistance = distance
                lastDistance = distance
                referenceDistance = max(distance, TouchPair.minimumDistance)
                scaleBase = 1
                currentScale = 1
                sampler.reset()
                sampler.add(time: fingers.lastEventTime, x: distance, y: 0)
            case .waiting:
                break
            }
        }
    }

    /// Updates the scale; begins past the hysteresis, then reports `.changed`.
    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        measure(touches)
        if let next = fingers.stateAfterMove(pastThreshold: abs(lastDistance - startDistance) > hysteresis) {
            state = next
        }
    }

    /// Ends when a finger of a begun pinch lifts; fails when every finger lifted before it began.
    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        // The lift's frame may carry a last motion.
        measure(touches)
        if let next = fingers.stateAfterLift(touches, fingersLeft: numberOfTouches - touches.count) { state = next }
    }

    /// Forgets the fingers, the scale and the velocity history.
    open override func reset() {
        super.reset()
        fingers = TwoFingerGesture()
        startDistance = 0
        referenceDistance = 1
        scaleBase = 1
        lastDistance = 0
        currentScale = 1
        sampler.reset()
    }

    // MARK: Private

    /// Updates the distance and scale when the pair is complete and has moved.
    private func measure(_ touches: TouchSet) {
        guard fingers.refresh(touches, in: touchStorage) else { return }
        lastDistance = fingers.pair.distance(in: touchStorage)
        currentScale = scaleBase * lastDistance / referenceDistance
        sampler.add(time: fingers.lastEventTime, x: lastDistance, y: 0)
    }
}

/// The two touches a pinch or a rotation follows, by pool slot, in the order they touched down.
struct TouchPair {
    /// Below this distance (points) two fingers are treated as this far apart, so a ratio never
    /// divides by zero.
    static let minimumDistance = 1.0

    private(set) var first = -1
    private(set) var second = -1
    /// Where the two touches were at the last `refresh` (window space).
    private var firstLocation = Point.zero
    private var secondLocation = Point.zero

    var isComplete: Bool { first >= 0 && second >= 0 }

    /// Takes the touch at pool slot `index` if the pair has room; returns whether it did.
    mutating func adopt(_ index: Int) -> Bool {
        if first < 0 {
            first = index
        } else if second < 0 {
            second = index
        } else {
            return false
        }
        return true
    }

    /// Lets go of the touch at pool slot `index`; returns whether it was in the pair.
    mutating func drop(_ index: Int) -> Bool {
        if index == first {
            first = second
            second = -1
            return true
        }
        if index == second {
            second = -1
            return true
        }
        return false
    }

    /// Notes where the two touches are now; returns whether either moved since the last call
    /// (a lift without motion is no new sample for a velocity).
    @MainActor
    mutating func refresh(in storage: ContiguousArray<Touch>) -> Bool {
        let a = storage[first].locationInWindow, b = storage[second].locationInWindow
        defer {
            firstLocation = a
            secondLocation = b
        }
        return a != firstLocation || b != secondLocation
    }

    /// The vector from the first touch to the second, window space.
    @MainActor
    func vector(in storage: ContiguousArray<Touch>) -> Point {
        storage[second].locationInWindow - storage[first].locationInWindow
    }

    /// The distance between the two touches, window points.
    @MainActor
    func distance(in storage: ContiguousArray<Touch>) -> Double {
        storage[first].locationInWindow.distance(to: storage[second].locationInWindow)
    }
}

/// The life cycle a pinch and a rotation share, so the two cannot drift apart: the first two
/// fingers make the pair, the gesture begins once the recognizer's measure passes its threshold,
/// ends when a finger of the pair lifts after that, and fails when every finger lifted before.
///
/// It only decides; the recognizer sets the `state` it returns (setting it sends actions, which
/// may read or reset the recognizer, so no access to this value may be in progress then).
struct TwoFingerGesture {
    /// What `adopt` did with a touch that touched down.
    enum Adoption {
        /// Not in the pair (it is full, or the gesture began): the recognizer ignores it.
        case ignored
        /// In the pair, which still waits for its second finger.
        case waiting
        /// It completed the pair, just refreshed: the recognizer takes its reference measure.
        case paired
    }

    private(set) var pair = TouchPair()
    /// The latest touch timestamp seen (seconds), at which velocities are read.
    private(set) var lastEventTime = 0.0
    /// True once the gesture asked to begin (it may still be waiting for a failure requirement).
    private(set) var hasBegun = false

    /// Takes `touch` into the pair if it has room and the gesture has not begun.
    @MainActor
    mutating func adopt(_ touch: Touch, in storage: ContiguousArray<Touch>) -> Adoption {
        lastEventTime = max(lastEventTime, touch.timestamp)
        if hasBegun || !pair.adopt(touch.poolIndex) { return .ignored }
        guard pair.isComplete else { return .waiting }
        _ = pair.refresh(in: storage)
        return .paired
    }

    /// Notes the time of `touches`; returns whether the pair is complete and moved since the
    /// last refresh, that is whether the recognizer has a new measure to take.
    @MainActor
    mutating func refresh(_ touches: TouchSet, in storage: ContiguousArray<Touch>) -> Bool {
        for touch in touches { lastEventTime = max(lastEventTime, touch.timestamp) }
        return pair.isComplete && pair.refresh(in: storage)
    }

    /// The state a move reports, once the recognizer measured: `.changed` after the gesture
    /// began, `.began` when the measure is `pastThreshold`, nil while the pair is incomplete.
    mutating func stateAfterMove(pastThreshold: Bool) -> GestureRecognizer.State? {
        guard pair.isComplete else { return nil }
        if hasBegun { return .changed }
        guard pastThreshold else { return nil }
        hasBegun = true
        return .began
    }

    /// Drops the lifted `touches` from the pair; returns `.ended` when a finger of the pair of a
    /// begun gesture lifted, `.failed` when none is left (`fingersLeft`) before it began.
    @MainActor
    mutating func stateAfterLift(_ touches: TouchSet, fingersLeft: Int) -> GestureRecognizer.State? {
        for touch in touches where pair.drop(touch.poolIndex) {
            if hasBegun { return .ended }
        }
        return !hasBegun && fingersLeft == 0 ? .failed : nil
    }
}
