import CEvdev
import Foundation
import Testing
@testable import VitrineInput

/// `vitrine devices`' input section: describing devices, the text and the JSON, the listing of
/// a directory with a node that cannot be read, and real libevdev devices made in memory.
@MainActor
struct DeviceListingTests {
    // MARK: Devices, described through the fake

    func touchscreen() -> FakeEvdevNode {
        let node = FakeEvdevNode(path: "/dev/input/event3", name: "ILITEK ILITEK-TP", busType: Int(BUS_USB))
        node.vendor = 0x222a
        node.product = 0x0001
        node.properties = [Int(INPUT_PROP_DIRECT)]
        node.enable(EV_KEY, BTN_TOUCH)
        node.enableAxis(ABS_X, EvdevAxisInfo(minimum: 0, maximum: 16383))
        node.enableAxis(ABS_Y, EvdevAxisInfo(minimum: 0, maximum: 9599))
        node.enableAxis(ABS_MT_SLOT, EvdevAxisInfo(minimum: 0, maximum: 9))
        node.enableAxis(ABS_MT_POSITION_X, EvdevAxisInfo(minimum: 0, maximum: 16383))
        node.enableAxis(ABS_MT_POSITION_Y, EvdevAxisInfo(minimum: 0, maximum: 9599))
        node.enableAxis(ABS_MT_TRACKING_ID, EvdevAxisInfo(minimum: 0, maximum: 65535))
        return node
    }

    func remote() -> FakeEvdevNode {
        let node = FakeEvdevNode(path: "/dev/input/event5", name: "gpio_ir_recv", busType: Int(BUS_HOST))
        for key in [KEY_PLAYPAUSE, KEY_NEXTSONG, KEY_VOLUMEUP, KEY_OK, KEY_UP] { node.enable(EV_KEY, key) }
        return node
    }

    func lid() -> FakeEvdevNode {
        let node = FakeEvdevNode(path: "/dev/input/event1", name: "Lid Switch", busType: Int(BUS_HOST))
        node.enable(EV_SW, SW_LID)
        node.enable(EV_SW, SW_TABLET_MODE)
        node.values[[Int(EV_SW), Int(SW_LID)]] = 1
        return node
    }

    func mouse() -> FakeEvdevNode {
        let node = FakeEvdevNode(path: "/dev/input/event2", name: "Logitech USB Optical Mouse", busType: Int(BUS_USB))
        node.vendor = 0x046d
        node.product = 0xc077
        for code in [REL_X, REL_Y, REL_WHEEL] { node.enable(EV_REL, code) }
        for code in [BTN_LEFT, BTN_RIGHT, BTN_MIDDLE] { node.enable(EV_KEY, code) }
        return node
    }

    func keyboard() -> FakeEvdevNode {
        let node = FakeEvdevNode(path: "/dev/input/event0", name: "AT Translated Set 2 keyboard", busType: 0x11)
        for code in 1...88 { node.enable(EV_KEY, Int32(code)) }
        node.enable(EV_KEY, KEY_MUTE)
        return node
    }

    @Test func aMultitouchScreenHasSlotsAndIsDirect() {
        let d = InputDeviceDescription(describing: touchscreen())
        #expect(d.touch == InputDeviceDescription.TouchCapability(slots: 10, isDirect: true, xRange: 0...16383, yRange: 0...9599))
        #expect(d.pointer == nil)
        #expect(d.keys == nil)  // BTN_TOUCH is a button, not a key
        #expect(d.accelerometer == nil)
    }

    @Test func aSingleTouchPanelHasOneSlotAndATouchpadIsIndirect() {
        let single = FakeEvdevNode(path: "/dev/input/event6", name: "ADS7846 Touchscreen")
        single.enable(EV_KEY, BTN_TOUCH)
        single.enableAxis(ABS_X, EvdevAxisInfo(minimum: 0, maximum: 4095))
        single.enableAxis(ABS_Y, EvdevAxisInfo(minimum: 0, maximum: 4095))
        #expect(InputDeviceDescription(describing: single).touch?.slots == 1)
        #expect(InputDeviceDescription(describing: single).touch?.isDirect == false)

        let pad = touchscreen()
        pad.properties = [Int(INPUT_PROP_POINTER)]
        #expect(InputDeviceDescription(describing: pad).touch?.isDirect == false)

        let protocolA = touchscreen()
        protocolA.codes[Int(EV_ABS)]?.remove(Int(ABS_MT_SLOT))
        #expect(InputDeviceDescription(describing: protocolA).touch == .init(slots: nil, isDirect: true, xRange: 0...16383, yRange: 0...9599))
    }

    @Test func keysTellKeyboardsFromRemotesAndListMediaKeys() {
        let board = InputDeviceDescription(describing: keyboard())
        #expect(board.keys == .init(isKeyboard: true, count: 89, mediaKeys: ["KEY_MUTE"]))
        let ir = InputDeviceDescription(describing: remote())
        #expect(ir.keys == .init(isKeyboard: false, count: 5, mediaKeys: ["KEY_VOLUMEUP", "KEY_NEXTSONG", "KEY_PLAYPAUSE"]))
    }

    @Test func switchesCarryTheirState() {
        let d = InputDeviceDescription(describing: lid())
        #expect(d.switches == [.init(kind: .lid, isOn: true), .init(kind: .tabletMode, isOn: false)])
    }

    @Test func anAccelerometerListsItsAxesAndIsNotATouchSurface() {
        let node = FakeEvdevNode.accelerometer(resolution: 1024)
        node.enable(EV_KEY, BTN_TOUCH)  // odd, but must not make it a touchscreen
        let d = InputDeviceDescription(describing: node)
        #expect(d.touch == nil)
        #expect(d.accelerometer == ["x", "y", "z"].map { .init(name: $0, minimum: -4096, maximum: 4095, resolution: 1024) })
    }

    // MARK: Text

    @Test func aKnobThatTurnsAsADialIsListedAsOne() {
        let node = FakeEvdevNode(path: "/dev/input/event9", name: "Griffin PowerMate", busType: Int(BUS_USB))
        node.enable(EV_REL, REL_DIAL)
        node.enable(EV_KEY, BTN_0)
        let d = InputDeviceDescription(describing: node)
        #expect(d.hasDial && d.pointer == nil && d.keys == nil)
        #expect(InputDeviceReport.text(d) == """
            /dev/input/event9: "Griffin PowerMate" (usb 0000:0000)
              dial: REL_DIAL (a rotary encoder: name it in [input] encoder)

            """)
        #expect(!InputDeviceDescription(describing: mouse()).hasDial)
    }

    @Test func textDescribesEachDevice() {
        let listing = InputDeviceReport.Listing(directory: "/dev/input", entries: [
            .device(InputDeviceDescription(describing: lid())),
            .device(InputDeviceDescription(describing: mouse())),
            .device(InputDeviceDescription(describing: touchscreen())),
            .device(InputDeviceDescription(describing: FakeEvdevNode.accelerometer(resolution: 0))),
            .device(InputDeviceDescription(describing: remote())),
            .device(InputDeviceDescription(path: "/dev/input/event8", name: "Power Button", busType: 0x19, vendor: 0, product: 1)),
            .failed(path: "/dev/input/event9", .permissionDenied(path: "/dev/input/event9")),
        ])
        #expect(InputDeviceReport.text(listing) == """
            input devices (/dev/input):
            /dev/input/event1: "Lid Switch" (host 0000:0000)
              switches: SW_LID on (lid closed), SW_TABLET_MODE off
            /dev/input/event2: "Logitech USB Optical Mouse" (usb 046d:c077)
              pointer: relative with left button, wheel
            /dev/input/event3: "ILITEK ILITEK-TP" (usb 222a:0001)
              touch: touchscreen, 10 slots, x 0…16383, y 0…9599
            /dev/input/event4: "Fake accelerometer" (i2c 0000:0000)
              accelerometer: x -4096…4095 (resolution unknown), y -4096…4095 (resolution unknown), z -4096…4095 (resolution unknown)
            /dev/input/event5: "gpio_ir_recv" (host 0000:0000)
              keys: 5 keys; media: KEY_VOLUMEUP KEY_NEXTSONG KEY_PLAYPAUSE
            /dev/input/event8: "Power Button" (host 0000:0001)
              (nothing Vitrine uses)
            /dev/input/event9: permission denied — add the user to group input, or run under seatd (or as root)

            """)
    }

    @Test func textSaysWhenThereAreNoDevicesOrNoDirectory() {
        #expect(InputDeviceReport.text(.init(directory: "/dev/input", entries: [])) == "input devices: none in /dev/input\n")
        let missing = InputDeviceReport.Listing(directory: "/dev/input", entries: [],
                                                error: .noInputDirectory(directory: "/dev/input", errno: .noSuchFileOrDirectory))
        #expect(InputDeviceReport.text(missing) == "input devices: /dev/input does not exist — no input driver is loaded "
            + "(or devtmpfs is not mounted); on a board, enable the touch controller's and sensors' drivers in the kernel or device tree\n")
    }

    // MARK: JSON

    /// `value` encoded as the tool encodes it (JSONEncoder, sorted keys) and read back with
    /// JSONSerialization: what a script sees.
    func readBack(_ value: some Encodable) throws -> Any {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try JSONSerialization.jsonObject(with: try encoder.encode(value), options: .fragmentsAllowed)
    }

    @Test func jsonHasTheKeysScriptsRead() throws {
        let listing = InputDeviceReport.Listing(directory: "/dev/input", entries: [
            .device(InputDeviceDescription(describing: touchscreen())),
            .device(InputDeviceDescription(describing: lid())),
            .device(InputDeviceDescription(describing: FakeEvdevNode.accelerometer(resolution: 1024))),
            .device(InputDeviceDescription(describing: remote())),
            .device(InputDeviceDescription(describing: mouse())),
            .failed(path: "/dev/input/event9", .permissionDenied(path: "/dev/input/event9")),
        ])
        let json = try #require(try readBack(InputDeviceReport.json(listing)) as? [[String: Any]])
        #expect(json.count == 6)
        let touch = json[0]
        #expect(touch["path"] as? String == "/dev/input/event3")
        #expect(touch["name"] as? String == "ILITEK ILITEK-TP")
        #expect(touch["bus"] as? String == "usb")
        #expect(touch["busType"] as? Int == 3)
        #expect(touch["vendor"] as? Int == 0x222a)
        #expect(touch["product"] as? Int == 1)
        let touchCapability = touch["touch"] as? [String: Any]
        #expect(touchCapability?["slots"] as? Int == 10)
        #expect(touchCapability?["direct"] as? Bool == true)
        #expect(touchCapability?["x"] as? [Int] == [0, 16383])
        // Absent capabilities are null, not missing keys.
        #expect(touch["pointer"] is NSNull)
        #expect(touch["keys"] is NSNull)
        #expect((touch["switches"] as? [Any])?.isEmpty == true)
        #expect(touch["accelerometer"] is NSNull)
        #expect(Set(touch.keys) == ["path", "name", "bus", "busType", "vendor", "product", "touch", "pointer",
                                    "keys", "switches", "accelerometer", "dial"])
        #expect(touch["dial"] as? Bool == false)
        let switches = json[1]["switches"] as? [[String: Any]]
        #expect(switches?.map { $0["name"] as? String } == ["SW_LID", "SW_TABLET_MODE"])
        #expect(switches?.map { $0["on"] as? Bool } == [true, false])
        let z = ((json[2]["accelerometer"] as? [String: Any])?["axes"] as? [[String: Any]])?[2]
        #expect(z?["axis"] as? String == "z")
        #expect(z?["min"] as? Int == -4096 && z?["max"] as? Int == 4095 && z?["resolution"] as? Int == 1024)
        let keys = json[3]["keys"] as? [String: Any]
        #expect(keys?["media"] as? [String] == ["KEY_VOLUMEUP", "KEY_NEXTSONG", "KEY_PLAYPAUSE"])
        #expect(keys?["keyboard"] as? Bool == false)
        #expect((json[4]["pointer"] as? [String: Any])?["wheel"] as? Bool == true)
        #expect(json[5]["error"] as? String
            == "/dev/input/event9: permission denied — add the user to group input, or run under seatd (or as root)")
        #expect(Set(json[5].keys) == ["path", "error"])
        #expect(InputDeviceReport.jsonError(listing) == nil)
    }

    @Test func jsonErrorExplainsAMissingDirectory() {
        let missing = InputDeviceReport.Listing(directory: "/dev/input", entries: [],
                                                error: .noInputDirectory(directory: "/dev/input", errno: .noSuchFileOrDirectory))
        #expect(InputDeviceReport.json(missing).isEmpty)
        #expect(InputDeviceReport.jsonError(missing)?.hasPrefix("/dev/input does not exist") == true)
    }

    // MARK: Listing a directory

    @Test func listingOpensEveryEventNodeInOrderAndReportsTheOnesItCannotRead() {
        let tree = SysfsTree()
        defer { tree.remove() }
        for name in ["event10", "event2", "event0", "mouse0", "by-path"] { tree.write("input/\(name)", "") }
        let dir = "\(tree.path)/input"
        var opened: [String] = []
        var nodes: [FakeEvdevNode] = []
        let listing = InputDeviceReport.list(directory: dir) { path throws(EvdevError) in
            opened.append(path)
            if path.hasSuffix("event2") { throw .permissionDenied(path: path) }
            let node = FakeEvdevNode(path: path, name: "device \(opened.count)")
            nodes.append(node)
            return node
        }
        #expect(opened == ["\(dir)/event0", "\(dir)/event2", "\(dir)/event10"])
        #expect(listing.entries == [
            .device(InputDeviceDescription(path: "\(dir)/event0", name: "device 1", busType: Int(BUS_I2C))),
            .failed(path: "\(dir)/event2", .permissionDenied(path: "\(dir)/event2")),
            .device(InputDeviceDescription(path: "\(dir)/event10", name: "device 3", busType: Int(BUS_I2C))),
        ])
        #expect(listing.error == nil)
        #expect(nodes.allSatisfy { $0.isClosed })
    }

    @Test func listingAMissingDirectorySaysSo() {
        let listing = InputDeviceReport.list(directory: "/nonexistent/input") { path throws(EvdevError) in
            throw .notFound(path: path)
        }
        #expect(listing.entries.isEmpty)
        #expect(listing.error == .noInputDirectory(directory: "/nonexistent/input", errno: .noSuchFileOrDirectory))
    }

    @Test func nodesThatAreNotEvdevDevicesSayWhatToName() throws {
        let tree = SysfsTree()
        defer { tree.remove() }
        tree.write("input/event0", "")
        // A regular file is no evdev device: real libevdev refuses it.
        let listing = InputDeviceReport.list(directory: "\(tree.path)/input")
        guard case .failed(let path, let error) = try #require(listing.entries.first) else {
            Issue.record("a regular file was described as a device")
            return
        }
        #expect(path == "\(tree.path)/input/event0")
        #expect(error == .notEvdev(path: path, errno: .inappropriateIOCTLForDevice))
        #expect(error.description.hasSuffix("— name a /dev/input/event* node"))
    }

    // MARK: Real libevdev, in memory (no /dev/uinput needed)

    /// A device built with `libevdev_new()` and enabled codes, read through `LibEvdevNode`.
    func inMemory(_ configure: (OpaquePointer) -> Void) -> LibEvdevNode {
        let device = libevdev_new()!
        configure(device)
        return LibEvdevNode(inMemory: device, path: "/dev/input/event7")
    }

    @Test func realLibevdevDescribesATouchscreenThatUinputWouldMake() {
        let node = inMemory { d in
            libevdev_set_name(d, "Vitrine test touch")
            libevdev_set_id_bustype(d, BUS_VIRTUAL)
            libevdev_set_id_vendor(d, 0x1234)
            libevdev_set_id_product(d, 0x5678)
            libevdev_enable_property(d, UInt32(INPUT_PROP_DIRECT))
            libevdev_enable_event_code(d, UInt32(EV_KEY), UInt32(BTN_TOUCH), nil)
            for (code, maximum) in [(ABS_X, 1023), (ABS_Y, 767), (ABS_MT_SLOT, 4), (ABS_MT_POSITION_X, 1023),
                                    (ABS_MT_POSITION_Y, 767), (ABS_MT_TRACKING_ID, 65535)] {
                var info = input_absinfo(value: 0, minimum: 0, maximum: Int32(maximum), fuzz: 0, flat: 0, resolution: 0)
                libevdev_enable_event_code(d, UInt32(EV_ABS), UInt32(code), &info)
            }
        }
        defer { node.close() }
        let d = InputDeviceDescription(describing: node)
        #expect(d.name == "Vitrine test touch")
        #expect(d.busType == Int(BUS_VIRTUAL))
        #expect(d.vendor == 0x1234 && d.product == 0x5678)
        #expect(d.touch == .init(slots: 5, isDirect: true, xRange: 0...1023, yRange: 0...767))
        #expect(d.keys == nil)
        #expect(InputDeviceReport.text(d) == """
            /dev/input/event7: "Vitrine test touch" (virtual 1234:5678)
              touch: touchscreen, 5 slots, x 0…1023, y 0…767

            """)
    }

    @Test func realLibevdevDescribesSwitchesWithStateAndAnAccelerometer() {
        let switches = inMemory { d in
            libevdev_set_name(d, "Vitrine test switches")
            libevdev_enable_event_code(d, UInt32(EV_SW), UInt32(SW_LID), nil)
            libevdev_enable_event_code(d, UInt32(EV_SW), UInt32(SW_TABLET_MODE), nil)
            libevdev_set_event_value(d, UInt32(EV_SW), UInt32(SW_TABLET_MODE), 1)
        }
        defer { switches.close() }
        #expect(InputDeviceDescription(describing: switches).switches
            == [InputDeviceDescription.SwitchCapability(kind: .lid, isOn: false), .init(kind: .tabletMode, isOn: true)])

        let accelerometer = inMemory { d in
            libevdev_set_name(d, "Vitrine test accelerometer")
            libevdev_enable_property(d, UInt32(INPUT_PROP_ACCELEROMETER))
            for code in [ABS_X, ABS_Y, ABS_Z] {
                var info = input_absinfo(value: 0, minimum: -8192, maximum: 8191, fuzz: 0, flat: 0, resolution: 4096)
                libevdev_enable_event_code(d, UInt32(EV_ABS), UInt32(code), &info)
            }
        }
        defer { accelerometer.close() }
        let d = InputDeviceDescription(describing: accelerometer)
        #expect(d.accelerometer?.map(\.resolution) == [4096, 4096, 4096])
        #expect(d.touch == nil)
        #expect(accelerometer.fileDescriptor == nil)
        #expect(accelerometer.nextEvent(syncing: false) == .failed(.badFileDescriptor))  // nothing to read without a device
    }
}
