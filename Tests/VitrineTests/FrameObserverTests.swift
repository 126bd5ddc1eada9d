import Testing
import VitrineGraphics
import VitrineHeadless
@testable import Vitrine

/// `FrameObserver`: told of every present with its damage, and of nothing when nothing changed.
@Suite @MainActor struct FrameObserverTests {
    final class Recorder: FrameObserver {
        var damages: [Region] = []
        var rotations: [ScreenRotation] = []
        func application(_ application: Application, didPresent scene: Surface, damage: Region, rotation: ScreenRotation) {
            damages.append(damage)
            rotations.append(rotation)
        }
    }

    @Test func anObserverSeesEachPresentsDamageAndNothingWhenIdle() {
        let h = Harness(rotation: .clockwise90)
        h.advance(by: 0.1) // the first frame's flip completes
        let recorder = Recorder()
        h.app.addFrameObserver(recorder)
        h.app.addFrameObserver(recorder) // once only
        let view = View(frame: Rect(x: 10, y: 20, width: 30, height: 40))
        h.window.addSubview(view)
        view.backgroundColor = .red
        h.frame()
        h.advance(by: 0.1)
        #expect(recorder.damages.count == 1)
        #expect(recorder.damages.last == h.app.statistics.lastPresentedDamage)
        #expect(recorder.rotations == [.clockwise90])
        h.frame()
        h.advance(by: 1)
        #expect(recorder.damages.count == 1, "nothing changed, nothing presented")
        h.app.removeFrameObserver(recorder)
        view.backgroundColor = .blue
        h.frame()
        #expect(recorder.damages.count == 1)
    }
}
