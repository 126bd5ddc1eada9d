import Glibc
import Testing
import Vitrine
import VitrineGraphics
import VitrineBoard
import VitrineHeadless
@testable import HelloKiosk

/// The app as a team tests its own: on the headless platform, with scripted touches and a
/// clock that moves only when the test says.
@MainActor
@Suite struct HelloKioskTests {
    /// The app launched on an 800×480 headless screen, its first frame shown.
    @MainActor struct Launched {
        let platform = HeadlessPlatform(mode: DisplayMode(width: 800, height: 480))
        let delegate = AppDelegate()
        let application: Application
        let hello: Hello

        init() throws {
            application = Application(platform: platform)
            application.delegate = delegate
            application.launch()
            platform.manualMainLoop.advance(by: 0.1)
            hello = try #require(delegate.window?.rootViewController as? Hello)
        }

        /// A finger down and up at `point` (screen points), and the frames after it.
        func tap(at point: Point) {
            platform.input.down(0, at: point)
            platform.input.frame()
            platform.manualMainLoop.advance(by: 0.05)
            platform.input.up(0)
            platform.input.frame()
            platform.manualMainLoop.advance(by: 0.5)
        }
    }

    @Test func aTapOnCheckInSaysCheckedIn() throws {
        let app = try Launched()
        #expect(app.hello.status.text == nil || app.hello.status.text == "")
        let presentedBefore = app.platform.virtualDisplay.presentCount
        // The button is at (40, 40), 300×80 points: a tap in its middle.
        app.tap(at: Point(x: 190, y: 80))
        #expect(app.hello.status.text == "Checked in")
        #expect(app.platform.virtualDisplay.presentCount > presentedBefore, "the new text reached the screen")
    }

    @Test func aTapBesideTheButtonDoesNothing() throws {
        let app = try Launched()
        app.tap(at: Point(x: 500, y: 300))
        #expect(app.hello.status.text != "Checked in")
    }

    // This app turns on none of Vitrine's optional parts (Package.swift): what it says when a
    // board profile or an image asks for one.

    @Test func aProfileAskingForTheRemoteViewIsRefusedWithItsLine() throws {
        let path = "/tmp/hello-kiosk-lobby-\(getpid()).toml"
        let file = try #require(fopen(path, "w"))
        fputs("[display]\nbackend = \"virtual\"\n[remote]\nvnc = \"view\"\n", file)
        fclose(file)
        defer { unlink(path) }
        let profile = try BoardSelector(arguments: ["app", "--board", path]).select().profile
        #expect(!OptionalPart.remoteView.isBuilt)
        do {
            let platform = try BoardPlatform(profile: profile, screen: .screenless, notifier: nil)
            platform.shutdown()
            Issue.record("the profile's [remote] was accepted by an app built without the remote view")
        } catch {
            #expect("\(error)".hasPrefix("\(path):3: [remote] asks for the remote view (VNC)"))
            #expect("\(error)".contains("traits: [\"RemoteView\"]"))
        }
    }

    @Test func anSVGSaysWhichTraitToAdd() {
        let svg = Array("<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'/>".utf8)
        #expect(throws: ImageError.formatNotBuilt(path: "icon.svg", format: .svg, trait: "SVG")) {
            _ = try ImageSource(data: svg, name: "icon.svg")
        }
    }
}
