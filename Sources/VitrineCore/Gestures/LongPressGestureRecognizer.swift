import VitrineGraphics

/// Recognizes fingers held still (UIKit's `UILongPressGestureRecognizer`); continuous.
///
/// After `numberOfTapsRequired` taps (0 by default), `numberOfTouchesRequired` fingers must
/// stay down for `minimumPressDuration` seconds without any of them moving more than
/// `allowableMovement` points (window space) from where it touched down: then the press
/// begins. It changes on every move after that (moving no longer fails it), and ends when one
/// of its fingers lifts. It fails when a finger moves too far or lifts before the press
/// began, when too many fingers touch down, when a preliminary tap is held as long as a press,
/// or when the next preliminary tap does not touch down within the application's
/// `multipleTapInterval` or lands farther than its `multipleTapDistance` from the first.
/// Fingers touching down after the press began are ignored.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long, in seconds, the fingers must be held. Default 0.5.
    public var minimumPressDuration = 0.5
    /// How far, in window points, a finger may move before the press begins. Default 10.
    public var allowableMovement = 10.0
    /// How many fingers must be held. Default 1.
    public var numberOfTouchesRequired = 1
    /// How many taps come before the press. Default 0.
    public var numberOfTapsRequired = 0

    /// The preliminary taps completed and the wait for the next.
    private var taps = TapSequence()
    /// Fingers that touched down in the current tap or press.
    private var touchesInPress = 0
    /// The press timer (it begins the press) or a preliminary tap's hold limit (it fails).
    private var pressTimer: LoopTimer?
    /// True once the press asked to begin (it may still be waiting for a failure requirement).
    private var hasBegun = false

    // MARK: Touches

    /// Counts the fingers and starts the press (or preliminary tap) timer; ignores fingers once begun.
    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if hasBegun {
            for touch in touches { ignore(touch, for: event) }
            return
        }
        if touchesInPress == 0 && !taps.tapBegan(touches, for: self) {
            fail()
            return
        }
        let wasEmpty = touchesInPress == 0
        touchesInPress += touches.count
        if touchesInPress > numberOfTouchesRequired {
            fail()
            return
        }
        if taps.tapsCompleted < numberOfTapsRequired {
            // A preliminary tap: held as long as a press, it is not a tap.
            if wasEmpty {
                pressTimer = scheduleTimer(after: minimumPressDuration) { [weak self] in self?.fail() }
            }
        } else if touchesInPress == numberOfTouchesRequired {
            pressTimer?.invalidate()
            pressTimer = scheduleTimer(after: minimumPressDuration) { [weak self] in self?.pressTimerFired() }
        }
    }

    /// Fails on too much movement before the press began; reports `.changed` after.
    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        if hasBegun {
            state = .changed
        } else if TapSequence.anyMoved(touches, fartherThan: allowableMovement) {
            fail()
        }
    }

    /// Ends a press that began, fails one that had not, completes a preliminary tap.
    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        if hasBegun {
            state = .ended
            return
        }
        if TapSequence.anyMoved(touches, fartherThan: allowableMovement) || taps.tapsCompleted >= numberOfTapsRequired {
            // Lifted before the press began.
            fail()
            return
        }
        guard numberOfTouches - touches.count == 0 else { return }
        // A preliminary tap is complete.
        pressTimer?.invalidate()
        pressTimer = nil
        guard touchesInPress == numberOfTouchesRequired else {
            fail()
            return
        }
        taps.tapEnded(at: location(in: nil))
        touchesInPress = 0
        taps.waitForNextTap(for: self) { [weak self] in self?.fail() }
    }

    /// Forgets the taps counted and stops the timers.
    open override func reset() {
        super.reset()
        pressTimer?.invalidate()
        pressTimer = nil
        taps.reset()
        touchesInPress = 0
        hasBegun = false
    }

    // MARK: Private

    private func pressTimerFired() {
        pressTimer = nil
        guard state == .possible, !hasBegun, numberOfTouches == numberOfTouchesRequired else { return }
        hasBegun = true
        state = .began
    }

    /// Fails the gesture if it is still undecided (a timer may fire after it was decided).
    private func fail() {
        pressTimer?.invalidate()
        pressTimer = nil
        taps.stopWaiting()
        if state == .possible && !hasBegun { state = .failed }
    }
}
