/// When the desktop window's keyboard starts counting as a hardware keyboard
/// (`InputEvent.keyboardAttached`, which keeps the on-screen keyboard of `[keyboard] on_screen =
/// "auto"` down): at the first key press read from the X server, not at start.
///
/// A desk always has a keyboard, but a developer trying a kiosk app with the mouse wants to see
/// the on-screen keyboard the kiosk will show; the first real key says they type on the desk's,
/// as a kiosk's USB keyboard says so by being plugged in. The key events SDL makes up itself
/// (keys released when the window loses the focus) do not count. The window never detaches it.
struct SDLKeyboardPresence {
    /// Whether the keyboard is attached.
    private(set) var isAttached = false

    /// A key event, `isPressed` or released, `fromServer` when the X server sent it (rather than
    /// SDL making it up). Returns true for the one that attaches the keyboard.
    mutating func keyEvent(isPressed: Bool, fromServer: Bool) -> Bool {
        guard !isAttached, isPressed, fromServer else { return false }
        isAttached = true
        return true
    }
}
