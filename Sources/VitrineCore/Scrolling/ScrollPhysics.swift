#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How fast a scroll view's momentum decays (UIKit's `UIScrollView.DecelerationRate`): the
/// fraction of its velocity the content keeps after each millisecond.
public struct DecelerationRate: Hashable, Sendable, RawRepresentable {
    /// The fraction of the velocity kept per millisecond, in (0, 1).
    public var rawValue: Double

    /// A rate; values outside (0, 1) or non-finite are replaced by `.normal` (a rate of 1 or
    /// more would never stop).
    public init(rawValue: Double) {
        self.rawValue = rawValue.isFinite && rawValue > 0 && rawValue < 1 ? rawValue : 0.998
    }

    /// UIKit's normal rate, 0.998 per millisecond: a long glide.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIKit's fast rate, 0.99 per millisecond: stops quickly (paging, pickers).
    public static let fast = DecelerationRate(rawValue: 0.99)

    /// The decay constant per second: `v(t) = v0 · e^(k·t)`, `k = 1000 · ln(rate)` (negative).
    public var perSecond: Double { 1000 * log(rawValue) }

    /// How far content released at `velocity` points per *second* travels until it rests:
    /// `∫ v0·rate^(t/ms) dt = −v0 / k`. (UIKit's velocities are per millisecond:
    /// `−v_ms / ln(rate)` is the same distance.)
    public func travel(forVelocity velocity: Double) -> Double {
        -velocity / perSecond
    }
}

/// The closed forms of scroll physics, shared by the scroll view and its tests.
public enum ScrollPhysics {
    /// UIKit's rubber-band constant.
    public static let rubberBandCoefficient = 0.55

    /// How far content dragged `overshoot` points past an edge appears past it, for a view
    /// `dimension` points long in that direction: `(1 − 1/(x·c/d + 1))·d` with c = 0.55 (UIKit's
    /// formula); never more than `dimension`.
    public static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
        guard overshoot > 0, dimension > 0 else { return max(overshoot, 0) }
        return (1 - 1 / (overshoot * rubberBandCoefficient / dimension + 1)) * dimension
    }

    /// The overshoot that `rubberBand` maps to `shown` (its inverse), so a drag that starts
    /// during a bounce continues from where the content is.
    public static func rubberBandInverse(_ shown: Double, dimension: Double) -> Double {
        guard shown > 0, dimension > 0 else { return max(shown, 0) }
        let fraction = min(shown / dimension, 0.999)
        return dimension / rubberBandCoefficient * (1 / (1 - fraction) - 1)
    }

    /// The angular frequency (per second) of the critically damped spring that brings content
    /// back into range and to a page: it settles to a fraction of a point in about half a second.
    public static let springFrequency = 14.0
}

/// The motion of one axis of a scroll view after the finger lifted: a closed form of the time
/// since it started, so every frame is exact whatever the frame rate.
struct AxisMotion {
    enum Kind {
        /// At rest.
        case idle
        /// Momentum: `x(t) = start + D·(1 − e^(k·t))`, D = −v0/k.
        case decay
        /// A critically damped spring towards `target`:
        /// `x(t) = target + (x0 + (v0 + ω·x0)·t)·e^(−ω·t)`, x0 = start − target.
        case spring
    }

    var kind = Kind.idle
    /// Where the motion started (points) and when (seconds on the app's clock).
    var start = 0.0
    var startTime = 0.0
    /// The velocity at the start, points per second.
    var velocity = 0.0
    /// `decay`: the decay constant per second (negative). `spring`: unused.
    var k = 0.0
    /// Where it comes to rest.
    var target = 0.0

    var isActive: Bool { kind != .idle }

    /// Momentum from `start` at `velocity` with decay constant `k`.
    static func decay(from start: Double, velocity: Double, k: Double, at time: Double) -> AxisMotion {
        AxisMotion(kind: .decay, start: start, startTime: time, velocity: velocity, k: k, target: start - velocity / k)
    }

    /// A spring from `start` at `velocity` to `target`.
    static func spring(from start: Double, velocity: Double, to target: Double, at time: Double) -> AxisMotion {
        AxisMotion(kind: .spring, start: start, startTime: time, velocity: velocity, k: 0, target: target)
    }

    /// Position and velocity at `time`.
    func state(at time: Double) -> (position: Double, velocity: Double) {
        let t = max(0, time - startTime)
        switch kind {
        case .idle:
            return (target, 0)
        case .decay:
            let e = exp(k * t)
            return (start + (target - start) * (1 - e), velocity * e)
        case .spring:
            let w = ScrollPhysics.springFrequency
            let x0 = start - target
            let b = velocity + w * x0
            let e = exp(-w * t)
            return (target + (x0 + b * t) * e, (b - w * (x0 + b * t)) * e)
        }
    }

    /// For a decay: the time at which it reaches `position` (nil when it never does).
    func decayTime(reaching position: Double) -> Double? {
        guard kind == .decay, target != start else { return nil }
        let fraction = 1 - (position - start) / (target - start)
        guard fraction > 0, fraction <= 1 else { return nil }
        return startTime + log(fraction) / k
    }

    /// Whether the motion is close enough to its target to stop there: within a tenth of a
    /// point and slower than a point per second (invisible on any screen).
    func isSettled(position: Double, velocity: Double) -> Bool {
        abs(position - target) < 0.1 && abs(velocity) < 1
    }
}
