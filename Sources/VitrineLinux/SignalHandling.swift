import Glibc
import VitrineSeams

/// Ready-made answers to SIGINT, SIGTERM and SIGHUP, for `EpollMainLoop.signalHandler`.
///
/// A clean shutdown on a signal goes: the signal reaches the loop's signalfd; the handler runs
/// on the main actor, inside a turn; the loop stops; `Application.run()` returns and tells the
/// delegate `applicationWillTerminate`; `Application.main` calls the platform's `shutdown()`,
/// which restores the display (CRTC configuration, console mode). The loop's default (no
/// handler) is `stop`, which is all of that. A platform that must put something back at once,
/// before the app hears anything (for example a display that must not keep showing a frozen
/// frame), uses `shutdown(_:first:)`.
///
/// Signals arriving after the loop stopped are not read; the loop's `close()` drops them and
/// puts the signals' handling back as it found it.
@MainActor
public enum SignalHandling {
    /// Stops `loop`: under `Application.main`, a clean shutdown (the loop's default).
    public static func stop(_ loop: any MainLoop) -> @MainActor (Int32) -> Void {
        { [weak loop] _ in loop?.stop() }
    }

    /// Runs `first` with the signal's number (restore the display, log), then stops `loop`.
    /// `first` runs once: a second signal while shutting down only stops the loop again.
    public static func shutdown(_ loop: any MainLoop,
                                first: @escaping @MainActor (Int32) -> Void) -> @MainActor (Int32) -> Void {
        var hasRun = false
        return { [weak loop] signal in
            if !hasRun {
                hasRun = true
                first(signal)
            }
            loop?.stop()
        }
    }

    /// The conventional name of a signal number, for logs: "SIGTERM", or "signal 42".
    public nonisolated static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGQUIT: "SIGQUIT"
        case SIGUSR1: "SIGUSR1"
        case SIGUSR2: "SIGUSR2"
        default: "signal \(signal)"
        }
    }
}
