import Glibc
import SystemPackage

/// Opens and closes the device nodes of both the DRM display and libinput (Slint's
/// `DeviceOpener`): `DirectDeviceOpener` with open(2), `SeatDeviceOpener` through the seat
/// (`SeatSession`: seatd, logind, or libseat's builtin seat). A board picks one
/// (`[system] session`) and hands the same one to every backend.
///
/// Contract: `open` returns a descriptor opened read-write, non-blocking and close-on-exec
/// (whatever access mode `flags` asks for: libinput writes LED states, DRM does ioctls), or
/// throws `DeviceOpeningError` saying why; `close` closes a descriptor `open` returned, exactly
/// once, and ends whatever registration opening it made. Both run on the main actor.
@MainActor
public protocol DeviceOpener: AnyObject {
    /// Opens the node at `path`; `flags` are the open(2) flags the caller asked for (libinput's;
    /// 0 for none): the access mode is always read-write, the rest is kept.
    func open(path: String, flags: Int32) throws(DeviceOpeningError) -> Int32
    /// Closes `descriptor` (one `open` returned).
    func close(_ descriptor: Int32)
}

/// Why a `DeviceOpener` could not open a node.
public enum DeviceOpeningError: Error, Hashable, Sendable, CustomStringConvertible {
    /// open(2) failed with `errno`.
    case direct(path: String, errno: Errno)
    /// The seat would not open it (`SeatError.openingDevice`), or its session is closed.
    case seat(SeatError)

    /// The errno of the failure, as libinput's open_restricted returns it: the seat's errno,
    /// or `ENODEV` for a session that is gone.
    public var errno: Errno {
        switch self {
        case .direct(_, let errno): errno
        case .seat(.openingDevice(_, let errno)): errno
        case .seat: .noSuchAddressOrDevice
        }
    }

    /// The message of the failure, with its remedy.
    public var description: String {
        switch self {
        case .direct(let path, let errno): "\(path): open failed: \(errno)"
        case .seat(let error): "\(error)"
        }
    }
}

/// Opens device nodes directly with open(2): what a kiosk running as root, or as a user in
/// groups `video` and `input`, does.
@MainActor
public final class DirectDeviceOpener: DeviceOpener {
    /// Creates the opener.
    public init() {}

    /// Opens `path` read-write, non-blocking and close-on-exec, retrying when a signal
    /// interrupts. Throws `.direct` with open(2)'s errno.
    public func open(path: String, flags: Int32) throws(DeviceOpeningError) -> Int32 {
        let wanted = (flags & ~O_ACCMODE) | O_RDWR | O_NONBLOCK | O_CLOEXEC
        while true {
            let descriptor = Glibc.open(path, wanted)
            if descriptor >= 0 { return descriptor }
            let error = Errno(rawValue: Glibc.errno)
            if error != .interrupted { throw .direct(path: path, errno: error) }
        }
    }

    /// Closes `descriptor`.
    public func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }
}

/// Opens device nodes through the seat (`SeatSession`), so the app needs neither groups
/// `video` and `input` nor root. The seat revokes the descriptors while it is disabled; the
/// board pauses the display and suspends libinput before acknowledging a disable, and resumes
/// them (which reopens every input device here) once enabled.
@MainActor
public final class SeatDeviceOpener: DeviceOpener {
    /// The session devices are opened through (weak: the board owns it and closes it last).
    public private(set) weak var session: SeatSession?

    /// Creates an opener on `session`.
    public init(session: SeatSession) {
        self.session = session
    }

    /// Opens `path` through the seat (libseat opens read-write, non-blocking, close-on-exec,
    /// whatever `flags` asked for). Throws `.seat`: `openingDevice` with the seat's errno
    /// (`EPERM` while the seat is disabled, `ENOENT` for a node it does not manage), or
    /// `.closed` when the session is gone.
    public func open(path: String, flags: Int32) throws(DeviceOpeningError) -> Int32 {
        guard let session, !session.isClosed else { throw .seat(.closed) }
        do {
            return try session.openDevice(path: path).fileDescriptor
        } catch {
            throw .seat(error)
        }
    }

    /// Hands `descriptor` back to the seat and closes it; without a session, only closes it.
    public func close(_ descriptor: Int32) {
        if let session {
            session.closeDevice(descriptor: descriptor)
        } else {
            _ = Glibc.close(descriptor)
        }
    }
}
