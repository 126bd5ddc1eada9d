import Glibc
import SystemPackage

/// Opens device nodes directly with open(2): what a kiosk running as root, or as a user in
/// group `input`, does. A session opener (libseat, logind's TakeDevice) can replace it later.
@MainActor
public final class DirectDeviceOpener: InputDeviceOpener {
    /// Creates the opener.
    public init() {}

    /// Opens `path` read-write, non-blocking and close-on-exec (whatever access libinput asked
    /// for: it reads events and writes LED states), retrying when a signal interrupts.
    public func openDevice(atPath path: String, flags: Int32) throws(Errno) -> Int32 {
        let wanted = (flags & ~O_ACCMODE) | O_RDWR | O_NONBLOCK | O_CLOEXEC
        while true {
            let descriptor = Glibc.open(path, wanted)
            if descriptor >= 0 { return descriptor }
            let error = Errno(rawValue: errno)
            if error != .interrupted { throw error }
        }
    }

    /// Closes `descriptor`.
    public func closeDevice(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }
}
