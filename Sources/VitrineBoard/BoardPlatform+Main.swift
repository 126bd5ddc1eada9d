import Glibc
import Logging
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineHeadless
import VitrineInput
import VitrineLinux

extension BoardPlatform {
    /// Runs an app on this board, as its `main`: makes every log line journal-ready
    /// (`SystemdLogHandler`, unless `bootstrapsLogging` is false because the app did it),
    /// chooses the profile (`--board NAME|PATH`, `VITRINE_BOARD`, the device-tree model, …:
    /// see `BoardSelector`), starts the backends, runs the application with `delegate` until it
    /// terminates (SIGTERM, SIGINT), and shuts everything down.
    ///
    /// Returns the process's exit status: 0, or the `BoardPlatformError.exitStatus` of what
    /// stopped it from starting (after writing the error to the log).
    public static func main(delegate: any ApplicationDelegate, selector: BoardSelector = BoardSelector(),
                            bootstrapsLogging: Bool = true) -> Int32 {
        if bootstrapsLogging { SystemdLogHandler.bootstrap() }
        let logger = Logger(label: "vitrine.board")
        let platform: BoardPlatform
        do {
            let selection: BoardSelector.Selection
            do {
                selection = try selector.select()
            } catch {
                throw BoardPlatformError.profile(error)
            }
            logger.info("board \(selection.profile.name) (\(selection.profile.path ?? "built in")): \(selection.reason)")
            platform = try BoardPlatform(profile: selection.profile, logger: logger)
        } catch let error as BoardPlatformError {
            logger.critical("\(error)")
            return error.exitStatus
        } catch {
            logger.critical("\(error)")
            return 1
        }
        logger.info("\(platform.statusLine)")
        Application.main(platform: platform, delegate: delegate)
        return 0
    }
}
