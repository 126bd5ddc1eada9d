import Testing
import Vitrine
import VitrineHeadless
import VitrineInput
import VitrineTestSupport

/// A keyboard unplugged with keys down (issue 13, defect 6): libinput releases every key the
/// device holds just before removing it; those keys must reach the app as cancelled, not as
/// released, and each key carries its device so that the removal finds them.
@MainActor
struct KeyboardRemovalTests {
    private let board = RawDeviceHandle(3)

    private func devices(_ events: [InputEvent]) -> [Int] {
        events.compactMap {
            if case let .key(_, _, _, _, device, _) = $0 { return device }
            return nil
        }
    }

    @Test func keysCarryTheIdOfTheirKeyboard() throws {
        let h = try SourceHarness {
            $0.add(3, capabilities: .keyboard)
            $0.add(4, capabilities: .keyboard)
        }
        h.fake.tap(RawDeviceHandle(4), Code.keyA)
        h.fake.tap(board, Code.keyA)
        #expect(devices(h.events()) == [2, 2, 1, 1])
    }

    @Test func theReleasesOfAKeyboardsRemovalAreDroppedAndItsRemovalReported() throws {
        let h = try SourceHarness { $0.add(3, capabilities: .keyboard) }
        h.fake.key(board, Code.keyA, pressed: true)
        h.fake.key(board, Code.leftShift, pressed: true)
        #expect(h.events().map(\.summary) == ["key 30 down", "key 42 down"])
        // Unplugged: libinput releases the keys in code order, then removes the device.
        h.fake.key(board, Code.keyA, pressed: false)
        h.fake.key(board, Code.leftShift, pressed: false)
        h.fake.remove(board)
        #expect(h.events().map(\.summary) == ["removed 1"])
    }

    @Test func aTransportKeyReleasedByTheRemovalIsStillReleased() throws {
        let h = try SourceHarness { $0.add(3, capabilities: .keyboard) }
        h.fake.key(board, 208, pressed: true)   // KEY_FASTFORWARD: seeking while held
        h.fake.key(board, Code.keyA, pressed: true)
        #expect(h.events().map(\.summary) == ["key 208 down", "key 30 down"])
        h.fake.key(board, Code.keyA, pressed: false)
        h.fake.key(board, 208, pressed: false)
        h.fake.remove(board)
        #expect(h.events().map(\.summary) == ["key 208 up", "removed 1"])
    }

    @Test func releasesNotFollowedByTheirDevicesRemovalAreDeliveredInOrder() throws {
        let h = try SourceHarness {
            $0.add(3, capabilities: .keyboard)
            $0.add(4, capabilities: .keyboard)
            $0.addTouchscreen(5)
        }
        h.fake.key(board, Code.keyA, pressed: true)
        h.fake.key(board, Code.keyA, pressed: false)
        h.fake.key(board, Code.keyC, pressed: true)
        h.fake.key(board, Code.keyC, pressed: false)
        h.fake.remove(RawDeviceHandle(4))
        h.fake.key(board, Code.key1, pressed: true)
        h.fake.key(board, Code.key1, pressed: false)
        h.fake.down(RawDeviceHandle(5), slot: 0, x: 0.5, y: 0.5)
        h.fake.frame(RawDeviceHandle(5))
        h.fake.key(board, Code.keyA, pressed: true)
        h.fake.key(board, Code.keyA, pressed: false)
        #expect(h.events().map(\.summary) == [
            "key 30 down", "key 30 up", "key 46 down", "key 46 up", "removed 2",
            "key 2 down", "key 2 up", "down 3:0", "frame", "key 30 down", "key 30 up",
        ])
    }

    @Test func aKeyHeldWhileItsKeyboardIsUnpluggedIsCancelledAndBeginsAgainWhenPluggedBack() throws {
        let h = try AppHarness { $0.add(3, capabilities: .keyboard) }
        let field = PressRecorder(frame: .zero)
        h.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        h.fake.key(board, Code.keyA, pressed: true)
        h.run()
        h.fake.key(board, Code.keyA, pressed: false)
        h.fake.remove(board)
        h.run()
        #expect(field.log == ["began 30 \"a\" 0", "cancelled 30"])
        #expect(h.app.pressPool.activeCount == 0)
        // Plugged back with the key still down: a new press, not an auto-repeat.
        h.fake.add(3, capabilities: .keyboard)
        h.fake.key(board, Code.keyA, pressed: true)
        h.fake.key(board, Code.keyA, pressed: false)
        h.run()
        #expect(field.log == ["began 30 \"a\" 0", "cancelled 30", "began 30 \"a\" 0", "ended 30"])
    }

    /// The board also calls `cancelAllPresses()` first; even without it, releasing the devices
    /// cancels what they hold.
    @Test func suspendingInputForASessionSwitchCancelsHeldKeysThroughTheirRemoval() throws {
        let h = try AppHarness { $0.add(3, capabilities: .keyboard) }
        let field = PressRecorder(frame: .zero)
        h.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        h.fake.key(board, Code.keyA, pressed: true)
        h.run()
        h.source.suspend()
        h.run()
        try h.source.resume()
        h.fake.add(3, capabilities: .keyboard)
        h.fake.key(board, Code.keyA, pressed: true)
        h.run()
        #expect(field.log == ["began 30 \"a\" 0", "cancelled 30", "began 30 \"a\" 0"])
    }

    @Test func aFullPressPoolIsLoggedOnceAndIgnoresFurtherKeys() {
        let logs = LogCapture()
        let app = Application(mainLoop: ManualMainLoop(), logger: logs.logger)
        for code in 1_000..<1_100 {
            app.post(.key(code: code, state: .pressed, characters: "", modifiers: [], timestamp: 0))
        }
        #expect(app.pressPool.activeCount == PressPool.defaultCapacity)
        #expect(app.pressPool.ignoredPressCount == 100 - PressPool.defaultCapacity)
        let warnings = logs.messages(at: .warning).filter { $0.contains("ignored") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("key 1016 ignored: 16 keys are held already") == true)
    }
}
