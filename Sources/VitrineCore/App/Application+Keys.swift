extension Application {
    // MARK: Keys

    /// A key (not a transport key, see `remoteControlKey`) of `device` changed. Presses are
    /// served from `pressPool` and delivered in its one reused `PressesEvent`, so a key event
    /// allocates nothing once warm:
    ///
    /// - a press of a key not held takes a free press and is delivered as `began`; with every
    ///   slot held it is ignored (counted in `pressPool.ignoredPressCount`, logged once);
    /// - a press of a key held is auto-repeat (evdev's value 2, or a source repeating): `changed`;
    /// - a release of a key held is `ended`, and its press goes back to the pool; a release of a
    ///   key not held (one cancelled, ignored, or pressed before the app started) is ignored.
    ///
    /// The characters and modifiers are those of the `began`.
    func key(_ code: Int, state: KeyState, characters: String, modifiers: KeyModifiers, device: Int,
             timestamp: Double) {
        let press: Press
        switch state {
        case .pressed:
            if let held = pressPool.heldPress(forKey: code) {
                held.phase = .changed
                press = held
            } else {
                guard let fresh = pressPool.acquire(keyCode: code) else { return }
                fresh.phase = .began
                fresh.characters = characters
                fresh.modifiers = modifiers
                fresh.device = device
                press = fresh
            }
        case .released:
            guard let held = pressPool.heldPress(forKey: code) else { return }
            held.phase = .ended
            press = held
        }
        press.timestamp = timestamp
        deliverPresses(1 << UInt64(press.poolIndex), timestamp: timestamp)
    }

    /// Cancels every held key: the first responder hears `pressesCancelled` once, with all of
    /// them, and the pool is empty afterwards. A later release of those keys is ignored and
    /// pressing one again begins a new press. What a vanished keyboard, a session switch and a
    /// closed lid do (the mirror of `cancelAllTouches()`); calling it with no key held does
    /// nothing.
    public func cancelAllPresses() {
        cancelPresses(timestamp: clock.now) { _ in true }
    }

    /// Cancels the held keys for which `matches` is true (those of a removed device), each once:
    /// a press already ended or cancelled, even one whose delivery is under way (a handler
    /// cancelling again), is not delivered again.
    func cancelPresses(timestamp: Double, where matches: (Press) -> Bool) {
        var mask: UInt64 = 0
        for press in pressPool.activePresses where press.isHeld && matches(press) {
            press.phase = .cancelled
            press.timestamp = timestamp
            mask |= 1 << UInt64(press.poolIndex)
        }
        guard mask != 0 else { return }
        deliverPresses(mask, timestamp: timestamp)
    }

    /// Sends the presses of `mask` in the reused event, then gives back those that ended or
    /// were cancelled (a handler may have cancelled others meanwhile: those went back already).
    private func deliverPresses(_ mask: UInt64, timestamp: Double) {
        let event = pressPool.event
        event.timestamp = timestamp
        event.pressMask = mask
        sendEvent(event)
        event.pressMask = 0
        var finished: UInt64 = 0
        for press in PressSet(storage: pressPool.storage, mask: mask) where !press.isHeld {
            finished |= 1 << UInt64(press.poolIndex)
        }
        pressPool.release(mask: finished)
    }
}
