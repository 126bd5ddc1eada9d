import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Scripted input must reach its loop in the order it was written, stamped with the clock's
/// time, and wake the loop only when there is something to dispatch.
@MainActor
struct ScriptedInputTests {
    @Test func eventsArriveInTheOrderTheyWereScripted() {
        let loop = ManualMainLoop(clock: ManualClock(start: 2))
        let input = ScriptedInput(clock: loop.clock, device: 3)
        var received: [InputEvent] = []
        loop.addInputSource(input) { received.append($0) }

        input.down(0, at: Point(x: 10, y: 20))
        input.down(1, at: Point(x: 30, y: 40), majorRadius: 4)
        input.frame()
        input.move(1, to: Point(x: 31, y: 41))
        input.up(0)
        input.cancel(1)
        input.frame()
        loop.runUntilIdle()

        let first = TouchIdentifier(device: 3, slot: 0)
        let second = TouchIdentifier(device: 3, slot: 1)
        #expect(received == [
            .touchDown(first, location: Point(x: 10, y: 20), majorRadius: 0, timestamp: 2),
            .touchDown(second, location: Point(x: 30, y: 40), majorRadius: 4, timestamp: 2),
            .touchFrame(timestamp: 2),
            .touchMotion(second, location: Point(x: 31, y: 41), majorRadius: 0, timestamp: 2),
            .touchUp(first, timestamp: 2),
            .touchCancel(second, timestamp: 2),
            .touchFrame(timestamp: 2),
        ])
        // Everything scripted between two turns is dispatched in one turn.
        #expect(loop.turnCount == 1)
    }

    @Test func eachEventCarriesTheClockTimeAtWhichItWasScripted() {
        let loop = ManualMainLoop()
        let input = ScriptedInput(clock: loop.clock)
        var timestamps: [Double] = []
        loop.addInputSource(input) { event in
            switch event {
            case let .touchDown(_, _, _, timestamp), let .touchMotion(_, _, _, timestamp):
                timestamps.append(timestamp)
            case let .touchUp(_, timestamp), let .touchFrame(timestamp):
                timestamps.append(timestamp)
            default:
                break
            }
        }
        input.down(0, at: .zero)
        input.frame()
        loop.advance(by: 0.5)
        input.move(0, to: Point(x: 1, y: 1))
        input.frame()
        loop.advance(by: 0.25)
        input.up(0)
        input.frame()
        loop.runUntilIdle()
        #expect(timestamps == [0, 0, 0.5, 0.5, 0.75, 0.75])
        #expect(loop.turnCount == 3)
    }

    @Test func keysSwitchesAndDeviceRemovalUseTheSamePath() {
        let loop = ManualMainLoop()
        let input = ScriptedInput(clock: loop.clock, device: 1)
        var received: [InputEvent] = []
        loop.addInputSource(input) { received.append($0) }
        input.key(30, .pressed, characters: "a", modifiers: .shift)
        input.key(30, .released, characters: "a", modifiers: .shift)
        input.toggle(.lid, isOn: true)
        input.removeDevice()
        loop.runUntilIdle()
        #expect(received == [
            .key(code: 30, state: .pressed, characters: "a", modifiers: .shift, device: 1, timestamp: 0),
            .key(code: 30, state: .released, characters: "a", modifiers: .shift, device: 1, timestamp: 0),
            .switchToggled(.lid, isOn: true, timestamp: 0),
            .deviceRemoved(device: 1, timestamp: 0),
        ])
    }

    @Test func inputScriptedDuringADispatchWaitsForTheNextTurn() {
        let loop = ManualMainLoop()
        let input = ScriptedInput(clock: loop.clock)
        var log: [String] = []
        loop.addInputSource(input) { event in
            if case .touchFrame = event {
                log.append("frame in turn \(loop.turnCount)")
                if log.count == 1 { input.frame() }
            }
        }
        input.frame()
        loop.runUntilIdle()
        #expect(log == ["frame in turn 1", "frame in turn 2"])
    }

    @Test func aSourceWithNothingQueuedDoesNotWakeTheLoop() {
        let loop = ManualMainLoop()
        let input = ScriptedInput(clock: loop.clock)
        loop.addInputSource(input) { _ in }
        loop.advance(by: 10)
        #expect(loop.turnCount == 0)
        #expect(input.fileDescriptor == nil)
    }

    @Test func aScanIsQueuedWholeWithTheClocksTime() {
        let loop = ManualMainLoop(clock: ManualClock(start: 7))
        let input = ScriptedInput(clock: loop.clock)
        var received: [InputEvent] = []
        loop.addInputSource(input) { received.append($0) }
        input.scan("4006381333931", scanner: "Gun")
        input.scan("CUT", ending: .pause, isTruncated: true)
        loop.runUntilIdle()
        #expect(received == [
            .scan(Scan(code: "4006381333931", scanner: "Gun", ending: .returnKey, isTruncated: false, timestamp: 7)),
            .scan(Scan(code: "CUT", scanner: "Scripted Scanner", ending: .pause, isTruncated: true, timestamp: 7)),
        ])
    }
}
