import VitrineGraphics

// The gesture arena: which recognizer may begin, wait or must fail, what a recognizer that\n// wins or fails does to the others and to the touches held back from views, and the sweep\n// that resets finished recognizers. Split from Window.swift by role.
extension Window {
    // MARK: Gesture arena


    /// Whether two recognizers compete for the same touches.
    func compete(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.receivedMask & b.receivedMask != 0
    }

    func decision(for recognizer: GestureRecognizer) -> ArenaDecision {
        for other in activeRecognizers where other !== recognizer && compete(recognizer, other) {
            let running = other.state == .began || other.state == .changed
            if running && !recognizer.canRecognizeSimultaneously(with: other)
                && other.canPrevent(recognizer) && recognizer.canBePrevented(by: other) {
                return .fail
            }
        }
        var wait = false
        func consider(_ other: GestureRecognizer) -> ArenaDecision? {
            guard other !== recognizer, recognizer.mustWait(for: other) else { return nil }
            switch other.state {
            case .possible:
                if other.isParticipating { wait = true }
            case .began, .changed, .ended:
                return .fail
            case .failed, .cancelled:
                break
            }
            return nil
        }
        for other in activeRecognizers { if let verdict = consider(other) { return verdict } }
        for other in recognizer.explicitRequirements where !activeRecognizers.contains(where: { $0 === other }) {
            if let verdict = consider(other) { return verdict }
        }
        return wait ? .wait : .proceed
    }


    /// A recognizer began or recognized: fail what it prevents, fail what waited for it to
    /// fail, and take its touches from the views.
    func recognizerDidRecognize(_ winner: GestureRecognizer) {
        // Take the winner's touches first: failing the others below flushes the touches they
        // held, and the winner's must reach their views as cancelled, not ended.
        if winner.cancelsTouchesInView { cancelViewTouches(of: winner) }
        var index = 0
        while index < activeRecognizers.count {
            let other = activeRecognizers[index]
            index += 1
            guard other !== winner else { continue }
            if other.pendingState != nil || other.state == .possible, other.mustWait(for: winner) {
                other.setFailed()
                continue
            }
            guard compete(winner, other), !winner.canRecognizeSimultaneously(with: other),
                  winner.canPrevent(other), other.canBePrevented(by: winner) else { continue }
            other.prevent()
        }
        flushDelayedTouches()
    }

    /// A recognizer failed: those waiting for it may now proceed, and touches it held go on to
    /// their views.
    func recognizerDidFail(_ loser: GestureRecognizer) {
        var index = 0
        while index < activeRecognizers.count {
            let waiter = activeRecognizers[index]
            index += 1
            guard let pending = waiter.pendingState, waiter !== loser, waiter.mustWait(for: loser) else { continue }
            switch decision(for: waiter) {
            case .proceed: waiter.enter(pending)
            case .fail: waiter.setFailed()
            case .wait: break
            }
        }
        flushDelayedTouches()
        if !isDeliveringEvent { sweepRecognizers() }
    }

    /// A recognizer ended, was cancelled or lost its last touch.
    func recognizerDidFinishTracking(_ recognizer: GestureRecognizer) {
        flushDelayedTouches()
        if !isDeliveringEvent { sweepRecognizers() }
    }

    /// Sends `touchesCancelled` to the views holding `winner`'s touches (once per touch); touches
    /// whose began was held back are dropped silently.
    func cancelViewTouches(of winner: GestureRecognizer) {
        guard let event = application?.touchEvent else { return }
        let storage = event.touchStorage
        var cancelled: UInt64 = 0
        var bits = winner.receivedMask
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            guard index < storage.count else { continue }
            let touch = storage[index]
            guard touch.window === self, touch.recognizers.contains(where: { $0 === winner }) else { continue }
            switch touch.viewDelivery {
            case .delivering, .endedDelayed:
                touch.viewDelivery = .finished
                cancelled |= 1 << UInt64(index)
            case .beganDelayed:
                touch.viewDelivery = .finished
            case .none, .finished:
                break
            }
        }
        guard let application else { return }
        application.deliveringTouches {
            deliverToViews(storage: storage, event: event, began: 0, moved: 0, ended: 0, cancelled: cancelled)
        }
        application.releaseFinishedTouches()
    }

    /// Delivers touches that were held back and no longer are.
    func flushDelayedTouches() {
        guard let application, let event = application.touchEvent else { return }
        let storage = event.touchStorage
        var began: UInt64 = 0, ended: UInt64 = 0, cancelled: UInt64 = 0
        var bits = application.touchPool.inUseMask
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            let touch = storage[index]
            guard touch.window === self else { continue }
            let bit: UInt64 = 1 << UInt64(index)
            if touch.viewDelivery == .beganDelayed && touch.phase == .cancelled {
                // Cancelled before its view heard of it: the view never will.
                touch.viewDelivery = .finished
                continue
            }
            if touch.viewDelivery == .beganDelayed, !isHeld(touch, delayingBegan: true) {
                touch.viewDelivery = .delivering
                began |= bit
            }
            if touch.viewDelivery == .delivering && began & bit != 0 {
                if touch.phase == .ended {
                    touch.viewDelivery = .endedDelayed
                } else if touch.phase == .cancelled {
                    touch.viewDelivery = .finished
                    cancelled |= bit
                }
            }
            if touch.viewDelivery == .endedDelayed, !isHeld(touch, delayingBegan: false) {
                touch.viewDelivery = .finished
                ended |= bit
            }
        }
        guard began | ended | cancelled != 0 else { return }
        // Began and ended of one touch may go out together; deliver began first.
        application.deliveringTouches {
            deliverToViews(storage: storage, event: event, began: began, moved: 0, ended: 0, cancelled: 0)
            deliverToViews(storage: storage, event: event, began: 0, moved: 0, ended: ended, cancelled: cancelled)
        }
        if !isDeliveringEvent { application.releaseFinishedTouches() }
    }

    /// Resets recognizers that are done (ended, cancelled, failed) and have no touch left, and
    /// forgets the ones that are idle.
    func sweepRecognizers() {
        var index = 0
        while index < activeRecognizers.count {
            let recognizer = activeRecognizers[index]
            let done: Bool
            switch recognizer.state {
            case .ended, .cancelled, .failed: done = recognizer.trackedMask == 0
            case .possible: done = !recognizer.isParticipating || recognizer.view == nil
            case .began, .changed: done = recognizer.view == nil
            }
            if done {
                activeRecognizers.remove(at: index)
                if recognizer.state != .possible || recognizer.isParticipating { recognizer.resetToPossible() }
            } else {
                index += 1
            }
        }
    }
}
