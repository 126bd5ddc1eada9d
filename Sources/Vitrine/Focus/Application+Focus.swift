import VitrineGraphics

// The focus engine's public face on the application, and the keys it takes. Keys reach it at
// the end of the responder chain (Application's `pressesBegan`/`pressesChanged`): a key that a
// responder handled — a text field's arrows moving its caret, an app's own shortcuts — never
// gets here. Tab is the exception: a text field hands it over (it leaves the field).

/// The Linux key codes the focus engine uses (linux/input-event-codes.h).
enum FocusKey: Int {
    case escape = 1, tab = 15, enter = 28, space = 57, keypadEnter = 96
    case up = 103, left = 105, right = 106, down = 108
}

extension Application {
    /// The focus engine, made on first use.
    var focusEngine: FocusEngine { accessibilityCenterMade.focusEngine }

    /// The focus engine when it was made (nil: focus was never used).
    var focusEngineIfMade: FocusEngine? { accessibilityCenter?.focusEngineIfMade }

    /// The view with focus (moved by Tab, the arrows and the encoder), or nil.
    public var focusedView: View? { focusEngineIfMade?.focusedView }

    /// Whether focus navigation is on and its ring shows (see `focusBehavior`).
    public var isFocusActive: Bool { focusEngineIfMade?.isActive ?? false }

    /// Whether the focused adjustable element is engaged: arrows and encoder turns adjust it
    /// until Enter, Space, the encoder's press or Escape.
    public var isFocusEngaged: Bool { focusEngineIfMade?.isEngaged ?? false }

    /// When focus shows: `.automatic` (the default) from the first focus key or encoder use;
    /// `.always` from the first frame (a board without a touchscreen; `BoardPlatform` sets it
    /// when the profile names no touchscreen).
    public var focusBehavior: FocusBehavior {
        get { focusEngineIfMade?.behavior ?? .automatic }
        set {
            guard newValue != focusBehavior else { return }
            focusEngine.behavior = newValue
            setNeedsCommit()
        }
    }

    /// Moves focus by `heading` (`.next`/`.previous`: reading order, wrapping; an arrow: the
    /// nearest element that way). Turns focus on. Returns whether focus moved.
    @discardableResult
    public func moveFocus(_ heading: FocusHeading) -> Bool { focusEngine.move(heading) }

    /// Gives focus to `view` when it can be focused (`canBecomeFocused`, in the key window and
    /// not outside a modal view); turns focus on. Returns whether it has focus now.
    @discardableResult
    public func moveFocus(to view: View) -> Bool {
        let engine = focusEngine
        engine.collectFocusable()
        guard engine.elements.contains(where: { $0 === view }) else { return false }
        engine.activate()
        engine.update(to: view, heading: [])
        return true
    }

    /// What Enter does: activates the focused view (an adjustable one is engaged or released).
    @discardableResult
    public func activateFocusedView() -> Bool { focusEngine.activateFocused() }

    /// A rotary encoder turned by `steps` detents (positive: clockwise): focus moves that many
    /// elements forward or back in reading order, or, while an adjustable element is engaged,
    /// it is incremented or decremented that many times. What the `[input] encoder` source posts.
    public func encoderRotated(by steps: Int) {
        let engine = focusEngine
        engine.activate()
        let count = min(abs(steps), 64)
        for _ in 0..<count {
            if engine.isEngaged { engine.adjust(up: steps > 0) } else { engine.move(steps > 0 ? .next : .previous) }
        }
    }

    /// The encoder's push button went down: as Enter.
    public func encoderPressed() { focusEngine.activateFocused() }

    /// Takes focus keys that reached the end of the responder chain; true when one was used.
    func handleFocusKeys(_ presses: PressSet) -> Bool {
        var handled = false
        for press in presses where press.phase == .began || press.phase == .changed {
            if handleFocusKey(press.keyCode, shift: press.modifiers.contains(.shift), isRepeat: press.phase == .changed) {
                handled = true
            }
        }
        return handled
    }

    /// One focus key: Tab/Shift-Tab, arrows, Enter/Space, Escape.
    func handleFocusKey(_ code: Int, shift: Bool, isRepeat: Bool) -> Bool {
        guard let key = FocusKey(rawValue: code) else { return false }
        let engine = focusEngine
        switch key {
        case .tab:
            // Taken even when nothing can be focused: Tab means focus, not a character.
            engine.move(shift ? .previous : .next)
            return true
        case .up, .down, .left, .right:
            if engine.isEngaged {
                // Left and Right move a value the way it runs on the screen: in a right-to-left
                // view (a mirrored slider, segment 0 at the right) Left raises it.
                let rightToLeft = engine.focusedView?.effectiveUserInterfaceLayoutDirection == .rightToLeft
                let up = switch key {
                case .up: true
                case .down: false
                case .right: !rightToLeft
                default: rightToLeft
                }
                engine.adjust(up: up)
                return true
            }
            let heading: FocusHeading = switch key {
            case .up: .up
            case .down: .down
            case .left: .left
            default: .right
            }
            engine.move(heading)
            return true
        case .enter, .keypadEnter, .space:
            guard !isRepeat else { return true }
            return engine.activateFocused()
        case .escape:
            guard !isRepeat else { return false }
            return engine.escape()
        }
    }
}

extension AccessibilityCenter {
    /// The focus engine when it exists.
    var focusEngineIfMade: FocusEngine? { madeFocusEngine }
}
