import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
@Suite struct SwitchPolicyTests {
    final class Listener: View {
        var log: [String] = []
        override var canBecomeFirstResponder: Bool { true }
        override func switchChanged(_ kind: SwitchKind, isOn: Bool, with event: Event?) {
            log.append("\(kind) \(isOn) at \(event?.timestamp ?? -1)")
        }
    }

    final class Delegate: ApplicationDelegate {
        var log: [String] = []
        func application(_ application: Application, switch kind: SwitchKind, didChangeTo isOn: Bool) {
            log.append("\(kind) \(isOn) display \(application.display!.isPoweredOn ? "on" : "off")")
        }
    }

    @Test func closingTheLidCancelsTouchesAndTurnsTheDisplayOffOpeningRepaints() {
        let h = Harness()
        let delegate = Delegate()
        h.app.delegate = delegate
        let view = RecordingView("v", frame: Rect(x: 0, y: 0, width: 400, height: 480))
        view.backgroundColor = .white
        h.window.addSubview(view)
        let listener = Listener(frame: Rect(x: 400, y: 0, width: 10, height: 10))
        h.window.addSubview(listener)
        _ = listener.becomeFirstResponder()
        h.loop.runUntilIdle()
        h.down(0, at: Point(x: 100, y: 100))
        h.advance(by: 1)
        let presentsBefore = h.display.presentCount

        h.input.toggle(.lid, isOn: true)
        h.loop.runUntilIdle()
        #expect(view.log == ["began 1", "cancelled 1"])
        #expect(h.app.touchPool.activeTouches.isEmpty)
        #expect(!h.display.isPoweredOn)
        // The delegate hears first, before the policy acts; then the first responder.
        #expect(delegate.log == ["lid true display on"])
        #expect(listener.log == ["lid true at \(h.clock.now)"])
        #expect(h.app.switchStates[.lid] == true)

        // While closed, a change draws nothing.
        view.backgroundColor = .red
        h.advance(by: 1)
        #expect(h.display.presentCount == presentsBefore)

        h.input.toggle(.lid, isOn: false)
        h.advance(by: 0.1)
        #expect(h.display.isPoweredOn)
        // Repainted whole: the frame copied the entire scene into the panel.
        #expect(h.display.presentedCopies.last == Region(PixelRect(x: 0, y: 0, width: 800, height: 480)))
        #expect(h.display.shownBuffer?.color(x: 10, y: 10) == Color.red)
        #expect(listener.log.count == 2)
    }

    @Test func withTheIgnorePolicyTheAppAloneDecides() {
        let h = Harness()
        h.app.switchPolicy = SwitchPolicy(lid: .ignore)
        let view = RecordingView("v", frame: Rect(x: 0, y: 0, width: 400, height: 480))
        h.window.addSubview(view)
        h.down(0, at: Point(x: 100, y: 100))
        h.input.toggle(.lid, isOn: true)
        h.loop.runUntilIdle()
        #expect(view.log == ["began 1"])
        #expect(h.display.isPoweredOn)
    }

    @Test func tabletModeIsDeliveredAndChangesNothingByItself() {
        let h = Harness()
        let delegate = Delegate()
        h.app.delegate = delegate
        h.input.toggle(.tabletMode, isOn: true)
        h.loop.runUntilIdle()
        #expect(delegate.log == ["tabletMode true display on"])
        #expect(h.display.isPoweredOn)
        #expect(h.app.switchStates[.tabletMode] == true)
    }

    @Test func anOpenLidReportedAtStartUpDoesNotRepaint() {
        let h = Harness()
        h.advance(by: 1)
        let presents = h.display.presentCount
        h.input.toggle(.lid, isOn: false)
        h.advance(by: 1)
        #expect(h.display.presentCount == presents)
        #expect(h.app.switchStates[.lid] == false)
    }
}
