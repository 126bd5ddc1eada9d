// Over 500 lines on purpose: one class owns the libinput context and translates its events
// (touch frames, pointer, devices, keys) into `InputEvent`s; every translation reads and
// updates the same per-device state (slots, calibration, rotation), which is private to the
// class. Key reading off the main thread is in +Keys.

import CEvdev
import Logging
import VitrineSeams
import VitrineGraphics
import VitrineLinux

/// Input from libinput: touchscreens, mice, keyboards and switches, translated at the edge into
/// `InputEvent`s in screen points on the run loop's clock.
///
/// - **Touch**: every libinput touch device feeds the one screen; a finger is
///   `TouchIdentifier(device: <the device's id>, slot: <its slot>)` and each TOUCH_FRAME is one
///   `.touchFrame`. Positions go through `TouchMapping`: panel pixels → calibration → the
///   display's rotation, read at each event → points. A device that goes away has its
///   touches cancelled (libinput's cancels, then `.deviceRemoved`).
/// - **Pointer**: with `pointerDrivesTouch`, a mouse's left button drives one touch
///   (`TouchIdentifier(device: LibInputSource.pointerDevice, slot: 0)`) at the pointer, which
///   starts at the screen's centre and stays on the screen. The wheel gives `.scroll`.
/// - **Keys**: xkbcommon gives characters and modifiers; Ctrl+Alt+F1…F12 switch VTs only when
///   the configuration allows it. A key carries its device's id; a keyboard that goes away
///   has its held keys cancelled: the releases libinput sends just before removing it are
///   dropped and `.deviceRemoved` follows. With a `KeyReader` (on real hardware), keyboards'
///   keys are read on the reader's thread as soon as they arrive, so a burst typed while the
///   main thread is busy is not lost in the kernel's 64-event buffer; libinput's keys from those
///   keyboards are dropped, and the reader's go through the same translation
///   (`LibInputSource+Keys.swift`).
/// - **Barcode scanners** (`InputConfiguration.scanners`): a `ScannerSource` reads and grabs
///   them; here their keys are dropped, they are not announced as keyboards, and one added
///   later is handed over through `scannerAddedHandler`.
/// - **Switches**: lid and tablet mode, including the state libinput reports at start.
///
/// Read on the run loop from one descriptor (the key reader's readiness is part of it):
/// `dispatch(into:)` never blocks, never starts a thread or a timer, and translating a touch
/// allocates nothing, nor does queuing or draining a key read on the reader's thread. That
/// thread, when there is one, is started with the source and joined when it is released.
@MainActor
public final class LibInputSource: InputSource {
    /// The `device` of the touch a mouse drives (libinput devices are numbered from 1).
    public static let pointerDevice = 0

    /// What the source was set up with.
    public let configuration: InputConfiguration
    /// The display whose panel size and rotation every position is mapped by, read at each event.
    public let display: any Display
    /// The descriptor the run loop watches.
    public var fileDescriptor: Int32? { backend.fileDescriptor }
    /// The devices being read, in the order they were added.
    public private(set) var devices: [LibInputDevice] = []
    /// How many fingers the touch devices plugged in can put down at once: the largest slot
    /// count among them (a screen that does not say counts as 1), 1 without touch devices.
    /// The board sizes the touch pool with it.
    public private(set) var maximumTouchCount = 1
    /// The touch pool's capacity, once known: a touch device plugged in later with more slots
    /// is logged (fingers beyond the pool are ignored by the application).
    public var touchPoolCapacity: Int?
    /// Called with the VT number (1…12) for Ctrl+Alt+F1…F12 when `allowsVTSwitching`; the
    /// board wires it to the virtual terminal. Called after the events of the dispatch that
    /// carried the key were handed over.
    public var vtSwitchHandler: (@MainActor (Int) -> Void)?
    /// Where the pointer is, in screen points; the centre of the screen until a mouse moves.
    public private(set) var pointerLocation: Point
    /// The last known state of each switch (`true`: lid closed, tablet mode on); a switch
    /// that is absent has not reported since start (libinput reports only "on" at start).
    public private(set) var switchStates: [SwitchKind: Bool] = [:]
    /// Whether an XKB keymap is in use (false: keys come without characters).
    public var hasKeymap: Bool { keys.hasKeymap }
    /// The mapping of positions (calibration, scale).
    public private(set) var mapping: TouchMapping

    private let backend: any LibInputBackend
    private let clock: any TimeSource
    private let keys: KeyTranslator
    /// The keyboards read on the key reader's thread; nil without a reader (tests, or a reader
    /// that could not start).
    let keyReading: KeyboardReading?
    private let logger: Logger
    private var states: [RawDeviceHandle: DeviceState] = [:]
    /// Events produced while starting (the initial switch states), handed over first.
    private var pendingEvents: [InputEvent] = []
    private var isStarted = false
    /// The device whose left button holds the pointer's touch down.
    private var pointerHolder: RawDeviceHandle?
    /// A release of the holder's left button, held until the end of the batch: libinput
    /// releases every button of a device that goes away just before removing it, and that
    /// release must become a cancel, not a tap.
    private var pendingPointerRelease: UInt64?
    /// Key releases held until the next event that is not part of their device's removal (or
    /// the end of the batch): libinput releases every key a device holds just before removing
    /// it, and those keys must be cancelled, not released.
    var pendingKeyReleases: [(handle: RawDeviceHandle, event: InputEvent)] = []
    /// Keys whose press switched VTs: their release is not delivered either.
    private var consumedKeys: [Int] = []
    private var pendingVTSwitch: Int?
    private var lastDispatchError: InputError?

    private struct DeviceState {
        var id: Int
        var capabilities: InputCapabilities
        var supportsCalibration: Bool
        var isCalibratedByLibInput: Bool
        /// The board's rotary encoder (`InputConfiguration.encoder`): its wheel and buttons
        /// drive focus (`.encoder` events) instead of scrolling and touching.
        var isEncoder = false
        /// One of the board's barcode scanners (`InputConfiguration.scanners`): its keys are
        /// dropped (a `ScannerSource` reads them), and it is no hardware keyboard.
        var isScanner = false
    }

    /// Called with the name and node of a barcode scanner (`InputConfiguration.scanners`)
    /// libinput added after start (plugged in): the board hands it to its `ScannerSource`
    /// (`attach(name:path:)`). Scanners present at start are found by the scanner source.
    public var scannerAddedHandler: (@MainActor (_ name: String, _ path: String) -> Void)?

    /// Wheel units (120 per detent) the encoder turned that do not make a whole detent yet.
    private var encoderRemainder = 0.0
    /// Whether the encoder is read by a `DialEncoderSource` (it turns as a dial): its buttons,
    /// keys and wheel that libinput also reports are then dropped here, so each arrives once.
    public var encoderIsReadSeparately = false

    /// Starts libinput on the configured devices (udev seat or paths), opening them with
    /// `opener`, for `display` at `screenScale` pixels per point, stamping events without a
    /// time of their own with `clock`. Throws `InputError` (permission denied, no devices, a
    /// bad configuration…) with what to do.
    public convenience init(configuration: InputConfiguration, display: any Display, screenScale: Double,
                            clock: any TimeSource, opener: any DeviceOpener = DirectDeviceOpener(),
                            logger: Logger = Logger(label: "vitrine.input")) throws(InputError) {
        try configuration.validate()
        let context = try LibInputContext(devices: configuration.devices, opener: opener, logger: logger)
        try self.init(backend: context, configuration: configuration, display: display, screenScale: screenScale,
                      clock: clock, keyReader: Self.startKeyReader(for: context, logger: logger), logger: logger)
    }

    /// Starts reading `backend` (libinput, or a scripted stand-in): takes in the devices it
    /// has now (so `devices` and `maximumTouchCount` are known at once) and keeps any switch
    /// state it reported for the first `dispatch`. Throws `InputError.noDevices` (or
    /// `.permissionDenied`) when there is none and the configuration does not allow that.
    /// With `keyReader`, keyboards' keys come from it (its readiness must wake the loop that
    /// watches `fileDescriptor`; the manual loop of tests dispatches every turn anyway).
    package init(backend: any LibInputBackend, configuration: InputConfiguration, display: any Display,
                screenScale: Double, clock: any TimeSource, keyReader: KeyReader? = nil,
                logger: Logger = Logger(label: "vitrine.input")) throws(InputError) {
        try configuration.validate()
        guard screenScale > 0, screenScale.isFinite else {
            throw .invalidConfiguration("the screen scale must be a positive number, got \(screenScale)")
        }
        self.backend = backend
        self.configuration = configuration
        self.display = display
        self.clock = clock
        self.logger = logger
        self.mapping = TouchMapping(calibration: configuration.calibration, scale: screenScale)
        self.keys = KeyTranslator(names: configuration.keymap, logger: logger)
        self.keyReading = keyReader.map { KeyboardReading(reader: $0, logger: logger) }
        let size = display.sceneSize
        self.pointerLocation = Point(x: Double(size.width) / screenScale / 2, y: Double(size.height) / screenScale / 2)
        pendingEvents.reserveCapacity(8)
        consumedKeys.reserveCapacity(4)
        pendingKeyReleases.reserveCapacity(8)

        let mode = display.mode
        try backend.dispatch(panelWidth: mode.width, panelHeight: mode.height) { raw in
            translateLibInput(raw) { pendingEvents.append($0) }
        }
        flushPointerRelease { pendingEvents.append($0) }
        flushKeyReleases { pendingEvents.append($0) }
        if devices.isEmpty && !configuration.allowsNoDevices {
            let failures = backend.openFailures
            if let denied = failures.first(where: { $0.errno == .permissionDenied || $0.errno == .notPermitted }) {
                throw .permissionDenied(path: denied.path)
            }
            throw .noDevices(origin: backend.origin, failures: failures)
        }
        if devices.isEmpty { logger.warning("no input devices on \(backend.origin) yet; starting without input") }
        isStarted = true
        if !pendingEvents.isEmpty { backend.requestDispatch() }
    }

    // MARK: InputSource

    /// Hands over what libinput has, translated, in order; never blocks. A libinput failure is
    /// logged (once until it recovers) and the events read before it are still delivered.
    public func dispatch(into sink: (InputEvent) -> Void) {
        if !pendingEvents.isEmpty {
            for event in pendingEvents { sink(event) }
            pendingEvents.removeAll(keepingCapacity: true)
        }
        // Keys read on the reader's thread first: they were read before whatever libinput has now.
        dispatchReadKeys(sink)
        let mode = display.mode
        do {
            try backend.dispatch(panelWidth: mode.width, panelHeight: mode.height) { raw in translateLibInput(raw, sink) }
            lastDispatchError = nil
        } catch {
            if error != lastDispatchError { logger.error("reading input failed: \(error)") }
            lastDispatchError = error
        }
        flushPointerRelease(sink)
        flushKeyReleases(sink)
        if let vt = pendingVTSwitch {
            pendingVTSwitch = nil
            vtSwitchHandler?(vt)
        }
    }

    // MARK: Control

    /// The calibration matrix of the touchscreens; setting it applies the new matrix to every
    /// touch device at once (through libinput where it can, otherwise by the source).
    public var calibration: CalibrationMatrix {
        get { mapping.calibration }
        set {
            mapping.calibration = newValue
            for (handle, state) in states where state.capabilities.contains(.touch) {
                var updated = state
                updated.isCalibratedByLibInput = state.supportsCalibration && backend.setCalibration(newValue, for: handle)
                states[handle] = updated
                if let index = devices.firstIndex(where: { $0.id == state.id }) {
                    devices[index].isCalibratedByLibInput = updated.isCalibratedByLibInput
                }
            }
        }
    }

    /// Releases every device (a VT switch away from the kiosk): their touches are cancelled and
    /// keys released in the next dispatch, and they are removed. `resume()` opens them again.
    public func suspend() {
        // Keys typed before the switch are still the app's (handed over first at the next
        // dispatch); none typed afterwards is read.
        dispatchReadKeys { pendingEvents.append($0) }
        flushKeyReleases { pendingEvents.append($0) }
        keyReading?.stopAll()
        backend.suspend()
        backend.requestDispatch()
    }

    /// Opens the devices again after `suspend()`; they are added anew in the next dispatch.
    public func resume() throws(InputError) {
        keys.reset()
        try backend.resume()
        backend.requestDispatch()
    }

    // MARK: Translation

    /// libinput stamps events in microseconds of CLOCK_MONOTONIC (it sets EVIOCSCLOCKID on
    /// every device), the clock `VitrineLinux.MonotonicClock` reads in seconds: only the unit
    /// changes.
    private func seconds(_ microseconds: UInt64) -> Double {
        Double(microseconds) / 1_000_000
    }

    /// One of libinput's events: keys of keyboards the reader reads are dropped here, so that
    /// each key arrives once (the reader's).
    private func translateLibInput(_ raw: RawInputEvent, _ sink: (InputEvent) -> Void) {
        if case .key(let handle, _, _, _, _) = raw, keyReading?.isReading(handle) == true { return }
        translate(raw, sink)
    }

    /// One event, from libinput or the key reader.
    func translate(_ raw: RawInputEvent, _ sink: (InputEvent) -> Void) {
        if pendingPointerRelease != nil, !continuesRemoval(raw) { flushPointerRelease(sink) }
        if !pendingKeyReleases.isEmpty, !continuesKeyRemoval(raw) { flushKeyReleases(sink) }
        switch raw {
        case .deviceAdded(let info):
            addDevice(info)
            if states[info.handle]?.isScanner == true {
                scannerAddedHandler?(info.name, info.path.isEmpty ? "/dev/input/\(info.sysname)" : info.path)
            } else if info.capabilities.contains(.keyboard), info.hasLetterKeys, let id = states[info.handle]?.id {
                // A keyboard with letters: the on-screen keyboard's `.auto` policy hides for it.
                sink(.keyboardAttached(device: id, timestamp: clock.now))
            }
        case .deviceRemoved(let handle):
            removeDevice(handle, sink)
        case let .touchDown(handle, slot, _, x, y, time):
            guard let device = states[handle] else { return }
            sink(.touchDown(TouchIdentifier(device: device.id, slot: max(slot, 0)),
                            location: touchLocation(x, y, device), majorRadius: 0, timestamp: seconds(time)))
        case let .touchMotion(handle, slot, _, x, y, time):
            guard let device = states[handle] else { return }
            sink(.touchMotion(TouchIdentifier(device: device.id, slot: max(slot, 0)),
                              location: touchLocation(x, y, device), majorRadius: 0, timestamp: seconds(time)))
        case let .touchUp(handle, slot, _, time):
            guard let device = states[handle] else { return }
            sink(.touchUp(TouchIdentifier(device: device.id, slot: max(slot, 0)), timestamp: seconds(time)))
        case let .touchCancel(handle, slot, _, time):
            guard let device = states[handle] else { return }
            sink(.touchCancel(TouchIdentifier(device: device.id, slot: max(slot, 0)), timestamp: seconds(time)))
        case let .touchFrame(handle, time):
            guard states[handle] != nil else { return }
            sink(.touchFrame(timestamp: seconds(time)))
        case let .pointerMotion(_, dx, dy, time):
            // Relative motion is what the hand did, seen upright: no rotation, points.
            movePointer(to: Point(x: pointerLocation.x + dx, y: pointerLocation.y + dy), time: time, sink)
        case let .pointerMotionAbsolute(_, x, y, time):
            // The calibration describes the touchscreen's mounting, not a tablet's: not applied.
            movePointer(to: mapping.screenPoint(panelX: x, panelY: y, on: display, calibrating: false), time: time, sink)
        case .pointerButton(let handle, _, _, _) where encoderIsReadSeparately && states[handle]?.isEncoder == true,
             .pointerScrollWheel(let handle, _, _, _) where encoderIsReadSeparately && states[handle]?.isEncoder == true,
             .key(let handle, _, _, _, _) where encoderIsReadSeparately && states[handle]?.isEncoder == true:
            return
        case .key(let handle, _, _, _, _) where states[handle]?.isScanner == true:
            // A scanner's keys are its `ScannerSource`'s (which grabs it): never typing.
            return
        case let .pointerButton(handle, _, isPressed, time) where states[handle]?.isEncoder == true:
            sink(.encoder(isPressed ? .pressed : .released, timestamp: seconds(time)))
        case let .pointerButton(handle, button, isPressed, time):
            pointerButton(handle, button: button, isPressed: isPressed, time: time, sink)
        case let .pointerScrollWheel(handle, _, v120Y, time) where states[handle]?.isEncoder == true:
            encoderRemainder += v120Y
            let steps = Int((encoderRemainder / 120).rounded(.towardZero))
            guard steps != 0 else { return }
            encoderRemainder -= Double(steps) * 120
            sink(.encoder(.rotated(steps), timestamp: seconds(time)))
        case let .key(handle, _, isPressed, _, time) where states[handle]?.isEncoder == true:
            sink(.encoder(isPressed ? .pressed : .released, timestamp: seconds(time)))
        case let .pointerScrollWheel(_, v120X, v120Y, time):
            let perDetent = configuration.wheelPointsPerDetent
            sink(.scroll(deltaX: v120X / 120 * perDetent, deltaY: v120Y / 120 * perDetent,
                         location: clampedToScreen(pointerLocation), timestamp: seconds(time)))
        case let .pointerScrollContinuous(_, dx, dy, time):
            sink(.scroll(deltaX: dx, deltaY: dy, location: clampedToScreen(pointerLocation), timestamp: seconds(time)))
        case let .key(handle, code, isPressed, seatKeyCount, time):
            key(handle, code, isPressed: isPressed, seatKeyCount: seatKeyCount, time: time, sink)
        case let .switchToggled(_, kind, isOn, time):
            switchStates[kind] = isOn
            sink(.switchToggled(kind, isOn: isOn, timestamp: seconds(time)))
        }
    }

    @inline(__always)
    private func touchLocation(_ x: Double, _ y: Double, _ device: DeviceState) -> Point {
        mapping.screenPoint(panelX: x, panelY: y, on: display, calibrating: !device.isCalibratedByLibInput)
    }

    // MARK: Devices

    private func addDevice(_ info: RawDeviceInfo) {
        var id = 1
        while states.values.contains(where: { $0.id == id }) { id += 1 }
        let isTouch = info.capabilities.contains(.touch)
        var calibratedByLibInput = false
        if isTouch && info.supportsCalibration && !mapping.calibration.isIdentity {
            calibratedByLibInput = backend.setCalibration(mapping.calibration, for: info.handle)
        }
        let isEncoder = configuration.encoder.map { $0 == info.name || $0 == info.path } ?? false
        let nodePath = info.path.isEmpty ? "/dev/input/\(info.sysname)" : info.path
        let isScanner = !isEncoder && ScannerConfiguration.matches(configuration.scanners, name: info.name, path: nodePath)
        // The encoder's keys are no keys but focus moves: libinput's (or its dial source's);
        // a scanner's are its scanner source's.
        if info.capabilities.contains(.keyboard), !isEncoder, !isScanner { keyReading?.start(info) }
        states[info.handle] = DeviceState(id: id, capabilities: info.capabilities,
                                          supportsCalibration: info.supportsCalibration,
                                          isCalibratedByLibInput: calibratedByLibInput, isEncoder: isEncoder,
                                          isScanner: isScanner)
        let slots = isTouch ? max(info.touchCount, 1) : 0
        let description = LibInputDevice(id: id, name: info.name, sysname: info.sysname, path: info.path,
                                                 capabilities: info.capabilities, touchSlots: slots,
                                                 isCalibratedByLibInput: calibratedByLibInput)
        devices.append(description)
        updateMaximumTouchCount()
        logger.info("input device added: \(description)\(isEncoder ? " (the rotary encoder: it moves focus)" : "")\(isScanner ? " (a barcode scanner: read by its scanner source)" : "")")
        if isStarted, let capacity = touchPoolCapacity, slots > capacity {
            logger.warning("input device \(description) tracks \(slots) fingers but the touch pool holds \(capacity): fingers beyond \(capacity) are ignored (raise [touch] capacity in the board profile)")
        }
    }

    private func removeDevice(_ handle: RawDeviceHandle, _ sink: (InputEvent) -> Void) {
        if keyReading?.isReading(handle) == true {
            // What the reader read before the removal first: keys typed just before, and the
            // releases of an unplugging (kept pending, so dropped below: cancelled instead).
            dispatchReadKeys(sink)
            keyReading?.stop(handle)
        }
        if pointerHolder == handle {
            // Unplugged with the button down (libinput released it just before): cancelled.
            pendingPointerRelease = nil
            pointerHolder = nil
            let now = clock.now
            sink(.touchCancel(TouchIdentifier(device: Self.pointerDevice, slot: 0), timestamp: now))
            sink(.touchFrame(timestamp: now))
        }
        if !pendingKeyReleases.isEmpty {
            // Released by the removal: cancelled by the `.deviceRemoved` below instead.
            pendingKeyReleases.removeAll { $0.handle == handle }
            flushKeyReleases(sink)
        }
        guard let state = states.removeValue(forKey: handle) else { return }
        if !state.capabilities.isDisjoint(with: [.touch, .keyboard]) {
            sink(.deviceRemoved(device: state.id, timestamp: clock.now))
        }
        if let index = devices.firstIndex(where: { $0.id == state.id }) {
            logger.info("input device removed: \(devices[index])")
            devices.remove(at: index)
        }
        updateMaximumTouchCount()
    }

    private func updateMaximumTouchCount() {
        maximumTouchCount = max(1, devices.lazy.map(\.touchSlots).max() ?? 1)
    }

    // MARK: Pointer

    /// Whether `raw` may still be part of a device's removal after its left button was
    /// released: libinput releases keys and buttons in code order, then removes the device.
    private func continuesRemoval(_ raw: RawInputEvent) -> Bool {
        switch raw {
        case .deviceRemoved(let handle): return handle == pointerHolder
        case let .pointerButton(handle, _, isPressed, _): return handle == pointerHolder && !isPressed
        case let .key(handle, _, isPressed, _, _): return handle == pointerHolder && !isPressed
        default: return false
        }
    }

    private func flushPointerRelease(_ sink: (InputEvent) -> Void) {
        guard let time = pendingPointerRelease else { return }
        pendingPointerRelease = nil
        pointerHolder = nil
        let timestamp = seconds(time)
        sink(.touchUp(TouchIdentifier(device: Self.pointerDevice, slot: 0), timestamp: timestamp))
        sink(.touchFrame(timestamp: timestamp))
    }

    private func pointerButton(_ handle: RawDeviceHandle, button: Int, isPressed: Bool, time: UInt64,
                               _ sink: (InputEvent) -> Void) {
        guard configuration.pointerDrivesTouch, button == Int(BTN_LEFT) else { return }
        if isPressed {
            // A second mouse pressing while the first holds the touch changes nothing.
            guard pointerHolder == nil else { return }
            pointerHolder = handle
            pointerLocation = clampedToScreen(pointerLocation)
            let timestamp = seconds(time)
            sink(.touchDown(TouchIdentifier(device: Self.pointerDevice, slot: 0), location: pointerLocation,
                            majorRadius: 0, timestamp: timestamp))
            sink(.touchFrame(timestamp: timestamp))
        } else if pointerHolder == handle {
            pendingPointerRelease = time
        }
    }

    private func movePointer(to point: Point, time: UInt64, _ sink: (InputEvent) -> Void) {
        pointerLocation = clampedToScreen(point)
        guard pointerHolder != nil else { return }
        let timestamp = seconds(time)
        sink(.touchMotion(TouchIdentifier(device: Self.pointerDevice, slot: 0), location: pointerLocation,
                          majorRadius: 0, timestamp: timestamp))
        sink(.touchFrame(timestamp: timestamp))
    }

    /// `point` kept on the screen: within the first and the last pixel, in points.
    private func clampedToScreen(_ point: Point) -> Point {
        let size = display.sceneSize
        let maxX = max(0, Double(size.width - 1) / mapping.scale)
        let maxY = max(0, Double(size.height - 1) / mapping.scale)
        return Point(x: min(max(point.x, 0), maxX), y: min(max(point.y, 0), maxY))
    }

    // MARK: Keys

    private func key(_ handle: RawDeviceHandle, _ code: Int, isPressed: Bool, seatKeyCount: Int, time: UInt64,
                     _ sink: (InputEvent) -> Void) {
        // Only the first press and the last release of a key held on several keyboards count.
        if isPressed ? seatKeyCount > 1 : seatKeyCount > 0 { return }
        let (characters, modifiers) = keys.translate(code: code, isPressed: isPressed)
        if isPressed, configuration.allowsVTSwitching, vtSwitchHandler != nil,
           modifiers.isSuperset(of: [.control, .alternate]), let vt = Self.virtualTerminal(forKey: code) {
            consumedKeys.append(code)
            pendingVTSwitch = vt
            return
        }
        if !isPressed, let index = consumedKeys.firstIndex(of: code) {
            consumedKeys.remove(at: index)
            return
        }
        let event = InputEvent.key(code: code, state: isPressed ? .pressed : .released, characters: characters,
                                   modifiers: modifiers, device: states[handle]?.id ?? 0, timestamp: seconds(time))
        if isPressed || RemoteControlKeys.isRemoteControlKey(code) {
            // A transport key is no press to cancel: its release, even by the removal, ends
            // what it began (seeking) and lets its next press count.
            sink(event)
        } else {
            pendingKeyReleases.append((handle, event))
        }
    }

    /// Whether `raw` may still be part of the removal of a device whose key releases are
    /// pending: libinput releases keys and buttons in code order, then removes the device.
    private func continuesKeyRemoval(_ raw: RawInputEvent) -> Bool {
        switch raw {
        case .deviceRemoved(let handle), .key(let handle, _, false, _, _), .pointerButton(let handle, _, false, _):
            return pendingKeyReleases.contains { $0.handle == handle }
        default:
            return false
        }
    }

    private func flushKeyReleases(_ sink: (InputEvent) -> Void) {
        guard !pendingKeyReleases.isEmpty else { return }
        for pending in pendingKeyReleases { sink(pending.event) }
        pendingKeyReleases.removeAll(keepingCapacity: true)
    }

    /// The VT that Ctrl+Alt+`key` switches to (F1…F12 → 1…12), or nil.
    static func virtualTerminal(forKey code: Int) -> Int? {
        switch Int32(code) {
        case KEY_F1...KEY_F10: return code - Int(KEY_F1) + 1
        case KEY_F11: return 11
        case KEY_F12: return 12
        default: return nil
        }
    }
}
