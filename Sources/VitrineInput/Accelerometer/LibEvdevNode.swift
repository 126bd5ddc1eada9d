import CEvdev
import Glibc
import SystemPackage

/// An evdev node read with libevdev: the `EvdevNode` of real devices.
///
/// Owns its descriptor (opened read-only, non-blocking so reading never blocks, close-on-exec)
/// and the libevdev state made from it; `close()` (or releasing the object) frees them in
/// reverse order: libevdev first, then the descriptor. Reading allocates nothing.
@MainActor
package final class LibEvdevNode: EvdevNode {
    /// The device node.
    package let path: String
    /// The open descriptor, `nil` once closed (or for a device made in memory).
    package private(set) var fileDescriptor: Int32?
    /// The node's device number (st_rdev).
    package let deviceNumber: UInt64?
    private var device: OpaquePointer?

    /// Opens `path` and reads its capabilities. Throws `EvdevError.notFound`,
    /// `.permissionDenied` (with the remedy) or `.notEvdev` when libevdev cannot read it.
    package init(path: String) throws(EvdevError) {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec, .nonBlocking])
        } catch let error as Errno {
            throw EvdevError.opening(path, errno: error)
        } catch {
            throw EvdevError.opening(path, errno: .ioError)
        }
        var info = stat()
        guard fstat(descriptor.rawValue, &info) == 0 else {
            let error = Errno(rawValue: errno)
            try? descriptor.close()
            throw .systemCall(path: path, operation: "fstat", errno: error)
        }
        var made: OpaquePointer?
        let status = libevdev_new_from_fd(descriptor.rawValue, &made)
        guard status == 0, let made else {
            try? descriptor.close()
            throw .notEvdev(path: path, errno: Errno(rawValue: -status))
        }
        self.path = path
        self.fileDescriptor = descriptor.rawValue
        self.deviceNumber = UInt64(info.st_rdev)
        self.device = made
    }

    /// Wraps `device`, a libevdev made with `libevdev_new()` and configured in memory (no
    /// descriptor): how tests describe a device through real libevdev without /dev/uinput.
    /// Takes ownership: `close()` frees it.
    init(inMemory device: OpaquePointer, path: String) {
        self.path = path
        self.fileDescriptor = nil
        self.deviceNumber = nil
        self.device = device
    }

    isolated deinit {
        close()
    }

    /// Opens `path` (for use as an opener function).
    package static func open(_ path: String) throws(EvdevError) -> any EvdevNode {
        try LibEvdevNode(path: path)
    }

    /// The device's name ("" once closed).
    package var name: String {
        guard let device, let name = libevdev_get_name(device) else { return "" }
        return String(cString: name)
    }

    /// The bus type.
    package var busType: Int { device.map { Int(libevdev_get_id_bustype($0)) } ?? 0 }
    /// The vendor id.
    package var vendor: Int { device.map { Int(libevdev_get_id_vendor($0)) } ?? 0 }
    /// The product id.
    package var product: Int { device.map { Int(libevdev_get_id_product($0)) } ?? 0 }

    /// Whether the device has `property`.
    package func hasProperty(_ property: Int) -> Bool {
        guard let device else { return false }
        return libevdev_has_property(device, UInt32(property)) != 0
    }

    /// Whether the device sends events of `type`.
    package func hasEventType(_ type: Int) -> Bool {
        guard let device else { return false }
        return libevdev_has_event_type(device, UInt32(type)) != 0
    }

    /// Whether the device sends `code` of `type`.
    package func hasEventCode(type: Int, code: Int) -> Bool {
        guard let device else { return false }
        return libevdev_has_event_code(device, UInt32(type), UInt32(code)) != 0
    }

    /// The range and resolution of absolute axis `code`.
    package func axisInfo(_ code: Int) -> EvdevAxisInfo? {
        guard let device, hasEventCode(type: Int(EV_ABS), code: code),
              let info = libevdev_get_abs_info(device, UInt32(code))?.pointee else { return nil }
        return EvdevAxisInfo(value: info.value, minimum: info.minimum, maximum: info.maximum,
                             fuzz: info.fuzz, flat: info.flat, resolution: info.resolution)
    }

    /// The current value of `code` of `type`.
    package func eventValue(type: Int, code: Int) -> Int? {
        guard let device else { return nil }
        var value: Int32 = 0
        guard libevdev_fetch_event_value(device, UInt32(type), UInt32(code), &value) != 0 else { return nil }
        return Int(value)
    }

    /// Sets the event clock to `CLOCK_MONOTONIC` (libevdev's wrapper of EVIOCSCLOCKID).
    package func useMonotonicClock() -> Errno? {
        guard let device else { return .badFileDescriptor }
        let status = libevdev_set_clock_id(device, CLOCK_MONOTONIC)
        return status == 0 ? nil : Errno(rawValue: -status)
    }

    /// Reads the next event with `libevdev_next_event`, in normal or sync mode.
    package func nextEvent(syncing: Bool) -> EvdevRead {
        guard let device, fileDescriptor != nil else { return .failed(.badFileDescriptor) }
        var event = input_event()
        let flags = syncing ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
        let status = libevdev_next_event(device, flags, &event)
        if status == -EAGAIN { return .empty }
        if status < 0 { return .failed(Errno(rawValue: -status)) }
        let read = EvdevEvent(type: event.type, code: event.code, value: event.value,
                              time: Double(event.time.tv_sec) + Double(event.time.tv_usec) / 1_000_000)
        // In normal mode, SYNC means the event is the SYN_DROPPED that asks for a resync; in
        // sync mode every event comes with SYNC.
        if !syncing && status == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) { return .dropped(read) }
        return .event(read)
    }

    /// Frees the libevdev state, then closes the descriptor (the reverse of opening).
    package func close() {
        if let device {
            libevdev_free(device)
            self.device = nil
        }
        if let fileDescriptor {
            _ = Glibc.close(fileDescriptor)
            self.fileDescriptor = nil
        }
    }
}
