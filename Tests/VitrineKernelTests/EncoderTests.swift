import CEvdev
import Glibc
import Testing
import Vitrine
import VitrineGraphics
import VitrineInput

extension KernelRing {
    /// Issue 20: a rotary encoder named as the board's `[input] encoder` moves focus. The knob
    /// is a uinput device that turns as a wheel (REL_WHEEL, what libinput 1.22 reports; it has
    /// no dial axis) and presses as a button.
    @Suite("A rotary encoder through uinput and libinput")
    @MainActor
    struct EncoderOnTheKernel {
        @Test("an encoder's turns move focus from button to button; its press activates")
        func encoderMovesFocus() throws {
            let knob = try UInputDevice.mouse(name: "vitrine-test encoder")
            let kernel = try KernelApp(input: true, encoder: knob.name)
            defer { kernel.shutdown() }
            try #require(kernel.waitForInputDevice(knob.name))
            var taps: [String] = []
            let buttons = kernel.addTwoButtons { taps.append($0) }
            #expect(kernel.settle())
            #expect(kernel.app.focusedView == nil, "no focus before the knob is used")
            // One detent towards the user (REL_WHEEL -1): the next element; the first turn
            // shows focus on the first one.
            knob.write(Int32(EV_REL), Int32(REL_WHEEL), -1)
            knob.sync()
            #expect(kernel.driver.run(until: { kernel.app.focusedView === buttons[0] }, timeout: 10), "the first turn did not focus")
            knob.write(Int32(EV_REL), Int32(REL_WHEEL), -1)
            knob.sync()
            #expect(kernel.driver.run(until: { kernel.app.focusedView === buttons[1] }, timeout: 10), "the turn did not move focus")
            knob.click()
            #expect(kernel.driver.run(until: { taps == ["Second"] }, timeout: 10), "the press did not activate: \(taps)")
            #expect(kernel.unexpectedLogMessages.isEmpty, "\(kernel.unexpectedLogMessages)")
        }
    }
}
