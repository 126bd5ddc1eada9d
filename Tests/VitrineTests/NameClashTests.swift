import Foundation
import Testing
import Vitrine
import VitrineHeadless

/// An app imports Vitrine beside Foundation and the standard library: their `Timer`, `RunLoop`
/// and `Clock` must stay unqualified (this file compiling is half the test).
@MainActor
struct NameClashTests {
    @Test func foundationAndTheStandardLibraryKeepTheirNames() {
        let clock: any Clock<Duration> = ContinuousClock()
        let foundationTimer = Timer(timeInterval: 1, repeats: false) { _ in }
        let runLoop: RunLoop? = nil
        #expect(clock.minimumResolution >= .zero)
        #expect(foundationTimer.isValid)
        #expect(runLoop == nil)
        foundationTimer.invalidate()
    }

    @Test func vitrinesOwnNamesAreTheLoopsTimersAndTimeSource() {
        let loop = ManualMainLoop()
        let source: any TimeSource = loop.manualClock
        var fired = 0
        LoopTimer.scheduled(on: loop, after: 0.5) { _ in fired += 1 }
        loop.advance(by: 1)
        #expect(fired == 1)
        #expect(source.now == 1)
    }
}
