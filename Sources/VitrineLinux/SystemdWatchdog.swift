import Glibc
import Logging
import VitrineSeams

/// Feeds systemd's watchdog (`WatchdogSec=` in the unit) from the run loop: a repeating
/// `LoopTimer` sends `WATCHDOG=1` every half timeout. A timer fires only when the loop turns, so
/// the pings stop when the main thread hangs (a handler that never returns, a deadlock), and
/// systemd then kills and restarts the app (`Restart=always`), as the watchdog is meant to.
///
/// Without a watchdog (no `WATCHDOG_USEC`, or not for this process) `start` returns nil and
/// no timer exists: an idle app still wakes up zero times.
@MainActor
public final class SystemdWatchdog {
    /// systemd's timeout, in seconds: without a ping for this long the service is restarted.
    public let timeout: Double
    /// Seconds between pings: half the timeout.
    public var pingInterval: Double { timeout / 2 }
    /// Pings sent so far.
    public private(set) var pings = 0
    /// Whether the timer is armed.
    public var isRunning: Bool { timer?.isValid ?? false }

    private let notifier: SystemdNotifier
    private let logger: Logger
    private var timer: LoopTimer?
    private var hasLoggedFailure = false

    /// The watchdog timeout systemd set for this process, in seconds, read as
    /// sd_watchdog_enabled(3) reads it: `WATCHDOG_USEC`, a positive count of microseconds, when
    /// `WATCHDOG_PID` is absent or names `processID`. Nil when there is none or either is not a
    /// number. `environment` looks a variable up (the process's environment by default).
    public nonisolated static func timeoutFromEnvironment(_ environment: (String) -> String? = SystemdEnvironment.process,
                                                          processID: Int32 = getpid()) -> Double? {
        guard let text = environment("WATCHDOG_USEC"), let microseconds = UInt64(text), microseconds > 0 else { return nil }
        if let pid = environment("WATCHDOG_PID") {
            guard let owner = Int32(pid), owner == processID else { return nil }
        }
        return Double(microseconds) / 1_000_000
    }

    /// Starts feeding the watchdog systemd asked for, through `notifier`, on `mainLoop`; nil
    /// (and nothing armed) when there is no notifier or systemd asked for no watchdog.
    public static func start(notifier: SystemdNotifier?, mainLoop: any MainLoop,
                             logger: Logger = Logger(label: "vitrine.systemd")) -> SystemdWatchdog? {
        guard let notifier, let timeout = timeoutFromEnvironment() else { return nil }
        return SystemdWatchdog(notifier: notifier, timeout: timeout, mainLoop: mainLoop, logger: logger)
    }

    /// Feeds a watchdog of `timeout` seconds through `notifier`: pings every `timeout / 2`
    /// seconds on `mainLoop` (with a tolerance of an eighth of the timeout, so the loop may
    /// coalesce the wake-up with others and a ping still lands well before the timeout).
    public init(notifier: SystemdNotifier, timeout: Double, mainLoop: any MainLoop,
                logger: Logger = Logger(label: "vitrine.systemd")) {
        precondition(timeout > 0, "a watchdog timeout must be positive")
        self.timeout = timeout
        self.notifier = notifier
        self.logger = logger
        timer = LoopTimer.scheduled(on: mainLoop, after: timeout / 2, repeats: true, tolerance: timeout / 8) { [weak self] _ in
            self?.ping()
        }
    }

    /// Sends one `WATCHDOG=1` now. A failure is logged once (systemd will restart the app if
    /// it keeps failing).
    public func ping() {
        do {
            try notifier.watchdogAlive()
            pings += 1
        } catch {
            guard !hasLoggedFailure else { return }
            hasLoggedFailure = true
            logger.error("systemd watchdog: \(error)")
        }
    }

    /// Stops pinging (before a clean shutdown: systemd is told `STOPPING=1` separately).
    public func stop() {
        timer?.invalidate()
        timer = nil
    }
}
