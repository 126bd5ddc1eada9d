import VitrineGraphics

/// How a property animator's progress follows time (UIKit's `UITimingCurveProvider`): the
/// progress (0 at the start values, 1 at the end values; a spring may overshoot) after
/// `fraction` (0...1) of `duration` seconds. `AnimationCurve` is one; so are
/// `CubicTimingParameters` and `SpringTimingParameters`, and an app may write its own.
public protocol TimingCurveProvider: Sendable {
    /// The progress after `fraction` (0...1) of `duration` seconds; 1 at `fraction` 1.
    func progress(atFraction fraction: Double, duration: Double) -> Double
}

extension AnimationCurve: TimingCurveProvider {}

/// A cubic Bézier timing curve from (0, 0) to (1, 1) (UIKit's `UICubicTimingParameters`).
public struct CubicTimingParameters: TimingCurveProvider, Hashable {
    /// The first control point, in the unit square (x: time, y: progress).
    public let controlPoint1: Point
    /// The second control point, in the unit square.
    public let controlPoint2: Point

    /// Ease in and out, UIKit's default.
    public init() { self.init(animationCurve: .easeInOut) }

    /// The curve of one of the named curves; a spring (not a Bézier) counts as ease in and out.
    public init(animationCurve: AnimationCurve) {
        switch animationCurve {
        case .linear: self.init(controlPoint1: Point(x: 0, y: 0), controlPoint2: Point(x: 1, y: 1))
        case .easeIn: self.init(controlPoint1: Point(x: 0.42, y: 0), controlPoint2: Point(x: 1, y: 1))
        case .easeOut: self.init(controlPoint1: Point(x: 0, y: 0), controlPoint2: Point(x: 0.58, y: 1))
        case .easeInOut, .spring: self.init(controlPoint1: Point(x: 0.42, y: 0), controlPoint2: Point(x: 0.58, y: 1))
        }
    }

    /// A curve with these control points; x is clamped to 0...1 so that time runs forward.
    public init(controlPoint1: Point, controlPoint2: Point) {
        self.controlPoint1 = Point(x: min(max(controlPoint1.x, 0), 1), y: controlPoint1.y)
        self.controlPoint2 = Point(x: min(max(controlPoint2.x, 0), 1), y: controlPoint2.y)
    }

    /// y of the curve where x is `fraction`.
    public func progress(atFraction fraction: Double, duration: Double) -> Double {
        let t = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        if t == 1 { return 1 }
        return AnimationCurve.cubicBezier(x1: controlPoint1.x, y1: controlPoint1.y,
                                          x2: controlPoint2.x, y2: controlPoint2.y, at: t)
    }
}

/// A damped spring that settles within the animator's duration (UIKit's
/// `UISpringTimingParameters`, by damping ratio).
public struct SpringTimingParameters: TimingCurveProvider, Hashable {
    /// 1 settles without overshoot; less oscillates (clamped to 0.05...1).
    public let dampingRatio: Double
    /// The starting speed, in whole remaining changes per second: a finger that moves 300
    /// points a second with 100 points left to go gives 3. Negative moves away first.
    public let initialVelocity: Double

    /// Critically damped, from rest.
    public init() { self.init(dampingRatio: 1) }

    /// A spring of `dampingRatio`, starting at `initialVelocity` (see the property); a NaN or
    /// infinite velocity counts as 0.
    public init(dampingRatio: Double, initialVelocity: Double = 0) {
        self.dampingRatio = dampingRatio.isFinite ? dampingRatio : 1
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
    }

    /// The spring's position after `fraction` of `duration`.
    public func progress(atFraction fraction: Double, duration: Double) -> Double {
        AnimationCurve.spring(dampingRatio: dampingRatio, initialVelocity: initialVelocity)
            .progress(atFraction: fraction.isNaN ? 0 : fraction, duration: duration)
    }
}
