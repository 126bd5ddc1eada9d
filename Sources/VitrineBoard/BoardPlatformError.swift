import VitrineDRM
import VitrineInput
import VitrineLinux

/// Why a board's backends could not start, with what to do (each wrapped error says it).
public enum BoardPlatformError: Error, CustomStringConvertible {
    /// The profile could not be chosen or read.
    case profile(BoardProfileError)
    /// The epoll run loop could not be made.
    case mainLoop(MainLoopError)
    /// The DRM display could not be opened (no device, permission, master held, connector…).
    case display(DRMError, profile: String)
    /// libinput could not be started on the profile's devices.
    case input(InputError, profile: String)
    /// The profile's accelerometer settings cannot work.
    case accelerometer(AccelerometerError, profile: String)
    /// The seat could not be opened or would not open the display (`[system] session = "seat"`).
    case session(SeatError, profile: String)
    /// The profile asks for an optional part (its `section`, at `line` of `file` when known)
    /// that the app was built without.
    case partNotBuilt(OptionalPart, section: String, file: String, line: Int?)
    /// A desktop window was asked for (`--window`) and could not be opened, or the app was
    /// built without the window; `reason` says which and what to do.
    case window(reason: String)
    /// An option of the command line (`--language`, `--pseudo-language`) is not valid;
    /// `reason` says what to give.
    case launchOption(reason: String)

    /// The wrapped error's message, after the profile it happened with.
    public var description: String {
        switch self {
        case .profile(let error): "\(error)"
        case .mainLoop(let error): "\(error)"
        case .display(let error, let profile): "board \(profile): \(error)"
        case .input(let error, let profile): "board \(profile): \(error)"
        case .accelerometer(let error, let profile): "board \(profile): \(error)"
        case .session(let error, let profile): "board \(profile): \(error)"
        case .partNotBuilt(let part, let section, let file, let line):
            "\(file)\(line.map { ":\($0)" } ?? ""): [\(section)] asks for \(part), and this app was built without it — "
                + "\(part.remedy), or remove [\(section)] from the profile"
        case .window(let reason), .launchOption(let reason): reason
        }
    }

    /// A process exit status for the error, as the `vitrine` tool uses them: 2 a profile
    /// problem or a launch option, 3 no display device, 4 permission denied (or no seat to open devices through),
    /// 5 DRM master held, 1 anything else.
    public var exitStatus: Int32 {
        switch self {
        case .profile, .partNotBuilt, .launchOption: 2
        case .display(let error, _):
            switch error {
            case .noDevice, .notADirectory, .deviceNotFound, .noConnectedDevice: 3
            case .permissionDenied: 4
            case .masterHeld: 5
            default: 1
            }
        case .input(.permissionDenied, _): 4
        case .session(.noSeat, _), .session(.inactive, _): 4
        default: 1
        }
    }
}
