import VitrineGraphics

/// Recognizes fingers dragging across the screen (UIKit's `UIPanGestureRecognizer`);
/// continuous.
///
/// The pan begins once the centroid of its fingers has moved more than `hysteresis` points
/// (window space) from where they touched down, with at least `minimumNumberOfTouches`
/// fingers down; it changes on every move after that and ends when fewer than
/// `minimumNumberOfTouches` fingers remain. If every finger lifts before it began, it fails.
///
/// The translation is the motion of the fingers' centroid since they touched down (so it
/// already holds the hysteresis distance when the pan begins, and content dragged by it stays
/// under the finger). A finger joining or leaving changes the centroid but not the
/// translation: each event moves the translation by the mean displacement of the fingers that
/// were down before it. Fingers beyond `maximumNumberOfTouches` are ignored (their views keep
/// them).
open class PanGestureRecognizer: GestureRecognizer {
    /// Fewest fingers that must be down for the pan to begin (and to go on). Default 1.
    public var minimumNumberOfTouches = 1
    /// Most fingers the pan tracks; further fingers are ignored. Default `Int.max`.
    public var maximumNumberOfTouches = Int.max
    /// How far, in window points, the fingers' centroid must move before the pan begins.
    /// Default 10 (about UIKit's), so a tap with a little jitter is not a pan.
    public var hysteresis = 10.0

    /// Each tracked finger's last location (window space), by pool slot.
    private var lastLocations = ContiguousArray<Point>(repeating: .zero, count: 64)
    /// The centroid's motion since touch-down, window space; `setTranslation` does not touch it.
    private var rawTranslation = Point.zero
    /// What `setTranslation` added: the reported translation is `rawTranslation + offset`.
    private var translationOffset = Point.zero
    private var sampler = VelocitySampler()
    /// The newest touch timestamp seen (the time velocity is asked at).
    private var lastEventTime = 0.0
    /// True once the pan asked to begin (it may still be waiting for a failure requirement).
    private var hasBegun = false

    /// The translation of the pan in `view`'s coordinate space (the window's when nil): how far
    /// the fingers' centroid moved since they touched down, or since the last `setTranslation`.
    public func translation(in view: View?) -> Point {
        vector(rawTranslation + translationOffset, toSpaceOf: view)
    }

    /// Makes the translation read `translation` (in `view`'s space; the window's when nil)
    /// from now on, as UIKit's; apps reset it to zero to get increments. Velocity is unaffected.
    public func setTranslation(_ translation: Point, in view: View?) {
        translationOffset = vector(translation, fromSpaceOf: view) - rawTranslation
    }

    /// The velocity of the fingers' centroid in `view`'s coordinate space (the window's when
    /// nil), in points per second, measured over the last 0.1 s of touch timestamps; zero when
    /// the fingers have rested longer than that.
    public func velocity(in view: View?) -> Point {
        let v = sampler.velocity(at: lastEventTime)
        return vector(Point(x: v.x, y: v.y), toSpaceOf: view)
    }

    // MARK: Touches

    /// Takes fingers up to `maximumNumberOfTouches` (ignoring the rest) without moving the translation.
    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        var accepted = numberOfTouches - touches.count
        for touch in touches {
            if accepted >= maximumNumberOfTouches {
                ignore(touch, for: event)
                continue
            }
            accepted += 1
            lastLocations[touch.poolIndex] = touch.locationInWindow
            lastEventTime = max(lastEventTime, touch.timestamp)
        }
        // The first fingers down start the history; a finger joining later adds no sample
        // (the others may be in mid-motion between two reports).
        if numberOfTouches > 0 && numberOfTouches == touches.count {
            sampler.add(time: lastEventTime, x: rawTranslation.x, y: rawTranslation.y)
        }
    }

    /// Follows the centroid; begins past the hysteresis, then reports `.changed`.
    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        follow(touches)
        if hasBegun {
            state = .changed
        } else if numberOfTouches >= minimumNumberOfTouches,
                  rawTranslation.x * rawTranslation.x + rawTranslation.y * rawTranslation.y > hysteresis * hysteresis {
            hasBegun = true
            state = .began
        }
    }

    /// Ends below `minimumNumberOfTouches` once begun; fails when every finger lifted before.
    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        // The lift's frame may carry a last motion.
        follow(touches)
        let remaining = numberOfTouches - touches.count
        if hasBegun {
            if remaining < minimumNumberOfTouches { state = .ended }
        } else if remaining == 0 {
            state = .failed
        }
    }

    /// Clears the translation, its offset and the velocity history.
    open override func reset() {
        super.reset()
        rawTranslation = .zero
        translationOffset = .zero
        sampler.reset()
        lastEventTime = 0
        hasBegun = false
    }

    // MARK: Private

    /// Moves the translation by the mean displacement of `touches` over the fingers that were
    /// down before this event (a finger that touched down in it contributes nothing, so joining
    /// fingers make no jump).
    private func follow(_ touches: TouchSet) {
        var dx = 0.0, dy = 0.0
        var moved = false
        for touch in touches {
            let location = touch.locationInWindow
            let last = lastLocations[touch.poolIndex]
            if location != last { moved = true }
            dx += location.x - last.x
            dy += location.y - last.y
            lastLocations[touch.poolIndex] = location
            lastEventTime = max(lastEventTime, touch.timestamp)
        }
        // A lift without motion adds no sample: it would read as the fingers slowing down.
        guard moved else { return }
        var before = 0
        for touch in trackedTouches where touch.phase != .began { before += 1 }
        if before > 0 {
            rawTranslation = Point(x: rawTranslation.x + dx / Double(before), y: rawTranslation.y + dy / Double(before))
        }
        sampler.add(time: lastEventTime, x: rawTranslation.x, y: rawTranslation.y)
    }

    /// Maps a window-space vector into `view`'s space (translation is dropped).
    private func vector(_ v: Point, toSpaceOf view: View?) -> Point {
        guard let view else { return v }
        return view.convert(v, from: nil) - view.convert(Point.zero, from: nil)
    }

    /// Maps a vector of `view`'s space into window space.
    private func vector(_ v: Point, fromSpaceOf view: View?) -> Point {
        guard let view else { return v }
        return view.convert(v, to: nil) - view.convert(Point.zero, to: nil)
    }
}

/// The recent history of a quantity (one or two components) with its touch timestamps, for
/// velocities: a fixed ring, allocated once, so sampling on every touch event allocates nothing.
///
/// The velocity is the change between the newest sample and the oldest one no more than
/// `window` seconds older (or, when none is, the one just before the newest), divided by the
/// time between them; it is zero when the newest sample is more than `window` older than the
/// time asked about (the fingers rested before lifting).
struct VelocitySampler {
    private struct Sample {
        var time: Double
        var x: Double
        var y: Double
    }

    static let capacity = 16
    /// Seconds of history a velocity is measured over.
    static let window = 0.1

    private var samples: ContiguousArray<Sample>
    /// Index of the newest sample.
    private var newest = -1
    private var count = 0

    init() {
        samples = ContiguousArray(repeating: Sample(time: 0, x: 0, y: 0), count: VelocitySampler.capacity)
    }

    mutating func reset() {
        newest = -1
        count = 0
    }

    /// Records the value (`x`, `y`) at `time`; a sample at the newest sample's time replaces it.
    mutating func add(time: Double, x: Double, y: Double) {
        if count > 0 && samples[newest].time >= time {
            samples[newest].x = x
            samples[newest].y = y
            return
        }
        newest = (newest + 1) % VelocitySampler.capacity
        samples[newest] = Sample(time: time, x: x, y: y)
        count = min(count + 1, VelocitySampler.capacity)
    }

    /// The rate of change per second, as of `now` (see the type's documentation).
    func velocity(at now: Double) -> (x: Double, y: Double) {
        guard count >= 2 else { return (0, 0) }
        let last = samples[newest]
        guard now - last.time <= VelocitySampler.window else { return (0, 0) }
        // Walk back from the sample before the newest while it stays within the window.
        var baseIndex = (newest - 1 + VelocitySampler.capacity) % VelocitySampler.capacity
        var step = 2
        while step < count {
            let candidate = (newest - step + VelocitySampler.capacity) % VelocitySampler.capacity
            if last.time - samples[candidate].time > VelocitySampler.window { break }
            baseIndex = candidate
            step += 1
        }
        let base = samples[baseIndex]
        let dt = last.time - base.time
        guard dt > 0 else { return (0, 0) }
        return ((last.x - base.x) / dt, (last.y - base.y) / dt)
    }
}
