#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import VitrineGraphics

/// Decides which way up the panel is from accelerometer samples, for auto-rotation: the
/// rotation that shows the picture upright (`ScreenRotation`, applied by the display and to
/// touches alike).
///
/// With `Acceleration`'s convention (the vector points away from the earth, in the panel's
/// frame), the angle of its in-plane part from the panel's top edge says which edge is up:
/// top edge up → `.none`; right edge up (the panel turned a quarter counter-clockwise) →
/// `.clockwise90`, which turns the picture back; bottom edge up → `.upsideDown`; left edge up →
/// `.clockwise270`.
///
/// Hysteresis keeps it from flapping: the panel must turn `hysteresis` degrees past the
/// half-way line (45°) between two orientations before the other one is a candidate, and the
/// candidate must hold for `settleTime` before it is reported. Samples taken while the panel
/// lies nearly flat (less than `minimumTilt` from horizontal) or while it is being moved (the
/// magnitude differs from 1 g by more than `magnitudeTolerance`) say nothing: they report
/// nothing and end the candidate's hold, since the panel did not hold still. Samples with a
/// non-finite component or timestamp are ignored and change nothing.
public struct OrientationDetector: Sendable, Hashable {
    /// The tunable parameters; a board profile sets them.
    public struct Configuration: Sendable, Hashable {
        /// Degrees past the half-way line before another orientation is a candidate.
        public var hysteresis: Double
        /// Seconds a candidate must hold before it is reported.
        public var settleTime: Double
        /// Degrees from horizontal below which the panel counts as lying flat.
        public var minimumTilt: Double
        /// How far, in g, the magnitude may stray from 1 for a sample to count as at rest.
        public var magnitudeTolerance: Double

        /// Creates a configuration.
        public init(hysteresis: Double = 15, settleTime: Double = 0.5, minimumTilt: Double = 25,
                    magnitudeTolerance: Double = 0.25) {
            self.hysteresis = hysteresis
            self.settleTime = settleTime
            self.minimumTilt = minimumTilt
            self.magnitudeTolerance = magnitudeTolerance
        }
    }

    /// The parameters in use.
    public var configuration: Configuration
    /// The orientation last reported (or the initial one).
    public private(set) var orientation: ScreenRotation
    private var candidate: ScreenRotation?
    private var candidateSince = 0.0

    /// Creates a detector that starts out at `orientation`.
    public init(orientation: ScreenRotation = .none, configuration: Configuration = Configuration()) {
        self.orientation = orientation
        self.configuration = configuration
    }

    /// Feeds one sample taken at `timestamp` (seconds). Returns the new orientation when it
    /// changes, else nil.
    ///
    /// Once a candidate exists (`candidateDeadline` is not nil), a sample at or after its
    /// deadline either reports it or ends it: feeding the same sample again at the deadline never
    /// leaves the candidate waiting for a time that has passed.
    public mutating func add(_ sample: Acceleration, at timestamp: Double) -> ScreenRotation? {
        guard timestamp.isFinite, sample.x.isFinite, sample.y.isFinite, sample.z.isFinite else { return nil }
        let magnitude = sample.magnitude
        guard abs(magnitude - 1) <= configuration.magnitudeTolerance else {
            candidate = nil
            return nil
        }
        let inPlane = (sample.x * sample.x + sample.y * sample.y).squareRoot()
        guard asin(min(1, inPlane / magnitude)) * 180 / .pi >= configuration.minimumTilt else {
            candidate = nil
            return nil
        }
        // Degrees clockwise from the panel's top edge to the edge that points up.
        let angle = atan2(sample.x, sample.y) * 180 / .pi
        let fromCurrent = Self.distance(angle, Double(orientation.rawValue))
        guard fromCurrent > 45 + configuration.hysteresis else {
            candidate = nil
            return nil
        }
        let nearest = Self.nearest(to: angle)
        if candidate != nearest {
            candidate = nearest
            candidateSince = timestamp
        }
        // Compared with the deadline as `candidateDeadline` computes it: `timestamp -
        // candidateSince` can round below the settle time at exactly the deadline.
        guard timestamp >= candidateSince + configuration.settleTime else { return nil }
        orientation = nearest
        candidate = nil
        return nearest
    }

    /// When the candidate orientation, if there is one, will have held for the settle time:
    /// feeding a sample at or after this time reports it. A sensor held still may send no
    /// more samples (evdev drops repeated values), so the application feeds the last sample
    /// again at this time.
    public var candidateDeadline: Double? {
        candidate == nil ? nil : candidateSince + configuration.settleTime
    }

    /// Makes `orientation` the current one (the app rotated by other means) and forgets any
    /// candidate.
    public mutating func reset(to orientation: ScreenRotation) {
        self.orientation = orientation
        candidate = nil
    }

    /// The angular distance between two angles in degrees, 0…180.
    private static func distance(_ a: Double, _ b: Double) -> Double {
        let d = abs((a - b).truncatingRemainder(dividingBy: 360))
        return d > 180 ? 360 - d : d
    }

    /// The orientation whose up-edge angle is nearest to `angle`.
    private static func nearest(to angle: Double) -> ScreenRotation {
        var best = ScreenRotation.none
        var bestDistance = Double.infinity
        for rotation in ScreenRotation.allCases {
            let d = distance(angle, Double(rotation.rawValue))
            if d < bestDistance { best = rotation; bestDistance = d }
        }
        return best
    }
}
