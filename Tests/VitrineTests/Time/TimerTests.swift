import Testing
import Vitrine
import VitrineHeadless

/// `LoopTimer` on the manual loop: one-shot and repeating, invalidation, and what it costs an app
/// in wake-ups.
@MainActor
struct TimerTests {
    @Test func aOneShotTimerFiresOnceAtItsDeadlineAndIsThenInvalid() {
        let loop = ManualMainLoop()
        var firedAt: [Double] = []
        let timer = LoopTimer.scheduled(on: loop, after: 0.5) { _ in firedAt.append(loop.clock.now) }
        #expect(timer.isValid)
        #expect(timer.fireDate == 0.5)
        #expect(timer.interval == 0)
        #expect(timer.mainLoop === loop)
        loop.advance(by: 10)
        #expect(firedAt == [0.5])
        #expect(!timer.isValid)
        #expect(loop.armedTimerCount == 0)
        #expect(loop.turnCount == 1)
    }

    @Test func aRepeatingTimerFiresEveryIntervalOnAFixedGrid() {
        let loop = ManualMainLoop(clock: ManualClock(start: 10))
        var firedAt: [Double] = []
        let timer = LoopTimer.scheduled(on: loop, after: 0.5, repeats: true) { _ in firedAt.append(loop.clock.now) }
        #expect(timer.interval == 0.5)
        loop.advance(by: 2.25)
        #expect(firedAt == [10.5, 11, 11.5, 12])
        #expect(timer.isValid)
        #expect(timer.fireDate == 12.5)
    }

    @Test func aTimerCanInvalidateItselfFromItsOwnBlock() {
        let loop = ManualMainLoop()
        var count = 0
        let timer = LoopTimer.scheduled(on: loop, after: 1, repeats: true) { timer in
            count += 1
            if count == 3 { timer.invalidate() }
        }
        loop.advance(by: 10)
        #expect(count == 3)
        #expect(!timer.isValid)
        #expect(loop.armedTimerCount == 0)
        // Three wake-ups and then none: an invalidated timer costs nothing.
        #expect(loop.turnCount == 3)
    }

    @Test func aOneShotTimerThatInvalidatesItselfFiresOnce() {
        let loop = ManualMainLoop()
        var count = 0
        LoopTimer.scheduled(on: loop, after: 1) { timer in
            count += 1
            timer.invalidate()
        }
        loop.advance(by: 5)
        #expect(count == 1)
        #expect(loop.armedTimerCount == 0)
    }

    @Test func aTimerCanBeRescheduledFromItsBlockByMakingAnother() {
        let loop = ManualMainLoop()
        var firedAt: [Double] = []
        func arm(after delay: Double) {
            LoopTimer.scheduled(on: loop, after: delay) { _ in
                firedAt.append(loop.clock.now)
                if firedAt.count < 3 { arm(after: delay * 2) }
            }
        }
        arm(after: 1)
        loop.advance(by: 20)
        // 1, then 1 + 2, then 3 + 4.
        #expect(firedAt == [1, 3, 7])
    }

    @Test func fireRunsTheBlockWithoutChangingTheSchedule() {
        let loop = ManualMainLoop()
        var count = 0
        let repeating = LoopTimer.scheduled(on: loop, after: 1, repeats: true) { _ in count += 1 }
        repeating.fire()
        #expect(count == 1)
        #expect(repeating.isValid)
        #expect(repeating.fireDate == 1)
        let oneShot = LoopTimer.scheduled(on: loop, after: 1) { _ in count += 10 }
        oneShot.fire()
        #expect(count == 11)
        // Firing a one-shot by hand uses it up: the loop does not fire it again.
        #expect(!oneShot.isValid)
        loop.advance(by: 1)
        #expect(count == 12)
    }

    @Test func anUnscheduledTimerNeverFires() {
        let loop = ManualMainLoop()
        var fired = false
        let timer = LoopTimer(fireDate: 1) { _ in fired = true }
        loop.advance(by: 5)
        #expect(!fired)
        #expect(timer.mainLoop == nil)
        timer.schedule(on: loop)
        // Its fire date is already past: it fires at the next turn.
        loop.runUntilIdle()
        #expect(fired)
    }

    @Test func anInvalidatedTimerCannotBeScheduled() {
        let loop = ManualMainLoop()
        let timer = LoopTimer(fireDate: 1) { _ in }
        timer.invalidate()
        timer.schedule(on: loop)
        #expect(loop.armedTimerCount == 0)
    }

    @Test func timersOnTheApplicationsLoopDriveItsTurns() {
        let h = Harness()
        h.settle()
        let turns = h.loop.turnCount
        var fired = 0
        LoopTimer.scheduled(on: h.app.mainLoop, after: 0.25, repeats: true) { _ in fired += 1 }
        h.advance(by: 1)
        #expect(fired == 4)
        // A timer that changes nothing costs its wake-ups and nothing else.
        #expect(h.loop.turnCount == turns + 4)
    }
}
