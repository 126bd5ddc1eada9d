import CSDL2
import Glibc
import Testing
import Vitrine
import VitrineGraphics
import VitrineInput
import VitrineLinux
@testable import VitrineSDL

/// Why these tests cannot run here, or nil when they can.
private let missingTools: String? = {
    let tools = ["Xvfb", "xdotool"].filter { !Xvfb.has($0) }
    return tools.isEmpty ? nil : "\(tools.joined(separator: ", ")) missing: apt-get install xvfb xdotool (scripts/test does)"
}()

/// Keys in the desktop window under a private Xvfb (ring 2b): they go through xkbcommon with
/// the profile's keymap, as libinput's keys on the panel.
@Suite(.serialized, .enabled(if: missingTools == nil, "\(missingTools ?? "")"))
@MainActor
struct SDLWindowKeyTests {
    /// The X server has a US layout and the profile a German one: xdotool presses the keys
    /// that type z, y, `[` and `"` on the US layout, then `=` and `e`. The field gets what
    /// those keys type on a German keyboard — Y and Z swapped, ü, Ä, and é composed from the
    /// dead acute accent — because the key codes, not the desk's characters, go through the
    /// profile's keymap.
    @Test func keysTypeWhatTheProfilesKeymapSaysNotTheDesksLayout() throws {
        guard let server = Xvfb.start() else {
            Issue.record("Xvfb did not start")
            return
        }
        defer { server.stop() }
        setenv("DISPLAY", server.display, 1)
        defer { unsetenv("DISPLAY") }
        let platform = try SDLPlatform(mode: DisplayMode(width: 320, height: 120), keymap: KeymapNames(layout: "de"),
                                       title: "keys test")
        let application = Application(platform: platform)
        let window = Window(frame: application.screen.bounds)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        field.autocapitalizationType = .none
        window.addSubview(field)
        window.makeKeyAndVisible(in: application)
        #expect(field.becomeFirstResponder())
        #expect(!application.isHardwareKeyboardAttached, "no key yet: the on-screen keyboard may show")
        let loop = platform.epollMainLoop
        let id = "\(vitrine_sdl_x11_window(platform.sdlDisplay.window))"
        var drivers: [Child] = []
        LoopTimer.scheduled(on: loop, after: 0.3) { _ in
            if let child = Child.spawn(["xdotool", "windowfocus", "--sync", id, "key", "--delay", "30",
                                        "z", "y", "bracketleft", "shift+apostrophe", "equal", "e"],
                                       environment: ["DISPLAY": server.display]) {
                drivers.append(child)
            }
        }
        LoopTimer.scheduled(on: loop, after: 2) { _ in application.terminate() }
        application.run()
        drivers.forEach { _ = $0.wait(atMost: 5) }
        platform.shutdown()
        #expect(field.text == "yzüÄé")
        #expect(application.isHardwareKeyboardAttached, "the desk's first key attached its keyboard")
    }
}
