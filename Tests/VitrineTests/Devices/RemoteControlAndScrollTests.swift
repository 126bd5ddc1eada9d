import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
@Suite struct RemoteControlAndScrollTests {
    final class Player: View {
        var log: [String] = []
        override var canBecomeFirstResponder: Bool { true }
        override func remoteControlReceived(with event: Event?) { log.append("\(event!.subtype)") }
        override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) { log.append("press \(presses.first!.keyCode)") }
        override func pressesEnded(_ presses: PressSet, with event: PressesEvent?) {}
    }

    final class Scroller: View {
        var deltas: [Point] = []
        override func scrollWheel(_ delta: Point, with event: Event?) { deltas.append(delta) }
    }

    @Test func mediaKeysBecomeRemoteControlEventsAtTheFirstResponder() {
        let h = Harness()
        let player = Player(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(player)
        _ = player.becomeFirstResponder()
        let strokes: [(Int, KeyState)] = [
            (164, .pressed), (164, .released),            // KEY_PLAYPAUSE
            (207, .pressed), (207, .pressed), (207, .released), // KEY_PLAY, with an auto-repeat
            (119, .pressed), (119, .released),            // KEY_PAUSE (IR remotes)
            (128, .pressed), (128, .released),            // KEY_STOP
            (163, .pressed), (163, .released),            // KEY_NEXTSONG
            (165, .pressed), (165, .released),            // KEY_PREVIOUSSONG
            (208, .pressed), (208, .released),            // KEY_FASTFORWARD
            (168, .pressed), (168, .released),            // KEY_REWIND
            (30, .pressed), (30, .released),              // KEY_A: a press, not a remote event
        ]
        for (code, state) in strokes { h.input.key(code, state) }
        h.loop.runUntilIdle()
        #expect(player.log == [
            "remoteControlTogglePlayPause", "remoteControlPlay", "remoteControlPause", "remoteControlStop",
            "remoteControlNextTrack", "remoteControlPreviousTrack",
            "remoteControlBeginSeekingForward", "remoteControlEndSeekingForward",
            "remoteControlBeginSeekingBackward", "remoteControlEndSeekingBackward",
            "press 30",
        ])
    }

    @Test func aSeekingKeyHeldWhenItsRemoteIsUnpluggedEndsTheSeekAndPressesAfreshLater() {
        let h = Harness()
        let player = Player(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(player)
        _ = player.becomeFirstResponder()
        h.input.key(208, .pressed)                       // KEY_FASTFORWARD held…
        h.input.removeDevice()                           // …when the remote goes away
        h.input.key(208, .pressed)                       // plugged back in and pressed again
        h.input.key(208, .released)
        h.loop.runUntilIdle()
        #expect(player.log == [
            "remoteControlBeginSeekingForward", "remoteControlEndSeekingForward",
            "remoteControlBeginSeekingForward", "remoteControlEndSeekingForward",
        ])
    }

    @Test func theWheelScrollsTheViewUnderThePointerAndBubblesUp() {
        let h = Harness()
        let outer = Scroller(frame: Rect(x: 0, y: 0, width: 400, height: 480))
        let inner = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        outer.addSubview(inner)
        h.window.addSubview(outer)
        let other = Scroller(frame: Rect(x: 400, y: 0, width: 400, height: 480))
        h.window.addSubview(other)
        // Over the inner view, which does not scroll: its superview does.
        h.input.send(.scroll(deltaX: 0, deltaY: 40, location: Point(x: 50, y: 50), timestamp: 0))
        h.input.send(.scroll(deltaX: -40, deltaY: 0, location: Point(x: 500, y: 50), timestamp: 0))
        h.loop.runUntilIdle()
        #expect(outer.deltas == [Point(x: 0, y: 40)])
        #expect(other.deltas == [Point(x: -40, y: 0)])
    }
}
