import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
@Suite struct RuntimeRotationTests {
    final class Root: View {
        var layouts: [Size] = []
        override func layoutSubviews() {
            super.layoutSubviews()
            layouts.append(bounds.size)
        }
    }

    final class Delegate: ApplicationDelegate {
        var rotations: [ScreenRotation] = []
        var boundsSeen: [Rect] = []
        func application(_ application: Application, didRotateTo rotation: ScreenRotation) {
            rotations.append(rotation)
            boundsSeen.append(application.windows[0].frame)
        }
    }

    @Test(arguments: [ScreenRotation.clockwise90, .upsideDown, .clockwise270])
    func turningTheScreenTurnsDisplayScreenWindowsAndPictureInOneStep(rotation: ScreenRotation) {
        let h = Harness(width: 800, height: 480)
        let delegate = Delegate()
        h.app.delegate = delegate
        let root = Root(frame: h.window.bounds)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        h.window.addSubview(root)
        let corner = View(frame: Rect(x: 0, y: 0, width: 20, height: 10))
        corner.backgroundColor = .red
        root.addSubview(corner)
        h.advance(by: 0.1)
        let recorder = RecordingView("r", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(recorder)
        h.down(0, at: Point(x: 50, y: 50))

        h.app.setScreenRotation(rotation)
        // Touches are cancelled at once.
        #expect(recorder.log == ["began 1", "cancelled 1"])
        h.advance(by: 0.1)

        let scene = rotation.rotatedSize(width: 800, height: 480)
        #expect(h.display.rotation == rotation)
        #expect(h.app.screenRotation == rotation)
        #expect(h.app.screen.bounds == Rect(x: 0, y: 0, width: Double(scene.width), height: Double(scene.height)))
        #expect(h.window.frame == h.app.screen.bounds)
        #expect(root.layouts.last == h.app.screen.bounds.size)
        #expect(delegate.rotations == [rotation])
        #expect(delegate.boundsSeen == [h.app.screen.bounds])
        // The red corner is drawn where the rotation puts the scene's top-left on the panel.
        let panelRect = rotation.rect(PixelRect(x: 0, y: 0, width: 20, height: 10), sceneWidth: scene.width, sceneHeight: scene.height)
        let shown = h.display.shownBuffer!
        #expect(shown.color(x: panelRect.x + 1, y: panelRect.y + 1) == Color.red)
        #expect(shown.color(x: panelRect.maxX - 2, y: panelRect.maxY - 2) == Color.red)
        #expect(shown.color(x: 400, y: 240) != Color.red)
        // The whole scene was repainted and copied.
        #expect(h.display.presentedCopies.last == Region(PixelRect(x: 0, y: 0, width: scene.width, height: scene.height)))
    }

    @Test func theSameRotationDoesNothing() {
        let h = Harness()
        h.advance(by: 0.1)
        let presents = h.display.presentCount
        h.app.setScreenRotation(.none)
        h.advance(by: 0.1)
        #expect(h.display.presentCount == presents)
    }

    @Test func autoRotationFollowsThePanelOnlyWhenEnabled() {
        let h = Harness(width: 800, height: 480)
        let sensor = FakeAccelerometer()
        h.app.addInputSource(sensor)
        h.app.autoRotates = true
        sensor.feed(MotionSamples.held(at: 90, tilt: 10, from: 0, duration: 1))
        h.advance(by: 0.1)
        #expect(h.display.rotation == .clockwise90)
        #expect(h.app.screen.bounds.size == Size(width: 480, height: 800))
        h.app.autoRotates = false
        #expect(!sensor.isStarted)
        // Samples no longer arrive, so nothing turns back.
        sensor.feed(MotionSamples.held(at: 0, from: 1, duration: 1))
        h.advance(by: 0.1)
        #expect(h.display.rotation == .clockwise90)
    }

    @Test func aSensorHeldStillAfterStartStillTurnsTheScreenOnceTheSettleTimeHasPassed() {
        let h = Harness(width: 800, height: 480)
        let sensor = FakeAccelerometer()
        // Standing on its left edge (right edge up), and sending nothing more: evdev drops
        // repeated values.
        sensor.state = Acceleration(x: 1, y: 0, z: 0)
        h.app.addInputSource(sensor)
        h.app.autoRotates = true
        h.advance(by: h.app.orientationDetector.configuration.settleTime / 2)
        #expect(h.display.rotation == .none)
        h.advance(by: h.app.orientationDetector.configuration.settleTime)
        #expect(h.display.rotation == .clockwise90)
        // Nothing is left armed: the app sleeps.
        let turns = h.loop.turnCount
        h.advance(by: 5)
        #expect(h.loop.turnCount == turns)
    }
}
