import Glibc
import KioskDemo
import Vitrine
import VitrineGraphics
import VitrineHeadless
import VitrineBoard
import VitrineLinux
import VitrineVNC

// `vitrine-demo --vnc view|control [--listen ADDR] [--vnc-password-file PATH]`: the kiosk served
// over VNC. On a DRM board it mirrors the panel; headless (the `virtual` profile or
// `--headless`) it runs live on the epoll loop with a virtual display that only the viewer sees,
// until SIGINT or SIGTERM. `--screen-png PATH` (for scripts/test) writes each presented scene
// to PATH, so a capture over VNC can be compared with the app's own picture.

/// Writes each presented scene to a PNG file (through a temporary file and a rename, so a
/// reader never sees half a picture).
@MainActor
final class ScenePNGWriter: FrameObserver {
    let path: String
    init(path: String) { self.path = path }

    func application(_ application: Application, didPresent scene: Surface, damage: Region, rotation: ScreenRotation) {
        let temporary = path + ".tmp"
        do throws(ImageError) {
            try scene.writePNG(to: temporary)
            rename(temporary, path)
        } catch {
            printError("vitrine-demo: cannot write \(path): \(error)")
        }
    }
}

/// Runs the kiosk with a VNC server of `options.vnc`: with no screen on the `virtual` profile or
/// with `--headless`, else on the profile's panel; 2 when it cannot start.
@MainActor
func runServed(_ profile: BoardProfile, options: DemoOptions) -> Int32 {
    let configuration = options.vnc
    let screenPNG = options.screenPNG
    let platform: BoardPlatform
    do throws(BoardPlatformError) {
        let screenless = options.headless || profile.display.backend == .virtual
        platform = try BoardPlatform(profile: profile, screen: screenless ? .screenless : .asProfileSays)
    } catch {
        printError("vitrine-demo: \(error)")
        return error.exitStatus
    }
    let server: VNCServer
    do throws(VNCServerError) {
        server = try VNCServer(configuration: configuration)
    } catch {
        printError("vitrine-demo: \(error)")
        platform.shutdown()
        return 2
    }
    let application = Application(platform: platform)
    let delegate = KioskDelegate(secondsOfDay: localSecondsOfDay())
    delegate.attractAfter = 60 // the promo video after a minute untouched, as on the panel
    application.delegate = delegate
    if let screenPNG { application.addFrameObserver(ScenePNGWriter(path: screenPNG)) }
    do throws(VNCServerError) {
        try server.start(on: application)
    } catch {
        printError("vitrine-demo: \(error)")
        platform.shutdown()
        return 2
    }
    print("vitrine-demo: VNC \(configuration.mode.rawValue) on \(configuration.listen) (vncviewer \(configuration.listen.host)::\(configuration.listen.port)); Ctrl-C or SIGTERM stops")
    fflush(nil)
    application.run()
    server.stop()
    platform.shutdown()
    return 0
}
