import Glibc
import VitrineGraphics

/// How an animation's progress follows time.
public enum AnimationCurve: Sendable, Hashable {
    /// Constant speed.
    case linear
    /// Slow start and end: cubic Bézier (0.42, 0, 0.58, 1), UIKit's default.
    case easeInOut
    /// Slow start: (0.42, 0, 1, 1).
    case easeIn
    /// Slow end: (0, 0, 0.58, 1).
    case easeOut
    /// A damped spring that settles within the duration: `dampingRatio` 1 does not overshoot,
    /// smaller values oscillate; `initialVelocity` is in distances per second (1: the whole
    /// change per second), as UIKit's.
    case spring(dampingRatio: Double, initialVelocity: Double)

    /// Progress (0 at the start, 1 at the end; a spring may overshoot) after `fraction` (0...1)
    /// of `duration` seconds.
    public func progress(atFraction fraction: Double, duration: Double) -> Double {
        let t = min(max(fraction, 0), 1)
        if t == 1 { return 1 }
        switch self {
        case .linear: return t
        case .easeInOut: return Self.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1, at: t)
        case .easeIn: return Self.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1, at: t)
        case .easeOut: return Self.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1, at: t)
        case let .spring(dampingRatio, initialVelocity):
            guard t < 1, duration > 0 else { return 1 }
            return Self.spring(dampingRatio: dampingRatio, initialVelocity: initialVelocity, time: t * duration, duration: duration)
        }
    }

    /// y of the Bézier from (0,0) to (1,1) with control points (x1,y1), (x2,y2) where x = `x`.
    static func cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double, at x: Double) -> Double {
        func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        // x(s) is monotonic for x1, x2 in 0...1: bisection finds s exactly enough.
        var low = 0.0, high = 1.0, s = x
        for _ in 0..<40 {
            s = (low + high) / 2
            if bezier(x1, x2, s) < x { low = s } else { high = s }
        }
        return bezier(y1, y2, s)
    }

    /// A damped harmonic oscillator from 0 to 1 whose envelope has decayed to 1/1000 at
    /// `duration` (so the snap to 1 at the end is invisible).
    static func spring(dampingRatio: Double, initialVelocity: Double, time t: Double, duration: Double) -> Double {
        let zeta = min(max(dampingRatio, 0.05), 1)
        let omega = log(1000) / (zeta * duration)
        let v0 = initialVelocity
        if zeta >= 1 {
            // Critically damped: x(t) = 1 - e^(-ωt)(1 + (ω - v0)t).
            return 1 - exp(-omega * t) * (1 + (omega - v0) * t)
        }
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        let envelope = exp(-zeta * omega * t)
        return 1 - envelope * (cos(omegaD * t) + ((zeta * omega - v0) / omegaD) * sin(omegaD * t))
    }
}

/// Options of `View.animate(...)` (UIKit's `UIView.AnimationOptions`, the parts a kiosk uses).
public struct AnimationOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Ease in and out (the default when no curve is given).
    public static let curveEaseInOut = AnimationOptions(rawValue: 1 << 0)
    /// Ease in.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 1)
    /// Ease out.
    public static let curveEaseOut = AnimationOptions(rawValue: 1 << 2)
    /// Linear.
    public static let curveLinear = AnimationOptions(rawValue: 1 << 3)
    /// Touches reach the animating views (by default they are ignored while animating).
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 4)

    /// The curve the options name.
    var curve: AnimationCurve {
        if contains(.curveLinear) { return .linear }
        if contains(.curveEaseIn) { return .easeIn }
        if contains(.curveEaseOut) { return .easeOut }
        return .easeInOut
    }
}

/// Values that can be animated: interpolated component by component.
protocol Interpolatable: Equatable {
    /// The value `progress` of the way from `self` to `to` (0: self, 1: to; beyond for springs).
    func interpolated(to: Self, progress: Double) -> Self
}

extension Double: Interpolatable {
    func interpolated(to: Double, progress: Double) -> Double { self + (to - self) * progress }
}

extension Point: Interpolatable {
    func interpolated(to: Point, progress: Double) -> Point {
        Point(x: x.interpolated(to: to.x, progress: progress), y: y.interpolated(to: to.y, progress: progress))
    }
}

extension Rect: Interpolatable {
    func interpolated(to: Rect, progress: Double) -> Rect {
        Rect(x: minX.interpolated(to: to.minX, progress: progress), y: minY.interpolated(to: to.minY, progress: progress),
             width: max(width.interpolated(to: to.width, progress: progress), 0),
             height: max(height.interpolated(to: to.height, progress: progress), 0))
    }
}

extension AffineTransform: Interpolatable {
    func interpolated(to: AffineTransform, progress p: Double) -> AffineTransform {
        AffineTransform(a: a.interpolated(to: to.a, progress: p), b: b.interpolated(to: to.b, progress: p),
                        c: c.interpolated(to: to.c, progress: p), d: d.interpolated(to: to.d, progress: p),
                        tx: tx.interpolated(to: to.tx, progress: p), ty: ty.interpolated(to: to.ty, progress: p))
    }
}

extension Color: Interpolatable {
    package func interpolated(to: Color, progress p: Double) -> Color {
        Color(red: red.interpolated(to: to.red, progress: p), green: green.interpolated(to: to.green, progress: p),
              blue: blue.interpolated(to: to.blue, progress: p), alpha: alpha.interpolated(to: to.alpha, progress: p))
    }
}
