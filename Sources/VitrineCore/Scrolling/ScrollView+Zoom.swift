import VitrineGraphics

// Zooming (UIKit's model): the delegate's `viewForZooming(in:)` is scaled by its `transform`,
// kept at the content's origin, and `contentSize` follows its scaled size. A pinch zooms
// around the fingers (the content point under them stays under them, and follows them as they
// move), may go past the range with resistance when `bouncesZoom`, and springs back into it
// when the fingers lift. Double-tap zoom is the app's (a tap recognizer calling
// `setZoomScale(_:animated:)`), as in UIKit.

extension ScrollView {
    /// The smallest scale a pinch rests at. Default 1. Zooming is possible only when
    /// `maximumZoomScale > minimumZoomScale` and the delegate gives a `viewForZooming`.
    public var minimumZoomScale: Double {
        get { scrolling.minimumZoomScale }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            scrolling.minimumZoomScale = newValue
            zoomRangeDidChange()
        }
    }

    /// The largest scale a pinch rests at. Default 1.
    public var maximumZoomScale: Double {
        get { scrolling.maximumZoomScale }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            scrolling.maximumZoomScale = newValue
            zoomRangeDidChange()
        }
    }

    /// Whether a pinch may go past the range (with resistance) and springs back. Default true.
    public var bouncesZoom: Bool {
        get { scrolling.bouncesZoom }
        set { scrolling.bouncesZoom = newValue }
    }

    /// The scale of the zooming view now. Setting it zooms about the middle of the view,
    /// clamped to the range, without animation. Default 1.
    public var zoomScale: Double {
        get { scrolling.zoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Whether a pinch is zooming now.
    public var isZooming: Bool { scrolling.isZooming }
    /// Whether the scale is springing back into range after a pinch.
    public var isZoomBouncing: Bool { scrolling.isZoomBouncing }

    /// Zooms to `scale` (clamped to the range) about the middle of the view; animated over
    /// 0.3 s, with `scrollViewDidZoom` each frame and `scrollViewDidEndZooming` at the end.
    public func setZoomScale(_ scale: Double, animated: Bool) {
        guard scale.isFinite, scale > 0, let view = delegate?.viewForZooming(in: self) else { return }
        let target = min(max(scale, minimumZoomScale), maximumZoomScale)
        stopScrollingMotion()
        let anchor = Point(x: bounds.width / 2, y: bounds.height / 2)
        setZoomAnchor(anchor)
        guard animated, window?.application != nil, target != zoomScale else {
            applyZoom(target)
            if animated { delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoomScale) }
            return
        }
        startZoomAnimation(to: target)
    }

    /// Zooms so `rect` (in the zooming view's own coordinates) fills the view as far as the
    /// scale range allows, centred (what an app's double-tap zoom calls). Animated as
    /// `setZoomScale(_:animated:)`.
    public func zoom(to rect: Rect, animated: Bool) {
        guard rect.width.isFinite, rect.height.isFinite, rect.origin.x.isFinite, rect.origin.y.isFinite,
              rect.width > 0, rect.height > 0, let view = delegate?.viewForZooming(in: self) else { return }
        let wanted = min(bounds.width / rect.width, bounds.height / rect.height)
        let target = min(max(wanted, minimumZoomScale), maximumZoomScale)
        stopScrollingMotion()
        scrolling.zoomFocus = Point(x: rect.midX, y: rect.midY)
        scrolling.zoomAnchor = Point(x: bounds.width / 2, y: bounds.height / 2)
        guard animated, window?.application != nil else {
            applyZoom(target)
            if animated { delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoomScale) }
            return
        }
        startZoomAnimation(to: target)
    }

    // MARK: Internals

    private func zoomRangeDidChange() {
        pinchGestureRecognizer.isEnabled = maximumZoomScale > minimumZoomScale
    }

    func pinchShouldBegin() -> Bool {
        maximumZoomScale > minimumZoomScale && delegate?.viewForZooming(in: self) != nil
    }

    /// Keeps the content point now under `anchor` (visible coordinates) there while zooming.
    private func setZoomAnchor(_ anchor: Point) {
        let scale = zoomScale
        scrolling.zoomAnchor = anchor
        scrolling.zoomFocus = Point(x: (contentOffset.x + anchor.x) / scale, y: (contentOffset.y + anchor.y) / scale)
    }

    /// Scales the zooming view to `scale`, keeps it at the content's origin, sets `contentSize`
    /// and the offset that keeps the focus under the anchor (clamped into range).
    func applyZoom(_ scale: Double) {
        guard scale.isFinite, scale > 0, let view = delegate?.viewForZooming(in: self) else { return }
        let size = view.bounds.size
        view.transform = AffineTransform(scaleX: scale, y: scale)
        view.center = Point(x: size.width * scale / 2, y: size.height * scale / 2)
        scrolling.zoomScale = scale
        contentSize = Size(width: size.width * scale, height: size.height * scale)
        let focus = scrolling.zoomFocus, anchor = scrolling.zoomAnchor
        contentOffset = clampedOffset(Point(x: focus.x * scale - anchor.x, y: focus.y * scale - anchor.y))
        delegate?.scrollViewDidZoom(self)
    }

    private func startZoomAnimation(to target: Double) {
        scrolling.zoomFrom = zoomScale
        scrolling.zoomTo = target
        scrolling.animationStart = currentScrollTime
        scrolling.motion = .zoom
        startScrollingDisplayLink()
    }

    func zoomAnimationDidFinish() {
        scrolling.isZoomBouncing = false
        delegate?.scrollViewDidEndZooming(self, with: delegate?.viewForZooming(in: self), atScale: zoomScale)
    }

    func handlePinch(_ recognizer: GestureRecognizer) {
        let pinch = pinchGestureRecognizer
        let location = pinch.location(in: self)
        let anchor = Point(x: location.x - contentOffset.x, y: location.y - contentOffset.y)
        switch recognizer.state {
        case .began:
            stopScrollingMotion()
            scrolling.isZooming = true
            // As UIKit, the scale follows the fingers' distance since they touched down (the
            // hysteresis included), so the content under them stays under them.
            scrolling.zoomStartScale = zoomScale
            setZoomAnchor(anchor)
            delegate?.scrollViewWillBeginZooming(self, with: delegate?.viewForZooming(in: self))
            showScrollIndicators()
            applyZoom(resisted(scrolling.zoomStartScale * pinch.scale))
        case .changed:
            scrolling.zoomAnchor = anchor
            applyZoom(resisted(scrolling.zoomStartScale * pinch.scale))
        case .ended, .cancelled:
            scrolling.isZooming = false
            hideScrollIndicatorsSoon()
            let target = min(max(zoomScale, minimumZoomScale), maximumZoomScale)
            if target != zoomScale, window?.application != nil {
                scrolling.isZoomBouncing = true
                setZoomAnchor(anchor)
                startZoomAnimation(to: target)
            } else {
                if target != zoomScale { applyZoom(target) }
                delegate?.scrollViewDidEndZooming(self, with: delegate?.viewForZooming(in: self), atScale: zoomScale)
            }
        default:
            break
        }
    }

    /// Past the range, a pinch meets resistance (when `bouncesZoom`) or a wall.
    private func resisted(_ scale: Double) -> Double {
        let low = minimumZoomScale, high = maximumZoomScale
        guard scale.isFinite, scale > 0 else { return zoomScale }
        if scale > high { return bouncesZoom ? high * pow(scale / high, 0.35) : high }
        if scale < low { return bouncesZoom ? low * pow(scale / low, 0.35) : low }
        return scale
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
