import Glibc
import KioskDemo
import Vitrine
import VitrineBoard
import VitrineHeadless
import VitrineLinux
import VitrineVNC
import VitrineSDL
import VitrineSpeech

// `vitrine-demo`: the demo kiosk. The board profile (`--board NAME|PATH`, else VITRINE_BOARD,
// else the device-tree model, else `virtual` when there is no DRM device) says where it runs.
// On a DRM profile it runs full-screen until SIGINT or SIGTERM, which restore the screen. On
// the `virtual` profile, with `--headless`, or when the DRM device cannot be used, it plays the
// scripted tour on the headless display instead and writes each step's screen as a PNG into
// the frames folder (`--frames DIR`, default `demo-frames`); it exits 1 if a step misbehaves or
// a picture cannot be written, and 2, before playing, when the folder cannot be made or written.
// In a desktop session (DISPLAY or WAYLAND_DISPLAY), or with `--window`, it runs in a desktop
// window of the profile's screen (`--size WxH` to choose) until the window is closed (exit 0).

/// The demo's options; `--board` is read by `BoardSelector` from the same command line.
struct DemoOptions {
    var framesFolder = "demo-frames"
    var headless = false
    /// `--vnc view|control`, `--listen`, `--vnc-password-file`: the remote view (RemoteView.swift).
    var vnc = VNCConfiguration()
    var screenPNG: String?
    var window = false
    /// `--size WxH`: the window's screen in pixels instead of the profile's.
    var size: (width: Int, height: Int)?
    /// `--speech off|on|on-headphones`: the screen reader's speech instead of the profile's
    /// `[accessibility] speech` (on the panel and in the window).
    var speech: SpeechConfiguration.Mode?

    static let usage = """
        usage: vitrine-demo [--board NAME|PATH] [--headless | --window [--size WxH]] [--frames DIR]
                            [--vnc view|control [--listen ADDR] [--vnc-password-file PATH]]
                            [--speech off|on|on-headphones]
          --board NAME|PATH  the board profile (boards/NAME.toml, or a file); default: chosen for this machine
          --headless         play the scripted tour on the headless display even when a screen is there
          --window           run in a desktop window (X11 or XWayland) of the profile's screen
          --size WxH         the window's screen in pixels (default: the profile's mode)
          --frames DIR       where the tour writes its pictures (default: demo-frames)
          --vnc view|control serve the screen over VNC (headless: the live kiosk, seen only by the viewer)
          --listen ADDR      where VNC listens (default 127.0.0.1:5900; beyond loopback needs a password)
          --vnc-password-file PATH  the VNC password (first line)
          --speech MODE      the screen reader speaks: off, on, or on-headphones (while plugged in); panel or window
        """

    init(arguments: [String]) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--frames":
                guard let folder = rest.popFirst() else { Self.fail("--frames needs a folder") }
                guard !folder.isEmpty else { Self.fail(FramesFolderError.emptyPath.description) }
                framesFolder = folder
            case "--headless": headless = true
            case "--vnc":
                guard let value = rest.popFirst(), let mode = VNCMode(rawValue: value) else { Self.fail("--vnc needs view, control or off") }
                vnc.mode = mode
            case "--listen":
                guard let value = rest.popFirst(), let address = VNCListenAddress.parse(value) else {
                    Self.fail("--listen needs IPV4:PORT, e.g. 127.0.0.1:5900")
                }
                vnc.listen = address
            case "--vnc-password-file":
                guard let path = rest.popFirst() else { Self.fail("--vnc-password-file needs a file") }
                vnc.passwordFile = path
            case "--screen-png":
                guard let path = rest.popFirst() else { Self.fail("--screen-png needs a file") }
                screenPNG = path
            case "--window": window = true
            case "--speech":
                guard let value = rest.popFirst(), let mode = SpeechConfiguration.Mode(rawValue: value) else {
                    Self.fail("--speech needs off, on or on-headphones")
                }
                speech = mode
            case "--size":
                guard let text = rest.popFirst() else { Self.fail("--size needs WxH, for example 800x480") }
                let parts = text.split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, (1...16384).contains(parts[0]), (1...16384).contains(parts[1]) else {
                    Self.fail("--size \(text): give the window's screen as WxH pixels, for example 800x480")
                }
                size = (parts[0], parts[1])
            case "--board": _ = rest.popFirst()
            case "--help", "-h":
                print(Self.usage)
                exit(0)
            default:
                if argument.hasPrefix("--board=") { continue }
                Self.fail("unknown option \(argument)")
            }
        }
    }

    static func fail(_ message: String) -> Never {
        printError("vitrine-demo: \(message)\n\(usage)")
        exit(2)
    }
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// Plays the tour on the headless display of `profile`'s size (800×480 without one), after
/// checking that its pictures can be written into `framesFolder` (2 when they cannot).
@MainActor
func runTour(profile: BoardProfile?, framesFolder: String) -> Int32 {
    do throws(FramesFolderError) {
        try FramesFolder.prepare(framesFolder)
    } catch {
        printError("vitrine-demo: \(error)")
        return 2
    }
    let display = profile?.display
    let platform = HeadlessPlatform(mode: display?.virtualMode ?? DisplayMode(width: 800, height: 480),
                                    scale: display?.scale ?? 1, touchCapacity: profile?.touch.capacity ?? 10)
    let tour = KioskTour(platform: platform, framesFolder: framesFolder)
    print("vitrine-demo: playing the scripted tour on the headless display (\(platform.virtualDisplay.mode)); pictures go to \(framesFolder)/")
    tour.run()
    print(tour.report)
    return tour.passed ? 0 : 1
}

/// Where the demo runs.
enum DemoTarget: Equatable {
    /// The board's panel (DRM/KMS).
    case panel
    /// A desktop window (SDL2).
    case window
    /// The scripted tour on the headless display.
    case headless
}

/// The one place the demo chooses where it runs: `--headless` and `--window` force; else a
/// desktop session (`WAYLAND_DISPLAY` or `DISPLAY` set: the desktop owns the DRM device) gets
/// the window; else a DRM profile gets the panel; else the headless tour.
func chooseTarget(_ options: DemoOptions, profile: BoardProfile, environment: (String) -> String?) -> DemoTarget {
    if options.headless { return .headless }
    if options.window { return .window }
    let desktop = [environment("WAYLAND_DISPLAY"), environment("DISPLAY")].contains { !($0 ?? "").isEmpty }
    if desktop { return .window }
    return profile.display.backend == .virtual ? .headless : .panel
}

/// Runs the demo in a desktop window showing `profile`'s screen (or `size`); closing the
/// window ends it with 0. Falls back to the tour when no window can be opened.
@MainActor
func runWindow(profile: BoardProfile, options: DemoOptions) -> Int32 {
    var mode = profile.display.virtualMode
    if let size = options.size { mode = DisplayMode(width: size.width, height: size.height, refreshRate: mode.refreshRate) }
    let platform: SDLPlatform
    do {
        platform = try SDLPlatform(mode: mode, scale: profile.display.scale, rotation: profile.display.rotation,
                                   touchCapacity: profile.touch.capacity, keymap: profile.input.keymap,
                                   title: "Vitrine demo (\(profile.name))")
    } catch {
        print("vitrine-demo: no window — \(error)\nvitrine-demo: playing the tour headless instead")
        return runTour(profile: profile, framesFolder: options.framesFolder)
    }
    print("vitrine-demo: in a window of \(platform.sdlDisplay.mode) at scale \(platform.screenScale); close it to quit")
    let speaking: any Platform = profile.speech.mode == .off ? platform : SpeakingPlatform(platform, configuration: profile.speech)
    Application.main(platform: speaking, delegate: KioskDelegate(secondsOfDay: localSecondsOfDay()))
    let loop = platform.epollMainLoop
    print("vitrine-demo: window closed after \(loop.turns) loop turns, \(loop.wakeUps) wake-ups")
    return 0
}

let options = DemoOptions(arguments: CommandLine.arguments)
// Log lines carry the journal's priority prefixes when systemd runs the demo as the kiosk.
SystemdLogHandler.bootstrap()
let status = MainActor.assumeIsolated { () -> Int32 in
    let selection: BoardSelector.Selection
    do {
        selection = try BoardSelector().select()
    } catch {
        printError("vitrine-demo: \(error)")
        return 2
    }
    var profile = selection.profile
    if let speech = options.speech { profile.speech.mode = speech }
    print("vitrine-demo: board \(profile.name) (\(selection.reason))")
    if options.vnc.mode != .off && (options.headless || profile.display.backend == .virtual) {
        do {
            let platform = try RemoteViewPlatform(mode: profile.display.virtualMode, scale: profile.display.scale)
            return runServed(platform: platform, configuration: options.vnc, screenPNG: options.screenPNG)
        } catch {
            printError("vitrine-demo: \(error)")
            return 2
        }
    }
    switch chooseTarget(options, profile: profile, environment: { getenv($0).map { String(cString: $0) } }) {
    case .headless: return runTour(profile: profile, framesFolder: options.framesFolder)
    case .window: return runWindow(profile: profile, options: options)
    case .panel: break
    }
    let platform: BoardPlatform
    do throws(BoardPlatformError) {
        platform = try BoardPlatform(profile: profile)
    } catch {
        if SystemdNotifier.fromEnvironment() != nil {
            // Run as the kiosk's service: a headless tour would never report ready, and systemd
            // would restart it forever. Fail with the reason; systemd logs it and retries.
            printError("vitrine-demo: \(error)")
            return error.exitStatus
        }
        // The embedded default: without a usable screen the demo still shows what it does.
        print("vitrine-demo: the screen cannot be used — \(error)\nvitrine-demo: playing the tour headless instead")
        return runTour(profile: nil, framesFolder: options.framesFolder)
    }
    print("vitrine-demo: \(platform.statusLine); Ctrl-C or SIGTERM restores the screen")
    if options.vnc.mode != .off {
        return runServed(platform: platform, configuration: options.vnc, screenPNG: options.screenPNG)
    }
    Application.main(platform: platform, delegate: KioskDelegate(secondsOfDay: localSecondsOfDay()))
    return 0
}
exit(status)
