import VitrineGraphics

// The wheel and the keyboard. The window delivers a wheel turn to the view under the pointer
// and it travels up the responder chain to the first scroll view that can scroll along it; keys
// go to the first responder and up the chain, so a scroll view scrolls for keys when it is the
// first responder or contains it. Both clamp to the content (no bounce), as on a desktop.

/// The keys a scroll view handles (Linux key codes, KEY_* of linux/input-event-codes.h).
enum ScrollKey: Int, CaseIterable {
    case up = 103, pageUp = 104, left = 105, right = 106, down = 108, pageDown = 109, home = 102, end = 107

    var bit: UInt16 {
        switch self {
        case .up: 1
        case .pageUp: 2
        case .left: 4
        case .right: 8
        case .down: 16
        case .pageDown: 32
        case .home: 64
        case .end: 128
        }
    }
}

extension ScrollView {
    /// How far an arrow key scrolls, in points.
    public static let keyLineStep = 40.0

    /// Scrolls by a wheel turn; false when the view cannot scroll along any axis the turn has
    /// (so it goes on to an enclosing scroll view).
    func scroll(byWheel delta: Point) -> Bool {
        guard isScrollEnabled, delta.x.isFinite, delta.y.isFinite else { return false }
        let low = minimumContentOffset, high = maximumContentOffset
        let alongX = delta.x != 0 && high.x > low.x
        let alongY = delta.y != 0 && high.y > low.y
        guard alongX || alongY else { return false }
        if isMovingByItself { stopScrollingMotion() }
        var offset = contentOffset
        if alongX { offset.x += delta.x }
        if alongY { offset.y += delta.y }
        let clamped = clampedOffset(offset)
        if clamped != contentOffset {
            contentOffset = clamped
            flashScrollIndicators()
        }
        return true
    }

    /// Scrolls for arrows, Page Up/Down, Home and End; true when every press of `presses` was
    /// one of them along an axis this view scrolls (then the presses stop here).
    func handleScrollKeys(_ presses: PressSet, phase: Press.Phase) -> Bool {
        var mask: UInt16 = 0
        for press in presses {
            guard let key = ScrollKey(rawValue: press.keyCode) else { return false }
            mask |= key.bit
        }
        guard mask != 0 else { return false }
        switch phase {
        case .began, .changed:
            if phase == .changed && scrolling.heldKeys & mask != mask { return false }
            guard isScrollEnabled else { return false }
            var offset = scrolling.motion == .animation ? scrolling.animationTo : contentOffset
            for press in presses {
                guard let key = ScrollKey(rawValue: press.keyCode), let moved = keyTarget(key, from: offset) else {
                    return false
                }
                offset = moved
            }
            scrolling.heldKeys |= mask
            let clamped = clampedOffset(offset)
            if clamped != contentOffset { setContentOffset(clamped, animated: true) }
            return true
        default:
            guard scrolling.heldKeys & mask == mask else { return false }
            scrolling.heldKeys &= ~mask
            return true
        }
    }

    /// Where `key` takes the content from `offset`; nil when this view does not scroll along
    /// the key's axis.
    private func keyTarget(_ key: ScrollKey, from offset: Point) -> Point? {
        let low = minimumContentOffset, high = maximumContentOffset
        let vertical = high.y > low.y, horizontal = high.x > low.x
        let page = max(bounds.height - ScrollView.keyLineStep, ScrollView.keyLineStep)
        var result = offset
        switch key {
        case .up, .down, .pageUp, .pageDown, .home, .end:
            guard vertical else { return nil }
        case .left, .right:
            guard horizontal else { return nil }
        }
        switch key {
        case .up: result.y -= ScrollView.keyLineStep
        case .down: result.y += ScrollView.keyLineStep
        case .pageUp: result.y -= page
        case .pageDown: result.y += page
        case .home: result.y = low.y
        case .end: result.y = high.y
        case .left: result.x -= ScrollView.keyLineStep
        case .right: result.x += ScrollView.keyLineStep
        }
        return clampedOffset(result)
    }
}
