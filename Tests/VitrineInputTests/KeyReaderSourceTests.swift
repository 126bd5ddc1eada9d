import CEvdev
import Testing
import Vitrine
import VitrineInput
import VitrineTestSupport

/// `LibInputSource` with a key reader: keyboards' keys come from the reader's thread, each once
/// (libinput's from the same keyboard are dropped), through the same translation (characters,
/// modifiers, VT switching), and a keyboard unplugged mid-press has its keys cancelled.
@MainActor
struct KeyReaderSourceTests {
    private let board = RawDeviceHandle(3)
    private let boardPath = "/dev/input/event3"

    /// A source on the fake libinput with a reader opening the keyboards of `openable`.
    private func harness(openable: Set<String>? = nil, configuration: InputConfiguration = InputConfiguration(),
                         setup: (FakeLibInput) -> Void) throws -> (SourceHarness, ScriptedKeyboards, KeyReader) {
        let keyboards = ScriptedKeyboards(openable ?? [boardPath])
        let reader = try keyboards.reader()
        let h = try SourceHarness(configuration: configuration, keyReader: reader, setup: setup)
        return (h, keyboards, reader)
    }

    /// Dispatches once the reader has queued `count` entries.
    private func events(_ h: SourceHarness, after reader: KeyReader, queued count: Int) -> [InputEvent] {
        #expect(eventually { reader.queuedCount >= count }, "the reader queued \(reader.queuedCount) of \(count)")
        return h.events()
    }

    private func characters(_ events: [InputEvent]) -> [String] {
        events.compactMap {
            if case let .key(_, .pressed, characters, _, _, _) = $0 { return characters }
            return nil
        }
    }

    @Test func aKeyboardsKeysComeFromTheReaderOnceWithItsDevice() throws {
        let (h, keyboards, reader) = try harness { $0.addKeyboard(3, name: "Scanner") }
        #expect(h.events().map(\.summary) == ["keyboard 1"])
        #expect(h.source.keyboardsReadSeparately == ["Scanner"])
        let stream = try #require(keyboards.stream(at: boardPath))
        // libinput reads the same keys from its own client: dropped.
        h.fake.tap(board, Code.keyA)
        stream.tap(Code.keyA)
        let got = events(h, after: reader, queued: 2)
        #expect(got.map(\.summary) == ["key 30 down", "key 30 up"])
        #expect(characters(got) == ["a"])
        #expect(got.allSatisfy { if case let .key(_, _, _, _, device, _) = $0 { device == 1 } else { false } })
    }

    @Test func shiftAndTheKernelsTimesComeThroughTheSameTranslation() throws {
        let (h, keyboards, reader) = try harness { $0.addKeyboard(3) }
        _ = h.events()
        let stream = try #require(keyboards.stream(at: boardPath))
        stream.key(Code.leftShift, 1)
        stream.tap(Code.keyA)
        stream.key(Code.leftShift, 0)
        stream.tap(Code.keyA)
        let got = events(h, after: reader, queued: 6)
        #expect(characters(got) == ["", "A", "a"])
        let times = got.compactMap { if case let .key(_, _, _, _, _, time) = $0 { time } else { nil } }
        #expect(times.count == 6 && abs(times[0] - 100.001) < 1e-6, "kernel times in seconds: \(times)")
    }

    @Test func aKeyboardThatCannotBeOpenedAgainIsReadByLibInputAndSaysSo() throws {
        let (h, keyboards, _) = try harness(openable: []) { $0.addKeyboard(3, name: "Locked") }
        _ = h.events()
        #expect(keyboards.openCount == 0)
        #expect(h.source.keyboardsReadSeparately.isEmpty)
        #expect(h.logs.count(containing: "keyboard \"Locked\" (/dev/input/event3): its keys are read by libinput alone") == 1)
        h.fake.tap(board, Code.keyA)
        #expect(h.events().map(\.summary) == ["key 30 down", "key 30 up"])
    }

    @Test func theEncoderAndNonKeyboardsAreNotRead() throws {
        let (h, keyboards, _) = try harness(openable: ["/dev/input/event4", "/dev/input/event5"],
                                            configuration: InputConfiguration(encoder: "Knob")) {
            $0.add(4, name: "Knob", capabilities: [.keyboard, .pointer])
            $0.addTouchscreen(5)
        }
        _ = h.events()
        #expect(keyboards.openCount == 0)
    }

    @Test func aSynDroppedIsLoggedOnceWithTheKeyboardsNameAndTheResyncGoesOn() throws {
        let (h, keyboards, reader) = try harness { $0.addKeyboard(3, name: "Scanner") }
        _ = h.events()
        let stream = try #require(keyboards.stream(at: boardPath))
        for _ in 0..<2 {
            stream.push([.dropped(stream.event(Int32(EV_SYN), Int32(SYN_DROPPED), 0)),
                         .event(stream.event(Int32(EV_KEY), Code.keyA, 1)), .empty])
            stream.key(Code.keyA, 0)
        }
        let got = events(h, after: reader, queued: 6)
        #expect(got.map(\.summary) == ["key 30 down", "key 30 up", "key 30 down", "key 30 up"])
        #expect(h.logs.messages(at: .warning).count == 1)
        #expect(h.logs.count(containing: "keyboard \"Scanner\" (/dev/input/event3): the kernel dropped key events (SYN_DROPPED)") == 1)
    }

    @Test func aKeyboardUnpluggedMidPressHasItsKeyCancelledNotReleased() throws {
        let (h, keyboards, reader) = try harness { $0.addKeyboard(3) }
        _ = h.events()
        let stream = try #require(keyboards.stream(at: boardPath))
        stream.key(Code.keyA, 1)
        #expect(events(h, after: reader, queued: 1).map(\.summary) == ["key 30 down"])
        // Unplugged: the kernel releases the key, the client then fails; libinput releases it
        // too and removes the device.
        stream.key(Code.keyA, 0)
        stream.push([.failed(.operationNotSupportedByDevice)])
        #expect(eventually { reader.queuedCount == 2 })
        #expect(h.events().isEmpty)
        h.fake.key(board, Code.keyA, pressed: false)
        h.fake.remove(board)
        #expect(h.events().map(\.summary) == ["removed 1"])
        #expect(eventually { stream.isClosed })
    }

    @Test func releasesReadJustBeforeLibInputRemovesTheKeyboardAreCancelledToo() throws {
        let (h, keyboards, reader) = try harness { $0.addKeyboard(3) }
        _ = h.events()
        let stream = try #require(keyboards.stream(at: boardPath))
        stream.key(Code.leftShift, 1)
        #expect(events(h, after: reader, queued: 1).map(\.summary) == ["key 42 down"])
        stream.key(Code.leftShift, 0)
        #expect(eventually { reader.queuedCount == 1 })
        h.fake.key(board, Code.leftShift, pressed: false)
        h.fake.remove(board)
        #expect(h.events().map(\.summary) == ["removed 1"])
        #expect(h.source.keyboardsReadSeparately.isEmpty)
    }

    @Test func aKeyboardPluggedInLaterIsReadAndUnpluggedIsClosed() throws {
        let (h, keyboards, reader) = try harness(openable: ["/dev/input/event6"]) { $0.addTouchscreen(1) }
        _ = h.events()
        let keyboard = h.fake.addKeyboard(6, name: "Hotplugged")
        #expect(h.events().map(\.summary) == ["keyboard 2"])
        let stream = try #require(keyboards.stream(at: "/dev/input/event6"))
        stream.tap(Code.key1)
        #expect(characters(events(h, after: reader, queued: 2)) == ["1"])
        h.fake.remove(keyboard)
        #expect(h.events().map(\.summary) == ["removed 2"])
        #expect(eventually { stream.isClosed })
        #expect(reader.readTokens.isEmpty)
    }

    @Test func ctrlAltFnFromTheReaderSwitchesAndItsFunctionKeyIsNotDelivered() throws {
        let (h, keyboards, reader) = try harness(configuration: InputConfiguration(allowsVTSwitching: true)) {
            $0.addKeyboard(3)
        }
        _ = h.events()
        var switched: [Int] = []
        h.source.vtSwitchHandler = { switched.append($0) }
        let stream = try #require(keyboards.stream(at: boardPath))
        stream.key(Code.leftCtrl, 1)
        stream.key(Code.leftAlt, 1)
        stream.tap(Code.f2)
        stream.key(Code.leftAlt, 0)
        stream.key(Code.leftCtrl, 0)
        let got = events(h, after: reader, queued: 6)
        #expect(switched == [2])
        #expect(got.map(\.summary) == ["key 29 down", "key 56 down", "key 56 up", "key 29 up"])
    }

    @Test func aKeyHeldOnTwoKeyboardsBeginsOnceAndEndsOnce() throws {
        let second = "/dev/input/event4"
        let (h, keyboards, reader) = try harness(openable: [boardPath, second]) {
            $0.addKeyboard(3)
            $0.addKeyboard(4)
        }
        _ = h.events()
        let one = try #require(keyboards.stream(at: boardPath)), two = try #require(keyboards.stream(at: second))
        one.key(Code.leftShift, 1)
        #expect(eventually { reader.queuedCount == 1 })
        two.key(Code.leftShift, 1)
        #expect(eventually { reader.queuedCount == 2 })
        one.key(Code.leftShift, 0)
        #expect(eventually { reader.queuedCount == 3 })
        two.key(Code.leftShift, 0)
        #expect(events(h, after: reader, queued: 4).map(\.summary) == ["key 42 down", "key 42 up"])
    }

    @Test func suspendingHandsOverWhatWasTypedAndStopsReadingUntilLibInputAddsTheKeyboardAgain() throws {
        let (h, keyboards, reader) = try harness { $0.addKeyboard(3) }
        _ = h.events()
        let stream = try #require(keyboards.stream(at: boardPath))
        stream.tap(Code.keyC)
        #expect(eventually { reader.queuedCount == 2 })
        h.source.suspend()
        #expect(eventually { stream.isClosed })
        #expect(h.events().map(\.summary) == ["key 46 down", "key 46 up", "removed 1"])
        try h.source.resume()
        h.fake.addKeyboard(3)
        #expect(h.events().map(\.summary) == ["keyboard 1"])
        let reopened = try #require(keyboards.stream(at: boardPath))
        #expect(reopened !== stream)
        reopened.tap(Code.keyE)
        #expect(characters(events(h, after: reader, queued: 2)) == ["e"])
    }

    @Test func aHeldKeyUnpluggedReachesTheAppAsCancelled() throws {
        let keyboards = ScriptedKeyboards([boardPath])
        let reader = try keyboards.reader()
        let h = try AppHarness(keyReader: reader) { $0.addKeyboard(3) }
        let field = PressRecorder(frame: .zero)
        h.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        let stream = try #require(keyboards.stream(at: boardPath))
        stream.key(Code.keyA, 1)
        #expect(eventually { reader.queuedCount == 1 })
        h.run()
        stream.key(Code.keyA, 0)
        stream.push([.failed(.operationNotSupportedByDevice)])
        #expect(eventually { reader.queuedCount == 2 })
        h.run()
        h.fake.key(board, Code.keyA, pressed: false)
        h.fake.remove(board)
        h.run()
        #expect(field.log == ["began 30 \"a\" 0", "cancelled 30"])
        #expect(h.app.pressPool.activeCount == 0)
    }
}
