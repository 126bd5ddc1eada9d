#if canImport(Glibc)
import Glibc
#endif
import Testing
import Vitrine

@Suite struct ShakeDetectorTests {
    /// Feeds `samples` and returns each reported phase with the timestamp of the sample that
    /// reported it.
    func phases(_ samples: [MotionSamples.Sample], detector: inout ShakeDetector) -> [(MotionPhase, Double)] {
        samples.compactMap { sample in detector.add(sample.acceleration, at: sample.timestamp).map { ($0, sample.timestamp) } }
    }

    @Test func aShakeBeginsAtItsFirstJoltAndEndsOnceItSettles() {
        var detector = ShakeDetector()
        let samples = MotionSamples.rest(from: 0, duration: 0.5) + MotionSamples.shake(from: 0.5, duration: 1)
            + MotionSamples.rest(from: 1.5, duration: 1)
        let reported = phases(samples, detector: &detector)
        #expect(reported.map(\.0) == [.began, .ended])
        // Began within the first half-period of the shake; ended after the settle time past its end.
        #expect(reported[0].1 >= 0.5 && reported[0].1 < 0.6)
        #expect(reported[1].1 >= 1.5 + detector.configuration.settleTime - 0.1 && reported[1].1 < 1.5 + 0.5)
        #expect(!detector.isInMotion)
    }

    @Test func aSingleBumpBeginsAMotionThatIsCancelled() {
        var detector = ShakeDetector()
        let samples = MotionSamples.rest(from: 0, duration: 0.5) + MotionSamples.bump(at: 0.5)
        #expect(phases(samples, detector: &detector).map(\.0) == [.began, .cancelled])
    }

    @Test func stillnessAndSlowTiltsReportNothing() {
        var detector = ShakeDetector()
        // Turning the panel slowly from upright to lying flat over two seconds.
        let tilt = stride(from: 0.0, to: 2, by: 0.01).map { t in
            (Acceleration(x: 0, y: cos(t * .pi / 4), z: sin(t * .pi / 4)), t)
        }
        #expect(phases(MotionSamples.rest(from: 0, duration: 1) + tilt.map { ($0.0, $0.1 + 1) }, detector: &detector).isEmpty)
    }

    @Test func aGentleShakeBelowTheThresholdIsIgnored() {
        var detector = ShakeDetector()
        let samples = MotionSamples.rest(from: 0, duration: 0.5) + MotionSamples.shake(from: 0.5, duration: 1, amplitude: 0.5)
        #expect(phases(samples, detector: &detector).isEmpty)
    }

    @Test func theThresholdIsTunable() {
        var detector = ShakeDetector(configuration: .init(threshold: 0.3))
        let samples = MotionSamples.rest(from: 0, duration: 0.5) + MotionSamples.shake(from: 0.5, duration: 1, amplitude: 0.5)
            + MotionSamples.rest(from: 1.5, duration: 1)
        #expect(phases(samples, detector: &detector).map(\.0) == [.began, .ended])
    }

    @Test func aShortShakeIsCancelledWhenTheMinimumDurationIsLonger() {
        var detector = ShakeDetector(configuration: .init(minimumDuration: 1.0))
        let samples = MotionSamples.rest(from: 0, duration: 0.5) + MotionSamples.shake(from: 0.5, duration: 0.6)
            + MotionSamples.rest(from: 1.1, duration: 1)
        #expect(phases(samples, detector: &detector).map(\.0) == [.began, .cancelled])
    }

    @Test func noNewMotionBeginsDuringTheQuietPeriodAfterAShake() {
        var detector = ShakeDetector(configuration: .init(quietPeriod: 1.0))
        var samples = MotionSamples.rest(from: 0, duration: 0.5) + MotionSamples.shake(from: 0.5, duration: 1)
            + MotionSamples.rest(from: 1.5, duration: 0.3)
        // A second shake right away falls in the quiet period; a third, later, counts.
        samples += MotionSamples.shake(from: 1.8, duration: 0.5) + MotionSamples.rest(from: 2.3, duration: 1)
        samples += MotionSamples.shake(from: 3.3, duration: 1) + MotionSamples.rest(from: 4.3, duration: 1)
        let reported = phases(samples, detector: &detector)
        #expect(reported.map(\.0) == [.began, .ended, .began, .ended])
        #expect(reported[2].1 >= 3.3)
    }

    @Test func resetCancelsAMotionInProgress() {
        var detector = ShakeDetector()
        _ = phases(MotionSamples.rest(from: 0, duration: 0.5) + MotionSamples.shake(from: 0.5, duration: 0.3), detector: &detector)
        #expect(detector.isInMotion)
        #expect(detector.reset() == .cancelled)
        #expect(detector.reset() == nil)
    }
}
