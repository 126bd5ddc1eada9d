import Vitrine
import VitrineGraphics
import VitrineHeadless

// The demo kiosk on the headless virtual display, playing a scripted tour: what `scripts/demo`
// runs when no DRM device can be used (the embedded default). Each step reports what the frame
// that followed changed; the run fails (exit 1) if a step did not do what it should.

@MainActor
func runTour() -> Int32 {
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

    print(failures == 0 ? "tour passed: \(display.presentCount) frames presented"
                        : "tour FAILED: \(failures) step(s) did not do what they should")
    return failures == 0 ? 0 : 1
}

let status = MainActor.assumeIsolated { runTour() }
if status != 0 { fatalError("demo tour failed") }
