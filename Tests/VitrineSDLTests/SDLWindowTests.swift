import CSDL2
import Glibc
import Testing
import Vitrine
import VitrineGraphics
import VitrineLinux
import VitrineTestSupport
@testable import VitrineSDL

/// The folder of the demo's reference images (the headless renders): Tests/KioskDemoTests/Goldens.
private func kioskGoldens(_ filePath: String = #filePath) -> String {
    var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/KioskDemoTests/Goldens"
}

/// The folder the test binary is in, where `swift build` puts `vitrine-demo` too.
private func buildFolder() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return ".build/debug" }
    var path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    while let last = path.last, last != "/" { path.removeLast() }
    // The test bundle may be a folder (name.xctest/…) on some toolchains: climb out of it.
    if let bundle = path.split(separator: "/").firstIndex(where: { $0.hasSuffix(".xctest") }) {
        path = "/" + path.split(separator: "/")[..<bundle].joined(separator: "/") + "/"
    }
    return path
}

/// Why the window tests cannot run here, or nil when they can.
private let missingTools: String? = {
    let tools = ["Xvfb", "xdotool", "xwd"].filter { !Xvfb.has($0) }
    return tools.isEmpty ? nil : "\(tools.joined(separator: ", ")) missing: apt-get install xvfb xdotool x11-apps (scripts/test does)"
}()

/// A view that records where its touches began and ended (points, in itself).
@MainActor
private final class TouchRecorder: View {
    var began: [Point] = []
    var ended: [Point] = []
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        began += touches.map { $0.location(in: self) }
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        ended += touches.map { $0.location(in: self) }
    }
}

/// The desktop window under a private Xvfb. Each test says it is skipped, and why, when Xvfb,
/// xdotool or xwd is missing.
@Suite(.serialized, .enabled(if: missingTools == nil, "\(missingTools ?? "")"))
@MainActor
struct SDLWindowTests {
    /// With the window open and nothing changing, the run loop sleeps: between two timers of
    /// the test 2 s apart the loop wakes only for the second. A resize of the window reaches
    /// the app through `modeDidChange` (the screen and its window take the new size), and the
    /// next present copies the whole new scene.
    @Test func anIdleWindowWakesTheLoopForNothingAndAResizeChangesTheScreen() throws {
        guard let server = Xvfb.start() else {
            Issue.record("Xvfb did not start")
            return
        }
        defer { server.stop() }
        setenv("DISPLAY", server.display, 1)
        let platform = try SDLPlatform(mode: DisplayMode(width: 320, height: 240), title: "idle test")
        let application = Application(platform: platform)
        let window = Window(frame: application.screen.bounds)
        let swatch = View(frame: window.bounds)
        swatch.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.8)
        swatch.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(swatch)
        window.makeKeyAndVisible(in: application)
        let loop = platform.epollMainLoop
        var wakeUpsAtStart = 0, idleWakeUps = -1
        var sizeAfterResize: Size?
        LoopTimer.scheduled(on: loop, after: 1) { _ in wakeUpsAtStart = loop.wakeUps }
        LoopTimer.scheduled(on: loop, after: 3) { _ in
            idleWakeUps = loop.wakeUps - wakeUpsAtStart - 1   // less this timer's own wake-up
            SDL_SetWindowSize(platform.sdlDisplay.window, 400, 300)
        }
        LoopTimer.scheduled(on: loop, after: 4) { _ in
            sizeAfterResize = application.screen.nativeSize
            application.terminate()
        }
        let watchdog = LoopTimer.scheduled(on: loop, after: 10) { _ in application.terminate() }
        application.run()
        watchdog.invalidate()
        #expect(platform.sdlDisplay.presentCount >= 1)
        #expect(idleWakeUps == 0, "the loop woke \(idleWakeUps) times in 2 s of an idle window")
        #expect(sizeAfterResize == Size(width: 400, height: 300))
        #expect(platform.sdlDisplay.mode.width == 400 && platform.sdlDisplay.mode.height == 300)
        #expect(window.bounds.size == Size(width: 400, height: 300))
        #expect(application.statistics.lastPresentedDamage == Region(PixelRect(x: 0, y: 0, width: 400, height: 300)))
        platform.shutdown()
        unsetenv("DISPLAY")
    }

    /// The mouse is one finger; a Ctrl-drag adds a second one mirrored around the window's
    /// centre (xdotool drives the real X server; positions at scale 2 are window pixels / 2).
    @Test func theMouseIsOneFingerAndACtrlDragAddsAMirroredSecond() throws {
        guard let server = Xvfb.start() else {
            Issue.record("Xvfb did not start")
            return
        }
        defer { server.stop() }
        setenv("DISPLAY", server.display, 1)
        defer { unsetenv("DISPLAY") }
        let platform = try SDLPlatform(mode: DisplayMode(width: 400, height: 200), scale: 2, title: "touch test")
        let application = Application(platform: platform)
        let window = Window(frame: application.screen.bounds)
        let recorder = TouchRecorder(frame: window.bounds)
        recorder.isMultipleTouchEnabled = true
        window.addSubview(recorder)
        window.makeKeyAndVisible(in: application)
        let loop = platform.epollMainLoop
        let id = "\(vitrine_sdl_x11_window(platform.sdlDisplay.window))"
        var drivers: [Child] = []
        LoopTimer.scheduled(on: loop, after: 0.5) { _ in
            // One plain click at (100, 60) pixels, then a Ctrl-drag from (80, 40) to (120, 50).
            if let child = Child.spawn(["xdotool", "mousemove", "--window", id, "100", "60", "click", "1",
                                        "sleep", "0.2", "mousemove", "--window", id, "80", "40", "keydown", "ctrl",
                                        "mousedown", "1", "mousemove", "--window", id, "120", "50",
                                        "mouseup", "1", "keyup", "ctrl"], environment: ["DISPLAY": server.display]) {
                drivers.append(child)
            }
        }
        LoopTimer.scheduled(on: loop, after: 2.5) { _ in application.terminate() }
        application.run()
        drivers.forEach { _ = $0.wait(atMost: 5) }
        platform.shutdown()
        #expect(recorder.began.first == Point(x: 50, y: 30))
        // The Ctrl-drag: (40, 20) points and its mirror (200 − 40, 100 − 20) began together,
        // and ended at (60, 25) and (140, 75).
        #expect(recorder.began.dropFirst() .sorted { $0.x < $1.x } == [Point(x: 40, y: 20), Point(x: 160, y: 80)])
        #expect(recorder.ended.dropFirst().sorted { $0.x < $1.x } == [Point(x: 60, y: 25), Point(x: 140, y: 75)])
    }

    /// The demo in a window: a click on "Check in" (xdotool) shows the check-in form with the
    /// on-screen keyboard up, which the window shows pixel for pixel as the headless display
    /// renders it (the golden of the tour, KioskDemoTests/Goldens/checkin.png); WM_DELETE_WINDOW (a window manager's close
    /// button) ends it with 0, and so does the window being destroyed (xdotool windowclose).
    @Test func theDemoInAWindowMatchesTheHeadlessRenderAndClosesCleanly() throws {
        let demo = buildFolder() + "vitrine-demo"
        guard access(demo, X_OK) == 0 else {
            Issue.record("\(demo) is missing: swift build --product vitrine-demo")
            return
        }
        guard let server = Xvfb.start() else {
            Issue.record("Xvfb did not start")
            return
        }
        defer { server.stop() }
        let environment = ["DISPLAY": server.display]
        for closing in ["WM_DELETE_WINDOW", "windowclose"] {
            let child = try #require(Child.spawn([demo, "--window", "--board", "virtual"], environment: environment))
            let found = Child.run(["timeout", "20", "xdotool", "search", "--sync", "--name", "Vitrine demo"], environment: environment)
            let windowID = try #require(found.flatMap { UInt($0.output.split(separator: "\n").first ?? "") })
            if closing == "WM_DELETE_WINDOW" {
                // "Check in" is the first button (40, 120, 348×96 points at scale 1).
                _ = Child.run(["xdotool", "mousemove", "--window", "\(windowID)", "214", "168", "click", "1"],
                              environment: environment)
                let reference = kioskGoldens() + "/checkin.png"
                var result = GoldenResult.failed("no capture")
                // The form slides up, then the keyboard: capture until both have settled and the
                // caret blinks as in the golden (it blinks every 0.5 s; at most 5 s).
                for _ in 0..<25 where !result.passed {
                    usleep(200_000)
                    let path = "/tmp/vitrine-sdl-test-\(getpid()).xwd"
                    _ = Child.run(["xwd", "-silent", "-id", "\(windowID)", "-out", path], environment: environment)
                    defer { unlink(path) }
                    guard let surface = readFile(path).flatMap(readXWD) else { continue }
                    // Never record over the headless golden from a window capture.
                    result = Golden.isRecording ? .failed("recording: not compared")
                                                : Golden.compare(surface, toReference: reference)
                }
                #expect(result.passed, "\(result)")
                #expect(sendDeleteWindow(display: server.display, window: windowID))
            } else {
                _ = Child.run(["xdotool", "windowclose", "\(windowID)"], environment: environment)
            }
            #expect(child.wait(atMost: 10) == 0, "closing by \(closing)")
        }
    }
}
