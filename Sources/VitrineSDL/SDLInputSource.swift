import CSDL2
import Logging
import VitrineCore
import VitrineGraphics
import VitrineInput

/// The desktop window's input as an `InputSource`: SDL's queue, filled by `SDLDisplay` when the
/// X connection is readable (the source has no descriptor of its own; it signals readiness).
///
/// - The mouse is one finger (device 1, slot 0): button down, motion, up → touch down, motion,
///   up. With Ctrl or Alt held at the button press a second finger (slot 1) moves mirrored
///   around the window's centre, for pinches and rotations, as the iOS Simulator's Option-drag.
/// - The host's touchscreen touches (`SDL_FINGER*` of a direct touch device) are real touches
///   (device 2, one slot per finger; `SDLTouchFingers`). A trackpad moves the mouse finger and
///   scrolls (X11 gives its touches no place on the screen).
/// - The first key pressed on the desk's keyboard attaches it as a hardware keyboard
///   (`SDLKeyboardPresence`: the on-screen keyboard's `.auto` policy then keeps it down).
/// - Keys go through xkbcommon with the board profile's keymap, as libinput's keys do
///   (`XKBKeyTranslator`): each key's Linux code is the X server's key code less 8 (read from
///   the X event, `SDL_SYSWMEVENT`), so the kiosk's layout applies whatever the desk's X
///   layout is; the few key events SDL makes up (keys released when the window loses the
///   focus) go through `SDLKeyMap`. Auto-repeated presses are presses again (`changed`),
///   except for modifier and lock keys.
/// - Shortcuts for what a desk lacks: Ctrl-Shift-S shakes, Ctrl-Shift-L closes or opens the
///   lid, Ctrl-Shift-R turns the screen a quarter clockwise (`shortcutHelp`).
/// - Closing the window terminates the application (exit status 0 under `Application.main`).
///
/// Positions are in screen points: window pixels divided by `scale`.
@MainActor
public final class SDLInputSource: SignallingInputSource {
    /// What the window's title lists.
    public static let shortcutHelp = "Ctrl/Alt-drag: two fingers · Ctrl-Shift-S: shake · Ctrl-Shift-L: lid · Ctrl-Shift-R: rotate"

    /// None: the display's watch of the X connection signals readiness.
    public var fileDescriptor: Int32? { nil }
    /// Set by the run loop.
    public var readinessHandler: (@MainActor () -> Void)? {
        didSet { if readinessHandler != nil { display.pump() } }
    }
    /// The application the shortcuts act on (set by `SDLPlatform.configure`).
    public weak var application: Application?

    private let display: SDLDisplay
    private let scale: Double
    private let clock: any TimeSource
    private var mouseDown = false
    private var mirrored = false
    private var lidClosed = false
    /// SDL's modifier bits as of the last key event translated.
    private var heldModifiers: UInt32 = 0
    /// The host's touchscreen fingers down (no allocation per touch).
    private var fingers = SDLTouchFingers()
    /// Keys through the profile's XKB keymap.
    private let keys: XKBKeyTranslator
    /// The Linux code and state of the X key event just read, for the SDL key event that follows it.
    private var pendingXKey: (code: Int, isPressed: Bool)?
    /// Whether the desk's keyboard counts as a hardware keyboard yet (`SDLKeyboardPresence`).
    private var keyboard = SDLKeyboardPresence()
    private var event = SDL_Event()

    /// The mouse's finger device, the host's touchscreen device.
    nonisolated static let mouseDevice = 1, touchDevice = 2

    /// Reads the events of `display`'s window, at `scale` pixels per point, timestamps on
    /// `clock`; keys through the XKB keymap `keymap` (the board profile's `[input.keymap]`).
    public init(display: SDLDisplay, scale: Double, clock: any TimeSource, keymap: KeymapNames = KeymapNames(),
                logger: Logger = Logger(label: "vitrine.sdl")) {
        self.display = display
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.clock = clock
        keys = XKBKeyTranslator(keymap: keymap, logger: logger)
        SDL_StopTextInput()
        // Each X event comes first as an SDL_SYSWMEVENT: key events carry the X key code.
        SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE)
        display.eventsPending = { [weak self] in self?.readinessHandler?() }
    }

    /// Drains SDL's queue, turning each event into `InputEvent`s (window events go to the display).
    public func dispatch(into sink: (InputEvent) -> Void) {
        if display.isConnectionLost {
            application?.terminate()
            return
        }
        while SDL_PollEvent(&event) != 0 {
            translate(sink)
        }
    }

    private func point(_ x: Int32, _ y: Int32) -> Point { Point(x: Double(x) / scale, y: Double(y) / scale) }

    private func mirror(_ p: Point) -> Point {
        let size = display.windowSize
        return Point(x: Double(size.width) / scale - p.x, y: Double(size.height) / scale - p.y)
    }

    private func translate(_ sink: (InputEvent) -> Void) {
        let now = clock.now
        // An X key event is followed at once by its SDL key event, if any.
        let xKey = pendingXKey
        pendingXKey = nil
        switch SDL_EventType(event.type) {
        case SDL_SYSWMEVENT:
            var pressed: Int32 = 0
            let keycode = vitrine_sdl_x11_key(&event, &pressed)
            if keycode >= 8 { pendingXKey = (Int(keycode) - 8, pressed != 0) }
        case SDL_QUIT:
            application?.terminate()
        case SDL_WINDOWEVENT:
            let window = event.window
            switch SDL_WindowEventID(UInt32(window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED: display.windowResized(width: Int(window.data1), height: Int(window.data2))
            case SDL_WINDOWEVENT_EXPOSED: display.windowExposed()
            case SDL_WINDOWEVENT_CLOSE: application?.terminate()
            default: break
            }
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT) && !mouseDown:
            mouseDown = true
            let location = point(event.button.x, event.button.y)
            // The modifiers as of this event (SDL_GetModState is the state after the whole
            // batch was pumped, which may already hold the Ctrl key's release).
            mirrored = heldModifiers & (KMOD_CTRL.rawValue | KMOD_ALT.rawValue) != 0
            sink(.touchDown(TouchIdentifier(device: Self.mouseDevice, slot: 0), location: location, majorRadius: 0, timestamp: now))
            if mirrored {
                sink(.touchDown(TouchIdentifier(device: Self.mouseDevice, slot: 1), location: mirror(location), majorRadius: 0, timestamp: now))
            }
            sink(.touchFrame(timestamp: now))
        case SDL_MOUSEMOTION where mouseDown:
            let location = point(event.motion.x, event.motion.y)
            sink(.touchMotion(TouchIdentifier(device: Self.mouseDevice, slot: 0), location: location, majorRadius: 0, timestamp: now))
            if mirrored {
                sink(.touchMotion(TouchIdentifier(device: Self.mouseDevice, slot: 1), location: mirror(location), majorRadius: 0, timestamp: now))
            }
            sink(.touchFrame(timestamp: now))
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT) && mouseDown:
            mouseDown = false
            sink(.touchUp(TouchIdentifier(device: Self.mouseDevice, slot: 0), timestamp: now))
            if mirrored { sink(.touchUp(TouchIdentifier(device: Self.mouseDevice, slot: 1), timestamp: now)) }
            mirrored = false
            sink(.touchFrame(timestamp: now))
        case SDL_MOUSEWHEEL:
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            sink(.scroll(deltaX: Double(event.wheel.x) * 10, deltaY: Double(event.wheel.y) * 10, location: point(x, y), timestamp: now))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            fingers.translate(event.tfinger, deviceType: SDL_GetTouchDeviceType(event.tfinger.touchId),
                              windowSize: display.windowSize, scale: scale, now: now, sink)
        case SDL_KEYDOWN, SDL_KEYUP:
            key(sink, xKey: xKey, now: now)
        default:
            break
        }
    }

    private func key(_ sink: (InputEvent) -> Void, xKey: (code: Int, isPressed: Bool)?, now: Double) {
        let key = event.key
        let pressed = SDL_EventType(key.type) == SDL_KEYDOWN
        // SDL's modifiers, for the shortcuts and the mirrored finger (the desk's keyboard).
        let mod = UInt32(key.keysym.mod)
        heldModifiers = mod
        if keyboard.keyEvent(isPressed: pressed, fromServer: xKey?.isPressed == pressed) {
            sink(.keyboardAttached(device: Self.mouseDevice, timestamp: now))
        }
        let control = mod & KMOD_CTRL.rawValue != 0, shift = mod & KMOD_SHIFT.rawValue != 0
        if pressed, key.repeat == 0, control, shift, shortcut(key.keysym.sym, now: now, sink) {
            return
        }
        let code: Int
        if let xKey, xKey.isPressed == pressed {
            code = xKey.code
        } else if let mapped = SDLKeyMap.linuxCode(scancode: Int(key.keysym.scancode.rawValue)) {
            code = mapped
        } else {
            return
        }
        if key.repeat != 0 && Self.modifierAndLockKeys.contains(code) { return }
        let (characters, modifiers) = keys.translate(code: code, isPressed: pressed)
        sink(.key(code: code, state: pressed ? .pressed : .released, characters: characters, modifiers: modifiers,
                  device: Self.mouseDevice, timestamp: now))
    }

    /// Ctrl, Shift, Alt, Meta (left and right), Caps Lock, Num Lock, Scroll Lock: never repeated.
    private static let modifierAndLockKeys: Set<Int> = [29, 97, 42, 54, 56, 100, 125, 126, 58, 69, 70]

    /// Ctrl-Shift-S, -L, -R; true when `sym` was one.
    private func shortcut(_ sym: SDL_Keycode, now: Double, _ sink: (InputEvent) -> Void) -> Bool {
        switch Int(sym) {
        case Int(SDLK_s.rawValue):
            application?.sendMotion(.motionShake, phase: .began, timestamp: now)
            application?.sendMotion(.motionShake, phase: .ended, timestamp: now)
        case Int(SDLK_l.rawValue):
            lidClosed.toggle()
            sink(.switchToggled(.lid, isOn: lidClosed, timestamp: now))
        case Int(SDLK_r.rawValue):
            guard let application else { return true }
            let turns: [ScreenRotation] = [.none, .clockwise90, .upsideDown, .clockwise270]
            let index = turns.firstIndex(of: application.screenRotation) ?? 0
            application.setScreenRotation(turns[(index + 1) % turns.count])
        default:
            return false
        }
        return true
    }
}
