import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Keys (issue 13, defects 6 and 8): presses come from a bounded pool, are cancelled when their
/// keyboard, the session or the lid takes them away, and a key pressed again after that begins
/// anew.
@MainActor
@Suite struct PressDeliveryTests {
    /// A first responder that records each press call: method, then "code/phase" per press.
    final class KeyRecorder: View {
        var log: [String] = []
        var onCancelled: (() -> Void)?
        override var canBecomeFirstResponder: Bool { true }
        override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) { record("began", presses) }
        override func pressesChanged(_ presses: PressSet, with event: PressesEvent?) { record("changed", presses) }
        override func pressesEnded(_ presses: PressSet, with event: PressesEvent?) { record("ended", presses) }
        override func pressesCancelled(_ presses: PressSet, with event: PressesEvent?) {
            record("cancelled", presses)
            onCancelled?()
        }

        private func record(_ method: String, _ presses: PressSet) {
            log.append("\(method) " + presses.map { String($0.keyCode) }.sorted().joined(separator: ","))
        }
    }

    private func focused(_ h: Harness) -> KeyRecorder {
        let recorder = KeyRecorder(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(recorder)
        #expect(recorder.becomeFirstResponder())
        return recorder
    }

    private func key(_ code: Int, _ state: KeyState, device: Int) -> InputEvent {
        .key(code: code, state: state, characters: "", modifiers: [], device: device, timestamp: 0)
    }

    @Test func aKeyHeldWhenItsKeyboardIsRemovedIsCancelledOnceAndItsReleaseIgnored() {
        let h = Harness()
        let recorder = focused(h)
        h.input.key(30, .pressed, characters: "a")
        h.input.send(key(31, .pressed, device: 7))   // another keyboard's key stays held
        h.input.removeDevice()
        h.input.removeDevice()
        h.input.key(30, .released)
        h.loop.runUntilIdle()
        #expect(recorder.log == ["began 30", "began 31", "cancelled 30"])
        #expect(h.app.pressPool.activeCount == 1)
        h.input.send(key(31, .released, device: 7))
        h.loop.runUntilIdle()
        #expect(recorder.log.last == "ended 31")
        #expect(h.app.pressPool.activeCount == 0)
    }

    @Test func aKeyHeldWhenItsKeyboardIsUnpluggedComesBackAsANewPress() {
        let h = Harness()
        let recorder = focused(h)
        h.input.key(30, .pressed, characters: "a")
        h.input.removeDevice()
        // Plugged in again, the key still down: its next press is a new one, not a repeat.
        h.input.key(30, .pressed, characters: "a")
        h.input.key(30, .pressed, characters: "a")
        h.input.key(30, .released)
        h.loop.runUntilIdle()
        #expect(recorder.log == ["began 30", "cancelled 30", "began 30", "changed 30", "ended 30"])
    }

    @Test func closingTheLidCancelsHeldKeysOnce() {
        let h = Harness()
        let recorder = focused(h)
        h.input.key(30, .pressed)
        h.input.key(42, .pressed)
        h.input.toggle(.lid, isOn: true)
        h.input.toggle(.lid, isOn: true)
        h.input.key(30, .released)
        h.input.key(42, .released)
        h.loop.runUntilIdle()
        #expect(recorder.log == ["began 30", "began 42", "cancelled 30,42"])
        #expect(h.app.pressPool.activeCount == 0)
    }

    @Test func aLidPolicyOfIgnoreLeavesKeysHeld() {
        let h = Harness()
        h.app.switchPolicy = SwitchPolicy(lid: .ignore)
        let recorder = focused(h)
        h.input.key(30, .pressed)
        h.input.toggle(.lid, isOn: true)
        h.input.key(30, .released)
        h.loop.runUntilIdle()
        #expect(recorder.log == ["began 30", "ended 30"])
    }

    @Test func cancelAllPressesCancelsEachHeldKeyOnceEvenWhenAHandlerCancelsAgain() {
        let h = Harness()
        let recorder = focused(h)
        h.input.key(30, .pressed)
        h.input.key(31, .pressed)
        h.input.key(31, .released)
        h.loop.runUntilIdle()
        recorder.onCancelled = { h.app.cancelAllPresses() }
        h.app.cancelAllPresses()
        h.app.cancelAllPresses()
        #expect(recorder.log == ["began 30", "began 31", "ended 31", "cancelled 30"])
        #expect(h.app.pressPool.activeCount == 0)
        h.input.key(30, .released)
        h.input.key(30, .pressed)
        h.loop.runUntilIdle()
        #expect(recorder.log.suffix(1) == ["began 30"])
    }

    @Test func autoRepeatIsChangedAndCarriesTheCharactersOfTheBegan() {
        final class Characters: View {
            var log: [String] = []
            override var canBecomeFirstResponder: Bool { true }
            override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) { record(presses, event) }
            override func pressesChanged(_ presses: PressSet, with event: PressesEvent?) { record(presses, event) }
            override func pressesEnded(_ presses: PressSet, with event: PressesEvent?) { record(presses, event) }
            private func record(_ presses: PressSet, _ event: PressesEvent?) {
                for press in presses {
                    log.append("\(press.phase) \(press.characters) \(press.modifiers.rawValue) at \(press.timestamp)")
                }
                #expect(event?.allPresses.count == presses.count)
            }
        }
        let h = Harness()
        let view = Characters(frame: .zero)
        h.window.addSubview(view)
        #expect(view.becomeFirstResponder())
        h.input.key(30, .pressed, characters: "A", modifiers: .shift)
        h.loop.advance(by: 0.5)
        h.input.key(30, .pressed, characters: "A", modifiers: .shift)
        h.loop.advance(by: 0.5)
        h.input.key(30, .released, characters: "a")
        h.loop.runUntilIdle()
        #expect(view.log == ["began A 1 at 0.0", "changed A 1 at 0.5", "ended A 1 at 1.0"])
    }

    @Test func keyStateIsBoundedUnknownCodesPressedForeverTakeAtMostThePool() {
        let h = Harness()
        let recorder = focused(h)
        let pool = h.app.pressPool
        let count = 200_000
        for code in 1_000..<(1_000 + count) {
            h.app.post(key(code, .pressed, device: 3))
            #expect(pool.activeCount <= pool.capacity)
        }
        #expect(pool.capacity == PressPool.defaultCapacity)
        #expect(pool.activeCount == pool.capacity)
        #expect(pool.ignoredPressCount == count - pool.capacity)
        #expect(recorder.log.count == pool.capacity)
        // A release of a key never taken is ignored; one of a held key frees its slot for the next.
        h.app.post(key(1_000 + count - 1, .released, device: 3))
        h.app.post(key(1_000, .released, device: 3))
        h.app.post(key(30, .pressed, device: 3))
        #expect(recorder.log.suffix(2) == ["ended 1000", "began 30"])
        // Unplugging the device that sent them gives every slot back.
        h.app.post(.deviceRemoved(device: 3, timestamp: 0))
        #expect(pool.activeCount == 0)
        #expect(recorder.log.last?.hasPrefix("cancelled ") == true)
        #expect(recorder.log.last?.split(separator: ",").count == pool.capacity)
    }

    @Test func remoteControlKeysTakeNoPressAndAreNotCancelled() {
        final class Player: View {
            var log: [String] = []
            override var canBecomeFirstResponder: Bool { true }
            override func remoteControlReceived(with event: Event?) { log.append("\(event!.subtype)") }
            override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) { log.append("began") }
            override func pressesCancelled(_ presses: PressSet, with event: PressesEvent?) { log.append("cancelled") }
        }
        let h = Harness()
        let player = Player(frame: .zero)
        h.window.addSubview(player)
        #expect(player.becomeFirstResponder())
        h.input.key(208, .pressed)   // KEY_FASTFORWARD, held
        h.input.key(208, .pressed)   // auto-repeat: nothing
        h.input.key(164, .pressed)   // KEY_PLAYPAUSE
        h.loop.runUntilIdle()
        #expect(h.app.pressPool.activeCount == 0)
        h.app.cancelAllPresses()
        h.input.key(164, .released)
        h.input.key(208, .released)
        h.loop.runUntilIdle()
        #expect(player.log == ["remoteControlBeginSeekingForward", "remoteControlTogglePlayPause",
                               "remoteControlEndSeekingForward"])
    }

    @Test func pressSetsAreSetsOfThePoolsPresses() {
        let h = Harness()
        let recorder = focused(h)
        h.input.key(30, .pressed)
        h.input.key(31, .pressed)
        h.loop.runUntilIdle()
        let held = h.app.pressPool.activePresses
        #expect(held.count == 2)
        #expect(Set(held.map(\.keyCode)) == [30, 31])
        #expect(held.allSatisfy { held.contains($0) })
        #expect(held.filter(phase: .began).count == 2)
        #expect(held.subset { $0.keyCode == 31 }.map(\.keyCode) == [31])
        #expect(PressSet().isEmpty && !PressSet().contains(held.first!))
        #expect(recorder.log == ["began 30", "began 31"])
    }
}
