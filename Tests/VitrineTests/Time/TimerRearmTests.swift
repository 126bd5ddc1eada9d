import Testing
import Vitrine
import VitrineHeadless

@MainActor
@Suite struct TimerRearmTests {
    @Test func aFiredTimerArmedAgainFiresAgainAtItsNewDeadline() {
        let loop = ManualMainLoop()
        var fired: [Double] = []
        let timer = LoopTimer.scheduled(on: loop, after: 1) { _ in fired.append(loop.manualClock.now) }
        loop.advance(by: 2)
        #expect(fired == [1] && !timer.isValid)
        timer.rearm(at: 3)
        #expect(timer.isValid)
        loop.advance(by: 2)
        #expect(fired == [1, 3])
    }

    @Test func rearmingMovesAPendingDeadlineAndAnInvalidatedTimerComesBack() {
        let loop = ManualMainLoop()
        var fired = 0
        let timer = LoopTimer.scheduled(on: loop, after: 1) { _ in fired += 1 }
        timer.rearm(at: 5)
        loop.advance(by: 2)
        #expect(fired == 0)
        timer.invalidate()
        loop.advance(by: 4)
        #expect(fired == 0)
        timer.rearm(at: 7)
        loop.advance(by: 2)
        #expect(fired == 1)
    }

    @Test func aTimerMayArmItselfAgainFromItsBlock() {
        let loop = ManualMainLoop()
        var fired: [Double] = []
        var timer: LoopTimer?
        timer = LoopTimer.scheduled(on: loop, after: 1) { t in
            fired.append(loop.manualClock.now)
            if fired.count < 3 { t.rearm(at: loop.manualClock.now + 1) }
        }
        loop.advance(by: 10)
        #expect(fired == [1, 2, 3])
        #expect(timer?.isValid == false)
    }
}
