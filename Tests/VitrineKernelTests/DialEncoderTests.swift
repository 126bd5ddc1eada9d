import CEvdev
import Glibc
import Testing
import Vitrine
import VitrineGraphics
import VitrineInput

extension KernelRing {
    /// Issue 20: the kernel ring turns a uinput dial. A knob that reports REL_DIAL (libinput
    /// 1.22 has no dial axis) is read with libevdev (`DialEncoderSource`); its BTN_LEFT makes
    /// udev tag it a mouse, so libinput opens it too — and each press must still arrive once.
    @Suite("A rotary encoder that turns as a dial, through uinput and libevdev")
    @MainActor
    struct DialEncoderOnTheKernel {
        func turn(_ knob: UInputDevice, _ detents: Int32) {
            knob.write(Int32(EV_REL), Int32(REL_DIAL), detents)
            knob.sync()
        }

        @Test("a dial's turns move focus; its press activates once although libinput reads the button too")
        func dialMovesFocusAndPressesOnce() throws {
            let knob = try UInputDevice.dial(name: "vitrine-test dial")
            let kernel = try KernelApp(input: true, encoder: knob.name)
            defer { kernel.shutdown() }
            let dial = try #require(kernel.dialEncoder, "the dial was not opened with libevdev")
            #expect(dial.path == knob.node)
            // libinput takes the device as a mouse (udev: BTN_LEFT and no absolute axes).
            try #require(kernel.waitForInputDevice(knob.name))
            var taps: [String] = []
            let buttons = kernel.addTwoButtons { taps.append($0) }
            #expect(kernel.settle())
            #expect(kernel.app.focusedView == nil, "no focus before the knob is used")
            turn(knob, 1)
            #expect(kernel.driver.run(until: { kernel.app.focusedView === buttons[0] }, timeout: 10), "the first turn did not focus")
            turn(knob, 1)
            #expect(kernel.driver.run(until: { kernel.app.focusedView === buttons[1] }, timeout: 10), "the turn did not move focus")
            knob.click()
            #expect(kernel.driver.run(until: { taps == ["Second"] }, timeout: 10), "the press did not activate: \(taps)")
            // Turned back after the press: by the time focus is back on First, a second
            // delivery of the press (libinput's) would have come.
            turn(knob, -1)
            #expect(kernel.driver.run(until: { kernel.app.focusedView === buttons[0] }, timeout: 10), "the turn back did not move focus")
            #expect(taps == ["Second"], "the press arrived more than once")
            #expect(kernel.unexpectedLogMessages.isEmpty, "\(kernel.unexpectedLogMessages)")
        }

        @Test("a dial unplugged is logged once; the app runs on")
        func dialUnplugged() throws {
            let knob = try UInputDevice.dial(name: "vitrine-test dial 2", button: Int32(BTN_0))
            let kernel = try KernelApp(input: true, encoder: knob.name)
            defer { kernel.shutdown() }
            let dial = try #require(kernel.dialEncoder, "the dial was not opened with libevdev")
            var taps: [String] = []
            let buttons = kernel.addTwoButtons { taps.append($0) }
            #expect(kernel.settle())
            turn(knob, 1)
            #expect(kernel.driver.run(until: { kernel.app.focusedView === buttons[0] }, timeout: 10), "the turn did not focus")
            knob.destroy()
            #expect(kernel.driver.run(until: { dial.isLost }, timeout: 10), "the dial's loss was not seen")
            #expect(dial.fileDescriptor == nil)
            buttons[1].backgroundColor = .black
            #expect(kernel.settle(), "the app stopped after the dial went")
            #expect(kernel.app.focusedView === buttons[0])
            #expect(kernel.log.lines(atLeast: .warning).filter { $0.contains("is gone") }.count == 1, "\(kernel.log.lines(atLeast: .warning))")
        }
    }
}
