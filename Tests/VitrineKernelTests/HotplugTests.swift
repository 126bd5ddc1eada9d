import CEvdev
import Glibc
import Testing
import Vitrine
import VitrineBoard

extension KernelRing {
    /// Issue 35, part 5: a dial, a headphone jack and an accelerometer plugged in after a board
    /// started are picked up through udev's monitor, unplugged cleanly (no error, no spinning
    /// loop) and picked up again. Each device is a uinput device made after start.
    @Suite("Hotplug of the encoder, the jack and the accelerometer")
    @MainActor
    struct HotplugOnTheKernel {
        /// At most this many wake-ups in a second once a device is gone: an idle app has the
        /// timer's own and nothing else; a dead descriptor polled would be thousands.
        static let idleWakeUpBound = 3

        func turn(_ knob: UInputDevice, _ detents: Int32) {
            knob.write(Int32(EV_REL), Int32(REL_DIAL), detents)
            knob.sync()
        }

        @Test("a dial plugged in after start moves focus; unplugged it is closed; plugged in again it works")
        func dialPluggedInLater() throws {
            let name = "vitrine-test hotplug dial"
            let board = try BoardApp(encoder: name)
            defer { board.shutdown() }
            #expect(board.platform.dialEncoder == nil, "a dial was found before one was plugged in")
            #expect(board.platform.hotplug?.kindNames.contains("rotary encoder") == true,
                    "the board does not follow the encoder: \(board.platform.hotplug?.kindNames ?? [])")
            let buttons = board.addTwoButtons()
            #expect(board.settle())

            var knob: UInputDevice? = try UInputDevice.dial(name: name, button: Int32(BTN_0))
            try #require(board.driver.run(until: { board.platform.dialEncoder != nil }, timeout: 15),
                         "the dial plugged in was not opened: \(board.log.lines(atLeast: .info))")
            #expect(board.platform.dialEncoder?.path == knob?.node)
            #expect(board.countSinceStart("hotplug: rotary encoder \(knob!.node)") == 1)
            turn(knob!, 1)
            #expect(board.driver.run(until: { board.app.focusedView === buttons[0] }, timeout: 10), "the turn did not focus")

            knob?.destroy()
            knob = nil
            #expect(board.driver.run(until: { board.platform.dialEncoder == nil }, timeout: 15), "the unplugged dial was kept")
            let wakeUps = board.idleWakeUps()
            Figures.record("hotplug_dial_idle_wakeups_after_unplug", wakeUps)
            #expect(wakeUps <= Self.idleWakeUpBound, "the loop woke \(wakeUps) times in a second after the dial went")
            #expect(board.app.focusedView === buttons[0], "focus moved without a turn")

            let again = try UInputDevice.dial(name: name, button: Int32(BTN_0))
            try #require(board.driver.run(until: { board.platform.dialEncoder.map { !$0.isLost } ?? false }, timeout: 15),
                         "the dial plugged in again was not opened")
            turn(again, 1)
            #expect(board.driver.run(until: { board.app.focusedView === buttons[1] }, timeout: 10), "the dial plugged in again does not turn")
            #expect(board.messagesSinceStart(atLeast: .error).isEmpty, "\(board.messagesSinceStart(atLeast: .error))")
            #expect(board.messagesSinceStart(atLeast: .warning).count <= 1, "\(board.messagesSinceStart(atLeast: .warning))")
        }

        @Test("an accelerometer plugged in after start turns the screen; unplugged the screen stays; plugged in again it works")
        func accelerometerPluggedInLater() throws {
            let name = "vitrine-test hotplug accelerometer"
            let board = try BoardApp(autoRotate: true)
            defer { board.shutdown() }
            let accelerometer = try #require(board.platform.accelerometer)
            #expect(!accelerometer.isStarted, "an accelerometer was read before one was plugged in")
            #expect(board.app.screenRotation == .none)
            let g: Int32 = 256

            // Plugged in lying on its left edge (right edge up: +1 g along x). Written before
            // the loop runs, so that is the state the board reads when it opens the device.
            var sensor: UInputDevice? = try UInputDevice.accelerometer(name: name, unitsPerG: Int(g))
            sensor?.write(Int32(EV_ABS), Int32(ABS_X), g)
            sensor?.sync()
            try #require(board.driver.run(until: { accelerometer.isStarted }, timeout: 15),
                         "the accelerometer plugged in was not started: \(board.log.lines(atLeast: .info))")
            #expect(board.driver.run(until: { board.app.screenRotation == .clockwise90 }, timeout: 10),
                    "the accelerometer did not turn the screen (\(board.app.screenRotation))")
            #expect(board.settle())

            sensor?.destroy()
            sensor = nil
            #expect(board.driver.run(until: { !accelerometer.isStarted }, timeout: 15), "the unplugged accelerometer is still read")
            #expect(accelerometer.fileDescriptor == nil)
            let wakeUps = board.idleWakeUps()
            Figures.record("hotplug_accelerometer_idle_wakeups_after_unplug", wakeUps)
            #expect(wakeUps <= Self.idleWakeUpBound, "the loop woke \(wakeUps) times in a second after the accelerometer went")
            #expect(board.app.screenRotation == .clockwise90, "the screen turned when the accelerometer went")

            let again = try UInputDevice.accelerometer(name: name, unitsPerG: Int(g))
            again.write(Int32(EV_ABS), Int32(ABS_Y), g)
            again.sync()
            try #require(board.driver.run(until: { accelerometer.isStarted }, timeout: 15),
                         "the accelerometer plugged in again was not started")
            #expect(board.driver.run(until: { board.app.screenRotation == .none }, timeout: 10),
                    "the accelerometer plugged in again did not turn the screen back (\(board.app.screenRotation))")
            #expect(board.settle())
            #expect(board.messagesSinceStart(atLeast: .error).isEmpty, "\(board.messagesSinceStart(atLeast: .error))")
            #expect(board.messagesSinceStart(atLeast: .warning).count <= 1, "\(board.messagesSinceStart(atLeast: .warning))")
        }

        @Test("a headphone jack plugged in after start switches speech; unplugged speech is off; plugged in again it works")
        func jackPluggedInLater() throws {
            let name = "vitrine-test hotplug Headphone"
            let board = try BoardApp(speech: .onHeadphones)
            defer { board.shutdown() }
            #expect(board.platform.hotplug?.kindNames.contains("headphone jack") == true,
                    "the board does not follow the jack: \(board.platform.hotplug?.kindNames ?? [])")

            for round in 1...2 {
                let jack = try UInputDevice.headphoneJack(name: name)
                // The kernel may give the jack the same node again: lines are counted per round.
                try #require(board.driver.run(until: { board.countSinceStart("speech: off until headphones are plugged into ") == round },
                                              timeout: 15),
                             "round \(round): the jack plugged in was not opened: \(board.log.lines(atLeast: .info))")
                #expect(board.countSinceStart("speech: off until headphones are plugged into \(jack.node)") >= 1)
                jack.write(Int32(EV_SW), Int32(SW_HEADPHONE_INSERT), 1)
                jack.sync()
                #expect(board.driver.run(until: { board.countSinceStart("speech: on — headphones plugged in") == round }, timeout: 15),
                        "round \(round): headphones into the jack did not turn speech on: \(board.messagesSinceStart(atLeast: .info))")
                jack.destroy()
                #expect(board.driver.run(until: { board.countSinceStart("speech: off — ") == round }, timeout: 15),
                        "round \(round): unplugging the jack did not turn speech off: \(board.messagesSinceStart(atLeast: .info))")
                let wakeUps = board.idleWakeUps()
                Figures.record("hotplug_jack_idle_wakeups_after_unplug_\(round)", wakeUps)
                #expect(wakeUps <= Self.idleWakeUpBound, "round \(round): the loop woke \(wakeUps) times in a second after the jack went")
            }
            // The VM has no sound card: speech says so (an error, once per time it turns on).
            let errors = board.messagesSinceStart(atLeast: .error).filter { !$0.contains("no sound device") }
            #expect(errors.isEmpty, "\(errors)")
            #expect(board.messagesSinceStart(atLeast: .warning).filter { !$0.contains("no sound device") }.count <= 2,
                    "\(board.messagesSinceStart(atLeast: .warning))")
        }
    }
}
