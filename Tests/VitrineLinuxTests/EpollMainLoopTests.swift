import CVitrineShims
import Dispatch
import Glibc
import SystemPackage
import Testing
import Vitrine
@testable import VitrineLinux

/// The epoll loop on the real kernel: real timers with short deadlines, real descriptors, real
/// signals. Tests assert orders and counts, never durations; every loop has a watchdog so that a
/// broken loop fails instead of hanging. Serialized: a loop owns the process's signals and
/// blocks the main actor while it runs.
@Suite(.serialized)
@MainActor
struct EpollMainLoopTests {
    // MARK: Timers

    @Test func timersFireInDeadlineOrderAndArmingOrderAmongEqualDeadlines() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let start = loop.clock.now
        var order: [String] = []
        var early: [String] = []
        func arm(_ name: String, _ offset: Double, stops: Bool = false) {
            let fireDate = start + offset
            LoopTimer(fireDate: fireDate) { _ in
                order.append(name)
                if loop.clock.now < fireDate { early.append(name) }
                if stops { loop.stop() }
            }.schedule(on: loop)
        }
        arm("last", 0.04, stops: true)
        arm("first", 0.01)
        arm("tie armed first", 0.02)
        arm("tie armed second", 0.02)
        loop.run()
        #expect(order == ["first", "tie armed first", "tie armed second", "last"])
        #expect(early.isEmpty, "a timer never fires before its fireDate")
        #expect(!watchdog.fired)
    }

    @Test func aRepeatingTimerFiresAtEachIntervalUntilInvalidated() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let interval = 0.01
        var firedAt: [Double] = []
        var deadlines: [Double] = []
        let timer = LoopTimer.scheduled(on: loop, after: interval, repeats: true) { timer in
            firedAt.append(loop.clock.now)
            // fireDate has moved on to the next deadline by the time the block runs.
            deadlines.append(timer.fireDate - timer.interval)
            if firedAt.count == 3 {
                timer.invalidate()
                // One more turn proves it does not fire again after invalidation.
                LoopTimer.scheduled(on: loop, after: 3 * interval) { _ in loop.stop() }
            }
        }
        loop.run()
        #expect(firedAt.count == 3)
        #expect(!timer.isValid)
        #expect(zip(firedAt, deadlines).allSatisfy { $0 >= $1 }, "no firing before its deadline")
        #expect(zip(deadlines, deadlines.dropFirst()).allSatisfy { $1 > $0 }, "each deadline is a later one")
        #expect(!watchdog.fired)
    }

    @Test func toleranceLetsTwoTimersShareOneWakeUp() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let start = loop.clock.now
        var turnsOfFiring: [String: Int] = [:]
        // "relaxed" may fire anywhere in [start+0.01, start+0.06]; "strict" wants start+0.03.
        // The loop arms for min(0.06, 0.03) = 0.03, inside both windows: one wake-up for both.
        let relaxed = LoopTimer(fireDate: start + 0.01, tolerance: 0.05) { _ in turnsOfFiring["relaxed"] = loop.turns }
        let strict = LoopTimer(fireDate: start + 0.03) { _ in
            turnsOfFiring["strict"] = loop.turns
            loop.stop()
        }
        relaxed.schedule(on: loop)
        strict.schedule(on: loop)
        loop.run()
        #expect(turnsOfFiring["relaxed"] == 1)
        #expect(turnsOfFiring["strict"] == 1)
        #expect(loop.wakeUps == 1)
        #expect(loop.turns == 1)
    }

    @Test func withoutToleranceTheSameTwoTimersWakeTheLoopTwice() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let start = loop.clock.now
        var fired: [String] = []
        LoopTimer(fireDate: start + 0.01) { _ in fired.append("early") }.schedule(on: loop)
        // Far enough apart that even a loaded machine cannot serve both with one wake-up.
        LoopTimer(fireDate: start + 0.15) { _ in
            fired.append("late")
            loop.stop()
        }.schedule(on: loop)
        loop.run()
        #expect(fired == ["early", "late"])
        #expect(loop.wakeUps == 2)
    }

    @Test func aRemovedTimerNeitherFiresNorWakesTheLoop() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        var fired: [String] = []
        let removedBeforeRunning = LoopTimer.scheduled(on: loop, after: 0.01) { _ in fired.append("removed before running") }
        let removedByATimer = LoopTimer.scheduled(on: loop, after: 0.1) { _ in fired.append("removed by a timer") }
        LoopTimer.scheduled(on: loop, after: 0.02) { _ in
            fired.append("remover")
            removedByATimer.invalidate()
        }
        LoopTimer.scheduled(on: loop, after: 0.2) { _ in
            fired.append("end")
            loop.stop()
        }
        removedBeforeRunning.invalidate()
        loop.run()
        #expect(fired == ["remover", "end"])
        // One wake-up for "remover", one for "end"; none for the two removed timers.
        #expect(loop.wakeUps == 2)
        #expect(!watchdog.fired)
    }

    @Test func aTimerWhoseDeadlineHasPassedFiresInTheFirstTurn() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        var fired = 0
        LoopTimer(fireDate: loop.clock.now - 10) { _ in
            fired += 1
            loop.stop()
        }.schedule(on: loop)
        loop.run()
        #expect(fired == 1)
        #expect(loop.turns == 1)
        #expect(!watchdog.fired)
    }

    @Test func aTimerArmedForTheDeadlineThatJustExpiredStillFires() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let deadline = loop.clock.now + 0.01
        var fired: [String] = []
        LoopTimer(fireDate: deadline) { _ in
            fired.append("first")
            // The same deadline again: the timerfd has expired for it and must be re-armed.
            LoopTimer(fireDate: deadline) { _ in
                fired.append("second")
                loop.stop()
            }.schedule(on: loop)
        }.schedule(on: loop)
        loop.run()
        #expect(fired == ["first", "second"])
        #expect(!watchdog.fired)
    }

    // MARK: Idle

    @Test func anIdleLoopSleepsUntilItsOnlyTimerWithNoOtherWakeUp() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        var observed = 0
        loop.addBeforeWaitingObserver { observed += 1 }
        LoopTimer.scheduled(on: loop, after: 1) { _ in loop.stop() }
        loop.run()
        // A second with nothing due: the only wake-up is the timer's, the only turn its turn.
        #expect(loop.wakeUps == 1)
        #expect(loop.turns == 1)
        #expect(observed == 1)
    }

    // MARK: Wake-ups

    @Test func aWakeFromAnotherThreadEndsTheWait() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let handle = loop.wakeHandle
        var observed = 0
        loop.addBeforeWaitingObserver {
            observed += 1
            if observed == 1 {
                // The loop is about to sleep with only the watchdog armed: only the other
                // thread's wake can end the wait before it.
                DispatchQueue.global().async { handle.wakeUp() }
            } else {
                loop.stop()
            }
        }
        loop.wakeUp()
        loop.run()
        #expect(observed == 2)
        #expect(loop.turns == 2, "the first turn (asked with wakeUp) and the woken one")
        #expect(loop.wakeUps == 1, "the first turn did not sleep; the second was one wake-up")
        #expect(!watchdog.fired)
    }

    @Test func aWakeUpAskedByTheObserversRunsTheNextTurnWithoutSleeping() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        var observed = 0
        loop.addBeforeWaitingObserver {
            observed += 1
            if observed == 1 { loop.wakeUp() } else { loop.stop() }
        }
        loop.wakeUp()
        loop.run()
        #expect(observed == 2)
        #expect(loop.wakeUps == 0, "neither turn slept: the watchdog's wake-up never came")
        #expect(!watchdog.fired)
    }

    @Test func aWakeUpAskedDuringATurnIsServedByThatTurnsObservers() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        var observed = 0
        loop.addBeforeWaitingObserver { observed += 1 }
        LoopTimer.scheduled(on: loop, after: 0.01) { _ in loop.wakeUp() }
        LoopTimer.scheduled(on: loop, after: 0.15) { _ in loop.stop() }
        loop.run()
        // One turn per timer: the wake-up asked by the first timer cost no extra turn.
        #expect(loop.turns == 2)
        #expect(observed == 2)
        #expect(!watchdog.fired)
    }

    @Test func aWakeHandleOutlivingItsLoopIsHarmless() {
        var handle: WakeHandle?
        do {
            guard let loop = makeLoop() else { return }
            handle = loop.wakeHandle
            loop.close()
        }
        handle?.wakeUp()
        handle?.wakeUp()
        #expect(handle != nil)
    }

    // MARK: Input sources

    @Test func aPipeSourceIsDispatchedWhenWritten() throws {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let source = try PipeSource()
        defer { source.close() }
        var received: [Double] = []
        loop.addInputSource(source) { event in
            if let value = frameTimestamp(event) { received.append(value) }
            if received.count == 3 { loop.stop() }
        }
        LoopTimer.scheduled(on: loop, after: 0.01) { _ in source.write([7, 8, 9]) }
        loop.run()
        #expect(received == [7, 8, 9])
        #expect(source.dispatches == 1, "written at once, read at once: one dispatch")
        #expect(!watchdog.fired)
    }

    @Test func aSourceThatLeavesDataUnreadIsDispatchedAgainInTheNextTurn() throws {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let source = try PipeSource(bytesPerDispatch: 1)
        defer { source.close() }
        var received: [Double] = []
        var turnsOfEvents: [Int] = []
        loop.addInputSource(source) { event in
            if let value = frameTimestamp(event) { received.append(value) }
            turnsOfEvents.append(loop.turns)
            if received.count == 3 { loop.stop() }
        }
        source.write([1, 2, 3])
        loop.run()
        // Level-triggered: what one dispatch left in the pipe keeps the descriptor ready.
        #expect(received == [1, 2, 3])
        #expect(turnsOfEvents == [1, 2, 3])
        #expect(!watchdog.fired)
    }

    @Test func aRemovedSourceIsNotDispatched() throws {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let source = try PipeSource()
        defer { source.close() }
        var received = 0
        loop.addInputSource(source) { _ in received += 1 }
        loop.removeInputSource(source)
        source.write([1])
        LoopTimer.scheduled(on: loop, after: 0.02) { _ in loop.stop() }
        loop.run()
        #expect(received == 0)
        #expect(source.dispatches == 0)
        #expect(loop.wakeUps == 1, "only the timer woke the loop, not the unwatched pipe")
    }

    @Test func aSignallingSourceWithoutDescriptorIsDispatchedInTheNextTurn() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let source = SignallingSource()
        var received: [Double] = []
        var turnOfEvent = 0
        loop.addInputSource(source) { event in
            if let value = frameTimestamp(event) { received.append(value) }
            turnOfEvent = loop.turns
            loop.stop()
        }
        LoopTimer.scheduled(on: loop, after: 0.01) { _ in source.send(.touchFrame(timestamp: 42)) }
        loop.run()
        #expect(received == [42])
        #expect(turnOfEvent == 2, "signalled in the timer's turn, dispatched in the next")
        #expect(loop.wakeUps == 1, "the next turn ran without sleeping")
        #expect(!watchdog.fired)
    }

    @Test func aTurnRunsInputThenTimersThenObservers() throws {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let source = try PipeSource()
        defer { source.close() }
        var log: [String] = []
        loop.addInputSource(source) { _ in log.append("input") }
        loop.addBeforeWaitingObserver {
            log.append("observer")
            loop.stop()
        }
        // Both ready before the loop first waits: they are served by the same turn.
        source.write([1])
        LoopTimer(fireDate: loop.clock.now - 1) { _ in log.append("timer") }.schedule(on: loop)
        loop.run()
        #expect(log == ["input", "timer", "observer"])
        #expect(loop.turns == 1)
    }

    // MARK: Signals

    @Test func aProcessDirectedSignalReachesTheSignalHandler() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        var received: [Int32] = []
        loop.signalHandler = { signal in
            received.append(signal)
            loop.stop()
        }
        // kill() lets the kernel pick any thread of this multi-threaded test process.
        LoopTimer.scheduled(on: loop, after: 0.01) { _ in _ = kill(getpid(), SIGTERM) }
        loop.run()
        #expect(received == [SIGTERM])
        #expect(!watchdog.fired)
    }

    @Test func aSignalTakenByAThreadThatDoesNotBlockItIsForwardedToTheLoop() {
        // Made before the loop, so the loop's blocking does not cover it.
        let bystander = SignalUnblockingThread()
        defer { bystander.finish() }
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        var received: [Int32] = []
        loop.signalHandler = { signal in
            received.append(signal)
            loop.stop()
        }
        let forwardedBefore = vitrine_signal_forwarding_count()
        // The bystander does not block SIGTERM, so the kernel may pick it (or another thread
        // that does not block it) to take the signal; without the forwarder, that thread's
        // default action would end the test process. The loop's signalfd, woken at the same
        // moment, may also dequeue it first: either way it arrives exactly once.
        LoopTimer.scheduled(on: loop, after: 0.01) { _ in _ = kill(getpid(), SIGTERM) }
        loop.run()
        #expect(received == [SIGTERM])
        #expect(vitrine_signal_forwarding_count() - forwardedBefore <= 1)
        #expect(!watchdog.fired)
    }

    @Test func aSignalRaisedOnTheLoopsThreadReachesTheSignalHandler() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        var received: [Int32] = []
        loop.signalHandler = { signal in
            received.append(signal)
            loop.stop()
        }
        LoopTimer.scheduled(on: loop, after: 0.01) { _ in _ = raise(SIGHUP) }
        loop.run()
        #expect(received == [SIGHUP])
        #expect(!watchdog.fired)
    }

    @Test func withoutAHandlerASignalStopsTheLoop() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        LoopTimer.scheduled(on: loop, after: 0.01) { _ in _ = raise(SIGINT) }
        // Without the signal stopping it, only the watchdog would.
        loop.run()
        #expect(!watchdog.fired)
        #expect(!loop.isRunning)
    }

    @Test func theLoopBlocksItsSignalsWhileOpenAndRestoresTheMaskWhenClosed() {
        let wasBlocked = isBlockedInThisThread(SIGTERM)
        guard let loop = makeLoop() else { return }
        #expect(loop.handlesSignals)
        #expect(isBlockedInThisThread(SIGTERM))
        #expect(isBlockedInThisThread(SIGINT))
        #expect(isBlockedInThisThread(SIGHUP))
        loop.close()
        #expect(isBlockedInThisThread(SIGTERM) == wasBlocked)
        loop.close() // idempotent
    }

    @Test func onlyOneLoopHandlesSignals() {
        guard let first = makeLoop() else { return }
        defer { first.close() }
        #expect(throws: MainLoopError.self) { _ = try EpollMainLoop() }
        do {
            _ = try EpollMainLoop()
        } catch {
            #expect(error.errno == .resourceBusy)
            #expect(error.description.contains("handlesSignals: false"))
        }
        let second = makeLoop(handlesSignals: false)
        #expect(second?.handlesSignals == false)
        second?.close()
    }

    @Test func shutdownHandlingRunsItsFirstStepOnceAndStopsEachTime() {
        guard let loop = makeLoop(handlesSignals: false) else { return }
        defer { loop.close() }
        var firstSteps: [Int32] = []
        let handler = SignalHandling.shutdown(loop) { firstSteps.append($0) }
        handler(SIGTERM)
        handler(SIGINT)
        #expect(firstSteps == [SIGTERM])
        #expect(SignalHandling.name(of: SIGTERM) == "SIGTERM")
        #expect(SignalHandling.name(of: 64) == "signal 64")
    }

    // MARK: The Dispatch main queue

    /// Under a synchronous `main` on the main thread the loop drains the main queue, and both a
    /// `DispatchQueue.main` block and a MainActor task run inside its turns. The Swift Testing
    /// runner has an `async` main: it called `dispatch_main()`, so libdispatch drains the main
    /// queue on its own threads, and this test's body is itself a main-queue job, which the loop
    /// cannot re-enter. Here the loop must say so, and the work must wait until `run()` returns.
    @Test func mainQueueWorkRunsInsideTheLoopWhenItCanDrainTheMainQueue() {
        guard let loop = makeLoop() else { return }
        defer { loop.close() }
        let watchdog = Watchdog(loop)
        let onMainThread = vitrine_is_main_thread() != 0
        final class Log: @unchecked Sendable { var entries: [String] = [] }
        let log = Log()
        DispatchQueue.main.async { log.entries.append("dispatch") }
        Task { @MainActor in log.entries.append("task") }
        LoopTimer.scheduled(on: loop, after: 0.05) { _ in loop.stop() }
        loop.run()
        if loop.drainsMainQueue {
            #expect(log.entries.sorted() == ["dispatch", "task"])
        } else {
            #expect(!onMainThread, "on the main thread the loop must drain the main queue")
            #expect(log.entries.isEmpty, "a loop that cannot drain the main queue runs none of it")
        }
        #expect(!watchdog.fired)
    }

    // MARK: System calls

    @Test func interruptedCallsAreRetriedAndOtherErrorsReturned() {
        var calls = 0
        let value = retryingOnInterrupt { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(calls == 3)
        #expect(value == .success(7))

        calls = 0
        let failure = retryingOnInterrupt { () -> Int in
            calls += 1
            errno = EBADF
            return -1
        }
        #expect(calls == 1)
        #expect(failure == .failure(.badFileDescriptor))
    }

    @Test func errorsSayWhatToDo() {
        let error = MainLoopError("epoll_create1", .tooManyOpenFiles)
        #expect(error.description.hasPrefix("epoll_create1 failed: "))
        #expect(error.description.contains("LimitNOFILE="))
    }

    // MARK: TimeSource

    @Test func deadlinesRoundUpToTheNextNanosecond() {
        let half = MonotonicClock.timespecRoundingUp(1.5)
        #expect(half.tv_sec == 1 && half.tv_nsec == 500_000_000)
        // 0.1 ns past a whole second: the timer must not expire before it, so 1 ns.
        let justPast = MonotonicClock.timespecRoundingUp(2.0000000001)
        #expect(justPast.tv_sec == 2 && justPast.tv_nsec == 1)
        // 0.1 ns short of a second rounds up to the whole second, carried.
        let carried = MonotonicClock.timespecRoundingUp(0.9999999999)
        #expect(carried.tv_sec == 1 && carried.tv_nsec == 0)
        // Zero would disarm a timerfd: the earliest deadline is 1 ns.
        let zero = MonotonicClock.timespecRoundingUp(0)
        #expect(zero.tv_sec == 0 && zero.tv_nsec == 1)
    }

    @Test func theMonotonicClockNeverGoesBack() {
        let clock = MonotonicClock()
        var previous = clock.now
        for _ in 0..<1000 {
            let now = clock.now
            #expect(now >= previous)
            previous = now
        }
        #expect(previous > 0)
    }
}
