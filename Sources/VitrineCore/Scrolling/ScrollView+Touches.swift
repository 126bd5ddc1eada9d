import VitrineGraphics

// Touches in a scroll view's content, built on the gesture arena as UIKit does it: a recognizer
// that holds the content's touchesBegan back for a short time (`delaysContentTouches`), the pan
// that cancels the content's touches when a drag starts (`canCancelContentTouches`), and one
// that only watches whether a finger is down (`isTracking`) and stops a moving content.

extension ScrollView {
    /// How long content waits for touchesBegan while the scroll view decides whether the touch
    /// is a drag (UIKit's 150 ms).
    public static let contentTouchDelay = 0.15

    /// When true (default), content gets `touchesBegan` only after the finger rested
    /// `contentTouchDelay` seconds without dragging, or at once when it lifts first (so a quick
    /// tap on a button still highlights it and fires). When false, content gets touches at once.
    public var delaysContentTouches: Bool {
        get { scrolling.delaysContentTouches }
        set { scrolling.delaysContentTouches = newValue }
    }

    /// When true (default), a drag that starts while content follows a touch cancels it there
    /// (`touchesCancelled`; a highlighted button un-highlights without firing) — if
    /// `touchesShouldCancel(in:)` agrees. When false, content that got its touchesBegan keeps
    /// the touch and the content does not scroll.
    public var canCancelContentTouches: Bool {
        get { scrolling.canCancelContentTouches }
        set { scrolling.canCancelContentTouches = newValue }
    }

    /// Asks `touchesShouldBegin(_:with:in:)` for each content view `touches` landed on.
    func contentAcceptsTouches(_ touches: TouchSet, with event: Event) -> Bool {
        for touch in touches {
            guard let view = touch.view, view !== self, view.isDescendant(of: self) else { continue }
            let bit: UInt64 = 1 << UInt64(touch.poolIndex)
            if !touchesShouldBegin(TouchSet(storage: event.touchStorage, mask: bit), with: event, in: view) { return false }
        }
        return true
    }
}

/// Lets the scroll view's own pinch and pan run together (the pinch zooms, the pan follows).
@MainActor
final class ScrollGestureCoordinator: GestureRecognizerDelegate {
    weak var scrollView: ScrollView?

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        guard let scrollView else { return false }
        return other === scrollView.panGestureRecognizer || other === scrollView.pinchGestureRecognizer
    }
}

/// Watches whether a finger is on the scroll view (`isTracking`); a touch-down stops content
/// scrolling by itself (momentum, bounce or an animated offset; a zoom bounce finishes). It is
/// never failed by another recognizer, and fails itself when the last finger lifts — except
/// after a drag: from the drag's start it holds back the touchesBegan of fingers joining (they
/// are part of the drag, not taps on the content) and, on the lift, recognizes, so the content
/// never hears of them.
@MainActor
final class ScrollTrackingGestureRecognizer: GestureRecognizer {
    weak var scrollView: ScrollView?
    /// The pan began during this gesture.
    private var sawDrag = false

    override init() {
        super.init()
        cancelsTouchesInView = true
        delaysTouchesBegan = false
        delaysTouchesEnded = false
    }

    /// The scroll view's pan began: fingers that join go to the drag only.
    func dragDidBegin() {
        sawDrag = true
        delaysTouchesBegan = true
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        guard let scrollView else { return }
        if !scrollView.scrolling.isTracking {
            scrollView.scrolling.isTracking = true
            scrollView.scrolling.touchStoppedMotion = scrollView.isDecelerating
            switch scrollView.scrolling.motion {
            case .deceleration, .animation: scrollView.stopScrollingMotion()
            case .zoom, .none: break
            }
        }
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) { fingersLifted(touches) }

    override func touchesCancelled(_ touches: TouchSet, with event: Event) { fingersLifted(touches) }

    private func fingersLifted(_ touches: TouchSet) {
        guard numberOfTouches - touches.count <= 0 else { return }
        state = sawDrag ? .recognized : .failed
        guard let scrollView else { return }
        scrollView.scrolling.isTracking = false
        scrollView.scrolling.touchStoppedMotion = false
        scrollView.settleAfterTouch()
    }

    override func reset() {
        super.reset()
        sawDrag = false
        delaysTouchesBegan = false
    }

    override func canPrevent(_ prevented: GestureRecognizer) -> Bool { false }
    override func canBePrevented(by preventing: GestureRecognizer) -> Bool { false }
}

/// UIKit's delayed-touches-began recognizer: it holds the content's touchesBegan back
/// (`delaysTouchesBegan`) and fails — letting them through — after `contentTouchDelay`, when
/// the fingers lift first (the began and the ended then reach the content together), or when
/// the fingers move on after the pan failed. The pan
/// beginning fails it and cancels the touches, so content never hears of a quick drag.
///
/// When the touch stopped a moving content, or `touchesShouldBegin` refused it, it keeps the
/// touches back and, on the lift, recognizes: the content never hears of them, and content
/// recognizers (a cell's tap) wait for it and fail.
@MainActor
final class ScrollTouchDelayGestureRecognizer: GestureRecognizer {
    weak var scrollView: ScrollView?
    private var timer: LoopTimer?
    /// The touches are not for the content.
    private var swallows = false

    override init() {
        super.init()
        delaysTouchesBegan = true
        delaysTouchesEnded = false
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        guard let scrollView else { return }
        if scrollView.scrolling.touchStoppedMotion || !scrollView.contentAcceptsTouches(touches, with: event) {
            swallows = true
        }
        guard !swallows, numberOfTouches == touches.count else { return }
        if !scrollView.delaysContentTouches {
            state = .failed
            return
        }
        arm(&timer, after: ScrollView.contentTouchDelay, { [weak self] in self?.delayElapsed() })
    }

    /// Once the pan has failed (a drag along an axis the view cannot scroll), the touch is not
    /// a scroll: the content gets it at once rather than at the end of the delay (a cell's own
    /// horizontal swipe in a vertical list starts without waiting).
    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        guard !swallows, let scrollView, scrollView.panGestureRecognizer.state == .failed else { return }
        state = .failed
    }

    private func delayElapsed() {
        guard state == .possible, !swallows else { return }
        state = .failed
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        guard numberOfTouches - touches.count <= 0 else { return }
        state = swallows ? .recognized : .failed
    }

    override func reset() {
        super.reset()
        timer?.invalidate()
        swallows = false
    }

    /// It never stops the scroll view's (or an enclosing one's) own recognizers.
    override func canPrevent(_ prevented: GestureRecognizer) -> Bool {
        !(prevented.view is ScrollView)
    }

    /// Content recognizers wait for it while it keeps touches from the content.
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        guard swallows, let scrollView, let otherView = other.view else { return false }
        return otherView !== scrollView && otherView.isDescendant(of: scrollView)
    }
}
