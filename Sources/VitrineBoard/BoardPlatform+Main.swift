import Glibc
import Logging
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineHeadless
import VitrineInput
import VitrineLinux

/// What `BoardPlatform.main` reads from an app's command line (anything else is left to the
/// app): `--window`, `--headless`, `--size WxH`, `--language TAG`, `--pseudo-language STYLE`
/// (and `--board`, read by `BoardSelector`). The language options replace the profile's
/// `[language]` keys of the same names.
public struct LaunchOptions: Sendable, Equatable {
    /// `--window`: run in a desktop window (the `Window` part).
    public var window = false
    /// `--headless`: run with no screen even where there is one.
    public var headless = false
    /// `--size WxH`: the window's screen in pixels instead of the profile's mode.
    public var size: DisplayMode?
    /// `--language TAG`: the language to start in (a BCP 47 tag such as `ar` or `pt-BR`).
    public var language: String?
    /// `--pseudo-language accented|right-to-left|both`: every translated string longer,
    /// accented and bounded, and/or the screens mirrored, to test translations before there are
    /// any.
    public var pseudoLanguage: BoardProfile.Language.Pseudo?

    /// No option: the screen is chosen for the machine.
    public init() {}

    /// Reads the options from `arguments` (the first is the program). Throws a message saying
    /// what is wrong when `--size` is not `WxH` or `--window` and `--headless` are both given.
    public init(arguments: [String]) throws(BoardPlatformError) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--window": window = true
            case "--headless": headless = true
            case "--size":
                let text = rest.popFirst() ?? ""
                let parts = text.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
                guard parts.count == 2, let width = parts[0], let height = parts[1],
                      (1...16384).contains(width), (1...16384).contains(height) else {
                    throw .window(reason: "--size \(text): give the window's screen as WxH pixels, for example --size 800x480")
                }
                size = DisplayMode(width: width, height: height)
            case "--language":
                let tag = rest.popFirst() ?? ""
                guard BoardProfile.Language.isLanguageTag(tag) else {
                    throw .launchOption(reason: "--language \(tag): give a BCP 47 language tag, for example --language ar or --language pt-BR")
                }
                language = tag
            case "--pseudo-language":
                let text = rest.popFirst() ?? ""
                guard let pseudo = BoardProfile.Language.Pseudo(rawValue: text) else {
                    throw .launchOption(reason: "--pseudo-language \(text): give "
                        + BoardProfile.Language.Pseudo.allCases.map(\.rawValue).joined(separator: ", ")
                        + " (longer accented strings, mirrored screens, or both)")
                }
                pseudoLanguage = pseudo
            default: continue
            }
        }
        if window && headless { throw .window(reason: "--window and --headless cannot both be given: choose one") }
    }
}

extension BoardPlatform {
    /// Where `main` runs an app: forced by `--headless` or `--window`; else in a window when
    /// the desktop is there (`WAYLAND_DISPLAY` or `DISPLAY` set) and the app was built with
    /// the window; else where the profile says (`drm`: the panel), and with no screen for the
    /// `virtual` profile.
    public static func chooseScreen(_ options: LaunchOptions, profile: BoardProfile, title: String,
                                    windowBuilt: Bool = OptionalPart.window.isBuilt,
                                    environment: (String) -> String?) -> Screen {
        let window = Screen.window(title: title, width: options.size?.width, height: options.size?.height)
        if options.headless { return .screenless }
        if options.window { return window }
        let desktop = [environment("WAYLAND_DISPLAY"), environment("DISPLAY")].contains { !($0 ?? "").isEmpty }
        if desktop && windowBuilt { return window }
        return profile.display.backend == .virtual ? .screenless : .asProfileSays
    }

    /// The one line an app with no screen says: how to see it, from what this build has.
    public static func screenlessHint(profile: BoardProfile, parts: [OptionalPart] = OptionalPart.built) -> String {
        var ways: [String] = []
        if parts.contains(.remoteView) {
            ways.append(profile.remote.mode == .off
                        ? "turn on the remote view ([remote] vnc = \"view\" in the board profile) and connect a VNC viewer"
                        : "connect a VNC viewer to \(profile.remote.listen)")
        } else {
            ways.append("build with the trait \"RemoteView\" and turn it on in the board profile ([remote] vnc = \"view\")")
        }
        ways.append(parts.contains(.window) ? "run it with --window on a desktop"
                                            : "build with the trait \"Window\" and run it on a desktop")
        return "no screen here: the app runs headless — to see it, " + ways.joined(separator: ", or ")
    }

    /// Runs an app on this machine, as its `main`: makes every log line journal-ready
    /// (`SystemdLogHandler`, unless `bootstrapsLogging` is false because the app did it),
    /// chooses the profile (`--board NAME|PATH`, `VITRINE_BOARD`, the device-tree model, …:
    /// see `BoardSelector`) and the screen (`chooseScreen`: a desktop window, the panel, or none),
    /// starts the backends, runs the application with `delegate` until it terminates (SIGTERM,
    /// SIGINT, the window closed), and shuts everything down, restoring the display.
    ///
    /// With no screen the app keeps running as a kiosk does, and one log line says how to see
    /// it (`screenlessHint`). When the panel cannot be used (no DRM device, permission) the app
    /// runs with no screen instead, saying why, unless it runs as a systemd service: there it
    /// fails, so that systemd logs the reason and retries. So does a desktop's window that
    /// cannot be opened, unless `--window` asked for it. `adjust` may change the chosen
    /// profile before anything starts (an app's own options). `arguments` are the command line
    /// `LaunchOptions` are read from (the profile's, `--board`, from `selector`).
    ///
    /// Returns the process's exit status: 0, or the `BoardPlatformError.exitStatus` of what
    /// stopped it from starting (after writing the error to the log).
    public static func main(delegate: any ApplicationDelegate, selector: BoardSelector = BoardSelector(),
                            arguments: [String] = CommandLine.arguments, title: String = "Vitrine",
                            bootstrapsLogging: Bool = true,
                            adjust: (inout BoardProfile) -> Void = { _ in }) -> Int32 {
        if bootstrapsLogging { SystemdLogHandler.bootstrap() }
        let logger = Logger(label: "vitrine.board")
        // This module links the toolkit, so the core must find it (VitrineCore/App/Toolkit.swift);
        // a release build whose linker dropped it would lose focus keys and the keyboard quietly.
        precondition(Application.toolkitType != nil,
                     "the toolkit (module Vitrine) is linked but the core did not find it by name: report this build of Vitrine as a bug")
        let environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }
        let platform: BoardPlatform
        do {
            let options = try LaunchOptions(arguments: arguments)
            let selection: BoardSelector.Selection
            do {
                selection = try selector.select()
            } catch {
                throw BoardPlatformError.profile(error)
            }
            var profile = selection.profile
            if let language = options.language { profile.language.default = language }
            if let pseudo = options.pseudoLanguage { profile.language.pseudo = pseudo }
            adjust(&profile)
            logger.info("board \(profile.name) (\(profile.path ?? "built in")): \(selection.reason)")
            let screen = chooseScreen(options, profile: profile, title: title, environment: environment)
            do throws(BoardPlatformError) {
                platform = try BoardPlatform(profile: profile, screen: screen, logger: logger)
            } catch {
                // The embedded default: without a usable panel (unless systemd runs the app,
                // which must fail so that it retries), or a window nobody asked for by name,
                // the app still runs, with no screen.
                let fallsBack = switch error {
                case .display: SystemdNotifier.fromEnvironment() == nil
                case .window: !options.window
                default: false
                }
                guard fallsBack else { throw error }
                logger.warning("\(error) — running with no screen instead")
                platform = try BoardPlatform(profile: profile, screen: .screenless, logger: logger)
            }
            if case .screenless = platform.backend { logger.notice("\(screenlessHint(profile: profile))") }
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
