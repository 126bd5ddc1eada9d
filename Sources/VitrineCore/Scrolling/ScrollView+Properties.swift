import VitrineGraphics

extension ScrollView {
    /// UIKit spells it `UIScrollView.DecelerationRate`: `ScrollView.DecelerationRate.fast` works too.
    public typealias DecelerationRate = VitrineCore.DecelerationRate

    // MARK: Properties (UIKit's names)

    /// Whether the user can scroll by dragging, the wheel or keys. `contentOffset` and
    /// `setContentOffset(_:animated:)` still work when false. Default true.
    public var isScrollEnabled: Bool {
        get { scrolling.isScrollEnabled }
        set { scrolling.isScrollEnabled = newValue }
    }

    /// Whether dragging past the content's edges resists and springs back (rubber band), and
    /// momentum bounces at an edge. When false the content stops at its edges. Default true.
    public var bounces: Bool {
        get { scrolling.bounces }
        set { scrolling.bounces = newValue }
    }

    /// Whether a vertical drag moves (and bounces) the content even when it fits the height.
    public var alwaysBounceVertical: Bool {
        get { scrolling.alwaysBounceVertical }
        set { scrolling.alwaysBounceVertical = newValue }
    }

    /// Whether a horizontal drag moves (and bounces) the content even when it fits the width.
    public var alwaysBounceHorizontal: Bool {
        get { scrolling.alwaysBounceHorizontal }
        set { scrolling.alwaysBounceHorizontal = newValue }
    }

    /// When true, a drag that starts mostly along one axis (one component at least twice the
    /// other) scrolls along that axis only until the finger lifts. Default false.
    public var isDirectionalLockEnabled: Bool {
        get { scrolling.isDirectionalLockEnabled }
        set { scrolling.isDirectionalLockEnabled = newValue }
    }

    /// When true, a drag comes to rest at a multiple of the view's size (a page): the next page
    /// in the flick's direction when the release was fast, else the nearest; at most one page
    /// from where the drag started. Default false.
    public var isPagingEnabled: Bool {
        get { scrolling.isPagingEnabled }
        set { scrolling.isPagingEnabled = newValue }
    }

    /// How fast momentum decays after a flick. Default `.normal`.
    public var decelerationRate: DecelerationRate {
        get { scrolling.decelerationRate }
        set { scrolling.decelerationRate = newValue }
    }

    /// Whether the finger is on the content (from touch-down to lift, moved or not).
    public var isTracking: Bool { scrolling.isTracking }
    /// Whether the user is dragging the content (from `scrollViewWillBeginDragging` to the lift).
    public var isDragging: Bool { scrolling.isDragging }
    /// Whether the content is moving on after the finger lifted (momentum, bounce back, paging).
    public var isDecelerating: Bool { scrolling.isDecelerating }

    // MARK: Setting the offset

    /// Moves the content so `contentOffset` becomes `offset`; animated, over 0.3 s on an
    /// ease-out curve, telling the delegate `scrollViewDidScroll` each frame and
    /// `scrollViewDidEndScrollingAnimation` at the end (not when a touch interrupts it).
    /// Without animation it is the same as setting `contentOffset`. A non-finite offset is ignored.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        guard offset.x.isFinite, offset.y.isFinite else { return }
        stopScrollingMotion()
        guard animated, window?.application != nil, offset != contentOffset else {
            contentOffset = offset
            return
        }
        scrolling.animationFrom = contentOffset
        scrolling.animationTo = offset
        scrolling.animationStart = currentScrollTime
        scrolling.motion = .animation
        showScrollIndicators()
        startScrollingDisplayLink()
    }

    /// Scrolls the least that makes `rect` (content coordinates, the bounds space) visible,
    /// within the scrollable range; nothing when it already is. Larger than the view: its
    /// top-left corner is shown.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        var offset = contentOffset
        func axis(_ current: Double, _ low: Double, _ length: Double, _ visible: Double) -> Double {
            if low < current || length > visible { return low }
            if low + length > current + visible { return low + length - visible }
            return current
        }
        offset.x = axis(offset.x, rect.minX, rect.width, bounds.width)
        offset.y = axis(offset.y, rect.minY, rect.height, bounds.height)
        offset = clampedOffset(offset)
        if offset != contentOffset { setContentOffset(offset, animated: animated) }
    }

    // MARK: Ranges

    /// Whether a drag may move the content horizontally.
    var canScrollHorizontally: Bool {
        isScrollEnabled && (maximumContentOffset.x > minimumContentOffset.x || (bounces && alwaysBounceHorizontal))
    }

    /// Whether a drag may move the content vertically.
    var canScrollVertically: Bool {
        isScrollEnabled && (maximumContentOffset.y > minimumContentOffset.y || (bounces && alwaysBounceVertical))
    }

    /// `offset` brought into the resting range.
    func clampedOffset(_ offset: Point) -> Point {
        let low = minimumContentOffset, high = maximumContentOffset
        return Point(x: min(max(offset.x, low.x), high.x), y: min(max(offset.y, low.y), high.y))
    }

    /// The app's clock now (0 out of an app).
    var currentScrollTime: Double { window?.application?.clock.now ?? 0 }

    /// Rounds an offset to the screen's pixels, so content rests on whole pixels.
    func pixelAligned(_ value: Double) -> Double {
        let scale = window?.application?.screen.scale ?? 1
        return (value * scale).rounded() / scale
    }

    /// The offset shown while a finger drags or the content moves by itself: rounded to the
    /// screen's pixels, as UIKit does, so text stays crisp and each frame moves whole pixels,
    /// which the compositor does by moving the pixels already drawn (`ScrollBlit`) instead of
    /// repainting the view's area. The motion itself keeps exact positions.
    func pixelAligned(_ offset: Point) -> Point {
        Point(x: pixelAligned(offset.x), y: pixelAligned(offset.y))
    }
}
