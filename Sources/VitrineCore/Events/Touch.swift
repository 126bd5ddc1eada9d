import VitrineGraphics

/// One finger on the screen, for the whole of its contact (UIKit's `UITouch`).
///
/// Touches come from the application's `TouchPool` and are reused: once a touch has ended or
/// been cancelled and delivered, its object serves a later finger, with all its state fresh.
/// Keep a touch only while it is active; compare `sequenceNumber` to tell fingers apart over time.
@MainActor
public final class Touch: Hashable, @MainActor CustomStringConvertible {
    /// A touch's phase within its sequence.
    public enum Phase: Sendable, Hashable {
        /// The finger touched down in this event.
        case began
        /// The finger moved in this event.
        case moved
        /// The finger is down but did not move in this event.
        case stationary
        /// The finger lifted in this event.
        case ended
        /// The system cancelled the touch in this event.
        case cancelled
    }

    /// The phase in the event being delivered.
    public internal(set) var phase: Phase = .cancelled
    /// When the touch last changed, in seconds on the run loop's clock.
    public internal(set) var timestamp: Double = 0
    /// How many taps in quick succession at nearly the same place this touch completes (1 for
    /// a first tap).
    public internal(set) var tapCount: Int = 0
    /// The contact's major radius in points, when the hardware reports it; else 0.
    public internal(set) var majorRadius: Double = 0
    /// The tolerance of `majorRadius`, in points. Input does not report one yet (libinput gives
    /// none), so it is 0: read `majorRadius` as exact to the hardware's resolution.
    public internal(set) var majorRadiusTolerance: Double = 0
    /// The view the finger touched down in (the hit-test result). It stays this view for the
    /// touch's whole life, even when the finger leaves it.
    public internal(set) var view: View?
    /// The window the touch belongs to.
    public internal(set) var window: Window?
    /// The recognizers that receive this touch: those of `view` and of its ancestors, nearest
    /// first, as they were when the touch began.
    public var gestureRecognizers: [GestureRecognizer] { Array(recognizers) }

    /// A number unique to this finger's contact among all touches of the pool.
    public internal(set) var sequenceNumber: UInt64 = 0
    /// Where the input came from (device and slot).
    public internal(set) var identifier = TouchIdentifier(slot: -1)

    /// Index in the pool; fixed for the object's life.
    package let poolIndex: Int
    /// Where the finger is, in the window's coordinate space (points).
    var locationInWindow = Point.zero
    /// Where it was at the previous event.
    var previousLocationInWindow = Point.zero
    /// Where it touched down, in window coordinates (for tap counting).
    var initialLocationInWindow = Point.zero
    /// Whether the finger moved away from where it touched down (beyond the tap slop).
    var movedBeyondTapSlop = false
    /// Recognizers receiving this touch; capacity kept across reuse so a warm touch allocates nothing.
    var recognizers: ContiguousArray<GestureRecognizer> = []
    /// How the touch's view has been told about it (see `ViewDelivery`).
    var viewDelivery: ViewDelivery = .none
    /// Whether the touch changed in the current input frame.
    var changedThisFrame = false

    /// What the touch's view has heard so far; drives delayed and cancelled delivery.
    enum ViewDelivery {
        /// Not delivered to any view (beyond an exclusive-touch view, or not begun yet).
        case none
        /// `touchesBegan` is held back by a recognizer that delays began.
        case beganDelayed
        /// The view got `touchesBegan` and gets moves.
        case delivering
        /// The view got `touchesBegan`; `touchesEnded` is held back by a recognizer.
        case endedDelayed
        /// The view has heard the end (ended or cancelled), or never will.
        case finished
    }

    init(poolIndex: Int) {
        self.poolIndex = poolIndex
        recognizers.reserveCapacity(8)
    }

    /// The touch's current location in `view`'s coordinate space (bounds space); in the
    /// window's coordinate space when `view` is `nil`.
    public func location(in view: View?) -> Point {
        convert(locationInWindow, to: view)
    }

    /// The location at the previous event, in `view`'s coordinate space (window's when `nil`).
    public func previousLocation(in view: View?) -> Point {
        convert(previousLocationInWindow, to: view)
    }

    private func convert(_ point: Point, to view: View?) -> Point {
        guard let view else { return point }
        return view.convert(point, from: nil)
    }

    /// Resets every field for a new finger.
    func reset(identifier: TouchIdentifier, sequenceNumber: UInt64) {
        self.identifier = identifier
        self.sequenceNumber = sequenceNumber
        phase = .began
        timestamp = 0
        tapCount = 1
        majorRadius = 0
        majorRadiusTolerance = 0
        view = nil
        window = nil
        locationInWindow = .zero
        previousLocationInWindow = .zero
        initialLocationInWindow = .zero
        movedBeyondTapSlop = false
        recognizers.removeAll(keepingCapacity: true)
        viewDelivery = .none
        changedThisFrame = false
    }

    /// Identity.
    nonisolated public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    /// Identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Phase, location and identifier, for logs.
    public var description: String {
        "Touch(#\(sequenceNumber) \(identifier) \(phase) at \(locationInWindow))"
    }
}
