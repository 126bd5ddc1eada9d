import Testing
import VitrineGraphics
import VitrineHeadless
@testable import Vitrine
@testable import VitrineCore

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

    /// Mirrors each frame's damage into a surface of its own, as a remote view does.
    final class Mirror: FrameObserver {
        let surface: Surface
        init(width: Int, height: Int) { surface = Surface(width: width, height: height, format: .xrgb8888) }
        func application(_ application: Application, didPresent scene: Surface, damage: Region, rotation: ScreenRotation) {
            surface.copy(damage, from: scene)
        }
    }

    /// While a list scrolls, the scene an observer gets keeps the list's rows turned (nothing
    /// is unwound for it), and copying the damage out of it still mirrors the picture exactly.
    @Test func anObserverMirrorsAScrollingListThroughTurnedRows() {
        let h = Harness(width: 300, height: 240)
        h.window.backgroundColor = .white
        let scroll = ScrollView(frame: Rect(x: 0, y: 30, width: 300, height: 200))
        scroll.backgroundColor = Color(rgb: 0xECEFF1)
        scroll.contentSize = Size(width: 300, height: 1500)
        for row in 0..<30 {
            let card = View(frame: Rect(x: 8, y: 4 + Double(row) * 50, width: 284, height: 42))
            card.backgroundColor = Color(rgb: UInt32(row) &* 0x0A0713 & 0xFFFFFF)
            scroll.addSubview(card)
        }
        h.window.addSubview(scroll)
        h.settle()
        let mirror = Mirror(width: 300, height: 240)
        h.app.addFrameObserver(mirror)
        h.app.setNeedsFullRepaint()
        h.settle()
        var turned = 0
        for offset in [17.0, 40, 95, 60, 61, 300, 290] {
            scroll.contentOffset = Point(x: 0, y: offset)
            h.settle()
            if h.app.compositor?.turnedBand != nil { turned += 1 }
            #expect(mirror.surface.hasSamePixels(as: fullRepaintAsShown(h)), "offset \(offset)")
        }
        #expect(turned == 7)
    }
}
