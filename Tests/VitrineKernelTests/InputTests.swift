import CEvdev
import Glibc
import Testing
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineHeadless
import VitrineInput
import VitrineLinux

/// A view that records what reaches it.
@MainActor
final class RecordingView: View {
    var began = 0
    var moved = 0
    var ended = 0
    var cancelled = 0
    /// Motions and presses, in order (`motionBegan`, `motionEnded`, `press 30 a`…).
    var log: [String] = []
    var acceptsFirstResponder = false
    var onTouchesBegan: ((TouchSet) -> Void)?

    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        began += touches.count
        onTouchesBegan?(touches)
    }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { moved += touches.count }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { ended += touches.count }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { cancelled += touches.count }
    override func motionBegan(_ motion: Event.Subtype, with event: Event?) { log.append("motionBegan \(motion)") }
    override func motionEnded(_ motion: Event.Subtype, with event: Event?) { log.append("motionEnded \(motion)") }
    override func motionCancelled(_ motion: Event.Subtype, with event: Event?) { log.append("motionCancelled \(motion)") }
    override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) {
        for press in presses { log.append("press \(press.keyCode) \(press.characters)") }
    }
}

/// A button and a label that counts its taps: the scene of the tap test, built the same way on
/// the kernel and headless.
@MainActor
final class ButtonScene {
    let button: Button
    let label: Label
    private(set) var taps = 0

    init(in window: Window) {
        button = Button(frame: Rect(x: 312, y: 300, width: 400, height: 120))
        button.setTitle("Tap me", for: .normal)
        button.backgroundColor = Color(red: 0.15, green: 0.45, blue: 0.8)
        button.cornerRadius = 12
        window.addSubview(button)
        label = Label(text: "No taps yet", font: .system(size: 28))
        label.frame = Rect(x: 312, y: 460, width: 400, height: 50)
        window.addSubview(label)
        button.addAction({ [unowned self] _ in
            self.taps += 1
            self.label.text = "Tapped \(self.taps)"
        }, for: .touchUpInside)
    }

    /// The button's centre, in screen points (= panel pixels without rotation, at scale 1).
    var centre: Point { Point(x: button.frame.midX, y: button.frame.midY) }
}

extension KernelRing {
    /// Input from uinput devices the tests create, through the kernel's input core, udev,
    /// libinput and `LibInputSource`, into an app on the DRM display.
    @Suite("Input through uinput and libinput")
    @MainActor
    struct InputOnTheKernel {
        static let width = 1024, height = 768

        @Test("a tap on a Button highlights it, fires its action and shows on screen")
        func tapOnButton() throws {
            // What the screen should show: the same scene headless, touched by a script.
            var expected: [Surface] = []
            do {
                let reference = HeadlessReference(mode: DisplayMode(width: Self.width, height: Self.height), rotation: .none)
                let scene = ButtonScene(in: reference.window)
                reference.settle()
                reference.platform.input.down(0, at: scene.centre)
                reference.platform.input.frame()
                reference.settle()
                expected.append(try #require(reference.shownFrame()))
                reference.platform.input.up(0)
                reference.platform.input.frame()
                reference.settle()
                expected.append(try #require(reference.shownFrame()))
                #expect(scene.taps == 1, "the headless reference did not tap")
            }

            let screen = try UInputDevice.touchscreen(width: Self.width, height: Self.height)
            let kernel = try KernelApp(input: true)
            defer { kernel.shutdown() }
            try #require(kernel.waitForInputDevice(screen.name))
            let scene = ButtonScene(in: kernel.window)
            #expect(kernel.settle())
            let capture = try WritebackCapture(device: kernel.display.device, crtcID: kernel.display.pipeline.crtcID,
                                               width: Self.width, height: Self.height)
            defer { capture.close() }

            let fingers = TouchWriter(screen)
            fingers.down(0, x: Int(scene.centre.x), y: Int(scene.centre.y))
            fingers.frame()
            #expect(kernel.driver.run(until: { scene.button.isHighlighted }, timeout: 10), "the touch did not highlight the button")
            #expect(kernel.settle())
            PictureCheck.expectEqual(try capture.capture(), expected[0], name: "tap-button-down")

            fingers.up(0)
            fingers.frame()
            #expect(kernel.driver.run(until: { scene.taps == 1 }, timeout: 10), "the button's action did not fire")
            #expect(kernel.settle())
            #expect(!scene.button.isHighlighted)
            #expect(scene.label.text == "Tapped 1")
            PictureCheck.expectEqual(try capture.capture(), expected[1], name: "tap-button-up")
            #expect(kernel.unexpectedLogMessages.isEmpty, "the backends complained: \(kernel.unexpectedLogMessages)")
        }

        @Test("a two-finger pinch drives a PinchGestureRecognizer")
        func pinch() throws {
            let screen = try UInputDevice.touchscreen(width: Self.width, height: Self.height)
            let kernel = try KernelApp(input: true)
            defer { kernel.shutdown() }
            try #require(kernel.waitForInputDevice(screen.name))
            let view = RecordingView(frame: kernel.window.bounds)
            view.isMultipleTouchEnabled = true
            kernel.window.addSubview(view)
            let recognizer = PinchGestureRecognizer()
            var states: [GestureRecognizer.State] = []
            var scales: [Double] = []
            recognizer.addAction {
                states.append($0.state)
                scales.append(recognizer.scale)
            }
            view.addGestureRecognizer(recognizer)
            #expect(kernel.settle())

            let fingers = TouchWriter(screen)
            fingers.down(0, x: 412, y: 384)
            fingers.down(1, x: 612, y: 384)
            fingers.frame()
            #expect(kernel.driver.run(until: { recognizer.numberOfTouches == 2 }, timeout: 10), "the recognizer did not get both fingers")
            // Apart, 20 pixels a frame: the distance goes 200 → 400, so the scale 1 → 2.
            for step in 1...10 {
                let half = 100 + 10 * step
                fingers.move(0, x: 512 - half, y: 384)
                fingers.move(1, x: 512 + half, y: 384)
                fingers.frame()
                let expected = Double(2 * half) / 200
                #expect(kernel.driver.run(until: { abs(recognizer.scale - expected) < 1e-9 }, timeout: 10),
                        "frame \(step): scale \(recognizer.scale), expected \(expected)")
            }
            fingers.up(0)
            fingers.up(1)
            fingers.frame()
            #expect(kernel.driver.run(until: { states.last == .ended }, timeout: 10))
            #expect(states.first == .began && states.dropFirst().dropLast().allSatisfy { $0 == .changed } && states.last == .ended,
                    "states \(states)")
            #expect(states.count == 11, "began, 9 changes and ended for 10 moves: \(states)")
            #expect(scales.last.map { abs($0 - 2) < 1e-9 } == true, "the pinch ended at scale \(String(describing: scales.last))")
        }

        @Test("ten fingers at once are ten touches; an eleventh finger is ignored")
        func tenFingersAndAnEleventh() throws {
            let screen = try UInputDevice.touchscreen(width: Self.width, height: Self.height)
            let second = try UInputDevice.touchscreen(name: "vitrine-test second touchscreen", slots: 2,
                                                      width: Self.width, height: Self.height)
            let kernel = try KernelApp(input: true)
            defer { kernel.shutdown() }
            try #require(kernel.waitForInputDevice(screen.name))
            try #require(kernel.waitForInputDevice(second.name))
            #expect(kernel.app.touchPool.capacity == 10)
            let view = RecordingView(frame: kernel.window.bounds)
            view.isMultipleTouchEnabled = true
            kernel.window.addSubview(view)
            #expect(kernel.settle())

            let fingers = TouchWriter(screen)
            for slot in 0..<10 { fingers.down(slot, x: 60 + slot * 90, y: 300 + (slot % 2) * 100) }
            fingers.frame()
            #expect(kernel.driver.run(until: { view.began == 10 }, timeout: 10), "\(view.began) of 10 fingers began")
            #expect(kernel.app.touchPool.activeCount == 10)

            // The eleventh, on the other screen; then a move of the first ten, whose arrival
            // means the eleventh was handled too (it was written before).
            let eleventh = TouchWriter(second)
            eleventh.down(0, x: 500, y: 650)
            eleventh.frame()
            for slot in 0..<10 { fingers.move(slot, x: 62 + slot * 90, y: 302 + (slot % 2) * 100) }
            fingers.frame()
            #expect(kernel.driver.run(until: { view.moved >= 10 }, timeout: 10))
            #expect(view.began == 10, "the eleventh finger reached the view")
            #expect(kernel.app.touchPool.activeCount == 10)

            eleventh.up(0)
            eleventh.frame()
            for slot in 0..<10 { fingers.up(slot) }
            fingers.frame()
            #expect(kernel.driver.run(until: { view.ended == 10 }, timeout: 10), "\(view.ended) of 10 fingers ended")
            #expect(kernel.settle())
            #expect(view.cancelled == 0)
            #expect(kernel.app.touchPool.activeCount == 0)
        }

        @Test("removing the touchscreen mid-touch cancels its touches")
        func unplugMidTouch() throws {
            let screen = try UInputDevice.touchscreen(width: Self.width, height: Self.height)
            let kernel = try KernelApp(input: true)
            defer { kernel.shutdown() }
            try #require(kernel.waitForInputDevice(screen.name))
            let view = RecordingView(frame: kernel.window.bounds)
            view.isMultipleTouchEnabled = true
            kernel.window.addSubview(view)
            #expect(kernel.settle())
            let fingers = TouchWriter(screen)
            fingers.down(0, x: 300, y: 300)
            fingers.down(1, x: 600, y: 400)
            fingers.frame()
            #expect(kernel.driver.run(until: { view.began == 2 }, timeout: 10))

            screen.destroy()
            #expect(kernel.driver.run(until: { view.cancelled == 2 }, timeout: 10),
                    "the touches of the unplugged screen were not cancelled (cancelled \(view.cancelled), ended \(view.ended))")
            #expect(view.ended == 0)
            #expect(kernel.app.touchPool.activeCount == 0)
            #expect(kernel.driver.run(until: { !(kernel.libInput?.devices.contains { $0.name == screen.name } ?? true) }, timeout: 10),
                    "libinput still lists the unplugged screen")
        }

        @Test("a shake: motionBegan, then motionEnded, at the first responder")
        func shake() throws {
            let sensor = try UInputDevice.accelerometer()
            let kernel = try KernelApp(input: true)
            defer { kernel.shutdown() }
            let accelerometer = AccelerometerSource(configuration: AccelerometerConfiguration(device: .evdev(path: sensor.node)),
                                                    mainLoop: kernel.loop, logger: kernel.log.logger(label: "vitrine.accelerometer"))
            kernel.app.addInputSource(accelerometer)
            // Upright before anything reads it (1 g along y): the state the source reads at start.
            let g: Int32 = 256
            sensor.write(Int32(EV_ABS), Int32(ABS_Y), g)
            sensor.sync()
            let responder = RecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            responder.acceptsFirstResponder = true
            kernel.window.addSubview(responder)
            #expect(responder.becomeFirstResponder())
            #expect(!accelerometer.isStarted, "the accelerometer is read only while something needs it")
            kernel.app.detectsShakes = true
            #expect(accelerometer.isStarted, "detecting shakes should start the accelerometer")
            #expect(kernel.settle())

            // Then a shake along x: a jolt of ±1.5 g every other sample,
            // a sample every 25 ms of the loop's clock, for half a second; then still again,
            // with a tremor of one unit so the kernel does not drop the repeated values.
            var sample = 0
            let jolts = 20
            let writer = LoopTimer.scheduled(on: kernel.loop, after: 0.025, repeats: true) { _ in
                let x: Int32 = sample < jolts ? (sample % 2 == 0 ? (sample % 4 == 0 ? 384 : -384) : 0) : (sample % 2 == 0 ? 1 : 0)
                sensor.write(Int32(EV_ABS), Int32(ABS_X), x)
                sensor.write(Int32(EV_ABS), Int32(ABS_Y), g)
                sensor.write(Int32(EV_ABS), Int32(ABS_Z), 0)
                sensor.sync()
                sample += 1
            }
            defer { writer.invalidate() }
            let ended = kernel.driver.run(until: { responder.log.contains { $0.hasPrefix("motionEnded") || $0.hasPrefix("motionCancelled") } },
                                          timeout: 15)
            #expect(ended, "no motion ended within 15 s; the responder heard \(responder.log)")
            #expect(responder.log.count >= 2 && responder.log[0] == "motionBegan \(Event.Subtype.motionShake)"
                        && responder.log[1] == "motionEnded \(Event.Subtype.motionShake)",
                    "the first responder heard \(responder.log)")
            kernel.app.detectsShakes = false
            #expect(!accelerometer.isStarted)
        }

        @Test("lid closed turns the display off; lid open turns it on and repaints it")
        func lid() throws {
            let lid = try UInputDevice.switches()
            let kernel = try KernelApp(input: true)
            defer { kernel.shutdown() }
            try #require(kernel.waitForInputDevice(lid.name))
            let expected: Surface
            do {
                let reference = HeadlessReference(mode: DisplayMode(width: Self.width, height: Self.height), rotation: .none)
                _ = PictureScript(in: reference.window)
                reference.settle()
                expected = try #require(reference.shownFrame())
            }
            _ = PictureScript(in: kernel.window)
            #expect(kernel.settle())
            let display = kernel.display, crtc = display.pipeline.crtcID
            #expect(try KernelDevices.property("ACTIVE", of: crtc, type: .crtc, on: display.device) == 1)

            lid.write(Int32(EV_SW), Int32(SW_LID), 1)
            lid.sync()
            #expect(kernel.driver.run(until: { !display.isPoweredOn }, timeout: 10), "closing the lid did not turn the display off")
            #expect(try KernelDevices.property("ACTIVE", of: crtc, type: .crtc, on: display.device) == 0,
                    "the kernel's CRTC is still active with the lid closed")
            let presents = display.presentCount

            lid.write(Int32(EV_SW), Int32(SW_LID), 0)
            lid.sync()
            #expect(kernel.driver.run(until: { display.isPoweredOn }, timeout: 10), "opening the lid did not turn the display on")
            #expect(kernel.settle())
            #expect(try KernelDevices.property("ACTIVE", of: crtc, type: .crtc, on: display.device) == 1)
            #expect(display.presentCount > presents, "the display was not repainted after the lid opened")
            let capture = try WritebackCapture(device: display.device, crtcID: crtc, width: Self.width, height: Self.height)
            defer { capture.close() }
            PictureCheck.expectEqual(try capture.capture(), expected, name: "lid-reopened")
        }

        @Test("rotation 90: a tap at each screen corner reaches the view drawn there")
        func rotatedCorners() throws {
            let screen = try UInputDevice.touchscreen(width: Self.width, height: Self.height)
            let kernel = try KernelApp(configuration: .init(rotation: .clockwise90), input: true)
            defer { kernel.shutdown() }
            try #require(kernel.waitForInputDevice(screen.name))
            let bounds = kernel.window.bounds
            #expect(bounds.width == 768 && bounds.height == 1024, "a quarter turn makes the screen portrait: \(bounds)")
            let size = 120.0
            // Colours of whole 8-bit values, so the panel's pixels can be compared exactly.
            let colors = [Color(rgb: 0xFF0000), Color(rgb: 0x00CC00), Color(rgb: 0x0000FF), Color(rgb: 0xE6B400)]
            let origins = [Point(x: 0, y: 0), Point(x: bounds.width - size, y: 0),
                           Point(x: 0, y: bounds.height - size), Point(x: bounds.width - size, y: bounds.height - size)]
            let corners = zip(origins, colors).map { origin, color in
                let view = RecordingView(frame: Rect(x: origin.x, y: origin.y, width: size, height: size))
                view.backgroundColor = color
                kernel.window.addSubview(view)
                return view
            }
            #expect(kernel.settle())
            let capture = try WritebackCapture(device: kernel.display.device, crtcID: kernel.display.pipeline.crtcID,
                                               width: Self.width, height: Self.height)
            defer { capture.close() }
            let panel = try capture.capture()
            let fingers = TouchWriter(screen)
            for (index, view) in corners.enumerated() {
                // Where the view is on the panel: its scene rectangle turned as the display turns it.
                let scene = PixelRect(x: Int(view.frame.minX), y: Int(view.frame.minY), width: Int(size), height: Int(size))
                let onPanel = kernel.display.rotation.rect(scene, sceneWidth: 768, sceneHeight: 1024)
                let x = onPanel.x + onPanel.width / 2, y = onPanel.y + onPanel.height / 2
                // The kernel's picture shows the view there…
                #expect(panel.color(x: x, y: y).rgba8 == colors[index].rgba8,
                        "corner \(index): the panel pixel (\(x), \(y)) is not the view's colour")
                // …and a finger there reaches it, and only it.
                fingers.down(0, x: x, y: y)
                fingers.frame()
                fingers.up(0)
                fingers.frame()
                #expect(kernel.driver.run(until: { view.ended == 1 }, timeout: 10), "corner \(index): the tap did not reach its view")
                for (other, otherView) in corners.enumerated() where other != index {
                    #expect(otherView.began == (other < index ? 1 : 0), "corner \(index)'s tap reached corner \(other)")
                }
            }
        }

        @Test("a mouse click acts as one finger at the pointer; a key reaches the first responder")
        func mouseAndKeyboard() throws {
            let mouse = try UInputDevice.mouse()
            let keyboard = try UInputDevice.keyboard()
            let kernel = try KernelApp(input: true)
            defer { kernel.shutdown() }
            try #require(kernel.waitForInputDevice(mouse.name))
            try #require(kernel.waitForInputDevice(keyboard.name))
            // The pointer starts at the screen's centre, on the button.
            let scene = ButtonScene(in: kernel.window)
            #expect(scene.button.frame.contains(Point(x: 512, y: 384)))
            let responder = RecordingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            responder.acceptsFirstResponder = true
            kernel.window.addSubview(responder)
            #expect(responder.becomeFirstResponder())
            #expect(kernel.settle())

            mouse.write(Int32(EV_KEY), Int32(BTN_LEFT), 1)
            mouse.sync()
            #expect(kernel.driver.run(until: { scene.button.isHighlighted }, timeout: 10), "the click did not press the button")
            mouse.write(Int32(EV_KEY), Int32(BTN_LEFT), 0)
            mouse.sync()
            #expect(kernel.driver.run(until: { scene.taps == 1 }, timeout: 10), "the click did not tap the button")

            keyboard.write(Int32(EV_KEY), Int32(KEY_A), 1)
            keyboard.sync()
            keyboard.write(Int32(EV_KEY), Int32(KEY_A), 0)
            keyboard.sync()
            #expect(kernel.driver.run(until: { !responder.log.isEmpty }, timeout: 10), "the key did not reach the first responder")
            #expect(responder.log.first == "press \(KEY_A) a", "the first responder heard \(responder.log)")
        }

        @Test("figures: input-to-flip latency, and the wake-ups of an idle app with its input open")
        func figures() throws {
            let screen = try UInputDevice.touchscreen(width: Self.width, height: Self.height)
            let kernel = try KernelApp(input: true)
            defer { kernel.shutdown() }
            try #require(kernel.waitForInputDevice(screen.name))
            let target = RecordingView(frame: kernel.window.bounds)
            target.backgroundColor = .white
            kernel.window.addSubview(target)
            // Each touch turns the screen black or white; the latency of a tap is from the
            // kernel's timestamp of the touch (the evdev event's, as libinput passes it on) to
            // the vblank timestamp of the flip that shows the change.
            var lit = false
            var pending: (time: Double, presents: Int)?
            var latencies: [Double] = []
            target.onTouchesBegan = { touches in
                lit.toggle()
                target.backgroundColor = lit ? .black : .white
                if let touch = touches.first { pending = (touch.timestamp, kernel.app.statistics.presents) }
            }
            let appHandler = kernel.display.frameHandler
            kernel.display.frameHandler = { timing in
                if let waiting = pending, kernel.app.statistics.presents > waiting.presents {
                    latencies.append((timing.timestamp - waiting.time) * 1000)
                    pending = nil
                }
                appHandler?(timing)
            }
            #expect(kernel.settle())
            let fingers = TouchWriter(screen)
            let taps = 30
            for tap in 0..<taps {
                fingers.down(0, x: 100 + tap * 25, y: 300 + (tap % 3) * 100)
                fingers.frame()
                #expect(kernel.driver.run(until: { latencies.count == tap + 1 }, timeout: 10), "tap \(tap) never reached the screen")
                fingers.up(0)
                fingers.frame()
                #expect(kernel.driver.run(until: { target.ended == tap + 1 }, timeout: 10))
                #expect(kernel.settle())
            }
            if let p50 = Figures.percentile(50, of: latencies), let p99 = Figures.percentile(99, of: latencies) {
                Figures.record("input_to_flip_p50_ms", p50)
                Figures.record("input_to_flip_p99_ms", p99)
                Figures.record("input_to_flip_samples", latencies.count)
            }

            let wakeUps = kernel.loop.wakeUps
            kernel.driver.run(for: 5)
            // The timer that ends the five seconds is the test's, not the app's.
            Figures.record("idle_wakeups_5s", kernel.loop.wakeUps - wakeUps - 1)
        }
    }
}
