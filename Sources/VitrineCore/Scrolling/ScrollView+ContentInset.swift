import VitrineGraphics

/// How a scroll view adds its safe area to its `contentInset` (UIKit's
/// `UIScrollView.ContentInsetAdjustmentBehavior`). The sum is `adjustedContentInset`, the inset
/// scrolling rests within.
public enum ContentInsetAdjustmentBehavior: Sendable, Hashable {
    /// As `.scrollableAxes`, except that the top and bottom are always adjusted when the scroll
    /// view is the root view of a controller inside a container (a navigation or tab bar
    /// controller), as UIKit does for a controller's view. The default.
    case automatic
    /// The safe area is added along an axis the content scrolls on (content larger than the
    /// view, or `alwaysBounceVertical` / `alwaysBounceHorizontal`).
    case scrollableAxes
    /// Never adjusted: `adjustedContentInset` is `contentInset`.
    case never
    /// Always adjusted on every edge.
    case always
}

extension ScrollView {
    /// How the safe area is added to `contentInset` (default `.automatic`).
    public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior {
        get { scrolling.contentInsetAdjustmentBehavior }
        set {
            guard newValue != scrolling.contentInsetAdjustmentBehavior else { return }
            scrolling.contentInsetAdjustmentBehavior = newValue
            updateAdjustedContentInset()
        }
    }

    /// `contentInset` plus the part of the view's `safeAreaInsets` that
    /// `contentInsetAdjustmentBehavior` adds, in points: the inset scrolling rests within
    /// (`minimumContentOffset`, `maximumContentOffset`). It follows the safe area in the layout
    /// pass; `adjustedContentInsetDidChange()` and the delegate's
    /// `scrollViewDidChangeAdjustedContentInset(_:)` say when it changed.
    ///
    /// A navigation controller lays its content out under its bar, not behind it, so a list in
    /// one gets no inset for the bar: the bar does not cover it.
    public var adjustedContentInset: EdgeInsets { scrolling.adjustedContentInset }

    /// Computes `adjustedContentInset` again and tells when it changed. Cheap and allocation
    /// free: it reads the safe area the layout pass last told the view of.
    func updateAdjustedContentInset() {
        let safe = layoutGuideStorage?.lastSafeAreaInsets ?? .zero
        var adjusted = contentInset
        if safe != .zero {
            let vertical: Bool, horizontal: Bool
            switch scrolling.contentInsetAdjustmentBehavior {
            case .never:
                vertical = false
                horizontal = false
            case .always:
                vertical = true
                horizontal = true
            case .scrollableAxes, .automatic:
                vertical = contentSize.height > bounds.height || alwaysBounceVertical
                    || (scrolling.contentInsetAdjustmentBehavior == .automatic && isContainedControllerView)
                horizontal = contentSize.width > bounds.width || alwaysBounceHorizontal
            }
            if vertical {
                adjusted.top += safe.top
                adjusted.bottom += safe.bottom
            }
            if horizontal {
                adjusted.left += safe.left
                adjusted.right += safe.right
            }
        }
        guard adjusted != scrolling.adjustedContentInset else { return }
        scrolling.adjustedContentInset = adjusted
        setNeedsLayout()
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    /// Whether this view is the root view of a controller shown by a container controller.
    private var isContainedControllerView: Bool {
        guard let controller = owningViewController else { return false }
        return controller.parent != nil
    }

    // MARK: Scrolling to the top

    /// Whether `scrollToTop(animated:)` scrolls this view (default true). On iOS a tap on the
    /// status bar scrolls the one scroll view on screen that has it; a kiosk has no status bar,
    /// so nothing calls it by itself: the property and the delegate's
    /// `scrollViewShouldScrollToTop(_:)` are kept for ported code, and an app that wants the
    /// gesture (a tap on its own title, a key) calls `scrollToTop(animated:)`.
    public var scrollsToTop: Bool {
        get { scrolling.scrollsToTop }
        set { scrolling.scrollsToTop = newValue }
    }

    /// What a status-bar tap does on iOS: when `scrollsToTop` and the delegate's
    /// `scrollViewShouldScrollToTop(_:)` agree, scrolls (animated, as iOS does) to
    /// `minimumContentOffset.y`, keeping x, and tells `scrollViewDidScrollToTop(_:)` when the
    /// content is there. Returns whether it scrolled.
    @discardableResult
    public func scrollToTop(animated: Bool = true) -> Bool {
        guard scrollsToTop, delegate?.scrollViewShouldScrollToTop(self) ?? true else { return false }
        let top = Point(x: contentOffset.x, y: minimumContentOffset.y)
        if animated && top != contentOffset && window?.application != nil {
            setContentOffset(top, animated: true)
            scrolling.pendingScrollToTop = true
        } else {
            setContentOffset(top, animated: false)
            scrolling.pendingScrollToTop = true
            finishScrollToTop()
        }
        return true
    }

    /// The scroll-to-top in flight arrived: tell the delegate.
    func finishScrollToTop() {
        guard scrolling.pendingScrollToTop else { return }
        scrolling.pendingScrollToTop = false
        delegate?.scrollViewDidScrollToTop(self)
    }
}
