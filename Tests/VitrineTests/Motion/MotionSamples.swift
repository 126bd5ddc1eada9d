#if canImport(Glibc)
import Glibc
#endif
import Vitrine

/// Accelerometer streams for the motion tests, sampled at `rate` Hz, in the panel frame of
/// `Acceleration` (a panel standing upright reads (0, 1, 0) at rest).
enum MotionSamples {
    typealias Sample = (acceleration: Acceleration, timestamp: Double)

    /// At rest, upright (or with `gravity`), for `duration` seconds from `start`.
    static func rest(from start: Double, duration: Double, gravity: Acceleration = Acceleration(x: 0, y: 1, z: 0),
                     rate: Double = 100) -> [Sample] {
        stride(from: 0, to: duration, by: 1 / rate).map { (gravity, start + $0) }
    }

    /// A side-to-side shake along x: `amplitude` g at `frequency` Hz for `duration` seconds.
    static func shake(from start: Double, duration: Double, amplitude: Double = 1.5, frequency: Double = 5,
                      rate: Double = 100) -> [Sample] {
        stride(from: 0, to: duration, by: 1 / rate).map { t in
            (Acceleration(x: amplitude * sin(2 * .pi * frequency * t), y: 1, z: 0), start + t)
        }
    }

    /// One knock: a 40 ms spike of `peak` g and its rebound, then rest.
    static func bump(at start: Double, peak: Double = 1.6, rate: Double = 100) -> [Sample] {
        let spike = [(Acceleration(x: peak, y: 1, z: 0), start), (Acceleration(x: peak, y: 1, z: 0), start + 0.01),
                     (Acceleration(x: -peak * 0.7, y: 1, z: 0), start + 0.02), (Acceleration(x: -peak * 0.7, y: 1, z: 0), start + 0.03)]
        return spike + rest(from: start + 0.04, duration: 1, rate: rate)
    }

    /// The panel held still at `degrees` clockwise from upright (which edge points up: 90 is
    /// the right edge), tilted back from vertical by `tilt` degrees.
    static func held(at degrees: Double, tilt: Double = 0, from start: Double, duration: Double,
                     rate: Double = 100) -> [Sample] {
        let a = degrees * .pi / 180, b = tilt * .pi / 180
        let g = Acceleration(x: sin(a) * cos(b), y: cos(a) * cos(b), z: sin(b))
        return rest(from: start, duration: duration, gravity: g, rate: rate)
    }
}
