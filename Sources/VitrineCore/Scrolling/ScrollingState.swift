import VitrineGraphics

/// What a scroll view keeps beyond the skeleton's properties, in one stored reference so the
/// class body stays small and subclasses (the list) see no new stored properties of ours.
@MainActor
final class ScrollingState {
    var isScrollEnabled = true
    var bounces = true
    var alwaysBounceVertical = false
    var alwaysBounceHorizontal = false
    var isDirectionalLockEnabled = false
    var isPagingEnabled = false
    var decelerationRate = DecelerationRate.normal
    var delaysContentTouches = true
    var canCancelContentTouches = true
    var showsVerticalScrollIndicator = true
    var showsHorizontalScrollIndicator = true
    var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic
    /// `contentInset` plus the part of the safe area the behaviour adds, as last computed.
    var adjustedContentInset = EdgeInsets.zero
    var scrollsToTop = true
    /// `scrollToTop(animated:)` is moving the content: its end tells `scrollViewDidScrollToTop`.
    var pendingScrollToTop = false

    var isTracking = false
    var isDragging = false
    var isDecelerating = false

    /// The drag's start in "raw" offsets (before rubber-banding), so content under the finger
    /// stays under it.
    var dragStart = Point.zero
    /// The axis a directional lock chose for this drag (nil: both).
    var lockedToHorizontal: Bool?

    enum Motion { case none, deceleration, animation, zoom }
    var motion = Motion.none
    var x = AxisMotion()
    var y = AxisMotion()
    /// `setContentOffset(_:animated:)`: from, to, start time and duration.
    var animationFrom = Point.zero
    var animationTo = Point.zero
    var animationStart = 0.0
    var animationDuration = 0.3
    /// Made on the first motion and kept; attached to the app only while something moves.
    var displayLink: DisplayLink?
    var isLinkAttached = false
    /// When the indicators' fade began (nil: not fading), and the timer that starts it.
    var fadeStart: Double?
    var fadeTimer: LoopTimer?

    /// A touch landed while the content moved: it stopped it, and its touches do not reach
    /// the content (as UIKit: the tap that stops a fling does not press a button).
    var touchStoppedMotion = false

    // Zoom.
    var minimumZoomScale = 1.0
    var maximumZoomScale = 1.0
    var zoomScale = 1.0
    var bouncesZoom = true
    var isZooming = false
    var isZoomBouncing = false
    var zoomStartScale = 1.0
    /// The content point (unscaled) kept under `zoomAnchor` (visible coordinates) while zooming.
    var zoomFocus = Point.zero
    var zoomAnchor = Point.zero
    var zoomFrom = 1.0
    var zoomTo = 1.0

    // Indicators.
    var verticalIndicator: View?
    var horizontalIndicator: View?
    /// Keys (bits of `ScrollKey`) whose began this view consumed.
    var heldKeys: UInt16 = 0

    let coordinator = ScrollGestureCoordinator()
    let trackingRecognizer = ScrollTrackingGestureRecognizer()
    let delayRecognizer = ScrollTouchDelayGestureRecognizer()
}
