import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
private final class KeyView: View {
    var log: [String] = []
    var accepts = true
    var resigns = true
    override var canBecomeFirstResponder: Bool { accepts }
    override var canResignFirstResponder: Bool { resigns }
    override func motionBegan(_ motion: Event.Subtype, with event: Event?) { log.append("motionBegan \(motion)") }
    override func motionEnded(_ motion: Event.Subtype, with event: Event?) { log.append("motionEnded \(motion)") }
    override func motionCancelled(_ motion: Event.Subtype, with event: Event?) { log.append("motionCancelled") }
    override func remoteControlReceived(with event: Event?) { log.append("remote \(event!.subtype)") }
    override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) {
        log.append("pressesBegan \(presses.first!.keyCode) \(presses.first!.characters)")
    }
    override func pressesChanged(_ presses: PressSet, with event: PressesEvent?) { log.append("pressesChanged") }
    override func pressesEnded(_ presses: PressSet, with event: PressesEvent?) {
        log.append("pressesEnded \(presses.first!.keyCode)")
    }
}

@MainActor
private final class MotionWindow: Window {
    var log: [String] = []
    override func motionBegan(_ motion: Event.Subtype, with event: Event?) { log.append("window motionBegan") }
}

@MainActor
struct ResponderTests {
    @Test func firstResponderNeedsAWindowAndConsent() {
        let h = Harness()
        let a = KeyView(frame: .zero), b = KeyView(frame: .zero)
        #expect(!a.becomeFirstResponder())   // not in a window
        h.window.addSubview(a)
        h.window.addSubview(b)
        #expect(a.becomeFirstResponder())
        #expect(a.isFirstResponder)
        a.resigns = false
        #expect(!b.becomeFirstResponder())   // a refuses to resign
        #expect(a.isFirstResponder)
        a.resigns = true
        #expect(b.becomeFirstResponder())
        #expect(!a.isFirstResponder && b.isFirstResponder)
        b.accepts = false
        #expect(!a.isFirstResponder)
        #expect(b.resignFirstResponder())
        #expect(h.window.currentFirstResponder == nil)
        let refuses = KeyView(frame: .zero)
        refuses.accepts = false
        h.window.addSubview(refuses)
        #expect(!refuses.becomeFirstResponder())
    }

    @Test func removingTheFirstResponderFromTheWindowResignsIt() {
        let h = Harness()
        let container = View(frame: .zero)
        let field = KeyView(frame: .zero)
        h.window.addSubview(container)
        container.addSubview(field)
        #expect(field.becomeFirstResponder())
        container.removeFromSuperview()
        #expect(h.window.currentFirstResponder == nil)
    }

    @Test func motionRemoteAndKeyEventsGoToTheFirstResponderAndUpTheChain() {
        let h = Harness()
        let outer = KeyView(frame: .zero)
        let inner = View(frame: .zero)   // a plain view forwards to its superview
        final class Focus: View { override var canBecomeFirstResponder: Bool { true } }
        let focus = Focus(frame: .zero)
        h.window.addSubview(outer)
        outer.addSubview(inner)
        inner.addSubview(focus)
        #expect(focus.becomeFirstResponder())
        h.app.sendMotion(.motionShake, phase: .began, timestamp: 1)
        h.app.sendMotion(.motionShake, phase: .ended, timestamp: 2)
        h.app.sendMotion(.motionShake, phase: .cancelled, timestamp: 3)
        h.app.sendRemoteControl(.remoteControlTogglePlayPause, timestamp: 4)
        h.input.key(30, .pressed, characters: "a")
        h.input.key(30, .pressed, characters: "a")   // auto-repeat
        h.input.key(30, .released)
        h.loop.runUntilIdle()
        #expect(outer.log == [
            "motionBegan motionShake", "motionEnded motionShake", "motionCancelled",
            "remote remoteControlTogglePlayPause", "pressesBegan 30 a", "pressesChanged", "pressesEnded 30",
        ])
    }

    @Test func withoutAFirstResponderTheWindowGetsNonTouchEvents() {
        let platform = HeadlessPlatform()
        let app = Application(platform: platform)
        let window = MotionWindow(frame: app.screen.bounds)
        window.makeKeyAndVisible(in: app)
        app.sendMotion(.motionShake, phase: .began, timestamp: 0)
        #expect(window.log == ["window motionBegan"])
    }

    @Test func anOverrideThatDoesNotCallSuperStopsTheEvent() {
        let h = Harness()
        let parent = RecordingView("parent", frame: h.window.bounds)
        let child = RecordingView("child", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        h.window.addSubview(parent)
        parent.addSubview(child)
        h.tap(at: Point(x: 10, y: 10))
        #expect(child.log == ["began 1", "ended 1"])
        #expect(parent.log.isEmpty)
        child.forwards = true
        h.tap(at: Point(x: 10, y: 10))
        #expect(parent.log == ["began 1", "ended 1"])
    }

    @Test func switchesReachTheDelegate() {
        final class Delegate: ApplicationDelegate {
            var log: [String] = []
            func application(_ application: Application, switch kind: SwitchKind, didChangeTo isOn: Bool) {
                log.append("\(kind) \(isOn)")
            }
        }
        let h = Harness()
        let delegate = Delegate()
        h.app.delegate = delegate
        h.input.toggle(.lid, isOn: true)
        h.input.toggle(.tabletMode, isOn: false)
        h.loop.runUntilIdle()
        #expect(delegate.log == ["lid true", "tabletMode false"])
    }
}
