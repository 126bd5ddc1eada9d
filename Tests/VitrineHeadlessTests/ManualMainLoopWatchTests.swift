import Testing
import Vitrine
import VitrineHeadless

/// `MainLoop.watch` on the manual loop: fake descriptors made ready by hand, with the contract
/// the epoll loop keeps on real ones (level-triggered, once per turn, hang-up ends the watch).
@Suite @MainActor
struct ManualMainLoopWatchTests {
    @Test func aReadyDescriptorIsReportedOncePerTurnUntilItIsDrained() throws {
        let loop = ManualMainLoop()
        var pending = 3
        var turns: [Int] = []
        let watch = try loop.watch(40) { events in
            #expect(events == .readable)
            turns.append(loop.turnCount)
            // Reads one item per call, as a reader limited per call would.
            pending -= 1
            if pending == 0 { loop.setReadiness([], of: 40) }
        }
        loop.setReadiness(.readable, of: 40)
        #expect(loop.hasWork)
        loop.runUntilIdle()
        #expect(turns == [1, 2, 3])
        #expect(!loop.hasWork)
        #expect(watch.isActive)
        watch.cancel()
    }

    @Test func aDescriptorThatIsNotReadyCostsNoTurn() throws {
        let loop = ManualMainLoop()
        var calls = 0
        let watch = try loop.watch(40) { _ in calls += 1 }
        // Ready for what the watch does not ask for: still idle.
        loop.setReadiness(.writable, of: 40)
        #expect(!loop.hasWork)
        loop.advance(by: 10)
        #expect(loop.turnCount == 0)
        #expect(calls == 0)
        watch.cancel()
    }

    @Test func aCancelledWatchIsNotCalledAndTheDescriptorCanBeWatchedAgain() throws {
        let loop = ManualMainLoop()
        var calls = 0
        let watch = try loop.watch(40) { _ in calls += 1 }
        watch.cancel()
        watch.cancel()
        loop.setReadiness(.readable, of: 40)
        #expect(!loop.hasWork)
        loop.runUntilIdle()
        #expect(calls == 0)
        #expect(loop.watchCount == 0)
        let again = try loop.watch(40) { _ in
            calls += 1
            loop.setReadiness([], of: 40)
        }
        loop.runUntilIdle()
        #expect(calls == 1)
        again.cancel()
    }

    @Test func aWatchCancelledByAnEarlierHandlerInTheSameTurnIsNotCalled() throws {
        let loop = ManualMainLoop()
        var called: [Int32] = []
        var second: DescriptorWatch?
        let first = try loop.watch(40) { _ in
            called.append(40)
            second?.cancel()
            loop.setReadiness([], of: 40)
        }
        second = try loop.watch(41) { _ in called.append(41) }
        loop.setReadiness(.readable, of: 40)
        loop.setReadiness(.readable, of: 41)
        loop.runUntilIdle()
        #expect(called == [40])
        #expect(loop.turnCount == 1)
        first.cancel()
    }

    @Test func aHangUpIsReportedOnceThenTheWatchEnds() throws {
        let loop = ManualMainLoop()
        var reports: [DescriptorEvents] = []
        let watch = try loop.watch(40) { reports.append($0) }
        // The peer went away and stays gone: reported once, never a turn after turn.
        loop.setReadiness([.readable, .hangUp], of: 40)
        loop.runUntilIdle()
        #expect(reports == [[.readable, .hangUp]])
        #expect(!watch.isActive)
        #expect(loop.watchCount == 0)
        #expect(loop.turnCount == 1)
        #expect(!loop.hasWork)
    }

    @Test func badDescriptorsAreTypedErrors() throws {
        let loop = ManualMainLoop()
        #expect(throws: DescriptorWatchError.invalidDescriptor(-1, errno: 9)) { _ = try loop.watch(-1) { _ in } }
        let watch = try loop.watch(40) { _ in }
        #expect(throws: DescriptorWatchError.alreadyWatched(40)) { _ = try loop.watch(40) { _ in } }
        watch.cancel()
    }

    @Test func aTurnRunsWatchesAfterInputAndBeforeTimers() throws {
        let loop = ManualMainLoop()
        let input = ScriptedInput(clock: loop.clock)
        var order: [String] = []
        loop.addInputSource(input) { _ in order.append("input") }
        let watch = try loop.watch(40) { _ in
            order.append("watch")
            loop.setReadiness([], of: 40)
        }
        LoopTimer.scheduled(on: loop, after: 0) { _ in order.append("timer") }
        loop.addBeforeWaitingObserver { order.append("observer") }
        input.frame()
        loop.setReadiness(.readable, of: 40)
        loop.runTurn()
        #expect(order == ["input", "watch", "timer", "observer"])
        watch.cancel()
    }
}
