import VitrineGraphics

/// Recognizes a quick stroke of one or more fingers in a direction (UIKit's
/// `UISwipeGestureRecognizer`); discrete.
///
/// The stroke is the mean displacement of the fingers from where each touched down (window
/// space, y down). It is recognized, while the fingers are still moving, as soon as it reaches
/// `minimumDistance` points within 30° of one of the allowed `direction`s, provided all
/// `numberOfTouchesRequired` fingers are down and no more than `maximumDuration` seconds have
/// passed since the first touched down. It fails once the stroke is longer than 10 points
/// (jitter) and points outside every allowed direction's 30° sector, when the time runs out,
/// when more fingers than required touch down, or when a finger lifts first.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Directions of a swipe, on the screen (y down).
    public struct Direction: OptionSet, Sendable, Hashable {
        /// The raw bits (UIKit's values).
        public var rawValue: UInt
        /// Creates a direction set from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Toward +x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Toward −x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Toward −y (the top of the screen).
        public static let up = Direction(rawValue: 1 << 2)
        /// Toward +y (the bottom of the screen).
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions that count. Default `.right`.
    public var direction: Direction = .right
    /// How many fingers swipe together. Default 1.
    public var numberOfTouchesRequired = 1
    /// How far, in window points, the stroke must go along the direction. Default 50.
    public var minimumDistance = 50.0
    /// How long, in seconds from the first finger down, the stroke may take. Default 0.5.
    public var maximumDuration = 0.5

    /// tan 30°: the largest ratio of drift across the direction to motion along it.
    private static let maximumDriftRatio = 0.5773502691896257
    /// Strokes shorter than this (window points) are jitter: no direction is judged yet.
    private static let jitter = 10.0

    private var touchesSeen = 0
    private var startTime = 0.0
    private var deadline: LoopTimer?

    // MARK: Touches

    /// Counts the fingers and, at the first, starts the `maximumDuration` deadline.
    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if touchesSeen == 0 {
            startTime = touches.first?.timestamp ?? currentTime
            arm(&deadline, after: maximumDuration, { [weak self] in self?.fail() })
        }
        touchesSeen += touches.count
        if touchesSeen > numberOfTouchesRequired { fail() }
    }

    /// Judges the stroke: recognizes, waits, or fails.
    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        judge(touches)
    }

    /// Judges the lift's last motion, then fails if the stroke was not recognized.
    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        // A flick's last motion often arrives with the lift.
        judge(touches)
        fail()
    }

    /// Stops the deadline and forgets the fingers.
    open override func reset() {
        super.reset()
        deadline?.invalidate()
        touchesSeen = 0
        startTime = 0
    }

    // MARK: Private

    private func judge(_ touches: TouchSet) {
        guard state == .possible else { return }
        var latest = startTime
        for touch in touches { latest = max(latest, touch.timestamp) }
        if latest - startTime > maximumDuration {
            fail()
            return
        }
        guard touchesSeen == numberOfTouchesRequired, numberOfTouches == numberOfTouchesRequired else { return }
        var dx = 0.0, dy = 0.0
        for touch in trackedTouches {
            dx += touch.locationInWindow.x - touch.initialLocationInWindow.x
            dy += touch.locationInWindow.y - touch.initialLocationInWindow.y
        }
        dx /= Double(numberOfTouches)
        dy /= Double(numberOfTouches)
        guard dx * dx + dy * dy >= SwipeGestureRecognizer.jitter * SwipeGestureRecognizer.jitter else { return }
        // Unrolled, so judging a move allocates nothing.
        // (Two-argument `max` only: the variadic one builds an array.)
        let verdict = max(max(assess(dx, dy, .right, 1, 0), assess(dx, dy, .left, -1, 0)),
                          max(assess(dx, dy, .up, 0, -1), assess(dx, dy, .down, 0, 1)))
        switch verdict {
        case .reached:
            deadline?.invalidate()
            state = .recognized
        case .heading:
            break
        case .astray:
            fail()
        }
    }

    /// How a stroke relates to the allowed directions, worst to best.
    private enum Verdict: Comparable {
        /// Outside every allowed sector.
        case astray
        /// Inside a sector, not far enough yet.
        case heading
        /// Inside a sector and far enough.
        case reached
    }

    /// Judges the stroke (`dx`, `dy`) against `candidate`, whose unit vector is (`ux`, `uy`).
    private func assess(_ dx: Double, _ dy: Double, _ candidate: Direction, _ ux: Double, _ uy: Double) -> Verdict {
        guard direction.contains(candidate) else { return .astray }
        let along = dx * ux + dy * uy
        let drift = abs(dx * uy - dy * ux)
        guard along > 0, drift <= along * SwipeGestureRecognizer.maximumDriftRatio else { return .astray }
        return along >= minimumDistance ? .reached : .heading
    }

    /// Fails the gesture if it is still undecided (the deadline may fire after it was decided).
    private func fail() {
        deadline?.invalidate()
        if state == .possible { state = .failed }
    }
}
