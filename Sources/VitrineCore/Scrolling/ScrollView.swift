import VitrineGraphics

/// What a scroll view tells its delegate (UIKit's `UIScrollViewDelegate`). Every method has an
/// empty default, so a delegate implements only what it needs. All offsets and velocities are in
/// the scroll view's bounds space: offsets in points, velocities in points per millisecond as
/// UIKit gives them.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed (by a drag, deceleration, animation or the app).
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// A drag is about to move the content.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The finger lifted with `velocity`; `targetContentOffset` holds where deceleration will
    /// come to rest and may be changed (snapping).
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point)
    /// The drag ended; `decelerate` says whether the content keeps moving.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// Deceleration began.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// Deceleration (momentum, bounce back or paging) came to rest.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animation started by `setContentOffset(_:animated:)` or
    /// `scrollRectToVisible(_:animated:)` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// `adjustedContentInset` changed (the content inset, the safe area, or the behaviour).
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: ScrollView)
    /// Whether `scrollToTop(animated:)` may scroll to the top (see `scrollsToTop`). Default true.
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
    /// `scrollToTop(animated:)` brought the content to its top.
    func scrollViewDidScrollToTop(_ scrollView: ScrollView)
    /// The view to scale when zooming (nil: the scroll view does not zoom).
    func viewForZooming(in scrollView: ScrollView) -> View?
    /// The zoom scale changed.
    func scrollViewDidZoom(_ scrollView: ScrollView)
    /// A pinch is about to zoom `view`.
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?)
    /// Zooming ended at `scale` (after any bounce back to the allowed range).
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double)
}

public extension ScrollViewDelegate {
    func scrollViewDidScroll(_ scrollView: ScrollView) {}
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point) {}
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: ScrollView) {}
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { true }
    func scrollViewDidScrollToTop(_ scrollView: ScrollView) {}
    func viewForZooming(in scrollView: ScrollView) -> View? { nil }
    func scrollViewDidZoom(_ scrollView: ScrollView) {}
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {}
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {}
}

/// A view that shows a part of larger content and lets the user move it (UIKit's
/// `UIScrollView`).
///
/// Coordinate space: as in UIKit, the content lives in the scroll view's bounds space and
/// `contentOffset` *is* `bounds.origin`: the content point shown at the scroll view's top-left
/// corner. Subviews are placed at their content positions and never move when the content
/// scrolls; only the bounds origin does. `contentSize` is the extent of the content from
/// (0, 0); `contentInset` adds room around it that scrolling can reach.
///
/// Changing the offset marks the view for layout (a list lays out its visible rows in
/// `layoutSubviews`) and tells the delegate `scrollViewDidScroll(_:)`.
///
/// Dragging, momentum, bouncing, paging, zooming, the content touch rules, the wheel and the
/// keys are UIKit's (README, "Scrolling"; the files beside this one). The scroll indicators
/// are two subviews (`verticalScrollIndicator`, `horizontalScrollIndicator`), made when first
/// shown and kept above the content; a subclass that walks its subviews skips them. The
/// arrows, Page Up/Down, Home and End scroll it when the first responder is inside it (or is
/// it: a subclass may return true from `canBecomeFirstResponder`).
@MainActor
open class ScrollView: View {
    /// Told about scrolling, dragging, deceleration and zooming; held weakly.
    open weak var delegate: (any ScrollViewDelegate)?

    /// The size of the content in points, from the content's origin (0, 0).
    public var contentSize: Size = .zero {
        didSet { if contentSize != oldValue { contentGeometryDidChange() } }
    }

    /// Room around the content that scrolling can reach (for a bar overlapping the top, or the
    /// on-screen keyboard overlapping the bottom), in points. Scrolling uses
    /// `adjustedContentInset`: this plus the safe area `contentInsetAdjustmentBehavior` adds.
    public var contentInset: EdgeInsets = .zero {
        didSet { if contentInset != oldValue { contentGeometryDidChange() } }
    }

    /// The content point shown at the scroll view's top-left corner: `bounds.origin`. Setting it
    /// does not clamp (as UIKit): an app may place the content anywhere.
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            guard newValue != bounds.origin else { return }
            var b = bounds
            b.origin = newValue
            bounds = b
            setNeedsLayout()
            layoutScrollIndicators()
            contentOffsetDidChange()
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// The pan that drags the content (UIKit's `panGestureRecognizer`). Its delegate is the
    /// app's to set; the scroll view decides through `gestureRecognizerShouldBegin(_:)`.
    public let panGestureRecognizer = PanGestureRecognizer()
    /// The pinch that zooms the content; enabled while `maximumZoomScale > minimumZoomScale`
    /// (UIKit creates it only then; here it always exists and is disabled instead).
    public let pinchGestureRecognizer = PinchGestureRecognizer()
    /// Everything else the scrolling machinery keeps (see ScrollingState.swift).
    let scrolling = ScrollingState()

    /// Creates a scroll view that clips its content to its bounds.
    public override init(frame: Rect) {
        super.init(frame: frame)
        clipsToBounds = true
        installScrollingRecognizers()
    }

    // MARK: Touches in the content (UIKit's override points)

    /// Whether the content `view` gets `touches` that began on it (asked when they touch down;
    /// UIKit asks when they are delivered, after the delay). Returning false keeps them from the
    /// content for the whole gesture; dragging still scrolls. Default: true.
    open func touchesShouldBegin(_ touches: TouchSet, with event: Event?, in view: View) -> Bool { true }

    /// Whether a drag may cancel the touches the content `view` is already following (and so
    /// scroll). Returning false keeps the touches with the view and the content still. Default,
    /// as UIKit: true unless `view` is a `Control` (a held button keeps its touch; a list that
    /// wants drags to start on buttons overrides this to return true).
    open func touchesShouldCancel(in view: View) -> Bool { !(view is Control) }

    // MARK: Overrides the scrolling machinery needs (kept here: extensions cannot override)

    /// The pan begins only along an axis that can scroll and when the content may give up its
    /// touches; the pinch only when there is a view to zoom.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if gestureRecognizer === panGestureRecognizer { return panShouldBegin() }
        if gestureRecognizer === pinchGestureRecognizer { return pinchShouldBegin() }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    /// The wheel scrolls this view (clamped to the content, no bounce); a turn along an axis it
    /// cannot scroll goes on to `next` (an enclosing scroll view).
    open override func scrollWheel(_ delta: Point, with event: Event?) {
        if !scroll(byWheel: delta) { super.scrollWheel(delta, with: event) }
    }

    /// Arrows, Page Up/Down, Home and End scroll this view (see `ScrollView+Keys.swift`); other
    /// keys go on to `next`.
    open override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) {
        if !handleScrollKeys(presses, phase: .began) { super.pressesBegan(presses, with: event) }
    }

    /// Auto-repeat of a scrolling key scrolls again.
    open override func pressesChanged(_ presses: PressSet, with event: PressesEvent?) {
        if !handleScrollKeys(presses, phase: .changed) { super.pressesChanged(presses, with: event) }
    }

    /// The release of a key that scrolled is consumed here too.
    open override func pressesEnded(_ presses: PressSet, with event: PressesEvent?) {
        if !handleScrollKeys(presses, phase: .ended) { super.pressesEnded(presses, with: event) }
    }

    /// A cancelled key that scrolled is consumed here too.
    open override func pressesCancelled(_ presses: PressSet, with event: PressesEvent?) {
        if !handleScrollKeys(presses, phase: .cancelled) { super.pressesCancelled(presses, with: event) }
    }

    /// Keeps the scroll indicators above content added later.
    open override func didAddSubview(_ subview: View) {
        super.didAddSubview(subview)
        keepScrollIndicatorsOnTop(after: subview)
    }

    /// Leaving the window stops any motion and the indicators' fade (and so its display link).
    open override func willMove(toWindow newWindow: Window?) {
        super.willMove(toWindow: newWindow)
        if newWindow == nil { stopScrollingForRemoval() }
    }

    /// Places the scroll indicators for the new size; subclasses call super.
    open override func layoutSubviews() {
        super.layoutSubviews()
        // The size may have made an axis scrollable or not (`.scrollableAxes`).
        updateAdjustedContentInset()
        layoutScrollIndicators()
    }

    /// The smallest content offset scrolling rests at: minus the top and left
    /// `adjustedContentInset`.
    public var minimumContentOffset: Point {
        let inset = scrolling.adjustedContentInset
        return Point(x: -inset.left, y: -inset.top)
    }

    /// The largest content offset scrolling rests at: the content's far edges plus the adjusted
    /// insets, aligned with the view's far edges (never less than `minimumContentOffset`).
    public var maximumContentOffset: Point {
        let minimum = minimumContentOffset
        let inset = scrolling.adjustedContentInset
        return Point(
            x: max(minimum.x, contentSize.width + inset.right - bounds.width),
            y: max(minimum.y, contentSize.height + inset.bottom - bounds.height))
    }

    /// Called after `contentSize` or `contentInset` changed; subclasses that keep state derived
    /// from them override it and call super.
    open func contentGeometryDidChange() {
        updateAdjustedContentInset()
        setNeedsLayout()
    }

    /// Called after `adjustedContentInset` changed, before the delegate hears of it (UIKit's);
    /// subclasses override it and call super.
    open func adjustedContentInsetDidChange() {}

    /// The safe area changed: the adjusted inset follows.
    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        updateAdjustedContentInset()
    }

    /// Called after the content offset changed, before the delegate hears of it; subclasses
    /// override it and call super.
    open func contentOffsetDidChange() {}
}
