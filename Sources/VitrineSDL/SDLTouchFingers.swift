import CSDL2
import VitrineCore
import VitrineGraphics

/// The host's touchscreen in the desktop window: SDL's finger events (`SDL_FINGERDOWN`,
/// `SDL_FINGERMOTION`, `SDL_FINGERUP`) as real touches, one `.touchFrame` after each.
///
/// - A finger of a *direct* touch device (a touchscreen; SDL_TOUCH_DEVICE_DIRECT) is a touch
///   `TouchIdentifier(device: SDLInputSource.touchDevice, slot: n)`, the slot the lowest one
///   free when it went down, kept until it lifts. Fingers beyond `slotCount` at once are
///   ignored until they lift.
/// - SDL's coordinates are normalized to the window as its X11 backend makes them
///   (`pixel / (size − 1)`): they are turned back into window pixels, kept on the window, and
///   divided by the scale into screen points.
/// - A trackpad (an *indirect* device) is not the screen: its fingers are ignored here. Under
///   X11 a trackpad moves the pointer and scrolls (the mouse finger and `.scroll`).
/// - Motion and lifts of a finger not known (it went down before the window had it, or beyond
///   the slots) are ignored; non-finite coordinates are dropped.
///
/// Allocates nothing per event.
struct SDLTouchFingers {
    /// SDL finger ids of the fingers down, by slot.
    private var fingers: [SDL_FingerID?]
    /// The SDL touch device of each finger down, by slot (fingers are numbered per device).
    private var devices: [SDL_TouchID]

    /// Room for `slotCount` fingers at once.
    init(slotCount: Int = 10) {
        fingers = Array(repeating: nil, count: max(1, slotCount))
        devices = Array(repeating: 0, count: max(1, slotCount))
    }

    /// Translates `touch` on a window of `windowSize` pixels at `scale` pixels per point, from a
    /// device of kind `deviceType`, into `sink`, timestamped `now`.
    mutating func translate(_ touch: SDL_TouchFingerEvent, deviceType: SDL_TouchDeviceType,
                            windowSize: (width: Int, height: Int), scale: Double, now: Double,
                            _ sink: (InputEvent) -> Void) {
        guard deviceType == SDL_TOUCH_DEVICE_DIRECT else { return }
        let location = Self.location(x: Double(touch.x), y: Double(touch.y), windowSize: windowSize, scale: scale)
        switch SDL_EventType(touch.type) {
        case SDL_FINGERDOWN:
            guard let location, slot(of: touch) == nil, let slot = fingers.firstIndex(where: { $0 == nil }) else { return }
            fingers[slot] = touch.fingerId
            devices[slot] = touch.touchId
            sink(.touchDown(TouchIdentifier(device: SDLInputSource.touchDevice, slot: slot), location: location,
                            majorRadius: 0, timestamp: now))
        case SDL_FINGERMOTION:
            guard let location, let slot = slot(of: touch) else { return }
            sink(.touchMotion(TouchIdentifier(device: SDLInputSource.touchDevice, slot: slot), location: location,
                              majorRadius: 0, timestamp: now))
        case SDL_FINGERUP:
            guard let slot = slot(of: touch) else { return }
            fingers[slot] = nil
            sink(.touchUp(TouchIdentifier(device: SDLInputSource.touchDevice, slot: slot), timestamp: now))
        default:
            return
        }
        sink(.touchFrame(timestamp: now))
    }

    private func slot(of touch: SDL_TouchFingerEvent) -> Int? {
        fingers.indices.first { fingers[$0] == touch.fingerId && devices[$0] == touch.touchId }
    }

    /// The screen point of normalized window coordinates (`x`, `y` in 0…1), or nil when not finite.
    static func location(x: Double, y: Double, windowSize: (width: Int, height: Int), scale: Double) -> Point? {
        guard x.isFinite, y.isFinite else { return nil }
        let width = Double(max(windowSize.width - 1, 0)), height = Double(max(windowSize.height - 1, 0))
        let pixelX = min(max(x, 0), 1) * width, pixelY = min(max(y, 0), 1) * height
        return Point(x: pixelX / scale, y: pixelY / scale)
    }
}
