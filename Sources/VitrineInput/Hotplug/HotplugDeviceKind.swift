/// One kind of device a board follows as it is plugged in and unplugged (the rotary encoder,
/// the headphone jack, the accelerometer; a barcode scanner): how to recognise it, open it and
/// close it. Registered with `DeviceHotplug.follow(_:)`, which calls these on the main actor.
///
/// Contract for whoever writes one:
/// - `matches` is a quick look at the description only (subsystem, node, name, udev's
///   properties), with the board profile's rules: a device named by its node or name, or any
///   device of the kind when the profile says `"auto"`. No I/O.
/// - `open` opens the device exactly as at start (the same checks of its capabilities) and
///   starts reading it (its descriptor on the run loop), or says why not. A device the kind
///   already reads (the one it found at start, announced again) is `.notThisKind`: open it
///   once. It never throws and never traps: the app goes on whatever the device does.
/// - `close` is told of every removed device; when it is the one the kind reads, the kind
///   stops reading it (its source off the loop, its descriptor closed, half-read input
///   dropped) and returns true; otherwise it returns false and does nothing.
/// - Each kind owns what it opens; `DeviceHotplug` owns none of it.
public struct HotplugDeviceKind {
    /// What the device is, for logs: `"rotary encoder"`, `"headphone jack"`, `"accelerometer"`.
    public var name: String
    /// Whether the described device could be of this kind, as the board profile names it.
    public var matches: @MainActor (DeviceDescription) -> Bool
    /// Opens a matching device that was plugged in (see the contract).
    public var open: @MainActor (DeviceDescription) -> HotplugOpening
    /// A device was unplugged: closes it when it is this kind's; returns whether it was.
    public var close: @MainActor (DeviceDescription) -> Bool

    /// Creates a kind from its three steps.
    public init(name: String, matches: @escaping @MainActor (DeviceDescription) -> Bool,
                open: @escaping @MainActor (DeviceDescription) -> HotplugOpening,
                close: @escaping @MainActor (DeviceDescription) -> Bool) {
        self.name = name
        self.matches = matches
        self.open = open
        self.close = close
    }
}

/// What a `HotplugDeviceKind` made of a device plugged in; `DeviceHotplug` logs it.
public enum HotplugOpening {
    /// Opened and read from now on; `detail` says how, for the log line ("read with libevdev").
    case opened(detail: String)
    /// Not one of this kind after all (no dial, no headphone switch), or the kind reads this
    /// device already, or one like it: nothing was opened. Logged at debug level.
    case notThisKind
    /// Gone again before it could be opened (a loose connector): logged at info level.
    case gone
    /// It is this kind's and cannot be opened or read: logged as an error, with what to do
    /// (the error's description says it). The app goes on without it.
    case failed(any Error)
}

extension HotplugOpening {
    /// Opens the event node `devnode` with `opener` for a kind's `open`: the node, or nil with
    /// what the kind reports in `refusal` (`.gone` for a node already removed, `.failed`
    /// otherwise).
    @MainActor
    package static func evdevNode(_ devnode: String, opener: @MainActor (String) throws(EvdevError) -> any EvdevNode,
                                 refusal: inout HotplugOpening) -> (any EvdevNode)? {
        do throws(EvdevError) {
            return try opener(devnode)
        } catch {
            if case .notFound = error { refusal = .gone } else { refusal = .failed(error) }
            return nil
        }
    }
}
