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
    /// How far off the screen a touch or pointer location may lie, in multiples of the screen's
    /// larger side (see `admitted(_:)`).
    package static let inputReach = 4.0
    /// The most a wheel or touchpad scrolls in one event, in multiples of the screen's larger side.
    package static let wheelReach = 1.0
    /// The largest acceleration a sample may report on an axis, in g: the widest range of the
    /// MEMS accelerometers panels carry (±2, 4, 8 or 16 g).
    package static let maximumAcceleration = 16.0
    /// The most detents an encoder may turn in one event: far beyond any hand, and far from
    /// `Int.min`, whose magnitude does not exist as an `Int`.
    package static let maximumEncoderSteps = 1_000

    /// `input` as the application can use it, checked where it enters, so that no view, control
    /// or recognizer ever receives a value that converts badly (`Int(_:)` traps on a huge or
    /// non-finite `Double`) or overflows its arithmetic:
    /// - a NaN or infinite timestamp (a broken driver, a bad clock conversion) becomes the
    ///   clock's now, since every timer and time difference is computed from timestamps and a
    ///   non-finite one would schedule a timer that can never be met;
    /// - a touch, pointer or wheel location with a non-finite coordinate, a wheel delta or an
    ///   accelerometer component that is not finite, says nothing: the event is dropped (nil);
    /// - a finite location is kept within the screen's bounds grown by `inputReach` (4) times
    ///   the screen's larger side on every edge: a finger dragged off the panel, a calibration
    ///   a little off, still reads as far as it went, as in UIKit (a slider past its end, a
    ///   scroll view's rubber band), while no coordinate reaches thousands of screens away;
    /// - a contact's major radius is kept within 0 and the screen's larger side (not finite:
    ///   0, as when the hardware reports none);
    /// - a wheel delta is kept within ±`wheelReach` (1) screen's larger side per event, more
    ///   than any wheel or touchpad turns between two reads;
    /// - an accelerometer component is kept within ±`maximumAcceleration` (16 g), the widest
    ///   range such sensors have; an encoder turn within ±`maximumEncoderSteps` detents.
    /// Each change is logged, at the 1st, 2nd, 4th, 8th… occurrence so a device that sends
    /// nothing else cannot flood the log. The screen's bounds are read as they are when the
    /// event enters (they follow rotation and mode changes). Costs a few comparisons and no
    /// allocation per event when all is well.
    func admitted(_ input: InputEvent) -> InputEvent? {
        var input = input
        if !input.timestamp.isFinite {
            noteUnusableInput("an input event stamped \(input.timestamp) is taken as stamped now")
            input = input.stamped(clock.now)
        }
        switch input {
        case let .touchDown(identifier, location, radius, timestamp):
            guard let location = admittedLocation(location, of: "a touch") else { return nil }
            return .touchDown(identifier, location: location, majorRadius: admittedRadius(radius), timestamp: timestamp)
        case let .touchMotion(identifier, location, radius, timestamp):
            guard let location = admittedLocation(location, of: "a touch") else { return nil }
            return .touchMotion(identifier, location: location, majorRadius: admittedRadius(radius), timestamp: timestamp)
        case let .scroll(deltaX, deltaY, location, timestamp):
            guard deltaX.isFinite && deltaY.isFinite else {
                noteUnusableInput("a wheel turned by (\(deltaX), \(deltaY)) is dropped: it says nothing")
                return nil
            }
            guard let location = admittedLocation(location, of: "the pointer") else { return nil }
            let limit = Self.wheelReach * screenSide
            let delta = Point(x: min(max(deltaX, -limit), limit), y: min(max(deltaY, -limit), limit))
            if delta.x != deltaX || delta.y != deltaY {
                noteUnusableInput("a wheel turned by (\(deltaX), \(deltaY)) is taken as turned by \(delta)")
            }
            return .scroll(deltaX: delta.x, deltaY: delta.y, location: location, timestamp: timestamp)
        case let .acceleration(sample, timestamp):
            guard sample.x.isFinite && sample.y.isFinite && sample.z.isFinite else {
                noteUnusableInput("an accelerometer sample of \(sample) is dropped: it says nothing about the panel")
                return nil
            }
            let g = Self.maximumAcceleration
            let kept = Acceleration(x: min(max(sample.x, -g), g), y: min(max(sample.y, -g), g), z: min(max(sample.z, -g), g))
            if kept != sample { noteUnusableInput("an accelerometer sample of \(sample) is taken as \(kept)") }
            return .acceleration(kept, timestamp: timestamp)
        case let .encoder(.rotated(steps), timestamp):
            let kept = min(max(steps, -Self.maximumEncoderSteps), Self.maximumEncoderSteps)
            guard kept != steps else { return input }
            noteUnusableInput("an encoder turned by \(steps) detents is taken as turned by \(kept)")
            return .encoder(.rotated(kept), timestamp: timestamp)
        default:
            return input
        }
    }

    /// The screen's larger side in points (at least 1, so that the bounds below never collapse).
    private var screenSide: Double {
        let bounds = screen.bounds
        return max(bounds.width, bounds.height, 1)
    }

    /// `location` (screen points) kept within the screen grown by `inputReach` screens on every
    /// side; nil, logged, when a coordinate is not finite.
    private func admittedLocation(_ location: Point, of what: @autoclosure () -> String) -> Point? {
        guard location.x.isFinite && location.y.isFinite else {
            noteUnusableInput("\(what()) at \(location) is dropped: it says nothing")
            return nil
        }
        let bounds = screen.bounds, reach = Self.inputReach * screenSide
        let kept = Point(x: min(max(location.x, bounds.minX - reach), bounds.maxX + reach),
                         y: min(max(location.y, bounds.minY - reach), bounds.maxY + reach))
        if kept != location { noteUnusableInput("\(what()) at \(location) is taken at \(kept), \(Self.inputReach) screens away") }
        return kept
    }

    /// A contact's major radius within 0 and the screen's larger side; 0 (none reported) when
    /// not finite or negative.
    private func admittedRadius(_ radius: Double) -> Double {
        if radius >= 0 && radius <= screenSide { return radius }
        let kept = radius.isFinite && radius > 0 ? screenSide : 0
        noteUnusableInput("a touch of radius \(radius) is taken as of radius \(kept)")
        return kept
    }

    private func noteUnusableInput(_ what: @autoclosure () -> String) {
        unusableInputCount += 1
        // Powers of two: 1, 2, 4, 8…
        guard unusableInputCount & (unusableInputCount - 1) == 0 else { return }
        logger.warning("\(what()) (\(unusableInputCount) unusable input values so far) — check the input driver")
    }
}

extension Int {
    /// `value` rounded toward zero, as `Int(_:)` rounds, and kept within `bounds`; NaN is
    /// `bounds.lowerBound`. Unlike `Int(_:)` it never traps: what a geometry value becomes
    /// when it is turned into an index or a count of pixels, so that a huge coordinate (a view
    /// a handler scaled a million times, a finger far off) makes a far index, never a crash.
    /// Input is bounded where it enters (`Application.admitted(_:)`); this is the second line.
    package init(clamping value: Double, to bounds: ClosedRange<Int>) {
        // Both comparisons are false for NaN. Past the ends, Double(bound) may round by a few
        // units for bounds beyond 2^53, hence the clamp again in Int.
        if !(value > Double(bounds.lowerBound)) {
            self = bounds.lowerBound
        } else if value >= Double(bounds.upperBound) {
            self = bounds.upperBound
        } else {
            self = Swift.min(Swift.max(Int(value), bounds.lowerBound), bounds.upperBound)
        }
    }
}
