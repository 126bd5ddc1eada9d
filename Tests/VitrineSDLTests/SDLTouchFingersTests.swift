import CSDL2
import Testing
import Vitrine
import VitrineGraphics
@testable import VitrineSDL

/// The host's touchscreen in the window: SDL finger events translated into touches (no X
/// server needed: the events are made here as SDL's X11 backend makes them).
@Suite struct SDLTouchFingersTests {
    /// An 801×481-pixel window at 2 pixels per point: SDL normalizes by 800 and 480.
    static let window = (width: 801, height: 481)

    static func finger(_ type: SDL_EventType, id: SDL_FingerID, x: Float, y: Float, device: SDL_TouchID = 1) -> SDL_TouchFingerEvent {
        SDL_TouchFingerEvent(type: type.rawValue, timestamp: 0, touchId: device, fingerId: id, x: x, y: y,
                             dx: 0, dy: 0, pressure: 1, windowID: 1)
    }

    static func run(_ fingers: inout SDLTouchFingers, _ events: [SDL_TouchFingerEvent],
                    deviceType: SDL_TouchDeviceType = SDL_TOUCH_DEVICE_DIRECT) -> [InputEvent] {
        var out: [InputEvent] = []
        for (index, event) in events.enumerated() {
            fingers.translate(event, deviceType: deviceType, windowSize: window, scale: 2, now: Double(index)) { out.append($0) }
        }
        return out
    }

    static func id(_ slot: Int) -> TouchIdentifier { TouchIdentifier(device: SDLInputSource.touchDevice, slot: slot) }

    @Test func aTouchscreenFingerIsATouchInScreenPointsWithAFrameAfterEachEvent() {
        var fingers = SDLTouchFingers()
        let events = Self.run(&fingers, [
            Self.finger(SDL_FINGERDOWN, id: 70, x: 0.5, y: 1),
            Self.finger(SDL_FINGERMOTION, id: 70, x: 0.25, y: 0.5),
            Self.finger(SDL_FINGERUP, id: 70, x: 0.25, y: 0.5),
        ])
        #expect(events == [
            .touchDown(Self.id(0), location: Point(x: 200, y: 240), majorRadius: 0, timestamp: 0), .touchFrame(timestamp: 0),
            .touchMotion(Self.id(0), location: Point(x: 100, y: 120), majorRadius: 0, timestamp: 1), .touchFrame(timestamp: 1),
            .touchUp(Self.id(0), timestamp: 2), .touchFrame(timestamp: 2),
        ])
    }

    @Test func twoFingersTakeTwoSlotsAndAFreedSlotIsReused() {
        var fingers = SDLTouchFingers()
        let events = Self.run(&fingers, [
            Self.finger(SDL_FINGERDOWN, id: 5, x: 0, y: 0),
            Self.finger(SDL_FINGERDOWN, id: 9, x: 1, y: 1),
            Self.finger(SDL_FINGERUP, id: 5, x: 0, y: 0),
            Self.finger(SDL_FINGERDOWN, id: 11, x: 0.5, y: 0.5),
            // The same finger number on another touchscreen is another finger.
            Self.finger(SDL_FINGERDOWN, id: 9, x: 0.5, y: 0, device: 2),
        ]).filter { if case .touchFrame = $0 { false } else { true } }
        #expect(events == [
            .touchDown(Self.id(0), location: Point(x: 0, y: 0), majorRadius: 0, timestamp: 0),
            .touchDown(Self.id(1), location: Point(x: 400, y: 240), majorRadius: 0, timestamp: 1),
            .touchUp(Self.id(0), timestamp: 2),
            .touchDown(Self.id(0), location: Point(x: 200, y: 120), majorRadius: 0, timestamp: 3),
            .touchDown(Self.id(2), location: Point(x: 200, y: 0), majorRadius: 0, timestamp: 4),
        ])
    }

    @Test func unknownFingersTrackpadsBadCoordinatesAndFingersBeyondTheSlotsAreIgnored() {
        var fingers = SDLTouchFingers(slotCount: 1)
        // A trackpad's fingers are not on the screen.
        #expect(Self.run(&fingers, [Self.finger(SDL_FINGERDOWN, id: 1, x: 0.5, y: 0.5)],
                         deviceType: SDL_TOUCH_DEVICE_INDIRECT_RELATIVE).isEmpty)
        #expect(Self.run(&fingers, [Self.finger(SDL_FINGERDOWN, id: 1, x: 0.5, y: 0.5)],
                         deviceType: SDL_TOUCH_DEVICE_INDIRECT_ABSOLUTE).isEmpty)
        // Motion and lift of a finger never seen down; a non-finite position.
        #expect(Self.run(&fingers, [Self.finger(SDL_FINGERMOTION, id: 3, x: 0.5, y: 0.5),
                                    Self.finger(SDL_FINGERUP, id: 3, x: 0.5, y: 0.5),
                                    Self.finger(SDL_FINGERDOWN, id: 4, x: .nan, y: 0.5)]).isEmpty)
        // One slot: the second finger is ignored until it lifts; coordinates outside the
        // window stay on its edge.
        let events = Self.run(&fingers, [
            Self.finger(SDL_FINGERDOWN, id: 1, x: 1.5, y: -0.5),
            Self.finger(SDL_FINGERDOWN, id: 2, x: 0.5, y: 0.5),
            Self.finger(SDL_FINGERMOTION, id: 2, x: 0.6, y: 0.5),
            Self.finger(SDL_FINGERUP, id: 2, x: 0.6, y: 0.5),
            Self.finger(SDL_FINGERUP, id: 1, x: 1, y: 0),
        ]).filter { if case .touchFrame = $0 { false } else { true } }
        #expect(events == [
            .touchDown(Self.id(0), location: Point(x: 400, y: 0), majorRadius: 0, timestamp: 0),
            .touchUp(Self.id(0), timestamp: 4),
        ])
    }
}

/// Keys that come without an X key code (SDL makes them up at a focus change) are mapped from
/// SDL's scancodes (USB HID usages) as Linux maps them.
@Suite struct SDLKeyMapTests {
    @Test func scancodesMapToLinuxKeyCodes() {
        #expect(SDLKeyMap.linuxCode(scancode: Int(SDL_SCANCODE_A.rawValue)) == 30)          // KEY_A
        #expect(SDLKeyMap.linuxCode(scancode: Int(SDL_SCANCODE_Z.rawValue)) == 44)          // KEY_Z
        #expect(SDLKeyMap.linuxCode(scancode: Int(SDL_SCANCODE_0.rawValue)) == 11)          // KEY_0
        #expect(SDLKeyMap.linuxCode(scancode: Int(SDL_SCANCODE_NONUSBACKSLASH.rawValue)) == 86) // KEY_102ND (< > on de)
        #expect(SDLKeyMap.linuxCode(scancode: Int(SDL_SCANCODE_KP_ENTER.rawValue)) == 96)   // KEY_KPENTER
        #expect(SDLKeyMap.linuxCode(scancode: Int(SDL_SCANCODE_F12.rawValue)) == 88)        // KEY_F12
        #expect(SDLKeyMap.linuxCode(scancode: Int(SDL_SCANCODE_PRINTSCREEN.rawValue)) == 99) // KEY_SYSRQ
        #expect(SDLKeyMap.linuxCode(scancode: Int(SDL_SCANCODE_RGUI.rawValue)) == 126)      // KEY_RIGHTMETA
        #expect(SDLKeyMap.linuxCode(scancode: Int(SDL_SCANCODE_AUDIOPLAY.rawValue)) == 164) // KEY_PLAYPAUSE
        #expect(SDLKeyMap.linuxCode(scancode: Int(SDL_SCANCODE_UNKNOWN.rawValue)) == nil)
        #expect(SDLKeyMap.linuxCode(scancode: -1) == nil)
        #expect(SDLKeyMap.linuxCode(scancode: 100_000) == nil)
    }
}
