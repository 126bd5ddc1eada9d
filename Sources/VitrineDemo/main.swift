import Glibc
import KioskDemo
import Vitrine
import VitrineBoard
import VitrineHeadless
import VitrineLinux

// `vitrine-demo`: the demo kiosk, started as every Vitrine app is, by `BoardPlatform.main`:
// the board profile (`--board NAME|PATH`, else VITRINE_BOARD, else the device-tree model, else
// `virtual` when there is no DRM device) and the screen (`--window`, `--headless`, else a desktop
// window in a desktop session, else the panel of a DRM profile, else none) say where it runs,
// until SIGINT, SIGTERM or the window closes, which restore the screen. With no screen it keeps
// running and says how to see it.
//
// `--tour` (or `--frames DIR`) plays the scripted tour on the headless display instead and writes
// each step's screen as a PNG into the frames folder (default `demo-frames`); it exits 1 if a
// step misbehaves or a picture cannot be written, and 2, before playing, when the folder cannot
// be made or written. `--vnc view|control` serves the kiosk over VNC (RemoteView.swift).

/// The demo's options; `--board` is read by `BoardSelector` from the same command line.
struct DemoOptions {
    var framesFolder = "demo-frames"
    /// `--tour` or `--frames`: play the scripted tour on the headless display.
    var tour = false
    /// `--headless`: no screen (read by `BoardPlatform.main` too).
    var headless = false
    /// `--vnc view|control`, `--listen`, `--vnc-password-file`: the remote view (RemoteView.swift).
    var vnc = VNCConfiguration()
    var screenPNG: String?
    /// `--speech off|on|on-headphones`: the screen reader's speech instead of the profile's
    /// `[accessibility] speech` (on the panel and in the window).
    var speech: SpeechConfiguration.Mode?

    static let usage = """
        usage: vitrine-demo [--board NAME|PATH] [--headless | --window [--size WxH]] [--tour [--frames DIR]]
                            [--vnc view|control [--listen ADDR] [--vnc-password-file PATH]]
                            [--speech off|on|on-headphones]
          --board NAME|PATH  the board profile (boards/NAME.toml, or a file); default: chosen for this machine
          --headless         run with no screen even when one is there (see it over VNC)
          --window           run in a desktop window (X11 or XWayland) of the profile's screen
          --size WxH         the window's screen in pixels (default: the profile's mode)
          --tour             play the scripted tour on the headless display and write its pictures
          --frames DIR       where the tour writes its pictures (default: demo-frames); implies --tour
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
                tour = true
            case "--tour": tour = true
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
            case "--window": continue
            case "--speech":
                guard let value = rest.popFirst(), let mode = SpeechConfiguration.Mode(rawValue: value) else {
                    Self.fail("--speech needs off, on or on-headphones")
                }
                speech = mode
            case "--size": _ = rest.popFirst()   // read by BoardPlatform.main
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

let options = DemoOptions(arguments: CommandLine.arguments)
// Log lines carry the journal's priority prefixes when systemd runs the demo as the kiosk.
SystemdLogHandler.bootstrap()
let status = MainActor.assumeIsolated { () -> Int32 in
    if options.tour || options.vnc.mode != .off {
        let profile: BoardProfile
        do {
            profile = try BoardSelector().select().profile
        } catch {
            printError("vitrine-demo: \(error)")
            return 2
        }
        if options.tour { return runTour(profile: profile, framesFolder: options.framesFolder) }
        return runServed(profile, options: options)
    }
    let kiosk = KioskDelegate(secondsOfDay: localSecondsOfDay())
    // A minute untouched on the welcome screen plays the promo video (the attract loop).
    kiosk.attractAfter = 60
    return BoardPlatform.main(delegate: kiosk, title: "Vitrine demo",
                              bootstrapsLogging: false) { profile in
        if let speech = options.speech { profile.speech.mode = speech }
        // The demo's own String Catalog, unless the profile names translations: `--language ar`
        // then starts it in Arabic.
        if profile.language.translations == nil { profile.language.translations = KioskTranslations.folder() }
    }
}
exit(status)
