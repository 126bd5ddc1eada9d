import Testing
import Vitrine
import VitrineHeadless

/// `TimerQueue`, the one set of timer rules both run loops follow: when to wake, what fires,
/// and in which order. Driven by hand, as a loop's turn does.
@MainActor
struct TimerQueueTests {
    /// Collects and fires what is due at `now`, as a loop's turn does.
    private func turn(_ queue: inout TimerQueue, at now: Double) {
        queue.collectDue(at: now)
        while let timer = queue.nextDue() {
            if !timer.fireFromMainLoop(now: now) { queue.disarm(timer) }
        }
    }

    @Test func dueTimersFireInDeadlineOrderThenArmingOrder() {
        var queue = TimerQueue()
        var fired: [String] = []
        let late = LoopTimer(fireDate: 3) { _ in fired.append("late") }
        let firstAtOne = LoopTimer(fireDate: 1) { _ in fired.append("first at 1") }
        let secondAtOne = LoopTimer(fireDate: 1) { _ in fired.append("second at 1") }
        let early = LoopTimer(fireDate: 0.5) { _ in fired.append("early") }
        for timer in [late, firstAtOne, secondAtOne, early] { queue.arm(timer) }
        // Arming again keeps the first arming's place.
        queue.arm(firstAtOne)
        #expect(queue.count == 4)
        turn(&queue, at: 5)
        #expect(fired == ["early", "first at 1", "second at 1", "late"])
        #expect(queue.isEmpty, "one-shot timers leave the queue once fired")
    }

    @Test func reArmingATimerPutsItAfterTimersOfTheSameDeadline() {
        var queue = TimerQueue()
        var fired: [String] = []
        let a = LoopTimer(fireDate: 1) { _ in fired.append("a") }
        let b = LoopTimer(fireDate: 1) { _ in fired.append("b") }
        queue.arm(a)
        queue.arm(b)
        queue.disarm(a)
        queue.arm(a)
        turn(&queue, at: 1)
        #expect(fired == ["b", "a"])
    }

    @Test func theWakeDateIsTheEarliestLatestMomentAnyTimerAccepts() {
        var queue = TimerQueue()
        #expect(queue.nextWakeDate == nil)
        let tolerant = LoopTimer(fireDate: 1, tolerance: 0.5) { _ in }
        let strict = LoopTimer(fireDate: 1.2) { _ in }
        queue.arm(tolerant)
        #expect(queue.nextWakeDate == 1.5, "fireDate + tolerance")
        queue.arm(strict)
        #expect(queue.nextWakeDate == 1.2, "the strict timer's deadline comes first")
        // A tolerance changed while armed counts at once.
        strict.tolerance = 1
        #expect(queue.nextWakeDate == 1.5)
        strict.invalidate()
        queue.disarm(strict)
        #expect(queue.nextWakeDate == 1.5)
    }

    @Test func timersWithOverlappingToleranceShareOneWakeUp() {
        var queue = TimerQueue()
        var fired: [String] = []
        queue.arm(LoopTimer(fireDate: 1, tolerance: 1) { _ in fired.append("a") })
        queue.arm(LoopTimer(fireDate: 1.5, tolerance: 1) { _ in fired.append("b") })
        let wake = queue.nextWakeDate
        #expect(wake == 2)
        turn(&queue, at: wake ?? 0)
        #expect(fired == ["a", "b"])
        #expect(queue.nextWakeDate == nil)
    }

    @Test func aTimerThatNeverFiresIsNeitherWokenForNorDue() {
        var queue = TimerQueue()
        var fired = 0
        queue.arm(LoopTimer(fireDate: .nan) { _ in fired += 1 })
        queue.arm(LoopTimer(fireDate: .infinity, tolerance: 1) { _ in fired += 1 })
        #expect(queue.nextWakeDate == nil)
        #expect(!queue.hasDue(at: .greatestFiniteMagnitude))
        turn(&queue, at: .greatestFiniteMagnitude)
        #expect(fired == 0)
        #expect(queue.count == 2, "still valid: never is not invalid")
    }

    @Test func aTimerInvalidatedByAnEarlierOneInTheTurnDoesNotFire() {
        var queue = TimerQueue()
        var fired: [String] = []
        let second = LoopTimer(fireDate: 2) { _ in fired.append("second") }
        queue.arm(LoopTimer(fireDate: 1) { _ in
            fired.append("first")
            second.invalidate()
        })
        queue.arm(second)
        turn(&queue, at: 2)
        #expect(fired == ["first"])
        #expect(queue.isEmpty)
    }

    @Test func aTimerArmedWhileFiringWaitsForTheNextTurn() {
        let loop = ManualMainLoop()
        var fired: [String] = []
        LoopTimer.scheduled(on: loop, after: 1) { _ in
            fired.append("first in turn \(loop.turnCount)")
            // Due at once, but armed while firing: not part of this turn's due timers.
            LoopTimer.scheduled(on: loop, after: 0) { _ in fired.append("armed while firing, in turn \(loop.turnCount)") }
        }
        loop.advance(by: 1)
        #expect(fired == ["first in turn 1", "armed while firing, in turn 2"])
    }

    @Test func aRepeatingTimerStaysArmedAtItsNextDeadline() {
        var queue = TimerQueue()
        var fired = 0
        let timer = LoopTimer(fireDate: 1, interval: 1) { _ in fired += 1 }
        queue.arm(timer)
        turn(&queue, at: 3.5)
        #expect(fired == 1, "missed firings are skipped")
        #expect(timer.fireDate == 4)
        #expect(queue.nextWakeDate == 4)
    }

    /// On the loop: a timer that an earlier timer of the same turn re-arms for later waits for
    /// its new deadline (both loops used to fire it at once, before its deadline).
    @Test func aTimerReArmedForLaterByAnEarlierOneInTheTurnWaitsForItsNewDeadline() {
        let loop = ManualMainLoop()
        var fired: [String] = []
        let second = LoopTimer(fireDate: 1) { _ in fired.append("second at \(loop.clock.now)") }
        LoopTimer(fireDate: 1) { _ in
            fired.append("first")
            second.rearm(at: 5)
        }.schedule(on: loop)
        second.schedule(on: loop)
        loop.advance(by: 10)
        #expect(fired == ["first", "second at 5.0"])
    }
}
