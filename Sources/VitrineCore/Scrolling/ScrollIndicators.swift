import VitrineGraphics

// Scroll indicators: two small rounded views, subviews of the scroll view placed in its bounds
// space at the visible edges (so they stay put on screen while the content moves), kept above
// the content. They appear while the content moves and fade out half a second after it rests.
// The vertical one is at the trailing edge: the right, the left in a right-to-left scroll view.

extension ScrollView {
    /// Thickness of an indicator, and its distance from the view's edges, in points.
    static let indicatorThickness = 3.0
    static let indicatorInset = 2.5
    /// The shortest an indicator gets (squeezed by a rubber band, or for very long content).
    static let indicatorMinimumLength = 36.0

    /// Whether the vertical indicator shows while scrolling. Default true.
    public var showsVerticalScrollIndicator: Bool {
        get { scrolling.showsVerticalScrollIndicator }
        set { scrolling.showsVerticalScrollIndicator = newValue; layoutScrollIndicators() }
    }

    /// Whether the horizontal indicator shows while scrolling. Default true.
    public var showsHorizontalScrollIndicator: Bool {
        get { scrolling.showsHorizontalScrollIndicator }
        set { scrolling.showsHorizontalScrollIndicator = newValue; layoutScrollIndicators() }
    }

    /// Shows the indicators briefly (UIKit's `flashScrollIndicators()`), to say there is more.
    public func flashScrollIndicators() {
        showScrollIndicators()
        hideScrollIndicatorsSoon()
    }

    /// The indicators' views (for tests and for apps that restyle them); nil until first shown.
    public var verticalScrollIndicator: View? { scrolling.verticalIndicator }
    /// See `verticalScrollIndicator`.
    public var horizontalScrollIndicator: View? { scrolling.horizontalIndicator }

    func showScrollIndicators() {
        if scrolling.verticalIndicator == nil {
            scrolling.verticalIndicator = makeIndicator()
            scrolling.horizontalIndicator = makeIndicator()
        }
        layoutScrollIndicators()
        scrolling.fadeTimer?.invalidate()
        scrolling.fadeStart = nil
        scrolling.verticalIndicator?.alpha = 1
        scrolling.horizontalIndicator?.alpha = 1
    }

    private func makeIndicator() -> View {
        let indicator = View(frame: .zero)
        indicator.isUserInteractionEnabled = false
        indicator.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.45)
        indicator.cornerRadius = ScrollView.indicatorThickness / 2
        indicator.alpha = 0
        addSubview(indicator)
        return indicator
    }

    /// Fades the indicators out after half a second (unless scrolling starts again): a timer
    /// made once and re-armed, then the scroll view's display link for the fade, so it
    /// allocates nothing once warm and nothing ticks while waiting.
    func hideScrollIndicatorsSoon() {
        guard scrolling.verticalIndicator != nil, let mainLoop = window?.application?.mainLoop else { return }
        let fireDate = mainLoop.clock.now + ScrollView.indicatorFadeDelay
        if let timer = scrolling.fadeTimer, timer.mainLoop === mainLoop {
            timer.rearm(at: fireDate)
        } else {
            scrolling.fadeTimer?.invalidate()
            let timer = LoopTimer(fireDate: fireDate) { [weak self] _ in self?.beginIndicatorFade() }
            timer.schedule(on: mainLoop)
            scrolling.fadeTimer = timer
        }
    }

    /// How long the indicators stay after scrolling stops, and how long they take to fade.
    static let indicatorFadeDelay = 0.5
    static let indicatorFadeDuration = 0.3

    private func beginIndicatorFade() {
        scrolling.fadeStart = currentScrollTime
        startScrollingDisplayLink()
    }

    /// One frame of the fade (called from the display link).
    func fadeScrollIndicators(at time: Double) {
        guard let start = scrolling.fadeStart else { return }
        let fraction = min(max((time - start) / ScrollView.indicatorFadeDuration, 0), 1)
        scrolling.verticalIndicator?.alpha = 1 - fraction
        scrolling.horizontalIndicator?.alpha = 1 - fraction
        if fraction >= 1 { scrolling.fadeStart = nil }
    }

    func keepScrollIndicatorsOnTop(after subview: View) {
        guard let vertical = scrolling.verticalIndicator, let horizontal = scrolling.horizontalIndicator,
              subview !== vertical, subview !== horizontal else { return }
        bringSubviewToFront(vertical)
        bringSubviewToFront(horizontal)
    }

    /// Places the indicators for the offset now (bounds space: at the visible edges).
    func layoutScrollIndicators() {
        guard let vertical = scrolling.verticalIndicator, let horizontal = scrolling.horizontalIndicator else { return }
        let offset = contentOffset, size = bounds.size
        let low = minimumContentOffset, high = maximumContentOffset
        let inset = ScrollView.indicatorInset, thickness = ScrollView.indicatorThickness
        let showsVertical = showsVerticalScrollIndicator && high.y > low.y
        let showsHorizontal = showsHorizontalScrollIndicator && high.x > low.x
        // Leave the corner to the other indicator when both show.
        let verticalTrack = size.height - 2 * inset - (showsHorizontal ? thickness + inset : 0)
        let horizontalTrack = size.width - 2 * inset - (showsVertical ? thickness + inset : 0)
        vertical.isHidden = !showsVertical
        horizontal.isHidden = !showsHorizontal
        // Right to left the vertical indicator is at the left edge, as UIKit's, and the corner
        // it leaves is at the horizontal one's left end; offsets themselves are not mirrored.
        let rightToLeft = isRightToLeft
        if showsVertical {
            let (start, length) = Self.indicatorSpan(offset: offset.y, low: low.y, high: high.y, visible: size.height,
                                                     track: verticalTrack)
            vertical.frame = Rect(x: offset.x + (rightToLeft ? inset : size.width - inset - thickness), y: offset.y + inset + start,
                                  width: thickness, height: length)
        }
        if showsHorizontal {
            let (start, length) = Self.indicatorSpan(offset: offset.x, low: low.x, high: high.x, visible: size.width,
                                                     track: horizontalTrack)
            let corner = rightToLeft && showsVertical ? thickness + inset : 0
            horizontal.frame = Rect(x: offset.x + inset + corner + start, y: offset.y + size.height - inset - thickness,
                                    width: length, height: thickness)
        }
    }

    /// Where along its track an indicator starts and how long it is: its length is the visible
    /// fraction of the content, shortened by how far a rubber band pulled past an edge.
    static func indicatorSpan(offset: Double, low: Double, high: Double, visible: Double,
                              track: Double) -> (start: Double, length: Double) {
        guard track > 0 else { return (0, 0) }
        let total = high - low + visible
        var length = max(min(track * visible / total, track), min(indicatorMinimumLength, track))
        let overshoot = offset < low ? low - offset : (offset > high ? offset - high : 0)
        length = max(length - overshoot, min(thickness(track), length))
        let progress = high > low ? min(max((offset - low) / (high - low), 0), 1) : 0
        return (progress * (track - length), length)
    }

    private static func thickness(_ track: Double) -> Double { min(indicatorThickness * 2, track) }
}
