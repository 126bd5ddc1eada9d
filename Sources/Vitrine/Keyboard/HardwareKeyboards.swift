/// Hardware keyboards coming and going: an input source says a device is a keyboard
/// (`InputEvent.keyboardAttached`) and its `deviceRemoved` detaches it; the on-screen keyboard
/// follows (`SystemKeyboard.isHardwareKeyboardAttached`, which its `.auto` policy reads).
extension Application {
    /// Whether a hardware keyboard (a device with letter keys, as the input backend reports) is
    /// attached. UIKit has no such property (`GCKeyboard.coalesced` comes close).
    public var isHardwareKeyboardAttached: Bool { !hardwareKeyboardDevices.isEmpty }

    /// `device` is a hardware keyboard.
    func hardwareKeyboardAttached(_ device: Int) {
        guard !hardwareKeyboardDevices.contains(device) else { return }
        hardwareKeyboardDevices.append(device)
        systemKeyboard?.isHardwareKeyboardAttached = true
    }

    /// `device` went away: if it was a hardware keyboard, the on-screen keyboard may show again.
    func hardwareKeyboardDetached(_ device: Int) {
        guard let index = hardwareKeyboardDevices.firstIndex(of: device) else { return }
        hardwareKeyboardDevices.remove(at: index)
        if hardwareKeyboardDevices.isEmpty { systemKeyboard?.isHardwareKeyboardAttached = false }
    }
}
