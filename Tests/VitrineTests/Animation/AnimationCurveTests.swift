import Testing
@testable import Vitrine
@testable import VitrineCore

/// Easing curves start at 0, end at 1, and have the shapes their names promise.
struct AnimationCurveTests {
    @Test func everyCurveStartsAtZeroAndEndsAtOne() {
        let curves: [AnimationCurve] = [.linear, .easeIn, .easeOut, .easeInOut,
                                        .spring(dampingRatio: 1, initialVelocity: 0), .spring(dampingRatio: 0.5, initialVelocity: 0)]
        for curve in curves {
            #expect(abs(curve.progress(atFraction: 0, duration: 1)) < 1e-9, "\(curve)")
            #expect(curve.progress(atFraction: 1, duration: 1) == 1, "\(curve)")
        }
    }

    @Test func linearIsProportional() {
        #expect(AnimationCurve.linear.progress(atFraction: 0.25, duration: 1) == 0.25)
    }

    @Test func easeInStartsSlowAndEaseOutEndsSlow() {
        #expect(AnimationCurve.easeIn.progress(atFraction: 0.25, duration: 1) < 0.25)
        #expect(AnimationCurve.easeOut.progress(atFraction: 0.25, duration: 1) > 0.25)
        // Ease-in-out is symmetric about the middle.
        let early = AnimationCurve.easeInOut.progress(atFraction: 0.2, duration: 1)
        let late = AnimationCurve.easeInOut.progress(atFraction: 0.8, duration: 1)
        #expect(abs(early + late - 1) < 1e-6)
        #expect(abs(AnimationCurve.easeInOut.progress(atFraction: 0.5, duration: 1) - 0.5) < 1e-6)
    }

    @Test func anUnderdampedSpringOvershootsAndACriticalOneDoesNot() {
        let bouncy = AnimationCurve.spring(dampingRatio: 0.3, initialVelocity: 0)
        let critical = AnimationCurve.spring(dampingRatio: 1, initialVelocity: 0)
        let samples = stride(from: 0.0, through: 0.99, by: 0.01)
        #expect(samples.contains { bouncy.progress(atFraction: $0, duration: 1) > 1.01 })
        #expect(samples.allSatisfy { critical.progress(atFraction: $0, duration: 1) <= 1 + 1e-9 })
        // Settled near the end: the snap to 1 is invisible.
        #expect(abs(bouncy.progress(atFraction: 0.99, duration: 1) - 1) < 0.01)
    }
}
