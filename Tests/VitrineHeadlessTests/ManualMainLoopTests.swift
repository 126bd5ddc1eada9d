import Testing
import Vitrine
import VitrineHeadless

/// The deterministic loop every other test stands on: its turns, its timers and its idleness
/// must follow the `MainLoop` contract exactly.
@MainActor
struct ManualMainLoopTests {
    // MARK: ManualClock

    @Test func manualClockStartsWhereToldAndMovesOnlyWhenTold() {
        let clock = ManualClock(start: 5)
        #expect(clock.now == 5)
        clock.advance(by: 0.25)
        #expect(clock.now == 5.25)
        clock.set(to: 7)
        #expect(clock.now == 7)
        // Setting the same time is allowed (time never goes backwards, but may stand still).
        clock.set(to: 7)
        #expect(clock.now == 7)
    }

    @Test func aLoopStartsAtTheOriginOfTheClockItIsGiven() {
        let loop = ManualMainLoop(clock: ManualClock(start: 100))
        #expect(loop.clock.now == 100)
        #expect(loop.manualClock.now == 100)
        #expect(loop.turnCount == 0)
    }

    // MARK: Turns

    @Test func aTurnRunsInputThenTimersThenObservers() {
        let loop = ManualMainLoop()
        let input = ScriptedInput(clock: loop.clock)
        var log: [String] = []
        loop.addInputSource(input) { _ in log.append("input") }
        loop.addBeforeWaitingObserver { log.append("observer 1") }
        loop.addBeforeWaitingObserver { log.append("observer 2") }
        LoopTimer.scheduled(on: loop, after: 1) { _ in log.append("timer") }
        // Input that arrives at the very instant a timer is due is handled in the same turn:
        // input first, as the contract orders.
        loop.manualClock.set(to: 1)
        input.frame()
        loop.runTurn()
        #expect(log == ["input", "timer", "observer 1", "observer 2"])
        #expect(loop.turnCount == 1)
    }

    @Test func observersRunInEveryTurnAfterTheTurnsWork() {
        let loop = ManualMainLoop()
        var observed = 0
        loop.addBeforeWaitingObserver { observed += 1 }
        LoopTimer.scheduled(on: loop, after: 1) { _ in }
        LoopTimer.scheduled(on: loop, after: 2) { _ in }
        loop.advance(by: 3)
        #expect(loop.turnCount == 2)
        #expect(observed == 2)
    }

    @Test func dueTimersFireInDeadlineOrderNotInTheOrderTheyWereArmed() {
        let loop = ManualMainLoop()
        var log: [String] = []
        LoopTimer.scheduled(on: loop, after: 0.3) { _ in log.append("c") }
        LoopTimer.scheduled(on: loop, after: 0.1) { _ in log.append("a") }
        LoopTimer.scheduled(on: loop, after: 0.2) { _ in log.append("b") }
        // Jump past all three deadlines at once, as a real loop does after a long blocking turn:
        // they are all due in one turn and still fire earliest first.
        loop.manualClock.set(to: 1)
        loop.runUntilIdle()
        #expect(log == ["a", "b", "c"])
        #expect(loop.turnCount == 1)
    }

    @Test func timersWithTheSameDeadlineFireInTheOrderTheyWereArmed() {
        let loop = ManualMainLoop()
        var log: [Int] = []
        for index in 0..<8 {
            LoopTimer.scheduled(on: loop, after: 1) { _ in log.append(index) }
        }
        loop.advance(by: 1)
        #expect(log == [0, 1, 2, 3, 4, 5, 6, 7])
    }

    @Test func aTimerFiresNoEarlierThanItsDeadline() {
        let loop = ManualMainLoop()
        var firedAt: [Double] = []
        LoopTimer.scheduled(on: loop, after: 0.5) { _ in firedAt.append(loop.clock.now) }
        loop.advance(by: 0.25)
        #expect(firedAt.isEmpty)
        loop.advance(by: 0.5)
        #expect(firedAt == [0.5])
        #expect(loop.clock.now == 0.75)
    }

    @Test func advanceWakesExactlyAtEachDeadlineAndNowhereElse() {
        let loop = ManualMainLoop()
        var firedAt: [Double] = []
        LoopTimer.scheduled(on: loop, after: 0.25, repeats: true) { _ in firedAt.append(loop.clock.now) }
        loop.advance(by: 1)
        // Four deadlines in one second, one wake-up for each: nothing in between.
        #expect(firedAt == [0.25, 0.5, 0.75, 1.0])
        #expect(loop.turnCount == 4)
        #expect(loop.nextDeadline == 1.25)
    }

    @Test func aRepeatingTimerThatFallsBehindSkipsTheMissedFirings() {
        let loop = ManualMainLoop()
        var firedAt: [Double] = []
        let timer = LoopTimer.scheduled(on: loop, after: 1, repeats: true) { _ in firedAt.append(loop.clock.now) }
        // The loop was blocked for 3.5 s (the clock moved without turns): deadlines 1, 2 and 3
        // were missed. One firing catches up; the next stays on the 1 s grid.
        loop.manualClock.set(to: 3.5)
        loop.runUntilIdle()
        #expect(firedAt == [3.5])
        #expect(timer.fireDate == 4)
        loop.advance(by: 1)
        #expect(firedAt == [3.5, 4])
    }

    @Test func aRepeatingTimerFiredExactlyOnADeadlineMovesToTheNextOne() {
        let loop = ManualMainLoop()
        let timer = LoopTimer.scheduled(on: loop, after: 2, repeats: true) { _ in }
        loop.manualClock.set(to: 6)
        loop.runUntilIdle()
        // 6 is a deadline itself: the next is the first strictly after it.
        #expect(timer.fireDate == 8)
    }

    @Test func anInvalidatedTimerNeverFiresAndIsDisarmed() {
        let loop = ManualMainLoop()
        var fired = 0
        let timer = LoopTimer.scheduled(on: loop, after: 1) { _ in fired += 1 }
        #expect(loop.armedTimerCount == 1)
        timer.invalidate()
        #expect(!timer.isValid)
        #expect(loop.armedTimerCount == 0)
        #expect(loop.nextDeadline == nil)
        loop.advance(by: 5)
        #expect(fired == 0)
        #expect(loop.turnCount == 0)
    }

    @Test func aTimerInvalidatedByAnEarlierTimerOfTheSameTurnDoesNotFire() {
        let loop = ManualMainLoop()
        var log: [String] = []
        var second: LoopTimer?
        LoopTimer.scheduled(on: loop, after: 1) { _ in
            log.append("first")
            second?.invalidate()
        }
        second = LoopTimer.scheduled(on: loop, after: 1.5) { _ in log.append("second") }
        loop.manualClock.set(to: 2)
        loop.runUntilIdle()
        #expect(log == ["first"])
        #expect(loop.armedTimerCount == 0)
    }

    @Test func aTimerArmedWhileFiringWaitsForItsOwnDeadline() {
        let loop = ManualMainLoop()
        var firedAt: [String] = []
        LoopTimer.scheduled(on: loop, after: 1) { _ in
            firedAt.append("outer \(loop.clock.now)")
            LoopTimer.scheduled(on: loop, after: 0.5) { _ in firedAt.append("inner \(loop.clock.now)") }
        }
        loop.advance(by: 1.25)
        #expect(firedAt == ["outer 1.0"])
        loop.advance(by: 1)
        #expect(firedAt == ["outer 1.0", "inner 1.5"])
    }

    @Test func toleranceLetsTheLoopFireATimerLaterToShareAWakeUp() {
        let loop = ManualMainLoop()
        var firedAt: [String] = []
        // `lenient` may fire anywhere in [1.0, 1.5]; `strict` is due at 1.3. One wake-up at 1.3
        // serves both, rather than two wake-ups at 1.0 and 1.3.
        LoopTimer.scheduled(on: loop, after: 1.0, tolerance: 0.5) { _ in firedAt.append("lenient \(loop.clock.now)") }
        LoopTimer.scheduled(on: loop, after: 1.3) { _ in firedAt.append("strict \(loop.clock.now)") }
        loop.advance(by: 2)
        #expect(firedAt == ["lenient 1.3", "strict 1.3"])
        #expect(loop.turnCount == 1)
    }

    @Test func aTimerWithToleranceFiresWithinItsWindow() {
        let loop = ManualMainLoop()
        var firedAt: [Double] = []
        LoopTimer.scheduled(on: loop, after: 1.0, tolerance: 0.25) { _ in firedAt.append(loop.clock.now) }
        loop.advance(by: 0.99)
        #expect(firedAt.isEmpty)
        loop.advance(by: 1)
        #expect(firedAt.count == 1)
        #expect(firedAt[0] >= 1.0 && firedAt[0] <= 1.25)
        #expect(loop.turnCount == 1)
    }

    @Test func aRepeatingTimerWithToleranceStaysOnItsGrid() {
        let loop = ManualMainLoop()
        let timer = LoopTimer.scheduled(on: loop, after: 1, repeats: true, tolerance: 0.5) { _ in }
        loop.advance(by: 1.6)
        // Fired late (by at most the tolerance), but the next deadline is still 2, not 2.5.
        #expect(timer.fireDate == 2)
    }

    // MARK: Idleness

    @Test func anIdleLoopRunsNoTurnsHoweverLongTimeMoves() {
        let loop = ManualMainLoop()
        var observed = 0
        loop.addBeforeWaitingObserver { observed += 1 }
        loop.advance(by: 3600)
        loop.runUntilIdle()
        #expect(loop.turnCount == 0)
        #expect(observed == 0)
        #expect(loop.clock.now == 3600)
        #expect(!loop.hasWork)
    }

    @Test func wakeUpAsksForExactlyOneTurn() {
        let loop = ManualMainLoop()
        loop.wakeUp()
        loop.wakeUp()
        #expect(loop.hasWork)
        loop.runUntilIdle()
        #expect(loop.turnCount == 1)
        #expect(!loop.hasWork)
    }

    @Test func aWakeUpAskedBeforeTheObserversIsServedByThem() {
        let loop = ManualMainLoop()
        var observed = 0
        loop.addBeforeWaitingObserver { observed += 1 }
        // A timer that dirties something asks for a commit: the observers of its own turn
        // commit it, so the loop does not wake again for it.
        LoopTimer.scheduled(on: loop, after: 1) { _ in loop.wakeUp() }
        loop.advance(by: 2)
        #expect(loop.turnCount == 1)
        #expect(observed == 1)
    }

    @Test func aWakeUpAskedByAnObserverGetsAnotherTurn() {
        let loop = ManualMainLoop()
        var observed = 0
        loop.addBeforeWaitingObserver {
            observed += 1
            // Work left over by the commit itself: it needs a turn of its own.
            if observed == 1 { loop.wakeUp() }
        }
        loop.wakeUp()
        loop.runUntilIdle()
        #expect(loop.turnCount == 2)
        #expect(observed == 2)
    }

    @Test func inputMakesTheLoopRunOneTurn() {
        let loop = ManualMainLoop()
        let input = ScriptedInput(clock: loop.clock)
        var events = 0
        loop.addInputSource(input) { _ in events += 1 }
        input.down(0, at: .zero)
        input.frame()
        #expect(loop.hasWork)
        loop.runUntilIdle()
        #expect(events == 2)
        #expect(loop.turnCount == 1)
    }

    @Test func aRemovedSourceIsNoLongerDispatched() {
        let loop = ManualMainLoop()
        let input = ScriptedInput(clock: loop.clock)
        var events = 0
        loop.addInputSource(input) { _ in events += 1 }
        loop.removeInputSource(input)
        input.frame()
        loop.runUntilIdle()
        #expect(events == 0)
        #expect(loop.turnCount == 0)
    }

    // MARK: run() and stop()

    @Test func runReturnsWhenNothingIsLeftToDo() {
        let loop = ManualMainLoop()
        var fired: [Double] = []
        LoopTimer.scheduled(on: loop, after: 2) { _ in fired.append(loop.clock.now) }
        LoopTimer.scheduled(on: loop, after: 5) { _ in fired.append(loop.clock.now) }
        loop.run()
        // It slept (moved the clock) straight to each deadline.
        #expect(fired == [2, 5])
        #expect(loop.turnCount == 2)
        #expect(loop.clock.now == 5)
    }

    @Test func stopMakesRunReturnAfterTheCurrentTurn() {
        let loop = ManualMainLoop()
        var ticks = 0
        LoopTimer.scheduled(on: loop, after: 1, repeats: true) { _ in
            ticks += 1
            if ticks == 3 { loop.stop() }
        }
        var lateFirings = 0
        // Due at the same instant as the third tick, but in a later turn: stop must win.
        LoopTimer.scheduled(on: loop, after: 3) { _ in
            LoopTimer.scheduled(on: loop, after: 0) { _ in lateFirings += 1 }
        }
        loop.run()
        #expect(ticks == 3)
        #expect(lateFirings == 0)
        #expect(loop.clock.now == 3)
    }

    @Test func stopFromAnInputHandlerEndsRunEvenWithMoreInputQueued() {
        let loop = ManualMainLoop()
        let input = ScriptedInput(clock: loop.clock)
        var frames = 0
        loop.addInputSource(input) { _ in
            frames += 1
            // More input arrives, but the loop was told to stop: the next turn is not run.
            if frames == 1 { input.frame() }
            loop.stop()
        }
        input.frame()
        loop.run()
        #expect(frames == 1)
        #expect(loop.turnCount == 1)
    }
}
