import Glibc
import Testing
import Vitrine
@testable import VitrineLinux

/// The epoll loop sleeps through deadlines that mean "never" (NaN, +∞, 1e300) and through an
/// accelerometer whose last sample the orientation detector ignores: each test runs the loop
/// until a short stop timer and demands that its only wake-up and turn were that timer's (the
/// idle check of `EpollMainLoopTests`), so a spinning loop fails by its turn count.
@Suite(.serialized)
@MainActor
struct EpollAbsurdDeadlineTests {
    @Test(arguments: [Double.nan, .infinity, 1e300, 1e19, -.infinity])
    func aTimerAtAnAbsurdDeadlineNeitherTrapsNorWakesTheLoop(deadline: Double) {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        var fired = 0
        LoopTimer.scheduled(on: loop, after: deadline) { _ in fired += 1 }
        LoopTimer(fireDate: deadline) { _ in fired += 1 }.schedule(on: loop)
        LoopTimer.scheduled(on: loop, after: deadline, repeats: true) { _ in fired += 1 }
        LoopTimer.scheduled(on: loop, after: 0.05) { _ in loop.stop() }
        loop.run()
        if deadline == -.infinity {
            // Long past: fired in the first turn, the one the stop timer also ends.
            #expect(loop.turns <= 2)
        } else {
            #expect(fired == 0)
            #expect(loop.wakeUps == 1)
            #expect(loop.turns == 1)
        }
    }

    @Test(arguments: [Double.nan, .infinity, 1e300, 1e19])
    func rearmingAtAnAbsurdDeadlineDisarmsWithoutSpinning(deadline: Double) {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        var fired = 0
        let timer = LoopTimer.scheduled(on: loop, after: 0.01) { _ in fired += 1 }
        timer.rearm(at: deadline)
        LoopTimer.scheduled(on: loop, after: 0.05) { _ in loop.stop() }
        loop.run()
        #expect(fired == 0)
        #expect(loop.turns == 1)
    }

    @Test func deadlinesBeyondWhatTheClockCanMeanClampToAFarFuture() {
        for seconds in [Double.infinity, 1e300, 1e19, .nan] {
            let time = MonotonicClock.timespecRoundingUp(seconds)
            #expect(time.tv_sec > 0 && time.tv_nsec >= 0 && time.tv_nsec < 1_000_000_000)
        }
        #expect(MonotonicClock.timespecRoundingUp(-.infinity).tv_nsec == 1)
    }

    @Test(arguments: [Acceleration(x: 1.5, y: 0, z: 0), Acceleration(x: 0, y: 0, z: 1)])
    func anIgnoredLastSampleLeavesTheLoopAsleep(last: Acceleration) {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        defer { watchdog.disarm() }
        let app = Application(mainLoop: loop)
        app.autoRotates = true
        app.orientationDetector.configuration.settleTime = 0.02
        let now = loop.clock.now
        let quarterTurn = Acceleration(x: 1, y: 0, z: 0)
        app.post(.acceleration(quarterTurn, timestamp: now))
        app.post(.acceleration(quarterTurn, timestamp: now + 0.001))
        app.post(.acceleration(last, timestamp: now + 0.002))
        LoopTimer.scheduled(on: loop, after: 0.1) { _ in loop.stop() }
        loop.run()
        // The orientation timer's turn at most, then the stop timer's.
        #expect(loop.turns <= 2)
        #expect(app.orientationDetector.orientation == .none)
        #expect(!watchdog.fired)
    }

    @Test func aSampleStampedNaNLeavesTheLoopAsleep() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        defer { watchdog.disarm() }
        let app = Application(mainLoop: loop)
        app.autoRotates = true
        app.orientationDetector.configuration.settleTime = 0.02
        app.post(.acceleration(Acceleration(x: 1, y: 0, z: 0), timestamp: .nan))
        LoopTimer.scheduled(on: loop, after: 0.1) { _ in loop.stop() }
        loop.run()
        // Taken as stamped now: it settles at the orientation timer, then the stop timer.
        #expect(loop.turns <= 3)
        #expect(app.orientationDetector.orientation == .clockwise90)
        #expect(!watchdog.fired)
    }
}
