import VitrineGraphics

/// A number a control animates by redrawing itself (a switch's thumb position, a progress
/// bar's fill): on the application's `DisplayLink`, paused as soon as the value arrives, so a
/// control at rest costs no frame and no wake-up. The link is made once and reused.
///
/// Without a window (nothing to animate on screen) or with a duration of 0 the value jumps.
@MainActor
final class ControlAnimation {
    /// The value shown now.
    private(set) var value: Double
    /// Where the value is going (equal to `value` when at rest).
    private(set) var target: Double
    private var from = 0.0
    private var startTime = 0.0
    private var duration = 0.0
    private var link: DisplayLink?
    private unowned let view: View

    /// An animation of `view`'s drawing, at rest at `value`.
    init(_ value: Double, of view: View) {
        self.value = value
        self.target = value
        self.view = view
    }

    /// Whether a frame is still to come.
    var isRunning: Bool { link.map { !$0.isPaused } ?? false }

    /// Sets the value at once, stopping any animation; redraws when it changed.
    func jump(to newValue: Double) {
        link?.isPaused = true
        target = newValue
        if newValue != value {
            value = newValue
            view.setNeedsDisplay()
        }
    }

    /// Moves the value to `newValue` over `duration` seconds, ease-in-out; jumps without an
    /// application to run on.
    func animate(to newValue: Double, duration: Double) {
        guard let application = view.window?.application, duration > 0, newValue != value else {
            jump(to: newValue)
            return
        }
        from = value
        target = newValue
        startTime = application.clock.now
        self.duration = duration
        if let link, link.application === application {
            link.isPaused = false
        } else {
            link?.invalidate()
            let link = DisplayLink { [weak self] link in self?.tick(link) }
            self.link = link
            link.add(to: application)
        }
    }

    /// Ends any animation at its target (the view left its window, say).
    func finish() { jump(to: target) }

    /// Detaches the link for good (the control is going away).
    func invalidate() {
        link?.invalidate()
        link = nil
    }

    private func tick(_ link: DisplayLink) {
        let t = min(max((link.targetTimestamp - startTime) / duration, 0), 1)
        // Ease in and out (smoothstep).
        let eased = t * t * (3 - 2 * t)
        value = from + (target - from) * eased
        if t >= 1 {
            value = target
            link.isPaused = true
        }
        view.setNeedsDisplay()
    }
}
