import Testing
import Vitrine
import VitrineInput

/// Keys through the real xkbcommon with the us keymap (xkb-data is installed).
@MainActor
struct KeyboardTests {
    private func keyboard(_ configuration: InputConfiguration = InputConfiguration()) throws -> SourceHarness {
        try SourceHarness(configuration: configuration) { $0.add(3, name: "keyboard", capabilities: .keyboard) }
    }

    private let board = RawDeviceHandle(3)

    private func keys(_ events: [InputEvent]) -> [(code: Int, state: KeyState, characters: String, modifiers: KeyModifiers)] {
        events.compactMap {
            if case let .key(code, state, characters, modifiers, _, _) = $0 { return (code, state, characters, modifiers) }
            return nil
        }
    }

    @Test func keysGiveCharactersAndModifiers() throws {
        let h = try keyboard()
        #expect(h.source.hasKeymap)
        h.fake.tap(board, Code.keyA)
        h.fake.key(board, Code.leftShift, pressed: true)
        h.fake.tap(board, Code.keyA)
        h.fake.tap(board, Code.key1)
        h.fake.key(board, Code.leftShift, pressed: false)
        let got = keys(h.events())
        #expect(got.map(\.code) == [30, 30, 42, 30, 30, 2, 2, 42])
        #expect(got.map(\.state) == [.pressed, .released, .pressed, .pressed, .released, .pressed, .released, .released])
        #expect(got[0].characters == "a" && got[0].modifiers == [])
        #expect(got[2].modifiers == .shift) // the Shift press itself reports Shift held
        #expect(got[3].characters == "A" && got[3].modifiers == .shift)
        #expect(got[5].characters == "!")
        #expect(got[7].modifiers == [])
    }

    @Test func controlAltAndCapsLock() throws {
        let h = try keyboard()
        h.fake.key(board, Code.leftCtrl, pressed: true)
        h.fake.key(board, Code.leftAlt, pressed: true)
        h.fake.key(board, Code.keyC, pressed: true)
        let held = keys(h.events()).last!
        #expect(held.modifiers == [.control, .alternate])
        h.fake.key(board, Code.keyC, pressed: false)
        h.fake.key(board, Code.leftAlt, pressed: false)
        h.fake.key(board, Code.leftCtrl, pressed: false)
        h.fake.tap(board, Code.capsLock)
        h.fake.tap(board, Code.keyA)
        let got = keys(h.events())
        #expect(got.last!.modifiers == .alphaShift)
        #expect(got[got.count - 2].characters == "A")
    }

    @Test func mediaKeysStayKeysWithTheirLinuxCode() throws {
        let h = try keyboard()
        h.fake.tap(board, Code.playPause)
        let got = keys(h.events())
        #expect(got.map(\.code) == [164, 164])
        #expect(got.allSatisfy { $0.characters.isEmpty })
    }

    @Test func aKeyHeldOnTwoKeyboardsCountsOnce() throws {
        let h = try SourceHarness {
            $0.add(3, capabilities: .keyboard)
            $0.add(4, capabilities: .keyboard)
        }
        h.fake.key(RawDeviceHandle(3), Code.keyA, pressed: true, seatKeyCount: 1)
        h.fake.key(RawDeviceHandle(4), Code.keyA, pressed: true, seatKeyCount: 2)
        h.fake.key(RawDeviceHandle(3), Code.keyA, pressed: false, seatKeyCount: 1)
        h.fake.key(RawDeviceHandle(4), Code.keyA, pressed: false, seatKeyCount: 0)
        #expect(h.events().map(\.summary) == ["key 30 down", "key 30 up"])
    }

    @Test func aKeymapThatCannotBeCompiledLeavesKeysWithoutCharacters() throws {
        let h = try keyboard(InputConfiguration(keymap: KeymapNames(layout: "no-such-layout")))
        #expect(!h.source.hasKeymap)
        let warnings = h.logs.messages(at: .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("cannot compile the XKB keymap evdev/pc105/no-such-layout") == true)
        #expect(warnings.first?.contains("no-such-layout") == true)
        #expect(warnings.first?.contains("install xkb-data") == true)
        h.fake.key(board, Code.leftShift, pressed: true)
        h.fake.tap(board, Code.keyA)
        h.fake.key(board, Code.leftShift, pressed: false)
        h.fake.tap(board, Code.keyA)
        let got = keys(h.events())
        #expect(got.map(\.code) == [42, 30, 30, 42, 30, 30])
        #expect(got.allSatisfy { $0.characters.isEmpty })
        // Modifiers still come from the key codes.
        #expect(got[1].modifiers == .shift && got[4].modifiers == [])
    }
}

/// Ctrl+Alt+F1…F12: locked down by default, switching only when the configuration allows it.
@MainActor
struct VTSwitchTests {
    private let board = RawDeviceHandle(3)

    private func pressCtrlAltF2(_ h: SourceHarness) {
        h.fake.key(board, Code.leftCtrl, pressed: true)
        h.fake.key(board, Code.leftAlt, pressed: true)
        h.fake.tap(board, Code.f2)
        h.fake.key(board, Code.leftAlt, pressed: false)
        h.fake.key(board, Code.leftCtrl, pressed: false)
    }

    @Test func lockedDownTheKeysAreOrdinaryPresses() throws {
        let h = try SourceHarness { $0.add(3, capabilities: .keyboard) }
        var switched: [Int] = []
        h.source.vtSwitchHandler = { switched.append($0) }
        pressCtrlAltF2(h)
        #expect(h.events().map(\.summary) == ["key 29 down", "key 56 down", "key 60 down", "key 60 up", "key 56 up", "key 29 up"])
        #expect(switched.isEmpty)
    }

    @Test func allowedTheHandlerSwitchesAndTheFunctionKeyIsNotDelivered() throws {
        let h = try SourceHarness(configuration: InputConfiguration(allowsVTSwitching: true)) {
            $0.add(3, capabilities: .keyboard)
        }
        var switched: [Int] = []
        var eventsBeforeSwitch = -1
        var delivered: [InputEvent] = []
        h.source.vtSwitchHandler = { vt in
            switched.append(vt)
            eventsBeforeSwitch = delivered.count
        }
        pressCtrlAltF2(h)
        h.fake.key(board, Code.leftCtrl, pressed: true)
        h.fake.key(board, Code.leftAlt, pressed: true)
        h.fake.tap(board, Code.f12)
        h.source.dispatch { delivered.append($0) }
        #expect(switched == [12]) // one switch per dispatch: the last asked for
        #expect(!delivered.map(\.summary).contains("key 60 down"))
        #expect(!delivered.map(\.summary).contains("key 60 up"))
        #expect(!delivered.map(\.summary).contains("key 88 down"))
        #expect(delivered.map(\.summary).contains("key 29 down"))
        #expect(eventsBeforeSwitch == delivered.count) // after the dispatch's events were handed over
    }

    @Test func allowedEachSwitchCallsTheHandler() throws {
        let h = try SourceHarness(configuration: InputConfiguration(allowsVTSwitching: true)) {
            $0.add(3, capabilities: .keyboard)
        }
        var switched: [Int] = []
        h.source.vtSwitchHandler = { switched.append($0) }
        pressCtrlAltF2(h)
        _ = h.events()
        h.fake.key(board, Code.leftCtrl, pressed: true)
        h.fake.key(board, Code.leftAlt, pressed: true)
        h.fake.tap(board, Code.f1)
        _ = h.events()
        #expect(switched == [2, 1])
    }

    @Test func allowedWithoutAHandlerTheKeysAreDelivered() throws {
        let h = try SourceHarness(configuration: InputConfiguration(allowsVTSwitching: true)) {
            $0.add(3, capabilities: .keyboard)
        }
        pressCtrlAltF2(h)
        #expect(h.events().map(\.summary).contains("key 60 down"))
    }

    @Test func functionKeysWithoutBothModifiersAreKeys() throws {
        let h = try SourceHarness(configuration: InputConfiguration(allowsVTSwitching: true)) {
            $0.add(3, capabilities: .keyboard)
        }
        var switched: [Int] = []
        h.source.vtSwitchHandler = { switched.append($0) }
        h.fake.key(board, Code.leftCtrl, pressed: true)
        h.fake.tap(board, Code.f2)
        #expect(h.events().map(\.summary) == ["key 29 down", "key 60 down", "key 60 up"])
        #expect(switched.isEmpty)
    }
}
