import Testing
import Vitrine
import VitrineGraphics
import VitrineInput

/// A mouse drives one touch with its left button.
@MainActor
struct PointerTests {
    private let mouse = RawDeviceHandle(2)
    private let pointerTouch = TouchIdentifier(device: LibInputSource.pointerDevice, slot: 0)

    private func withMouse(_ configuration: InputConfiguration = InputConfiguration(), scale: Double = 1,
                           display: TestDisplay = TestDisplay()) throws -> SourceHarness {
        try SourceHarness(display: display, configuration: configuration, scale: scale) {
            $0.add(2, name: "mouse", capabilities: .pointer)
        }
    }

    @Test func thePointerStartsAtTheCentreAndStaysOnTheScreen() throws {
        let h = try withMouse(scale: 2)
        #expect(h.source.pointerLocation == Point(x: 200, y: 120))
        h.fake.motion(mouse, dx: 30, dy: -20)
        #expect(h.events().isEmpty) // no button: no touch
        #expect(h.source.pointerLocation == Point(x: 230, y: 100))
        h.fake.motion(mouse, dx: -1_000, dy: 1_000)
        _ = h.events()
        // 800×480 pixels at scale 2: the last pixel starts at (399.5, 239.5) points.
        #expect(h.source.pointerLocation == Point(x: 0, y: 239.5))
    }

    @Test func leftButtonDownMoveUpIsOneTouchInFrames() throws {
        let h = try withMouse()
        h.fake.button(mouse, Code.buttonLeft, pressed: true)
        h.fake.motion(mouse, dx: 10, dy: 5)
        h.fake.button(mouse, Code.buttonLeft, pressed: false)
        let events = h.events()
        #expect(events.map(\.summary) == ["down 0:0", "frame", "motion 0:0", "frame", "up 0:0", "frame"])
        #expect(events[0].location == Point(x: 400, y: 240))
        #expect(events[2].location == Point(x: 410, y: 245))
        h.fake.motion(mouse, dx: 10, dy: 5)
        #expect(h.events().isEmpty)
    }

    @Test func otherButtonsAndASecondMouseDoNotTouch() throws {
        let h = try SourceHarness {
            $0.add(2, capabilities: .pointer)
            $0.add(4, capabilities: .pointer)
        }
        h.fake.button(mouse, Code.buttonRight, pressed: true)
        h.fake.button(mouse, Code.buttonRight, pressed: false)
        #expect(h.events().isEmpty)
        h.fake.button(mouse, Code.buttonLeft, pressed: true)
        h.fake.button(RawDeviceHandle(4), Code.buttonLeft, pressed: true)
        h.fake.button(RawDeviceHandle(4), Code.buttonLeft, pressed: false)
        h.fake.button(mouse, Code.buttonLeft, pressed: false)
        #expect(h.events().map(\.summary) == ["down 0:0", "frame", "up 0:0", "frame"])
    }

    @Test func withoutPointerDrivesTouchTheButtonDoesNothing() throws {
        let h = try withMouse(InputConfiguration(pointerDrivesTouch: false))
        h.fake.button(mouse, Code.buttonLeft, pressed: true)
        h.fake.motion(mouse, dx: 10, dy: 5)
        h.fake.button(mouse, Code.buttonLeft, pressed: false)
        #expect(h.events().isEmpty)
        #expect(h.source.pointerLocation == Point(x: 410, y: 245))
    }

    @Test func absoluteMotionGoesThroughTheRotationButNotTheCalibration() throws {
        let display = TestDisplay(width: 800, height: 480, rotation: .upsideDown)
        let configuration = InputConfiguration(calibration: CalibrationMatrix(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0))
        let h = try withMouse(configuration, scale: 2, display: display)
        h.fake.absoluteMotion(mouse, x: 0.25, y: 0.25)
        _ = h.events()
        // Panel (200, 120) upside down: scene (600, 360), points (300, 180).
        #expect(h.source.pointerLocation == Point(x: 300, y: 180))
        h.fake.button(mouse, Code.buttonLeft, pressed: true)
        h.fake.absoluteMotion(mouse, x: 0.5, y: 0.5)
        let events = h.events()
        #expect(events.map(\.summary) == ["down 0:0", "frame", "motion 0:0", "frame"])
        #expect(events[2].location == Point(x: 200, y: 120))
    }

    @Test func unpluggedWithTheButtonDownIsCancelledNotATap() throws {
        let h = try withMouse()
        h.fake.button(mouse, Code.buttonLeft, pressed: true)
        #expect(h.events().map(\.summary) == ["down 0:0", "frame"])
        // What libinput queues for an unplugged mouse: every held button released, then removed.
        h.clock.now = 9
        h.fake.button(mouse, Code.buttonLeft, pressed: false)
        h.fake.button(mouse, Code.buttonRight, pressed: false)
        h.fake.remove(mouse)
        let events = h.events()
        #expect(events == [.touchCancel(pointerTouch, timestamp: 9), .touchFrame(timestamp: 9)])
    }

    @Test func aReleaseFollowedByOtherInputIsARealRelease() throws {
        let h = try SourceHarness {
            $0.add(2, capabilities: .pointer)
            $0.add(3, capabilities: .keyboard)
        }
        h.fake.button(mouse, Code.buttonLeft, pressed: true)
        h.fake.button(mouse, Code.buttonLeft, pressed: false)
        h.fake.tap(RawDeviceHandle(3), Code.keyA)
        #expect(h.events().map(\.summary) == ["down 0:0", "frame", "up 0:0", "frame", "key 30 down", "key 30 up"])
        // A release at the end of a batch is delivered in that batch; unplugging later changes nothing.
        h.fake.button(mouse, Code.buttonLeft, pressed: true)
        h.fake.button(mouse, Code.buttonLeft, pressed: false)
        #expect(h.events().map(\.summary) == ["down 0:0", "frame", "up 0:0", "frame"])
        h.fake.remove(mouse)
        #expect(h.events().isEmpty)
    }

    @Test func aFastSecondClickInTheSameBatchIsTwoTouches() throws {
        let h = try withMouse()
        h.fake.button(mouse, Code.buttonLeft, pressed: true)
        h.fake.button(mouse, Code.buttonLeft, pressed: false)
        h.fake.button(mouse, Code.buttonLeft, pressed: true)
        h.fake.button(mouse, Code.buttonLeft, pressed: false)
        #expect(h.events().map(\.summary) == ["down 0:0", "frame", "up 0:0", "frame", "down 0:0", "frame", "up 0:0", "frame"])
    }
}
