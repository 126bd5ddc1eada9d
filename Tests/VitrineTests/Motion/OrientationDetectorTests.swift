import Testing
import Vitrine
import VitrineGraphics

@Suite struct OrientationDetectorTests {
    func reports(_ samples: [MotionSamples.Sample], detector: inout OrientationDetector) -> [ScreenRotation] {
        samples.compactMap { detector.add($0.acceleration, at: $0.timestamp) }
    }

    @Test(arguments: [(90.0, ScreenRotation.clockwise90), (180, .upsideDown), (270, .clockwise270), (-90, .clockwise270)])
    func eachEdgeUpGivesTheRotationThatShowsThePictureUpright(degrees: Double, expected: ScreenRotation) {
        var detector = OrientationDetector()
        let samples = MotionSamples.held(at: degrees, tilt: 20, from: 0, duration: 1)
        #expect(reports(samples, detector: &detector) == [expected])
        #expect(detector.orientation == expected)
    }

    @Test func aCandidateMustHoldForTheSettleTime() {
        var detector = OrientationDetector(configuration: .init(settleTime: 0.5))
        // Turned for 0.3 s, then back: nothing.
        #expect(reports(MotionSamples.held(at: 90, from: 0, duration: 0.3) + MotionSamples.held(at: 0, from: 0.3, duration: 1),
                        detector: &detector).isEmpty)
        // Turned for 0.6 s: reported once, at the first sample 0.5 s after the turn.
        var reportedAt: [Double] = []
        for sample in MotionSamples.held(at: 90, from: 2, duration: 0.6) where detector.add(sample.acceleration, at: sample.timestamp) != nil {
            reportedAt.append(sample.timestamp)
        }
        #expect(reportedAt.count == 1)
        #expect(abs(reportedAt[0] - 2.5) < 0.011)
    }

    @Test func hysteresisHoldsTheCurrentOrientationPastTheHalfwayLine() {
        var detector = OrientationDetector(configuration: .init(hysteresis: 15))
        // 55° is past the half-way line (45°) but not past it by the hysteresis: stays upright.
        #expect(reports(MotionSamples.held(at: 55, from: 0, duration: 2), detector: &detector).isEmpty)
        // 65° is: turns.
        #expect(reports(MotionSamples.held(at: 65, from: 2, duration: 2), detector: &detector) == [.clockwise90])
        // Coming back to 35° (past half-way towards upright, within the hysteresis of 90°): stays.
        #expect(reports(MotionSamples.held(at: 35, from: 4, duration: 2), detector: &detector).isEmpty)
        #expect(reports(MotionSamples.held(at: 25, from: 6, duration: 2), detector: &detector) == [.none])
    }

    @Test func lyingFlatOrBeingMovedSaysNothing() {
        var detector = OrientationDetector()
        // Face up on a table, slightly tipped towards the right edge: too flat to tell.
        #expect(reports(MotionSamples.held(at: 90, tilt: 80, from: 0, duration: 2), detector: &detector).isEmpty)
        // Moving: the magnitude is far from 1 g.
        let moving = (0..<200).map { (Acceleration(x: 1.6, y: 0, z: 0), Double($0) / 100 + 2) }
        #expect(reports(moving, detector: &detector).isEmpty)
        #expect(detector.orientation == .none)
    }
}
