import VitrineGraphics

/// The taps a tap or a long-press recognizer counts, and UIKit's rules between them, kept in one
/// place so the two recognizers cannot drift apart: the next tap must touch down within the
/// application's `multipleTapInterval` of the previous one lifting, and land within its
/// `multipleTapDistance` of where the first one lifted.
///
/// It only decides and keeps the interval timer; the recognizer fails its gesture when told to.
@MainActor
struct TapSequence {
    /// Taps completed in this gesture.
    private(set) var tapsCompleted = 0
    /// Where the first tap lifted (window space); later taps must land near it.
    private var firstTapLocation = Point.zero
    /// Fails the gesture when the next tap does not come in time.
    private var intervalTimer: LoopTimer?

    /// Whether any of `touches` moved more than `limit` points (window space) from where it
    /// touched down.
    static func anyMoved(_ touches: TouchSet, fartherThan limit: Double) -> Bool {
        for touch in touches {
            if touch.locationInWindow.distance(to: touch.initialLocationInWindow) > limit { return true }
        }
        return false
    }

    /// The first fingers of a new tap touched down: stops waiting for it; returns false when it
    /// landed too far from the first tap (the gesture then fails).
    mutating func tapBegan(_ touches: TouchSet, for recognizer: GestureRecognizer) -> Bool {
        stopWaiting()
        if tapsCompleted > 0, let first = touches.first,
           first.locationInWindow.distance(to: firstTapLocation) > Self.multipleTapDistance(for: recognizer) {
            return false
        }
        return true
    }

    /// The last finger of a tap lifted; `location` is the tap's centroid (window space).
    mutating func tapEnded(at location: Point) {
        if tapsCompleted == 0 { firstTapLocation = location }
        tapsCompleted += 1
    }

    /// Waits the application's `multipleTapInterval` for the next tap; `timedOut` runs if it
    /// does not touch down in time.
    mutating func waitForNextTap(for recognizer: GestureRecognizer,
                                 timedOut: @escaping @MainActor () -> Void) {
        intervalTimer = recognizer.scheduleTimer(after: Self.multipleTapInterval(for: recognizer), timedOut)
    }

    /// Stops waiting for the next tap (it came, or the gesture was decided).
    mutating func stopWaiting() {
        intervalTimer?.invalidate()
        intervalTimer = nil
    }

    /// Forgets the taps and stops waiting.
    mutating func reset() {
        stopWaiting()
        tapsCompleted = 0
        firstTapLocation = .zero
    }

    private static func multipleTapInterval(for recognizer: GestureRecognizer) -> Double {
        recognizer.view?.window?.application?.multipleTapInterval ?? 0.35
    }

    private static func multipleTapDistance(for recognizer: GestureRecognizer) -> Double {
        recognizer.view?.window?.application?.multipleTapDistance ?? 30
    }
}
