import CLibInput
import CEvdev
import CVitrineShims
import Glibc
import Logging
import SystemPackage
import VitrineSeams
import VitrineLinux

/// A libinput context: the `LibInputBackend` of real hardware.
///
/// Two ways to find devices, as `InputConfiguration.Devices` says: the udev seat backend
/// (`libinput_udev_create_context` + `libinput_udev_assign_seat`; devices come and go) or the
/// path backend (`libinput_path_create_context` + `libinput_path_add_device` for each node the
/// board profile names). Device nodes are opened by an `DeviceOpener` (direct or through the seat); libinput's log goes
/// to the logger.
///
/// `fileDescriptor` is an epoll descriptor of its own holding libinput's descriptor and an
/// eventfd, so `requestDispatch()` can make it readable when events are waiting outside
/// libinput (libinput's own descriptor says nothing about events it has already queued), and
/// the key reader's readiness (`addReadinessDescriptor`).
///
/// Owns, and releases in reverse order: the opener callbacks, the udev context, the libinput
/// context (which closes its devices through the opener), the epoll descriptor and the eventfd.
@MainActor
package final class LibInputContext: LibInputBackend {
    /// "seat seat0" or the device paths.
    package let origin: String
    /// The epoll descriptor the run loop watches.
    package var fileDescriptor: Int32 { epollDescriptor }
    /// Devices libinput could not open.
    package var openFailures: [InputDeviceOpenFailure] { callbacks.openFailures }

    private let libinput: OpaquePointer
    private let udev: OpaquePointer?
    private let callbacks: LibInputCallbacks
    private let callbacksPointer: Unmanaged<LibInputCallbacks>
    private let interface: UnsafeMutablePointer<libinput_interface>
    private let epollDescriptor: Int32
    private let wakeDescriptor: Int32
    /// Devices added and not yet removed, referenced, by handle.
    private var devices: [Int: OpaquePointer] = [:]
    private var nextHandle = 1

    /// Starts libinput on `devices`, opening nodes with `opener`. Throws `InputError`: a named
    /// path that does not exist or may not be opened, a device libinput refuses, a seat that
    /// cannot be assigned. (A seat without devices is not an error here; `LibInputSource` decides.)
    package init(devices source: InputConfiguration.Devices, opener: any DeviceOpener = DirectDeviceOpener(),
                logger: Logger = Logger(label: "vitrine.input")) throws(InputError) {
        if case .paths(let paths) = source {
            guard !paths.isEmpty else {
                throw .invalidConfiguration("no input device paths are given; name at least one /dev/input/event* node, or use the udev seat")
            }
            // libinput says only "failed to create path device" for a missing node: find out first.
            for path in paths {
                var info = stat()
                if stat(path, &info) != 0 { throw InputError.opening(path, errno: Errno(rawValue: errno)) }
            }
        }
        let callbacks = LibInputCallbacks(opener: opener, logger: logger)
        let retained = Unmanaged.passRetained(callbacks)
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, data in
                guard let path, let data else { return -EINVAL }
                let name = String(cString: path)
                return MainActor.assumeIsolated {
                    Unmanaged<LibInputCallbacks>.fromOpaque(data).takeUnretainedValue().open(name, flags: flags)
                }
            },
            close_restricted: { descriptor, data in
                guard let data else { return }
                MainActor.assumeIsolated {
                    Unmanaged<LibInputCallbacks>.fromOpaque(data).takeUnretainedValue().close(descriptor)
                }
            }))
        // What was made so far, released in reverse order if a later step fails.
        var udev: OpaquePointer?
        var libinput: OpaquePointer?
        func releasePartial() {
            if let libinput { libinput_unref(libinput) }
            if let udev { udev_unref(udev) }
            interface.deinitialize(count: 1)
            interface.deallocate()
            retained.release()
        }
        let userData = retained.toOpaque()
        switch source {
        case .seat:
            udev = udev_new()
            guard let udev else {
                releasePartial()
                throw .contextCreationFailed("udev_new failed")
            }
            libinput = libinput_udev_create_context(interface, userData, udev)
        case .paths:
            libinput = libinput_path_create_context(interface, userData)
        }
        guard let context = libinput else {
            releasePartial()
            throw .contextCreationFailed("libinput could not create its context")
        }
        libinput_log_set_handler(context) { context, priority, format, arguments in
            guard let context, let format, let arguments, let data = libinput_get_user_data(context) else { return }
            var buffer = [CChar](repeating: 0, count: 1024)
            _ = vsnprintf(&buffer, buffer.count, format, arguments)
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let level = priority.rawValue
            MainActor.assumeIsolated {
                Unmanaged<LibInputCallbacks>.fromOpaque(data).takeUnretainedValue().log(level: level, line)
            }
        }
        libinput_log_set_priority(context, LIBINPUT_LOG_PRIORITY_INFO)

        switch source {
        case .seat(let seat):
            if libinput_udev_assign_seat(context, seat) != 0 {
                releasePartial()
                throw .seatAssignmentFailed(seat: seat)
            }
            origin = "seat \(seat)"
        case .paths(let paths):
            for path in paths where libinput_path_add_device(context, path) == nil {
                let failure = callbacks.openFailures.last { $0.path == path }
                let reason = callbacks.recentMessages.last ?? ""
                releasePartial()
                if let failure { throw InputError.opening(path, errno: failure.errno) }
                throw .deviceRejected(path: path, reason: reason)
            }
            origin = paths.joined(separator: ", ")
        }

        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else {
            let error = Errno(rawValue: errno)
            releasePartial()
            throw .systemCall(operation: "epoll_create1", errno: error)
        }
        let wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wake >= 0 else {
            let error = Errno(rawValue: errno)
            _ = Glibc.close(epoll)
            releasePartial()
            throw .systemCall(operation: "eventfd", errno: error)
        }
        for descriptor in [libinput_get_fd(context), wake] {
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.fd = descriptor
            if epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event) != 0 {
                let error = Errno(rawValue: errno)
                _ = Glibc.close(wake)
                _ = Glibc.close(epoll)
                releasePartial()
                throw .systemCall(operation: "epoll_ctl(EPOLL_CTL_ADD)", errno: error)
            }
        }
        self.callbacks = callbacks
        self.callbacksPointer = retained
        self.interface = interface
        self.udev = udev
        self.libinput = context
        self.epollDescriptor = epoll
        self.wakeDescriptor = wake
    }

    isolated deinit {
        _ = Glibc.close(wakeDescriptor)
        _ = Glibc.close(epollDescriptor)
        for device in devices.values { libinput_device_unref(device) }
        devices.removeAll()
        // Closes every device through the opener, which is still alive.
        libinput_unref(libinput)
        if let udev { udev_unref(udev) }
        interface.deinitialize(count: 1)
        interface.deallocate()
        callbacksPointer.release()
    }

    // MARK: LibInputBackend

    /// `libinput_dispatch`, then every queued event, translated; panel pixels of
    /// `panelWidth`×`panelHeight`.
    package func dispatch(panelWidth: Int, panelHeight: Int, _ body: (RawInputEvent) -> Void) throws(InputError) {
        var counter: UInt64 = 0
        _ = read(wakeDescriptor, &counter, MemoryLayout<UInt64>.size)
        let result = libinput_dispatch(libinput)
        let width = UInt32(clamping: max(panelWidth, 1)), height = UInt32(clamping: max(panelHeight, 1))
        // Queued events are handed over even when reading failed.
        while let event = libinput_get_event(libinput) {
            translate(event, width: width, height: height, body)
            libinput_event_destroy(event)
        }
        if result < 0 && -result != EAGAIN && -result != EINTR {
            throw .systemCall(operation: "libinput_dispatch", errno: Errno(rawValue: -result))
        }
    }

    /// `libinput_device_config_calibration_set_matrix`, when the device supports it.
    package func setCalibration(_ matrix: CalibrationMatrix, for handle: RawDeviceHandle) -> Bool {
        guard let device = devices[handle.rawValue], libinput_device_config_calibration_has_matrix(device) != 0 else {
            return false
        }
        let values = matrix.values.map { Float($0) }
        return values.withUnsafeBufferPointer {
            libinput_device_config_calibration_set_matrix(device, $0.baseAddress) == LIBINPUT_CONFIG_STATUS_SUCCESS
        }
    }

    /// Makes the descriptor readable until the next `dispatch`.
    package func requestDispatch() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Makes `fileDescriptor` readable whenever `descriptor` is (the key reader's eventfd), so
    /// the run loop's one watch of this context covers both. Closing `descriptor` later is
    /// harmless: the kernel forgets it with the file.
    package func addReadinessDescriptor(_ descriptor: Int32) throws(InputError) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = descriptor
        if epoll_ctl(epollDescriptor, EPOLL_CTL_ADD, descriptor, &event) != 0 {
            throw .systemCall(operation: "epoll_ctl(EPOLL_CTL_ADD)", errno: Errno(rawValue: errno))
        }
    }

    /// `libinput_suspend`.
    package func suspend() {
        libinput_suspend(libinput)
    }

    /// `libinput_resume`.
    package func resume() throws(InputError) {
        if libinput_resume(libinput) != 0 {
            throw .systemCall(operation: "libinput_resume", errno: .ioError)
        }
    }

    // MARK: Translation

    private func handle(of device: OpaquePointer) -> RawDeviceHandle? {
        guard let data = libinput_device_get_user_data(device) else { return nil }
        return RawDeviceHandle(Int(bitPattern: data))
    }

    private func translate(_ event: OpaquePointer, width: UInt32, height: UInt32, _ body: (RawInputEvent) -> Void) {
        let type = libinput_event_get_type(event)
        guard let device = libinput_event_get_device(event) else { return }
        if type == LIBINPUT_EVENT_DEVICE_ADDED {
            let number = nextHandle
            nextHandle += 1
            libinput_device_set_user_data(device, UnsafeMutableRawPointer(bitPattern: number))
            devices[number] = libinput_device_ref(device)
            body(.deviceAdded(describe(device, handle: RawDeviceHandle(number))))
            return
        }
        guard let handle = handle(of: device) else { return }
        switch type {
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            body(.deviceRemoved(handle))
            libinput_device_set_user_data(device, nil)
            if let kept = devices.removeValue(forKey: handle.rawValue) { libinput_device_unref(kept) }
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            guard let touch = libinput_event_get_touch_event(event) else { return }
            let slot = Int(libinput_event_touch_get_slot(touch)), seatSlot = Int(libinput_event_touch_get_seat_slot(touch))
            let x = libinput_event_touch_get_x_transformed(touch, width)
            let y = libinput_event_touch_get_y_transformed(touch, height)
            let time = libinput_event_touch_get_time_usec(touch)
            if type == LIBINPUT_EVENT_TOUCH_DOWN {
                body(.touchDown(handle, slot: slot, seatSlot: seatSlot, x: x, y: y, time: time))
            } else {
                body(.touchMotion(handle, slot: slot, seatSlot: seatSlot, x: x, y: y, time: time))
            }
        case LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            guard let touch = libinput_event_get_touch_event(event) else { return }
            let slot = Int(libinput_event_touch_get_slot(touch)), seatSlot = Int(libinput_event_touch_get_seat_slot(touch))
            let time = libinput_event_touch_get_time_usec(touch)
            if type == LIBINPUT_EVENT_TOUCH_UP {
                body(.touchUp(handle, slot: slot, seatSlot: seatSlot, time: time))
            } else {
                body(.touchCancel(handle, slot: slot, seatSlot: seatSlot, time: time))
            }
        case LIBINPUT_EVENT_TOUCH_FRAME:
            guard let touch = libinput_event_get_touch_event(event) else { return }
            body(.touchFrame(handle, time: libinput_event_touch_get_time_usec(touch)))
        case LIBINPUT_EVENT_POINTER_MOTION:
            guard let pointer = libinput_event_get_pointer_event(event) else { return }
            body(.pointerMotion(handle, dx: libinput_event_pointer_get_dx(pointer), dy: libinput_event_pointer_get_dy(pointer),
                                time: libinput_event_pointer_get_time_usec(pointer)))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            guard let pointer = libinput_event_get_pointer_event(event) else { return }
            body(.pointerMotionAbsolute(handle, x: libinput_event_pointer_get_absolute_x_transformed(pointer, width),
                                        y: libinput_event_pointer_get_absolute_y_transformed(pointer, height),
                                        time: libinput_event_pointer_get_time_usec(pointer)))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            guard let pointer = libinput_event_get_pointer_event(event) else { return }
            body(.pointerButton(handle, button: Int(libinput_event_pointer_get_button(pointer)),
                                isPressed: libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED,
                                time: libinput_event_pointer_get_time_usec(pointer)))
        case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL:
            // The legacy POINTER_AXIS events that libinput sends as well are ignored: these
            // carry the same motion, with high-resolution wheels' fractions.
            guard let pointer = libinput_event_get_pointer_event(event) else { return }
            body(.pointerScrollWheel(handle, v120X: axis(pointer, LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL, v120: true),
                                     v120Y: axis(pointer, LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL, v120: true),
                                     time: libinput_event_pointer_get_time_usec(pointer)))
        case LIBINPUT_EVENT_POINTER_SCROLL_FINGER, LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
            guard let pointer = libinput_event_get_pointer_event(event) else { return }
            body(.pointerScrollContinuous(handle, dx: axis(pointer, LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL, v120: false),
                                          dy: axis(pointer, LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL, v120: false),
                                          time: libinput_event_pointer_get_time_usec(pointer)))
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard let key = libinput_event_get_keyboard_event(event) else { return }
            body(.key(handle, code: Int(libinput_event_keyboard_get_key(key)),
                      isPressed: libinput_event_keyboard_get_key_state(key) == LIBINPUT_KEY_STATE_PRESSED,
                      seatKeyCount: Int(libinput_event_keyboard_get_seat_key_count(key)),
                      time: libinput_event_keyboard_get_time_usec(key)))
        case LIBINPUT_EVENT_SWITCH_TOGGLE:
            guard let toggle = libinput_event_get_switch_event(event) else { return }
            let kind: SwitchKind
            switch libinput_event_switch_get_switch(toggle) {
            case LIBINPUT_SWITCH_LID: kind = .lid
            case LIBINPUT_SWITCH_TABLET_MODE: kind = .tabletMode
            default: return
            }
            body(.switchToggled(handle, kind, isOn: libinput_event_switch_get_switch_state(toggle) == LIBINPUT_SWITCH_STATE_ON,
                                time: libinput_event_switch_get_time_usec(toggle)))
        default:
            break // tablets, gestures and legacy axis events are not translated
        }
    }

    private func axis(_ pointer: OpaquePointer, _ axis: libinput_pointer_axis, v120: Bool) -> Double {
        guard libinput_event_pointer_has_axis(pointer, axis) != 0 else { return 0 }
        return v120 ? libinput_event_pointer_get_scroll_value_v120(pointer, axis)
            : libinput_event_pointer_get_scroll_value(pointer, axis)
    }

    private func describe(_ device: OpaquePointer, handle: RawDeviceHandle) -> RawDeviceInfo {
        func has(_ capability: libinput_device_capability) -> Bool { libinput_device_has_capability(device, capability) != 0 }
        var capabilities: InputCapabilities = []
        if has(LIBINPUT_DEVICE_CAP_TOUCH) { capabilities.insert(.touch) }
        if has(LIBINPUT_DEVICE_CAP_POINTER) { capabilities.insert(.pointer) }
        if has(LIBINPUT_DEVICE_CAP_KEYBOARD) { capabilities.insert(.keyboard) }
        if has(LIBINPUT_DEVICE_CAP_TABLET_TOOL) || has(LIBINPUT_DEVICE_CAP_TABLET_PAD) { capabilities.insert(.tablet) }
        if has(LIBINPUT_DEVICE_CAP_GESTURE) { capabilities.insert(.gesture) }
        if has(LIBINPUT_DEVICE_CAP_SWITCH) {
            if libinput_device_switch_has_switch(device, LIBINPUT_SWITCH_LID) == 1 { capabilities.insert(.lidSwitch) }
            if libinput_device_switch_has_switch(device, LIBINPUT_SWITCH_TABLET_MODE) == 1 { capabilities.insert(.tabletModeSwitch) }
        }
        var path = ""
        if let udevDevice = libinput_device_get_udev_device(device) {
            if let node = udev_device_get_devnode(udevDevice) { path = String(cString: node) }
            udev_device_unref(udevDevice)
        }
        return RawDeviceInfo(handle: handle,
                             name: libinput_device_get_name(device).map { String(cString: $0) } ?? "",
                             sysname: libinput_device_get_sysname(device).map { String(cString: $0) } ?? "",
                             path: path, capabilities: capabilities,
                             touchCount: capabilities.contains(.touch) ? Int(libinput_device_touch_get_touch_count(device)) : -1,
                             supportsCalibration: libinput_device_config_calibration_has_matrix(device) != 0,
                             hasLetterKeys: capabilities.contains(.keyboard) && libinput_device_keyboard_has_key(device, UInt32(KEY_A)) == 1)
    }
}

/// The user data of a libinput context: what its C callbacks reach (the opener, the logger),
/// and what they saw (open failures, recent log lines) for error messages. Retained by the
/// context for as long as libinput may call back.
@MainActor
final class LibInputCallbacks {
    let opener: any DeviceOpener
    let logger: Logger
    private(set) var openFailures: [InputDeviceOpenFailure] = []
    private(set) var recentMessages: [String] = []

    init(opener: any DeviceOpener, logger: Logger) {
        self.opener = opener
        self.logger = logger
    }

    /// open_restricted: a descriptor, or a negative errno.
    func open(_ path: String, flags: Int32) -> Int32 {
        do {
            return try opener.open(path: path, flags: flags)
        } catch {
            let errno = error.errno
            if openFailures.count < 64 { openFailures.append(InputDeviceOpenFailure(path: path, errno: errno)) }
            logger.warning("\(InputError.opening(path, errno: errno))")
            return -errno.rawValue
        }
    }

    /// close_restricted.
    func close(_ descriptor: Int32) {
        opener.close(descriptor)
    }

    /// libinput's log handler: one line at the matching level.
    func log(level: UInt32, _ line: String) {
        let text = line.trimmingTrailingNewlines()
        recentMessages.append(text)
        if recentMessages.count > 8 { recentMessages.removeFirst() }
        switch level {
        case LIBINPUT_LOG_PRIORITY_ERROR.rawValue: logger.error("libinput: \(text)")
        case LIBINPUT_LOG_PRIORITY_INFO.rawValue: logger.info("libinput: \(text)")
        default: logger.debug("libinput: \(text)")
        }
    }
}
