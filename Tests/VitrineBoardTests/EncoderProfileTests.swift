import Testing
@testable import VitrineBoard
@testable import VitrineInput
import Vitrine

/// `[input] encoder`: the rotary encoder that moves focus.
@MainActor
@Suite struct EncoderProfileTests {
    @Test func anEncoderIsNamedByDeviceNameOrEventNodeAndReachesLibInput() throws {
        let byName = try profile("[input]\nencoder = \"Griffin PowerMate\"\n")
        #expect(byName.input.encoder == "Griffin PowerMate")
        #expect(BoardPlatform.inputConfiguration(byName).encoder == "Griffin PowerMate")
        let byPath = try profile("[input]\nencoder = \"/dev/input/by-path/platform-rotary-event\"\n")
        #expect(BoardPlatform.inputConfiguration(byPath).encoder == "/dev/input/by-path/platform-rotary-event")
        #expect(try profile("[input]\nseat = \"seat0\"\n").input.encoder == nil)
        #expect(try profile("[input]\nencoder = \"none\"\n").input.encoder == nil)
    }

    @Test func aBadEncoderSaysWhatToWrite() {
        for bad in ["encoder = \"\"", "encoder = \"   \"", "encoder = \"/tmp/knob\"", "encoder = 3"] {
            let error = profileError("[input]\n\(bad)\n")
            let text = error.map { "\($0)" } ?? ""
            #expect(text.contains("encoder") && text.contains("device name as `vitrine devices` lists it") && text.contains("test.toml:2:"), "\(text)")
        }
    }
}

/// A board without a touchscreen shows focus from the first frame.
@MainActor
@Suite struct FocusBehaviorBoardTests {
    @Test func focusIsAlwaysOnWithoutATouchscreen() {
        let knob = LibInputDevice(id: 1, name: "Knob", sysname: "event1", path: "/dev/input/event1", capabilities: .pointer,
                                  touchSlots: 0, isCalibratedByLibInput: false)
        let panel = LibInputDevice(id: 2, name: "Panel", sysname: "event2", path: "/dev/input/event2", capabilities: .touch,
                                   touchSlots: 10, isCalibratedByLibInput: false)
        #expect(BoardPlatform.focusBehavior(devices: [knob]) == .always)
        #expect(BoardPlatform.focusBehavior(devices: []) == .always)
        #expect(BoardPlatform.focusBehavior(devices: [knob, panel]) == .automatic)
    }
}
