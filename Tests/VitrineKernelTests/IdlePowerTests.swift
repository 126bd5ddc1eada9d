import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics

extension KernelRing {
    /// The idle timer through the kernel: the CRTC's ACTIVE property read back from vkms.
    @Suite("The idle timer on DRMPlatform")
    @MainActor
    struct IdlePowerOnTheKernel {
        @Test("an idle screen powers down (ACTIVE 0) and sleeps; a touch powers it up (ACTIVE 1) and is swallowed")
        func idleOffThenTouchWakes() throws {
            let screen = try UInputDevice.touchscreen(width: InputOnTheKernel.width, height: InputOnTheKernel.height)
            let kernel = try KernelApp(input: true)
            defer { kernel.shutdown() }
            try #require(kernel.waitForInputDevice(screen.name))
            let scene = ButtonScene(in: kernel.window)
            var highlighted = false
            scene.button.addAction({ _ in highlighted = true }, for: .touchDown)
            kernel.app.idlePolicy = IdlePolicy(dimAfter: 0, offAfter: 0.5)
            kernel.app.launch()
            #expect(kernel.settle())
            let display = kernel.display, crtc = display.pipeline.crtcID
            #expect(try KernelDevices.property("ACTIVE", of: crtc, type: .crtc, on: display.device) == 1)

            #expect(kernel.driver.run(until: { !display.isPoweredOn }, timeout: 10), "the idle screen did not power down")
            #expect(kernel.app.idleState == .off)
            #expect(try KernelDevices.property("ACTIVE", of: crtc, type: .crtc, on: display.device) == 0,
                    "the kernel's CRTC is still active on an idle screen")
            // Dark: nothing is presented and the loop sleeps (one wake-up: the timer ending the wait).
            let presents = display.presentCount, wakeUps = kernel.loop.wakeUps
            kernel.driver.run(for: 0.5)
            #expect(display.presentCount == presents, "frames presented on a dark screen")
            #expect(kernel.loop.wakeUps - wakeUps == 1, "the loop woke on a dark screen")

            let fingers = TouchWriter(screen)
            fingers.down(0, x: Int(scene.centre.x), y: Int(scene.centre.y))
            fingers.frame()
            #expect(kernel.driver.run(until: { display.isPoweredOn }, timeout: 10), "the touch did not power the screen up")
            // Awake from here on: the rest of the test must not race a second timeout.
            kernel.app.idlePolicy = IdlePolicy()
            #expect(kernel.settle())
            #expect(try KernelDevices.property("ACTIVE", of: crtc, type: .crtc, on: display.device) == 1)
            #expect(display.presentCount > presents, "the woken screen was not repainted")
            fingers.up(0)
            fingers.frame()

            // A second tap is delivered; the first (the waking one) never was: one tap in all.
            fingers.down(1, x: Int(scene.centre.x), y: Int(scene.centre.y))
            fingers.frame()
            fingers.up(1)
            fingers.frame()
            #expect(kernel.driver.run(until: { scene.taps >= 1 }, timeout: 10), "the tap after waking was not delivered")
            #expect(kernel.settle())
            #expect(scene.taps == 1, "the touch that woke the screen pressed the button")
            #expect(highlighted, "the second touch did not reach the button")
            #expect(kernel.app.touchPool.activeCount == 0, "a touch is left in the pool")
            #expect(kernel.unexpectedLogMessages.isEmpty, "the backends complained: \(kernel.unexpectedLogMessages)")
        }
    }
}
