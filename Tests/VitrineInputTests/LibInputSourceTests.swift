import SystemPackage
import Testing
import Vitrine
import VitrineGraphics
import VitrineInput

/// The translation of libinput's events into `InputEvent`s, through the fake backend.
@MainActor
struct LibInputSourceTouchTests {
    @Test func touchEventsBecomeTouchesInPointsWithDeviceSlotAndTime() throws {
        let h = try SourceHarness(scale: 2) { $0.addTouchscreen(7) }
        let screen = RawDeviceHandle(7)
        #expect(h.source.devices.map(\.id) == [1])
        h.fake.down(screen, slot: 3, x: 0.25, y: 0.5, time: 2_500_000)
        h.fake.frame(screen, time: 2_500_000)
        h.fake.move(screen, slot: 3, x: 0.5, y: 0.5, time: 2_516_000)
        h.fake.frame(screen, time: 2_516_000)
        h.fake.cancel(screen, slot: 3, time: 2_600_000)
        h.fake.down(screen, slot: 4, x: 1, y: 1, time: 2_700_000)
        h.fake.up(screen, slot: 4, time: 2_800_000)
        h.fake.frame(screen, time: 2_800_000)
        let events = h.events()
        let id3 = TouchIdentifier(device: 1, slot: 3), id4 = TouchIdentifier(device: 1, slot: 4)
        // 800×480 panel, scale 2: (0.25, 0.5) of the panel is pixel (200, 240), point (100, 120).
        #expect(events == [
            .touchDown(id3, location: Point(x: 100, y: 120), majorRadius: 0, timestamp: 2.5),
            .touchFrame(timestamp: 2.5),
            .touchMotion(id3, location: Point(x: 200, y: 120), majorRadius: 0, timestamp: 2.516),
            .touchFrame(timestamp: 2.516),
            .touchCancel(id3, timestamp: 2.6),
            .touchDown(id4, location: Point(x: 400, y: 240), majorRadius: 0, timestamp: 2.7),
            .touchUp(id4, timestamp: 2.8),
            .touchFrame(timestamp: 2.8),
        ])
        // The backend was asked for the panel's pixels (unrotated mode), not the scene's.
        #expect(h.fake.panelSizesAsked.last! == (800, 480))
    }

    @Test func singleTouchScreensUseSlotZero() throws {
        let h = try SourceHarness { $0.addTouchscreen(1, slots: 0) }
        h.fake.send(.touchDown(RawDeviceHandle(1), slot: -1, seatSlot: 2, x: 10, y: 20, time: 1))
        h.fake.send(.touchUp(RawDeviceHandle(1), slot: -1, seatSlot: 2, time: 2))
        #expect(h.events().prefix(2).map(\.summary) == ["down 1:0", "up 1:0"])
        #expect(h.source.devices[0].touchSlots == 1)
    }

    @Test func deviceIdsAreSmallStableWhilePluggedAndReused() throws {
        let h = try SourceHarness {
            $0.addTouchscreen(11)
            $0.addTouchscreen(12)
            $0.add(13, name: "keyboard", capabilities: .keyboard)
        }
        #expect(h.source.devices.map(\.id) == [1, 2, 3])
        h.fake.remove(RawDeviceHandle(11))
        _ = h.events()
        #expect(h.source.devices.map(\.id) == [2, 3])
        h.fake.addTouchscreen(14)
        _ = h.events()
        #expect(h.source.devices.map(\.id) == [2, 3, 1])
        h.fake.down(RawDeviceHandle(14), slot: 0, x: 0, y: 0)
        h.fake.down(RawDeviceHandle(12), slot: 0, x: 0, y: 0)
        #expect(h.events().map(\.summary) == ["down 1:0", "down 2:0"])
    }

    @Test func eventsOfUnknownDevicesAreIgnored() throws {
        let h = try SourceHarness { $0.addTouchscreen(1) }
        h.fake.down(RawDeviceHandle(99), slot: 0, x: 0.5, y: 0.5)
        h.fake.frame(RawDeviceHandle(99))
        #expect(h.events().isEmpty)
    }

    @Test func removingATouchDeviceCancelsItsTouchesOnlyOnce() throws {
        let h = try SourceHarness {
            $0.addTouchscreen(1)
            $0.add(2, name: "keyboard", capabilities: .keyboard)
        }
        h.clock.now = 42
        h.fake.remove(RawDeviceHandle(2))
        // A keyboard's removal is reported too: the application cancels the keys it held.
        #expect(h.events() == [.deviceRemoved(device: 2, timestamp: 42)])
        h.fake.remove(RawDeviceHandle(1))
        #expect(h.events() == [.deviceRemoved(device: 1, timestamp: 42)])
        #expect(h.source.devices.isEmpty)
        h.fake.remove(RawDeviceHandle(1))
        #expect(h.events().isEmpty)
    }

    @Test func aRuntimeRotationAppliesToTheNextTouch() throws {
        let display = TestDisplay(width: 800, height: 480)
        let h = try SourceHarness(display: display) { $0.addTouchscreen(1) }
        let screen = RawDeviceHandle(1)
        h.fake.down(screen, slot: 0, x: 0.25, y: 0.25)
        #expect(h.events().first?.location == Point(x: 200, y: 120))
        display.rotation = .clockwise90
        h.fake.move(screen, slot: 0, x: 0.25, y: 0.25)
        // Panel (200, 120) of a 90° display showing a 480×800 scene: scene (120, 800 − 200).
        #expect(h.events().first?.location == Point(x: 120, y: 600))
    }
}

@MainActor
struct LibInputSourceCalibrationTests {
    static let swapAndFlip = CalibrationMatrix(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0)

    @Test func appliedByTheSourceWhenLibInputCannot() throws {
        let h = try SourceHarness(configuration: InputConfiguration(calibration: Self.swapAndFlip)) {
            $0.addTouchscreen(1, supportsCalibration: false)
        }
        #expect(h.fake.calibrationCalls.isEmpty) // libinput has no calibration for it: not asked
        #expect(!h.source.devices[0].isCalibratedByLibInput)
        h.fake.down(RawDeviceHandle(1), slot: 0, x: 0.25, y: 0.75)
        // (0.25, 0.75) → (1 − 0.75, 0.25) = (0.25, 0.25) of 800×480.
        #expect(h.events().first?.location == Point(x: 200, y: 120))
    }

    @Test func setOnTheDeviceWhenLibInputCanAndNotAppliedTwice() throws {
        let h = try SourceHarness(configuration: InputConfiguration(calibration: Self.swapAndFlip)) {
            $0.addTouchscreen(1, supportsCalibration: true)
        }
        #expect(h.fake.calibrationCalls.map(\.matrix) == [Self.swapAndFlip])
        #expect(h.source.devices[0].isCalibratedByLibInput)
        h.fake.down(RawDeviceHandle(1), slot: 0, x: 0.25, y: 0.75)
        #expect(h.events().first?.location == Point(x: 200, y: 120))
    }

    @Test func identityLeavesTheDeviceAlone() throws {
        let h = try SourceHarness { $0.addTouchscreen(1, supportsCalibration: true) }
        #expect(h.fake.calibrationCalls.isEmpty) // udev's LIBINPUT_CALIBRATION_MATRIX stays in force
        h.fake.down(RawDeviceHandle(1), slot: 0, x: 0.25, y: 0.75)
        #expect(h.events().first?.location == Point(x: 200, y: 360))
    }

    @Test func changingTheCalibrationAtRunTimeReachesEveryTouchDevice() throws {
        let h = try SourceHarness {
            $0.addTouchscreen(1, supportsCalibration: true)
            $0.addTouchscreen(2, supportsCalibration: false)
        }
        h.source.calibration = Self.swapAndFlip
        #expect(h.source.devices.map(\.isCalibratedByLibInput) == [true, false])
        h.fake.down(RawDeviceHandle(1), slot: 0, x: 0.25, y: 0.75)
        h.fake.down(RawDeviceHandle(2), slot: 0, x: 0.25, y: 0.75)
        #expect(h.events().map(\.location) == [Point(x: 200, y: 120), Point(x: 200, y: 120)])
    }
}

@MainActor
struct LibInputSourceDeviceTests {
    @Test func devicesAreDescribedForDiagnostics() throws {
        let h = try SourceHarness {
            $0.addTouchscreen(1, slots: 10)
            $0.add(2, name: "Logitech mouse", capabilities: [.pointer])
            $0.add(3, name: "Lid Switch", capabilities: [.lidSwitch])
        }
        let touch = h.source.devices[0]
        #expect(touch.name == "touchscreen 1" && touch.sysname == "event1" && touch.path == "/dev/input/event1")
        #expect(touch.capabilities == .touch && touch.touchSlots == 10)
        #expect(h.source.devices[1].touchSlots == 0)
        #expect(h.source.devices[2].capabilities.contains(.lidSwitch))
        #expect(touch.description == "#1 event1 \"touchscreen 1\": touch (10 touch slots)")
        #expect(h.logs.messages(at: .info).contains { $0.contains("input device added: #2 event2 \"Logitech mouse\": pointer") })
    }

    @Test func maximumTouchCountIsTheLargestSlotCount() throws {
        let h = try SourceHarness {
            $0.addTouchscreen(1, slots: 5)
            $0.addTouchscreen(2, slots: 0) // a single-touch screen that does not say
            $0.add(3, capabilities: .keyboard)
        }
        #expect(h.source.maximumTouchCount == 5)
        h.fake.addTouchscreen(4, slots: 16)
        _ = h.events()
        #expect(h.source.maximumTouchCount == 16)
        h.fake.remove(RawDeviceHandle(4))
        h.fake.remove(RawDeviceHandle(1))
        _ = h.events()
        #expect(h.source.maximumTouchCount == 1)
    }

    @Test func withoutTouchDevicesTheCountIsOne() throws {
        let h = try SourceHarness { $0.add(1, capabilities: .keyboard) }
        #expect(h.source.maximumTouchCount == 1)
    }

    @Test func aHotPluggedDeviceWithMoreSlotsThanThePoolIsLogged() throws {
        let h = try SourceHarness { $0.addTouchscreen(1, slots: 10) }
        h.source.touchPoolCapacity = 10
        h.fake.addTouchscreen(2, slots: 10)
        _ = h.events()
        #expect(h.logs.messages(at: .warning).isEmpty)
        h.fake.addTouchscreen(3, slots: 20)
        _ = h.events()
        let warnings = h.logs.messages(at: .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("tracks 20 fingers but the touch pool holds 10") == true)
        #expect(warnings.first?.contains("raise [touch] capacity") == true)
    }

    @Test func noDevicesIsAnErrorUnlessAllowed() throws {
        #expect(throws: InputError.noDevices(origin: "seat seat0", failures: [])) {
            _ = try SourceHarness { _ in }
        }
        let h = try SourceHarness(configuration: InputConfiguration(allowsNoDevices: true)) { _ in }
        #expect(h.source.devices.isEmpty)
        #expect(h.logs.messages(at: .warning).first?.contains("no input devices on seat seat0 yet") == true)
    }

    @Test func noDevicesBecausePermissionWasDeniedSaysSo() {
        do {
            _ = try SourceHarness {
                $0.openFailures = [InputDeviceOpenFailure(path: "/dev/input/event4", errno: .permissionDenied)]
            }
            Issue.record("started without devices")
        } catch {
            #expect(error == .permissionDenied(path: "/dev/input/event4"))
            #expect(error.description == "/dev/input/event4: permission denied — add the user to group input, or run as root or under seatd")
        }
    }

    @Test func aFailingDispatchIsLoggedOnceAndWhatWasReadIsDelivered() throws {
        let h = try SourceHarness { $0.addTouchscreen(1) }
        h.fake.down(RawDeviceHandle(1), slot: 0, x: 0, y: 0)
        h.fake.failNextDispatch = .systemCall(operation: "libinput_dispatch", errno: .ioError)
        #expect(h.events().map(\.summary) == ["down 1:0"])
        h.fake.failNextDispatch = .systemCall(operation: "libinput_dispatch", errno: .ioError)
        _ = h.events()
        #expect(h.logs.messages(at: .error).count == 1)
        #expect(h.logs.messages(at: .error).first?.contains("libinput_dispatch failed") == true)
    }

    @Test func aBadConfigurationIsRefusedBeforeAnythingStarts() {
        #expect(throws: InputError.self) {
            _ = try SourceHarness(configuration: InputConfiguration(wheelPointsPerDetent: .nan)) { $0.addTouchscreen(1) }
        }
        #expect(throws: InputError.self) {
            _ = try SourceHarness(scale: 0) { $0.addTouchscreen(1) }
        }
    }

    @Test func suspendReleasesEveryDeviceAndResumeWaitsForThemAgain() throws {
        let h = try SourceHarness { $0.addTouchscreen(1) }
        h.fake.down(RawDeviceHandle(1), slot: 0, x: 0, y: 0)
        _ = h.events()
        let requests = h.fake.dispatchRequests
        h.source.suspend()
        #expect(h.fake.isSuspended)
        #expect(h.fake.dispatchRequests == requests + 1) // the loop must come and read the removals
        #expect(h.events().map(\.summary) == ["removed 1"])
        #expect(h.source.devices.isEmpty)
        try h.source.resume()
        #expect(!h.fake.isSuspended)
        h.fake.addTouchscreen(1)
        _ = h.events()
        #expect(h.source.devices.map(\.id) == [1])
    }
}

@MainActor
struct LibInputSourceSwitchTests {
    @Test func switchesAreTranslatedAndRemembered() throws {
        let h = try SourceHarness { $0.add(5, capabilities: [.lidSwitch, .tabletModeSwitch]) }
        #expect(h.source.switchStates.isEmpty)
        h.fake.send(.switchToggled(RawDeviceHandle(5), .lid, isOn: true, time: 3_000_000))
        h.fake.send(.switchToggled(RawDeviceHandle(5), .tabletMode, isOn: true, time: 3_100_000))
        h.fake.send(.switchToggled(RawDeviceHandle(5), .lid, isOn: false, time: 4_000_000))
        #expect(h.events() == [
            .switchToggled(.lid, isOn: true, timestamp: 3),
            .switchToggled(.tabletMode, isOn: true, timestamp: 3.1),
            .switchToggled(.lid, isOn: false, timestamp: 4),
        ])
        #expect(h.source.switchStates == [.lid: false, .tabletMode: true])
    }

    @Test func theStateLibInputReportsAtStartIsDeliveredFirst() throws {
        // libinput sends "on" right after DEVICE_ADDED for a closed lid / tablet mode.
        let h = try SourceHarness {
            $0.add(5, capabilities: [.lidSwitch])
            $0.send(.switchToggled(RawDeviceHandle(5), .lid, isOn: true, time: 1_000_000))
        }
        #expect(h.source.switchStates == [.lid: true]) // known at once, for the board's policy
        #expect(h.fake.dispatchRequests == 1) // so the loop dispatches even if nothing else happens
        #expect(h.events() == [.switchToggled(.lid, isOn: true, timestamp: 1)])
        #expect(h.events().isEmpty)
    }
}

@MainActor
struct LibInputSourceScrollTests {
    @Test func aWheelDetentScrollsFortyPointsAtThePointer() throws {
        let h = try SourceHarness(scale: 2) { $0.add(2, capabilities: .pointer) }
        let mouse = RawDeviceHandle(2)
        h.fake.send(.pointerScrollWheel(mouse, v120X: 0, v120Y: 120, time: 5_000_000))
        h.fake.send(.pointerScrollWheel(mouse, v120X: -60, v120Y: 0, time: 5_010_000))
        // The pointer starts at the centre of the 400×240-point screen.
        #expect(h.events() == [
            .scroll(deltaX: 0, deltaY: 40, location: Point(x: 200, y: 120), timestamp: 5),
            .scroll(deltaX: -20, deltaY: 0, location: Point(x: 200, y: 120), timestamp: 5.01),
        ])
    }

    @Test func pointsPerDetentComeFromTheConfiguration() throws {
        let h = try SourceHarness(configuration: InputConfiguration(wheelPointsPerDetent: -25)) {
            $0.add(2, capabilities: .pointer)
        }
        h.fake.send(.pointerScrollWheel(RawDeviceHandle(2), v120X: 0, v120Y: 240, time: 1))
        guard case let .scroll(_, deltaY, _, _) = h.events().first else {
            Issue.record("no scroll")
            return
        }
        #expect(deltaY == -50)
    }

    @Test func continuousScrollingIsInPoints() throws {
        let h = try SourceHarness { $0.add(2, capabilities: [.pointer, .gesture]) }
        h.fake.send(.pointerScrollContinuous(RawDeviceHandle(2), dx: 3.5, dy: -12, time: 1_000))
        #expect(h.events() == [.scroll(deltaX: 3.5, deltaY: -12, location: Point(x: 400, y: 240), timestamp: 0.001)])
    }
}
