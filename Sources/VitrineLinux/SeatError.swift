import SystemPackage

/// Why the seat (libseat: seatd, logind, or its builtin seat) could not be opened or used,
/// each with what to do. `description` is the whole message: what went wrong, then the remedy
/// after a dash.
public enum SeatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No seat could be opened: no seatd socket, no logind session, and (not being root) no
    /// builtin seat. `errno` is libseat's; `messages` the last lines libseat logged (which say
    /// what each backend tried).
    case noSeat(errno: Errno, messages: [String])
    /// libseat itself could not be loaded (it is loaded when a seat is first opened, not
    /// linked): `reason` is the loader's message (the missing file or function).
    case libraryMissing(reason: String)
    /// The seat was opened but never enabled for this session (another session is in front
    /// of its VT-bound seat).
    case inactive(seat: String)
    /// A device could not be opened through the seat.
    case openingDevice(path: String, errno: Errno)
    /// A device could not be released (`libseat_close_device`).
    case closingDevice(path: String, errno: Errno)
    /// The seat could not be asked to switch to session (VT) `number`.
    case switchingSession(number: Int, errno: Errno)
    /// Acknowledging a "disable seat" failed: the seat manager may revoke the devices itself.
    case disabling(errno: Errno)
    /// Reading the seat's connection failed (seatd stopped, the logind bus went away).
    case dispatching(errno: Errno)
    /// The session was closed already.
    case closed

    /// What went wrong, with the remedy.
    public var description: String {
        switch self {
        case .noSeat(let errno, let messages):
            let detail = messages.isEmpty ? "" : " (libseat: \(messages.joined(separator: "; ")))"
            return "no seat (\(errno))\(detail) — start seatd (apt install seatd; systemctl enable --now seatd) "
                + "and add the user to its group, or run under systemd-logind (a unit with PAMName=login on a VT), "
                + "or use [system] session = \"direct\" in the board profile"
        case .libraryMissing(let reason):
            return "libseat could not be loaded (\(reason)) — install it (apt install libseat1), "
                + "or use [system] session = \"direct\" in the board profile"
        case .inactive(let seat):
            return "\(seat) is not active for this session: another session holds its console — start the app on the "
                + "console in front (TTYPath= of the unit, or switch to its VT), or stop the other session"
        case .openingDevice(let path, let errno):
            return "\(path): the seat would not open it (\(errno)) — \(Self.remedy(opening: errno))"
        case .closingDevice(let path, let errno):
            return "\(path): the seat would not release it (\(errno)) — the seat manager closes it when the app exits"
        case .switchingSession(let number, let errno):
            return "the seat would not switch to session \(number) (\(errno)) — check that console \(number) exists; "
                + "seatd and logind switch only VT-bound seats (seat0)"
        case .disabling(let errno):
            return "acknowledging the seat's disable failed (\(errno)) — the seat manager revokes the devices itself; "
                + "the app resumes when the seat is enabled again"
        case .dispatching(let errno):
            return "the seat's connection failed (\(errno)) — seatd or logind stopped: restart it and then the app "
                + "(systemd restarts a kiosk unit by itself)"
        case .closed:
            return "the seat session is closed — open a new SeatSession"
        }
    }

    private static func remedy(opening errno: Errno) -> String {
        switch errno {
        case .noSuchFileOrDirectory, .noSuchAddressOrDevice:
            "check that the node exists; a seat opens only DRM cards (/dev/dri/card*) and input event nodes (/dev/input/event*)"
        case .notPermitted, .permissionDenied:
            "the seat is not active for this session (switched away?) or the device is not on this seat: "
                + "check udev's seat assignment (ID_SEAT) or use [system] session = \"direct\""
        case .resourceBusy:
            "another session holds it: stop the other compositor"
        default:
            "check seatd's or logind's log (journalctl -u seatd / -u systemd-logind)"
        }
    }
}
