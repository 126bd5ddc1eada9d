/// Turns a stream of accelerometer samples into the phases of a shake, as UIKit reports them:
/// `began` at the first jolt, then `ended` once the motion settles if it was a shake, or
/// `cancelled` if it turned out not to be one (a single bump, a knock on the case). The app
/// hears only that a shake started and stopped; samples never reach it.
///
/// Method: gravity is estimated by a low-pass filter, and the rest — the acceleration the hand
/// adds — is compared with `threshold`. Each time it rises above the threshold is a *jolt*.
/// A motion begins at the first jolt and settles when no jolt has come for `settleTime`; it was
/// a shake when it had at least `minimumJolts` jolts spread over at least `minimumDuration`.
/// After a shake, `quietPeriod` passes before another motion can begin, so the tail of one
/// shake is not taken for the next.
///
/// A value type with no storage beyond its fields: feeding it allocates nothing.
public struct ShakeDetector: Sendable, Hashable {
    /// The tunable parameters; a board profile sets them.
    public struct Configuration: Sendable, Hashable {
        /// Acceleration beyond gravity, in g, that counts as a jolt.
        public var threshold: Double
        /// Seconds from the first to the last jolt of a shake, at least.
        public var minimumDuration: Double
        /// Jolts a shake has, at least (a bump and its rebound make two).
        public var minimumJolts: Int
        /// Seconds without a jolt after which the motion is over.
        public var settleTime: Double
        /// Seconds after a shake during which no new motion begins.
        public var quietPeriod: Double
        /// Time constant of the gravity estimate, in seconds.
        public var gravityTimeConstant: Double

        /// Creates a configuration. The defaults take a deliberate shake of a handheld or
        /// wall-mounted panel (three or more jolts of 0.8 g over 0.3 s) and not a tap on the
        /// glass or a door slammed nearby.
        public init(threshold: Double = 0.8, minimumDuration: Double = 0.3, minimumJolts: Int = 3,
                    settleTime: Double = 0.25, quietPeriod: Double = 1.0, gravityTimeConstant: Double = 0.4) {
            self.threshold = threshold
            self.minimumDuration = minimumDuration
            self.minimumJolts = minimumJolts
            self.settleTime = settleTime
            self.quietPeriod = quietPeriod
            self.gravityTimeConstant = gravityTimeConstant
        }
    }

    /// The parameters in use.
    public var configuration: Configuration

    private var gravity: Acceleration?
    private var lastTimestamp = 0.0
    private var wasAbove = false
    private var motionStart: Double?
    private var lastJolt = 0.0
    private var jolts = 0
    private var quietUntil = -Double.infinity

    /// Creates a detector with `configuration`.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Whether a motion has begun and not yet ended or been cancelled.
    public var isInMotion: Bool { motionStart != nil }

    /// Feeds one sample taken at `timestamp` (seconds, increasing). Returns the phase that
    /// this sample starts or ends, if any.
    public mutating func add(_ sample: Acceleration, at timestamp: Double) -> MotionPhase? {
        guard var gravity else {
            self.gravity = sample
            lastTimestamp = timestamp
            return nil
        }
        let dt = max(0, timestamp - lastTimestamp)
        lastTimestamp = timestamp
        let linear = Acceleration(x: sample.x - gravity.x, y: sample.y - gravity.y, z: sample.z - gravity.z)
        // The filter follows slowly, so a shake barely moves the gravity estimate.
        let alpha = dt / (configuration.gravityTimeConstant + dt)
        gravity.x += (sample.x - gravity.x) * alpha
        gravity.y += (sample.y - gravity.y) * alpha
        gravity.z += (sample.z - gravity.z) * alpha
        self.gravity = gravity

        let isAbove = linear.magnitude >= configuration.threshold
        let isJolt = isAbove && !wasAbove
        wasAbove = isAbove

        if let start = motionStart {
            if isJolt {
                jolts += 1
                lastJolt = timestamp
                return nil
            }
            guard !isAbove, timestamp - lastJolt >= configuration.settleTime else { return nil }
            motionStart = nil
            let wasShake = jolts >= configuration.minimumJolts && lastJolt - start >= configuration.minimumDuration
            if wasShake { quietUntil = timestamp + configuration.quietPeriod }
            return wasShake ? .ended : .cancelled
        }
        guard isJolt, timestamp >= quietUntil else { return nil }
        motionStart = timestamp
        lastJolt = timestamp
        jolts = 1
        return .began
    }

    /// Forgets the motion in progress and the gravity estimate (the sensor stopped). Returns
    /// `.cancelled` when a motion had begun, so its listeners hear that it ended.
    public mutating func reset() -> MotionPhase? {
        let phase: MotionPhase? = motionStart == nil ? nil : .cancelled
        gravity = nil
        motionStart = nil
        wasAbove = false
        jolts = 0
        return phase
    }
}
