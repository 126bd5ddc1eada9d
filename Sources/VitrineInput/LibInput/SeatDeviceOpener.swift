import Glibc
import SystemPackage
import VitrineLinux

/// Opens the device nodes libinput asks for through the seat (`SeatSession`: seatd, logind or
/// libseat's builtin seat), so the app needs neither group `input` nor root. The seat revokes
/// the descriptors while it is disabled; the board suspends libinput before acknowledging a
/// disable and resumes it (which reopens every device here) once enabled.
@MainActor
public final class SeatDeviceOpener: InputDeviceOpener {
    /// The session devices are opened through (weak: the board owns it and closes it last).
    public private(set) weak var session: SeatSession?

    /// Creates an opener on `session`.
    public init(session: SeatSession) {
        self.session = session
    }

    /// Opens `path` through the seat (libseat opens read-write, non-blocking, close-on-exec,
    /// whatever `flags` libinput asked for). Throws the seat's `Errno`: `EPERM` while the seat
    /// is disabled, `ENOENT` for a node it does not manage, `ENODEV` when the session is gone.
    public func openDevice(atPath path: String, flags: Int32) throws(Errno) -> Int32 {
        guard let session, !session.isClosed else { throw .noSuchAddressOrDevice }
        do {
            return try session.openDevice(path: path).fileDescriptor
        } catch {
            switch error {
            case .openingDevice(_, let errno): throw errno
            default: throw .noSuchAddressOrDevice
            }
        }
    }

    /// Hands `descriptor` back to the seat and closes it; without a session, only closes it.
    public func closeDevice(_ descriptor: Int32) {
        if let session {
            session.closeDevice(descriptor: descriptor)
        } else {
            _ = Glibc.close(descriptor)
        }
    }
}
