import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// An accelerometer stand-in: an on-demand source that the test feeds samples.
@MainActor
final class FakeAccelerometer: SignallingInputSource, OnDemandInputSource {
    var fileDescriptor: Int32? { nil }
    var readinessHandler: (@MainActor () -> Void)?
    private(set) var isStarted = false
    private(set) var starts = 0
    private(set) var stops = 0
    var failsToStart = false
    /// The attitude reported at start, if any.
    var state: Acceleration?
    private var queue: [InputEvent] = []

    struct Unplugged: Error {}

    func start() throws {
        if failsToStart { throw Unplugged() }
        isStarted = true
        starts += 1
    }

    func stop() {
        isStarted = false
        stops += 1
        queue.removeAll()
    }

    func currentState() -> InputEvent? {
        state.map { .acceleration($0, timestamp: 0) }
    }

    func dispatch(into sink: (InputEvent) -> Void) {
        let events = queue
        queue.removeAll()
        for event in events { sink(event) }
    }

    /// Queues samples (only a started sensor produces them).
    func feed(_ samples: [MotionSamples.Sample]) {
        guard isStarted else { return }
        queue += samples.map { .acceleration($0.acceleration, timestamp: $0.timestamp) }
        readinessHandler?()
    }
}

@MainActor
@Suite struct MotionDeliveryTests {
    final class Focus: View {
        var log: [String] = []
        override var canBecomeFirstResponder: Bool { true }
        override func motionBegan(_ motion: Event.Subtype, with event: Event?) { log.append("began \(motion) \(event!.timestamp)") }
        override func motionEnded(_ motion: Event.Subtype, with event: Event?) { log.append("ended \(motion) \(event!.timestamp)") }
        override func motionCancelled(_ motion: Event.Subtype, with event: Event?) { log.append("cancelled \(motion)") }
    }

    func makeHarness() -> (Harness, FakeAccelerometer, Focus) {
        let h = Harness()
        let sensor = FakeAccelerometer()
        h.app.addInputSource(sensor)
        let focus = Focus(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(focus)
        _ = focus.becomeFirstResponder()
        return (h, sensor, focus)
    }

    @Test func theAccelerometerIsNotReadWhileNothingNeedsIt() {
        let (h, sensor, _) = makeHarness()
        #expect(!sensor.isStarted && sensor.starts == 0)
        h.app.detectsShakes = true
        #expect(sensor.isStarted && sensor.starts == 1)
        h.app.autoRotates = true
        #expect(sensor.starts == 1)
        h.app.detectsShakes = false
        #expect(sensor.isStarted)
        h.app.autoRotates = false
        #expect(!sensor.isStarted && sensor.stops == 1)
    }

    @Test func aShakeReachesTheFirstResponderAsBeganThenEndedWithSampleTimestamps() {
        let (h, sensor, focus) = makeHarness()
        h.app.detectsShakes = true
        let samples = MotionSamples.rest(from: 0, duration: 0.5) + MotionSamples.shake(from: 0.5, duration: 1)
            + MotionSamples.rest(from: 1.5, duration: 1)
        var expected = ShakeDetector()
        let phases = samples.compactMap { s in expected.add(s.acceleration, at: s.timestamp).map { (s.timestamp, $0) } }
        sensor.feed(samples)
        h.loop.runUntilIdle()
        #expect(focus.log == ["began motionShake \(phases[0].0)", "ended motionShake \(phases[1].0)"])
    }

    @Test func aBumpIsCancelled() {
        let (h, sensor, focus) = makeHarness()
        h.app.detectsShakes = true
        sensor.feed(MotionSamples.rest(from: 0, duration: 0.5) + MotionSamples.bump(at: 0.5))
        h.loop.runUntilIdle()
        #expect(focus.log.count == 2)
        #expect(focus.log.last == "cancelled motionShake")
    }

    @Test func turningShakeDetectionOffMidShakeCancelsIt() {
        let (h, sensor, focus) = makeHarness()
        h.app.detectsShakes = true
        sensor.feed(MotionSamples.rest(from: 0, duration: 0.5) + MotionSamples.shake(from: 0.5, duration: 0.3))
        h.loop.runUntilIdle()
        h.app.detectsShakes = false
        #expect(focus.log.count == 2 && focus.log.last == "cancelled motionShake")
        #expect(!sensor.isStarted)
    }

    @Test func aShakeDuringAPanLeavesThePanAlone() {
        let (h, sensor, focus) = makeHarness()
        h.app.detectsShakes = true
        let target = RecordingView("pan", frame: Rect(x: 100, y: 100, width: 400, height: 300))
        h.window.addSubview(target)
        var panStates: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer { panStates.append($0.state) }
        target.addGestureRecognizer(pan)
        h.down(0, at: Point(x: 150, y: 150))
        var x = 150.0
        // The pan moves on while the shake's samples arrive between its frames.
        let samples = MotionSamples.rest(from: 0, duration: 0.5) + MotionSamples.shake(from: 0.5, duration: 1)
            + MotionSamples.rest(from: 1.5, duration: 1)
        for chunk in stride(from: 0, to: samples.count, by: 10) {
            sensor.feed(Array(samples[chunk..<min(chunk + 10, samples.count)]))
            x += 3
            h.move(0, to: Point(x: x, y: 150))
        }
        #expect(pan.state == .changed)
        #expect(focus.log.map { $0.split(separator: " ")[0] } == ["began", "ended"])
        h.up(0)
        // The pan went on to its end, uninterrupted by the shake.
        #expect(panStates.first == .began && panStates.last == .ended)
        #expect(!panStates.contains(.cancelled))
    }

    @Test func aSensorThatCannotStartIsLoggedAndTheAppCarriesOn() {
        let h = Harness()
        let sensor = FakeAccelerometer()
        sensor.failsToStart = true
        h.app.addInputSource(sensor)
        h.app.detectsShakes = true
        #expect(!sensor.isStarted)
        h.tap(at: Point(x: 10, y: 10))
    }
}
