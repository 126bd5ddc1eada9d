/// The light behind the panel, whose level `Screen.brightness` and the idle timer's dimming
/// set: the kernel's backlight class on a device (`VitrineLinux.SysfsBacklight`), a recording
/// stand-in headless (`VitrineHeadless.VirtualBacklight`).
///
/// Contract:
/// - `level` is the light's level as a fraction of its range, 0…1: what the hardware reports
///   when it can say (sysfs `actual_brightness`), else what was written last.
/// - `setLevel(_:)` takes a finite level in 0…1 (the application clamps before calling) and
///   writes the hardware's nearest step at once: it does not fade (the application fades in a
///   few steps on a timer) and never blocks for long (one small write). Level 0 is the lowest
///   step, which is dark on most panels and dim on some.
/// - A backlight that cannot be written (permission, device gone) says so once in the log,
///   with what to do, and ignores every later call: brightness then does nothing, and the app
///   runs on.
@MainActor
public protocol Backlight: AnyObject {
    /// The backlight's name, for logs (`intel_backlight`, `rpi_backlight`).
    var name: String { get }
    /// The current level, 0…1.
    var level: Double { get }
    /// Sets the level (0…1) at once, or does nothing when the backlight cannot be written.
    func setLevel(_ level: Double)
}
