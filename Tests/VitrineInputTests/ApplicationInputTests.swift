import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineInput

/// libinput events through the source into a real `Application`: the touch pool, views'
/// touch callbacks, presses and switches.
@MainActor
struct ApplicationInputTests {
    private let screenA = RawDeviceHandle(1), screenB = RawDeviceHandle(2), mouse = RawDeviceHandle(3)

    private func twoScreensAndAMouse(touchCapacity: Int = 10) throws -> AppHarness {
        try AppHarness(touchCapacity: touchCapacity) {
            $0.addTouchscreen(1, slots: 10)
            $0.addTouchscreen(2, slots: 10)
            $0.add(3, name: "mouse", capabilities: .pointer)
        }
    }

    @Test func oneTouchPoolServesTwoTouchDevicesAndTheMouse() throws {
        let h = try twoScreensAndAMouse()
        let left = TouchRecorder(frame: Rect(x: 0, y: 0, width: 300, height: 480), color: 0xFF0000)
        let middle = TouchRecorder(frame: Rect(x: 300, y: 0, width: 200, height: 480), color: 0x00FF00)
        let right = TouchRecorder(frame: Rect(x: 500, y: 0, width: 300, height: 480), color: 0x0000FF)
        [left, middle, right].forEach(h.window.addSubview)
        // Both screens use slot 0: the device tells the fingers apart.
        h.fake.down(screenA, slot: 0, x: 0.125, y: 0.5)
        h.fake.frame(screenA)
        h.fake.down(screenB, slot: 0, x: 0.875, y: 0.25)
        h.fake.frame(screenB)
        h.fake.button(mouse, Code.buttonLeft, pressed: true) // the pointer is at the centre, (400, 240)
        h.run()
        #expect(h.app.touchPool.activeCount == 3)
        #expect(left.log == ["began 1"] && middle.log == ["began 1"] && right.log == ["began 1"])
        #expect(left.locations == [Point(x: 100, y: 240)])
        #expect(right.locations == [Point(x: 700, y: 120)])
        #expect(middle.locations == [Point(x: 400, y: 240)])

        h.fake.move(screenA, slot: 0, x: 0.25, y: 0.5)
        h.fake.frame(screenA)
        h.fake.motion(mouse, dx: 5, dy: 0)
        h.run()
        #expect(left.log == ["began 1", "moved 1"] && middle.log == ["began 1", "moved 1"] && right.log == ["began 1"])
        #expect(left.locations.last == Point(x: 200, y: 240))
        #expect(middle.locations.last == Point(x: 405, y: 240))

        h.fake.up(screenA, slot: 0)
        h.fake.frame(screenA)
        h.fake.up(screenB, slot: 0)
        h.fake.frame(screenB)
        h.fake.button(mouse, Code.buttonLeft, pressed: false)
        h.run()
        #expect(left.log.last == "ended 1" && middle.log.last == "ended 1" && right.log.last == "ended 1")
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func removingADeviceMidTouchCancelsItsTouchesOnceEachAndFreesThePool() throws {
        let h = try twoScreensAndAMouse()
        let left = TouchRecorder(frame: Rect(x: 0, y: 0, width: 400, height: 480), color: 0xFF0000)
        let right = TouchRecorder(frame: Rect(x: 400, y: 0, width: 400, height: 480), color: 0x0000FF)
        [left, right].forEach(h.window.addSubview)
        h.fake.down(screenA, slot: 0, x: 0.1, y: 0.5)
        h.fake.down(screenA, slot: 1, x: 0.9, y: 0.5)
        h.fake.frame(screenA)
        h.fake.down(screenB, slot: 0, x: 0.2, y: 0.5)
        h.fake.frame(screenB)
        h.run()
        #expect(h.app.touchPool.activeCount == 3)
        #expect(left.log == ["began 1", "began 1"] && right.log == ["began 1"])

        // What libinput queues when screen A is unplugged: its touches cancelled, a frame, the removal.
        h.fake.cancel(screenA, slot: 0)
        h.fake.cancel(screenA, slot: 1)
        h.fake.frame(screenA)
        h.fake.remove(screenA)
        h.run()
        #expect(left.log == ["began 1", "began 1", "cancelled 1"])
        #expect(right.log == ["began 1", "cancelled 1"])
        #expect(h.app.touchPool.activeCount == 1) // screen B's finger is still down

        h.fake.up(screenB, slot: 0)
        h.fake.frame(screenB)
        h.run()
        #expect(left.log.last == "ended 1")
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func aDeviceRemovedWithoutCancelsStillCancelsItsTouches() throws {
        let h = try twoScreensAndAMouse()
        let view = TouchRecorder(frame: h.window.bounds, color: 0xFF0000)
        h.window.addSubview(view)
        h.fake.down(screenA, slot: 0, x: 0.1, y: 0.5)
        h.fake.down(screenA, slot: 4, x: 0.5, y: 0.5)
        h.fake.frame(screenA)
        h.run()
        h.fake.remove(screenA)
        h.run()
        #expect(view.log == ["began 2", "cancelled 2"])
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func aMouseUnpluggedWithItsButtonDownCancels() throws {
        let h = try twoScreensAndAMouse()
        let view = TouchRecorder(frame: h.window.bounds, color: 0xFF0000)
        h.window.addSubview(view)
        h.fake.button(mouse, Code.buttonLeft, pressed: true)
        h.run()
        h.fake.button(mouse, Code.buttonLeft, pressed: false)
        h.fake.remove(mouse)
        h.run()
        #expect(view.log == ["began 1", "cancelled 1"])
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func theEleventhFingerOnATenSlotPoolIsLoggedAndIgnored() throws {
        let h = try AppHarness(touchCapacity: 10) { $0.addTouchscreen(1, slots: 11) }
        #expect(h.source.maximumTouchCount == 11)
        let view = TouchRecorder(frame: h.window.bounds, color: 0xFF0000)
        h.window.addSubview(view)
        for slot in 0..<11 { h.fake.down(screenA, slot: slot, x: 0.05 + Double(slot) * 0.08, y: 0.5) }
        h.fake.frame(screenA)
        h.run()
        #expect(view.log == ["began 10"])
        #expect(h.app.touchPool.activeCount == 10)
        #expect(h.app.touchPool.ignoredTouchCount == 1)
        // The ignored finger moves and lifts: nothing happens to the others.
        h.fake.move(screenA, slot: 10, x: 0.5, y: 0.6)
        h.fake.frame(screenA)
        h.fake.up(screenA, slot: 10)
        h.fake.frame(screenA)
        h.run()
        #expect(view.log == ["began 10"])
        for slot in 0..<10 { h.fake.up(screenA, slot: slot) }
        h.fake.frame(screenA)
        h.run()
        #expect(view.log == ["began 10", "ended 10"])
        #expect(h.app.touchPool.activeCount == 0)
        // And the pool works as before.
        h.fake.down(screenA, slot: 10, x: 0.5, y: 0.5)
        h.fake.frame(screenA)
        h.run()
        #expect(view.log.last == "began 1")
    }

    @Test func keysReachTheFirstResponderAsPresses() throws {
        let h = try AppHarness { $0.add(4, capabilities: .keyboard) }
        let field = PressRecorder(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        h.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        h.fake.key(RawDeviceHandle(4), Code.leftShift, pressed: true)
        h.fake.tap(RawDeviceHandle(4), Code.keyA)
        h.fake.key(RawDeviceHandle(4), Code.leftShift, pressed: false)
        h.run()
        #expect(field.log == ["began 42 \"\" 1", "began 30 \"A\" 1", "ended 30", "ended 42"])
    }

    @Test func switchesReachTheApplicationDelegate() throws {
        final class Delegate: ApplicationDelegate {
            var changes: [String] = []
            func application(_ application: Application, switch kind: SwitchKind, didChangeTo isOn: Bool) {
                changes.append("\(kind) \(isOn)")
            }
        }
        let delegate = Delegate()
        let h = try AppHarness(delegate: delegate) {
            $0.add(5, capabilities: .lidSwitch)
            // A lid closed at start: libinput reports it right after the device.
            $0.send(.switchToggled(RawDeviceHandle(5), .lid, isOn: true, time: 1))
        }
        #expect(delegate.changes == ["lid true"])
        h.fake.send(.switchToggled(RawDeviceHandle(5), .lid, isOn: false, time: 2))
        h.run()
        #expect(delegate.changes == ["lid true", "lid false"])
    }
}
