import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// One run-loop turn of the application, as ARCHITECTURE.md draws it: input → timers → layout pass →
/// display pass → present, then sleep; and nothing at all when nothing is dirty.
@MainActor
struct MainLoopTurnTests {
    @MainActor final class TurnLog {
        var entries: [String] = []
    }

    /// Logs its touches, layout and drawing; a touch makes it need both.
    final class Busy: View {
        var log: TurnLog?
        override func touchesBegan(_ touches: TouchSet, with event: Event?) {
            log?.entries.append("touch")
            setNeedsLayout()
            setNeedsDisplay()
        }
        override func layoutSubviews() { log?.entries.append("layout") }
        override func draw(_ rect: Rect, in context: GraphicsContext) { log?.entries.append("draw") }
    }

    @Test func aTurnRunsInputThenTimersThenLayoutThenDisplayThenPresent() {
        let h = Harness()
        let log = TurnLog()
        let view = Busy(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.log = log
        h.window.addSubview(view)
        h.settle()
        log.entries.removeAll()
        let presents = h.display.presentCount
        let due = h.clock.now + 0.5
        LoopTimer.scheduled(on: h.app.mainLoop, after: 0.5) { _ in
            log.entries.append("timer (presents: \(h.display.presentCount - presents))")
        }
        // Input arriving at the instant the timer is due: both are handled in one turn.
        h.loop.manualClock.set(to: due)
        h.input.down(0, at: Point(x: 50, y: 50))
        h.input.frame()
        let turns = h.loop.turnCount
        h.loop.runUntilIdle()
        #expect(log.entries == ["touch", "timer (presents: 0)", "layout", "draw"])
        #expect(h.display.presentCount == presents + 1)
        #expect(h.loop.turnCount == turns + 1)
        h.up(0)
    }

    @Test func aTurnWhoseInputChangesNothingDoesNothingElse() {
        let h = Harness()
        let view = RecordingView("quiet", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        h.window.addSubview(view)
        h.settle()
        let statistics = h.app.statistics
        let presents = h.display.presentCount
        let turns = h.loop.turnCount
        h.tap(at: Point(x: 50, y: 50))
        // Two turns (down, up) were run for the input; neither laid out, drew or presented.
        #expect(view.log == ["began 1", "ended 1"])
        #expect(h.loop.turnCount == turns + 2)
        #expect(h.display.presentCount == presents)
        #expect(h.app.statistics == statistics)
        #expect(!h.app.hasPendingCommit)
    }

    @Test func manyChangesInOneTurnAreOneCommitAndOnePresent() {
        let h = Harness()
        let views = (0..<10).map { View(frame: Rect(x: Double($0) * 20, y: 0, width: 10, height: 10)) }
        for view in views { h.window.addSubview(view) }
        h.settle()
        let commits = h.app.statistics.commits
        let presents = h.display.presentCount
        LoopTimer.scheduled(on: h.app.mainLoop, after: 0.1) { _ in
            for view in views {
                view.backgroundColor = .red
                view.alpha = 0.5
                view.center.y += 10
            }
        }
        h.advance(by: 0.2)
        #expect(h.app.statistics.commits == commits + 1)
        #expect(h.display.presentCount == presents + 1)
    }

    @Test func theLoopSleepsUntilTheNextDeadlineWithNothingInBetween() {
        let h = Harness()
        h.settle()
        let turns = h.loop.turnCount
        var firedAt: [Double] = []
        let start = h.clock.now
        LoopTimer.scheduled(on: h.app.mainLoop, after: 5) { _ in firedAt.append(h.clock.now - start) }
        LoopTimer.scheduled(on: h.app.mainLoop, after: 30) { _ in firedAt.append(h.clock.now - start) }
        h.advance(by: 60)
        #expect(firedAt.count == 2)
        #expect(near(firedAt[0], 5) && near(firedAt[1], 30))
        // Two wake-ups in a minute: one per deadline.
        #expect(h.loop.turnCount == turns + 2)
    }
}
