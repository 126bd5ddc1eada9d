import VitrineGraphics

// Dragging, the lift (momentum, bounce, paging, a target the delegate changed) and the frame
// clock that moves the content afterwards; the closed forms are in ScrollPhysics.swift.
extension ScrollView {
    // MARK: Dragging

    func installScrollingRecognizers() {
        let state = scrolling
        state.coordinator.scrollView = self
        state.trackingRecognizer.scrollView = self
        state.delayRecognizer.scrollView = self
        addGestureRecognizer(state.trackingRecognizer)
        addGestureRecognizer(state.delayRecognizer)
        panGestureRecognizer.addTarget(self, action: ScrollView.handlePan)
        addGestureRecognizer(panGestureRecognizer)
        pinchGestureRecognizer.delegate = state.coordinator
        pinchGestureRecognizer.isEnabled = false
        pinchGestureRecognizer.addTarget(self, action: ScrollView.handlePinch)
        addGestureRecognizer(pinchGestureRecognizer)
    }

    func panShouldBegin() -> Bool {
        let t = panGestureRecognizer.translation(in: nil)
        // Nested scroll views: the drag's direction picks the one that can scroll that way.
        if abs(t.x) > abs(t.y) {
            guard canScrollHorizontally else { return false }
        } else {
            guard canScrollVertically else { return false }
        }
        // Content already following a touch (after the delay) gives it up only if allowed.
        for touch in panGestureRecognizer.trackedTouches {
            guard touch.viewDelivery == .delivering || touch.viewDelivery == .endedDelayed,
                  let view = touch.view, view !== self, view.isDescendant(of: self) else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: view) { return false }
        }
        return true
    }

    func handlePan(_ recognizer: GestureRecognizer) {
        switch recognizer.state {
        case .began: beginDragging()
        case .changed: continueDragging()
        case .ended: endDragging(cancelled: false)
        case .cancelled: endDragging(cancelled: true)
        default: break
        }
    }

    private func beginDragging() {
        // A zoom bouncing back into range finishes; any other motion stops under the finger.
        if scrolling.motion != .zoom { stopScrollingMotion() }
        let pan = panGestureRecognizer
        if isDirectionalLockEnabled {
            let t = pan.translation(in: self)
            if abs(t.x) >= 2 * abs(t.y) {
                scrolling.lockedToHorizontal = true
            } else if abs(t.y) >= 2 * abs(t.x) {
                scrolling.lockedToHorizontal = false
            } else {
                scrolling.lockedToHorizontal = nil
            }
        } else {
            scrolling.lockedToHorizontal = nil
        }
        // The content follows from here on: the hysteresis distance does not make it jump.
        pan.setTranslation(.zero, in: self)
        scrolling.dragStart = rawOffset(for: contentOffset)
        scrolling.isDragging = true
        scrolling.trackingRecognizer.dragDidBegin()
        delegate?.scrollViewWillBeginDragging(self)
        showScrollIndicators()
    }

    private func continueDragging() {
        let pan = panGestureRecognizer
        if scrolling.isZooming || scrolling.motion == .zoom {
            // The pinch (or its bounce) moves the content; the pan picks up from wherever it
            // leaves it.
            pan.setTranslation(.zero, in: self)
            scrolling.dragStart = rawOffset(for: contentOffset)
            return
        }
        let t = pan.translation(in: self)
        var offset = contentOffset
        if dragsHorizontally {
            offset.x = rubberBanded(scrolling.dragStart.x - t.x, low: minimumContentOffset.x,
                                    high: maximumContentOffset.x, dimension: bounds.width)
        }
        if dragsVertically {
            offset.y = rubberBanded(scrolling.dragStart.y - t.y, low: minimumContentOffset.y,
                                    high: maximumContentOffset.y, dimension: bounds.height)
        }
        contentOffset = pixelAligned(offset)
    }

    private var dragsHorizontally: Bool { canScrollHorizontally && scrolling.lockedToHorizontal != false }
    private var dragsVertically: Bool { canScrollVertically && scrolling.lockedToHorizontal != true }

    /// A raw (finger) position mapped to the shown offset: past an edge, rubber-banded.
    private func rubberBanded(_ raw: Double, low: Double, high: Double, dimension: Double) -> Double {
        if raw < low { return bounces ? low - ScrollPhysics.rubberBand(low - raw, dimension: dimension) : low }
        if raw > high { return bounces ? high + ScrollPhysics.rubberBand(raw - high, dimension: dimension) : high }
        return raw
    }

    /// The inverse: where the finger would be for the offset shown now.
    private func rawOffset(for offset: Point) -> Point {
        let low = minimumContentOffset, high = maximumContentOffset
        func axis(_ value: Double, _ low: Double, _ high: Double, _ dimension: Double) -> Double {
            if value < low { return low - ScrollPhysics.rubberBandInverse(low - value, dimension: dimension) }
            if value > high { return high + ScrollPhysics.rubberBandInverse(value - high, dimension: dimension) }
            return value
        }
        return Point(x: axis(offset.x, low.x, high.x, bounds.width), y: axis(offset.y, low.y, high.y, bounds.height))
    }

    private func endDragging(cancelled: Bool) {
        guard scrolling.isDragging else { return }
        if scrolling.motion == .zoom {
            // The zoom's bounce owns the offset until it rests.
            scrolling.isDragging = false
            delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
            return
        }
        let now = currentScrollTime
        var velocity = Point.zero
        if !cancelled && !scrolling.isZooming {
            let v = panGestureRecognizer.velocity(in: self)
            // The content moves against the finger.
            if dragsHorizontally { velocity.x = -v.x }
            if dragsVertically { velocity.y = -v.y }
        }
        let offset = contentOffset
        let low = minimumContentOffset, high = maximumContentOffset
        let rate = decelerationRate
        var natural = offset
        var computed = offset
        if isPagingEnabled {
            computed = pageTarget(offset: offset, velocity: velocity)
        } else {
            natural = Point(x: offset.x + rate.travel(forVelocity: velocity.x),
                            y: offset.y + rate.travel(forVelocity: velocity.y))
            computed = clampedOffset(Point(x: pixelAligned(natural.x), y: pixelAligned(natural.y)))
        }
        var target = computed
        delegate?.scrollViewWillEndDragging(self, withVelocity: Point(x: velocity.x / 1000, y: velocity.y / 1000),
                                            targetContentOffset: &target)
        if !target.x.isFinite || !target.y.isFinite { target = computed }
        let steered = isPagingEnabled || target != computed
        scrolling.x = axisMotion(from: offset.x, velocity: velocity.x, natural: natural.x, target: target.x,
                                 steered: steered, low: low.x, high: high.x, at: now)
        scrolling.y = axisMotion(from: offset.y, velocity: velocity.y, natural: natural.y, target: target.y,
                                 steered: steered, low: low.y, high: high.y, at: now)
        scrolling.isDragging = false
        let decelerate = scrolling.x.isActive || scrolling.y.isActive
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerate)
        if decelerate {
            beginDecelerating()
        } else {
            hideScrollIndicatorsSoon()
        }
    }

    /// Starts the motion held in `scrolling.x`/`.y` as a deceleration.
    func beginDecelerating() {
        scrolling.motion = .deceleration
        scrolling.isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        startScrollingDisplayLink()
    }

    /// The motion of one axis after the lift (see the README's "Scrolling" section).
    private func axisMotion(from start: Double, velocity: Double, natural: Double, target: Double, steered: Bool,
                            low: Double, high: Double, at time: Double) -> AxisMotion {
        let outside = start < low || start > high
        if outside {
            // Past an edge: spring back to it (or to the target the delegate chose).
            let back = steered ? target : min(max(start, low), high)
            return .spring(from: start, velocity: velocity, to: back, at: time)
        }
        if !steered {
            guard velocity != 0, natural != start else { return AxisMotion() }
            if natural >= low && natural <= high {
                // Rests on the pixel-aligned target: the decay is aimed at it exactly.
                let k = decelerationRate.perSecond
                return AxisMotion(kind: .decay, start: start, startTime: time, velocity: -(target - start) * k,
                                  k: k, target: target)
            }
            // Runs into an edge: the tick bounces or stops it there.
            return .decay(from: start, velocity: velocity, k: decelerationRate.perSecond, at: time)
        }
        let distance = target - start
        if abs(distance) < 0.1 && abs(velocity) < 1 {
            return AxisMotion()
        }
        // Reach the target by a decay when the release is fast enough for one no slower than
        // the normal rate; else (slow release, or a target behind the flick) by the spring.
        let k = -velocity / distance
        if distance != 0, k < 0, k <= DecelerationRate.normal.perSecond, k >= -40 {
            return AxisMotion(kind: .decay, start: start, startTime: time, velocity: velocity, k: k, target: target)
        }
        return .spring(from: start, velocity: velocity, to: target, at: time)
    }

    /// Paging: the page the release comes to rest on.
    private func pageTarget(offset: Point, velocity: Point) -> Point {
        func axis(_ value: Double, _ v: Double, _ start: Double, _ page: Double, _ low: Double, _ high: Double) -> Double {
            guard page > 0 else { return value }
            let current = value / page
            var index: Double
            if v > 300 { index = current.rounded(.down) + 1 } else if v < -300 { index = current.rounded(.up) - 1 } else { index = current.rounded() }
            let startIndex = (start / page).rounded()
            index = min(max(index, startIndex - 1), startIndex + 1)
            return min(max(index * page, low), high)
        }
        let low = minimumContentOffset, high = maximumContentOffset
        let start = scrolling.dragStart
        return Point(x: axis(offset.x, velocity.x, start.x, bounds.width, low.x, high.x),
                     y: axis(offset.y, velocity.y, start.y, bounds.height, low.y, high.y))
    }

    // MARK: The frame clock

    /// Attaches the scroll view's display link (made once, kept detached while nothing moves).
    /// Out of an app, a motion jumps to its end.
    func startScrollingDisplayLink() {
        guard let application = window?.application else {
            if scrolling.motion != .none { finishMotionAtOnce() }
            return
        }
        guard !scrolling.isLinkAttached else { return }
        let link: DisplayLink
        if let existing = scrolling.displayLink {
            link = existing
        } else {
            link = DisplayLink { [weak self] link in
                // A scroll view gone while its link ran: the link goes too.
                guard let self else { return link.invalidate() }
                self.scrollingFrame(link)
            }
            scrolling.displayLink = link
        }
        scrolling.isLinkAttached = true
        link.add(to: application)
    }

    /// Out of an app there is no frame clock: the motion jumps to its end.
    private func finishMotionAtOnce() {
        switch scrolling.motion {
        case .deceleration:
            contentOffset = Point(x: scrolling.x.isActive ? clampedRest(scrolling.x, axisIsX: true) : contentOffset.x,
                                  y: scrolling.y.isActive ? clampedRest(scrolling.y, axisIsX: false) : contentOffset.y)
        case .animation:
            contentOffset = scrolling.animationTo
        case .zoom:
            applyZoom(scrolling.zoomTo)
        case .none:
            break
        }
        motionDidFinish()
    }

    private func clampedRest(_ motion: AxisMotion, axisIsX: Bool) -> Double {
        let low = axisIsX ? minimumContentOffset.x : minimumContentOffset.y
        let high = axisIsX ? maximumContentOffset.x : maximumContentOffset.y
        return min(max(motion.target, low), high)
    }

    private func scrollingFrame(_ link: DisplayLink) {
        let time = link.targetTimestamp > 0 ? link.targetTimestamp : currentScrollTime
        switch scrolling.motion {
        case .none:
            break
        case .deceleration:
            var offset = contentOffset
            let low = minimumContentOffset, high = maximumContentOffset
            offset.x = step(&scrolling.x, at: time, low: low.x, high: high.x, current: offset.x)
            offset.y = step(&scrolling.y, at: time, low: low.y, high: high.y, current: offset.y)
            contentOffset = pixelAligned(offset)
            if !scrolling.x.isActive && !scrolling.y.isActive { motionDidFinish() }
        case .animation:
            let fraction = min(max((time - scrolling.animationStart) / scrolling.animationDuration, 0), 1)
            let p = AnimationCurve.easeOut.progress(atFraction: fraction, duration: scrolling.animationDuration)
            let from = scrolling.animationFrom, to = scrolling.animationTo
            contentOffset = fraction >= 1 ? to : pixelAligned(Point(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p))
            if fraction >= 1 { motionDidFinish() }
        case .zoom:
            let fraction = min(max((time - scrolling.animationStart) / scrolling.animationDuration, 0), 1)
            let p = AnimationCurve.easeOut.progress(atFraction: fraction, duration: scrolling.animationDuration)
            applyZoom(fraction >= 1 ? scrolling.zoomTo : scrolling.zoomFrom + (scrolling.zoomTo - scrolling.zoomFrom) * p)
            if fraction >= 1 { motionDidFinish() }
        }
        fadeScrollIndicators(at: time)
        detachDisplayLinkIfIdle()
    }

    /// Advances one axis to `time`: a decay that reaches an edge bounces there (a spring from
    /// the edge with the velocity it had) or, without `bounces`, stops at it.
    private func step(_ motion: inout AxisMotion, at time: Double, low: Double, high: Double, current: Double) -> Double {
        guard motion.isActive else { return current }
        var (position, velocity) = motion.state(at: time)
        guard position.isFinite, velocity.isFinite else {
            // Non-finite content geometry (an app bug) must not keep the link ticking.
            motion = AxisMotion(kind: .idle, target: current)
            return current
        }
        if motion.kind == .decay, position < low || position > high, motion.start >= low, motion.start <= high {
            let edge = position < low ? low : high
            if bounces, let hit = motion.decayTime(reaching: edge) {
                let edgeVelocity = motion.velocity * exp(motion.k * (hit - motion.startTime))
                motion = .spring(from: edge, velocity: edgeVelocity, to: edge, at: hit)
                (position, velocity) = motion.state(at: time)
            } else {
                motion = AxisMotion(kind: .idle, target: edge)
                return edge
            }
        }
        if motion.isSettled(position: position, velocity: velocity) {
            let rest = motion.target
            motion = AxisMotion(kind: .idle, target: rest)
            return rest
        }
        return position
    }

    /// The motion came to rest: the link goes (nothing ticks while idle) and the delegate hears.
    private func motionDidFinish() {
        let finished = scrolling.motion
        scrolling.motion = .none
        stopScrollingDisplayLink()
        switch finished {
        case .deceleration:
            scrolling.isDecelerating = false
            hideScrollIndicatorsSoon()
            delegate?.scrollViewDidEndDecelerating(self)
        case .animation:
            hideScrollIndicatorsSoon()
            // A scroll to the top ends with its own callback, as UIKit's status-bar tap.
            if scrolling.pendingScrollToTop { finishScrollToTop() } else { delegate?.scrollViewDidEndScrollingAnimation(self) }
        case .zoom:
            zoomAnimationDidFinish()
        case .none:
            break
        }
    }

    /// Content motion stopped: the link goes unless the indicators are still fading.
    private func stopScrollingDisplayLink() {
        detachDisplayLinkIfIdle()
    }

    /// Detaches the link when nothing moves and nothing fades: the app gets no frames for it.
    func detachDisplayLinkIfIdle() {
        guard scrolling.isLinkAttached, scrolling.motion == .none, scrolling.fadeStart == nil else { return }
        scrolling.isLinkAttached = false
        scrolling.displayLink?.detach()
    }

    /// Stops any motion where it is, telling no one (as UIKit, when a touch stops a fling, no
    /// `scrollViewDidEndDecelerating` comes).
    func stopScrollingMotion() {
        if scrolling.motion == .zoom { scrolling.isZoomBouncing = false }
        scrolling.motion = .none
        scrolling.pendingScrollToTop = false
        stopScrollingDisplayLink()
        scrolling.x = AxisMotion()
        scrolling.y = AxisMotion()
        scrolling.isDecelerating = false
    }

    /// Leaving the window: no motion, no fade, no link, no timer.
    func stopScrollingForRemoval() {
        stopScrollingMotion()
        scrolling.fadeTimer?.invalidate()
        scrolling.fadeStart = nil
        scrolling.verticalIndicator?.alpha = 0
        scrolling.horizontalIndicator?.alpha = 0
        detachDisplayLinkIfIdle()
    }

    /// Whether the content is moving by itself (momentum, bounce, animation).
    package var isMovingByItself: Bool { scrolling.motion != .none }

    /// After a touch that stopped the content lifts without a drag: content left past an edge
    /// springs back.
    func settleAfterTouch() {
        guard !scrolling.isDragging, !scrolling.isZooming, scrolling.motion == .none else { return }
        let offset = contentOffset
        let rest = clampedOffset(offset)
        guard rest != offset else { return }
        let now = currentScrollTime
        scrolling.x = rest.x == offset.x ? AxisMotion() : .spring(from: offset.x, velocity: 0, to: rest.x, at: now)
        scrolling.y = rest.y == offset.y ? AxisMotion() : .spring(from: offset.y, velocity: 0, to: rest.y, at: now)
        beginDecelerating()
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
