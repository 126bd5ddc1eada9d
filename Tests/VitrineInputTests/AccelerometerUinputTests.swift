import CEvdev
import Glibc
import Testing
import Vitrine
import VitrineHeadless
import VitrineInput
import VitrineLinux

/// The evdev path on a real kernel: an accelerometer made with uinput, read through libevdev by
/// `AccelerometerSource`. Needs /dev/uinput (the VM ring has it); skipped elsewhere.
@MainActor
@Suite(.enabled(if: access("/dev/uinput", W_OK) == 0, "needs /dev/uinput (run in the VM ring: scripts/vm-test)"))
struct AccelerometerUinputTests {
    /// A uinput accelerometer: INPUT_PROP_ACCELEROMETER, ABS_X/Y/Z of ±2 g at 4096 units per g.
    final class VirtualAccelerometer {
        let uinput: OpaquePointer
        let path: String

        init() throws {
            let device = libevdev_new()!
            defer { libevdev_free(device) }
            libevdev_set_name(device, "Vitrine uinput accelerometer")
            libevdev_set_id_bustype(device, BUS_VIRTUAL)
            libevdev_enable_property(device, UInt32(INPUT_PROP_ACCELEROMETER))
            for code in [ABS_X, ABS_Y, ABS_Z] {
                var info = input_absinfo(value: 0, minimum: -8192, maximum: 8191, fuzz: 0, flat: 0, resolution: 4096)
                libevdev_enable_event_code(device, UInt32(EV_ABS), UInt32(code), &info)
            }
            var made: OpaquePointer?
            let status = libevdev_uinput_create_from_device(device, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &made)
            let uinput = try #require(made, "uinput refused the device: \(String(cString: strerror(-status)))")
            self.uinput = uinput
            path = String(cString: libevdev_uinput_get_devnode(uinput))
        }

        deinit { libevdev_uinput_destroy(uinput) }

        /// Writes one frame: the three axes, then SYN_REPORT.
        func frame(_ x: Int32, _ y: Int32, _ z: Int32) {
            libevdev_uinput_write_event(uinput, UInt32(EV_ABS), UInt32(ABS_X), x)
            libevdev_uinput_write_event(uinput, UInt32(EV_ABS), UInt32(ABS_Y), y)
            libevdev_uinput_write_event(uinput, UInt32(EV_ABS), UInt32(ABS_Z), z)
            libevdev_uinput_write_event(uinput, UInt32(EV_SYN), UInt32(SYN_REPORT), 0)
        }
    }

    func read(_ source: AccelerometerSource) -> [(Acceleration, Double)] {
        var events: [InputEvent] = []
        source.dispatch { events.append($0) }
        return accelerationSamples(events)
    }

    /// Samples are in g and stamped on CLOCK_MONOTONIC, the clock of `MonotonicClock` and the
    /// epoll loop: the kernel's stamp falls between the clock's readings around the write
    /// (uinput delivers to evdev clients within the write call).
    @Test func samplesAreInGAndOnTheMonotonicClock() throws {
        let device = try VirtualAccelerometer()
        let source = AccelerometerSource(configuration: AccelerometerConfiguration(device: .evdev(path: device.path)),
                                         mainLoop: ManualMainLoop())
        try source.start()
        defer { source.stop() }
        #expect(source.fileDescriptor != nil)
        let before = MonotonicClock.read()
        device.frame(2048, 4096, -4096)
        let after = MonotonicClock.read()
        let got = read(source)
        #expect(got.map(\.0) == [Acceleration(x: 0.5, y: 1, z: -1)])
        let stamp = try #require(got.first?.1)
        #expect(stamp >= before - 0.000_001 && stamp <= after + 0.000_001)
        #expect(read(source).isEmpty)
    }

    /// More frames than evdev's client buffer holds: the kernel drops them and says SYN_DROPPED;
    /// libevdev's resync brings the axes to the device's state, so the last sample is the last
    /// frame written.
    @Test func anOverflowIsResyncedToTheDevicesState() throws {
        let device = try VirtualAccelerometer()
        let source = AccelerometerSource(configuration: AccelerometerConfiguration(device: .evdev(path: device.path)),
                                         mainLoop: ManualMainLoop())
        try source.start()
        defer { source.stop() }
        let frames: Int32 = 400
        for n in 1...frames { device.frame(n, -n, n % 7) }
        let got = read(source)
        #expect(got.count < Int(frames))  // some were lost…
        #expect(got.last?.0 == Acceleration(x: Double(frames) / 4096, y: -Double(frames) / 4096, z: Double(frames % 7) / 4096))  // …not the end
    }
}
