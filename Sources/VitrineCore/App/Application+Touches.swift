import VitrineGraphics

// Touches: from input events to one event per touch frame, and the rule that every touch that
// began ends or is cancelled exactly once (a cancellation asked for during a delivery waits
// until it is over). The state these share lives in Application.swift.
extension Application {
    // MARK: Touches

    /// The window new touches go to: the key window, else the front-most visible one (windows
    /// are full-screen on a kiosk, so no point is needed to choose).
    package func touchTargetWindow() -> Window? {
        if let keyWindow, !keyWindow.isHidden { return keyWindow }
        return windows.last { !$0.isHidden }
    }

    package func touchDown(_ identifier: TouchIdentifier, at location: Point, majorRadius: Double, timestamp: Double) {
        if touchPool.liveTouch(identifier) != nil {
            // A down for a finger that is down already: the source lost an up; treat as motion.
            touchMoved(identifier, to: location, majorRadius: majorRadius, timestamp: timestamp)
            return
        }
        guard let window = overlayWindow(at: location) ?? touchTargetWindow(), let event = touchEvent else { return }
        guard let touch = touchPool.acquire(identifier) else { return }
        let inWindow = window.convertFromScreen(location)
        touch.timestamp = timestamp
        touch.locationInWindow = inWindow
        touch.previousLocationInWindow = inWindow
        touch.initialLocationInWindow = inWindow
        touch.majorRadius = majorRadius
        touch.window = window
        touch.phase = .began
        touch.changedThisFrame = true
        if let lastTap, timestamp - lastTap.time <= multipleTapInterval,
           inWindow.distance(to: lastTap.location) <= multipleTapDistance {
            touch.tapCount = lastTap.count + 1
        }
        let bit: UInt64 = 1 << UInt64(touch.poolIndex)
        liveMask |= bit
        event.timestamp = timestamp
        guard let hit = window.hitTest(inWindow, with: event) else { return }
        touch.view = hit
        if isExcludedByExclusiveTouch(touch, hit: hit) {
            // Neither the view nor its recognizers hear of this finger.
            touch.viewDelivery = .finished
            return
        }
        if !hit.isMultipleTouchEnabled && otherLiveTouch(of: hit, than: touch) {
            touch.viewDelivery = .finished
        }
        window.collectRecognizers(for: touch, storage: touchPool.storage)
    }

    func otherLiveTouch(of view: View, than touch: Touch) -> Bool {
        for other in TouchSet(storage: touchPool.storage, mask: liveMask) where other !== touch {
            if other.view === view && other.phase != .ended && other.phase != .cancelled
                && other.viewDelivery != .finished { return true }
        }
        return false
    }

    func isExcludedByExclusiveTouch(_ touch: Touch, hit: View) -> Bool {
        for other in TouchSet(storage: touchPool.storage, mask: liveMask) where other !== touch {
            guard let otherView = other.view, otherView !== hit, other.window === touch.window,
                  other.phase != .ended, other.phase != .cancelled, other.viewDelivery != .finished else { continue }
            if otherView.isExclusiveTouch || hit.isExclusiveTouch { return true }
        }
        return false
    }

    func touchMoved(_ identifier: TouchIdentifier, to location: Point, majorRadius: Double, timestamp: Double) {
        guard let touch = touchPool.liveTouch(identifier), let window = touch.window else { return }
        let inWindow = window.convertFromScreen(location)
        if !touch.changedThisFrame { touch.previousLocationInWindow = touch.locationInWindow }
        touch.locationInWindow = inWindow
        if majorRadius > 0 { touch.majorRadius = majorRadius }
        touch.timestamp = timestamp
        // A finger that went down in this very frame is still "began"; otherwise it moved.
        if !(touch.phase == .began && touch.changedThisFrame) { touch.phase = .moved }
        touch.changedThisFrame = true
        if inWindow.distance(to: touch.initialLocationInWindow) > tapSlop { touch.movedBeyondTapSlop = true }
    }

    package func touchEnded(_ identifier: TouchIdentifier, phase: Touch.Phase, timestamp: Double) {
        guard let touch = touchPool.liveTouch(identifier) else { return }
        if touch.phase == .began && touch.changedThisFrame {
            // Down and up in one frame: the down is delivered first, as its own event.
            deliverTouchFrame(timestamp: touch.timestamp)
            // Its handlers may have cancelled it (then it has ended already, and may be free).
            guard touchPool.liveTouch(identifier) === touch else { return }
        }
        touch.phase = phase
        touch.timestamp = timestamp
        touch.changedThisFrame = true
        if phase == .ended && !touch.movedBeyondTapSlop {
            lastTap = (touch.initialLocationInWindow, timestamp, touch.tapCount)
        } else {
            lastTap = nil
        }
    }

    /// Delivers the frame of touch changes collected since the last one, as one event.
    package func deliverTouchFrame(timestamp: Double) {
        guard let event = touchEvent else { return }
        var changed = false
        for touch in TouchSet(storage: touchPool.storage, mask: liveMask) {
            if touch.changedThisFrame {
                changed = true
            } else if touch.phase == .began || touch.phase == .moved {
                touch.phase = .stationary
            }
        }
        guard changed else { return }
        event.timestamp = timestamp
        event.touchMask = liveMask
        touchDeliveryDepth += 1
        sendEvent(event)
        touchDeliveryDepth -= 1
        for touch in TouchSet(storage: touchPool.storage, mask: liveMask) {
            touch.changedThisFrame = false
            if touch.phase == .ended || touch.phase == .cancelled {
                liveMask &= ~(1 << UInt64(touch.poolIndex))
            }
        }
        event.touchMask = liveMask
        releaseFinishedTouches()
        runPendingCancellations()
    }

    /// Runs `body`, which hands touches to app code, as part of a delivery: cancellations it
    /// asks for wait until the outermost delivery is done (see `touchDeliveryDepth`).
    func deliveringTouches(_ body: () -> Void) {
        touchDeliveryDepth += 1
        body()
        touchDeliveryDepth -= 1
        runPendingCancellations()
    }

    /// Cancels what was asked for during a delivery, now that it is over. A handler of these
    /// cancellations may ask for more; each round cancels only touches that had not ended, so
    /// it ends.
    func runPendingCancellations() {
        while touchDeliveryDepth == 0 && hasPendingCancellation {
            let mask = pendingCancelMask, resetsArena = pendingCancelResetsArena
            pendingCancelMask = 0
            pendingCancelResetsArena = false
            hasPendingCancellation = false
            cancelTouches(timestamp: pendingCancelTimestamp, resettingArena: resetsArena) {
                mask & (1 << UInt64($0.poolIndex)) != 0
            }
        }
    }

    /// Returns to the pool the touches that have ended and whose views have heard all of it.
    func releaseFinishedTouches() {
        var bits = touchPool.inUseMask & ~liveMask
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            let touch = touchPool.storage[index]
            switch touch.viewDelivery {
            case .beganDelayed, .endedDelayed: continue
            default: touchPool.release(touch)
            }
        }
    }

    /// Cancels every active touch: each view holding touches gets `touchesCancelled` once,
    /// recognizers are cancelled or failed, and the pool is empty afterwards. What a session
    /// switch, a closed lid or a vanished device does.
    public func cancelAllTouches() {
        cancelTouches(timestamp: clock.now) { _ in true }
    }

    /// Cancels the touches `matches` picks. With `resettingArena` (a system cancellation:
    /// `cancelAllTouches`, a device gone), once no finger is left every recognizer still
    /// deciding is cancelled and the tap count forgotten; without it (a subtree leaving its
    /// window) only that subtree's recognizers are, so a double tap elsewhere keeps waiting.
    func cancelTouches(timestamp: Double, resettingArena: Bool = true, where matches: (Touch) -> Bool) {
        if touchDeliveryDepth > 0 {
            // Asked for by a handler during a delivery: the touches are chosen now (the handler
            // may be removing their view) and cancelled once the delivery is over.
            for touch in touchPool.activeTouches where !isOver(touch) && matches(touch) {
                pendingCancelMask |= 1 << UInt64(touch.poolIndex)
            }
            pendingCancelTimestamp = max(pendingCancelTimestamp, timestamp)
            pendingCancelResetsArena = pendingCancelResetsArena || resettingArena
            hasPendingCancellation = true
            return
        }
        // Changes not yet delivered go first, so views hear began before cancelled.
        if TouchSet(storage: touchPool.storage, mask: liveMask).contains(where: \.changedThisFrame) {
            deliverTouchFrame(timestamp: timestamp)
        }
        // Touches already lifted whose end a recognizer still holds: the view hears "cancelled".
        for window in windows { window.cancelHeldTouches(matching: matches) }
        var any = false
        for touch in TouchSet(storage: touchPool.storage, mask: liveMask) where matches(touch) {
            touch.phase = .cancelled
            touch.timestamp = timestamp
            touch.changedThisFrame = true
            any = true
        }
        if any { deliverTouchFrame(timestamp: timestamp) }
        if liveMask == 0 && resettingArena {
            for window in windows { window.cancelAllRecognizers() }
            lastTap = nil
        }
        for window in windows { window.abandonLeavingRecognizers() }
        releaseFinishedTouches()
    }

    /// Whether `touch` has nothing left to cancel: it ended or was cancelled, and its view has
    /// heard all of it (or never will).
    func isOver(_ touch: Touch) -> Bool {
        guard touch.phase == .ended || touch.phase == .cancelled else { return false }
        switch touch.viewDelivery {
        case .beganDelayed, .endedDelayed: return false
        default: return true
        }
    }

    /// Cancels the touches of `window` whose view is `root` or inside it, and fails the
    /// recognizers of that subtree: what happens when the subtree leaves the window (removed,
    /// covered by a presentation, the window hidden). During a delivery it happens once the
    /// delivery is over.
    func cancelTouches(leaving root: View, window: Window) {
        window.markLeavingRecognizers(in: root)
        cancelTouches(timestamp: clock.now, resettingArena: false) { touch in
            guard touch.window === window, let view = touch.view else { return false }
            return view.isDescendant(of: root)
        }
    }
}

extension Window {
    /// Converts a point of the screen (points) to this window's space.
    package func convertFromScreen(_ point: Point) -> Point {
        point.applying(transformToSuperview.inverted())
    }

    /// Touches already lifted whose `touchesEnded` a recognizer still holds: their views hear
    /// `touchesCancelled` instead; touches whose began was held are dropped.
    func cancelHeldTouches(matching matches: (Touch) -> Bool) {
        guard let application, let event = application.touchEvent else { return }
        let storage = event.touchStorage
        var cancelled: UInt64 = 0
        for touch in application.touchPool.activeTouches where touch.window === self && matches(touch) {
            guard touch.phase == .ended || touch.phase == .cancelled else { continue }
            switch touch.viewDelivery {
            case .endedDelayed:
                touch.viewDelivery = .finished
                cancelled |= 1 << UInt64(touch.poolIndex)
            case .beganDelayed:
                touch.viewDelivery = .finished
            default:
                break
            }
        }
        guard cancelled != 0 else { return }
        let touches = TouchSet(storage: storage, mask: cancelled)
        var seen: UInt64 = 0
        application.deliveringTouches {
            for touch in touches where seen & (1 << UInt64(touch.poolIndex)) == 0 {
                let same = touches.subset { $0.view === touch.view }
                seen |= same.mask
                touch.view?.touchesCancelled(same, with: event)
            }
        }
    }
}
