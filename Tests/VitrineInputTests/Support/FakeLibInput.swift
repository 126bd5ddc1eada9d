import SystemPackage
import Vitrine
import VitrineGraphics
import VitrineInput

/// A scripted libinput: tests queue events (positions as libinput's normalised device range,
/// 0…1, which it transforms to the panel size the source asks for, as
/// `libinput_event_touch_get_x_transformed` does) and the next `dispatch` hands them over.
///
/// Like libinput, it applies a calibration matrix the source sets on a device that supports
/// one, before transforming; so a source that applied the matrix again would be caught.
@MainActor
final class FakeLibInput: LibInputBackend {
    /// Not a real descriptor: the manual loop dispatches sources with a descriptor every turn.
    let fileDescriptor: Int32 = 1_000
    var origin = "seat seat0"
    var openFailures: [InputDeviceOpenFailure] = []
    /// Thrown by the next `dispatch`, after handing over what is queued.
    var failNextDispatch: InputError?
    private(set) var calibrationCalls: [(device: RawDeviceHandle, matrix: CalibrationMatrix)] = []
    private(set) var dispatchRequests = 0
    private(set) var dispatchCount = 0
    private(set) var panelSizesAsked: [(width: Int, height: Int)] = []
    private(set) var isSuspended = false

    private var queue: [(Int, Int) -> RawInputEvent] = []
    private var devices: [RawDeviceHandle: RawDeviceInfo] = [:]
    private var calibration: [RawDeviceHandle: CalibrationMatrix] = [:]
    /// Microseconds; every queued event advances it by 1 ms unless told a time.
    var time: UInt64 = 1_000_000

    // MARK: LibInputBackend

    func dispatch(panelWidth: Int, panelHeight: Int, _ body: (RawInputEvent) -> Void) throws(InputError) {
        dispatchCount += 1
        panelSizesAsked.append((panelWidth, panelHeight))
        let events = queue
        queue.removeAll()
        for make in events { body(make(panelWidth, panelHeight)) }
        if let error = failNextDispatch {
            failNextDispatch = nil
            throw error
        }
    }

    func setCalibration(_ matrix: CalibrationMatrix, for device: RawDeviceHandle) -> Bool {
        calibrationCalls.append((device, matrix))
        guard devices[device]?.supportsCalibration == true else { return false }
        calibration[device] = matrix
        return true
    }

    func requestDispatch() { dispatchRequests += 1 }

    func suspend() {
        isSuspended = true
        for handle in devices.keys.sorted(by: { $0.rawValue < $1.rawValue }) { remove(handle) }
    }

    func resume() throws(InputError) { isSuspended = false }

    // MARK: Scripting

    private func nextTime(_ given: UInt64?) -> UInt64 {
        if let given { time = given } else { time += 1_000 }
        return time
    }

    /// Queues a raw event as it is.
    func send(_ event: RawInputEvent) {
        queue.append { _, _ in event }
    }

    /// Adds a device (queued as DEVICE_ADDED); returns its handle. A `.keyboard` device has no
    /// letter keys unless `hasLetterKeys` (it is no hardware keyboard for the on-screen
    /// keyboard's policy; `addKeyboard` adds one that is).
    @discardableResult
    func add(_ handle: Int, name: String = "device", capabilities: InputCapabilities, touchCount: Int = -1,
             supportsCalibration: Bool = false, hasLetterKeys: Bool = false) -> RawDeviceHandle {
        let info = RawDeviceInfo(handle: RawDeviceHandle(handle), name: name, sysname: "event\(handle)",
                                 path: "/dev/input/event\(handle)", capabilities: capabilities,
                                 touchCount: touchCount, supportsCalibration: supportsCalibration,
                                 hasLetterKeys: hasLetterKeys)
        devices[info.handle] = info
        send(.deviceAdded(info))
        return info.handle
    }

    /// Adds a typing keyboard (letter keys: what libinput_device_keyboard_has_key(KEY_A) finds).
    @discardableResult
    func addKeyboard(_ handle: Int, name: String = "keyboard") -> RawDeviceHandle {
        add(handle, name: name, capabilities: .keyboard, hasLetterKeys: true)
    }

    /// Adds a touchscreen with `slots` slots.
    @discardableResult
    func addTouchscreen(_ handle: Int, slots: Int = 10, supportsCalibration: Bool = false) -> RawDeviceHandle {
        add(handle, name: "touchscreen \(handle)", capabilities: .touch, touchCount: slots,
            supportsCalibration: supportsCalibration)
    }

    /// Queues DEVICE_REMOVED, as a device unplugged without libinput's cancels before it.
    func remove(_ handle: RawDeviceHandle) {
        devices[handle] = nil
        calibration[handle] = nil
        send(.deviceRemoved(handle))
    }

    private func transformed(_ device: RawDeviceHandle, _ x: Double, _ y: Double, _ width: Int, _ height: Int) -> (Double, Double) {
        var point = (x: x, y: y)
        if let matrix = calibration[device] { point = matrix.apply(x: x, y: y) }
        return (point.x * Double(width), point.y * Double(height))
    }

    /// Finger `slot` of `device` down at normalised (`x`, `y`) of the device's range.
    func down(_ device: RawDeviceHandle, slot: Int, x: Double, y: Double, time: UInt64? = nil) {
        let t = nextTime(time)
        queue.append { [unowned self] w, h in
            let p = transformed(device, x, y, w, h)
            return .touchDown(device, slot: slot, seatSlot: slot, x: p.0, y: p.1, time: t)
        }
    }

    /// Finger `slot` of `device` moves to normalised (`x`, `y`).
    func move(_ device: RawDeviceHandle, slot: Int, x: Double, y: Double, time: UInt64? = nil) {
        let t = nextTime(time)
        queue.append { [unowned self] w, h in
            let p = transformed(device, x, y, w, h)
            return .touchMotion(device, slot: slot, seatSlot: slot, x: p.0, y: p.1, time: t)
        }
    }

    /// Finger `slot` of `device` lifts.
    func up(_ device: RawDeviceHandle, slot: Int, time: UInt64? = nil) {
        send(.touchUp(device, slot: slot, seatSlot: slot, time: nextTime(time)))
    }

    /// Finger `slot` of `device` is cancelled.
    func cancel(_ device: RawDeviceHandle, slot: Int, time: UInt64? = nil) {
        send(.touchCancel(device, slot: slot, seatSlot: slot, time: nextTime(time)))
    }

    /// The end of a frame of `device`'s touches.
    func frame(_ device: RawDeviceHandle, time: UInt64? = nil) {
        send(.touchFrame(device, time: nextTime(time)))
    }

    /// A key of `device`; the seat key count is 1 on press and 0 on release (one keyboard).
    func key(_ device: RawDeviceHandle, _ code: Int32, pressed: Bool, seatKeyCount: Int? = nil) {
        send(.key(device, code: Int(code), isPressed: pressed, seatKeyCount: seatKeyCount ?? (pressed ? 1 : 0),
                  time: nextTime(nil)))
    }

    /// A press and release of `code`.
    func tap(_ device: RawDeviceHandle, _ code: Int32) {
        key(device, code, pressed: true)
        key(device, code, pressed: false)
    }

    /// A mouse button of `device`.
    func button(_ device: RawDeviceHandle, _ code: Int32, pressed: Bool) {
        send(.pointerButton(device, button: Int(code), isPressed: pressed, time: nextTime(nil)))
    }

    /// Relative motion of `device`.
    func motion(_ device: RawDeviceHandle, dx: Double, dy: Double) {
        send(.pointerMotion(device, dx: dx, dy: dy, time: nextTime(nil)))
    }

    /// Absolute pointer motion of `device` to normalised (`x`, `y`).
    func absoluteMotion(_ device: RawDeviceHandle, x: Double, y: Double) {
        let t = nextTime(nil)
        queue.append { w, h in .pointerMotionAbsolute(device, x: x * Double(w), y: y * Double(h), time: t) }
    }
}

/// A display whose mode and rotation tests change at will (a runtime rotation); it presents
/// nothing.
@MainActor
final class TestDisplay: Display {
    var mode: DisplayMode
    var rotation: ScreenRotation
    let pixelFormat: PixelFormat = .xrgb8888
    let bufferAge = 0
    let isFlipPending = false
    let isPoweredOn = true
    var frameHandler: (@MainActor (FrameTiming) -> Void)?
    var needsFullRepaint: (@MainActor () -> Void)?
    var modeDidChange: (@MainActor (DisplayMode) -> Void)?

    init(width: Int = 800, height: Int = 480, rotation: ScreenRotation = .none) {
        mode = DisplayMode(width: width, height: height)
        self.rotation = rotation
    }

    func present(scene: Surface, copying: Region, damage: Region) -> Int { 0 }
    func requestFrame() {}
    func setPower(_ on: Bool) {}
}

/// A clock tests set by hand.
@MainActor
final class TestClock: TimeSource {
    var now: Double = 0
}

/// Linux input codes the tests use (linux/input-event-codes.h).
enum Code {
    static let keyA: Int32 = 30
    static let keyC: Int32 = 46
    static let keyE: Int32 = 18
    static let apostrophe: Int32 = 40
    static let key1: Int32 = 2
    static let leftShift: Int32 = 42
    static let leftCtrl: Int32 = 29
    static let leftAlt: Int32 = 56
    static let capsLock: Int32 = 58
    static let f1: Int32 = 59
    static let f2: Int32 = 60
    static let f12: Int32 = 88
    static let playPause: Int32 = 164
    static let buttonLeft: Int32 = 0x110
    static let buttonRight: Int32 = 0x111
}
