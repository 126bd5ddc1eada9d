import VitrineGraphics

/// Recognizes one or more taps of one or more fingers (UIKit's `UITapGestureRecognizer`);
/// discrete.
///
/// It is recognized (`.ended`) when the last finger of the last required tap lifts. It fails
/// when:
/// - a finger moves more than `allowableMovement` points (window space) from where it touched
///   down;
/// - more fingers than `numberOfTouchesRequired` touch down in one tap, or fewer had touched
///   down when the tap's fingers all lift;
/// - a tap lasts longer than `maximumTapDuration` (it is then a press, not a tap);
/// - the next tap does not touch down within the application's `multipleTapInterval`
///   (0.35 s) of the previous one lifting, or lands farther than its `multipleTapDistance`
///   (30 points) from the first tap.
///
/// A single tap that should not fire on the first half of a double tap waits for it:
/// `single.require(toFail: double)`.
open class TapGestureRecognizer: GestureRecognizer {
    /// How many taps make the gesture. Default 1.
    public var numberOfTapsRequired = 1
    /// How many fingers each tap uses. Default 1.
    public var numberOfTouchesRequired = 1
    /// How far, in window points, a finger may move during a tap. Default 10 (as UIKit).
    public var allowableMovement = 10.0
    /// The longest a tap may keep a finger down, in seconds. Default 0.75: longer than
    /// a long press's default 0.5 s, so that when both watch a view the long press, which
    /// begins first, decides a slow press.
    public var maximumTapDuration = 0.75

    /// The taps completed in this gesture and the wait for the next.
    private var taps = TapSequence()
    /// Fingers that touched down in the current tap.
    private var touchesInTap = 0
    /// Fails a tap held too long.
    private var holdTimer: LoopTimer?
    /// The hold timer, for the test that checks it is made once.
    var holdTimerForTests: LoopTimer? { holdTimer }

    // MARK: Touches

    /// A tap starts (or gains a finger): stops the wait for it, checks the count and distance.
    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if touchesInTap == 0 {
            // A new tap starts.
            guard taps.tapBegan(touches, for: self) else {
                fail()
                return
            }
            arm(&holdTimer, after: maximumTapDuration, { [weak self] in self?.fail() })
        }
        touchesInTap += touches.count
        if touchesInTap > numberOfTouchesRequired { fail() }
    }

    /// Fails when a finger strays beyond `allowableMovement`.
    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        if TapSequence.anyMoved(touches, fartherThan: allowableMovement) { fail() }
    }

    /// When the tap's last finger lifts: recognizes after the last required tap, else waits for the next.
    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        if TapSequence.anyMoved(touches, fartherThan: allowableMovement) {
            fail()
            return
        }
        guard numberOfTouches - touches.count == 0 else { return }
        // Every finger of this tap is up.
        holdTimer?.invalidate()
        guard touchesInTap == numberOfTouchesRequired else {
            fail()
            return
        }
        taps.tapEnded(at: location(in: nil))
        touchesInTap = 0
        if taps.tapsCompleted >= numberOfTapsRequired {
            state = .recognized
        } else {
            taps.waitForNextTap(for: self) { [weak self] in self?.fail() }
        }
    }

    /// Forgets the taps counted and stops the timers.
    open override func reset() {
        super.reset()
        holdTimer?.invalidate()
        taps.reset()
        touchesInTap = 0
    }

    // MARK: Private

    /// Fails the gesture if it is still undecided (a timer may fire after it was decided).
    private func fail() {
        holdTimer?.invalidate()
        taps.stopWaiting()
        if state == .possible { state = .failed }
    }
}
