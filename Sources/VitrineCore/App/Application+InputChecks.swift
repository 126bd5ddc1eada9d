import VitrineGraphics

extension InputEvent {
    /// When the event happened, in seconds on the run loop's clock.
    var timestamp: Double {
        switch self {
        case let .touchDown(_, _, _, timestamp), let .touchMotion(_, _, _, timestamp),
             let .touchUp(_, timestamp), let .touchCancel(_, timestamp), let .touchFrame(timestamp),
             let .deviceRemoved(_, timestamp), let .keyboardAttached(_, timestamp), let .key(_, _, _, _, _, timestamp),
             let .switchToggled(_, _, timestamp), let .scroll(_, _, _, timestamp),
             let .acceleration(_, timestamp), let .encoder(_, timestamp):
            timestamp
        case let .scan(scan): scan.timestamp
        }
    }

    /// The same event at `timestamp`.
    func stamped(_ timestamp: Double) -> InputEvent {
        switch self {
        case let .touchDown(identifier, location, radius, _):
            .touchDown(identifier, location: location, majorRadius: radius, timestamp: timestamp)
        case let .touchMotion(identifier, location, radius, _):
            .touchMotion(identifier, location: location, majorRadius: radius, timestamp: timestamp)
        case let .touchUp(identifier, _): .touchUp(identifier, timestamp: timestamp)
        case let .touchCancel(identifier, _): .touchCancel(identifier, timestamp: timestamp)
        case .touchFrame: .touchFrame(timestamp: timestamp)
        case let .deviceRemoved(device, _): .deviceRemoved(device: device, timestamp: timestamp)
        case let .keyboardAttached(device, _): .keyboardAttached(device: device, timestamp: timestamp)
        case let .key(code, state, characters, modifiers, device, _):
            .key(code: code, state: state, characters: characters, modifiers: modifiers, device: device, timestamp: timestamp)
        case let .switchToggled(kind, isOn, _): .switchToggled(kind, isOn: isOn, timestamp: timestamp)
        case let .scroll(deltaX, deltaY, location, _):
            .scroll(deltaX: deltaX, deltaY: deltaY, location: location, timestamp: timestamp)
        case let .acceleration(sample, _): .acceleration(sample, timestamp: timestamp)
        case let .encoder(input, _): .encoder(input, timestamp: timestamp)
        case let .scan(scan):
            .scan(Scan(code: scan.code, scanner: scan.scanner, ending: scan.ending, isTruncated: scan.isTruncated,
                       timestamp: timestamp))
        }
    }
}

extension Application {
    /// `input` as the application can use it, checked where it enters: a NaN or infinite
    /// timestamp (a broken driver, a bad clock conversion) becomes the clock's now, since every
    /// timer and time difference is computed from timestamps and a non-finite one would
    /// schedule a timer that can never be met; an accelerometer sample with a non-finite
    /// component is dropped (nil), as it says nothing about the panel. Each is logged, at the
    /// 1st, 2nd, 4th, 8th… occurrence so a device that sends nothing else cannot flood the log.
    /// Costs one comparison per event when all is well.
    func admitted(_ input: InputEvent) -> InputEvent? {
        var input = input
        if !input.timestamp.isFinite {
            noteUnusableInput("an input event stamped \(input.timestamp) is taken as stamped now")
            input = input.stamped(clock.now)
        }
        if case let .acceleration(sample, _) = input, !(sample.x.isFinite && sample.y.isFinite && sample.z.isFinite) {
            noteUnusableInput("an accelerometer sample of \(sample) is dropped: it says nothing about the panel")
            return nil
        }
        return input
    }

    private func noteUnusableInput(_ what: @autoclosure () -> String) {
        unusableInputCount += 1
        // Powers of two: 1, 2, 4, 8…
        guard unusableInputCount & (unusableInputCount - 1) == 0 else { return }
        logger.warning("\(what()) (\(unusableInputCount) unusable input events so far) — check the input driver")
    }
}
