#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import VitrineGraphics

/// Recognizes two fingers turning about each other (UIKit's `UIRotationGestureRecognizer`);
/// continuous.
///
/// It follows the first two fingers that touch down (further ones are ignored and their
/// views keep them). Once both are down, the direction of the line from the first to the second
/// is the reference: the rotation begins when that line has turned by more than
/// `minimumRotation` radians, changes on every move after that, and ends when either finger
/// lifts. Before it began, a finger may lift and another take its place; it fails when every
/// finger has lifted. Turns are accumulated move by move, so the rotation can pass ±π.
open class RotationGestureRecognizer: GestureRecognizer {
    /// How far, in radians, the fingers must turn before the rotation begins. Default π/36
    /// (5°): a pinch or a two-finger pan wobbles less than that.
    public var minimumRotation = Double.pi / 36

    /// The angle the fingers turned since both touched down, in radians, positive clockwise on
    /// the screen (y down), as UIKit's. Setting it makes the current angle read as the new value.
    public var rotation: Double {
        get { rotationBase + (turned - referenceTurn) }
        set {
            rotationBase = newValue
            referenceTurn = turned
        }
    }

    /// How fast the fingers turn, in radians per second (positive clockwise), over the last
    /// 0.1 s of touch timestamps; zero when they have rested longer than that.
    public var velocity: Double { sampler.velocity(at: fingers.lastEventTime).x }

    private var fingers = TwoFingerGesture()
    /// The direction of the first-to-second line at the last measurement (radians, atan2).
    private var lastAngle = 0.0
    /// The total turn since the pair was complete, unwrapped (radians).
    private var turned = 0.0
    /// `turned` when `rotation` read `rotationBase`.
    private var referenceTurn = 0.0
    private var rotationBase = 0.0
    /// Samples of `turned` (so setting `rotation` makes no velocity jump).
    private var sampler = VelocitySampler()

    // MARK: Touches

    /// Takes the first two fingers (measuring the reference direction when both are down), ignores the rest.
    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        for touch in touches {
            switch fingers.adopt(touch, in: touchStorage) {
            case .ignored:
                ignore(touch, for: event)
            case .paired:
                // Both fingers are down: measure from here.
                let v = fingers.pair.vector(in: touchStorage)
                lastAngle = atan2(v.y, v.x)
                turned = 0
                referenceTurn = 0
                rotationBase = 0
                sampler.reset()
                sampler.add(time: fingers.lastEventTime, x: 0, y: 0)
            case .waiting:
                break
            }
        }
    }

    /// Adds the turn; begins past `minimumRotation`, then reports `.changed`.
    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        measure(touches)
        if let next = fingers.stateAfterMove(pastThreshold: abs(turned) > minimumRotation) { state = next }
    }

    /// Ends when a finger of a begun rotation lifts; fails when every finger lifted before it began.
    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        // The lift's frame may carry a last motion.
        measure(touches)
        if let next = fingers.stateAfterLift(touches, fingersLeft: numberOfTouches - touches.count) { state = next }
    }

    /// Forgets the fingers, the rotation and the velocity history.
    open override func reset() {
        super.reset()
        fingers = TwoFingerGesture()
        lastAngle = 0
        turned = 0
        referenceTurn = 0
        rotationBase = 0
        sampler.reset()
    }

    // MARK: Private

    /// Adds the turn since the last measurement when the pair is complete and has moved.
    private func measure(_ touches: TouchSet) {
        guard fingers.refresh(touches, in: touchStorage) else { return }
        let v = fingers.pair.vector(in: touchStorage)
        let angle = atan2(v.y, v.x)
        var delta = angle - lastAngle
        // The shorter way round: between two events fingers turn less than half a turn.
        if delta > Double.pi { delta -= 2 * Double.pi } else if delta <= -Double.pi { delta += 2 * Double.pi }
        turned += delta
        lastAngle = angle
        sampler.add(time: fingers.lastEventTime, x: turned, y: 0)
    }
}
