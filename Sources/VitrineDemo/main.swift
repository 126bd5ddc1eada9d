import Glibc
import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineHeadless

// The demo kiosk. With a usable DRM device (and no `--headless`) it runs full-screen there
// until SIGINT/SIGTERM, which restore the screen. Otherwise it runs on the headless virtual
// display (the embedded default) and plays a scripted tour: each step reports what the frame
// that followed changed and writes the screen as a PNG into the frames folder
// (`--frames DIR`, default `demo-frames`); the run fails (exit 1) if a step misbehaves.

/// `--frames DIR`, `--headless`: the demo's two options.
struct DemoOptions {
    var framesFolder = "demo-frames"
    var headless = false

    init(arguments: [String]) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--frames": if let folder = rest.popFirst() { framesFolder = folder }
            case "--headless": headless = true
            default:
                print("vitrine-demo: unknown option \(argument) — options: --headless, --frames DIR")
                exit(2)
            }
        }
    }
}

/// Runs the kiosk full-screen on the first DRM device with a connected screen; returns false
/// (after saying why) when there is none that can be used.
@MainActor
func runOnDRM() -> Bool {
    let platform: DRMPlatform
    do {
        platform = try DRMPlatform()
    } catch {
        print("vitrine-demo: no usable DRM display (\(error)) — running headless instead")
        return false
    }
    print("vitrine-demo: running on \(platform.drmDisplay.mode); Ctrl-C or SIGTERM restores the screen")
    Application.main(platform: platform, delegate: KioskDelegate())
    return true
}

@MainActor
func runTour(framesFolder: String) -> Int32 {
    let platform = HeadlessPlatform(mode: DisplayMode(width: 800, height: 480))
    let application = Application(platform: platform)
    let delegate = KioskDelegate()
    var events: [String] = []
    delegate.log = { events.append($0) }
    application.delegate = delegate
    application.launch()
    let loop = platform.manualRunLoop
    let input = platform.input
    let display = platform.virtualDisplay
    var failures = 0
    var presentsSeen = 0
    var frameNumber = 0
    mkdir(framesFolder, 0o755)

    func report(_ step: String, expect ok: Bool) {
        let newDamage = display.presentedDamage.dropFirst(presentsSeen).flatMap { $0.rects }
        let frames = display.presentCount - presentsSeen
        presentsSeen = display.presentCount
        let area = newDamage.reduce(0) { $0 + $1.area }
        let time = (loop.manualClock.now * 100).rounded() / 100
        print("t=\(time)s  \(step)")
        for line in events { print("          \(line)") }
        events.removeAll()
        print("          frames presented: \(frames), damaged pixels: \(area)\(ok ? "" : "   ✘ unexpected")")
        if !ok { failures += 1 }
        // The screen as the user sees it: the scene the last frame was composed into.
        if let scene = application.compositor?.scene {
            frameNumber += 1
            let path = framesFolder + "/" + (frameNumber < 10 ? "0" : "") + "\(frameNumber).png"
            do { try scene.writePNG(to: path) } catch { print("          could not write \(path): \(error)"); failures += 1 }
        }
    }

    func tap(_ point: Point) {
        input.down(0, at: point)
        input.frame()
        loop.advance(by: 0.08)
        input.up(0)
        input.frame()
        loop.advance(by: 0.5)
    }

    loop.advance(by: 0.1)
    report("launched: welcome screen", expect: display.presentCount >= 1)

    let before = delegate.welcome.clock.drawCount
    loop.advance(by: 3)
    let clockFrame = delegate.welcome.clock.convert(delegate.welcome.clock.bounds, to: nil)
    let onlyClock = display.presentedDamage.dropFirst(presentsSeen).allSatisfy { $0 == Region(covering: clockFrame) }
    report("3 s idle: the clock redrew \(delegate.welcome.clock.drawCount - before) times, nothing else",
           expect: onlyClock && delegate.welcome.clock.drawCount - before == 3)

    let checkIn = delegate.welcome.buttons[0]
    tap(checkIn.convert(Point(x: checkIn.bounds.midX, y: checkIn.bounds.midY), to: nil))
    report("tap \"Check in\"", expect: delegate.welcome.presentedViewController is DetailController)

    input.down(0, at: Point(x: 100, y: 300))
    input.frame()
    for step in 1...6 {
        loop.advance(by: 0.02)
        input.move(0, to: Point(x: 100 + Double(step) * 40, y: 302))
        input.frame()
    }
    input.up(0)
    input.frame()
    loop.advance(by: 0.5)
    report("swipe right on the detail screen", expect: delegate.welcome.presentedViewController == nil)

    let help = delegate.welcome.buttons[2]
    tap(help.convert(Point(x: help.bounds.midX, y: help.bounds.midY), to: nil))
    report("tap \"Help\"", expect: events.contains { $0.contains("callForHelp") })

    tap(checkIn.convert(Point(x: checkIn.bounds.midX, y: checkIn.bounds.midY), to: nil))
    application.sendMotion(.motionShake, phase: .began, timestamp: loop.manualClock.now)
    loop.advance(by: 0.6)
    application.sendMotion(.motionShake, phase: .ended, timestamp: loop.manualClock.now)
    loop.advance(by: 0.1)
    report("tap \"Check in\", then shake", expect: delegate.welcome.presentedViewController == nil)

    input.down(0, at: Point(x: 400, y: 200))
    input.frame()
    loop.advance(by: 0.1)
    input.toggle(.lid, isOn: true)
    loop.advance(by: 0.1)
    report("finger down, lid closed", expect: application.touchPool.activeCount == 0)

    let turnsBefore = loop.turnCount
    delegate.applicationWillTerminate(application)
    loop.advance(by: 5)
    report("5 s with nothing happening and the clock stopped: \(loop.turnCount - turnsBefore) wake-ups",
           expect: loop.turnCount == turnsBefore)

    print("frames written to \(framesFolder)/")
    print(failures == 0 ? "tour passed: \(display.presentCount) frames presented"
                        : "tour FAILED: \(failures) step(s) did not do what they should")
    return failures == 0 ? 0 : 1
}

let options = DemoOptions(arguments: CommandLine.arguments)
let status = MainActor.assumeIsolated { () -> Int32 in
    if !options.headless, access("/dev/dri", F_OK) == 0, runOnDRM() { return 0 }
    return runTour(framesFolder: options.framesFolder)
}
exit(status)
