import Logging

/// Devices plugged in and unplugged after start, handed to the kinds that follow them: the one
/// owner of the board's `DeviceMonitor` (udev's socket on the run loop).
///
/// For each device added, every kind it `matches` is asked to `open` it, and the outcome is one
/// log line (plugged in and read; or an error saying what to do). For each device removed,
/// every kind is asked to `close` it, and the one that had it logs one line. A device added and
/// removed again within one batch (a loose connector) is not opened at all. Kinds are asked in
/// the order they were followed.
///
/// A kind may be followed before or after `start()`; changes already queued reach the kinds
/// followed by the time the loop reads them (a board starts the monitor before it opens its
/// devices, and follows the kinds once its application exists). Nothing here allocates per input
/// event: it runs only when a device comes or goes.
@MainActor
public final class DeviceHotplug {
    /// A kind followed, as `follow(_:)` returns it, for `unfollow(_:)`.
    public struct Following: Hashable, Sendable {
        fileprivate let id: Int
    }

    /// Whether the monitor is started (and not stopped).
    public private(set) var isRunning = false
    /// The names of the kinds followed, in order.
    public var kindNames: [String] { kinds.map(\.kind.name) }

    private let monitor: any DeviceMonitor
    private let logger: Logger
    private var kinds: [(id: Int, kind: HotplugDeviceKind)] = []
    private var nextID = 0

    /// A hotplug over `monitor`, which it owns from now on (started by `start()`, stopped by
    /// `stop()` or deinit).
    public init(monitor: any DeviceMonitor, logger: Logger = Logger(label: "vitrine.input")) {
        self.monitor = monitor
        self.logger = logger
    }

    isolated deinit {
        monitor.stop()
    }

    /// Starts the monitor. When it cannot start, logs the error with its remedy and returns
    /// false: the devices present at start are read as before, and later ones are not seen.
    @discardableResult
    public func start() -> Bool {
        guard !isRunning else { return true }
        do throws(DeviceMonitorError) {
            try monitor.start { [weak self] changes in self?.handle(changes) }
        } catch {
            logger.error("hotplug: \(error)")
            return false
        }
        isRunning = true
        return true
    }

    /// Stops the monitor: no kind hears of a device again. What the kinds opened stays open
    /// (they close it themselves). Idempotent.
    public func stop() {
        monitor.stop()
        isRunning = false
    }

    /// Follows `kind`: from the next change on, devices it matches are opened and closed by it.
    /// A board follows each kind once.
    @discardableResult
    public func follow(_ kind: HotplugDeviceKind) -> Following {
        nextID += 1
        kinds.append((nextID, kind))
        return Following(id: nextID)
    }

    /// Stops following the kind `following` names; what it opened stays its own.
    public func unfollow(_ following: Following) {
        kinds.removeAll { $0.id == following.id }
    }

    /// Hands one batch of changes to the kinds, in order (what the monitor's handler does).
    package func handle(_ changes: [DeviceChange]) {
        for (index, change) in changes.enumerated() {
            switch change {
            case .added(let device):
                let removedAgain = changes[(index + 1)...].contains {
                    if case .removed(let later) = $0 { later.syspath == device.syspath } else { false }
                }
                if removedAgain {
                    logger.debug("hotplug: \(device) came and went at once; not opened")
                    continue
                }
                added(device)
            case .removed(let device):
                removed(device)
            }
        }
    }

    private func added(_ device: DeviceDescription) {
        for (_, kind) in kinds where kind.matches(device) {
            switch kind.open(device) {
            case .opened(let detail):
                logger.notice("hotplug: \(kind.name) \(device) plugged in: \(detail)")
            case .notThisKind:
                logger.debug("hotplug: \(device) is no \(kind.name) to open")
            case .gone:
                logger.info("hotplug: \(kind.name) \(device) went away before it could be opened")
            case .failed(let error):
                logger.error("hotplug: \(kind.name) \(device) was plugged in and cannot be read: \(error)")
            }
        }
    }

    private func removed(_ device: DeviceDescription) {
        for (_, kind) in kinds where kind.close(device) {
            logger.notice("hotplug: \(kind.name) \(device) unplugged")
        }
    }
}
