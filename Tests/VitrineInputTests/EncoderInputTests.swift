import Testing
@testable import VitrineInput
import Vitrine
import VitrineGraphics

/// The board's rotary encoder through libinput: its wheel turns and its button become
/// `.encoder` events; every other wheel still scrolls.
@MainActor
@Suite struct EncoderInputTests {
    @Test func theEncodersWheelTurnsAndItsButtonPressesAreEncoderEvents() throws {
        let h = try SourceHarness(configuration: InputConfiguration(encoder: "Knob")) {
            $0.add(2, name: "Knob", capabilities: [.pointer, .keyboard])
            $0.add(3, name: "Mouse", capabilities: .pointer)
        }
        let knob = RawDeviceHandle(2), mouse = RawDeviceHandle(3)
        h.fake.send(.pointerScrollWheel(knob, v120X: 0, v120Y: 120, time: 1_000))
        h.fake.send(.pointerScrollWheel(knob, v120X: 0, v120Y: -240, time: 2_000))
        // A high-resolution wheel: half a detent, then another half makes one.
        h.fake.send(.pointerScrollWheel(knob, v120X: 0, v120Y: 60, time: 3_000))
        h.fake.send(.pointerScrollWheel(knob, v120X: 0, v120Y: 60, time: 4_000))
        h.fake.key(knob, 28, pressed: true)
        h.fake.key(knob, 28, pressed: false)
        h.fake.send(.pointerScrollWheel(mouse, v120X: 0, v120Y: 120, time: 5_000))
        // A knob whose press is a mouse button (BTN_LEFT): an encoder press, not a touch.
        h.fake.button(knob, 0x110, pressed: true)
        h.fake.button(knob, 0x110, pressed: false)
        let events = h.events()
        #expect(events.prefix(3) == [.encoder(.rotated(1), timestamp: 0.001), .encoder(.rotated(-2), timestamp: 0.002),
                                     .encoder(.rotated(1), timestamp: 0.004)])
        #expect(events.map(\.summary) == ["encoder", "encoder", "encoder", "encoder", "encoder", "scroll", "encoder", "encoder"])
        let presses: [EncoderInput?] = events.suffix(2).map { event -> EncoderInput? in
            if case let .encoder(input, _) = event { return input }
            return nil
        }
        #expect(presses == [.pressed, .released])
        guard case .encoder(.pressed, _) = events[3], case .encoder(.released, _) = events[4] else {
            Issue.record("the knob's key is its press: \(events)")
            return
        }
    }

    @Test func anEmptyEncoderNameIsAConfigurationError() {
        #expect(throws: InputError.self) {
            _ = try SourceHarness(configuration: InputConfiguration(encoder: " ")) { $0.add(2, capabilities: .pointer) }
        }
    }
}
